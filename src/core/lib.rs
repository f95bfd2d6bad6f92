//! hlo-opt's lower layers (docs/ARCHITECTURE.md, "Layers"): the IR
//! ([`ir`]), its reader ([`front`]) and printer ([`back`]); host tensors and
//! their files ([`tensor`]) and the files hlo-opt writes ([`output`]); the
//! quantization maths ([`quant`], [`affine`]) and weight recipes
//! ([`recipe`]). This crate depends on neither the passes nor the commands,
//! so nothing here can import them.

pub use hlo_opt_ir as ir;

#[path = "../affine.rs"]
pub mod affine;
#[path = "../back/mod.rs"]
pub mod back;
#[path = "../front/mod.rs"]
pub mod front;
#[path = "../output.rs"]
pub mod output;
#[path = "../quant.rs"]
pub mod quant;
#[path = "../recipe.rs"]
pub mod recipe;
#[path = "../tensor/mod.rs"]
pub mod tensor;

#[cfg(test)]
mod ir_tests;
