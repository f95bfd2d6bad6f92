//! Classes of operations, by name: the one place that says which ops are
//! views, pure, matmuls, returns, or computed in a narrow float type. Passes
//! and the verifier ask here instead of keeping their own lists.

/// The ops that multiply matrices: what narrowing passes look for.
pub const MATMUL_OPS: &[&str] = &[
    "stablehlo.dot_general",
    "stablehlo.dot",
    "stablehlo.einsum",
    "stablehlo.convolution",
];

/// Whether `name` is one of [`MATMUL_OPS`].
pub fn is_matmul(name: &str) -> bool {
    MATMUL_OPS.contains(&name)
}

/// Ops that only move or select elements: retyping them changes nothing else.
pub fn is_view(name: &str) -> bool {
    matches!(
        name,
        "stablehlo.reshape"
            | "stablehlo.transpose"
            | "stablehlo.broadcast_in_dim"
            | "stablehlo.slice"
    )
}

/// Operations without side effects: removable when their results are unused.
pub fn is_pure(name: &str) -> bool {
    matches!(
        name,
        "stablehlo.convert"
            | "stablehlo.constant"
            | "stablehlo.reshape"
            | "stablehlo.transpose"
            | "stablehlo.broadcast_in_dim"
            | "stablehlo.slice"
            | "stablehlo.add"
            | "stablehlo.subtract"
            | "stablehlo.multiply"
            | "stablehlo.divide"
            | "stablehlo.clamp"
            | "stablehlo.dot_general"
            | "stablehlo.convolution"
    )
}

/// Terminators that return from a function or a region.
pub fn is_return(name: &str) -> bool {
    matches!(name, "return" | "func.return" | "stablehlo.return")
}

/// Ops the whole-graph `f16`/`bf16` passes compute in the narrow type:
/// elementwise arithmetic and data movement (some kept f32 as islands).
pub fn is_narrowable(name: &str) -> bool {
    matches!(
        name.strip_prefix("stablehlo.").unwrap_or(""),
        "add"
            | "subtract"
            | "multiply"
            | "negate"
            | "maximum"
            | "minimum"
            | "abs"
            | "tanh"
            | "logistic"
            | "sine"
            | "cosine"
            | "select"
            | "clamp"
            | "compare"
            | "broadcast_in_dim"
            | "reshape"
            | "transpose"
            | "slice"
            | "concatenate"
            | "dynamic_slice"
            | "dynamic_update_slice"
            | "gather"
            | "pad"
            | "convert"
            | "iota"
            | "constant"
            // Narrowable, but kept f32 by default (the islands):
            | "exponential"
            | "log"
            | "rsqrt"
            | "sqrt"
            | "divide"
            | "power"
            | "reduce_window"
    )
}

/// Arithmetic and data movement the whole-graph passes compute in f32 with
/// an island when every user is an island (transcendental ops never are).
pub fn pulled_into_islands(name: &str) -> bool {
    matches!(
        name.strip_prefix("stablehlo.").unwrap_or(""),
        "add"
            | "subtract"
            | "multiply"
            | "negate"
            | "abs"
            | "maximum"
            | "minimum"
            | "select"
            | "broadcast_in_dim"
            | "reshape"
            | "transpose"
            | "slice"
            | "convert"
            | "constant"
    )
}
