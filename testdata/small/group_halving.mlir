// A 4-bit weight whose contraction (96) is not a multiple of the group asked
// for (64): int8-weights{bits=4} uses groups of 32 and says so.
func.func @main(%w: tensor<96x8xf32>, %x: tensor<1x96xf32>) -> tensor<1x8xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<1x96xf32>, tensor<96x8xf32>) -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}
