//! Reproducers from issue 15 (reliability) and the IR verifier of issue 11:
//! each input that once changed a program silently, took exponential time,
//! allocated what a count in the input asked for, or panicked in a pass,
//! now gives the right output or a clear error (exit 1), quickly.

mod common;

use std::time::{Duration, Instant};

use common::*;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    took: Duration,
}

fn run(args: &[&str], name: &str, input: &[u8]) -> Run {
    let dir = tempfile::tempdir().expect("tempdir");
    let inp = dir.path().join(name);
    std::fs::write(&inp, input).expect("write input");
    let t0 = Instant::now();
    let o = hlo_opt().args(args).arg(&inp).output().expect("runs");
    let r = Run {
        code: o.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        took: t0.elapsed(),
    };
    assert!(
        !r.stderr.contains("panicked"),
        "{name}: panicked:\n{}",
        r.stderr
    );
    r
}

/// Exit 1 with `NAME:LINE:COL: error: ...WORDS...`.
fn expect_error(args: &[&str], name: &str, input: &str, line_col: &str, words: &str) {
    let r = run(args, name, input.as_bytes());
    assert_eq!(r.code, 1, "{name}: exit code; stderr:\n{}", r.stderr);
    let head = format!("{name}:{line_col}: error: ");
    assert!(
        r.stderr.contains(&head),
        "{name}: expected `{head}` in:\n{}",
        r.stderr
    );
    assert!(
        r.stderr.contains(words),
        "{name}: expected `{words}` in:\n{}",
        r.stderr
    );
    assert!(r.stdout.is_empty(), "{name}: printed output on error");
}

/// A reproducer the long fuzz runs found (`testdata/fuzz/TARGET/NAME`).
fn fuzz_finding(target: &str, name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/fuzz")
        .join(target)
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The run exited 1, naming the problem.
fn expect_refused(r: &Run, words: &str) {
    assert_eq!(r.code, 1, "stderr:\n{}", r.stderr);
    assert!(
        r.stderr.contains(words),
        "expected `{words}` in:\n{}",
        r.stderr
    );
}

/// The run exited 0 and its output reads back.
fn expect_output_reads_back(r: &Run, what: &str) {
    assert_eq!(r.code, 0, "{what}: stderr:\n{}", r.stderr);
    let again = run(&[], "again.mlir", r.stdout.as_bytes());
    assert_eq!(
        again.code, 0,
        "{what}: output does not read back:\n{}",
        again.stderr
    );
}

const TWO_FUNCS: &str = "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n  return %a : tensor<f32>\n} func.func @g(%b: tensor<i32>) -> tensor<i32> {\n  return %b : tensor<i32>\n}\n";

#[test]
fn a_function_after_a_brace_on_the_same_line_is_its_own_function() {
    let r = run(&[], "two.mlir", TWO_FUNCS.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, TWO_FUNCS, "the round trip changed the program");
    let m = hlo_opt::front::parse_str("two.mlir", TWO_FUNCS).expect("parses");
    let funcs = m.functions();
    assert_eq!(funcs.len(), 2, "two functions");
    let results: Vec<String> = funcs
        .iter()
        .map(|&f| m.dfg.op(f).func_results[0].ty.to_string())
        .collect();
    assert_eq!(results, ["tensor<f32>", "tensor<i32>"]);
    // A pass that touches @main must not print @g's results into it.
    let r = run(&["--pass", "f16"], "two.mlir", TWO_FUNCS.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("@g(%b: tensor<i32>) -> tensor<i32>"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_nul_byte_between_functions_is_an_error() {
    let text = TWO_FUNCS.replace("} func.func @g", "}\0func.func @g");
    let r = run(&[], "nul.mlir", text.as_bytes());
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("nul.mlir:3:2: error:"), "{}", r.stderr);
}

#[test]
fn unclosed_regions_fail_fast() {
    // 733 bytes of nested modules and functions (was over 87 s of CPU).
    let mut text = String::new();
    while text.len() < 733 {
        text.push_str("module {\n func.func @f() {\n");
    }
    let r = run(&[], "open.mlir", text.as_bytes());
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("is not closed; expected `}`"),
        "{}",
        r.stderr
    );
    assert!(r.took < Duration::from_secs(1), "took {:?}", r.took);
    // 225 bytes of generic ops with regions (was 13.6 s).
    let text = "\"foo.op\"() ({\n".repeat(16);
    let r = run(&[], "gen.mlir", text.as_bytes());
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("gen.mlir:"), "{}", r.stderr);
    assert!(r.took < Duration::from_secs(1), "took {:?}", r.took);
}

#[test]
fn balanced_but_invalid_nesting_is_linear() {
    // Every generic op lacks its signature: the grammar used to retry each
    // level as a pretty op, doubling the work per level (2^24 here).
    let depth = 24;
    let text = format!(
        "{}{}",
        "\"foo.op\"() ({\n".repeat(depth),
        "})\n".repeat(depth)
    );
    let r = run(&[], "deep.mlir", text.as_bytes());
    assert_eq!(r.code, 1);
    assert!(r.took < Duration::from_secs(1), "took {:?}", r.took);
    let text = format!(
        "func.func @f() {{\n{}{}}}\n",
        "  stablehlo.foo {\n    stablehlo.bar ) }\n", ""
    );
    let r = run(&[], "mismatch.mlir", text.as_bytes());
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .contains("`)` does not close `{` opened at 2:17; expected `}`"),
        "{}",
        r.stderr
    );
}

#[test]
fn result_counts_are_limited_before_allocation() {
    for count in ["9223372036854775807", "4294967296", "18446744073709551616"] {
        let text = format!(
            "func.func @f(%a: tensor<f32>) {{\n  %0:{count} = \"x.y\"(%a) : (tensor<f32>) -> tensor<f32>\n  return\n}}\n"
        );
        let r = run(&[], "count.mlir", text.as_bytes());
        assert_eq!(r.code, 1, "{count}: {}", r.stderr);
        assert!(
            r.stderr.contains("count.mlir:2:6: error: result count"),
            "{}",
            r.stderr
        );
        assert!(r.stderr.contains("too large"), "{}", r.stderr);
    }
}

const SPLAT: &str = "func.func @main(%x: tensor<2x65536xf32>) -> tensor<2x65536xf32> {\n  %w = stablehlo.constant dense<1.0> : tensor<65536x65536xf32>\n  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x65536xf32>, tensor<65536x65536xf32>) -> tensor<2x65536xf32>\n  return %0 : tensor<2x65536xf32>\n}\n";

