func.func public @main(%arg0: tensor<3x3x3x8xf32> loc("params['conv']"), %arg1: tensor<1x8x8x3xf32> loc("x")) -> tensor<1x8x8x8xf32> {
  %0 = stablehlo.convolution(%arg1, %arg0) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x8x8x8xf32> loc("jit(f)/conv_general_dilated")
  return %0 : tensor<1x8x8x8xf32>
}
