//! `hlo-opt weights import-mlx` on synthetic MLX checkpoints that the tests
//! build with MLX's formula (u32 words packing 4- or 8-bit values lowest
//! bits first, f16 scales and biases per group, `w = scale * q + bias`).

mod common;

use std::path::Path;

use common::*;
use half::f16;
use hlo_opt::iree::{Invocation, Iree, Target};
use hlo_opt::tensor::{read_set, write_set, DType, HostTensor, TensorSet};
use rand::{rngs::StdRng, Rng, SeedableRng};

/// One quantized layer as MLX stores it, and its dequantization computed
/// here (independently of hlo-opt's code) both with one rounding (fused
/// multiply-add) and with two.
struct Layer {
    words: HostTensor,
    scales: HostTensor,
    biases: HostTensor,
    fused: Vec<f32>,
    unfused: Vec<f32>,
}

fn f16_tensor(shape: Vec<u64>, values: &[f32]) -> HostTensor {
    HostTensor {
        dtype: DType::F16,
        shape,
        data: values
            .iter()
            .flat_map(|&v| f16::from_f32(v).to_le_bytes())
            .collect(),
    }
}

/// A random `[rows, cols]` layer of `bits`-bit values in groups of `group`.
fn layer(rng: &mut StdRng, rows: u64, cols: u64, bits: u32, group: u64) -> Layer {
    let per = 32 / bits;
    let mask = (1u32 << bits) - 1;
    let n_words = (rows * cols / per as u64) as usize;
    let words: Vec<u32> = (0..n_words).map(|_| rng.random()).collect();
    let n_groups = (rows * cols / group) as usize;
    let round16 = |x: f32| f16::from_f32(x).to_f32();
    let scales: Vec<f32> = (0..n_groups)
        .map(|_| round16(rng.random_range(0.001..0.02)))
        .collect();
    let biases: Vec<f32> = scales
        .iter()
        .map(|&s| round16(-(mask as f32) / 2.0 * s + rng.random_range(-0.01..0.01)))
        .collect();
    let (mut fused, mut unfused) = (Vec::new(), Vec::new());
    for (w, &word) in words.iter().enumerate() {
        for j in 0..per {
            let i = w * per as usize + j as usize;
            let q = ((word >> (j * bits)) & mask) as f32;
            let (s, b) = (scales[i / group as usize], biases[i / group as usize]);
            fused.push(s.mul_add(q, b));
            unfused.push(s * q + b);
        }
    }
    Layer {
        words: HostTensor {
            dtype: DType::U32,
            shape: vec![rows, cols / per as u64],
            data: words.iter().flat_map(|w| w.to_le_bytes()).collect(),
        },
        scales: f16_tensor(vec![rows, cols / group], &scales),
        biases: f16_tensor(vec![rows, cols / group], &biases),
        fused,
        unfused,
    }
}

fn push_layer(set: &mut TensorSet, name: &str, l: &Layer) {
    set.push((format!("{name}.weight"), l.words.clone()));
    set.push((format!("{name}.scales"), l.scales.clone()));
    set.push((format!("{name}.biases"), l.biases.clone()));
}

fn transpose(values: &[f32], rows: usize, cols: usize) -> Vec<f32> {
    (0..cols * rows)
        .map(|i| values[(i % rows) * cols + i / rows])
        .collect()
}

fn eye(n: u64) -> HostTensor {
    let v: Vec<f32> = (0..n * n)
        .map(|i| if i / n == i % n { 1.0 } else { 0.0 })
        .collect();
    HostTensor::from_f32(vec![n, n], &v)
}

