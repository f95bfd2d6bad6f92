//! The `hlo-opt` command. See `hlo_opt::cli` and ../shared/CONTRACT.md.

fn main() {
    std::process::exit(hlo_opt::cli::main());
}

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
