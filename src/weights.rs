//! `hlo-opt weights convert`: makes the rewritten function's arguments from
//! the original ones, following the `hlo_opt.*` argument attributes.
//!
//! The attributes and their steps are read through [`crate::recipe`] (see
//! docs/weights.md). An argument without them is the original argument at
//! the same position, copied unchanged.

mod affine_share;

use self::affine_share::AffineShare;
use crate::affine::{Affine, Packed, Storage};
use crate::ir::stablehlo::inverse_permutation;
use crate::ir::{Module, Type, Value};
use crate::recipe::{Origin, Step};
use crate::tensor::{
    DType, HostTensor, InputSet, OutOfRange, Payload, SetOutput, TensorError, TensorRef, TensorSet,
};

/// Why weights could not be converted.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// The module has no function to take arguments of.
    #[error("the module has no public func.func to convert arguments for")]
    NoEntry,
    /// The inputs do not fit the original function.
    #[error("argument {index} ({name}): {message}")]
    Argument {
        /// Position in the original function.
        index: usize,
        /// Its name (location) or SSA name.
        name: String,
        /// What is wrong.
        message: String,
    },
    /// The set of inputs does not fit the original function as a whole.
    #[error("inputs: {0}")]
    Inputs(String),
    /// An attribute could not be read.
    #[error("argument {index}: bad hlo_opt attribute: {message}")]
    Attribute {
        /// Position in the rewritten function.
        index: usize,
        /// What is wrong.
        message: String,
    },
}