/// Runs `main` of `mlir` on IREE's CPU backend.
fn run(
    iree: &Iree,
    dir: &Path,
    mlir: &Path,
    inputs: &[HostTensor],
    outputs: usize,
) -> Vec<HostTensor> {
    let tag = mlir.file_stem().unwrap().to_string_lossy().into_owned();
    let vmfb = dir.join(format!("{tag}.vmfb"));
    iree.compile(mlir, &vmfb, &Target::Cpu, &tag)
        .unwrap_or_else(|e| panic!("{e}"));
    let work = dir.join(format!("{tag}.run"));
    std::fs::create_dir_all(&work).unwrap();
    iree.run(&Invocation {
        vmfb: &vmfb,
        function: "main",
        device: "local-task",
        inputs: hlo_opt::iree::RunInputs::Tensors(inputs),
        outputs,
        workdir: &work,
        what: &tag,
    })
    .unwrap_or_else(|e| panic!("{e}"))
}

/// `hlo-opt weights import-mlx GRAPH CKPT -o OUT --weights-out W`.
fn import_cmd(graph: &Path, ckpt: &Path, out: &Path, weights: &Path) -> std::process::Command {
    let mut c = hlo_opt();
    c.args(["weights", "import-mlx"])
        .arg(graph)
        .arg(ckpt)
        .arg("-o")
        .arg(out)
        .arg("--weights-out")
        .arg(weights);
    c
}

fn iree() -> Option<Iree> {
    match Iree::find() {
        Ok(i) => Some(i),
        Err(e) => {
            assert!(!required(), "{e}");
            eprintln!("skipping: {e}");
            None
        }
    }
}

const GRAPH: &str = r#"func.func public @main(%arg0: tensor<8x128xf32> loc("model.layers.0.q_proj.weight"), %arg1: tensor<64x8xf32> loc("p['model']['layers'][0]['down']"), %arg2: tensor<8xf32> loc("model.norm.weight"), %arg3: tensor<8x8xf32> loc("eye")) -> (tensor<8x128xf32>, tensor<64x8xf32>, tensor<8xf32>) {
  %0 = stablehlo.dot_general %arg3, %arg0, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x128xf32>) -> tensor<8x128xf32> loc("q")
  %1 = stablehlo.dot_general %arg1, %arg3, contracting_dims = [1] x [0] : (tensor<64x8xf32>, tensor<8x8xf32>) -> tensor<64x8xf32> loc("down")
  return %0, %1, %arg2 : tensor<8x128xf32>, tensor<64x8xf32>, tensor<8xf32>
}
"#;

const CONFIG: &str = r#"{"model_type": "llama",
  "quantization": {"group_size": 64, "bits": 4,
                   "model.layers.0.down": {"group_size": 32, "bits": 8}}}"#;

/// A checkpoint folder with a 4-bit layer, an 8-bit layer stored `[out, in]`
/// for an `[in, out]` argument, a plain f16 tensor and an unused one.
fn checkpoint(dir: &Path) -> (Layer, Layer, Vec<f32>) {
    let mut rng = StdRng::seed_from_u64(7);
    let q = layer(&mut rng, 8, 128, 4, 64);
    let down = layer(&mut rng, 8, 64, 8, 32);
    let norm: Vec<f32> = (0..8).map(|i| 1.0 + i as f32 / 8.0).collect();
    let mut set = TensorSet::new();
    push_layer(&mut set, "model.layers.0.q_proj", &q);
    push_layer(&mut set, "model.layers.0.down", &down);
    set.push(("model.norm.weight".into(), f16_tensor(vec![8], &norm)));
    set.push(("lm_head.weight".into(), f16_tensor(vec![2], &[0.0, 1.0])));
    std::fs::create_dir_all(dir).unwrap();
    write_set(&dir.join("model.safetensors"), &set, false).unwrap();
    std::fs::write(dir.join("config.json"), CONFIG).unwrap();
    (q, down, norm)
}

/// The imported graph dequantizes bit-exactly with MLX's formula: the
/// outputs (identity times each weight) equal the reference in every bit,
/// all with one rounding (the target contracted to FMA) or all with two.
#[test]
fn import_dequantizes_bit_exactly() {
    for storage in ["words", "bytes", "nibbles"] {
        import_bit_exact(storage);
    }
}

