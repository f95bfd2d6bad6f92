module @jit_f attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32> {mhlo.sharding = ""} loc("x"), %arg1: tensor<3x4xf32> loc("params['w']")) -> (tensor<2x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> loc(#loc3)
    return %0 : tensor<2x4xf32>
  }
}
#loc = loc(unknown)
#loc3 = loc("jit(f)/dot_general"(#loc))