/// Why a streaming conversion ([`convert_files`]) failed.
#[derive(Debug, thiserror::Error)]
pub enum ConvertError {
    /// The program or an input does not fit.
    #[error(transparent)]
    Weights(#[from] WeightsError),
    /// An input could not be read or an output written.
    #[error(transparent)]
    Tensor(#[from] TensorError),
}

/// How one argument of the rewritten function is made.
#[derive(Clone, Debug, PartialEq)]
pub struct ArgRecipe {
    /// The original argument's position.
    pub from: usize,
    /// The original argument's type, if recorded.
    pub orig_type: Option<Type>,
    /// Steps, in order.
    pub steps: Vec<Step>,
    /// The rewritten argument's type.
    pub ty: Type,
    /// Its name for messages.
    pub name: String,
}

impl ArgRecipe {
    /// The error for a made tensor (`dtype`, `shape`) that is not the
    /// rewritten argument's type.
    fn not_taken(&self, dtype: DType, shape: &[u64]) -> WeightsError {
        WeightsError::Argument {
            index: self.from,
            name: self.name.clone(),
            message: format!(
                "made {} {:?}, but the rewritten function takes {}",
                dtype.mlir_name(),
                shape,
                self.ty
            ),
        }
    }
}

/// The arguments of the entry function.
pub fn entry_args(m: &Module) -> Result<Vec<Value>, WeightsError> {
    let f = m.entry_function().ok_or(WeightsError::NoEntry)?;
    Ok(m.dfg.op(f).decls.clone())
}

/// Reads how each argument of the entry function is made.
pub fn recipes(m: &Module) -> Result<Vec<ArgRecipe>, WeightsError> {
    let args = entry_args(m)?;
    let mut out = Vec::with_capacity(args.len());
    for (i, &v) in args.iter().enumerate() {
        let origin = Origin::of(m, v).map_err(|e| WeightsError::Attribute {
            index: i,
            message: e.to_string(),
        })?;
        let (from, orig_type, steps) = match origin {
            Some(o) => (o.from, o.orig_type, o.recipe.0),
            None => (i, None, Vec::new()),
        };
        out.push(ArgRecipe {
            from,
            orig_type,
            steps,
            ty: m.dfg.ty(v).clone(),
            name: m.value_label(v),
        });
    }
    Ok(out)
}

/// How each argument of `m` is made from the inputs of `base`, when given:
/// a program `m` was rewritten from (ORIG of `verify`/`bench`, an imported
/// checkpoint's graph, `weights convert --from-program`). Both programs'
/// recipes start at the same original arguments, so each argument of `m`
/// is made from the argument of `base` whose recipe is the longest first
/// part of its own, by the steps after that part. With `base` `None`, the
/// recipes as written ([`recipes`]).
pub fn recipes_for(m: &Module, base: Option<&Module>) -> Result<Vec<ArgRecipe>, WeightsError> {
    let own = recipes(m)?;
    let Some(base) = base else {
        return Ok(own);
    };
    let given = recipes(base)?;
    own.into_iter()
        .map(|r| {
            let best = given
                .iter()
                .enumerate()
                .filter(|(_, b)| b.from == r.from && r.steps.starts_with(&b.steps))
                .max_by_key(|(i, b)| (b.steps.len(), std::cmp::Reverse(*i)));
            let Some((i, b)) = best else {
                let theirs: Vec<String> = given
                    .iter()
                    .filter(|b| b.from == r.from)
                    .map(|b| format!("`{}`", recipe_text(&b.steps)))
                    .collect();
                return Err(WeightsError::Argument {
                    index: r.from,
                    name: r.name.clone(),
                    message: format!(
                        "made from argument {} of the original program by `{}`, and no argument of the program the inputs belong to is a step on that way ({})",
                        r.from,
                        recipe_text(&r.steps),
                        if theirs.is_empty() {
                            format!("none of its arguments is made from argument {}", r.from)
                        } else {
                            format!("its arguments from argument {} are made by {}", r.from, theirs.join(", "))
                        }
                    ),
                });
            };
            Ok(ArgRecipe {
                from: i,
                orig_type: Some(b.ty.clone()),
                steps: r.steps[b.steps.len()..].to_vec(),
                ty: r.ty,
                name: b.name.clone(),
            })
        })
        .collect()
}

/// An input of the wrong type for the argument that reads it; `hint`:
/// point at `--from-program` (the inputs may belong to an earlier rewrite).
fn not_expected(dtype: DType, shape: &[u64], t: &Type, hint: bool) -> String {
    let mut message = format!("given {} {shape:?}, expected {t}", dtype.mlir_name());
    if hint {
        message.push_str(
            " (if these are the inputs of an earlier rewrite of the program, such as `weights import-mlx` output, name that program with `--from-program`)",
        );
    }
    message
}

/// A recipe as the attribute writes it; `as is` when it has no step.
fn recipe_text(steps: &[Step]) -> String {
    if steps.is_empty() {
        "as is".to_string()
    } else {
        crate::recipe::Recipe(steps.to_vec()).to_string()
    }
}

/// Options for [`convert`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ConvertOptions {
    /// Clamp values beyond a narrow type's range instead of failing.
    pub clamp: bool,
}

/// Makes the rewritten function's inputs from the original ones (or from
/// those of `base`, see [`recipes_for`]).
pub fn convert(
    m: &Module,
    base: Option<&Module>,
    orig: &TensorSet,
    opts: ConvertOptions,
) -> Result<TensorSet, WeightsError> {
    let recipes = recipes_for(m, base)?;
    // Every original argument feeds some new one (unchanged ones are
    // copied), so more inputs than that is a mistake, not a spare.
    let wanted = recipes.iter().map(|r| r.from + 1).max().unwrap_or(0);
    if orig.len() > wanted {
        let extra: Vec<&str> = orig[wanted..].iter().map(|(n, _)| n.as_str()).collect();
        return Err(WeightsError::Inputs(format!(
            "{} input(s) given, but the original function takes {wanted}; extra: {}",
            orig.len(),
            extra.join(", ")
        )));
    }
    let mut out = Vec::with_capacity(recipes.len());
    let sources: Vec<Option<usize>> = {
        let names: Vec<&str> = orig.iter().map(|(n, _)| n.as_str()).collect();
        recipes
            .iter()
            .map(|r| pick_index(&names, r.from, &r.name))
            .collect()
    };
    let mut share = AffineShare::plan(
        recipes
            .iter()
            .zip(&sources)
            .filter_map(|(r, s)| Some(((*s)?, r.steps.as_slice()))),
    );
    for (i, (r, source)) in recipes.iter().zip(&sources).enumerate() {
        let arg_err = |message: String| WeightsError::Argument {
            index: r.from,
            name: r.name.clone(),
            message,
        };
        let (k, src) = source.map(|k| (k, &orig[k].1)).ok_or_else(|| {
            arg_err(format!(
                "missing: {} input(s) given, the original function needs at least {}",
                orig.len(),
                r.from + 1
            ))
        })?;
        if let Some(t) = &r.orig_type {
            if !src.matches(t) {
                return Err(arg_err(not_expected(
                    src.dtype,
                    &src.shape,
                    t,
                    base.is_none(),
                )));
            }
        }
        let t = apply_steps(src.clone(), &r.steps, 0, opts, &mut share, k).map_err(&arg_err)?;
        // ui4 tensors come from files as their bytes (`HostTensor::into_fit`).
        let t = t.into_fit(&r.ty);
        if !t.matches(&r.ty) {
            return Err(r.not_taken(t.dtype, &t.shape));
        }
        out.push((format!("arg{i:03}"), t));
    }
    Ok(out)
}

/// The original input for argument `index` named `name`: by name (the
/// argument's location, as JAX names parameters), else by `argNNN` / `N`
/// key, else by position when the keys are neither.
fn pick<'a>(set: &'a TensorSet, index: usize, name: &str) -> Option<&'a HostTensor> {
    let names: Vec<&str> = set.iter().map(|(n, _)| n.as_str()).collect();
    pick_index(&names, index, name).map(|i| &set[i].1)
}

