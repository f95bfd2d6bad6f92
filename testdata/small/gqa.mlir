// Grouped-query attention as JAX writes it: K/V caches of 2 kv-heads
// repeated (broadcast + reshape) to 4 query heads before the batched dots.
// The last function repeats with the copies major (`tile` order), which
// gqa-dot leaves alone.
module @gqa {
  func.func public @main(%q: tensor<1x4x8xf32>, %k: tensor<1x6x2x8xf32>, %v: tensor<1x6x2x8xf32>) -> tensor<1x4x8xf32> {
    %kr = stablehlo.broadcast_in_dim %k, dims = [0, 1, 2, 4] : (tensor<1x6x2x8xf32>) -> tensor<1x6x2x2x8xf32> loc("repeat_k")
    %kh = stablehlo.reshape %kr : (tensor<1x6x2x2x8xf32>) -> tensor<1x6x4x8xf32>
    %vr = stablehlo.broadcast_in_dim %v, dims = [0, 1, 2, 4] : (tensor<1x6x2x8xf32>) -> tensor<1x6x2x2x8xf32>
    %vh = stablehlo.reshape %vr : (tensor<1x6x2x2x8xf32>) -> tensor<1x6x4x8xf32>
    %s = stablehlo.dot_general %q, %kh, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x4x8xf32>, tensor<1x6x4x8xf32>) -> tensor<1x4x6xf32> loc("scores")
    %e = stablehlo.exponential %s : tensor<1x4x6xf32>
    %o = stablehlo.dot_general %e, %vh, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<1x4x6xf32>, tensor<1x6x4x8xf32>) -> tensor<1x4x8xf32> loc("values")
    return %o : tensor<1x4x8xf32>
  }
  func.func public @tiled(%q: tensor<1x4x8xf32>, %k: tensor<1x6x2x8xf32>) -> tensor<1x4x6xf32> {
    %kr = stablehlo.broadcast_in_dim %k, dims = [0, 1, 3, 4] : (tensor<1x6x2x8xf32>) -> tensor<1x6x2x2x8xf32>
    %kh = stablehlo.reshape %kr : (tensor<1x6x2x2x8xf32>) -> tensor<1x6x4x8xf32>
    %s = stablehlo.dot_general %q, %kh, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3] : (tensor<1x4x8xf32>, tensor<1x6x4x8xf32>) -> tensor<1x4x6xf32>
    return %s : tensor<1x4x6xf32>
  }
}
