//! The accuracy gate in the test suite: `hlo-opt verify` on rewritten JAX
//! decoder graphs, through the command line, with the same metric and gate
//! code the tool uses.

mod common;

use common::*;

fn verify(args: &[&str]) -> Option<(i32, String, tempfile::TempDir)> {
    iree_or_skip("iree-compile")?;
    let dir = tempfile::tempdir().expect("tempdir");
    let json = dir.path().join("r.json");
    let out = hlo_opt()
        .current_dir(root())
        .arg("verify")
        .args(args)
        .arg("--report")
        .arg(&json)
        .arg("--report")
        .arg(dir.path().join("r.md"))
        .arg("--report")
        .arg(dir.path().join("r.html"))
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let report = std::fs::read_to_string(&json).unwrap_or_default();
    eprintln!("{stderr}");
    assert!(
        !report.is_empty() || out.status.code() == Some(1),
        "no report:\n{stderr}"
    );
    Some((out.status.code().unwrap_or(-1), report, dir))
}

const LLAMA: &str = "testdata/jax/llama_decoder_args.mlir";
const LLAMA_INPUTS: &str = "testdata/jax/llama_decoder_args.inputs";

#[test]
fn gate_holds_on_f16_rewritten_decoder() {
    let Some((code, report, dir)) = verify(&[
        LLAMA,
        "--pass",
        "f16-matmul",
        "--inputs",
        LLAMA_INPUTS,
        "--gate",
        "rel_l2<=5e-3,out0.top1>=1,cosine>=0.9999",
    ]) else {
        return;
    };
    assert_eq!(code, 0, "{report}");
    let v: serde_json::Value = serde_json::from_str(&report).expect("json");
    assert_eq!(v["passed"], true);
    let outs = v["outputs"].as_array().expect("outputs");
    assert_eq!(outs.len(), 3);
    for key in [
        "index", "shape", "dtype", "rel_l2", "max_abs", "cosine", "top1",
    ] {
        assert!(outs[0].get(key).is_some(), "missing {key}");
    }
    let html = std::fs::read_to_string(dir.path().join("r.html")).expect("html");
    assert!(
        html.contains("<svg") && !html.contains("<script"),
        "self-contained html with charts"
    );
    let md = std::fs::read_to_string(dir.path().join("r.md")).expect("md");
    assert!(md.contains("| out | shape | rel_l2"));
}

#[test]
fn gate_fails_on_a_perturbed_rewrite_and_names_the_op() {
    let Some((code, report, _dir)) = verify(&[
        LLAMA,
        "--pass",
        "f16-matmul",
        "--pass",
        "test-perturb{index=5}",
        "--inputs",
        LLAMA_INPUTS,
        "--gate",
        "rel_l2<=5e-3",
        "--per-op",
    ]) else {
        return;
    };
    assert_eq!(code, 3, "gate must fail with exit 3");
    let v: serde_json::Value = serde_json::from_str(&report).expect("json");
    assert_eq!(v["passed"], false);
    let per_op = v["per_op"].as_array().expect("per_op");
    assert!(per_op.len() >= 10, "every rewritten dot is tapped");
    let errors: Vec<f64> = per_op
        .iter()
        .map(|o| o["rel_l2"].as_f64().expect("number"))
        .collect();
    let floor = errors.iter().copied().fold(f64::INFINITY, f64::min);
    let first_bad = errors
        .iter()
        .position(|&e| e > 20.0 * floor)
        .expect("a bad op");
    assert_eq!(
        first_bad, 5,
        "the perturbed dot_general (#5) is where the error enters: {errors:?}"
    );
}

/// The JSON report, with numbers rounded to one significant digit.
#[test]
fn json_report_snapshot() {
    let Some((code, report, _dir)) = verify(&[
        "testdata/jax/cnn_args.mlir",
        "--pass",
        "f16-matmul",
        "--inputs",
        "testdata/jax/cnn_args.inputs",
        "--gate",
        "rel_l2<=5e-3,top1>=1",
    ]) else {
        return;
    };
    assert_eq!(code, 0);
    let mut v: serde_json::Value = serde_json::from_str(&report).expect("json");
    fn round(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Number(n) if n.is_f64() => {
                let x = n.as_f64().unwrap_or(0.0);
                let r = if x == 0.0 {
                    0.0
                } else {
                    let p = 10f64.powf(x.abs().log10().floor());
                    (x / p).round() * p
                };
                *v = serde_json::json!(format!("{r:.0e}"));
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(round),
            serde_json::Value::Object(o) => {
                o.remove("error_histogram");
                o.values_mut().for_each(round)
            }
            _ => {}
        }
    }
    round(&mut v);
    insta::assert_json_snapshot!(v);
}