#[test]
fn splats_stay_splats() {
    let r = run(&["--pass", "f16-matmul"], "splat.mlir", SPLAT.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("dense<\"0x003C\"> : tensor<65536x65536xf16>"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.len() < 2000,
        "output grew to {} bytes",
        r.stdout.len()
    );
    let r = run(&["--pass", "int8-weights"], "splat.mlir", SPLAT.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("dense<\"0x7F\"> : tensor<65536x65536xi8>"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.len() < 4000,
        "output grew to {} bytes",
        r.stdout.len()
    );
    let r = run(&["--pass", "bf16"], "splat.mlir", SPLAT.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.len() < 4000,
        "output grew to {} bytes",
        r.stdout.len()
    );
}

#[test]
fn npy_headers_with_absurd_shapes_are_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = dir.path().join("big.npy");
    let dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904,), }";
    let mut header = dict.to_string();
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend((header.len() as u16).to_le_bytes());
    bytes.extend(header.as_bytes());
    std::fs::write(&p, &bytes).expect("write");
    let Err(e) = hlo_opt::tensor::HostTensor::read_npy(&p) else {
        panic!("accepted");
    };
    let msg = e.to_string();
    assert!(msg.contains("too large") || msg.contains("bytes"), "{msg}");
    assert!(!msg.contains("needs 0"), "{msg}");
}

const F: &str = "func.func @f(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>) -> tensor<2x3xf32> {\n";

#[test]
fn dimension_lists_out_of_range_are_errors() {
    // These reached the passes and panicked there (layout.rs, int8.rs,
    // fuse_dequant.rs); now the parser refuses them, as MLIR's verifier does.
    let cases = [
        (
            "dot.mlir",
            format!("{F}  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [7] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n}}\n"),
            "2:3",
            "rhs batching/contracting dims holds 7, out of range for rank 2",
        ),
        (
            "dotlhs.mlir",
            format!("{F}  %0 = stablehlo.dot_general %x, %w, contracting_dims = [5] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n}}\n"),
            "2:3",
            "lhs batching/contracting dims holds 5",
        ),
        (
            // Fuzz finding (run 6): weight-layout then int8-weights
            // {activations=int8} printed invalid IR from such a dot.
            "dotsizes.mlir",
            format!("{F}  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [1] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n}}\n"),
            "2:3",
            "contracting dims lhs 1 and rhs 1 have sizes 4 and 3",
        ),
        (
            // Fuzz finding (run 8): the operand's written type was unreadable
            // (`tensov<...>` then, which the parser now refuses; a dialect
            // type here), so only its definition (4x40 here) tells the
            // transpose's result is wrong; f16-matmul then built a dot
            // contracting 4 with 40.
            "transposeshape.mlir",
            format!("{F}  %t = stablehlo.transpose %w, dims = [1, 0] : (!unknown.t) -> tensor<4x4xf32>\n  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n}}\n"),
            "2:3",
            "result shape 4x4 is not the operand's 4x3 permuted (expected 3x4)",
        ),
        (
            "dotresult.mlir",
            format!("{F}  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>\n  return %0 : tensor<2x4xf32>\n}}\n"),
            "2:3",
            "result shape 2x4 does not follow from the operands and dims (expected 2x3)",
        ),
        (
            "transpose.mlir",
            format!("{F}  %t = stablehlo.transpose %w, dims = [0] : (tensor<4x3xf32>) -> tensor<3x4xf32>\n  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n}}\n"),
            "2:3",
            "permutation has 1 entries for an operand of rank 2",
        ),
        (
            "bcast.mlir",
            format!("{F}  %b = stablehlo.broadcast_in_dim %w, dims = [0, 5] : (tensor<4x3xf32>) -> tensor<4x3xf32>\n  %0 = stablehlo.dot_general %x, %b, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n}}\n"),
            "2:3",
            "dims holds 5, out of range for rank 2",
        ),
        (
            "reduce.mlir",
            format!("{F}  %c = stablehlo.constant dense<0.0> : tensor<f32>\n  %r = stablehlo.reduce(%w init: %c) applies stablehlo.add across dimensions = [3] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>\n  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n}}\n"),
            "3:3",
            "dimensions holds 3, out of range for rank 2",
        ),
    ];
    for (name, text, at, words) in &cases {
        for pass in [
            "weight-layout",
            "int8-weights",
            "fuse-dequant",
            "test-perturb",
        ] {
            expect_error(&["--pass", pass], name, text, at, words);
        }
    }
}

#[test]
fn missing_operands_are_errors() {
    let text = format!("{F}  %0 = stablehlo.dot_general %x, contracting_dims = [1] x [0] : (tensor<2x4xf32>) -> tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n}}\n");
    for pass in [
        "weight-layout",
        "int8-weights",
        "fuse-dequant",
        "test-perturb",
        "f16-matmul",
    ] {
        expect_error(
            &["--pass", pass],
            "missing.mlir",
            &text,
            "2:3",
            "'stablehlo.dot_general' op expects 2 operand(s) but has 1",
        );
    }
    let text = format!(
        "{F}  %0 = stablehlo.add %x : tensor<2x4xf32>\n  return %0 : tensor<2x3xf32>\n}}\n"
    );
    expect_error(
        &[],
        "add.mlir",
        &text,
        "2:3",
        "expects 2 operand(s) but has 1",
    );
}

#[test]
fn uses_must_agree_with_definitions() {
    let text = format!("{F}  %0 = stablehlo.add %x, %x : tensor<2x4xf16>\n  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n  return %1 : tensor<2x3xf32>\n}}\n");
    expect_error(
        &[],
        "use.mlir",
        &text,
        "2:22",
        "operand #0 (%x) is used as tensor<2x4xf16> but is defined as tensor<2x4xf32>",
    );
    let text = format!("{F}  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n  return %1 : tensor<3x3xf32>\n}}\n");
    expect_error(&[], "ret.mlir", &text, "3:10", "is used as tensor<3x3xf32>");
    let text = format!(
        "{F}  %1 = stablehlo.add %x, %x : tensor<2x4xf32>\n  return %1 : tensor<2x4xf32>\n}}\n"
    );
    expect_error(
        &[],
        "sig.mlir",
        &text,
        "3:10",
        "returns %1 of type tensor<2x4xf32> as result #0, but function @f gives result #0 type tensor<2x3xf32>",
    );
}

#[test]
fn malformed_tensor_types_are_errors() {
    for (ty, col) in [
        ("tensor<-1>", "18"),
        ("tensor<16?x4xf32>", "18"),
        ("tensor<4x>", "18"),
    ] {
        let text = format!("func.func @f(%a: {ty}) {{\n  return\n}}\n");
        expect_error(
            &[],
            "ty.mlir",
            &text,
            &format!("1:{col}"),
            "invalid tensor type",
        );
    }
}

