//! Fuzz targets, shared by the cargo-fuzz harness (`fuzz/`) and the short
//! deterministic slice that runs with `cargo test` (`tests/fuzz_slice.rs`).
//! Each target takes arbitrary bytes and panics only when hlo-opt breaks a
//! promise (a panic inside hlo-opt, output that does not read back, a pass
//! that leaves invalid IR); input hlo-opt refuses with an error is fine.

use std::path::Path;

use crate::back::print_to_string;
use crate::front;
use crate::ir::verify::verify;
use crate::ir::Source;
use crate::passes::{registry, Pipeline};

/// Inputs larger than this are skipped (they only slow the search down).
pub const MAX_INPUT: usize = 64 * 1024;

fn source(data: &[u8]) -> Option<Source> {
    if data.len() > MAX_INPUT {
        return None;
    }
    Source::from_bytes("fuzz.mlir", data.to_vec()).ok()
}

/// parse → print must give back the input byte for byte, and the output
/// must parse again.
pub fn parse_print(data: &[u8]) {
    let Some(src) = source(data) else { return };
    let Ok(m) = front::parse(src) else { return };
    let out = print_to_string(&m);
    assert_eq!(
        out.as_bytes(),
        data,
        "a module no pass changed printed differently"
    );
}

/// The pass pipelines the fuzzer runs: every pass with its default options,
/// and the presets.
pub fn pipelines() -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = registry()
        .iter()
        .filter(|i| i.name != "test-perturb")
        .map(|i| vec![i.name.to_string()])
        .collect();
    out.push(vec!["weight-layout{order=panels}".into()]);
    out.push(vec!["int8-weights{bits=4}".into(), "fuse-dequant".into()]);
    for (name, _, _) in crate::passes::PRESETS {
        if let Some(p) = crate::passes::preset(name) {
            out.push(p);
        }
    }
    out
}

/// parse → each pipeline → print → re-parse → verify: a pass never panics,
/// and what it prints reads back as a valid module.
pub fn passes(data: &[u8]) {
    let Some(src) = source(data) else { return };
    let text = src.text().to_string();
    if front::parse(src).is_err() {
        return;
    }
    for specs in pipelines() {
        let Ok(mut m) = front::parse_str("fuzz.mlir", &text) else {
            return;
        };
        let pipeline = Pipeline::from_specs(&specs).expect("known passes");
        match pipeline.run(&mut m) {
            Ok(_) => {}
            // A pass may refuse a program with an error; invalid IR is a finding.
            Err(crate::passes::PassError::InvalidIr { pass, errors }) => {
                panic!("pass {pass} produced invalid IR: {errors}\n{specs:?}")
            }
            Err(_) => continue,
        }
        let out = print_to_string(&m);
        let again = front::parse_str("out.mlir", &out)
            .unwrap_or_else(|e| panic!("{specs:?}: output does not parse again: {e}\n{out}"));
        if let Err(e) = verify(&again) {
            panic!("{specs:?}: output does not verify: {e}\n{out}");
        }
    }
}

/// Weight files: the `.npy`, `.npz` and `.safetensors` readers refuse bad
/// headers with an error (no panic, no allocation the file cannot back).
pub fn weight_headers(data: &[u8], dir: &Path) {
    if data.len() > MAX_INPUT {
        return;
    }
    for name in ["w.npy", "w.npz", "w.safetensors"] {
        let p = dir.join(name);
        if std::fs::write(&p, data).is_err() {
            return;
        }
        let _ = if name.ends_with(".npy") {
            crate::tensor::HostTensor::read_npy(&p).map(|_| ())
        } else {
            crate::tensor::read_set(&p).map(|_| ())
        };
    }
}
