//! Token-level checks of decode steps: the convention inferred from the
//! testdata decoders, the rollout wrapper against stepping by hand on IREE,
//! and `verify --steps` / `--eval-tokens` / `bench --steps` through the
//! command line.

mod common;

use common::*;
use hlo_opt::decode::{DecodeStep, Loop, Overrides};
use hlo_opt::tensor::{DType, HostTensor};

const LLAMA: &str = "testdata/jax/llama_decoder_args.mlir";
const LLAMA_INPUTS: &str = "testdata/jax/llama_decoder_args.inputs";

fn parse(path: &str) -> hlo_opt::ir::Module {
    let source = hlo_opt::ir::Source::map_file(&root().join(path)).expect("reads");
    hlo_opt::front::parse(source).expect("parses")
}

#[test]
fn the_testdata_decoders_fit_the_convention() {
    for name in ["llama", "qwen2", "gemma2"] {
        let m = parse(&format!("testdata/jax/{name}_decoder_args.mlir"));
        let s = DecodeStep::infer(&m, &Overrides::default()).expect(name);
        let n = s.args.len();
        assert_eq!(s.args[s.token].name, "ids", "{name}");
        assert_eq!(s.args[s.position].name, "pos", "{name}");
        assert_eq!(s.feeds, vec![(1, n - 2), (2, n - 1)], "{name}");
        assert_eq!(s.vocab, 256, "{name}");
    }
    let m = parse(LLAMA);
    let s = DecodeStep::infer(&m, &Overrides::default()).expect("llama");
    assert_eq!(
        s.describe(),
        "decode step: token arg 21 (ids) tensor<1xi32>, position arg 22 (pos), feeds 1=23 (k_cache), 2=24 (v_cache), vocabulary 256"
    );
    // Overrides are checked against the signature.
    let bad = Overrides {
        feeds: Some(vec![(1, 0)]),
        ..Overrides::default()
    };
    let e = DecodeStep::infer(&m, &bad).expect_err("type mismatch");
    assert!(e.to_string().contains("--feed: 1=0"), "{e}");
    let swapped = Overrides {
        feeds: Some(vec![(1, 24), (2, 23)]),
        ..Overrides::default()
    };
    assert_eq!(
        DecodeStep::infer(&m, &swapped).expect("ok").feeds,
        vec![(1, 24), (2, 23)]
    );
    let e = DecodeStep::infer(
        &m,
        &Overrides {
            token: Some(0),
            ..Overrides::default()
        },
    )
    .expect_err("weights are not tokens");
    assert!(e.to_string().contains("token argument"), "{e}");
}

#[test]
fn a_graph_that_is_not_a_decode_step_is_refused_by_name() {
    let m = parse("testdata/small/matmul.mlir");
    let e = DecodeStep::infer(&m, &Overrides::default()).expect_err("not a step");
    assert!(e.to_string().starts_with("not a decode step"), "{e}");
    // Through the command line: exit 1 and the same message.
    let out = hlo_opt()
        .current_dir(root())
        .args([
            "verify",
            "testdata/small/matmul.mlir",
            "--pass",
            "f16-matmul",
            "--steps",
            "4",
        ])
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("not a decode step"), "{stderr}");
}

