//! `hlo-opt [--pass ...] IN [-o OUT]`: parse, run the pipeline, print.

use std::io::{self, Write};
use std::path::Path;

use crate::front;
use crate::ir::Module;
use crate::passes::Pipeline;

use super::{load, Args, RunError};

/// Rewrites IN through the pipeline and prints it to `-o` or stdout.
pub(super) fn run(args: &Args, pipeline: &Pipeline) -> Result<(), RunError> {
    // Checked before the work, so that another writer of the same file in
    // the meantime (two in-place runs) is noticed rather than overwritten.
    let output = args
        .output
        .as_deref()
        .map(crate::output::OutputFile::prepare)
        .transpose()?;
    let input = args.input.as_deref().unwrap_or("-");
    let source = load(input)?;
    let mut module: Module = front::parse(source)?;
    let stats = pipeline.run(&mut module)?;
    for w in stats.warning_lines(args.stats) {
        eprintln!("hlo-opt: warning: {w}");
    }
    for note in stats.skip_notes() {
        eprintln!("hlo-opt: note: {note}");
    }
    if args.stats {
        eprint!("{stats}");
    }
    match &output {
        Some(out) => write_module(out, &module),
        None => {
            let stdout = io::stdout();
            let mut out = io::BufWriter::with_capacity(1 << 20, stdout.lock());
            crate::back::print(&module, &mut out)
                .and_then(|_| out.flush())
                .map_err(|err| RunError::Write {
                    path: "<stdout>".into(),
                    err,
                })
        }
    }
}

/// Writes the module to `path` as [`crate::output::OutputFile`] does: a
/// failure leaves no partial file and the old file untouched.
pub fn write_atomically(path: &Path, module: &Module) -> Result<(), RunError> {
    write_module(&crate::output::OutputFile::prepare(path)?, module)
}

/// Prints the module into an output prepared before the work began.
pub(super) fn write_module(
    out: &crate::output::OutputFile,
    module: &Module,
) -> Result<(), RunError> {
    Ok(out.write(|file| {
        let mut emit = crate::back::FileEmit::new(file);
        crate::back::print(module, &mut emit)?;
        emit.finish()
    })?)
}

/// Writes through `write` as [`crate::output::OutputFile`] does.
pub fn write_file_atomically(
    path: &Path,
    write: impl FnOnce(&std::fs::File) -> io::Result<()>,
) -> Result<(), RunError> {
    Ok(crate::output::OutputFile::prepare(path)?.write(write)?)
}