const ARGMAX: &str = "func.func @main(%x: tensor<4x8xf32>, %i: tensor<4x8xi32>) -> (tensor<4xf32>, tensor<4xi32>) {\n  %c = stablehlo.constant dense<0xFF800000> : tensor<f32>\n  %c_0 = stablehlo.constant dense<0> : tensor<i32>\n  %0:2 = stablehlo.reduce(%x init: %c), (%i init: %c_0) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)\n   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>)  {\n    %1 = stablehlo.compare  GT, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n    %2 = stablehlo.select %1, %a, %b : tensor<i1>, tensor<f32>\n    %3 = stablehlo.select %1, %ai, %bi : tensor<i1>, tensor<i32>\n    stablehlo.return %2, %3 : tensor<f32>, tensor<i32>\n  }\n  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>\n}\n";

#[test]
fn the_verifier_catches_a_variadic_reduce_typed_in_text_order() {
    let mut m = hlo_opt::front::parse_str("argmax.mlir", ARGMAX).expect("valid");
    assert!(hlo_opt::ir::verify::verify(&m).is_ok());
    // The fix of issue 11's bf16 bug: the IR holds a reduce's operands in
    // op order, so a refreshed signature stays valid.
    let reduce = m.ops_named("stablehlo.reduce")[0];
    m.refresh_signature(reduce);
    assert!(hlo_opt::ir::verify::verify(&m).is_ok());
    // The bug itself: operands in text order (input0, init0, input1, init1)
    // and the signature written from them.
    m.dfg.permute_operands(reduce, &[0, 2, 1, 3]);
    m.refresh_signature(reduce);
    let errors = hlo_opt::ir::verify::verify(&m).expect_err("caught");
    let text = errors.to_string();
    assert!(
        text.contains("'stablehlo.reduce' op operand #2 is the init value"),
        "{text}"
    );
}

#[test]
fn the_verifier_checks_reducers_calls_loops_and_sorts() {
    let bad_reducer = ARGMAX.replace("%bi: tensor<i32>", "%bi: tensor<f32>");
    let e = hlo_opt::front::parse_str("r.mlir", &bad_reducer)
        .err()
        .expect("refused");
    assert!(
        e.to_string()
            .contains("reducer arguments for input #1 differ"),
        "{e}"
    );

    let call = "func.func @g(%a: tensor<f32>) -> tensor<f32> {\n  return %a : tensor<f32>\n}\nfunc.func @main(%a: tensor<i32>) -> tensor<f32> {\n  %0 = func.call @g(%a) : (tensor<i32>) -> tensor<f32>\n  return %0 : tensor<f32>\n}\n";
    let e = hlo_opt::front::parse_str("c.mlir", call)
        .err()
        .expect("refused");
    assert!(e.to_string().contains("c.mlir:5:21: error: 'func.call' op operand #0 (%a) is used as tensor<f32> but is defined as tensor<i32>"), "{e}");

    let wh = "func.func @main(%a: tensor<i64>) -> tensor<i64> {\n  %0 = stablehlo.while(%it = %a) : tensor<i64>\n   cond {\n    stablehlo.return %it : tensor<i64>\n  } do {\n    stablehlo.return %it : tensor<i64>\n  }\n  return %0 : tensor<i64>\n}\n";
    let e = hlo_opt::front::parse_str("w.mlir", wh)
        .err()
        .expect("refused");
    assert!(
        e.to_string()
            .contains("but the condition gives result #0 type tensor<i1>"),
        "{e}"
    );

    let sort = "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = \"stablehlo.sort\"(%a) ({\n  ^bb0(%x: tensor<i32>, %y: tensor<i32>):\n    %1 = stablehlo.compare  GT, %x, %y,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n    stablehlo.return %1 : tensor<i1>\n  }) {dimension = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n";
    let e = hlo_opt::front::parse_str("s.mlir", sort)
        .err()
        .expect("refused");
    assert!(
        e.to_string()
            .contains("comparator argument %x has type tensor<i32>"),
        "{e}"
    );
}

#[test]
fn a_pass_that_leaves_invalid_ir_is_an_internal_error() {
    // bf16 on the argmax reduce: if the pass writes the variadic reduce's
    // types in the wrong order, the verifier stops the run before printing.
    let dir = tempfile::tempdir().expect("tempdir");
    let inp = dir.path().join("argmax.mlir");
    std::fs::write(&inp, ARGMAX).expect("write");
    let out = dir.path().join("out.mlir");
    let o = hlo_opt()
        .args(["--pass", "bf16"])
        .arg(&inp)
        .arg("-o")
        .arg(&out)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&o.stderr);
    match o.status.code() {
        Some(0) => {
            let text = std::fs::read_to_string(&out).expect("written");
            hlo_opt::front::parse_str("out.mlir", &text).expect("valid output");
        }
        Some(1) => {
            assert!(
                stderr.contains("error: internal error: pass bf16 produced invalid IR: "),
                "{stderr}"
            );
            assert!(!out.exists(), "nothing is written");
        }
        other => panic!("exit {other:?}: {stderr}"),
    }
}

#[test]
fn a_directory_as_input_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let o = hlo_opt().arg(dir.path()).output().expect("runs");
    assert_eq!(o.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("it is a directory; expected an MLIR file"),
        "{stderr}"
    );
}

#[test]
fn a_duplicate_option_key_is_a_usage_error() {
    let r = run(
        &["--pass", "int8-weights{group-size=32,group-size=64}"],
        "in.mlir",
        TWO_FUNCS.as_bytes(),
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("option `group-size` given twice"),
        "{}",
        r.stderr
    );
}

#[test]
fn verify_refuses_a_bad_report_path_and_gate_before_compiling() {
    let dir = tempfile::tempdir().expect("tempdir");
    let inp = dir.path().join("in.mlir");
    std::fs::write(&inp, TWO_FUNCS).expect("write");
    for (extra, words) in [
        (
            vec!["--report", "r.txt"],
            "r.txt: expected a .json, .md or .html file",
        ),
        (vec!["--gate", "rel_l2<=1,,top1>=0.9"], "empty clause"),
        (vec!["--gate", "top1>=2"], "top1 lies in [0, 1]"),
        (vec!["--gate", "rel_l2<=nan"], "finite number"),
    ] {
        let t0 = Instant::now();
        let o = hlo_opt()
            .arg("verify")
            .arg(&inp)
            .args(["--pass", "f16-matmul"])
            .args(&extra)
            // No IREE: the refusal must come before any tool is looked for.
            .env("IREE_BIN", dir.path())
            .env("PATH", "/nonexistent")
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {stderr}");
        assert!(stderr.contains(words), "{extra:?}: {stderr}");
        assert!(t0.elapsed() < Duration::from_secs(5));
    }
}

#[test]
fn npy_header_lengths_are_checked_before_allocation() {
    // Fuzz finding (weight_headers): a v2 header stating 4 GiB of header
    // made npyz allocate it.
    let dir = tempfile::tempdir().expect("tempdir");
    let p = dir.path().join("h.npy");
    let mut bytes = b"\x93NUMPY\x02\x00\xff\xff\xff\xff".to_vec();
    bytes.extend(b"{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }\n");
    std::fs::write(&p, &bytes).expect("write");
    let Err(e) = hlo_opt::tensor::HostTensor::read_npy(&p) else {
        panic!("accepted");
    };
    assert!(e.to_string().contains("header of 4294967295 bytes"), "{e}");
}