fn import_bit_exact(storage: &str) {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("ckpt");
    let (q, down, norm) = checkpoint(&ckpt);
    let graph = dir.path().join("graph.mlir");
    std::fs::write(&graph, GRAPH).unwrap();
    let out = dir.path().join("imported.mlir");
    let weights = dir.path().join("w.safetensors");
    let o = import_cmd(&graph, &ckpt, &out, &weights)
        .args(["--storage", storage])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    assert!(
        stderr.contains("lm_head.weight"),
        "unused tensor named: {stderr}"
    );
    assert!(
        stderr.contains("run-time inputs (not in the checkpoint): eye"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&out).unwrap();
    if storage == "words" {
        assert!(
            text.contains("%arg0: tensor<8x16xui32>"),
            "4-bit words: {text}"
        );
        assert!(
            text.contains("%arg1: tensor<8x16xui32>"),
            "8-bit words: {text}"
        );
        assert!(text.contains("stablehlo.shift_right_logical"));
    } else if storage == "nibbles" {
        assert!(
            text.contains("%arg0: tensor<8x128xui4>"),
            "4-bit nibbles: {text}"
        );
        assert!(
            text.contains("%arg1: tensor<8x64xui8>"),
            "8-bit bytes: {text}"
        );
    } else {
        assert!(
            text.contains("%arg0: tensor<8x128xi8>"),
            "4-bit bytes: {text}"
        );
        assert!(
            text.contains("%arg1: tensor<8x64xui8>"),
            "8-bit bytes: {text}"
        );
        assert!(!text.contains("stablehlo.shift_right_logical"));
    }

    // The written weights are the checkpoint's own words, keyed by position.
    let mut w = read_set(&weights).unwrap();
    w.sort_by(|a, b| a.0.cmp(&b.0));
    let names: Vec<&str> = w.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["arg000", "arg001", "arg002", "arg004", "arg005", "arg006", "arg007"]
    );
    if storage == "words" {
        assert_eq!(w[0].1, q.words);
        assert_eq!(w[1].1, down.words);
    } else if storage == "nibbles" {
        // 4-bit words are nibbles already: the same bytes, in a file as u8
        // with the last dim halved.
        assert_eq!(w[0].1.data, q.words.data);
        assert_eq!(w[0].1.shape, vec![8, 64]);
        assert_eq!(w[1].1.data, down.words.data);
    } else {
        // One value per byte, lowest bits of each word first.
        let first = u32::from_le_bytes(q.words.data[..4].try_into().unwrap());
        let expect: Vec<u8> = (0..8).map(|j| (first >> (4 * j) & 15) as u8).collect();
        assert_eq!(&w[0].1.data[..8], &expect[..]);
        assert_eq!(
            w[1].1.data, down.words.data,
            "8-bit words are bytes already"
        );
    }
    assert_eq!(w[2].1.to_f32().unwrap(), norm);

    let Some(iree) = iree() else { return };
    let mut inputs: Vec<HostTensor> = w.iter().map(|(_, t)| t.clone()).collect();
    inputs.insert(3, eye(8));
    // Files hold ui4 as bytes: read them as the arguments take them.
    let imported = hlo_opt::front::parse_str("imported", &text).unwrap();
    let args = hlo_opt::weights::entry_args(&imported).unwrap();
    let inputs: Vec<HostTensor> = inputs
        .iter()
        .zip(&args)
        .map(|(t, &a)| t.fit(imported.dfg.ty(a)).expect("fits its argument"))
        .collect();
    let got = run(&iree, dir.path(), &out, &inputs, 3);
    let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    let got_q = bits(&got[0].to_f32().unwrap());
    let got_down = bits(&got[1].to_f32().unwrap());
    let fused = got_q == bits(&q.fused) && got_down == bits(&transpose(&down.fused, 8, 64));
    let unfused = got_q == bits(&q.unfused) && got_down == bits(&transpose(&down.unfused, 8, 64));
    assert!(fused || unfused, "not bit-exact with w = scale * q + bias");
    eprintln!(
        "bit-exact ({})",
        if fused {
            "fused multiply-add"
        } else {
            "two roundings"
        }
    );
    assert_eq!(got[2].to_f32().unwrap(), norm);
}

