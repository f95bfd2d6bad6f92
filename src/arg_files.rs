//! A program's inputs as files IREE's tools read (`--input=@file.npy`),
//! made without holding the set in memory: `verify` and `bench` at real size.
//!
//! * Original inputs given as a folder of `.npy` files are used where they
//!   lie (nothing copied); a `.npz` or `.safetensors` set is written out one
//!   tensor at a time into the work folder; random inputs are drawn one
//!   argument at a time and written out ([`crate::inputs::for_each_random_input`]).
//! * The rewritten program's inputs are made from those files by the
//!   streaming conversion of `weights convert` ([`crate::weights::convert_files`]).
//!
//! hlo-opt's own memory then holds about one input and its output at a time;
//! each IREE process reads its inputs itself.

use std::path::{Path, PathBuf};

use crate::inputs::{InputError, InputSpec};
use crate::ir::{Module, Type};
use crate::tensor::{InputSet, Payload, SetOutput, TensorError, TensorRef};
use crate::weights::{ConvertError, ConvertOptions, WeightsError};

/// Why input files could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ArgFilesError {
    /// Random inputs could not be drawn.
    #[error("{0}")]
    Inputs(#[from] InputError),
    /// A file could not be read or written.
    #[error("{0}")]
    Tensor(#[from] TensorError),
    /// The program's arguments could not be read.
    #[error("{0}")]
    Weights(#[from] WeightsError),
    /// The rewritten program's inputs could not be made.
    #[error("{0}")]
    Convert(#[from] ConvertError),
    /// A scratch folder could not be made.
    #[error("{0}")]
    Output(#[from] crate::output::OutputError),
    /// Given inputs do not fit the function.
    #[error("{path}: {message}")]
    Mismatch {
        /// The input set.
        path: String,
        /// What does not fit.
        message: String,
    },
}

/// One program's inputs, in argument order, as files.
#[derive(Clone, Debug, Default)]
pub struct ArgFiles {
    /// What follows `--input=` for each argument (`@/work/in/arg003.npy`,
    /// or `4096x64xui4=@/work/in/arg003.bin`).
    pub specs: Vec<String>,
    /// Bytes of all arguments (what one call reads).
    pub bytes: u64,
}

/// The original program's inputs: `given` (a folder of `.npy` files used in
/// place, or a `.npz` / `.safetensors` set written into `dir`), else random
/// ones drawn with `spec` and written into `dir`. Also returns the set the
/// rewritten program's inputs are converted from.
pub fn original(
    m: &Module,
    given: Option<&Path>,
    spec: InputSpec,
    dir: &Path,
) -> Result<(ArgFiles, InputSet), ArgFilesError> {
    let types = entry_types(m)?;
    match given {
        Some(path) => {
            let set = InputSet::open(path)?;
            let files = given_files(&set, path, &types, dir)?;
            Ok((files, set))
        }
        None => {
            let out = SetOutput::Folder(crate::output::OutputDir::scratch(dir)?);
            let mut failed: Option<InputError> = None;
            let written = out.write_each(&mut |emit| {
                crate::inputs::for_each_random_input(m, spec, &mut |index, t| {
                    emit(&format!("arg{index:03}"), Payload::Ready(t.view())).map_err(Drawn::Write)
                })
                .map_err(|e| match e {
                    Drawn::Input(e) => {
                        failed = Some(e);
                        std::io::Error::other("drawing random inputs failed")
                    }
                    Drawn::Write(e) => e,
                })
            });
            if let Some(e) = failed {
                return Err(e.into());
            }
            written?;
            let set = InputSet::open(dir)?;
            let files = given_files(&set, dir, &types, &dir.join("ui4"))?;
            Ok((files, set))
        }
    }
}

/// Why drawing and writing one random input stopped.
enum Drawn {
    Input(InputError),
    Write(std::io::Error),
}

impl From<InputError> for Drawn {
    fn from(e: InputError) -> Drawn {
        Drawn::Input(e)
    }
}

/// Tensors already in memory (a rollout's inputs) written into `dir` as
/// IREE reads them.
pub fn write(set: &crate::tensor::TensorSet, dir: &Path) -> Result<ArgFiles, TensorError> {
    std::fs::create_dir_all(dir).map_err(|err| TensorError::Io {
        path: dir.display().to_string(),
        err,
    })?;
    let mut files = ArgFiles::default();
    for (i, (_, t)) in set.iter().enumerate() {
        files.specs.push(crate::iree::write_input(t, dir, i)?);
        files.bytes += t.data.len() as u64;
    }
    Ok(files)
}

/// The rewritten program's inputs: `given` (its own set, as
/// [`original`] takes it), else converted from the original set `from` by
/// the rewritten program's recipes into `dir`, one argument at a time
/// (`base`: the program `from` belongs to, when `m` was rewritten from it;
/// see [`crate::weights::recipes_for`]). `progress` gets the bytes
/// converted so far and in all.
pub fn rewritten(
    m: &Module,
    base: Option<&Module>,
    given: Option<&Path>,
    from: &InputSet,
    dir: &Path,
    opts: ConvertOptions,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<ArgFiles, ArgFilesError> {
    let types = entry_types(m)?;
    if let Some(path) = given {
        let set = InputSet::open(path)?;
        return given_files(&set, path, &types, dir);
    }
    let out = SetOutput::Folder(crate::output::OutputDir::scratch(dir)?);
    crate::weights::convert_files(m, base, from, &out, opts, progress)?;
    let set = InputSet::open(dir)?;
    given_files(&set, dir, &types, &dir.join("ui4"))
}

/// The entry function's arguments: name (its location, as JAX names
/// parameters) and type.
fn entry_types(m: &Module) -> Result<Vec<(String, Type)>, ArgFilesError> {
    Ok(crate::weights::entry_args(m)?
        .into_iter()
        .map(|v| (m.value_label(v), m.dfg.ty(v).clone()))
        .collect())
}

/// `set`'s tensors as the arguments of a function taking `types`, each
/// picked as `weights convert` picks inputs (by the argument's name, else
/// by an `argNNN` / `N` key, else by position): `.npy` files where they
/// lie; other members, and `ui4` tensors (stored as bytes, which IREE reads
/// only as raw files with their type), written into `scratch`.
fn given_files(
    set: &InputSet,
    path: &Path,
    types: &[(String, Type)],
    scratch: &Path,
) -> Result<ArgFiles, ArgFilesError> {
    let mismatch = |message: String| ArgFilesError::Mismatch {
        path: path.display().to_string(),
        message,
    };
    if set.len() != types.len() {
        return Err(mismatch(format!(
            "{} input(s) given, the function takes {}",
            set.len(),
            types.len()
        )));
    }
    let mut files = ArgFiles::default();
    for (index, (name, ty)) in types.iter().enumerate() {
        let i = crate::weights::pick_index(set.names(), index, name)
            .ok_or_else(|| mismatch(format!("no input for argument {index} ({name})")))?;
        let (dtype, shape) = set.header(i)?;
        let view = TensorRef {
            dtype,
            shape: shape.clone(),
            data: &[],
        };
        let fitted = view.fit(ty).ok_or_else(|| {
            mismatch(format!(
                "argument {index} ({name}): given {} {shape:?} ({}), the function takes {ty}",
                dtype.mlir_name(),
                set.names()[i]
            ))
        })?;
        files.bytes += fitted
            .dtype
            .bytes_for(fitted.shape.iter().product::<u64>() as usize) as u64;
        let spec = match set.npy_path(i) {
            Some(p) if !fitted.dtype.is_packed4() => format!("@{}", absolute(p).display()),
            _ => {
                std::fs::create_dir_all(scratch).map_err(|err| TensorError::Io {
                    path: scratch.display().to_string(),
                    err,
                })?;
                set.with(i, |t| -> Result<String, TensorError> {
                    let t = t.fit(ty).unwrap_or(t).to_host();
                    crate::iree::write_input(&t, scratch, index)
                })??
            }
        };
        files.specs.push(spec);
    }
    Ok(files)
}

/// `p` made absolute (IREE's tools run in another folder's context only by
/// path, and a relative one would be read against their own working folder).
fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}
