func.func public @main(%arg0: tensor<8x4xf32> loc("params['w']"), %arg1: tensor<2x4x3xf32> loc("params['batched']"), %arg2: tensor<2x4xf32> loc("x"), %arg3: tensor<2x5x4xf32> loc("y")) -> (tensor<2x8xf32>, tensor<2x5x3xf32>) {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %1 = stablehlo.dot_general %arg2, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x8xf32>) -> tensor<2x8xf32> loc("jit(f)/proj")
  %2 = stablehlo.transpose %arg1, dims = [0, 2, 1] : (tensor<2x4x3xf32>) -> tensor<2x3x4xf32>
  %3 = stablehlo.dot_general %arg3, %2, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x5x4xf32>, tensor<2x3x4xf32>) -> tensor<2x5x3xf32> loc("jit(f)/batched")
  return %1, %3 : tensor<2x8xf32>, tensor<2x5x3xf32>
}