/// A JAX decoder whose matrices are stored `[out, in]` as MLX stores them:
/// the imported program on the packed checkpoint gives what the original
/// program gives on the dequantized weights.
#[test]
fn import_runs_a_decoder_like_its_dequantized_weights() {
    let model = root().join("testdata/jax/llama_decoder_outin.mlir");
    let text = std::fs::read_to_string(&model).unwrap();
    let m = hlo_opt::front::parse_str("outin", &text).unwrap();
    let args = hlo_opt::weights::entry_args(&m).unwrap();
    let inputs = read_set(&root().join("testdata/jax/llama_decoder_outin.inputs")).unwrap();
    let mut rng = StdRng::seed_from_u64(11);
    let mut set = TensorSet::new();
    let mut dequantized = inputs.clone();
    let mut quantized = 0;
    for (i, &a) in args.iter().enumerate() {
        let name = m.value_label(a);
        let shape = m
            .dfg
            .ty(a)
            .as_tensor()
            .and_then(|t| t.static_shape())
            .unwrap();
        if !name.starts_with("p[") {
            continue;
        }
        if shape.len() == 2 && shape[1] % 64 == 0 && !name.contains("embed") {
            let l = layer(&mut rng, shape[0], shape[1], 4, 64);
            push_layer(&mut set, &name, &l);
            dequantized[i].1 = HostTensor::from_f32(shape.clone(), &l.fused);
            quantized += 1;
        } else {
            set.push((name.clone(), inputs[i].1.clone()));
        }
    }
    assert!(quantized >= 4, "{quantized} layers");
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("ckpt");
    std::fs::create_dir_all(&ckpt).unwrap();
    write_set(&ckpt.join("model.safetensors"), &set, false).unwrap();
    std::fs::write(
        ckpt.join("config.json"),
        r#"{"quantization": {"group_size": 64, "bits": 4}}"#,
    )
    .unwrap();
    let out = dir.path().join("imported.mlir");
    let weights = dir.path().join("w");
    // 4-bit layers as ui4: MLX's bytes as they are (files hold them as u8).
    let o = import_cmd(&model, &ckpt, &out, &weights)
        .args(["--storage", "nibbles"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let Some(iree) = iree() else { return };
    let w = read_set(&weights).unwrap();
    // Run-time inputs (tokens, caches) come from the model's own inputs.
    let imported =
        hlo_opt::front::parse_str("imported", &std::fs::read_to_string(&out).unwrap()).unwrap();
    let imported_args = hlo_opt::weights::entry_args(&imported).unwrap();
    let new_inputs: Vec<HostTensor> = imported_args
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            let key = format!("arg{i:03}");
            let t = match w.iter().find(|(n, _)| *n == key) {
                Some((_, t)) => t.clone(),
                None => inputs[i].1.clone(),
            };
            t.fit(imported.dfg.ty(a)).expect("fits its argument")
        })
        .collect();
    let n_out = hlo_opt::weights::entry_results(&m).unwrap().len();
    let orig: Vec<HostTensor> = dequantized.iter().map(|(_, t)| t.clone()).collect();
    std::fs::copy(&model, dir.path().join("original.mlir")).unwrap();
    let a = run(
        &iree,
        dir.path(),
        &dir.path().join("original.mlir"),
        &orig,
        n_out,
    );
    let b = run(&iree, dir.path(), &out, &new_inputs, n_out);
    let rel_l2 = |x: &HostTensor, y: &HostTensor| {
        let (x, y) = (x.to_f64(), y.to_f64());
        let num: f64 = x.iter().zip(&y).map(|(p, q)| (p - q).powi(2)).sum();
        let den: f64 = x.iter().map(|p| p * p).sum();
        (num / den.max(1e-30)).sqrt()
    };
    for (x, y) in a.iter().zip(&b) {
        let rel = rel_l2(x, y);
        eprintln!("imported vs dequantized: rel_l2 {rel:.2e}");
        assert!(rel <= 1e-5, "rel_l2 {rel}");
    }

    // The import's next step: its `ui4` nibbles re-stored in panels
    // (through `weights convert --from-program`'s library call) as `i4`
    // values `v - 8` (IREE 3.13 misreads a `ui4` convert feeding a dot).
    let mut panelled =
        hlo_opt::front::parse_str("panels", &std::fs::read_to_string(&out).unwrap()).unwrap();
    let stats = hlo_opt::passes::Pipeline::from_specs(&["fuse-dequant{panel-width=8}".into()])
        .unwrap()
        .run(&mut panelled)
        .unwrap();
    assert!(stats.to_string().contains("group-split-panels"), "{stats}");
    assert!(stats.to_string().contains("signed4-panels"), "{stats}");
    let panels_path = dir.path().join("panels.mlir");
    std::fs::write(&panels_path, hlo_opt::back::print_to_string(&panelled)).unwrap();
    let given: TensorSet = new_inputs
        .iter()
        .enumerate()
        .map(|(i, t)| (format!("arg{i:03}"), t.clone()))
        .collect();
    let panel_inputs =
        hlo_opt::weights::convert(&panelled, Some(&imported), &given, Default::default()).unwrap();
    let panel_inputs: Vec<HostTensor> = panel_inputs.into_iter().map(|(_, t)| t).collect();
    let c = run(&iree, dir.path(), &panels_path, &panel_inputs, n_out);
    for (x, y) in a.iter().zip(&c) {
        let rel = rel_l2(x, y);
        eprintln!("imported in panels vs dequantized: rel_l2 {rel:.2e}");
        assert!(rel <= 1e-5, "rel_l2 {rel}");
    }
}

