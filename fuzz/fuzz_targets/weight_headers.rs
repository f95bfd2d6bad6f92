#![no_main]
//! `.npy`, `.npz` and `.safetensors` readers on arbitrary bytes.
use libfuzzer_sys::fuzz_target;

thread_local! {
    static DIR: tempfile::TempDir = tempfile::tempdir().expect("tempdir");
}

fuzz_target!(|data: &[u8]| DIR.with(|d| hlo_opt::fuzzing::weight_headers(data, d.path())));