#[test]
fn token_gate_keys_need_a_token_mode() {
    let out = hlo_opt()
        .current_dir(root())
        .args([
            "verify",
            LLAMA,
            "--pass",
            "f16-matmul",
            "--gate",
            "tokens_equal>=1",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("need --steps or --eval-tokens"));
}

#[test]
fn the_wrapper_module_has_the_rollout_and_a_private_step() {
    let m = parse(LLAMA);
    let s = DecodeStep::infer(&m, &Overrides::default()).expect("llama");
    let text = hlo_opt::decode::wrapper_module(
        &hlo_opt::back::print_to_string(&m),
        &s,
        Loop {
            iterations: 5,
            forced: 2,
        },
    )
    .expect("wrapper");
    assert!(text.contains("func.func public @hlo_opt_rollout("));
    assert!(text.contains("func.func private @hlo_opt_step("));
    assert!(!text.contains("@main("));
    assert!(text.contains("-> (tensor<5xi32>, tensor<5x256xf32>)"));
    // It parses as MLIR again.
    hlo_opt::front::parse(
        hlo_opt::ir::Source::from_bytes("wrapper", text.into_bytes()).expect("source"),
    )
    .expect("the wrapper parses");
}

fn i32_tensor(shape: Vec<u64>, values: &[i32]) -> HostTensor {
    HostTensor {
        dtype: DType::I32,
        shape,
        data: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
    }
}

fn argmax(row: &[f64]) -> usize {
    let mut best = 0;
    for (i, &v) in row.iter().enumerate() {
        if v > row[best] {
            best = i;
        }
    }
    best
}

/// The wrapper's calls are the step's calls: prompt token, then its own
/// argmax, position + 1 and the new caches, checked against calling the
/// step by hand three times.
#[test]
fn the_rollout_equals_stepping_by_hand() {
    if iree_or_skip("iree-compile").is_none() {
        return;
    }
    let iree = hlo_opt::iree::Iree::find().expect("iree");
    let target = hlo_opt::iree::Target::Cpu;
    let dir = tempfile::tempdir().expect("tempdir");
    let m = parse(LLAMA);
    let inputs = hlo_opt::tensor::read_set(&root().join(LLAMA_INPUTS)).expect("inputs");
    let prep = hlo_opt::rollout::prepare(
        &m,
        &m,
        &inputs,
        &inputs,
        &hlo_opt::rollout::Mode::Rollout {
            prompt: vec![7],
            steps: 3,
        },
        &Overrides::default(),
    )
    .expect("prepare");
    let path =
        hlo_opt::rollout::write_wrapper(dir.path(), "original", &prep.orig_text).expect("write");
    let got = hlo_opt::rollout::run_program(
        &iree,
        &path,
        &prep.orig_inputs,
        &target,
        dir.path(),
        "original",
    )
    .expect("rollout runs");
    assert_eq!(got.tokens.len(), 3);
    assert_eq!(got.logits.len(), 3 * 256);
    // By hand.
    let vmfb = dir.path().join("step.vmfb");
    iree.compile(&root().join(LLAMA), &vmfb, &target, "step")
        .expect("compiles");
    let mut args: Vec<HostTensor> = inputs.iter().map(|(_, t)| t.clone()).collect();
    let pos0 = args[22].to_f64()[0] as i32;
    args[21] = i32_tensor(vec![1], &[7]);
    for call in 0..3 {
        let work = dir.path().join(format!("call{call}"));
        std::fs::create_dir_all(&work).expect("dir");
        let outs = iree
            .run(&hlo_opt::iree::Invocation {
                vmfb: &vmfb,
                function: "main",
                device: target.device(),
                inputs: hlo_opt::iree::RunInputs::Tensors(&args),
                outputs: 3,
                workdir: &work,
                what: "step",
            })
            .expect("step runs");
        let logits = outs[0].to_f64();
        let row = &got.logits[call * 256..(call + 1) * 256];
        let diff = logits
            .iter()
            .zip(row)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0f64, f64::max);
        assert!(diff < 1e-4, "call {call}: logits differ by {diff}");
        let next = argmax(&logits);
        assert_eq!(got.tokens[call], next as i64, "call {call}");
        args[21] = i32_tensor(vec![1], &[next as i32]);
        args[22] = i32_tensor(vec![], &[pos0 + call as i32 + 1]);
        args[23] = outs[1].clone();
        args[24] = outs[2].clone();
    }
}

fn verify(args: &[&str]) -> Option<(i32, serde_json::Value, String, tempfile::TempDir)> {
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
    eprintln!("{stderr}");
    let report = std::fs::read_to_string(&json).unwrap_or_default();
    let v = serde_json::from_str(&report).unwrap_or(serde_json::Value::Null);
    Some((out.status.code().unwrap_or(-1), v, stderr, dir))
}

