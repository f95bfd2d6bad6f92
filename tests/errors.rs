//! Bad input: a clear `FILE:LINE:COL: error:` message, exit code 1, never a
//! panic, never a partial or clobbered output file.

mod common;

use std::path::Path;

use common::*;

struct Outcome {
    code: i32,
    stderr: String,
}

/// Runs `hlo-opt IN -o OUT` where OUT already holds "old"; checks that OUT is untouched.
fn run_bad(name: &str, input: &[u8]) -> Outcome {
    let dir = tempfile::tempdir().expect("tempdir");
    let inp = dir.path().join(name);
    std::fs::write(&inp, input).expect("write input");
    let out = dir.path().join("out.mlir");
    std::fs::write(&out, "old").expect("write old output");
    let o = hlo_opt()
        .arg(&inp)
        .arg("-o")
        .arg(&out)
        .output()
        .expect("runs");
    assert_eq!(
        std::fs::read_to_string(&out).expect("still there"),
        "old",
        "{name}: output clobbered"
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .expect("list")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != name && n != "out.mlir")
        .collect();
    assert!(
        leftovers.is_empty(),
        "{name}: left files behind: {leftovers:?}"
    );
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{name}: panicked:\n{stderr}");
    Outcome {
        code: o.status.code().unwrap_or(-1),
        stderr,
    }
}

fn expect_error(name: &str, input: &str, line_col: &str, words: &str) {
    let o = run_bad(name, input.as_bytes());
    assert_eq!(o.code, 1, "{name}: exit code; stderr:\n{}", o.stderr);
    let head = format!("{name}:{line_col}: error: ");
    assert!(
        o.stderr.contains(&head),
        "{name}: expected `{head}` in:\n{}",
        o.stderr
    );
    assert!(
        o.stderr.contains(words),
        "{name}: expected `{words}` in:\n{}",
        o.stderr
    );
}

const FUNC_HEAD: &str = "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n";

#[test]
fn empty_file() {
    expect_error("empty.mlir", "", "1:1", "empty input; expected a module");
    expect_error(
        "blank.mlir",
        "  \n// only a comment\n",
        "3:1",
        "empty input",
    );
}

#[test]
fn binary_garbage() {
    let mut bytes = vec![0x7f, b'E', b'L', b'F', 0xff, 0xfe, 0x00, 0x88];
    bytes.extend((0..200u32).map(|i| (i * 37 % 251) as u8));
    let o = run_bad("garbage.mlir", &bytes);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr
            .contains("garbage.mlir:1:5: error: the input is not UTF-8 text"),
        "{}",
        o.stderr
    );
}

#[test]
fn truncated_file() {
    let full =
        std::fs::read_to_string(root().join("testdata/jax/cnn_args.mlir")).expect("testdata");
    let cut = &full[..full.len() / 2];
    let o = run_bad("truncated.mlir", cut.as_bytes());
    assert_eq!(o.code, 1, "{}", o.stderr);
    assert!(
        o.stderr.contains("error: unexpected end of input"),
        "{}",
        o.stderr
    );
    assert!(o.stderr.contains("is not closed; expected"), "{}", o.stderr);
}

#[test]
fn unbalanced_braces() {
    let text = format!(
        "{FUNC_HEAD}  %0 = stablehlo.add %a, %a : tensor<f32>\n  return %0 : tensor<f32>\n"
    );
    expect_error(
        "open.mlir",
        &text,
        "4:1",
        "`{` opened at 1:46 is not closed; expected `}`",
    );
    let text = format!("{FUNC_HEAD}  return %a : tensor<f32>\n}}\n}}\n");
    expect_error("extra.mlir", &text, "4:1", "expected");
}

#[test]
fn unknown_ssa_name() {
    let text = format!(
        "{FUNC_HEAD}  %0 = stablehlo.add %a, %b : tensor<f32>\n  return %0 : tensor<f32>\n}}\n"
    );
    expect_error(
        "unknown.mlir",
        &text,
        "2:26",
        "use of undefined SSA value %b",
    );
}

/// MLIR reads `%12_u` as `%12` then `_u` ("expected '=' after SSA name"):
/// a name is digits only or starts with a letter or `$ . _ -`. hlo-opt
/// accepted such names and printed them back for IREE to refuse.
#[test]
fn ssa_name_of_digits_then_letters_is_refused() {
    let text = format!(
        "{FUNC_HEAD}  %12_u = stablehlo.add %a, %a : tensor<f32>\n  return %12_u : tensor<f32>\n}}\n"
    );
    expect_error(
        "digits.mlir",
        &text,
        "2:3",
        "`%12_u` is not an SSA name; expected digits only (`%12`)",
    );
    let text = format!(
        "{FUNC_HEAD}  %x = stablehlo.add %a, %a : tensor<f32>\n  return %7e : tensor<f32>\n}}\n"
    );
    expect_error("use.mlir", &text, "3:10", "`%7e` is not an SSA name");
    // The names MLIR does read still parse: digits, and a letter or
    // `$ . _ -` first.
    for name in ["%0", "%12", "%_1", "%-a", "%$x.y", "%v12_u"] {
        let text = format!(
            "{FUNC_HEAD}  {name} = stablehlo.add %a, %a : tensor<f32>\n  return {name} : tensor<f32>\n}}\n"
        );
        let dir = tempfile::tempdir().expect("tempdir");
        let inp = dir.path().join("ok.mlir");
        std::fs::write(&inp, &text).expect("write input");
        let o = hlo_opt().arg(&inp).output().expect("runs");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{name}: {stderr}");
        assert_eq!(String::from_utf8_lossy(&o.stdout), text, "{name}");
    }
}