/// A 3x4 weight constant whose element 5 is `bad` (hex, little-endian f32).
fn const_weight_program(bad: &str) -> String {
    let mut hex = String::new();
    for i in 0..12 {
        if i == 5 {
            hex.push_str(bad);
        } else {
            let x = 0.25f32 * (i as f32 - 6.0);
            for b in x.to_le_bytes() {
                hex.push_str(&format!("{b:02X}"));
            }
        }
    }
    format!("func.func @main(%x: tensor<2x3xf32>) -> tensor<2x4xf32> {{\n  %w = stablehlo.constant dense<\"0x{hex}\"> : tensor<3x4xf32>\n  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>\n  return %0 : tensor<2x4xf32>\n}}\n")
}

#[test]
fn non_finite_constant_weights_stay_f32_with_a_warning() {
    // NaN (0x7FC00000) and +inf (0x7F800000), little-endian.
    for (bad, shown) in [("0000C07F", "NaN"), ("0000807F", "inf")] {
        let text = const_weight_program(bad);
        for pass in [
            "f16-matmul",
            "bf16-matmul",
            "int8-weights",
            "int8-weights{bits=4,group-size=3}",
        ] {
            let r = run(&["--pass", pass], "nan.mlir", text.as_bytes());
            assert_eq!(r.code, 0, "{pass}: {}", r.stderr);
            assert!(
                r.stderr.contains(&format!("holds {shown} at element 5"))
                    && r.stderr.contains("stays f32"),
                "{pass} on {shown}: {}",
                r.stderr
            );
            assert!(r.stderr.contains("non-finite x1"), "{pass}: {}", r.stderr);
            // The dot still reads the f32 constant, untouched.
            assert!(
                r.stdout.contains(&format!(
                    "0x{}",
                    &text[text.find("0x").unwrap() + 2..][..96]
                )),
                "{pass}: {}",
                r.stdout
            );
            assert!(
                !r.stdout.contains("f16") && !r.stdout.contains("i8"),
                "{pass}: {}",
                r.stdout
            );
        }
    }
}

#[test]
fn non_finite_weight_arguments_are_refused_by_weights_convert() {
    let dir = tempfile::tempdir().expect("tempdir");
    let program = root().join("testdata/small/matmul.mlir");
    let from = dir.path().join("in");
    std::fs::create_dir(&from).expect("mkdir");
    let x = hlo_opt::tensor::HostTensor::from_f32(vec![2, 3], &[1.0; 6]);
    let mut w = vec![0.5f32; 12];
    w[7] = f32::NEG_INFINITY;
    let w = hlo_opt::tensor::HostTensor::from_f32(vec![3, 4], &w);
    x.write_npy(&from.join("arg000.npy")).expect("write");
    w.write_npy(&from.join("arg001.npy")).expect("write");
    for pass in [
        "f16-matmul",
        "bf16-matmul",
        "int8-weights",
        "int8-weights{group-size=3}",
    ] {
        let rewritten = dir.path().join("r.mlir");
        let o = hlo_opt()
            .args(["--pass", pass])
            .arg(&program)
            .arg("-o")
            .arg(&rewritten)
            .output()
            .expect("runs");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let to = dir.path().join("out");
        let o = hlo_opt()
            .args(["weights", "convert"])
            .arg(&rewritten)
            .arg("--from")
            .arg(&from)
            .arg("--to")
            .arg(&to)
            .output()
            .expect("runs");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{pass}: {err}");
        assert!(
            err.contains("params['w']")
                && err.contains("element 7 is -inf")
                && err.contains("finite"),
            "{pass}: {err}"
        );
        assert!(!to.exists(), "{pass}: nothing is written on failure");
    }
}

#[test]
fn a_pass_that_changes_nothing_says_so() {
    let text = std::fs::read_to_string(root().join("testdata/small/matmul.mlir")).expect("read");
    let r = run(
        &["--pass", "f16-matmul{ops=convolution}"],
        "m.mlir",
        text.as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("f16-matmul changed nothing"),
        "{}",
        r.stderr
    );
    let r = run(
        &["--pass", "f16-matmul{include=no_such_name}"],
        "m.mlir",
        text.as_bytes(),
    );
    assert!(
        r.stderr
            .contains("include/exclude options left out all 1 candidate"),
        "{}",
        r.stderr
    );
    let r = run(
        &["--pass", "int8-weights{group-size=7}"],
        "m.mlir",
        text.as_bytes(),
    );
    assert!(
        r.stderr.contains("group-does-not-divide x1"),
        "{}",
        r.stderr
    );
    // An empty list is a usage error, not a pass that does nothing.
    let r = run(&["--pass", "f16-matmul{ops=}"], "m.mlir", text.as_bytes());
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("option `ops`: expected at least one item"),
        "{}",
        r.stderr
    );
}

#[test]
fn deeply_nested_npy_headers_are_refused_quickly() {
    // A fuzz finding: npyz's header parser takes exponential time in the
    // nesting depth (182 bytes took over 20 s).
    let dir = tempfile::tempdir().expect("tempdir");
    let mut header = String::from("{'descr': ");
    header.push_str(&"[".repeat(120));
    header.push_str("'<f4', 'fortran_order': False, 'shape': (2,), }");
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend((header.len() as u16).to_le_bytes());
    bytes.extend(header.as_bytes());
    let path = dir.path().join("deep.npy");
    std::fs::write(&path, &bytes).expect("write");
    let t0 = Instant::now();
    let err = hlo_opt::tensor::HostTensor::read_npy(&path).expect_err("refused");
    assert!(t0.elapsed() < Duration::from_secs(1));
    assert!(err.to_string().contains("nests brackets 122 deep"), "{err}");
}

/// cleanup never empties a block: the dead constant that is the only op in
/// the region of an op hlo-opt does not know stays, so the output parses
/// again (a fuzz finding: the region printed as `({ })`, which is refused).
#[test]
fn cleanup_keeps_the_last_op_of_a_block() {
    let input = "func.func @main(%p: tensor<i1>) {\n  \"foo.if\"(%p) ({\n    %0 = stablehlo.constant dense<0> : tensor<2xi64>\n  }) : (tensor<i1>) -> ()\n  return\n}\n";
    let r = run(&["--pass", "cleanup"], "capture.mlir", input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("%0 = stablehlo.constant dense<0>"),
        "{}",
        r.stdout
    );
    let again = run(&[], "again.mlir", r.stdout.as_bytes());
    assert_eq!(again.code, 0, "{}", again.stderr);
}

