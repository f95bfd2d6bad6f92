func.func public @main(%arg0: tensor<32x8xf32> loc("params['embed']"), %arg1: tensor<2xi32> loc("ids")) -> tensor<2x32xf32> {
  %0 = stablehlo.reshape %arg1 : (tensor<2xi32>) -> tensor<2x1xi32>
  %1 = "stablehlo.gather"(%arg0, %0) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8>}> : (tensor<32x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  %2 = stablehlo.tanh %1 : tensor<2x8xf32>
  %3 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<32x8xf32>) -> tensor<8x32xf32>
  %4 = stablehlo.dot_general %2, %3, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x32xf32>) -> tensor<2x32xf32> loc("jit(f)/lm_head")
  return %4 : tensor<2x32xf32>
}