#[test]
fn use_before_definition() {
    let text = format!(
        "{FUNC_HEAD}  %0 = stablehlo.add %a, %1 : tensor<f32>\n  %1 = stablehlo.add %a, %a : tensor<f32>\n  return %0 : tensor<f32>\n}}\n"
    );
    expect_error(
        "early.mlir",
        &text,
        "2:26",
        "use of SSA value %1 before its definition (defined at 3:3)",
    );
}

#[test]
fn duplicate_definition() {
    let text = format!(
        "{FUNC_HEAD}  %0 = stablehlo.add %a, %a : tensor<f32>\n  %0 = stablehlo.add %a, %a : tensor<f32>\n  return %0 : tensor<f32>\n}}\n"
    );
    expect_error(
        "dup.mlir",
        &text,
        "3:3",
        "redefinition of SSA value %0 (first defined at 2:3)",
    );
}

#[test]
fn hex_blob_of_wrong_length() {
    let text = "func.func @f() -> tensor<2xf32> {\n  %0 = stablehlo.constant dense<\"0x0000803F000000\"> : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n";
    expect_error(
        "hex.mlir",
        text,
        "2:36",
        "hex constant holds 7 byte(s) but its type needs 8",
    );
    let text = text.replace("0x0000803F000000", "0x0000803F0000zz00");
    expect_error("hexdigit.mlir", &text, "2:48", "expected only hex digits");
}

#[test]
fn wrong_number_of_result_types() {
    let text = format!(
        "{FUNC_HEAD}  %0 = \"stablehlo.add\"(%a, %a) : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)\n  return %0 : tensor<f32>\n}}\n"
    );
    expect_error(
        "count.mlir",
        &text,
        "2:32",
        "defines 1 result(s) but its signature lists 2 result type(s)",
    );
}

#[test]
fn bad_result_index() {
    let text = format!(
        "{FUNC_HEAD}  %0:2 = \"test.two\"(%a) : (tensor<f32>) -> (tensor<f32>, tensor<f32>)\n  return %0#2 : tensor<f32>\n}}\n"
    );
    expect_error(
        "index.mlir",
        &text,
        "3:10",
        "result #2 of %0 does not exist",
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let text = format!("func.func @f() {{{}}}\n", "(".repeat(100_000));
    expect_error("deep.mlir", &text, "1:528", "nested deeper than 512 levels");
    let text = format!(
        "func.func @f() -> {}f32{} {{\n}}\n",
        "tensor<".repeat(100_000),
        ">".repeat(100_000)
    );
    expect_error(
        "deeptype.mlir",
        &text,
        "1:3609",
        "nested deeper than 512 levels",
    );
}

#[test]
fn garbage_tokens_say_what_was_expected() {
    expect_error(
        "tokens.mlir",
        "%0 = = =\n",
        "1:6",
        "expected an operation name",
    );
}

#[test]
fn missing_file_and_usage_errors() {
    let o = hlo_opt()
        .arg("/nonexistent/in.mlir")
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent/in.mlir: cannot read"));
    let o = hlo_opt().arg("--no-such-flag").output().expect("runs");
    assert_eq!(o.status.code(), Some(2));
    let o = hlo_opt()
        .args(["--pass", "no-such-pass", "x.mlir"])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown pass `no-such-pass`"));
    let o = hlo_opt().output().expect("runs");
    assert_eq!(o.status.code(), Some(2), "no input is a usage error");
}

#[test]
fn stdin_and_atomic_output() {
    use std::io::Write;
    use std::process::Stdio;
    let text =
        std::fs::read_to_string(root().join("testdata/jax/cond_switch.mlir")).expect("testdata");
    let mut child = hlo_opt()
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(text.as_bytes())
        .expect("write");
    let o = child.wait_with_output().expect("wait");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8(o.stdout).expect("utf-8"), text);

    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("o.mlir");
    let o = hlo_opt()
        .arg(root().join("testdata/jax/cond_switch.mlir"))
        .arg("-o")
        .arg(&out)
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&out).expect("written"), text);
    assert!(Path::new(&out).is_file());
}