/// A checkpoint that does not fit the graph is an error naming both, and
/// nothing is written.
#[test]
fn import_rejects_a_mismatched_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("ckpt");
    checkpoint(&ckpt);
    let graph = dir.path().join("graph.mlir");
    std::fs::write(&graph, GRAPH.replace("8x128xf32", "8x256xf32")).unwrap();
    let out = dir.path().join("imported.mlir");
    let weights = dir.path().join("w.safetensors");
    let o = import_cmd(&graph, &ckpt, &out, &weights).output().unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("model.layers.0.q_proj -> argument model.layers.0.q_proj.weight")
            && stderr.contains("[8, 128]"),
        "{stderr}"
    );
    assert!(!out.exists() && !weights.exists());

    // A layer whose config gives 3 bits is refused when the config is read.
    std::fs::write(
        ckpt.join("config.json"),
        r#"{"quantization": {"group_size": 64, "bits": 3}}"#,
    )
    .unwrap();
    std::fs::write(&graph, GRAPH).unwrap();
    let o = import_cmd(&graph, &ckpt, &out, &weights).output().unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("config.json") && stderr.contains("3-bit"),
        "{stderr}"
    );
}

/// An f16 argument reads the f32 dequantization rounded to f16.
#[test]
fn import_into_an_f16_argument() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("ckpt");
    let (q, _, _) = checkpoint(&ckpt);
    let graph = dir.path().join("graph.mlir");
    std::fs::write(
        &graph,
        r#"func.func public @main(%arg0: tensor<8x128xf16> loc("model.layers.0.q_proj.weight")) -> tensor<8x128xf16> {
  return %arg0 : tensor<8x128xf16>
}
"#,
    )
    .unwrap();
    let out = dir.path().join("imported.mlir");
    let weights = dir.path().join("w.npz");
    let o = import_cmd(&graph, &ckpt, &out, &weights).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let Some(iree) = iree() else { return };
    let mut w = read_set(&weights).unwrap();
    w.sort_by(|a, b| a.0.cmp(&b.0));
    let inputs: Vec<HostTensor> = w.into_iter().map(|(_, t)| t).collect();
    let got = run(&iree, dir.path(), &out, &inputs, 1)[0]
        .to_f32()
        .unwrap();
    let narrow = |v: &[f32]| -> Vec<f32> { v.iter().map(|&x| f16::from_f32(x).to_f32()).collect() };
    let (f, u) = (narrow(&q.fused), narrow(&q.unfused));
    let differ = |r: &[f32]| got.iter().zip(r).filter(|(a, b)| a != b).count();
    assert!(
        differ(&f) == 0 || differ(&u) == 0,
        "{} / {} of {} differ; first: {:?} vs {:?}",
        differ(&f),
        differ(&u),
        got.len(),
        &got[..4],
        &f[..4]
    );
}

