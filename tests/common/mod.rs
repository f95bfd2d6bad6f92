//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared/corpus/stablehlo` beside the checkout.
pub fn corpus_dir() -> PathBuf {
    root()
        .join("..")
        .join("shared")
        .join("corpus")
        .join("stablehlo")
}

/// Whether tests that need IREE or the shared corpus must run (CI sets
/// `HLO_OPT_REQUIRE_IREE=1`): then a missing tool is a failure, not a skip.
pub fn required() -> bool {
    std::env::var("HLO_OPT_REQUIRE_IREE").is_ok_and(|v| v == "1")
}

/// Finds an IREE tool through `IREE_BIN`, then `PATH`, then the project's `.venv`.
pub fn iree_tool(name: &str) -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("IREE_BIN") {
        let p = Path::new(&dir).join(name);
        if p.is_file() {
            return Some(p);
        }
    }
    if let Ok(path) = std::env::var("PATH") {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    let p = root().join(".venv").join("bin").join(name);
    p.is_file().then_some(p)
}

/// The IREE tool, or `None` after saying why the test is skipped (and
/// panicking instead when IREE is required).
pub fn iree_or_skip(name: &str) -> Option<PathBuf> {
    match iree_tool(name) {
        Some(p) => Some(p),
        None if required() => {
            panic!("{name} not found (IREE_BIN, PATH, .venv); run scripts/setup-iree.sh")
        }
        None => {
            eprintln!("skipping: {name} not found; run scripts/setup-iree.sh");
            None
        }
    }
}

/// The hlo-opt binary built for these tests.
pub fn hlo_opt() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hlo-opt"))
}

/// All `.mlir` files below a folder, sorted.
pub fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "mlir") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Parses a file and prints it back.
pub fn round_trip(path: &Path) -> Result<String, String> {
    let source = hlo_opt::ir::Source::map_file(path).map_err(|e| e.to_string())?;
    let module = hlo_opt::front::parse(source).map_err(|e| e.to_string())?;
    Ok(hlo_opt::back::print_to_string(&module))
}
