#![no_main]
//! parse → every pass and preset → print → re-parse → verify.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| hlo_opt::fuzzing::passes(data));