/// Fuzz findings: a `convert` that changes the shape, and `dot_general`
/// dims out of range for the lhs while the rhs type is unreadable, are
/// errors at parse time (before, passes went on and printed invalid IR).
#[test]
fn convert_shapes_and_one_sided_dot_dims_are_checked() {
    expect_error(
        &[],
        "convert.mlir",
        "func.func @main(%a: tensor<2x3xf32>) -> tensor<6xf16> {\n  %0 = stablehlo.convert %a : (tensor<2x3xf32>) -> tensor<6xf16>\n  return %0 : tensor<6xf16>\n}\n",
        "2:3",
        "the shape must stay the same",
    );
    expect_error(
        &["--pass", "f16-matmul"],
        "dot.mlir",
        "func.func @main(%a: tensor<2x5x4xf32>, %b: !foo.t) -> tensor<2x5x3xf32> {\n  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [4] x [2] : (tensor<2x5x4xf32>, !foo.t) -> tensor<2x5x3xf32>\n  return %0 : tensor<2x5x3xf32>\n}\n",
        "2:3",
        "lhs batching/contracting dims holds 4, out of range for rank 3",
    );
}

/// A deep model repeats a warning once per layer: the command prints the
/// first ten and counts the rest; `--stats` prints every one.
#[test]
fn repeated_warnings_are_counted_not_flooded() {
    let layers = 25;
    let mut body = String::new();
    let mut prev = "%a".to_string();
    for i in 0..layers {
        body.push_str(&format!(
            "  %c{i} = stablehlo.constant dense<-1.0e9> : tensor<4xf32>\n  %s{i} = stablehlo.add {prev}, %c{i} : tensor<4xf32>\n"
        ));
        prev = format!("%s{i}");
    }
    let text = format!(
        "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {{\n{body}  return {prev} : tensor<4xf32>\n}}\n"
    );
    let count = |stderr: &str| stderr.matches("beyond f16's range").count();

    let r = run(&["--pass", "f16"], "deep.mlir", text.as_bytes());
    assert_eq!(r.code, 0, "stderr:\n{}", r.stderr);
    assert_eq!(count(&r.stderr), 10, "stderr:\n{}", r.stderr);
    assert!(
        r.stderr.contains("15 more warning(s) not shown"),
        "stderr:\n{}",
        r.stderr
    );

    let r = run(&["--pass", "f16", "--stats"], "deep.mlir", text.as_bytes());
    assert_eq!(r.code, 0, "stderr:\n{}", r.stderr);
    assert_eq!(count(&r.stderr), layers, "stderr:\n{}", r.stderr);
    assert!(!r.stderr.contains("not shown"), "stderr:\n{}", r.stderr);
}

/// Fuzz finding (run 7): a function body that ends without `return` (a
/// mutant lost its last lines) reached `weight-layout{order=panels}` then
/// `int8-weights{activations=int8}`, which printed invalid IR from it. MLIR
/// refuses such a body, and so does the parser now.
#[test]
fn a_function_body_must_end_with_return() {
    let text = format!("{F}  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n}}\n");
    for pass in ["weight-layout{order=panels}", "int8-weights", "f16"] {
        expect_error(
            &["--pass", pass],
            "noreturn.mlir",
            &text,
            "2:3",
            "is the last op of function @f's body; the body must end with `return`",
        );
    }
    // A declaration without a body, and a body that ends with a return,
    // are fine.
    let text = "func.func private @g(%x: tensor<2xf32>) -> tensor<2xf32>\nfunc.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = func.call @g(%x) : (tensor<2xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n";
    let r = run(&[], "decl.mlir", text.as_bytes());
    assert_eq!(r.code, 0, "stderr:\n{}", r.stderr);
    assert_eq!(r.stdout, text);
}

#[test]
fn text_after_a_pretty_ops_signature_is_an_error() {
    let head = "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n";
    let tail = "  return %0 : tensor<2xf32>\n}\n";
    for (after, col) in [("garbage", "45"), ("%a", "45"), ("loc(\"x\") junk", "54")] {
        let text = format!("{head}  %0 = stablehlo.add %a, %a : tensor<2xf32> {after}\n{tail}");
        expect_error(
            &[],
            "after_sig.mlir",
            &text,
            &format!("2:{col}"),
            "text after the op's type signature",
        );
    }
    // A location, a comment, and bare input types before an arrow are fine.
    for line in [
        "  %0 = stablehlo.add %a, %a : tensor<2xf32> loc(\"x\") // note\n",
        "  %0 = chlo.next_after %a, %a : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>\n",
    ] {
        let text = format!("{head}{line}{tail}");
        let r = run(&[], "fine.mlir", text.as_bytes());
        assert_eq!(r.code, 0, "{line}: stderr:\n{}", r.stderr);
        assert_eq!(r.stdout, text);
    }
}

/// Fuzz run 9 (`testdata/fuzz/passes/value-use-glued-to-text`): `%0#0-` was
/// read as the use `%0#0` then `-`; renamed by f16-matmul it printed as
/// `%cvt_0-`, one longer (undefined) name. A use must end where a name could
/// not go on, as MLIR's lexer has it.
#[test]
fn a_value_use_glued_to_name_characters_is_an_error() {
    let head = "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n";
    let tail = "  return %0 : tensor<2xf32>\n}\n";
    // The column is the bad use's `%` (the operands start at column 22).
    for (operands, col) in [("%a#0-, %a", 22), ("%a, %a#0x", 26), ("%a#1#2, %a", 22)] {
        let text = format!("{head}  %0 = stablehlo.add {operands} : tensor<2xf32>\n{tail}");
        expect_error(&[], "glued.mlir", &text, &format!("2:{col}"), "found `%a#");
    }
}

/// Fuzz run 9 (`testdata/fuzz/passes/unknown-bare-type`): a type without a
/// dialect prefix must be one MLIR builds in (`Sensor<...>`, `tHHtensor<...>`
/// were carried as unreadable types, and f16-matmul then narrowed a weight
/// into a broadcast whose result it could not retype).
#[test]
fn an_unknown_bare_type_is_an_error() {
    for (text, at) in [
        ("func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = stablehlo.add %a, %a : Sensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n", "2:31"),
        ("func.func @f(%a: tHHtensor<2xf32>) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n}\n", "1:18"),
        ("func.func @f(%a: tensor<2xf32>) -> tensor<2xfloat> {\n  return %a : tensor<2xf32>\n}\n", "1:36"),
    ] {
        expect_error(&[], "bare.mlir", text, at, "unknown type");
    }
    // Builtin and dialect types are fine.
    let text = "func.func @f(%a: tensor<2xf32>, %b: tensor<4xui4>, %c: index, %d: !stablehlo.token, %e: tuple<tensor<f32>, i1>, %g: tensor<2xf8E4M3FN>, %h: tensor<complex<f32>>) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n}\n";
    let r = run(&[], "fine.mlir", text.as_bytes());
    assert_eq!(r.code, 0, "stderr:\n{}", r.stderr);
    assert_eq!(r.stdout, text);
}