/// From a quantized checkpoint to a later form (issue 16): after
/// `fuse-dequant` on the imported graph, `weights convert --from-program`
/// makes the fused program's inputs from the import's own weights (its
/// recipes lead back to f32 weights a checkpoint's user does not have);
/// `bench`/`verify` do the same with the imported program as ORIG.
#[test]
fn later_forms_take_the_imports_weights() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("ckpt");
    checkpoint(&ckpt);
    let graph = dir.path().join("graph.mlir");
    std::fs::write(&graph, GRAPH).unwrap();
    let imported = dir.path().join("imported.mlir");
    let weights = dir.path().join("w.safetensors");
    let o = import_cmd(&graph, &ckpt, &imported, &weights)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The run-time input (`eye`, argument 3) joins the checkpoint's tensors.
    let mut w = read_set(&weights).unwrap();
    w.push(("arg003".into(), eye(8)));
    w.sort_by(|a, b| a.0.cmp(&b.0));
    let all = dir.path().join("all.safetensors");
    write_set(&all, &w, false).unwrap();

    let fused = dir.path().join("fused.mlir");
    let o = hlo_opt()
        .args(["--pass", "fuse-dequant", "--stats"])
        .arg(&imported)
        .arg("-o")
        .arg(&fused)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    assert!(stderr.contains("fuse-dequant"), "{stderr}");

    let convert = |from_program: Option<&Path>, to: &Path| {
        let mut c = hlo_opt();
        c.args(["weights", "convert"]).arg(&fused);
        if let Some(p) = from_program {
            c.arg("--from-program").arg(p);
        }
        c.arg("--from").arg(&all).arg("--to").arg(to);
        c.output().unwrap()
    };
    let refused = dir.path().join("refused.safetensors");
    let o = convert(None, &refused);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("--from-program"), "{stderr}");
    assert!(!refused.exists());

    let out = dir.path().join("fused.safetensors");
    let o = convert(Some(&imported), &out);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // fuse-dequant moves the dequantization in the graph, not the stored
    // tensors: every input is the import's, unchanged.
    let got = read_set(&out).unwrap();
    assert_eq!(got.len(), w.len());
    for ((gn, g), (wn, want)) in got.iter().zip(&w) {
        assert_eq!(gn, wn);
        assert_eq!(g, want, "{gn}");
    }

    // bench with the imported program as ORIG and its weights as --inputs.
    if iree().is_none() {
        return;
    }
    let o = hlo_opt()
        .args(["bench"])
        .arg(&imported)
        .arg("--inputs")
        .arg(&all)
        .args(["--pass", "fuse-dequant", "--rounds", "1", "--quiet"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout.contains("speedup"), "{stdout}");
}