/// [`pick`] over names: the position of the input.
pub(crate) fn pick_index<S: AsRef<str>>(names: &[S], index: usize, name: &str) -> Option<usize> {
    if let Some(i) = names.iter().position(|n| n.as_ref() == name) {
        return Some(i);
    }
    let positional = |n: &str| n.strip_prefix("arg").unwrap_or(n).parse::<usize>().ok();
    if let Some(i) = names
        .iter()
        .position(|n| positional(n.as_ref()) == Some(index))
    {
        return Some(i);
    }
    if names.iter().all(|n| positional(n.as_ref()).is_some()) {
        return None;
    }
    (index < names.len()).then_some(index)
}

/// How many threads a conversion may use.
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Makes the rewritten function's inputs from the original files and writes
/// them to `out`, one argument at a time: each input is read where it lies
/// ([`InputSet`]: memory-mapped), converted, written and dropped, so that
/// memory holds about one input and its output, never the whole set (a
/// `.safetensors` output gets its header from the recipes' types first;
/// only a rewritten function with a dynamic argument type makes it in
/// memory). Every input is checked (present,
/// its type) before anything is written. `progress` gets the bytes read so
/// far and in all after each argument. `base`: the program the inputs
/// belong to, when not the original ([`recipes_for`]). Returns how many
/// arguments were written.
pub fn convert_files(
    m: &Module,
    base: Option<&Module>,
    orig: &InputSet,
    out: &SetOutput,
    opts: ConvertOptions,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<usize, ConvertError> {
    let recipes = recipes_for(m, base)?;
    let mut sources = Vec::with_capacity(recipes.len());
    let mut total = 0u64;
    for r in &recipes {
        let arg_err = |message: String| WeightsError::Argument {
            index: r.from,
            name: r.name.clone(),
            message,
        };
        let i = pick_index(orig.names(), r.from, &r.name).ok_or_else(|| {
            arg_err(format!(
                "missing: {} input(s) given, the original function needs at least {}",
                orig.len(),
                r.from + 1
            ))
        })?;
        let (dtype, shape) = orig.header(i)?;
        if let Some(t) = &r.orig_type {
            let view = TensorRef {
                dtype,
                shape: shape.clone(),
                data: &[],
            };
            if !view.matches(t) {
                return Err(arg_err(not_expected(dtype, &shape, t, base.is_none())).into());
            }
        }
        total += dtype.bytes_for(shape.iter().product::<u64>() as usize) as u64;
        sources.push(i);
    }
    let mut failure: Option<ConvertError> = None;
    let mut done = 0u64;
    // What will be written, known up front from the recipes (a
    // `.safetensors` output lists it in its header first).
    let plan: Option<Vec<(String, DType, Vec<u64>)>> = recipes
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let t = r.ty.as_tensor()?;
            Some((
                format!("arg{k:03}"),
                DType::from_elem(&t.elem)?,
                t.static_shape()?,
            ))
        })
        .collect();
    let mut share = AffineShare::plan(
        recipes
            .iter()
            .zip(&sources)
            .map(|(r, &i)| (i, r.steps.as_slice())),
    );
    let mut make = |emit: &mut crate::tensor::Emit<'_>| {
        for (k, (r, &i)) in recipes.iter().zip(&sources).enumerate() {
            let name = format!("arg{k:03}");
            let result = orig.with(i, |t| {
                let bytes = t.data.len() as u64;
                let written = match make_arg(r, t, opts, &mut share, i)? {
                    Made::Borrowed(t) => emit(&name, Payload::Ready(t)).map_err(Written::Io),
                    Made::Owned(t) => emit(&name, Payload::Ready(t.view())).map_err(Written::Io),
                    Made::Narrow(src, to) => emit(
                        &name,
                        Payload::Narrow {
                            src,
                            to,
                            clamp: opts.clamp,
                            threads: threads(),
                        },
                    )
                    .map_err(|e| Written::from_io(e, to)),
                    Made::Strided(src, view, to) => emit(
                        &name,
                        Payload::Strided {
                            src,
                            view,
                            to,
                            clamp: opts.clamp,
                            threads: threads(),
                        },
                    )
                    .map_err(|e| Written::from_io(e, to.unwrap_or(DType::F16))),
                };
                match written {
                    Ok(()) => Ok(Ok(bytes)),
                    Err(Written::Io(e)) => Ok(Err(e)),
                    // A value beyond the narrow type: this argument's fault.
                    Err(Written::Range(range, to)) => Err(WeightsError::Argument {
                        index: r.from,
                        name: r.name.clone(),
                        message: out_of_range_message(range, to),
                    }),
                }
            });
            match result {
                Ok(Ok(write)) => {
                    done += write?;
                    progress(done, total);
                }
                Ok(Err(e)) => {
                    failure = Some(e.into());
                    return Err(std::io::Error::other("conversion failed"));
                }
                Err(e) => {
                    failure = Some(e.into());
                    return Err(std::io::Error::other("reading an input failed"));
                }
            }
        }
        Ok(())
    };
    let written = match &plan {
        Some(plan) => out.write_each_planned(plan, &mut make),
        None => out.write_each(&mut make),
    };
    if let Some(e) = failure {
        return Err(e);
    }
    written?;
    Ok(recipes.len())
}

