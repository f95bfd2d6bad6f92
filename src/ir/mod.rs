//! The in-memory program: a data-flow graph of operations on petgraph, a
//! layout that orders them into blocks and regions, and the source text that
//! unchanged parts are printed from.
//!
//! See the crate documentation for the invariants every pass keeps.

pub mod constants;
mod dfg;
pub mod gather;
mod layout;
mod module;
pub mod op_class;
pub mod resources;
pub mod source;
pub mod stablehlo;
pub mod types;
pub mod verify;

pub use dfg::{
    DataFlowGraph, FuncResult, OpData, OpForm, OpName, Piece, Signature, Use, ValueData, ValueDef,
};
pub use layout::{BlockData, Layout, RegionData};
pub use module::Module;
pub use source::{Source, Span};
pub use types::{Dim, ElemType, TensorType, Type};

use petgraph::stable_graph::NodeIndex;

/// Handle of an operation: a node of the data-flow graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Op(pub(crate) NodeIndex<u32>);

/// Handle of an SSA value in the value arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(pub(crate) u32);

/// Handle of a region in the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region(pub(crate) u32);

/// Handle of a block in the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block(pub(crate) u32);

impl Op {
    /// The graph node behind this operation (for petgraph algorithms).
    pub fn node(self) -> NodeIndex<u32> {
        self.0
    }
}
