// A region reads a value of the enclosing block (valid MLIR: `stablehlo.if`
// is not isolated from above). f16/bf16 narrow the add but leave regions
// alone, so what the regions read is widened back to f32 inside them.
func.func @main(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  %1 = "stablehlo.if"(%p) ({
    stablehlo.return %0 : tensor<4xf32>
  }, {
    %2 = stablehlo.multiply %0, %x : tensor<4xf32>
    stablehlo.return %2 : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
