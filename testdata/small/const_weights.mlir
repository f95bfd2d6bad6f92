func.func public @main(%arg0: tensor<2x2xf32> loc("x")) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %cst = stablehlo.constant dense<"0x0000803F000000C00000004000C0DA45"> : tensor<2x2xf32>
  %cst_0 = stablehlo.constant dense<"0x0000803F000000C0000000400050C347"> : tensor<2x2xf32>
  %0 = stablehlo.dot_general %arg0, %cst, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("jit(f)/in_range")
  %1 = stablehlo.dot_general %arg0, %cst_0, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("jit(f)/out_of_range")
  return %0, %1 : tensor<2x2xf32>, tensor<2x2xf32>
}
