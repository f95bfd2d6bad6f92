//! The shared StableHLO corpus round-trips: every file prints back
//! byte-identical, and for every file iree-opt parses, IREE's own MLIR sees
//! the same IR in input and output, with the same operations as hlo-opt's IR.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::*;

/// Rows of MANIFEST.tsv whose `iree_opt_3.13_parse` column says `ok`.
fn iree_parseable(corpus: &Path) -> Vec<PathBuf> {
    let manifest = std::fs::read_to_string(corpus.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let col = header
        .iter()
        .position(|h| *h == "iree_opt_3.13_parse")
        .expect("parse column");
    lines
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            (cells.get(col) == Some(&"ok")).then(|| corpus.join(cells[0]))
        })
        .collect()
}

fn corpus_or_skip() -> Option<PathBuf> {
    let dir = corpus_dir();
    if dir.join("MANIFEST.tsv").is_file() {
        return Some(dir);
    }
    assert!(!required(), "shared corpus missing at {}", dir.display());
    eprintln!("skipping: corpus not found at {}", dir.display());
    None
}

#[test]
fn every_corpus_file_round_trips_byte_identical() {
    let Some(dir) = corpus_or_skip() else { return };
    let files = mlir_files(&dir);
    assert!(files.len() > 1000, "corpus has {} files", files.len());
    let mut failures = Vec::new();
    let mut identical = 0;
    let mut invalid = 0;
    let mut refused = 0;
    for f in &files {
        // Files of expected-error tests hold programs MLIR rejects on
        // purpose: they still print back byte-identical (parsed without the
        // verifier), and the verifier must refuse them.
        let input = std::fs::read_to_string(f).expect("readable");
        if input.contains("// expected-error") {
            invalid += 1;
            if round_trip(f).is_err() {
                refused += 1;
            }
            let source = hlo_opt::ir::Source::map_file(f).expect("readable");
            match hlo_opt::front::parse_unverified(source) {
                Ok(m) if hlo_opt::back::print_to_string(&m) == input => identical += 1,
                Ok(_) => failures.push(format!("{}: printed text differs", f.display())),
                Err(e) => failures.push(format!("{}: {e}", f.display())),
            }
            continue;
        }
        match round_trip(f) {
            Ok(out) => {
                let input = std::fs::read_to_string(f).expect("readable");
                if out == input {
                    identical += 1;
                } else {
                    failures.push(format!("{}: printed text differs", f.display()));
                }
            }
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    eprintln!(
        "corpus: {identical} of {} files byte-identical ({invalid} files of expected errors, {refused} refused by the verifier)",
        files.len()
    );
    // ops_stablehlo.mlir's invalid programs include out-of-range dimension
    // lists, which the verifier refuses.
    assert!(
        refused >= 1,
        "the verifier accepts every file of expected errors"
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Op names in iree-opt's generic output, per `// -----` chunk.
fn generic_op_names(text: &str) -> Vec<BTreeMap<String, usize>> {
    let mut chunks = vec![BTreeMap::new()];
    for line in text.lines() {
        if line.starts_with("// -----") {
            chunks.push(BTreeMap::new());
            continue;
        }
        let l = line.trim_start();
        let l = match l.find(" = \"") {
            Some(i) if l.starts_with('%') => &l[i + 3..],
            _ => l,
        };
        if let Some(rest) = l.strip_prefix('"') {
            if let Some(end) = rest.find("\"(") {
                let name = &rest[..end];
                if name != "builtin.module" {
                    *chunks
                        .last_mut()
                        .expect("one chunk")
                        .entry(name.to_string())
                        .or_default() += 1;
                }
            }
        }
    }
    chunks
}

fn implied_reducer(module: &hlo_opt::ir::Module, op: hlo_opt::ir::Op) -> Option<String> {
    let d = module.dfg.op(op);
    if d.form != hlo_opt::ir::OpForm::Pretty || !d.regions.is_empty() {
        return None;
    }
    let text = d.pieces.iter().find_map(|p| match p {
        hlo_opt::ir::Piece::Src(s) if module.source.slice(*s).contains(" applies ") => {
            Some(module.source.slice(*s))
        }
        _ => None,
    })?;
    let after = text.split(" applies ").nth(1)?;
    Some(after.split_whitespace().next()?.to_string())
}

fn canonical_name(name: &str) -> String {
    match name {
        "return" => "func.return".into(),
        "call" => "func.call".into(),
        "func" => "func.func".into(),
        n => n.to_string(),
    }
}

/// Folds locations the MLIR parser invents (`loc("FILE":L:C)`) so that two
/// joined files compare equal.
fn fold_file_locs(text: &str, file: &str) -> String {
    text.replace(&format!("loc(\"{file}\":"), "loc(\"FILE\":")
}

#[test]
fn iree_opt_sees_the_same_ir_and_ops() {
    let Some(dir) = corpus_or_skip() else { return };
    let Some(iree_opt) = iree_or_skip("iree-opt") else {
        return;
    };
    let files = iree_parseable(&dir);
    assert!(files.len() > 1000, "{} parseable files", files.len());
    let tmp = tempfile::tempdir().expect("tempdir");
    let (mut joined_in, mut joined_out) = (String::new(), String::new());
    let mut chunk_owner: Vec<usize> = Vec::new();
    let mut ours: Vec<BTreeMap<String, usize>> = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let input = std::fs::read_to_string(f).expect("readable");
        let module = hlo_opt::front::parse_str(&f.display().to_string(), &input)
            .unwrap_or_else(|e| panic!("{e}"));
        let output = hlo_opt::back::print_to_string(&module);
        let mut names = BTreeMap::new();
        for op in module.walk() {
            let d = module.dfg.op(op);
            // `stablehlo.reduce(...) applies stablehlo.add across ...` implies a
            // reducer region holding that op and a `stablehlo.return`.
            if let Some(applied) = implied_reducer(&module, op) {
                *names.entry(applied).or_default() += 1;
                *names.entry("stablehlo.return".to_string()).or_default() += 1;
            }
            if matches!(
                d.form,
                hlo_opt::ir::OpForm::Alias | hlo_opt::ir::OpForm::Resource
            ) {
                continue;
            }
            let n = canonical_name(&d.name);
            if n != "module" && n != "builtin.module" {
                *names.entry(n).or_default() += 1;
            }
        }
        ours.push(names);
        let splits = input.lines().filter(|l| l.starts_with("// -----")).count();
        chunk_owner.extend(std::iter::repeat_n(i, splits + 1));
        for (joined, text) in [(&mut joined_in, &input), (&mut joined_out, &output)] {
            if i > 0 {
                joined.push_str("\n// -----\n");
            }
            joined.push_str(text);
        }
    }
    let run = |name: &str, text: &str| -> String {
        let path = tmp.path().join(name);
        std::fs::write(&path, text).expect("write");
        let out = Command::new(&iree_opt)
            .args([
                "--allow-unregistered-dialect",
                "--mlir-print-op-generic",
                "--mlir-print-debuginfo",
                "--split-input-file",
            ])
            .arg(&path)
            .output()
            .expect("iree-opt runs");
        assert!(
            out.status.success(),
            "iree-opt failed on {name}: {}",
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .take(20)
                .collect::<Vec<_>>()
                .join("\n")
        );
        let text = String::from_utf8(out.stdout).expect("utf-8");
        fold_file_locs(&text, &path.display().to_string())
    };
    let generic_in = run("in.mlir", &joined_in);
    let generic_out = run("out.mlir", &joined_out);
    assert!(
        generic_in == generic_out,
        "iree-opt sees different IR in input and output"
    );

    // The IR hlo-opt built has the operations IREE's parser found.
    let chunks = generic_op_names(&generic_in);
    assert_eq!(
        chunks.len(),
        chunk_owner.len(),
        "one chunk per split of each file"
    );
    let mut theirs: Vec<BTreeMap<String, usize>> = vec![BTreeMap::new(); files.len()];
    for (chunk, &owner) in chunks.into_iter().zip(&chunk_owner) {
        for (name, n) in chunk {
            *theirs[owner].entry(name).or_default() += n;
        }
    }
    let mismatches: Vec<String> = files
        .iter()
        .zip(ours.iter().zip(&theirs))
        .filter(|(_, (a, b))| a != b)
        .map(|(f, (a, b))| format!("{}:\n  hlo-opt {a:?}\n  iree-opt {b:?}", f.display()))
        .collect();
    assert!(
        mismatches.is_empty(),
        "{} files where hlo-opt's operations differ from iree-opt's:\n{}",
        mismatches.len(),
        mismatches
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    eprintln!(
        "iree-opt: {} files, same IR and same operations",
        files.len()
    );
}

/// Every pass leaves every corpus program that iree-opt parses valid for
/// iree-opt (its verifier checks types and op constraints), parseable by
/// hlo-opt again, and without a panic.
#[test]
fn passes_keep_corpus_programs_valid() {
    let Some(dir) = corpus_or_skip() else { return };
    let Some(iree_opt) = iree_or_skip("iree-opt") else {
        return;
    };
    let files = iree_parseable(&dir);
    let tmp = tempfile::tempdir().expect("tempdir");
    // (passes, whether the corpus has programs it must change)
    for (passes, must_change) in [
        (&["f16-matmul"][..], true),
        (&["bf16-matmul"][..], true),
        (&["f16"][..], true),
        (&["bf16{keep-io=false}"][..], true),
        (&["weight-layout"][..], false),
        (&["int8-weights"][..], false),
        (&["int8-weights{group-size=2,activations=int8}"][..], false),
        (&["int8-weights{bits=4,group-size=2}"][..], false),
        (&["fuse-dequant"][..], false),
        (&["gqa-dot"][..], false),
        (&["weight-layout{order=panels}"][..], false),
        (
            &[
                "weight-layout{order=panels}",
                "int8-weights{activations=int8}",
            ][..],
            false,
        ),
    ] {
        let specs: Vec<String> = passes.iter().map(|p| p.to_string()).collect();
        let pass = specs.join(" then ");
        let pipeline = hlo_opt::passes::Pipeline::from_specs(&specs).expect("pass");
        let mut joined = String::new();
        let mut changed = 0;
        for f in &files {
            let text = std::fs::read_to_string(f).expect("readable");
            let mut m = hlo_opt::front::parse_str(&f.display().to_string(), &text)
                .unwrap_or_else(|e| panic!("{e}"));
            let stats = pipeline
                .run(&mut m)
                .unwrap_or_else(|e| panic!("{pass} on {}: {e}", f.display()));
            let out = hlo_opt::back::print_to_string(&m);
            hlo_opt::front::parse_str("again.mlir", &out)
                .unwrap_or_else(|e| panic!("{pass} on {}: {e}", f.display()));
            if stats.passes.iter().any(|(_, s)| s.changed()) {
                changed += 1;
            }
            joined.push_str(&out);
            joined.push_str("\n// -----\n");
        }
        let path = tmp.path().join("joined.mlir");
        std::fs::write(&path, &joined).expect("write");
        let o = Command::new(&iree_opt)
            .args(["--allow-unregistered-dialect", "--split-input-file"])
            .arg(&path)
            .output()
            .expect("iree-opt runs");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            o.status.success(),
            "{pass}: iree-opt rejects rewritten programs:\n{}",
            err.lines().take(20).collect::<Vec<_>>().join("\n")
        );
        eprintln!(
            "{pass}: changed {changed} of {} corpus files; iree-opt accepts all",
            files.len()
        );
        assert!(
            changed > 0 || !must_change,
            "{pass} changed nothing in the corpus"
        );
    }
}