#[test]
fn f16_matmul_keeps_the_greedy_stream() {
    // pos starts at 3 and the cache holds 16 positions: 2 + 12 - 1 calls fit.
    let Some((code, v, stderr, dir)) = verify(&[
        LLAMA,
        "--pass",
        "f16-matmul",
        "--inputs",
        LLAMA_INPUTS,
        "--steps",
        "12",
        "--prompt",
        "1,2",
        "--gate",
        "tokens_equal>=1,first_divergence>=12,kl<=1e-6",
    ]) else {
        return;
    };
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("decode step: token arg 21 (ids)"),
        "{stderr}"
    );
    let r = &v["rollout"];
    assert_eq!(r["steps"], 12);
    assert_eq!(r["prompt"], serde_json::json!([1, 2]));
    assert_eq!(r["orig_tokens"].as_array().map(Vec::len), Some(12));
    assert_eq!(r["orig_tokens"], r["new_tokens"]);
    assert_eq!(r["first_divergence"], serde_json::Value::Null);
    assert_eq!(r["tokens_equal"], 1.0);
    assert_eq!(r["per_step"].as_array().map(Vec::len), Some(12));
    let html = std::fs::read_to_string(dir.path().join("r.html")).expect("html");
    assert!(html.contains("Greedy rollout") && html.contains("<polyline"));
    let md = std::fs::read_to_string(dir.path().join("r.md")).expect("md");
    assert!(md.contains("| step | original | rewritten |"), "{md}");
}

#[test]
fn a_perturbed_rewrite_fails_tokens_equal_and_names_the_step() {
    let Some((code, v, stderr, dir)) = verify(&[
        LLAMA,
        "--pass",
        "test-perturb{index=3,scale=0.5}",
        "--inputs",
        LLAMA_INPUTS,
        "--steps",
        "12",
        "--prompt",
        "1,2",
        "--gate",
        "tokens_equal>=1",
    ]) else {
        return;
    };
    assert_eq!(code, 3, "{stderr}");
    let r = &v["rollout"];
    let k = r["first_divergence"].as_u64().expect("a divergence");
    assert!(r["tokens_equal"].as_f64().expect("share") < 1.0);
    assert_ne!(r["orig_tokens"][k as usize], r["new_tokens"][k as usize]);
    assert_eq!(r["divergence"]["step"], k);
    assert!(r["divergence"]["orig"]["margin"].as_f64().is_some());
    assert!(r["divergence"]["new"]["margin"].as_f64().is_some());
    assert!(
        stderr.contains(&format!("the streams part at generated step {k}")),
        "{stderr}"
    );
    let html = std::fs::read_to_string(dir.path().join("r.html")).expect("html");
    assert!(html.contains("tok div"), "the divergence is marked");
}

fn tokens_file(dir: &std::path::Path) -> std::path::PathBuf {
    let text = b"Hello, world!";
    let t = i32_tensor(
        vec![text.len() as u64],
        &text.iter().map(|&b| b as i32).collect::<Vec<_>>(),
    );
    let p = dir.join("tokens.npy");
    t.write_npy(&p).expect("writes");
    p
}

#[test]
fn eval_tokens_kl_is_zero_for_an_identical_rewrite_and_not_for_f16() {
    let Some(dir) = iree_or_skip("iree-compile").map(|_| tempfile::tempdir().expect("tempdir"))
    else {
        return;
    };
    // 13 tokens: 12 calls from pos 3 fit the 16-position cache.
    let tokens = tokens_file(dir.path());
    let tokens = tokens.to_str().expect("utf-8");
    let Some((code, v, stderr, _d)) = verify(&[
        LLAMA,
        "--against",
        LLAMA,
        "--inputs",
        LLAMA_INPUTS,
        "--eval-tokens",
        tokens,
        "--gate",
        "kld_mean<=1e-12,same_top1>=1,ppl_ratio<=1",
    ]) else {
        return;
    };
    assert_eq!(code, 0, "{stderr}");
    let e = &v["eval"];
    assert_eq!(e["positions"], 12);
    assert_eq!(e["kld_max"], 0.0);
    assert_eq!(e["nll_orig"], e["nll_new"]);
    let ppl = e["ppl_orig"].as_f64().expect("ppl");
    assert!(ppl > 1.0 && ppl.is_finite());
    let Some((code, v, stderr, _d)) = verify(&[
        LLAMA,
        "--pass",
        "f16-matmul",
        "--inputs",
        LLAMA_INPUTS,
        "--eval-tokens",
        tokens,
        "--gate",
        "kld_mean<=1e-4",
    ]) else {
        return;
    };
    assert_eq!(code, 0, "{stderr}");
    let e = &v["eval"];
    let kld = e["kld_mean"].as_f64().expect("kld");
    assert!(kld > 0.0 && kld < 1e-4, "{kld}");
    for key in [
        "kld_median",
        "kld_p99",
        "kld_max",
        "same_top1",
        "nll_new",
        "ppl_new",
    ] {
        assert!(e[key].as_f64().is_some(), "missing {key}");
    }
}