/// One made argument: the input as it lies, a new tensor, or an f32 input
/// to narrow while it is written.
enum Made<'a> {
    Borrowed(TensorRef<'a>),
    Owned(HostTensor),
    Narrow(TensorRef<'a>, DType),
    Strided(TensorRef<'a>, crate::tensor::strided::View, Option<DType>),
}

/// Why writing one argument failed: a value beyond the narrow type's range
/// (found while narrowing), or the output.
enum Written {
    Range(OutOfRange, DType),
    Io(std::io::Error),
}

impl Written {
    /// An error from writing a tensor narrowed to `to`.
    fn from_io(e: std::io::Error, to: DType) -> Written {
        match e.get_ref().and_then(|x| x.downcast_ref::<OutOfRange>()) {
            Some(&range) => Written::Range(range, to),
            None => Written::Io(e),
        }
    }
}

/// Makes one argument from its input `t` (input number `source`) by its
/// recipe; affine quantizations are shared through `share`.
fn make_arg<'a>(
    r: &ArgRecipe,
    t: TensorRef<'a>,
    opts: ConvertOptions,
    share: &mut AffineShare,
    source: usize,
) -> Result<Made<'a>, WeightsError> {
    let arg_err = |message: String| WeightsError::Argument {
        index: r.from,
        name: r.name.clone(),
        message,
    };
    let steps = r.steps.as_slice();
    // A `ui4` input (files hold its bytes as u8) is read as its values.
    let t = match &r.orig_type {
        Some(ty) if !steps.is_empty() => t.fit(ty).unwrap_or(t),
        _ => t,
    };
    if steps.is_empty() {
        let t = t.fit(&r.ty).unwrap_or(t);
        if !t.matches(&r.ty) {
            return Err(r.not_taken(t.dtype, &t.shape));
        }
        return Ok(Made::Borrowed(t));
    }
    if let Some(to) = plain_narrowing(&t, steps) {
        // Plain narrowing of an f32 input: done while it is written.
        let out = TensorRef {
            dtype: to,
            shape: t.shape.clone(),
            data: &[],
        };
        if !out.matches(&r.ty) {
            return Err(r.not_taken(to, &t.shape));
        }
        return Ok(Made::Narrow(t, to));
    }
    if let Some((view, to)) = folded(&t, steps, &r.ty) {
        // Layout steps (and a final narrowing of f32): one strided copy.
        return Ok(Made::Strided(t, view, to));
    }
    let h = match layout_prefix(&t, steps) {
        // Layout steps first, then others (quantization): the layout part
        // as one strided copy, the rest step by step.
        Some((view, n)) => {
            let h = HostTensor {
                dtype: t.dtype,
                shape: view.shape.clone(),
                data: crate::tensor::strided::copy_to_vec_threads(
                    &view,
                    t.data,
                    t.dtype,
                    threads(),
                ),
            };
            apply_steps(h, steps, n, opts, share, source).map_err(&arg_err)?
        }
        None => match &steps[0] {
            // The common case reads the mapped input directly.
            Step::Convert(n) => {
                let h = narrow_ref(&t, n.dtype(), opts).map_err(&arg_err)?;
                apply_steps(h, steps, 1, opts, share, source).map_err(&arg_err)?
            }
            _ => apply_steps(t.to_host(), steps, 0, opts, share, source).map_err(&arg_err)?,
        },
    };
    // ui4 tensors come from files as their bytes (`HostTensor::into_fit`).
    let h = h.into_fit(&r.ty);
    if !h.matches(&r.ty) {
        return Err(r.not_taken(h.dtype, &h.shape));
    }
    Ok(Made::Owned(h))
}

