//! `hlo-opt tune` through the command line: a mixed plan found on decoders
//! from two exporters, confirmed by a fresh `verify`, reproduced from its
//! plan file; a gate no plan meets; usage errors.

mod common;

use common::*;

struct Tuned {
    code: i32,
    stderr: String,
    report: serde_json::Value,
    dir: tempfile::TempDir,
}

fn tune(args: &[&str]) -> Option<Tuned> {
    iree_or_skip("iree-compile")?;
    let dir = tempfile::tempdir().expect("tempdir");
    let out = hlo_opt()
        .current_dir(root())
        .arg("tune")
        .args(args)
        .arg("-o")
        .arg(dir.path().join("out.mlir"))
        .arg("--plan")
        .arg(dir.path().join("plan.txt"))
        .arg("--report")
        .arg(dir.path().join("r.json"))
        .arg("--report")
        .arg(dir.path().join("r.md"))
        .arg("--rounds")
        .arg("0")
        .arg("--quiet")
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    eprintln!("{stderr}");
    let report = std::fs::read_to_string(dir.path().join("r.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(serde_json::Value::Null);
    Some(Tuned {
        code: out.status.code().unwrap_or(-1),
        stderr,
        report,
        dir,
    })
}

/// Runs the plan file's arguments on ORIG and checks the program is the
/// one tune wrote; then a fresh verify of it against ORIG with the gate.
fn reproduce_and_verify(t: &Tuned, orig: &str, inputs: &str, gate: &str) {
    let plan = std::fs::read_to_string(t.dir.path().join("plan.txt")).expect("plan written");
    let args: Vec<&str> = plan
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .collect();
    let out = hlo_opt()
        .current_dir(root())
        .args(&args)
        .arg(orig)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read(t.dir.path().join("out.mlir")).expect("program written");
    assert!(out.stdout == written, "the plan file does not reproduce -o");
    let v = hlo_opt()
        .current_dir(root())
        .args(["verify", orig, "--against"])
        .arg(t.dir.path().join("out.mlir"))
        .args(["--inputs", inputs, "--gate", gate, "--quiet"])
        .output()
        .expect("runs");
    assert_eq!(
        v.status.code(),
        Some(0),
        "fresh verify:\n{}",
        String::from_utf8_lossy(&v.stderr)
    );
}

fn forms(report: &serde_json::Value) -> std::collections::BTreeSet<String> {
    report["weights"]
        .as_array()
        .expect("weights")
        .iter()
        .map(|w| w["form"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// A gate that uniform int8 fails (logits rel_l2 1.2e-2) and f16 holds: the
/// plan mixes both, holds on a fresh verify, within 10 cycles.
#[test]
fn a_mixed_plan_holds_the_gate_on_a_jax_decoder() {
    let (orig, inputs, gate) = (
        "testdata/jax/llama_decoder_args.mlir",
        "testdata/jax/llama_decoder_args.inputs",
        "rel_l2<=5e-3",
    );
    let Some(t) = tune(&[orig, "--inputs", inputs, "--gate", gate]) else {
        return;
    };
    assert_eq!(t.code, 0, "{}", t.stderr);
    assert_eq!(t.report["passed"], true);
    assert!(t.report["cycles"].as_u64().unwrap() <= 10);
    let tried = t.report["tried"].as_array().unwrap();
    assert_eq!(tried[0]["holds"], false, "uniform int8 must fail this gate");
    assert_eq!(
        forms(&t.report),
        ["cpu".to_string(), "cpu-int8".to_string()].into(),
        "a mix of both forms"
    );
    reproduce_and_verify(&t, orig, inputs, gate);
    let md = std::fs::read_to_string(t.dir.path().join("r.md")).unwrap();
    assert!(md.contains("params['layers'][0]['wq']"), "{md}");
}

#[test]
fn a_mixed_plan_holds_the_gate_on_a_torch_mlir_decoder() {
    let (orig, inputs, gate) = (
        "testdata/torch_mlir/hf_llama_decode_args.mlir",
        "testdata/torch_mlir/hf_llama_decode_args.inputs",
        "rel_l2<=5e-3",
    );
    let Some(t) = tune(&[orig, "--inputs", inputs, "--gate", gate]) else {
        return;
    };
    assert_eq!(t.code, 0, "{}", t.stderr);
    assert!(t.report["cycles"].as_u64().unwrap() <= 10);
    assert_eq!(t.report["tried"][0]["holds"], false);
    reproduce_and_verify(&t, orig, inputs, gate);
}

/// No form meets an exact gate: exit 3, a clear message, and the closest
/// plan tried still written (marked as failing).
#[test]
fn a_gate_no_plan_meets_exits_3_and_still_reports() {
    let Some(t) = tune(&[
        "testdata/jax/llama_decoder_args.mlir",
        "--inputs",
        "testdata/jax/llama_decoder_args.inputs",
        "--gate",
        "rel_l2<=1e-9",
        "--candidates",
        "f16-matmul",
        "--budget",
        "4",
    ]) else {
        return;
    };
    assert_eq!(t.code, 3, "{}", t.stderr);
    assert!(t.stderr.contains("no plan held the gate"), "{}", t.stderr);
    assert_eq!(t.report["passed"], false);
    assert!(t.report["cycles"].as_u64().unwrap() <= 4);
    let plan = std::fs::read_to_string(t.dir.path().join("plan.txt")).unwrap();
    assert!(plan.contains("FAILS the gate"), "{plan}");
}

#[test]
fn bad_candidates_and_gates_are_usage_errors() {
    for (args, needle) in [
        (
            vec!["--gate", "rel_l2<=1e-2", "--candidates", "weight-layout"],
            "needs exactly one of",
        ),
        (
            vec![
                "--gate",
                "rel_l2<=1e-2",
                "--candidates",
                "f16-matmul{include=x}",
            ],
            "tune writes those",
        ),
        (vec!["--gate", ""], "give a gate"),
        (
            vec!["--gate", "kld_mean<=1e-3"],
            "need --steps or --eval-tokens",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = hlo_opt()
            .current_dir(root())
            .args(["tune", "testdata/jax/llama_decoder_args.mlir"])
            .args(&args)
            .arg("-o")
            .arg(dir.path().join("o.mlir"))
            .arg("--plan")
            .arg(dir.path().join("p.txt"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!dir.path().join("o.mlir").exists());
    }
}

/// Token-level gate on the trained byte model (teacher-forced over 64
/// held-out bytes): uniform cpu-int8 fails `kld_mean<=3e-4`, and what the
/// budget allows is reported with every plan's KLD.
#[test]
fn a_token_level_gate_on_the_trained_model() {
    let Some(t) = tune(&[
        "testdata/jax/byte_lm_step.mlir",
        "--inputs",
        "testdata/jax/byte_lm_step.inputs",
        "--eval-tokens",
        "testdata/jax/byte_lm_eval64.npy",
        "--gate",
        "kld_mean<=3e-4",
        "--budget",
        "4",
    ]) else {
        return;
    };
    assert_eq!(t.code, 0, "{}", t.stderr);
    let tried = t.report["tried"].as_array().unwrap();
    assert!(tried.iter().all(|p| p["measured"]
        .as_str()
        .unwrap()
        .starts_with("kld_mean<=0.0003: ")));
    assert!(t.report["cycles"].as_u64().unwrap() <= 4);
    assert_eq!(
        forms(&t.report),
        ["cpu".to_string(), "cpu-int8".to_string()].into()
    );
}