/// Fuzz run 9 (`testdata/fuzz/passes/custom-op-signature-rewritten`): the
/// result of an op of another dialect in its own syntax (`foo.complex %a,
/// %b : T`) has a type only its uses tell, and they disagreed (4x4 and 3x4);
/// `f16` then rewrote that op's signature into the functional form, which
/// is not its syntax, and the disagreement surfaced as a pass's invalid IR.
/// Uses must now agree, and such an op's signature is kept as written.
#[test]
fn custom_syntax_ops_keep_their_signature_and_their_uses_agree() {
    let head = "func.func @main(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>> {\n  %4 = stablehlo.negate %b : tensor<3x4xf32>\n  %5 = foo.complex %a, %4 : tensor<3x4xcomplex<f32>>\n";
    let tail = "  return %5 : tensor<3x4xcomplex<f32>>\n}\n";
    let check = |t: &str| {
        format!("  stablehlo.custom_call @check(%5) {{has_side_effect = true}} : (tensor<{t}xcomplex<f32>>) -> ()\n")
    };
    expect_error(
        &[],
        "disagree.mlir",
        &format!("{head}{}{tail}", check("4x4")),
        "5:10",
        "is used as tensor<3x4xcomplex<f32>> here but as tensor<4x4xcomplex<f32>> by an earlier use",
    );
    let text = format!("{head}{}{tail}", check("3x4"));
    let r = run(&["--pass", "f16"], "custom.mlir", text.as_bytes());
    assert_eq!(r.code, 0, "stderr:\n{}", r.stderr);
    assert!(
        r.stdout
            .contains("%5 = foo.complex %a, %cvt_1 : tensor<3x4xcomplex<f32>>\n"),
        "{}",
        r.stdout
    );
}

/// Fuzz run 10 (`testdata/fuzz/parse_print/alias-comment-quote-slow*`): in
/// an alias definition (`!41 = ... //R ..."`) the grammar read `//` as text
/// and the `"` after it as the start of a string running over many lines,
/// while the bracket check that runs first skipped it as a comment; the
/// two then disagreed on what was balanced, and 15 KB took 0.7 s to refuse.
/// `//` now starts a comment in every verbatim body, as in MLIR.
#[test]
fn a_comment_in_an_alias_definition_is_a_comment() {
    let text = "!t = tensor<2xf32> // say \"hi\n#loc1 = loc(\"a\") // (unclosed\nfunc.func @main(%a: !t) -> !t {\n  %0 = stablehlo.add %a, %a : !t loc(#loc1)\n  return %0 : !t\n}\n";
    let r = run(&[], "alias.mlir", text.as_bytes());
    assert_eq!(r.code, 0, "stderr:\n{}", r.stderr);
    assert_eq!(r.stdout, text);
    let t0 = Instant::now();
    let bytes = fuzz_finding("parse_print", "alias-comment-quote-slow");
    let r = run(&[], "slow.mlir", &bytes);
    assert_eq!(r.code, 1, "stderr:\n{}", r.stderr);
    assert!(r.stderr.contains("slow.mlir:"), "{}", r.stderr);
    assert!(t0.elapsed() < Duration::from_secs(1));
}

/// Fuzz run 11 (`testdata/fuzz/passes/dot-result-shape-wrong`): a TF-style
/// `stablehlo.dot` whose result shape does not follow from its operands
/// (4x64 . 64x128 -> 4x120) was accepted; f16-matmul then wrote it as a
/// `dot_general`, which the verifier refused after the pass.
#[test]
fn a_dot_result_shape_must_follow_from_its_operands() {
    let f =
        "func.func @main(%x: tensor<4x64xf32>, %w: tensor<64x128xf32>) -> tensor<4x120xf32> {\n";
    let text = format!("{f}  %0 = stablehlo.dot %x, %w : (tensor<4x64xf32>, tensor<64x128xf32>) -> tensor<4x120xf32>\n  return %0 : tensor<4x120xf32>\n}}\n");
    expect_error(
        &[],
        "dot.mlir",
        &text,
        "2:3",
        "result shape 4x120 does not follow from the operands and dims (expected 4x128)",
    );
    let text = "func.func @main(%x: tensor<4x64xf32>, %w: tensor<64xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.dot %x, %w : (tensor<4x64xf32>, tensor<64xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n";
    let r = run(&[], "dotv.mlir", text.as_bytes());
    assert_eq!(r.code, 0, "stderr:\n{}", r.stderr);
    assert_eq!(r.stdout, text);
}

/// Fuzz run 12 (`testdata/fuzz/passes/f16-matmul-convert-from-another-function`):
/// a garbled function header (`fan @main(%q: ...)` right after `module {`)
/// made the module's body an attribute-like group holding both functions,
/// so one op declared `%q` twice and the second took the first's uses;
/// f16-matmul then made the dot of `@tiled` read a convert placed in the
/// other function. One op declaring a name twice is now refused; and a
/// convert of a value that an op declares for its regions is reused only
/// in the block it was placed in.
#[test]
fn one_op_declaring_a_name_twice_is_an_error_and_converts_stay_in_their_block() {
    let dot = |a: &str| {
        format!("    %{a} = stablehlo.dot_general %q, %k, contracting_dims = [1] x [0] : (tensor<1x8xf32>, tensor<8x6xf32>) -> tensor<1x6xf32>\n")
    };
    let sig = "(%q: tensor<1x8xf32>, %k: tensor<8x6xf32>) -> tensor<1x6xf32> {\n";
    let twice = format!(
        "module @m {{\n  fan @main{sig}{}    return %s : tensor<1x6xf32>\n  }}\n  func.func public @tiled{sig}{}    return %s : tensor<1x6xf32>\n  }}\n}}\n",
        dot("s"),
        dot("s")
    );
    expect_error(
        &["--pass", "f16-matmul"],
        "twice.mlir",
        &twice,
        "6:27",
        "redefinition of SSA value %q (first defined at 2:13)",
    );
    // One declaration, read from two regions of the op that declares it.
    let shared = format!(
        "module @m {{\n  fan @main{sig}{}    return %s : tensor<1x6xf32>\n  }}\n  bar @g {{\n{}{}    return %t : tensor<1x6xf32>\n  }}\n}}\n",
        dot("s"),
        dot("t"),
        dot("u")
    );
    let r = run(&["--pass", "f16-matmul"], "shared.mlir", shared.as_bytes());
    expect_output_reads_back(&r, "shared");
    let g = r
        .stdout
        .split("bar @g")
        .nth(1)
        .expect("second region printed");
    assert!(
        g.contains("%cvt_2 = stablehlo.convert %q")
            && g.contains("%t = stablehlo.dot_general %cvt_2, %cvt_3"),
        "{}",
        r.stdout
    );
    let bytes = fuzz_finding("passes", "f16-matmul-convert-from-another-function");
    let r = run(&["--pass", "f16-matmul"], "fuzz.mlir", &bytes);
    expect_refused(&r, "redefinition of SSA value %q");
}

