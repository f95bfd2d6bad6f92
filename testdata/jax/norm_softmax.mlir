module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x2048xf32>, %arg1: tensor<2048xf32>, %arg2: tensor<8x4x128xf32>) -> (tensor<8x2048xf32> {jax.result_info = "result[0]"}, tensor<8x2048xf32> {jax.result_info = "result[1]"}, tensor<8x4x128xf32> {jax.result_info = "result[2]"}, tensor<8x4x128xf32> {jax.result_info = "result[3]"}, tensor<8x2048xf32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<8x2048xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x2048xf32>, tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %cst_0 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %4 = stablehlo.divide %2, %3 : tensor<8x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %6 = stablehlo.add %4, %5 : tensor<8x1xf32>
    %7 = stablehlo.rsqrt %6 : tensor<8x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x2048xf32>
    %9 = stablehlo.multiply %arg0, %8 : tensor<8x2048xf32>
    %10 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<2048xf32>) -> tensor<1x2048xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<1x2048xf32>) -> tensor<8x2048xf32>
    %12 = stablehlo.multiply %9, %11 : tensor<8x2048xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%arg0 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<8x2048xf32>, tensor<f32>) -> tensor<8xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %cst_3 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %16 = stablehlo.divide %14, %15 : tensor<8x1xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x2048xf32>
    %18 = stablehlo.subtract %arg0, %17 : tensor<8x2048xf32>
    %19 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x2048xf32>
    %20 = stablehlo.subtract %arg0, %19 : tensor<8x2048xf32>
    %21 = stablehlo.multiply %18, %20 : tensor<8x2048xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.reduce(%21 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<8x2048xf32>, tensor<f32>) -> tensor<8xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %cst_5 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %25 = stablehlo.divide %23, %24 : tensor<8x1xf32>
    %26 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x2048xf32>
    %27 = stablehlo.subtract %arg0, %26 : tensor<8x2048xf32>
    %cst_6 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %29 = stablehlo.add %25, %28 : tensor<8x1xf32>
    %30 = stablehlo.sqrt %29 : tensor<8x1xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x2048xf32>
    %32 = stablehlo.divide %27, %31 : tensor<8x2048xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %33 = stablehlo.reduce(%arg2 init: %cst_7) applies stablehlo.maximum across dimensions = [2] : (tensor<8x4x128xf32>, tensor<f32>) -> tensor<8x4xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %35 = stablehlo.maximum %34, %33 : tensor<8x4xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1] : (tensor<8x4xf32>) -> tensor<8x4x1xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2] : (tensor<8x4x1xf32>) -> tensor<8x4x128xf32>
    %38 = stablehlo.subtract %arg2, %37 : tensor<8x4x128xf32>
    %39 = stablehlo.exponential %38 : tensor<8x4x128xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.reduce(%39 init: %cst_9) applies stablehlo.add across dimensions = [2] : (tensor<8x4x128xf32>, tensor<f32>) -> tensor<8x4xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1] : (tensor<8x4xf32>) -> tensor<8x4x1xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2] : (tensor<8x4x1xf32>) -> tensor<8x4x128xf32>
    %43 = stablehlo.divide %39, %42 : tensor<8x4x128xf32>
    %44 = call @log_softmax(%arg2) : (tensor<8x4x128xf32>) -> tensor<8x4x128xf32>
    %45 = stablehlo.abs %arg0 : tensor<8x2048xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x2048xf32>
    %47 = stablehlo.divide %45, %46 : tensor<8x2048xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x2048xf32>
    %49 = stablehlo.add %47, %48 : tensor<8x2048xf32>
    %cst_12 = stablehlo.constant dense<1.500000e+00> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8x2048xf32>
    %51 = stablehlo.power %49, %50 : tensor<8x2048xf32>
    return %12, %32, %43, %44, %51 : tensor<8x2048xf32>, tensor<8x2048xf32>, tensor<8x4x128xf32>, tensor<8x4x128xf32>, tensor<8x2048xf32>
  }
  func.func private @log_softmax(%arg0: tensor<8x4x128xf32>) -> tensor<8x4x128xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<8x4x128xf32>, tensor<f32>) -> tensor<8x4xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<8x4xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<8x4xf32>) -> tensor<8x4x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<8x4x1xf32>) -> tensor<8x4x128xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<8x4x128xf32>
    %6 = stablehlo.exponential %5 : tensor<8x4x128xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<8x4x128xf32>, tensor<f32>) -> tensor<8x4xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<8x4xf32>) -> tensor<8x4x1xf32>
    %9 = stablehlo.log %8 : tensor<8x4x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<8x4x1xf32>) -> tensor<8x4x128xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<8x4x128xf32>
    return %11 : tensor<8x4x128xf32>
  }
}
