//! `hlo-opt weights convert` through the command line: every output form,
//! inputs by name or position, and errors that name the argument.

mod common;

use common::*;
use hlo_opt::tensor::read_set;

fn rewrite(pass: &str, dir: &std::path::Path) -> std::path::PathBuf {
    let out = dir.join("rewritten.mlir");
    let o = hlo_opt()
        .args(["--pass", pass])
        .arg(root().join("testdata/jax/qwen2_decoder_args.mlir"))
        .arg("-o")
        .arg(&out)
        .output()
        .expect("runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    out
}

fn convert(
    rewritten: &std::path::Path,
    from: &std::path::Path,
    to: &std::path::Path,
) -> std::process::Output {
    hlo_opt()
        .args(["weights", "convert"])
        .arg(rewritten)
        .arg("--from")
        .arg(from)
        .arg("--to")
        .arg(to)
        .output()
        .expect("runs")
}

#[test]
fn folder_npz_and_safetensors_hold_the_same_tensors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rewritten = rewrite("f16-matmul", dir.path());
    let inputs = root().join("testdata/jax/qwen2_decoder_args.inputs");
    let mut sets = Vec::new();
    for name in ["out_dir", "out.npz", "out.safetensors"] {
        let to = dir.path().join(name);
        let o = convert(&rewritten, &inputs, &to);
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let mut set = read_set(&to).expect("readable");
        set.sort_by(|a, b| a.0.cmp(&b.0));
        sets.push(set);
    }
    assert_eq!(sets[0].len(), 30);
    assert_eq!(sets[0], sets[1]);
    assert_eq!(sets[0], sets[2]);
    assert_eq!(
        sets[0][0].1.dtype,
        hlo_opt::tensor::DType::F16,
        "the embedding became f16 (tied lm_head)"
    );
    // The npz, keyed by position, works as original inputs of the same program.
    let back = dir.path().join("again");
    let o = convert(&dir.path().join("rewritten.mlir"), &inputs, &back);
    assert!(o.status.success());
}

#[test]
fn wrong_inputs_name_the_argument_and_write_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rewritten = rewrite("f16-matmul", dir.path());
    let to = dir.path().join("new");
    let o = convert(
        &rewritten,
        &root().join("testdata/jax/cnn_args.inputs"),
        &to,
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("argument 0 (params['embed'])"), "{err}");
    assert!(err.contains("expected tensor<256x64xf32>"), "{err}");
    assert!(!to.exists(), "nothing is written on failure");
    let leftovers = std::fs::read_dir(dir.path()).expect("list").count();
    assert_eq!(leftovers, 1, "only the rewritten program is there");
}

/// A recipe is read through its type before any input is: a step that does
/// not read is an error naming the argument, and nothing is written.
#[test]
fn a_recipe_that_does_not_read_names_the_argument() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rewritten = rewrite("f16-matmul", dir.path());
    let text = std::fs::read_to_string(&rewritten).expect("read");
    let (head, tail) = text
        .split_once("hlo_opt.recipe = \"convert(f16)\"")
        .expect("a recipe");
    let bad = format!("{head}hlo_opt.recipe = \"convert(f8)\"{tail}");
    std::fs::write(&rewritten, bad).expect("write");
    let to = dir.path().join("new");
    let inputs = root().join("testdata/jax/qwen2_decoder_args.inputs");
    let o = convert(&rewritten, &inputs, &to);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad hlo_opt attribute"), "{err}");
    assert!(err.contains("unknown recipe step `convert(f8)`"), "{err}");
    assert!(!to.exists(), "nothing is written on failure");
}

#[test]
fn bf16_weights_are_written_as_v2_npy() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rewritten = rewrite("bf16-matmul", dir.path());
    let to = dir.path().join("new");
    let o = convert(
        &rewritten,
        &root().join("testdata/jax/qwen2_decoder_args.inputs"),
        &to,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let header = std::fs::read(to.join("arg000.npy")).expect("npy");
    let text = String::from_utf8_lossy(&header[..128]);
    assert!(text.contains("'descr': '<V2'"), "{text}");
}

