module {
  func.func @__inference_f_107(%arg0: tensor<1x8x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64x4x16xf32>, %arg3: tensor<64x4x16xf32>, %arg4: tensor<64x4x16xf32>, %arg5: tensor<4x16x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64x128xf32>, %arg8: tensor<128x64xf32>) -> tensor<1x8x64xf32> attributes {allow_soft_placement = false} {
    %cst = stablehlo.constant dense<2.500000e-01> : tensor<1x4x8x8xf32>
    %cst_0 = stablehlo.constant dense<9.99999997E-7> : tensor<1x8x1xf32>
    %cst_1 = stablehlo.constant dense<6.400000e+01> : tensor<1x8xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_3 = stablehlo.constant dense<-0.000000e+00> : tensor<f32>
    %cst_4 = stablehlo.constant dense<[[-0.000000e+00, -1.000000e+09, -1.000000e+09, -1.000000e+09, -1.000000e+09, -1.000000e+09, -1.000000e+09, -1.000000e+09], [-0.000000e+00, -0.000000e+00, -1.000000e+09, -1.000000e+09, -1.000000e+09, -1.000000e+09, -1.000000e+09, -1.000000e+09], [-0.000000e+00, -0.000000e+00, -0.000000e+00, -1.000000e+09, -1.000000e+09, -1.000000e+09, -1.000000e+09, -1.000000e+09], [-0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00, -1.000000e+09, -1.000000e+09, -1.000000e+09, -1.000000e+09], [-0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00, -1.000000e+09, -1.000000e+09, -1.000000e+09], [-0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00, -1.000000e+09, -1.000000e+09], [-0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00, -1.000000e+09], [-0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00, -0.000000e+00]]> : tensor<8x8xf32>
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<1x8x64xf32>
    %1 = stablehlo.reduce(%0 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %2 = stablehlo.divide %1, %cst_1 : tensor<1x8xf32>
    %3 = stablehlo.reshape %2 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %4 = stablehlo.add %3, %cst_0 : tensor<1x8x1xf32>
    %5 = stablehlo.rsqrt %4 : tensor<1x8x1xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2] : (tensor<1x8x1xf32>) -> tensor<1x8x64xf32>
    %7 = stablehlo.multiply %arg0, %6 : tensor<1x8x64xf32>
    %8 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %9 = stablehlo.multiply %7, %8 : tensor<1x8x64xf32>
    %10 = stablehlo.einsum %9, %arg2, config = "btd,dhk->bhtk" : (tensor<1x8x64xf32>, tensor<64x4x16xf32>) -> tensor<1x4x8x16xf32>
    %11 = stablehlo.einsum %9, %arg3, config = "btd,dhk->bhtk" : (tensor<1x8x64xf32>, tensor<64x4x16xf32>) -> tensor<1x4x8x16xf32>
    %12 = stablehlo.einsum %10, %11, config = "bhqk,bhsk->bhqs" : (tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) -> tensor<1x4x8x8xf32>
    %13 = stablehlo.multiply %12, %cst : tensor<1x4x8x8xf32>
    %14 = stablehlo.broadcast_in_dim %cst_4, dims = [2, 3] : (tensor<8x8xf32>) -> tensor<1x4x8x8xf32>
    %15 = stablehlo.add %13, %14 : tensor<1x4x8x8xf32>
    %16 = stablehlo.reduce(%15 init: %cst_2) applies stablehlo.maximum across dimensions = [3] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
    %17 = stablehlo.reshape %16 : (tensor<1x4x8xf32>) -> tensor<1x4x8x1xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<1x4x8x1xf32>) -> tensor<1x4x8x8xf32>
    %19 = stablehlo.subtract %15, %18 : tensor<1x4x8x8xf32>
    %20 = stablehlo.exponential %19 : tensor<1x4x8x8xf32>
    %21 = stablehlo.reduce(%20 init: %cst_3) applies stablehlo.add across dimensions = [3] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
    %22 = stablehlo.reshape %21 : (tensor<1x4x8xf32>) -> tensor<1x4x8x1xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2, 3] : (tensor<1x4x8x1xf32>) -> tensor<1x4x8x8xf32>
    %24 = stablehlo.divide %20, %23 : tensor<1x4x8x8xf32>
    %25 = stablehlo.einsum %9, %arg4, config = "btd,dhk->bhtk" : (tensor<1x8x64xf32>, tensor<64x4x16xf32>) -> tensor<1x4x8x16xf32>
    %26 = stablehlo.einsum %24, %25, config = "bhqs,bhsk->bhqk" : (tensor<1x4x8x8xf32>, tensor<1x4x8x16xf32>) -> tensor<1x4x8x16xf32>
    %27 = stablehlo.einsum %26, %arg5, config = "bhtk,hkd->btd" : (tensor<1x4x8x16xf32>, tensor<4x16x64xf32>) -> tensor<1x8x64xf32>
    %28 = stablehlo.add %arg0, %27 : tensor<1x8x64xf32>
    %29 = stablehlo.multiply %28, %28 : tensor<1x8x64xf32>
    %30 = stablehlo.reduce(%29 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %31 = stablehlo.divide %30, %cst_1 : tensor<1x8xf32>
    %32 = stablehlo.reshape %31 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %33 = stablehlo.add %32, %cst_0 : tensor<1x8x1xf32>
    %34 = stablehlo.rsqrt %33 : tensor<1x8x1xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1, 2] : (tensor<1x8x1xf32>) -> tensor<1x8x64xf32>
    %36 = stablehlo.multiply %28, %35 : tensor<1x8x64xf32>
    %37 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %38 = stablehlo.multiply %36, %37 : tensor<1x8x64xf32>
    %39 = stablehlo.reshape %38 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %40 = stablehlo.dot %39, %arg7, precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
    %41 = stablehlo.logistic %40 : tensor<8x128xf32>
    %42 = stablehlo.multiply %40, %41 : tensor<8x128xf32>
    %43 = stablehlo.dot %42, %arg8, precision = [DEFAULT, DEFAULT] : (tensor<8x128xf32>, tensor<128x64xf32>) -> tensor<8x64xf32>
    %44 = stablehlo.reshape %43 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %45 = stablehlo.add %28, %44 : tensor<1x8x64xf32>
    return %45 : tensor<1x8x64xf32>
  }
}
