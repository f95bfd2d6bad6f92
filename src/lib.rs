//! hlo-opt: rewrites StableHLO programs for lower precision.
//!
//! The crate is split like a compiler: [`front`] reads MLIR text into the
//! [`ir`], passes in [`passes`] rewrite it, [`back`] prints it.
//!
//! # IR invariants
//!
//! * **Ops are graph nodes, uses are edges.** [`ir::DataFlowGraph`] keeps
//!   every operation as a node of a petgraph `StableGraph`; every SSA use is an
//!   edge from the operation that defines (or, for block arguments, owns) the
//!   value to the operation that reads it, weighted with the value and operand
//!   index. `OpData::operands` and the edges always agree: change operands only
//!   through `DataFlowGraph::push_operand` / `set_operand`.
//! * **Order lives apart from data flow.** [`ir::Layout`] holds which blocks a
//!   region has and which operations a block holds, in order.
//! * **Types live on values.** An operation's written signature is printed as
//!   written until a pass changes it (`Signature::span` becomes `None`).
//! * **Anything not understood is carried verbatim.** An operation is printed
//!   from its source spans with holes for the parts the IR models; attributes,
//!   custom syntax and locations stay text. Nothing is normalised on the way.
//! * **Names never collide.** Parsed values keep their names; values made by
//!   passes get names from `Module::fresh_name`, unique in the whole module.
//! * **Printing is deterministic** and, for a module no pass changed,
//!   reproduces the input byte for byte.
//! * **Only [`front`] knows pest; passes never touch text.**

pub use hlo_opt_core::{affine, back, front, ir, output, quant, recipe, tensor};
pub use hlo_opt_passes as passes;

pub mod arg_files;
pub mod bench;
pub mod cli;
pub mod decode;
#[doc(hidden)]
pub mod fuzzing;
pub mod inputs;
pub mod iree;
pub mod mlx;
pub mod profile;
pub mod progress;
pub mod rollout;
pub mod tune;
pub mod verify;
pub mod weights;