#[test]
fn random_inputs_keep_indices_in_range_and_bad_gates_are_usage_errors() {
    let Some((code, report, _dir)) = verify(&[
        "testdata/jax/qwen2_decoder_args.mlir",
        "--pass",
        "f16-matmul",
        "--seed",
        "7",
        "--gate",
        "rel_l2<=1e-2",
    ]) else {
        return;
    };
    assert_eq!(code, 0, "{report}");
    let out = hlo_opt()
        .current_dir(root())
        .args([
            "verify",
            LLAMA,
            "--pass",
            "f16-matmul",
            "--gate",
            "speed>=2",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown metric `speed`"));
}

/// Every panel form (one row, two rows through a transpose back, a 3-D
/// activation, a PyTorch-layout weight) computes what the plain dot does,
/// on seeded random inputs.
#[test]
fn panels_of_every_form_match_the_plain_program() {
    let Some((code, report, _dir)) = verify(&[
        "testdata/small/panels.mlir",
        "--pass",
        "weight-layout{order=panels,panel-width=4}",
        "--gate",
        "rel_l2<=1e-6",
    ]) else {
        return;
    };
    assert_eq!(code, 0, "{report}");
    let v: serde_json::Value = serde_json::from_str(&report).expect("json");
    assert_eq!(v["outputs"].as_array().map(|a| a.len()), Some(5));
}

/// The rel_l2 of output `i` in a JSON report.
fn rel_l2(report: &str, i: usize) -> f64 {
    let v: serde_json::Value = serde_json::from_str(report).expect("json report");
    v["outputs"][i]["rel_l2"].as_f64().expect("rel_l2")
}

/// Inputs reach IREE as files: a folder of `.npy` used in place, a `.npz`
/// and a `.safetensors` set written out one tensor at a time, and 4-bit
/// (`ui4`) weights of the rewritten program as raw files. All three forms
/// of the same inputs give the same figures; inputs that do not fit the
/// function are refused with a message naming the count or the argument.
#[test]
fn inputs_as_folder_npz_or_safetensors_give_the_same_result() {
    let Some(_) = iree_or_skip("iree-compile") else {
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let set = hlo_opt::tensor::read_set(&root().join(LLAMA_INPUTS)).expect("inputs");
    let npz = dir.path().join("in.npz");
    let st = dir.path().join("in.safetensors");
    hlo_opt::tensor::write_set(&npz, &set, false).expect("npz");
    hlo_opt::tensor::write_set(&st, &set, false).expect("safetensors");
    let mut figures = Vec::new();
    for inputs in [root().join(LLAMA_INPUTS), npz.clone(), st] {
        let inputs = inputs.display().to_string();
        let Some((code, report, _d)) = verify(&[
            LLAMA,
            "--preset",
            "cpu-int4",
            "--inputs",
            &inputs,
            "--gate",
            "rel_l2<=0.5",
        ]) else {
            return;
        };
        assert_eq!(code, 0, "{report}");
        figures.push((rel_l2(&report, 0), rel_l2(&report, 1)));
    }
    assert!(figures[0].0 > 0.0, "4-bit weights change the logits");
    assert_eq!(figures[0], figures[1], "folder and npz");
    assert_eq!(figures[0], figures[2], "folder and safetensors");

    // One input too few: refused before anything runs.
    let short = dir.path().join("short");
    std::fs::create_dir(&short).expect("mkdir");
    for (name, t) in set.iter().skip(1) {
        t.write_npy(&short.join(format!("{name}.npy")))
            .expect("npy");
    }
    let out = hlo_opt()
        .current_dir(root())
        .args(["verify", LLAMA, "--pass", "f16-matmul", "--inputs"])
        .arg(&short)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "{} input(s) given, the function takes {}",
            set.len() - 1,
            set.len()
        )),
        "{stderr}"
    );
}

/// Runs `hlo-opt verify` on the llama decoder with `args` after
/// `--pass f16-matmul`: exit code and stderr (no reports).
fn verify_llama(args: &[&str]) -> Option<(Option<i32>, String)> {
    iree_or_skip("iree-compile")?;
    let out = hlo_opt()
        .current_dir(root())
        .args(["verify", LLAMA, "--pass", "f16-matmul"])
        .args(args)
        .output()
        .expect("runs");
    Some((
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

/// `--quiet` leaves the result and drops progress lines.
#[test]
fn quiet_verify_prints_the_result_only() {
    let Some((code, stderr)) = verify_llama(&["--quiet", "--gate", "rel_l2<=1e-2"]) else {
        return;
    };
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("gate rel_l2<=1e-2: holds"), "{stderr}");
    assert!(
        !stderr.contains("compiling") && !stderr.contains("converted"),
        "{stderr}"
    );
}

/// `--compile-flag` reaches iree-compile (an unknown flag is IREE's error,
/// reported with exit 1), after the flags verify prefers.
#[test]
fn compile_flags_reach_iree_compile() {
    let Some((code, stderr)) = verify_llama(&["--compile-flag=--no-such-hlo-opt-test-flag"]) else {
        return;
    };
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("Unknown command line argument '--no-such-hlo-opt-test-flag'"),
        "{stderr}"
    );
}

/// `bench --baseline-preset A --preset B` times one preset against another,
/// both made from ORIG and its inputs; an unknown preset is a usage error
/// (exit 2, as the contract says for bad usage).
#[test]
fn bench_times_one_preset_against_another() {
    if iree_or_skip("iree-compile").is_none() {
        return;
    }
    let bench = |baseline: &str| {
        hlo_opt()
            .current_dir(root())
            .args(["bench", LLAMA, "--inputs", LLAMA_INPUTS])
            .args(["--baseline-preset", baseline, "--preset", "cpu-int4"])
            .args(["--rounds", "1", "--min-time", "0.05"])
            .output()
            .expect("runs")
    };
    let out = bench("cpu-int8");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(
            "ORIG after --pass weight-layout{order=panels,panel-width=32} --pass int8-weights{activations=int8}"
        ),
        "{stderr}"
    );
    assert!(
        stdout.contains("| original |") && stdout.contains("| rewritten |"),
        "{stdout}"
    );
    let bad = bench("nope");
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(bad.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("unknown preset `nope`") && stderr.contains("cpu-int4"),
        "{stderr}"
    );
}
