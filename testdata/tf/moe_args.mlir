module {
  func.func @__inference_f_471(%arg0: tensor<8x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64x4xf32>, %arg3: tensor<4x64x64xf32>, %arg4: tensor<4x64x64xf32>, %arg5: tensor<4x64x64xf32>) -> (tensor<8x64xf32>, tensor<8xi64>, tensor<8xi64>) attributes {allow_soft_placement = false} {
    %cst = stablehlo.constant dense<1.000000e+09> : tensor<8x4xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<8x4xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<8x4xf32>
    %cst_2 = stablehlo.constant dense<9.99999997E-7> : tensor<8x1xf32>
    %cst_3 = stablehlo.constant dense<6.400000e+01> : tensor<8xf32>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_5 = stablehlo.constant dense<-0.000000e+00> : tensor<f32>
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<8x64xf32>
    %1 = stablehlo.reduce(%0 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.divide %1, %cst_3 : tensor<8xf32>
    %3 = stablehlo.reshape %2 : (tensor<8xf32>) -> tensor<8x1xf32>
    %4 = stablehlo.add %3, %cst_2 : tensor<8x1xf32>
    %5 = stablehlo.rsqrt %4 : tensor<8x1xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x64xf32>
    %7 = stablehlo.multiply %arg0, %6 : tensor<8x64xf32>
    %8 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<64xf32>) -> tensor<8x64xf32>
    %9 = stablehlo.multiply %7, %8 : tensor<8x64xf32>
    %10 = stablehlo.dot %9, %arg2, precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x4xf32>) -> tensor<8x4xf32>
    %11 = stablehlo.iota dim = 0 : tensor<4xi64>
    %12 = stablehlo.broadcast_in_dim %11, dims = [1] : (tensor<4xi64>) -> tensor<8x4xi64>
    %13:2 = stablehlo.reduce(%10 init: %cst_4), (%12 init: %c) across dimensions = [1] : (tensor<8x4xf32>, tensor<8x4xi64>, tensor<f32>, tensor<i64>) -> (tensor<8xf32>, tensor<8xi64>)
     reducer(%arg6: tensor<f32>, %arg8: tensor<f32>) (%arg7: tensor<i64>, %arg9: tensor<i64>)  {
      %62 = stablehlo.compare  GE, %arg6, %arg8 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %63 = stablehlo.select %62, %arg6, %arg8 : tensor<i1>, tensor<f32>
      %64 = stablehlo.compare  EQ, %arg6, %arg8 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %65 = stablehlo.minimum %arg7, %arg9 : tensor<i64>
      %66 = stablehlo.select %62, %arg7, %arg9 : tensor<i1>, tensor<i64>
      %67 = stablehlo.select %64, %65, %66 : tensor<i1>, tensor<i64>
      stablehlo.return %63, %67 : tensor<f32>, tensor<i64>
    }
    %14 = stablehlo.iota dim = 0 : tensor<4xi64>
    %15 = stablehlo.broadcast_in_dim %14, dims = [1] : (tensor<4xi64>) -> tensor<8x4xi64>
    %16 = stablehlo.broadcast_in_dim %13#1, dims = [0] : (tensor<8xi64>) -> tensor<8x4xi64>
    %17 = stablehlo.compare  EQ, %16, %15 : (tensor<8x4xi64>, tensor<8x4xi64>) -> tensor<8x4xi1>
    %18 = stablehlo.select %17, %cst_1, %cst_0 : tensor<8x4xi1>, tensor<8x4xf32>
    %19 = stablehlo.multiply %18, %cst : tensor<8x4xf32>
    %20 = stablehlo.subtract %10, %19 : tensor<8x4xf32>
    %21 = stablehlo.iota dim = 0 : tensor<4xi64>
    %22 = stablehlo.broadcast_in_dim %21, dims = [1] : (tensor<4xi64>) -> tensor<8x4xi64>
    %23:2 = stablehlo.reduce(%20 init: %cst_4), (%22 init: %c) across dimensions = [1] : (tensor<8x4xf32>, tensor<8x4xi64>, tensor<f32>, tensor<i64>) -> (tensor<8xf32>, tensor<8xi64>)
     reducer(%arg6: tensor<f32>, %arg8: tensor<f32>) (%arg7: tensor<i64>, %arg9: tensor<i64>)  {
      %62 = stablehlo.compare  GE, %arg6, %arg8 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %63 = stablehlo.select %62, %arg6, %arg8 : tensor<i1>, tensor<f32>
      %64 = stablehlo.compare  EQ, %arg6, %arg8 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %65 = stablehlo.minimum %arg7, %arg9 : tensor<i64>
      %66 = stablehlo.select %62, %arg7, %arg9 : tensor<i1>, tensor<i64>
      %67 = stablehlo.select %64, %65, %66 : tensor<i1>, tensor<i64>
      stablehlo.return %63, %67 : tensor<f32>, tensor<i64>
    }
    %24 = stablehlo.iota dim = 0 : tensor<4xi64>
    %25 = stablehlo.broadcast_in_dim %24, dims = [1] : (tensor<4xi64>) -> tensor<8x4xi64>
    %26 = stablehlo.broadcast_in_dim %23#1, dims = [0] : (tensor<8xi64>) -> tensor<8x4xi64>
    %27 = stablehlo.compare  EQ, %26, %25 : (tensor<8x4xi64>, tensor<8x4xi64>) -> tensor<8x4xi1>
    %28 = stablehlo.select %27, %cst_1, %cst_0 : tensor<8x4xi1>, tensor<8x4xf32>
    %29 = stablehlo.reduce(%10 init: %cst_4) applies stablehlo.maximum across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %30 = stablehlo.reshape %29 : (tensor<8xf32>) -> tensor<8x1xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %32 = stablehlo.subtract %10, %31 : tensor<8x4xf32>
    %33 = stablehlo.exponential %32 : tensor<8x4xf32>
    %34 = stablehlo.reduce(%33 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %35 = stablehlo.reshape %34 : (tensor<8xf32>) -> tensor<8x1xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %37 = stablehlo.divide %33, %36 : tensor<8x4xf32>
    %38 = stablehlo.multiply %37, %18 : tensor<8x4xf32>
    %39 = stablehlo.reduce(%38 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %40 = stablehlo.reshape %39 : (tensor<8xf32>) -> tensor<8x1xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %42 = stablehlo.multiply %18, %41 : tensor<8x4xf32>
    %43 = stablehlo.multiply %37, %28 : tensor<8x4xf32>
    %44 = stablehlo.reduce(%43 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %45 = stablehlo.reshape %44 : (tensor<8xf32>) -> tensor<8x1xf32>
    %46 = stablehlo.add %40, %45 : tensor<8x1xf32>
    %47 = stablehlo.broadcast_in_dim %45, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %48 = stablehlo.multiply %28, %47 : tensor<8x4xf32>
    %49 = stablehlo.add %42, %48 : tensor<8x4xf32>
    %50 = stablehlo.broadcast_in_dim %46, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %51 = stablehlo.divide %49, %50 : tensor<8x4xf32>
    %52 = stablehlo.reshape %9 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2] : (tensor<1x8x64xf32>) -> tensor<4x8x64xf32>
    %54 = stablehlo.dot_general %53, %arg4, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] {mhlo.frontend_attributes = {grad_x = "false", grad_y = "false"}} : (tensor<4x8x64xf32>, tensor<4x64x64xf32>) -> tensor<4x8x64xf32>
    %55 = stablehlo.logistic %54 : tensor<4x8x64xf32>
    %56 = stablehlo.multiply %54, %55 : tensor<4x8x64xf32>
    %57 = stablehlo.dot_general %53, %arg3, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] {mhlo.frontend_attributes = {grad_x = "false", grad_y = "false"}} : (tensor<4x8x64xf32>, tensor<4x64x64xf32>) -> tensor<4x8x64xf32>
    %58 = stablehlo.multiply %56, %57 : tensor<4x8x64xf32>
    %59 = stablehlo.dot_general %58, %arg5, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] {mhlo.frontend_attributes = {grad_x = "false", grad_y = "false"}} : (tensor<4x8x64xf32>, tensor<4x64x64xf32>) -> tensor<4x8x64xf32>
    %60 = stablehlo.einsum %51, %59, config = "ne,end->nd" : (tensor<8x4xf32>, tensor<4x8x64xf32>) -> tensor<8x64xf32>
    %61 = stablehlo.add %arg0, %60 : tensor<8x64xf32>
    return %61, %13#1, %23#1 : tensor<8x64xf32>, tensor<8xi64>, tensor<8xi64>
  }
}
