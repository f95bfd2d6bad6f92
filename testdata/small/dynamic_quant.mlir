func.func public @main(%arg0: tensor<i64>, %arg1: tensor<?x5xf32, #stablehlo.bounds<3, ?>> {mhlo.sharding = ""}) -> tensor<?x5x!quant.uniform<i8:f32, 2.500000e-01:3>> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} {
  %0 = stablehlo.uniform_quantize %arg1 : (tensor<?x5xf32, #stablehlo.bounds<3, ?>>) -> tensor<?x5x!quant.uniform<i8:f32, 2.500000e-01:3>>
  %1 = stablehlo.custom_call @foo(%0) {backend_config = "", has_side_effect = true} : (tensor<?x5x!quant.uniform<i8:f32, 2.500000e-01:3>>) -> !stablehlo.token
  %2 = "stablehlo.optimization_barrier"(%0) : (tensor<?x5x!quant.uniform<i8:f32, 2.500000e-01:3>>) -> tensor<?x5x!quant.uniform<i8:f32, 2.500000e-01:3>>
  return %2 : tensor<?x5x!quant.uniform<i8:f32, 2.500000e-01:3>>
}