#[test]
fn bench_steps_reports_tokens_per_second() {
    if iree_or_skip("iree-benchmark-module").is_none() {
        return;
    }
    let out = hlo_opt()
        .current_dir(root())
        .args([
            "bench",
            LLAMA,
            "--preset",
            "cpu",
            "--inputs",
            LLAMA_INPUTS,
            "--steps",
            "8",
            "--prompt",
            "1",
            "--rounds",
            "1",
            "--min-time",
            "0.05",
        ])
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("generated tok/s"), "{stdout}");
    assert!(
        stdout.contains("| original |") && stdout.contains("| rewritten |"),
        "{stdout}"
    );
}

// The trained byte-level model (testdata/jax/byte_lm_step.*, made by
// testdata/gen/train_byte_lm.py): these tests skip with a note while its
// files are absent from the checkout.
const BYTE_LM: &str = "testdata/jax/byte_lm_step.mlir";
const BYTE_LM_INPUTS: &str = "testdata/jax/byte_lm_step.inputs";

fn byte_lm_prompt() -> Option<String> {
    if !root().join(BYTE_LM).is_file() {
        eprintln!("skipping: {BYTE_LM} is not in this checkout");
        return None;
    }
    let text = std::fs::read(root().join("testdata/jax/byte_lm_prompt.txt")).expect("prompt");
    let text = text.strip_suffix(b"\n").unwrap_or(&text);
    Some(
        text.iter()
            .map(|b| b.to_string())
            .collect::<Vec<_>>()
            .join(","),
    )
}

/// f16-matmul and the cpu preset keep the 48-token greedy stream of the
/// trained model; should a near tie flip a token, the report must show the
/// step and both programs' top-2 margins.
#[test]
fn trained_model_greedy_stream_survives_f16_and_the_cpu_preset() {
    let Some(prompt) = byte_lm_prompt() else {
        return;
    };
    for rewrite in [["--pass", "f16-matmul"], ["--preset", "cpu"]] {
        let mut args = vec![BYTE_LM];
        args.extend(rewrite);
        args.extend([
            "--inputs",
            BYTE_LM_INPUTS,
            "--steps",
            "48",
            "--prompt",
            &prompt,
            "--gate",
            "tokens_equal>=1",
        ]);
        let Some((code, v, stderr, _d)) = verify(&args) else {
            return;
        };
        let r = &v["rollout"];
        assert_eq!(r["orig_tokens"].as_array().map(Vec::len), Some(48));
        assert_eq!(r["prompt_text"], "def encode(");
        if code == 0 {
            assert_eq!(r["orig_tokens"], r["new_tokens"], "{rewrite:?}");
        } else {
            // A flip: it must be a near tie, shown with its margins.
            assert_eq!(code, 3, "{stderr}");
            let d = &r["divergence"];
            let m = d["orig"]["margin"].as_f64().expect("margin");
            assert!(
                m < 1e-2,
                "{rewrite:?} flipped a clear choice (margin {m}): {stderr}"
            );
            assert!(stderr.contains("the streams part at generated step"));
        }
    }
}

/// int8-weights on the trained model: KLD, same_top1 and the perplexity
/// ratio over the held-out text, in windows the cache holds.
#[test]
fn trained_model_int8_reports_kld_and_perplexity() {
    if byte_lm_prompt().is_none() {
        return;
    }
    let Some((code, v, stderr, _d)) = verify(&[
        BYTE_LM,
        "--pass",
        "int8-weights",
        "--inputs",
        BYTE_LM_INPUTS,
        "--eval-tokens",
        "testdata/jax/byte_lm_eval.npy",
        "--eval-window",
        "255",
        "--gate",
        "kld_mean<=1e-3,same_top1>=0.98,ppl_ratio<=1.01",
    ]) else {
        return;
    };
    assert_eq!(code, 0, "{stderr}");
    let e = &v["eval"];
    assert_eq!(e["positions"], 510);
    let kld = e["kld_mean"].as_f64().expect("kld");
    assert!(kld > 0.0, "int8 changes the distribution a little: {kld}");
    // Far below the uniform byte model.
    assert!(e["ppl_orig"].as_f64().expect("ppl") < 200.0);
}