/// The type a recipe of one narrowing step makes from an f32 input, if that
/// is all it does.
fn plain_narrowing(t: &TensorRef<'_>, steps: &[Step]) -> Option<DType> {
    match steps {
        [Step::Convert(n)] if t.dtype == DType::F32 => Some(n.dtype()),
        _ => None,
    }
}

/// Applies one recipe step to a host tensor.
fn apply_step(t: HostTensor, step: &Step, opts: ConvertOptions) -> Result<HostTensor, String> {
    let values = finite_values;
    match step {
        Step::Convert(n) => narrow(t, n.dtype(), opts),
        Step::Int8(scheme) | Step::Int8Scale(scheme) => {
            scheme.check(&t.shape)?;
            let v = values(&t)?;
            // The input's bytes go before the quantization: at most the
            // values and the integers are held, not the bytes as well.
            let shape = t.shape.clone();
            drop(t);
            let qz = scheme.quantize(&v, &shape);
            drop(v);
            if matches!(step, Step::Int8(_)) {
                Ok(HostTensor {
                    dtype: DType::I8,
                    shape,
                    data: qz.q.into_iter().map(|q| q as u8).collect(),
                })
            } else {
                Ok(HostTensor {
                    dtype: DType::F32,
                    shape: qz.scale_shape,
                    data: qz.scales.iter().flat_map(|s| s.to_le_bytes()).collect(),
                })
            }
        }
        Step::AffineStored(_, a) | Step::AffineScales(a) | Step::AffineBiases(a) => {
            check_affine(&t.shape, step, *a)?;
            let v = values(&t)?;
            let shape = t.shape.clone();
            drop(t);
            let p = a.quantize(&v);
            drop(v);
            Ok(affine_output(&shape, step, *a, &p))
        }
        Step::Transpose(perm) => t.transposed(perm),
        Step::Reshape(dims) => t.reshaped(dims),
        Step::Signed4 => signed4(t),
    }
}

/// Applies `steps[from..]` to `h`, made from input `source`; the affine
/// quantizations go through `share`, so that the outputs made from the same
/// quantization run it once.
fn apply_steps(
    mut h: HostTensor,
    steps: &[Step],
    from: usize,
    opts: ConvertOptions,
    share: &mut AffineShare,
    source: usize,
) -> Result<HostTensor, String> {
    for (i, step) in steps.iter().enumerate().skip(from) {
        h = match step {
            Step::AffineStored(_, a) | Step::AffineScales(a) | Step::AffineBiases(a) => {
                check_affine(&h.shape, step, *a)?;
                let shape = h.shape.clone();
                // The input's bytes are dropped once read as values.
                let p = share.packed(source, &steps[..=i], move || {
                    let v = finite_values(&h)?;
                    drop(h);
                    Ok(a.quantize(&v))
                })?;
                affine_output(&shape, step, *a, &p)
            }
            _ => apply_step(h, step, opts)?,
        };
    }
    Ok(h)
}

/// The values of `t` as f32, refused when one is not finite.
fn finite_values(t: &HostTensor) -> Result<Vec<f32>, String> {
    let v = t
        .to_f32()
        .ok_or_else(|| format!("cannot quantize {} values", t.dtype.mlir_name()))?;
    refuse_non_finite(&v)?;
    Ok(v)
}

