// A decode step's matmuls for weight-layout{order=panels}: one-row and
// two-row activations, a 3-D activation, a PyTorch-layout weight read
// through a transpose, a weight whose column count the panel width does not
// divide, and a 16-row activation (more than max-rows): the last two keep
// the plain [in, out] layout.
func.func public @main(%x: tensor<1x16xf32> loc("x"), %x2: tensor<2x16xf32> loc("x2"), %x3: tensor<1x1x16xf32> loc("x3"), %xs: tensor<16x16xf32> loc("xs"),
    %w_up: tensor<16x32xf32> loc("p['w_up']"), %w_down: tensor<32x16xf32> loc("p['w_down']"),
    %w_pt: tensor<16x16xf32> loc("p['w_pt']"), %w_odd: tensor<16x12xf32> loc("p['w_odd']"),
    %w_3d: tensor<16x16xf32> loc("p['w_3d']"), %w_big: tensor<16x16xf32> loc("p['w_big']"))
    -> (tensor<1x16xf32>, tensor<2x16xf32>, tensor<2x12xf32>, tensor<1x1x16xf32>, tensor<16x16xf32>) {
  %h = stablehlo.dot_general %x, %w_up, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x16xf32>, tensor<16x32xf32>) -> tensor<1x32xf32> loc("up")
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<1x32xf32>
  %r = stablehlo.maximum %h, %zero : tensor<1x32xf32>
  %y = stablehlo.dot_general %r, %w_down, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32xf32>, tensor<32x16xf32>) -> tensor<1x16xf32> loc("down")
  %t = stablehlo.transpose %w_pt, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %y2 = stablehlo.dot_general %x2, %t, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x16xf32>, tensor<16x16xf32>) -> tensor<2x16xf32> loc("pt")
  %y3 = stablehlo.dot_general %x2, %w_odd, contracting_dims = [1] x [0] : (tensor<2x16xf32>, tensor<16x12xf32>) -> tensor<2x12xf32> loc("odd")
  %y4 = stablehlo.dot_general %x3, %w_3d, contracting_dims = [2] x [0] : (tensor<1x1x16xf32>, tensor<16x16xf32>) -> tensor<1x1x16xf32> loc("three_d")
  %y5 = stablehlo.dot_general %xs, %w_big, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32> loc("big")
  return %y, %y2, %y3, %y4, %y5 : tensor<1x16xf32>, tensor<2x16xf32>, tensor<2x12xf32>, tensor<1x1x16xf32>, tensor<16x16xf32>
}
