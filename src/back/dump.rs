//! A structural dump of the IR (not MLIR): one line per operation with its
//! results, operands and types, regions indented. For tests and debugging.

use std::fmt::Write;

use crate::ir::{Block, Module, Value};

/// Dumps the module's structure.
pub fn dump(module: &Module) -> String {
    let mut out = String::new();
    dump_block(module, module.top, 0, &mut out);
    out
}

fn value_text(module: &Module, v: Value) -> String {
    let data = module.dfg.value(v);
    format!("{}: {}", data.ref_text(), data.ty)
}

fn dump_block(module: &Module, b: Block, depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth);
    let data = module.layout.block(b);
    if !data.args.is_empty() {
        let args: Vec<String> = data.args.iter().map(|&v| value_text(module, v)).collect();
        let _ = writeln!(out, "{pad}^block({})", args.join(", "));
    }
    for &op in module.layout.ops(b) {
        let d = module.dfg.op(op);
        let results: Vec<String> = d.results.iter().map(|&v| value_text(module, v)).collect();
        let operands: Vec<String> = d
            .operands
            .iter()
            .map(|&v| module.dfg.value(v).ref_text())
            .collect();
        let _ = write!(out, "{pad}");
        if !results.is_empty() {
            let _ = write!(out, "[{}] = ", results.join(", "));
        }
        let _ = write!(out, "{}({})", d.name, operands.join(", "));
        if !d.decls.is_empty() {
            let decls: Vec<String> = d.decls.iter().map(|&v| value_text(module, v)).collect();
            let _ = write!(out, " declares ({})", decls.join(", "));
        }
        if let Some(loc) = module.location_text(op) {
            let _ = write!(out, " @ {loc}");
        }
        let _ = writeln!(out);
        for &r in &d.regions {
            let _ = writeln!(out, "{pad}  region:");
            for &inner in &module.layout.region(r).blocks {
                dump_block(module, inner, depth + 2, out);
            }
        }
    }
}
