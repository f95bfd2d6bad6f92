func.func public @main(%arg0: tensor<2x8xf32> loc("x"), %arg1: tensor<8xf32> loc("params['g']"), %arg2: tensor<2x8xi1> loc("mask")) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %0 = stablehlo.multiply %arg0, %arg0 : tensor<2x8xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<2x8xf32>
  %3 = stablehlo.divide %2, %cst_0 : tensor<2x8xf32>
  %4 = stablehlo.rsqrt %3 : tensor<2x8xf32>
  %5 = stablehlo.multiply %arg0, %4 : tensor<2x8xf32>
  %6 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<2x8xf32>
  %7 = stablehlo.multiply %5, %6 : tensor<2x8xf32>
  %cst_1 = stablehlo.constant dense<-1.000000e+09> : tensor<2x8xf32>
  %8 = stablehlo.select %arg2, %7, %cst_1 : tensor<2x8xi1>, tensor<2x8xf32>
  %9 = stablehlo.tanh %8 : tensor<2x8xf32>
  return %7, %9 : tensor<2x8xf32>, tensor<2x8xf32>
}