/// The streaming paths of `weights convert` (narrowing while writing, layout
/// steps folded into one strided copy, both on every core) write exactly
/// what the step-by-step conversion in memory makes, for every preset's
/// recipes on a PyTorch-layout ([out, in]) decoder, into a folder, a
/// `.npz` and a `.safetensors` file (streamed: header first).
#[test]
fn streaming_conversion_matches_step_by_step_for_every_preset() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = root().join("testdata/jax/llama_decoder_outin.mlir");
    let inputs = root().join("testdata/jax/llama_decoder_outin.inputs");
    let set = read_set(&inputs).expect("inputs");
    for (k, args) in [
        &["--pass", "f16-matmul"][..],
        &["--pass", "bf16"],
        &["--preset", "cpu"],
        &["--preset", "gpu"],
        &["--preset", "cpu-int8"],
        &["--pass", "weight-layout{order=panels}"],
    ]
    .iter()
    .enumerate()
    {
        let rewritten = dir.path().join(format!("r{k}.mlir"));
        let o = hlo_opt()
            .args(*args)
            .arg(&src)
            .arg("-o")
            .arg(&rewritten)
            .output()
            .expect("runs");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = std::fs::read_to_string(&rewritten).expect("read");
        let module = hlo_opt::front::parse_str("rewritten.mlir", &text).expect("parses");
        let want =
            hlo_opt::weights::convert(&module, None, &set, Default::default()).expect("convert");
        for to in [
            format!("out{k}"),
            format!("out{k}.npz"),
            format!("out{k}.safetensors"),
        ] {
            let to = dir.path().join(to);
            let o = convert(&rewritten, &inputs, &to);
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            let got = read_set(&to).expect("read back");
            assert_eq!(got.len(), want.len(), "{args:?}");
            for ((gn, g), (wn, w)) in got.iter().zip(&want) {
                assert_eq!(gn, wn, "{args:?}");
                assert_eq!(g, w, "{args:?} {gn}");
            }
        }
    }
}

/// Inputs of an earlier rewrite (`--from-program`): `weights convert`
/// applies only the steps after that program's own, and gets the same
/// tensors as converting from the original inputs; without the flag the
/// earlier program's inputs are refused with a pointer to it.
#[test]
fn inputs_of_an_earlier_rewrite_convert_with_from_program() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = root().join("testdata/jax/llama_decoder_outin.mlir");
    let inputs = root().join("testdata/jax/llama_decoder_outin.inputs");
    let write = |args: &[&str], from: &std::path::Path, name: &str| {
        let out = dir.path().join(name);
        let o = hlo_opt()
            .args(args)
            .arg(from)
            .arg("-o")
            .arg(&out)
            .output()
            .expect("runs");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        out
    };
    // The earlier program: panels (f32); the later: panels, then int8.
    let panels = write(
        &["--pass", "weight-layout{order=panels}"],
        &src,
        "panels.mlir",
    );
    let later = write(&["--pass", "int8-weights"], &panels, "later.mlir");
    let panel_inputs = dir.path().join("panels_in");
    let o = convert(&panels, &inputs, &panel_inputs);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));

    let direct = dir.path().join("direct.safetensors");
    let o = convert(&later, &inputs, &direct);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));

    let refused = dir.path().join("refused.safetensors");
    let o = convert(&later, &panel_inputs, &refused);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("--from-program"), "{stderr}");
    assert!(!refused.exists());

    let chained = dir.path().join("chained.safetensors");
    let o = hlo_opt()
        .args(["weights", "convert"])
        .arg(&later)
        .arg("--from-program")
        .arg(&panels)
        .arg("--from")
        .arg(&panel_inputs)
        .arg("--to")
        .arg(&chained)
        .output()
        .expect("runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (want, got) = (
        read_set(&direct).expect("direct"),
        read_set(&chained).expect("chained"),
    );
    assert_eq!(got.len(), want.len());
    assert!(want
        .iter()
        .any(|(_, t)| t.dtype == hlo_opt::tensor::DType::I8));
    for ((gn, g), (wn, w)) in got.iter().zip(&want) {
        assert_eq!(gn, wn);
        assert_eq!(g, w, "{gn}");
    }

    // A program the inputs' program does not lead to: the argument and both
    // recipes are named.
    let f16 = write(&["--pass", "f16-matmul"], &src, "f16.mlir");
    let o = hlo_opt()
        .args(["weights", "convert"])
        .arg(&f16)
        .arg("--from-program")
        .arg(&panels)
        .arg("--from")
        .arg(&panel_inputs)
        .arg("--to")
        .arg(dir.path().join("none.safetensors"))
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("convert(f16)"), "{stderr}");
    assert!(stderr.contains("reshape("), "{stderr}");
    assert!(!dir.path().join("none.safetensors").exists());
}
