//! The `hlo-opt` command. See `hlo_opt::cli` and ../shared/CONTRACT.md.

fn main() {
    let code = hlo_opt::cli::main();
    // Interrupted: the signal handler exits with 130 once it has cleaned up.
    hlo_opt::output::wait_for_interrupt_exit();
    std::process::exit(code);
}

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