/// Whether the affine step `step` (of form `a`) can quantize a tensor of `shape`.
fn check_affine(shape: &[u64], step: &Step, a: Affine) -> Result<(), String> {
    if matches!(step, Step::AffineStored(Storage::Nibbles, _)) && a.bits != 4 {
        return Err(format!("`{step}`: nibbles hold 4-bit values only"));
    }
    a.check_shape(shape)
}

/// The output of the affine step `step` from the quantization `p` of a
/// tensor of `shape`: the integers as stored, the scales or the biases.
fn affine_output(shape: &[u64], step: &Step, a: Affine, p: &Packed) -> HostTensor {
    match step {
        Step::AffineStored(storage, _) => a.stored_tensor(&p.words, shape, *storage),
        Step::AffineScales(_) => HostTensor::from_f32(a.group_shape(shape), &p.scales),
        _ => HostTensor::from_f32(a.group_shape(shape), &p.biases),
    }
}

/// `signed4()`: `ui4` values `v` as the `i4` values `v - 8`. In two's
/// complement over 4 bits `v - 8` is `v` with its top bit flipped, so each
/// byte (two nibbles) is XORed with 0x88.
fn signed4(t: HostTensor) -> Result<HostTensor, String> {
    if t.dtype != DType::U4 {
        return Err(format!(
            "`signed4()` takes ui4 values, not {}",
            t.dtype.mlir_name()
        ));
    }
    Ok(HostTensor {
        dtype: DType::I4,
        data: t.data.into_iter().map(|b| b ^ 0x88).collect(),
        ..t
    })
}

/// A weight holding a NaN or an infinity is refused: quantizing or narrowing
/// it would turn it into a number (or keep a value no narrow weight should
/// hold) without anyone noticing.
fn refuse_non_finite(values: &[f32]) -> Result<(), String> {
    match crate::tensor::first_non_finite(values) {
        None => Ok(()),
        Some((i, x)) => Err(non_finite_message(i, x)),
    }
}

fn non_finite_message(index: usize, x: f32) -> String {
    format!("element {index} is {x}; a weight must be a finite number to be narrowed or quantized (fix the checkpoint, or leave this weight f32 with the pass's `exclude` option)")
}

fn narrow(t: HostTensor, to: DType, opts: ConvertOptions) -> Result<HostTensor, String> {
    narrow_ref(&t.view(), to, opts)
}

/// Narrows a float tensor where it lies (f32 on every core, without a copy).
fn narrow_ref(t: &TensorRef<'_>, to: DType, opts: ConvertOptions) -> Result<HostTensor, String> {
    let data = if t.dtype == DType::F32 {
        crate::tensor::narrow_f32_bytes(t.data, to, opts.clamp, threads())
    } else {
        let values = t.to_host().to_f32().ok_or_else(|| {
            format!(
                "cannot convert {} to {}",
                t.dtype.mlir_name(),
                to.mlir_name()
            )
        })?;
        refuse_non_finite(&values)?;
        crate::tensor::narrow_f32(&values, to, opts.clamp)
    };
    let data = data.map_err(|e| out_of_range_message(e, to))?;
    Ok(HostTensor {
        dtype: to,
        shape: t.shape.clone(),
        data,
    })
}

/// What a value found beyond `to`'s range (or not finite) is reported as.
fn out_of_range_message(e: OutOfRange, to: DType) -> String {
    if !e.value.is_finite() {
        return non_finite_message(e.index, e.value);
    }
    format!(
        "element {} is {:e}, beyond {}'s range (largest {:e}); rerun with --clamp to clamp",
        e.index,
        e.value,
        to.mlir_name(),
        e.max
    )
}

/// `steps` as one strided view of `t` and the narrow type of a last
/// `convert(f16|bf16)` (of an f32 tensor), when every other step is a
/// `transpose` or a `reshape` that folds ([`crate::recipe::fold_steps`]).
/// Only when the result is exactly of type `ty` (else the step-by-step
/// path makes it, or says why not).
fn folded(
    t: &TensorRef<'_>,
    steps: &[Step],
    ty: &Type,
) -> Option<(crate::tensor::strided::View, Option<DType>)> {
    let (layout, to) = match steps.split_last() {
        Some((Step::Convert(n), rest)) => (rest, Some(n.dtype())),
        _ => (steps, None),
    };
    if layout.is_empty() || (to.is_some() && t.dtype != DType::F32) || t.dtype.is_packed4() {
        return None;
    }
    let view = crate::recipe::fold_steps(&t.shape, layout)?;
    let out = TensorRef {
        dtype: to.unwrap_or(t.dtype),
        shape: view.shape.clone(),
        data: &[],
    };
    out.matches(ty).then_some((view, to))
}

