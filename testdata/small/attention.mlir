func.func public @main(%arg0: tensor<16x64xf32> loc("params['wq']"), %arg1: tensor<16x64xf32> loc("params['wk']"), %arg2: tensor<4x16xf32> loc("x")) -> tensor<4x4xf32> {
  %0 = stablehlo.dot_general %arg2, %arg0, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x64xf32>) -> tensor<4x64xf32> loc("jit(f)/q")
  %1 = stablehlo.dot_general %arg2, %arg1, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x64xf32>) -> tensor<4x64xf32> loc("jit(f)/k")
  %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [1] : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x4xf32> loc("jit(f)/scores")
  %cst = stablehlo.constant dense<1.250000e-01> : tensor<4x4xf32>
  %3 = stablehlo.multiply %2, %cst : tensor<4x4xf32>
  return %3 : tensor<4x4xf32>
}
