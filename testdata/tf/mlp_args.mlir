module {
  func.func @__inference_f_31(%arg0: tensor<4x64xf32>, %arg1: tensor<64x128xf32>, %arg2: tensor<128xf32>, %arg3: tensor<128x128xf32>, %arg4: tensor<128xf32>, %arg5: tensor<128x10xf32>, %arg6: tensor<10xf32>) -> tensor<4x10xf32> attributes {allow_soft_placement = false} {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<4x128xf32>
    %cst_0 = stablehlo.constant dense<5.000000e-01> : tensor<4x128xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<4x128xf32>
    %cst_2 = stablehlo.constant dense<0.797884583> : tensor<4x128xf32>
    %cst_3 = stablehlo.constant dense<4.471500e-02> : tensor<4x128xf32>
    %cst_4 = stablehlo.constant dense<3.000000e+00> : tensor<4x128xf32>
    %cst_5 = stablehlo.constant dense<-0.000000e+00> : tensor<f32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.dot %arg0, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<4x64xf32>, tensor<64x128xf32>) -> tensor<4x128xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<128xf32>) -> tensor<4x128xf32>
    %2 = stablehlo.add %0, %1 : tensor<4x128xf32>
    %3 = stablehlo.power %2, %cst_4 : tensor<4x128xf32>
    %4 = stablehlo.multiply %3, %cst_3 : tensor<4x128xf32>
    %5 = stablehlo.add %2, %4 : tensor<4x128xf32>
    %6 = stablehlo.multiply %5, %cst_2 : tensor<4x128xf32>
    %7 = stablehlo.tanh %6 : tensor<4x128xf32>
    %8 = stablehlo.add %7, %cst_1 : tensor<4x128xf32>
    %9 = stablehlo.multiply %2, %cst_0 : tensor<4x128xf32>
    %10 = stablehlo.multiply %9, %8 : tensor<4x128xf32>
    %11 = stablehlo.dot %10, %arg3, precision = [DEFAULT, DEFAULT] : (tensor<4x128xf32>, tensor<128x128xf32>) -> tensor<4x128xf32>
    %12 = stablehlo.broadcast_in_dim %arg4, dims = [1] : (tensor<128xf32>) -> tensor<4x128xf32>
    %13 = stablehlo.add %11, %12 : tensor<4x128xf32>
    %14 = stablehlo.maximum %13, %cst : tensor<4x128xf32>
    %15 = stablehlo.dot %14, %arg5, precision = [DEFAULT, DEFAULT] : (tensor<4x128xf32>, tensor<128x10xf32>) -> tensor<4x10xf32>
    %16 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<10xf32>) -> tensor<4x10xf32>
    %17 = stablehlo.add %15, %16 : tensor<4x10xf32>
    %18 = stablehlo.reduce(%17 init: %cst_6) applies stablehlo.maximum across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %19 = stablehlo.reshape %18 : (tensor<4xf32>) -> tensor<4x1xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %21 = stablehlo.subtract %17, %20 : tensor<4x10xf32>
    %22 = stablehlo.exponential %21 : tensor<4x10xf32>
    %23 = stablehlo.reduce(%22 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %24 = stablehlo.reshape %23 : (tensor<4xf32>) -> tensor<4x1xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %26 = stablehlo.divide %22, %25 : tensor<4x10xf32>
    return %26 : tensor<4x10xf32>
  }
}
