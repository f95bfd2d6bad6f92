module {
  func.func @consts() -> (tensor<2x2xf32>, tensor<3xi4>, tensor<2xbf16>, tensor<4xf32>) {
    %0 = stablehlo.constant dense<"0x0000803F000000400000404000008040"> : tensor<2x2xf32>
    %1 = stablehlo.constant dense<[1, -2, 7]> : tensor<3xi4>
    %2 = stablehlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xbf16>
    %3 = stablehlo.constant dense_resource<blob1> : tensor<4xf32>
    return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<3xi4>, tensor<2xbf16>, tensor<4xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000000803F000000400000404000008040"
    }
  }
#-}
