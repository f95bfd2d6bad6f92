//! `hlo-opt weights convert` and `hlo-opt weights import-mlx`.

use std::path::Path;

use crate::front;

use super::{load, write_module, RunError, WeightsCommand};

/// Runs a `weights` subcommand.
pub(super) fn run_weights(cmd: &WeightsCommand) -> Result<(), RunError> {
    let (rewritten, from, from_program, to, clamp, force, quiet) = match cmd {
        WeightsCommand::Convert {
            rewritten,
            from,
            from_program,
            to,
            clamp,
            force,
            quiet,
        } => (rewritten, from, from_program, to, clamp, force, *quiet),
        WeightsCommand::ImportMlx {
            graph,
            checkpoint,
            output,
            weights_out,
            map,
            storage,
            force,
        } => {
            let storage = crate::affine::Storage::parse(storage)
                .ok_or_else(|| RunError::Step(format!("unknown storage `{storage}`")))?;
            return run_import_mlx(
                graph,
                checkpoint,
                output,
                weights_out,
                map.as_deref(),
                storage,
                *force,
            );
        }
    };
    let out = crate::tensor::SetOutput::prepare(to, *force)?;
    let module = front::parse(load(&rewritten.display().to_string())?)?;
    let base = match from_program {
        Some(p) => Some(front::parse(load(&p.display().to_string())?)?),
        None => None,
    };
    let orig = crate::tensor::InputSet::open(from)?;
    let opts = crate::weights::ConvertOptions { clamp: *clamp };
    crate::progress::set_quiet(quiet);
    let mut progress = crate::progress::Bytes::new("converted");
    let n = crate::weights::convert_files(
        &module,
        base.as_ref(),
        &orig,
        &out,
        opts,
        &mut |done, total| progress.update(done, total),
    )?;
    progress.finish();
    if !quiet {
        eprintln!("hlo-opt: wrote {n} argument(s) to {}", to.display());
    }
    Ok(())
}

/// `weights import-mlx`: places an MLX checkpoint's tensors on the
/// graph's arguments and writes the graph and its weights.
pub(super) fn run_import_mlx(
    graph: &Path,
    checkpoint: &Path,
    output: &Path,
    weights_out: &Path,
    map: Option<&Path>,
    storage: crate::affine::Storage,
    force: bool,
) -> Result<(), RunError> {
    let weights_target = crate::tensor::SetOutput::prepare(weights_out, force)?;
    let graph_target = crate::output::OutputFile::prepare(output)?;
    let mut module = front::parse(load(&graph.display().to_string())?)?;
    let map: std::collections::BTreeMap<String, String> = match map {
        None => Default::default(),
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| RunError::Step(format!("{}: {e}", p.display())))?;
            let json: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&text)
                .map_err(|e| {
                    RunError::Step(format!(
                        "{}: expected a JSON object of names: {e}",
                        p.display()
                    ))
                })?;
            json.into_iter()
                .map(|(k, v)| match v {
                    serde_json::Value::String(s) => Ok((k, s)),
                    serde_json::Value::Number(n) => Ok((k, n.to_string())),
                    other => Err(RunError::Step(format!(
                        "{}: `{k}` maps to {other}, expected an argument name or position",
                        p.display()
                    ))),
                })
                .collect::<Result<_, _>>()?
        }
    };
    let ckpt = crate::mlx::Checkpoint::read(checkpoint)?;
    let imported = crate::mlx::import(&mut module, ckpt, &map, storage)?;
    weights_target.write(&imported.weights)?;
    write_module(&graph_target, &module)?;
    for (name, arg) in &imported.placed {
        eprintln!("hlo-opt: {name} -> {arg}");
    }
    if !imported.unused.is_empty() {
        eprintln!(
            "hlo-opt: warning: no argument takes {} checkpoint tensor(s): {}",
            imported.unused.len(),
            imported.unused.join(", ")
        );
    }
    if !imported.runtime.is_empty() {
        eprintln!(
            "hlo-opt: run-time inputs (not in the checkpoint): {}",
            imported.runtime.join(", ")
        );
    }
    eprintln!(
        "hlo-opt: wrote {} tensor(s) to {} and the graph to {}",
        imported.weights.len(),
        weights_out.display(),
        output.display()
    );
    Ok(())
}
