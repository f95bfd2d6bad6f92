#![no_main]
//! parse → print must give the input back byte for byte.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| hlo_opt::fuzzing::parse_print(data));
