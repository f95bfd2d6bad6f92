//! hlo-opt never deletes or replaces what it did not write: `-o` onto
//! devices, FIFOs, symlinks and read-only-mode files; `weights convert --to`
//! into folders that hold other files; interrupted runs leave no temporaries.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;

fn matmul() -> PathBuf {
    root().join("testdata/small/matmul.mlir")
}

/// Every entry of a folder, with its kind and contents (for files), sorted.
fn snapshot(dir: &Path) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = fs::read_dir(dir)
        .expect("readable")
        .flatten()
        .map(|e| {
            let p = e.path();
            let meta = fs::symlink_metadata(&p).expect("stat");
            let what = if meta.file_type().is_symlink() {
                format!("link -> {}", fs::read_link(&p).unwrap().display())
            } else if meta.is_dir() {
                "dir".into()
            } else if meta.is_file() {
                String::from_utf8_lossy(&fs::read(&p).unwrap()).into_owned()
            } else {
                "special".into()
            };
            (e.file_name().to_string_lossy().into_owned(), what)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn output_to_dev_null_keeps_the_device() {
    let o = hlo_opt()
        .arg(matmul())
        .args(["-o", "/dev/null"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    use std::os::unix::fs::FileTypeExt;
    let kind = fs::metadata("/dev/null").unwrap().file_type();
    assert!(kind.is_char_device(), "/dev/null is no longer a device");
}

#[test]
fn output_to_a_fifo_writes_into_it() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status();
    let Ok(status) = made else {
        eprintln!("skipping: mkfifo not available");
        return;
    };
    assert!(status.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let o = hlo_opt()
        .arg(matmul())
        .arg("-o")
        .arg(&fifo)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let got = reader.join().unwrap();
    assert_eq!(got, fs::read_to_string(matmul()).unwrap());
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn output_through_a_symlink_keeps_the_link_and_the_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.mlir");
    fs::write(&real, "old").unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).unwrap();
    let link = dir.path().join("link.mlir");
    std::os::unix::fs::symlink("real.mlir", &link).unwrap();
    let o = hlo_opt()
        .arg(matmul())
        .arg("-o")
        .arg(&link)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        fs::read_to_string(&real).unwrap(),
        fs::read_to_string(matmul()).unwrap()
    );
    let mode = fs::metadata(&real).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert_eq!(
        fs::read_dir(dir.path()).unwrap().count(),
        2,
        "no temporaries"
    );
}

#[test]
fn output_onto_a_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("keep.txt"), "precious").unwrap();
    let before = snapshot(dir.path());
    let o = hlo_opt()
        .arg(matmul())
        .arg("-o")
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("is a folder"));
    assert_eq!(snapshot(dir.path()), before);
}

fn rewritten_and_inputs(dir: &Path) -> (PathBuf, PathBuf) {
    let out = dir.join("rewritten.mlir");
    let o = hlo_opt()
        .args(["--pass", "f16-matmul"])
        .arg(root().join("testdata/jax/qwen2_decoder_args.mlir"))
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    (out, root().join("testdata/jax/qwen2_decoder_args.inputs"))
}

