//! Round trips of the project's own JAX-generated programs, and idempotence
//! of printing after edits (also as a property test).

mod common;

use common::*;
use hlo_opt::ir::{ElemType, Module};
use proptest::prelude::*;

fn parse(name: &str, text: &str) -> Module {
    hlo_opt::front::parse_str(name, text).unwrap_or_else(|e| panic!("{e}"))
}

fn print(m: &Module) -> String {
    hlo_opt::back::print_to_string(m)
}

#[test]
fn jax_testdata_round_trips_byte_identical() {
    let files = mlir_files(&root().join("testdata/jax"));
    assert!(
        files.len() >= 10,
        "testdata/jax has {} programs",
        files.len()
    );
    for f in files
        .iter()
        .chain(mlir_files(&root().join("testdata/small")).iter())
    {
        let input = std::fs::read_to_string(f).expect("readable");
        let out = round_trip(f).unwrap_or_else(|e| panic!("{e}"));
        assert!(out == input, "{} does not round-trip", f.display());
    }
}

#[test]
fn jax_testdata_is_valid_for_iree_opt() {
    let Some(iree_opt) = iree_or_skip("iree-opt") else {
        return;
    };
    for f in mlir_files(&root().join("testdata")) {
        let o = std::process::Command::new(&iree_opt)
            .arg("--allow-unregistered-dialect")
            .arg(&f)
            .output()
            .expect("iree-opt runs");
        assert!(
            o.status.success(),
            "{}: {}",
            f.display(),
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

/// Inserts `convert` to f16 in front of operand `which` of every op named `name`.
fn convert_operands(m: &mut Module, name: &str, which: usize) -> usize {
    let mut n = 0;
    for op in m.walk() {
        if m.dfg.op(op).name != name || m.dfg.op(op).operands.len() <= which {
            continue;
        }
        let x = m.dfg.op(op).operands[which];
        if m.dfg.ty(x).elem() != Some(&ElemType::F32) {
            continue;
        }
        if let Some(c) = hlo_opt::ir::stablehlo::convert(m, op, x, ElemType::F16) {
            m.dfg.set_operand(op, which, c);
            m.refresh_signature(op);
            n += 1;
        }
    }
    n
}

/// print(parse(print(m))) == print(m) after an edit, and the reparsed module
/// has the same structure.
fn assert_idempotent_after_edit(name: &str, text: &str, op: &str, which: usize) {
    let mut m = parse(name, text);
    let edits = convert_operands(&mut m, op, which);
    let once = print(&m);
    let reparsed = parse(name, &once);
    let twice = print(&reparsed);
    assert_eq!(once, twice, "{name}: printing is not idempotent");
    assert_eq!(
        hlo_opt::back::dump(&m),
        hlo_opt::back::dump(&reparsed),
        "{name}: structure changed"
    );
    if edits == 0 {
        assert_eq!(once, text);
    }
}

#[test]
fn printing_edited_programs_is_idempotent() {
    for f in mlir_files(&root().join("testdata")) {
        let text = std::fs::read_to_string(&f).expect("readable");
        let name = f.display().to_string();
        for (op, which) in [
            ("stablehlo.dot_general", 0),
            ("stablehlo.dot_general", 1),
            ("stablehlo.add", 1),
        ] {
            assert_idempotent_after_edit(&name, &text, op, which);
        }
    }
}

/// Small random programs: a chain of elementwise ops and matmuls with random
/// spacing, comments, locations and names.
fn program() -> impl Strategy<Value = String> {
    let step = (0usize..4, any::<bool>(), any::<bool>(), 0usize..3);
    (proptest::collection::vec(step, 1..12), any::<bool>()).prop_map(|(steps, wrap)| {
        let mut body = String::new();
        let mut last = "%arg0".to_string();
        for (i, (kind, comment, loc, space)) in steps.into_iter().enumerate() {
            let pad = ["", " ", "  "][space];
            if comment {
                body.push_str(&format!("    // step {i}\n"));
            }
            let name = format!("%v{i}");
            let line = match kind {
                0 => format!("{name} = stablehlo.add {last},{pad} %arg0 : tensor<4x4xf32>"),
                1 => format!("{name} = stablehlo.dot_general {last}, %arg1, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>"),
                2 => format!("{name} = \"stablehlo.multiply\"({last}, {last}) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>"),
                _ => format!("{name} = stablehlo.tanh {last} : tensor<4x4xf32>"),
            };
            let loc = if loc { format!(" loc(\"step{i}\")") } else { String::new() };
            body.push_str(&format!("    {line}{loc}\n"));
            last = name;
        }
        let func = format!(
            "  func.func @main(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32> loc(\"w\")) -> tensor<4x4xf32> {{\n{body}    return {last} : tensor<4x4xf32>\n  }}\n"
        );
        if wrap { format!("module {{\n{func}}}\n") } else { func }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_programs_round_trip_and_stay_idempotent(text in program(), which in 0usize..2) {
        let m = parse("prop.mlir", &text);
        prop_assert_eq!(print(&m), text.clone());
        assert_idempotent_after_edit("prop.mlir", &text, "stablehlo.dot_general", which);
        assert_idempotent_after_edit("prop.mlir", &text, "stablehlo.multiply", which);
    }
}

/// Function names and visibility are read by the parser, not by scanning
/// text: `@main` wins, else the first function that is not private; a
/// `func.call` names its callee.
#[test]
fn symbols_and_visibility_are_parsed() {
    let text = r#"module {
  func.func private @helper(%a: tensor<2xf32>) -> tensor<2xf32> {
    return %a : tensor<2xf32>
  }
  func.func public @"entry point"(%x: tensor<2xf32>) -> tensor<2xf32> {
    %0 = func.call @helper(%x) : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
"#;
    let m = hlo_opt::front::parse_str("symbols.mlir", text).unwrap();
    let funcs = m.functions();
    assert_eq!(m.symbol(funcs[0]), Some("helper"));
    assert_eq!(m.visibility(funcs[0]), Some("private"));
    assert_eq!(m.symbol(funcs[1]), Some("entry point"));
    assert_eq!(m.visibility(funcs[1]), Some("public"));
    assert_eq!(
        hlo_opt::weights::entry_name(&m).as_deref(),
        Some("entry point")
    );
    let call = m.ops_named("func.call")[0];
    assert_eq!(m.symbol(call), Some("helper"));
    assert_eq!(hlo_opt::back::print_to_string(&m), text);
}