/// Fuzz run 13 (`testdata/fuzz/passes/return-of-an-untyped-value-rewritten`):
/// a `return` reads `%y5`, the result of an op of another dialect whose
/// type the IR cannot read (its `return` signature states it). Once `f16`
/// replaced another operand of the `return`, its signature was written
/// anew from the IR's types and printed `<<unknown type>>` for `%y5`. Such
/// a value now keeps the type the op's own signature states for it (and
/// the verifier refuses a rewritten signature with an unknown type).
#[test]
fn a_rewritten_signature_keeps_the_stated_type_of_an_untyped_value() {
    let text = "func.func @main(%x: tensor<2x4xf32>, %w: tensor<4x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {\n  %u = foo.thing %x {mode = 1}\n  %y = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>\n  %a = stablehlo.add %y, %y : tensor<2x4xf32>\n  return %a, %u : tensor<2x4xf32>, tensor<2x4xf32>\n}\n";
    for pass in ["f16", "bf16"] {
        let r = run(&["--pass", pass], "untyped.mlir", text.as_bytes());
        expect_output_reads_back(&r, pass);
        assert!(
            r.stdout
                .contains("return %cvt_4, %u : tensor<2x4xf32>, tensor<2x4xf32>\n"),
            "{pass}:\n{}",
            r.stdout
        );
    }
    let bytes = fuzz_finding("passes", "return-of-an-untyped-value-rewritten");
    let pipeline = ["weight-layout", "int8-weights{activations=int8}", "f16"];
    let args: Vec<&str> = pipeline.iter().flat_map(|p| ["--pass", p]).collect();
    expect_output_reads_back(&run(&args, "fuzz.mlir", &bytes), "fuzz finding");
}

/// Fuzz run 15 (`testdata/fuzz/passes/f16-dead-constant-closes-brackets-of-another-op`):
/// a `dense<...>` left a `[` open at its `>`, and the next op's text closed
/// it; the grammar balanced only `<>` inside `<...>`, so the file read. Once
/// `f16`'s cleanup removed the second (dead) op, the output no longer
/// parsed. Verbatim bracketed text now balances every bracket kind, as
/// MLIR's lexer does, and the error names the bracket left open.
#[test]
fn a_bracket_left_open_inside_angle_brackets_is_refused() {
    let bytes = fuzz_finding("passes", "f16-dead-constant-closes-brackets-of-another-op");
    for args in [&[][..], &["--pass", "f16"][..]] {
        let r = run(args, "fuzz.mlir", &bytes);
        expect_refused(
            &r,
            "fuzz.mlir:40:23: error: `>` does not close `[` opened at 38:40; expected `]`",
        );
    }
    let text = "func.func @main() -> tensor<2xi32> {\n  %0 = stablehlo.constant dense<[1, 2> : tensor<2xi32>\n  %1 = stablehlo.constant dense<0]> : tensor<i32>\n  return %0 : tensor<2xi32>\n}\n";
    expect_refused(
        &run(&[], "open.mlir", text.as_bytes()),
        "open.mlir:2:38: error: `>` does not close `[` opened at 2:33; expected `]`",
    );
    // Every kind nests inside `<...>` when balanced.
    let good = "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = foo.op %x {a = #foo.attr<[1, (2, {k = 3})] -> <[4]>>} : (tensor<2xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n";
    let r = run(&[], "good.mlir", good.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, good);
}

/// Fuzz run 16 (`testdata/fuzz/passes/f16-matmul-loop-value-read-through-a-transpose`):
/// a value that region syntax declares (here a `while` loop's `%a`) read by
/// a `dot_general` both directly and through a `transpose`. `f16-matmul`
/// placed the convert of `%a` just before the dot, then reused it for the
/// transpose, which comes earlier: use before definition, printed with
/// exit 0 (the verifier did not check order). The convert now goes at the
/// top of the block, and the verifier checks that every operand is defined
/// before it is read.
#[test]
fn a_loop_value_narrowed_for_a_dot_and_its_transpose_is_converted_first() {
    let text = "func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {\n  %c0 = stablehlo.constant dense<0> : tensor<i32>\n  %c3 = stablehlo.constant dense<3> : tensor<i32>\n  %c1 = stablehlo.constant dense<1> : tensor<i32>\n  %0:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<4x4xf32>\n    cond {\n      %p = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>\n      stablehlo.return %p : tensor<i1>\n    } do {\n      %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>\n      %d = stablehlo.dot_general %a, %t, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>\n      %n = stablehlo.add %i, %c1 : tensor<i32>\n      stablehlo.return %n, %d : tensor<i32>, tensor<4x4xf32>\n    }\n  return %0#1 : tensor<4x4xf32>\n}\n";
    for pass in ["f16-matmul", "bf16-matmul"] {
        let r = run(&["--pass", pass], "loop.mlir", text.as_bytes());
        expect_output_reads_back(&r, pass);
        let body = r.stdout.split("} do {\n").nth(1).expect("loop body");
        assert!(
            body.trim_start()
                .starts_with("%cvt_0 = stablehlo.convert %a"),
            "{pass}:\n{}",
            r.stdout
        );
    }
    let bytes = fuzz_finding("passes", "f16-matmul-loop-value-read-through-a-transpose");
    expect_output_reads_back(
        &run(&["--pass", "f16-matmul"], "fuzz.mlir", &bytes),
        "fuzz finding",
    );
}

/// Fuzz run 16 (`testdata/fuzz/passes/comment-ended-by-a-lone-carriage-return`,
/// 3.8 KB, 18 s to refuse before): a lone `\r` ends a `//` comment in the
/// grammar (as in MLIR's lexer), but the bracket check before the grammar
/// skipped comments up to `\n` only; the unbalanced text after the `\r`
/// therefore reached the grammar, whose backtracking over it is
/// exponential. The check now ends a comment where the grammar does.
#[test]
fn a_comment_ends_at_a_lone_carriage_return_for_the_bracket_check_too() {
    let bytes = fuzz_finding("passes", "comment-ended-by-a-lone-carriage-return");
    let r = run(&[], "fuzz.mlir", &bytes);
    expect_refused(&r, "fuzz.mlir:13:341: error: unexpected end of input: `{` opened at 13:269 is not closed; expected `}`");
    assert!(r.took < Duration::from_secs(1), "took {:?}", r.took);
    let text = "// a comment\r  %0 = foo.op {a = [1, 2}\n";
    expect_refused(
        &run(&[], "cr.mlir", text.as_bytes()),
        "`}` does not close `[` opened at",
    );
}