fn convert_to(rewritten: &Path, from: &Path, to: &Path, extra: &[&str]) -> std::process::Output {
    hlo_opt()
        .args(["weights", "convert"])
        .arg(rewritten)
        .arg("--from")
        .arg(from)
        .arg("--to")
        .arg(to)
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn convert_refuses_a_folder_with_other_files() {
    let work = tempfile::tempdir().unwrap();
    let (rewritten, inputs) = rewritten_and_inputs(work.path());
    let to = work.path().join("dest");
    fs::create_dir(&to).unwrap();
    fs::write(to.join("notes.txt"), "mine").unwrap();
    fs::write(to.join("arg000.npy"), "not really").unwrap();
    let before = snapshot(&to);
    let o = convert_to(&rewritten, &inputs, &to, &[]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("not empty") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(snapshot(&to), before, "nothing touched");
}

#[test]
fn convert_into_the_current_folder_is_refused() {
    let work = tempfile::tempdir().unwrap();
    let (rewritten, inputs) = rewritten_and_inputs(work.path());
    let before = snapshot(work.path());
    let o = hlo_opt()
        .current_dir(work.path())
        .args(["weights", "convert"])
        .arg(&rewritten)
        .arg("--from")
        .arg(&inputs)
        .args(["--to", "."])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(snapshot(work.path()), before);
}

#[test]
fn convert_with_force_replaces_only_its_own_files() {
    let work = tempfile::tempdir().unwrap();
    let (rewritten, inputs) = rewritten_and_inputs(work.path());
    let to = work.path().join("dest");
    fs::create_dir(&to).unwrap();
    fs::write(to.join("notes.txt"), "mine").unwrap();
    fs::write(to.join("arg000.npy"), "stale").unwrap();
    let o = convert_to(&rewritten, &inputs, &to, &["--force"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(fs::read_to_string(to.join("notes.txt")).unwrap(), "mine");
    assert_ne!(fs::read(to.join("arg000.npy")).unwrap(), b"stale");
    let n_inputs = fs::read_dir(&inputs).unwrap().count();
    assert_eq!(fs::read_dir(&to).unwrap().count(), n_inputs + 1);
}

#[test]
fn convert_fills_new_and_empty_folders() {
    let work = tempfile::tempdir().unwrap();
    let (rewritten, inputs) = rewritten_and_inputs(work.path());
    let empty = work.path().join("empty");
    fs::create_dir(&empty).unwrap();
    for to in [work.path().join("new"), empty] {
        let o = convert_to(&rewritten, &inputs, &to, &[]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(
            fs::read_dir(&to).unwrap().count(),
            fs::read_dir(&inputs).unwrap().count()
        );
    }
    // Nothing but the outputs beside them.
    let names: Vec<String> = snapshot(work.path()).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["empty", "new", "rewritten.mlir"]);
}

/// A program whose one weight argument is converted to f16 by
/// `weights convert`: big enough that writing it takes a while.
const BIG: &str = r#"func.func @main(%x: tensor<1x4096xf32>, %w: tensor<4096x8192xf32>) -> tensor<1x8192xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<1x4096xf32>, tensor<4096x8192xf32>) -> tensor<1x8192xf32>
  return %0 : tensor<1x8192xf32>
}
"#;

/// Writes an f32 `.npy` of `shape` filled with ones.
fn write_ones_npy(path: &Path, shape: &[usize]) {
    let n: usize = shape.iter().product();
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let mut header = format!(
        "{{'descr': '<f4', 'fortran_order': False, 'shape': ({},), }}",
        dims.join(", ")
    );
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend_from_slice(&(header.len() as u16).to_le_bytes());
    bytes.extend_from_slice(header.as_bytes());
    bytes.reserve(n * 4);
    for _ in 0..n {
        bytes.extend_from_slice(&1.0f32.to_le_bytes());
    }
    fs::write(path, bytes).unwrap();
}

fn hidden_temporaries(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".hlo-opt-"))
        .collect()
}

#[test]
fn interrupted_conversion_leaves_no_temporaries() {
    let work = tempfile::tempdir().unwrap();
    let program = work.path().join("big.mlir");
    fs::write(&program, BIG).unwrap();
    let rewritten = work.path().join("big_f16.mlir");
    let o = hlo_opt()
        .args(["--pass", "f16-matmul"])
        .arg(&program)
        .arg("-o")
        .arg(&rewritten)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let inputs = work.path().join("inputs");
    fs::create_dir(&inputs).unwrap();
    write_ones_npy(&inputs.join("arg000.npy"), &[1, 4096]);
    write_ones_npy(&inputs.join("arg001.npy"), &[4096, 8192]);
    let out = work.path().join("out");
    // Up to a few tries: the signal must land while the output is being written.
    for _ in 0..5 {
        let mut child = hlo_opt()
            .args(["weights", "convert"])
            .arg(&rewritten)
            .arg("--from")
            .arg(&inputs)
            .arg("--to")
            .arg(&out)
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        let mut signalled = false;
        while start.elapsed() < Duration::from_secs(60) {
            if !hidden_temporaries(work.path()).is_empty() {
                Command::new("kill")
                    .args(["-INT", &child.id().to_string()])
                    .status()
                    .unwrap();
                signalled = true;
                break;
            }
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_micros(200));
        }
        let status = child.wait().unwrap();
        if !signalled || status.success() {
            // Finished before the signal could land; start over.
            let _ = fs::remove_dir_all(&out);
            continue;
        }
        assert_eq!(status.code(), Some(130));
        assert_eq!(hidden_temporaries(work.path()), Vec::<String>::new());
        if out.exists() {
            // The signal landed just after the output was complete.
            assert_eq!(
                fs::read_dir(&out).unwrap().count(),
                2,
                "half-written output"
            );
        }
        return;
    }
    panic!("the conversion never ran long enough to be interrupted while writing");
}
