//! The back end: [`crate::ir::Module`] to MLIR text (and a structural dump).

mod dump;
mod printer;

pub use dump::dump;
pub use printer::{print, print_to_string, Emit, FileEmit};