/// The longest run of leading layout steps of `steps` that folds into one
/// strided view of `t`, and its length, when it is not empty and other
/// steps follow (an input stored as bytes, `ui4`, is left step by step).
fn layout_prefix(
    t: &TensorRef<'_>,
    steps: &[Step],
) -> Option<(crate::tensor::strided::View, usize)> {
    if t.dtype.is_packed4() {
        return None;
    }
    let n = steps.iter().take_while(|s| s.is_layout()).count();
    if n == 0 || n == steps.len() {
        return None;
    }
    crate::recipe::fold_steps(&t.shape, &steps[..n]).map(|v| (v, n))
}

/// The result types of the entry function (the operands of its `return`).
pub fn entry_results(m: &Module) -> Result<Vec<Type>, WeightsError> {
    let f = m.entry_function().ok_or(WeightsError::NoEntry)?;
    let region = *m.dfg.op(f).regions.first().ok_or(WeightsError::NoEntry)?;
    let block = *m
        .layout
        .region(region)
        .blocks
        .first()
        .ok_or(WeightsError::NoEntry)?;
    let ret = m
        .layout
        .ops(block)
        .iter()
        .copied()
        .rfind(|&op| matches!(m.dfg.op(op).name.as_str(), "return" | "func.return"))
        .ok_or(WeightsError::NoEntry)?;
    Ok(m.dfg
        .op(ret)
        .operands
        .iter()
        .map(|&v| m.dfg.ty(v).clone())
        .collect())
}

/// The symbol name of the entry function (`main`).
pub fn entry_name(m: &Module) -> Option<String> {
    Some(m.symbol(m.entry_function()?)?.to_string())
}

/// The original inputs with every int8-quantized weight replaced by its
/// host-side dequantization `q * s` (f32, original layout): running the
/// original program on these must give what the int8 program gives, which
/// checks that the in-graph dequantization is exactly the scheme. Layout
/// steps after the quantizing one (panels) do not change the values, and
/// neither does `signed4()` (the graph adds its 8 back).
pub fn dequantized_originals(m: &Module, orig: &TensorSet) -> Result<TensorSet, WeightsError> {
    let mut out = orig.clone();
    for r in recipes(m)? {
        // The quantizing step, then only layout steps (panels re-store the
        // integers after quantizing; the values are the same) or `signed4()`.
        let Some(at) = r
            .steps
            .iter()
            .rposition(|s| matches!(s, Step::AffineStored(..) | Step::Int8(_)))
        else {
            continue;
        };
        let (last, layout) = (&r.steps[at], &r.steps[..at]);
        if !r.steps[at + 1..]
            .iter()
            .all(|s| s.is_layout() || *s == Step::Signed4)
        {
            continue;
        }
        let arg_err = |message: String| WeightsError::Argument {
            index: r.from,
            name: r.name.clone(),
            message,
        };
        let deq = match last {
            Step::AffineStored(_, a) => {
                let src = pick(orig, r.from, &r.name).ok_or_else(|| arg_err("missing".into()))?;
                dequantize_affine(src, layout, *a).map_err(&arg_err)?
            }
            Step::Int8(scheme) => {
                let src = pick(orig, r.from, &r.name).ok_or_else(|| arg_err("missing".into()))?;
                in_stored_layout(src, layout, |stored| {
                    let values = stored.to_f32().ok_or("not a float tensor")?;
                    scheme.check(&stored.shape)?;
                    let deq =
                        scheme.dequantize(&scheme.quantize(&values, &stored.shape), &stored.shape);
                    Ok(HostTensor::from_f32(stored.shape.clone(), &deq))
                })
                .map_err(&arg_err)?
            }
            _ => continue,
        };
        if let Some(slot) = out.get_mut(r.from) {
            slot.1 = deq;
        }
    }
    Ok(out)
}

