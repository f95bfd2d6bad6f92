func.func @main(%a: tensor<1x1x16xf32>, %b: tensor<1x4x1x16xf32>, %c: tensor<1x2x1x16xf32>) -> (tensor<1x4x1x16xf32>, tensor<1x2x1x16xf32>) {
  %h = stablehlo.convert %a : (tensor<1x1x16xf32>) -> tensor<1x1x16xf16>
  %m = stablehlo.multiply %h, %h : tensor<1x1x16xf16>
  %r = stablehlo.reshape %m : (tensor<1x1x16xf16>) -> tensor<1x1x1x16xf16>
  %b1 = stablehlo.broadcast_in_dim %r, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf16>) -> tensor<1x4x1x16xf16>
  %c1 = stablehlo.convert %b1 : (tensor<1x4x1x16xf16>) -> tensor<1x4x1x16xf32>
  %x = stablehlo.multiply %b, %c1 : tensor<1x4x1x16xf32>
  %b2 = stablehlo.broadcast_in_dim %r, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf16>) -> tensor<1x2x1x16xf16>
  %c2 = stablehlo.convert %b2 : (tensor<1x2x1x16xf16>) -> tensor<1x2x1x16xf32>
  %y = stablehlo.multiply %c, %c2 : tensor<1x2x1x16xf32>
  return %x, %y : tensor<1x4x1x16xf32>, tensor<1x2x1x16xf32>
}
