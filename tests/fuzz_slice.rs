//! A short, deterministic slice of the fuzz harness (`fuzz/`, docs/fuzzing.md)
//! that runs on stable with `cargo test`: seeded byte mutations of testdata
//! and corpus files through the same targets (`hlo_opt::fuzzing`), every
//! input bounded at 1 s.

mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::*;
use rand::{Rng, SeedableRng};

/// Tokens that once broke something, spliced into mutants.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "<",
    ">",
    "\0",
    "\n",
    "} func.func @g() {\n",
    "%0:99999999999 = ",
    "tensor<-1>",
    "tensor<16?x4xf32>",
    "dense<1.0> : tensor<65536x65536xf32>",
    "\"foo.op\"() ({\n",
    "module {\n",
    "contracting_dims = [7] x [9]",
    "dims = [5, 0]",
    "across dimensions = [9]",
    "%arg0",
    "%0#3",
    ": tensor<f32>",
    "-> (tensor<f32>, tensor<i32>)",
    "stablehlo.return",
    "^bb0(%x: tensor<f32>):",
    "dense<\"0x0000\">",
    "loc(#loc9)",
];

fn seeds() -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = mlir_files(&root().join("testdata").join("small"));
    for name in [
        "cond_switch.mlir",
        "scan_while.mlir",
        "sort_topk.mlir",
        "shape_poly.mlir",
        "norm_softmax.mlir",
        "cnn_args.mlir",
        "gather_scatter.mlir",
    ] {
        files.push(root().join("testdata").join("jax").join(name));
    }
    // Every 40th corpus file, when the corpus is there.
    let corpus = corpus_dir();
    if corpus.is_dir() {
        files.extend(mlir_files(&corpus).into_iter().step_by(40));
    }
    files
        .into_iter()
        .filter_map(|p| {
            let b = std::fs::read(&p).ok()?;
            (b.len() <= hlo_opt::fuzzing::MAX_INPUT).then_some((p, b))
        })
        .collect()
}

fn mutate(rng: &mut rand::rngs::StdRng, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut b = input.to_vec();
    for _ in 0..rng.random_range(1..4) {
        let at = rng.random_range(0..=b.len());
        match rng.random_range(0..6) {
            0 if !b.is_empty() => {
                let i = at.min(b.len() - 1);
                b[i] = rng.random();
            }
            1 => {
                let end = (at + rng.random_range(1..32)).min(b.len());
                b.drain(at..end);
            }
            2 => {
                let t = TOKENS[rng.random_range(0..TOKENS.len())];
                b.splice(at..at, t.bytes());
            }
            3 if !other.is_empty() => {
                let s = rng.random_range(0..other.len());
                let e = (s + rng.random_range(1..200)).min(other.len());
                b.splice(at..at, other[s..e].iter().copied());
            }
            4 => {
                let end = (at + rng.random_range(1..64)).min(b.len());
                let chunk: Vec<u8> = b[at..end].to_vec();
                b.splice(at..at, chunk);
            }
            _ => {
                // Swap a digit for a large number: counts and dims from input.
                if let Some(i) = b[at.min(b.len())..].iter().position(u8::is_ascii_digit) {
                    let i = at + i;
                    b.splice(i..i + 1, b"4294967296".iter().copied());
                }
            }
        }
    }
    b
}

fn slice(target: fn(&[u8]), mutants_per_seed: usize, seed: u64) {
    let seeds = seeds();
    assert!(seeds.len() > 10, "{} seeds", seeds.len());
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let t0 = Instant::now();
    let mut slowest = Duration::ZERO;
    let mut runs = 0;
    for (i, (path, bytes)) in seeds.iter().enumerate() {
        let other = &seeds[(i * 7 + 3) % seeds.len()].1;
        let mut inputs = vec![bytes.clone()];
        inputs.extend((0..mutants_per_seed).map(|_| mutate(&mut rng, bytes, other)));
        for input in inputs {
            let t = Instant::now();
            let r = std::panic::catch_unwind(|| target(&input));
            let took = t.elapsed();
            if r.is_err() {
                let dump = std::env::temp_dir().join("hlo-opt-fuzz-finding.mlir");
                let _ = std::fs::write(&dump, &input);
                panic!(
                    "finding on a mutant of {} (written to {})",
                    path.display(),
                    dump.display()
                );
            }
            assert!(
                took < Duration::from_secs(1),
                "a mutant of {} took {took:?}",
                path.display()
            );
            slowest = slowest.max(took);
            runs += 1;
        }
    }
    eprintln!("{runs} inputs in {:?}, slowest {slowest:?}", t0.elapsed());
}

#[test]
fn parse_print_slice() {
    slice(hlo_opt::fuzzing::parse_print, 400, 15);
}

#[test]
fn passes_slice() {
    slice(hlo_opt::fuzzing::passes, 20, 11);
}

#[test]
fn weight_headers_slice() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let npy = {
        let t = hlo_opt::tensor::HostTensor::from_f32(vec![2, 3], &[1.0; 6]);
        let p = dir.path().join("seed.npy");
        t.write_npy(&p).expect("write");
        std::fs::read(&p).expect("read")
    };
    let st = {
        let mut h = b"{\"w\":{\"dtype\":\"F32\",\"shape\":[2,3],\"data_offsets\":[0,24]}}".to_vec();
        let mut b = (h.len() as u64).to_le_bytes().to_vec();
        b.append(&mut h);
        b.extend([0u8; 24]);
        b
    };
    for seed in [npy, st] {
        for _ in 0..400 {
            let m = mutate(&mut rng, &seed, b"(4611686018427387904,)");
            let t = Instant::now();
            hlo_opt::fuzzing::weight_headers(&m, dir.path());
            assert!(t.elapsed() < Duration::from_secs(1));
        }
    }
}

/// Every finding of the long runs (`testdata/fuzz/TARGET/`, docs/fuzzing.md)
/// now passes its target, each within 1 s.
#[test]
fn long_run_findings_stay_fixed() {
    fn headers(data: &[u8]) {
        let dir = tempfile::tempdir().expect("tempdir");
        hlo_opt::fuzzing::weight_headers(data, dir.path());
    }
    type Target = (&'static str, fn(&[u8]));
    let targets: [Target; 3] = [
        ("parse_print", hlo_opt::fuzzing::parse_print),
        ("passes", hlo_opt::fuzzing::passes),
        ("weight_headers", headers),
    ];
    let mut failures = Vec::new();
    let mut seen = 0;
    for (name, target) in targets {
        let dir = root().join("testdata/fuzz").join(name);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
        files.sort();
        for path in files {
            let bytes = std::fs::read(&path).expect("read finding");
            seen += 1;
            let t = Instant::now();
            let r = std::panic::catch_unwind(|| target(&bytes));
            let took = t.elapsed();
            if r.is_err() || took >= Duration::from_secs(1) {
                failures.push(format!("{name}: {} ({took:?})", path.display()));
            }
        }
    }
    assert!(seen > 0, "no findings under testdata/fuzz");
    assert!(
        failures.is_empty(),
        "{} still fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
