//! insta snapshots: how the IR reads small hand-written programs, and how
//! the printer writes operations that edits create.

mod common;

use common::*;
use hlo_opt::ir::{ElemType, TensorType};

fn load(name: &str) -> hlo_opt::ir::Module {
    let path = root().join("testdata/small").join(name);
    let text = std::fs::read_to_string(&path).expect("testdata");
    hlo_opt::front::parse_str(name, &text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn ir_of_small_programs() {
    for name in [
        "matmul.mlir",
        "while_reduce.mlir",
        "generic_regions.mlir",
        "constants.mlir",
        "dynamic_quant.mlir",
    ] {
        let m = load(name);
        insta::assert_snapshot!(format!("ir_{name}"), hlo_opt::back::dump(&m));
    }
}

#[test]
fn printed_edits() {
    let mut m = load("matmul.mlir");
    let dot = m
        .walk()
        .into_iter()
        .find(|&op| m.dfg.op(op).name == "stablehlo.dot_general")
        .expect("a dot");
    let lhs = m.dfg.op(dot).operands[0];
    let c = hlo_opt::ir::stablehlo::convert(&mut m, dot, lhs, ElemType::F16).expect("tensor");
    m.dfg.set_operand(dot, 0, c);
    let w = hlo_opt::ir::stablehlo::constant_hex(
        &mut m,
        dot,
        TensorType::new(&[3, 4], ElemType::F16),
        &[0u8, 0x3c].repeat(12),
    );
    m.dfg.set_operand(dot, 1, w);
    m.refresh_signature(dot);
    insta::assert_snapshot!("edited_matmul", hlo_opt::back::print_to_string(&m));
}
