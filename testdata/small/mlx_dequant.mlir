// An emitter's MLX path, written by hand: 4-bit words [N=4, K/8=2] with f16
// scales and biases per group of 8, unpacked with shifts and masks, feeding
// x . W^T; an int8 weight dequantized per output channel; and a weight
// multiplied by a full tensor (not a per-channel or per-group scale), which
// fuse-dequant must leave alone.
func.func public @main(%x: tensor<2x16xf32> loc("x"), %wq: tensor<4x2xui32> loc("model.layers.0.q_proj.weight"), %sc: tensor<4x2xf16> loc("model.layers.0.q_proj.scales"), %bi: tensor<4x2xf16> loc("model.layers.0.q_proj.biases"), %w8: tensor<16x4xi8> loc("w8"), %s8: tensor<4xf32> loc("s8"), %full: tensor<16x4xf32> loc("full")) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = stablehlo.broadcast_in_dim %wq, dims = [0, 1] : (tensor<4x2xui32>) -> tensor<4x2x8xui32>
  %1 = stablehlo.iota dim = 2 : tensor<4x2x8xui32>
  %c4 = stablehlo.constant dense<4> : tensor<4x2x8xui32>
  %2 = stablehlo.multiply %1, %c4 : tensor<4x2x8xui32>
  %3 = stablehlo.shift_right_logical %0, %2 : tensor<4x2x8xui32>
  %c15 = stablehlo.constant dense<15> : tensor<4x2x8xui32>
  %4 = stablehlo.and %3, %c15 : tensor<4x2x8xui32>
  %5 = stablehlo.convert %4 : (tensor<4x2x8xui32>) -> tensor<4x2x8xf32>
  %6 = stablehlo.convert %sc : (tensor<4x2xf16>) -> tensor<4x2xf32>
  %7 = stablehlo.convert %bi : (tensor<4x2xf16>) -> tensor<4x2xf32>
  %8 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x8xf32>
  %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x8xf32>
  %10 = stablehlo.multiply %8, %5 : tensor<4x2x8xf32>
  %11 = stablehlo.add %10, %9 : tensor<4x2x8xf32>
  %12 = stablehlo.reshape %11 : (tensor<4x2x8xf32>) -> tensor<4x16xf32>
  %13 = stablehlo.dot_general %x, %12, contracting_dims = [1] x [1] : (tensor<2x16xf32>, tensor<4x16xf32>) -> tensor<2x4xf32> loc("q_proj")
  %14 = stablehlo.convert %w8 : (tensor<16x4xi8>) -> tensor<16x4xf32>
  %15 = stablehlo.broadcast_in_dim %s8, dims = [1] : (tensor<4xf32>) -> tensor<16x4xf32>
  %16 = stablehlo.multiply %14, %15 : tensor<16x4xf32>
  %17 = stablehlo.dot_general %x, %16, contracting_dims = [1] x [0] : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32> loc("int8")
  %18 = stablehlo.multiply %14, %full : tensor<16x4xf32>
  %19 = stablehlo.dot_general %x, %18, contracting_dims = [1] x [0] : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32> loc("not_a_scale")
  return %13, %17, %19 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}
