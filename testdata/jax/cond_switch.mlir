module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<4x4xf32>) -> (tensor<4x4xf32> {jax.result_info = "result[0]"}, tensor<4x4xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<i1>) -> tensor<i32>
    %1 = "stablehlo.case"(%0) ({
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
      %6 = stablehlo.subtract %arg2, %5 : tensor<4x4xf32>
      stablehlo.return %6 : tensor<4x4xf32>
    }, {
      %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
      %6 = stablehlo.multiply %arg2, %5 : tensor<4x4xf32>
      stablehlo.return %6 : tensor<4x4xf32>
    }) : (tensor<i32>) -> tensor<4x4xf32>
    %2 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<2> : tensor<i32>
    %3 = stablehlo.clamp %c, %2, %c_0 : tensor<i32>
    %4 = "stablehlo.case"(%3) ({
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
      %6 = stablehlo.add %arg2, %5 : tensor<4x4xf32>
      stablehlo.return %6 : tensor<4x4xf32>
    }, {
      %5 = stablehlo.sine %arg2 : tensor<4x4xf32>
      stablehlo.return %5 : tensor<4x4xf32>
    }, {
      %5 = stablehlo.transpose %arg2, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
      %6 = stablehlo.dot_general %arg2, %5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
      stablehlo.return %6 : tensor<4x4xf32>
    }) : (tensor<i32>) -> tensor<4x4xf32>
    return %1, %4 : tensor<4x4xf32>, tensor<4x4xf32>
  }
}
