// A tied embedding read two ways: rows looked up by id (`table[ids]`) and
// the whole table as the output projection (`x @ table.T`). Both the
// looked-up rows and the logits are results, so a rewrite that reads a wrong
// row shows. The numeric test also feeds out-of-range ids: by the StableHLO
// spec gather clamps them, and a rewrite that computes new indices clamps
// them first (tests/numeric_precision.rs).
func.func public @main(%arg0: tensor<64x16xf32> loc("params['embed']"), %arg1: tensor<6xi32> loc("ids")) -> (tensor<6x16xf32>, tensor<6x64xf32>) {
  %0 = stablehlo.reshape %arg1 : (tensor<6xi32>) -> tensor<6x1xi32>
  %1 = "stablehlo.gather"(%arg0, %0) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 16>}> : (tensor<64x16xf32>, tensor<6x1xi32>) -> tensor<6x16xf32>
  %2 = stablehlo.tanh %1 : tensor<6x16xf32>
  %3 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %4 = stablehlo.dot_general %2, %3, contracting_dims = [1] x [0] : (tensor<6x16xf32>, tensor<16x64xf32>) -> tensor<6x64xf32> loc("jit(f)/lm_head")
  return %1, %4 : tensor<6x16xf32>, tensor<6x64xf32>
}