/// `f` applied to `src` in the layout the recipe's layout `steps`
/// (`transpose`, `reshape`) store it in, with the result moved back into
/// `src`'s own layout: how a host reference dequantizes a weight the graph
/// holds re-laid-out.
fn in_stored_layout(
    src: &HostTensor,
    steps: &[Step],
    f: impl FnOnce(&HostTensor) -> Result<HostTensor, String>,
) -> Result<HostTensor, String> {
    // What undoes each step, applied in reverse order.
    enum Undo {
        Transpose(Vec<usize>),
        Reshape(Vec<u64>),
    }
    let mut undo = Vec::new();
    let mut t = src.clone();
    for step in steps {
        t = match step {
            Step::Transpose(p) => {
                undo.push(Undo::Transpose(inverse_permutation(p)));
                t.transposed(p)?
            }
            Step::Reshape(dims) => {
                undo.push(Undo::Reshape(t.shape.clone()));
                t.reshaped(dims)?
            }
            _ => return Err(format!("cannot dequantize after the step `{step}`")),
        };
    }
    let mut t = f(&t)?;
    for u in undo.into_iter().rev() {
        t = match u {
            Undo::Transpose(p) => t.transposed(&p)?,
            Undo::Reshape(shape) => t.reshaped(&shape)?,
        };
    }
    Ok(t)
}

/// `src` quantized and dequantized by `a` after the recipe's layout steps
/// `layout` (those before its `affine_words`, `affine_bytes` or
/// `affine_nibbles`), back in `src`'s layout.
fn dequantize_affine(src: &HostTensor, layout: &[Step], a: Affine) -> Result<HostTensor, String> {
    in_stored_layout(src, layout, |stored| {
        let values = stored.to_f32().ok_or("not a float tensor")?;
        a.check_shape(&stored.shape)?;
        Ok(HostTensor::from_f32(
            stored.shape.clone(),
            &a.dequantize(&a.quantize(&values), true),
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed4_moves_unsigned_nibbles_down_by_eight() {
        // ui4 values 0, 15, 8, 7 -> i4 values -8, 7, 0, -1.
        let t = HostTensor {
            dtype: DType::U4,
            shape: vec![4],
            data: vec![0xF0, 0x78],
        };
        let s = apply_step(t, &Step::Signed4, ConvertOptions::default()).unwrap();
        assert_eq!(s.dtype, DType::I4);
        assert_eq!(s.to_f64(), vec![-8.0, 7.0, 0.0, -1.0]);
        let not_ui4 = HostTensor::from_f32(vec![1], &[1.0]);
        assert!(apply_step(not_ui4, &Step::Signed4, ConvertOptions::default()).is_err());
    }

    #[test]
    fn transpose_moves_elements() {
        let t = HostTensor::from_f32(vec![2, 3], &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        let u = t.transposed(&[1, 0]).expect("valid");
        assert_eq!(u.shape, vec![3, 2]);
        assert_eq!(u.to_f32().expect("f32"), vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
        let c = HostTensor::from_f32(vec![2, 1, 3], &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        let v = c.transposed(&[2, 0, 1]).expect("valid");
        assert_eq!(v.shape, vec![3, 2, 1]);
        assert_eq!(v.to_f32().expect("f32"), vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
        assert!(t.transposed(&[0, 0]).is_err());
    }

    #[test]
    fn panels_recipe_and_its_undoing() {
        // [K=2, N=4] stored as 2 panels of 2 columns: [P, K, J].
        let w = HostTensor::from_f32(vec![2, 4], &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]);
        let opts = ConvertOptions::default();
        let mut t = w.clone();
        let steps = [Step::Reshape(vec![2, 2, 2]), Step::Transpose(vec![1, 0, 2])];
        for step in &steps {
            t = apply_step(t, step, opts).expect("step");
        }
        assert_eq!(t.shape, vec![2, 2, 2]);
        assert_eq!(
            t.to_f32().expect("f32"),
            vec![0.0, 1.0, 4.0, 5.0, 2.0, 3.0, 6.0, 7.0]
        );
        assert!(apply_step(w.clone(), &Step::Reshape(vec![3, 3]), opts).is_err());
        // Moving into the stored layout and back is the identity.
        let back = in_stored_layout(&w, &steps, |s| {
            assert_eq!(s.shape, vec![2, 2, 2]);
            Ok(s.clone())
        })
        .expect("layout");
        assert_eq!(back, w);
        let narrow = [Step::Convert(crate::recipe::Narrow::F16)];
        assert!(in_stored_layout(&w, &narrow, |s| Ok(s.clone())).is_err());
    }
}