/// Fuzz run 16 (`testdata/fuzz/passes/int8-convolution-dim-list-with-an-empty-entry`):
/// a convolution's kernel dimension list `[0,,1, i, o]` has five entries for
/// a rank-4 kernel; `int8-weights` took `o`'s place (4) as a dimension of
/// the kernel and indexed past its shape (a panic). The verifier now
/// refuses such a list when the file is read, as MLIR does.
#[test]
fn a_convolution_dim_list_with_an_empty_entry_is_refused() {
    let bytes = fuzz_finding("passes", "int8-convolution-dim-list-with-an-empty-entry");
    let r = run(&["--pass", "int8-weights"], "fuzz.mlir", &bytes);
    expect_refused(&r, "fuzz.mlir:15:5: error: ");
    expect_refused(
        &r,
        "`dim_numbers` kernel list [0, , 1, i, o] has an empty entry",
    );
    assert!(r.stdout.is_empty(), "printed output on error");
}

/// Every list of a pretty convolution's `dim_numbers` names each dim of its
/// tensor once: `b`/`f` (input and output) or `i`/`o` (kernel), and the
/// spatial dims `0..rank-2`.
#[test]
fn convolution_dim_numbers_are_checked() {
    let conv = |dims: &str| {
        format!(
            "func.func @main(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32> {{\n  %0 = stablehlo.convolution(%x, %w) dim_numbers = {dims}, window = {{}} {{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>\n  return %0 : tensor<1x6x6x4xf32>\n}}\n"
        )
    };
    let cases = [
        (
            "[b, 0, 1, f]x[0, 1, i]->[b, 0, 1, f]",
            "kernel list [0, 1, i] has 3 entries for a tensor of rank 4",
        ),
        (
            "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 2, f]",
            "output list [b, 0, 2, f] names spatial dim 2; expected one below 2",
        ),
        (
            "[b, 0, 0, f]x[0, 1, i, o]->[b, 0, 1, f]",
            "input list [b, 0, 0, f] names `0` twice",
        ),
        (
            "[b, 0, 1, f]x[0, 1, i, i]->[b, 0, 1, f]",
            "kernel list [0, 1, i, i] names `i` twice",
        ),
        (
            "[b, 0, 1, x]x[0, 1, i, o]->[b, 0, 1, f]",
            "input list [b, 0, 1, x] holds `x`; expected `b`, `f` or a spatial dim",
        ),
        (
            "[b, 0, 1, f]x[0, 1, i, o]",
            "has `dim_numbers` it cannot read",
        ),
    ];
    for (dims, words) in cases {
        expect_error(
            &["--pass", "int8-weights"],
            "conv.mlir",
            &conv(dims),
            "2:3",
            words,
        );
    }
    // The same program with valid lists, written with white space between
    // the lists, is read and rewritten.
    let r = run(
        &["--pass", "f16-matmul"],
        "conv.mlir",
        conv("[b, 0, 1, f] x [0, 1, i, o] -> [b, 0, 1, f]").as_bytes(),
    );
    expect_output_reads_back(&r, "f16-matmul");
    assert!(r.stdout.contains("f16"), "{}", r.stdout);
    // MLIR reads `dim_numbers=[...]` without spaces around `=` too.
    let r = run(
        &["--pass", "f16-matmul"],
        "conv.mlir",
        conv("[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]")
            .replace("dim_numbers = ", "dim_numbers=")
            .as_bytes(),
    );
    expect_output_reads_back(&r, "f16-matmul");
    assert!(r.stdout.contains("f16"), "{}", r.stdout);
}

/// Fuzz run 17 (`testdata/fuzz/passes/f16-unknown-op-result-type-differs-from-its-use`):
/// `%2 = snablehIo.add %0, %1 : tensor<0x128xf32>`, an op of an unknown
/// dialect, whose `: T` the IR took as its result's type, while the
/// StableHLO ops that read `%2` state `tensor<4x128xf32>`. `f16` converted
/// `%2` with the guessed type and wrote a convert that disagreed with the
/// other uses (an internal error, exit 1, on a program hlo-opt had read).
/// A value whose definition does not state its type now takes the type its
/// uses state, so the pass writes a valid program.
#[test]
fn a_guessed_type_gives_way_to_the_type_its_uses_state() {
    let bytes = fuzz_finding("passes", "f16-unknown-op-result-type-differs-from-its-use");
    let r = run(&["--pass", "f16"], "fuzz.mlir", &bytes);
    expect_output_reads_back(&r, "f16");
    assert!(
        r.stdout
            .contains("stablehlo.convert %2 : (tensor<4x128xf32>) -> tensor<4x128xf16>"),
        "{}",
        r.stdout
    );
    // The same on a small valid program: the custom op's `: T` is not its
    // result's type, and the dot that reads it says what it is.
    let text = "func.func @main(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>) -> tensor<2x3xf32> {\n  %c = foo.reinterpret %x : tensor<8xf32>\n  %0 = stablehlo.dot_general %c, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n}\n";
    for pass in ["f16-matmul", "f16", "bf16", "int8-weights"] {
        let r = run(&["--pass", pass], "custom.mlir", text.as_bytes());
        expect_output_reads_back(&r, pass);
    }
    let r = run(&["--pass", "f16-matmul"], "custom.mlir", text.as_bytes());
    assert!(
        r.stdout
            .contains("stablehlo.convert %c : (tensor<2x4xf32>) -> tensor<2x4xf16>"),
        "{}",
        r.stdout
    );
}

/// Fuzz run 17 (`testdata/fuzz/passes/f16-matmul-return-states-a-type-its-function-does-not-give`):
/// `%1 = stablehlk.maximum ... : tensor<8x128xf32>` (an unknown dialect)
/// returned as `return %1 : tensor<8x128xf33>` from a function that gives
/// `tensor<8x128xf32>`. The verifier compared the function's result with
/// `%1`'s type before it had read the `return` that states it, so the file
/// was accepted; once uses state the type, passes saw the mismatch as
/// their own (an internal error). The verifier now reads every signature
/// first, and refuses the file, as MLIR does.
#[test]
fn a_return_stating_another_type_than_its_function_gives_is_refused() {
    let bytes = fuzz_finding(
        "passes",
        "f16-matmul-return-states-a-type-its-function-does-not-give",
    );
    let r = run(&["--pass", "f16-matmul"], "fuzz.mlir", &bytes);
    expect_refused(
        &r,
        "'return' op returns %1 of type tensor<8x128xf33> as result #0, but function @relu gives result #0 type tensor<8x128xf32>",
    );
    assert!(r.stdout.is_empty(), "printed output on error");
    expect_error(
        &[],
        "r.mlir",
        "func.func @relu(%arg0: tensor<8x128xf32>) -> tensor<8x128xf32> {\n  %1 = foo.maximum %arg0 : tensor<8x128xf32>\n  return %1 : tensor<8x128xf16>\n}\n",
        "3:10",
        "returns %1 of type tensor<8x128xf16> as result #0, but function @relu gives result #0 type tensor<8x128xf32>",
    );
}
