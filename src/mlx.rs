//! MLX quantized checkpoints: reading them and importing them into a graph.
//!
//! An MLX checkpoint folder holds `config.json` (with `quantization:
//! {group_size, bits}` and optional per-layer entries) and `*.safetensors`
//! files. A quantized layer `P` stores `P.weight` as u32 words packing
//! `bits`-bit values lowest bits first, and `P.scales`, `P.biases` per group
//! of `group_size` along the last axis: `w = scale * q + bias`
//! (`crate::affine`). Other tensors are plain.
//!
//! [`import`] maps each checkpoint tensor to a weight argument of the graph
//! (by the argument's `loc` name, or a mapping), re-stores quantized ones in
//! the same packed form (the graph dequantizes them with exactly that
//! formula), and returns the tensors the rewritten graph takes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::affine::{Affine, Packed, Storage};
use crate::ir::{ElemType, Module, Value};
use crate::tensor::{DType, HostTensor, TensorError, TensorSet};

/// Why a checkpoint could not be read or imported.
#[derive(Debug, thiserror::Error)]
pub enum MlxError {
    /// A file could not be read.
    #[error("{path}: {message}")]
    File {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// A tensor file could not be read.
    #[error(transparent)]
    Tensor(#[from] TensorError),
    /// The checkpoint's contents are not what MLX writes.
    #[error("checkpoint: {0}")]
    Checkpoint(String),
    /// A checkpoint tensor does not fit the graph.
    #[error("{tensor} -> argument {arg}: {message}")]
    Mismatch {
        /// The checkpoint tensor (layer) name.
        tensor: String,
        /// The graph argument.
        arg: String,
        /// What is wrong.
        message: String,
    },
    /// The graph has no entry function.
    #[error("the graph has no public func.func to import weights into")]
    NoEntry,
}

/// How the checkpoint's layers are quantized, from `config.json`.
#[derive(Clone, Debug, Default)]
pub struct QuantConfig {
    /// The model-wide setting, if the model is quantized.
    pub default: Option<Affine>,
    /// Per-layer settings (`None`: left unquantized), by layer name.
    pub layers: BTreeMap<String, Option<Affine>>,
}

impl QuantConfig {
    /// Reads the `quantization` (or `quantization_config`) entry of a config.
    pub fn from_json(config: &serde_json::Value) -> Result<QuantConfig, String> {
        let Some(q) = config
            .get("quantization")
            .or_else(|| config.get("quantization_config"))
        else {
            return Ok(QuantConfig::default());
        };
        let affine = |v: &serde_json::Value| -> Result<Option<Affine>, String> {
            if v.as_bool() == Some(false) {
                return Ok(None);
            }
            if let Some(mode) = v.get("mode").and_then(|m| m.as_str()) {
                if mode != "affine" {
                    return Err(format!(
                        "quantization mode `{mode}` is not supported (only `affine`)"
                    ));
                }
            }
            let bits = v.get("bits").and_then(|b| b.as_u64()).ok_or("no `bits`")?;
            let group = v
                .get("group_size")
                .and_then(|g| g.as_u64())
                .ok_or("no `group_size`")?;
            Affine::new(bits as u32, group).map(Some)
        };
        let mut out = QuantConfig {
            default: affine(q)?,
            layers: BTreeMap::new(),
        };
        if let Some(obj) = q.as_object() {
            for (k, v) in obj {
                if v.is_object() || v.is_boolean() {
                    out.layers
                        .insert(k.clone(), affine(v).map_err(|e| format!("{k}: {e}"))?);
                }
            }
        }
        Ok(out)
    }

    /// The setting for layer `name`.
    pub fn for_layer(&self, name: &str) -> Option<Affine> {
        match self.layers.get(name) {
            Some(a) => *a,
            None => self.default,
        }
    }
}

/// One tensor of a checkpoint as the graph takes it.
#[derive(Clone, Debug)]
pub enum Entry {
    /// A quantized layer: its packed weight with scales and biases.
    Quantized {
        /// The layer name (`model.layers.0.mlp.up_proj`).
        name: String,
        /// Bits and group size.
        affine: Affine,
        /// The dequantized weight's shape `[rows, cols]`.
        shape: Vec<u64>,
        /// Words, scales and biases (f32; f16/bf16 widen exactly).
        packed: Packed,
    },
    /// A tensor stored as it is.
    Plain {
        /// The tensor name.
        name: String,
        /// The data.
        tensor: HostTensor,
    },
}

impl Entry {
    /// The name it is looked up by.
    pub fn name(&self) -> &str {
        match self {
            Entry::Quantized { name, .. } | Entry::Plain { name, .. } => name,
        }
    }
}

/// A checkpoint folder's tensors and quantization settings.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    /// Tensors of every `*.safetensors` file, by name.
    pub tensors: BTreeMap<String, HostTensor>,
    /// From `config.json`.
    pub quant: QuantConfig,
}

impl Checkpoint {
    /// Reads `config.json` and every `*.safetensors` file of `dir`.
    pub fn read(dir: &Path) -> Result<Checkpoint, MlxError> {
        let file_err = |path: &Path, message: String| MlxError::File {
            path: path.display().to_string(),
            message,
        };
        let config_path = dir.join("config.json");
        let text = std::fs::read_to_string(&config_path)
            .map_err(|e| file_err(&config_path, e.to_string()))?;
        let config: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| file_err(&config_path, e.to_string()))?;
        let quant = QuantConfig::from_json(&config).map_err(|e| file_err(&config_path, e))?;
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| file_err(dir, e.to_string()))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "safetensors"))
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(file_err(dir, "no .safetensors files".into()));
        }
        let mut tensors = BTreeMap::new();
        for f in files {
            for (name, t) in crate::tensor::read_set(&f)? {
                if tensors.insert(name.clone(), t).is_some() {
                    return Err(file_err(&f, format!("tensor {name} appears twice")));
                }
            }
        }
        Ok(Checkpoint { tensors, quant })
    }

    /// The checkpoint as entries: each quantized layer (`P.weight` u32 with
    /// `P.scales` and `P.biases`) as one, every other tensor as itself
    /// (moved, not copied).
    pub fn into_entries(self) -> Result<Vec<Entry>, MlxError> {
        let bad = |m: String| MlxError::Checkpoint(m);
        let mut out = Vec::new();
        let mut used: std::collections::BTreeSet<String> = Default::default();
        for (key, scales) in &self.tensors {
            let Some(layer) = key.strip_suffix(".scales") else {
                continue;
            };
            let weight_key = format!("{layer}.weight");
            let biases_key = format!("{layer}.biases");
            let words = self
                .tensors
                .get(&weight_key)
                .ok_or_else(|| bad(format!("{key} has no {weight_key}")))?;
            let biases = self.tensors.get(&biases_key).ok_or_else(|| {
                bad(format!(
                    "{key} has no {biases_key} (only affine mode is supported)"
                ))
            })?;
            let affine = self.quant.for_layer(layer).ok_or_else(|| {
                bad(format!(
                    "{layer} is stored quantized but config.json gives no quantization for it"
                ))
            })?;
            let shape = quantized_shape(affine, words, scales, biases)
                .map_err(|m| bad(format!("{layer}: {m}")))?;
            let floats = |t: &HostTensor| t.to_f32().unwrap_or_default();
            out.push(Entry::Quantized {
                name: layer.to_string(),
                affine,
                shape,
                packed: Packed {
                    words: words
                        .data
                        .chunks_exact(4)
                        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                        .collect(),
                    scales: floats(scales),
                    biases: floats(biases),
                },
            });
            used.extend([key.clone(), weight_key, biases_key]);
        }
        for (name, tensor) in self.tensors {
            if !used.contains(&name) {
                out.push(Entry::Plain { name, tensor });
            }
        }
        Ok(out)
    }
}

/// Checks a quantized layer's three tensors against each other and returns
/// the dequantized weight's shape.
fn quantized_shape(
    a: Affine,
    words: &HostTensor,
    scales: &HostTensor,
    biases: &HostTensor,
) -> Result<Vec<u64>, String> {
    if words.dtype != DType::U32 {
        return Err(format!(
            "weight is {}, expected packed u32 words",
            words.dtype.mlir_name()
        ));
    }
    for (what, t) in [("scales", scales), ("biases", biases)] {
        if !matches!(t.dtype, DType::F32 | DType::F16 | DType::BF16) {
            return Err(format!(
                "{what} are {}, expected floats",
                t.dtype.mlir_name()
            ));
        }
    }
    let mut shape = words.shape.clone();
    let Some(last) = shape.last_mut() else {
        return Err("the packed weight is a scalar".into());
    };
    *last *= a.per_word();
    if a.group_shape(&shape) != scales.shape || scales.shape != biases.shape {
        return Err(format!(
            "words {:?} ({}-bit, groups of {}) do not fit scales {:?} and biases {:?}",
            words.shape, a.bits, a.group, scales.shape, biases.shape
        ));
    }
    a.check_shape(&shape)?;
    Ok(shape)
}

/// What [`import`] did.
#[derive(Debug, Default)]
pub struct Imported {
    /// The tensors the rewritten entry function takes from the checkpoint,
    /// keyed `argNNN` by their position in it.
    pub weights: TensorSet,
    /// `(checkpoint name, argument)` for each tensor placed.
    pub placed: Vec<(String, String)>,
    /// Checkpoint tensors no argument takes.
    pub unused: Vec<String>,
    /// Arguments the checkpoint does not supply (the program's run-time inputs).
    pub runtime: Vec<String>,
}

/// Words in a name, for matching `model.layers.0.q_proj` with
/// `p['model']['layers'][0]['q_proj']`.
fn words_of(name: &str) -> Vec<&str> {
    name.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The argument an entry goes to: by the mapping, else by an argument named
/// exactly like the entry (or the entry plus `.weight`), else by an argument
/// whose name has the same words, ignoring a leading `p`/`params` and a
/// trailing `weight`.
fn find_arg(
    m: &Module,
    args: &[Value],
    entry: &str,
    map: &BTreeMap<String, String>,
) -> Option<usize> {
    let label = |v: Value| m.value_label(v);
    if let Some(target) = map.get(entry) {
        return args
            .iter()
            .position(|&v| label(v) == *target)
            .or_else(|| target.parse::<usize>().ok().filter(|&i| i < args.len()));
    }
    let with_weight = format!("{entry}.weight");
    if let Some(i) = args
        .iter()
        .position(|&v| label(v) == entry || label(v) == with_weight)
    {
        return Some(i);
    }
    let norm = |s: &str| -> Vec<String> {
        let mut w: Vec<String> = words_of(s).iter().map(|w| w.to_string()).collect();
        if w.first().is_some_and(|f| f == "p" || f == "params") {
            w.remove(0);
        }
        if w.last().is_some_and(|l| l == "weight") {
            w.pop();
        }
        w
    };
    let want = norm(entry);
    args.iter().position(|&v| norm(&label(v)) == want)
}

/// Imports a checkpoint into the entry function of `m`: each entry is
/// matched to an argument; a quantized entry turns its argument into the
/// packed words plus two appended arguments (scales, biases) and the graph
/// dequantizes them (transposed when the argument is the weight's
/// transpose, `[in, out]`); a plain entry keeps its argument and is
/// converted to the argument's float type (a narrowing conversion must be
/// exact, a widening one always is). `map` maps checkpoint names to
/// argument names (or positions).
pub fn import(
    m: &mut Module,
    ckpt: Checkpoint,
    map: &BTreeMap<String, String>,
    storage: Storage,
) -> Result<Imported, MlxError> {
    let func = m.entry_function().ok_or(MlxError::NoEntry)?;
    let args: Vec<Value> = m.dfg.op(func).decls.clone();
    let anchor = m.first_body_op(func).ok_or(MlxError::NoEntry)?;
    let mut taken: BTreeMap<usize, Entry> = BTreeMap::new();
    let mut out = Imported::default();
    for entry in ckpt.into_entries()? {
        match find_arg(m, &args, entry.name(), map) {
            Some(i) => {
                if let Some(prev) = taken.get(&i) {
                    return Err(MlxError::Mismatch {
                        tensor: entry.name().to_string(),
                        arg: m.value_label(args[i]),
                        message: format!("{} maps to the same argument", prev.name()),
                    });
                }
                taken.insert(i, entry);
            }
            None => out.unused.push(entry.name().to_string()),
        }
    }
    // Per argument: what the rewritten function takes at its position and
    // at the appended positions (scales, biases).
    let mut at_position: BTreeMap<usize, HostTensor> = BTreeMap::new();
    let mut appended: Vec<HostTensor> = Vec::new();
    for (i, &arg) in args.iter().enumerate() {
        let label = m.value_label(arg);
        let Some(entry) = taken.remove(&i) else {
            out.runtime.push(label);
            continue;
        };
        let mismatch = |message: String| MlxError::Mismatch {
            tensor: entry.name().to_string(),
            arg: label.clone(),
            message,
        };
        let ty = m.dfg.ty(arg).as_tensor().cloned();
        let (arg_shape, arg_elem) = match ty
            .as_ref()
            .and_then(|t| Some((t.static_shape()?, t.elem.clone())))
        {
            Some(x) => x,
            None => {
                return Err(mismatch(format!(
                    "argument type {} is not a static tensor",
                    m.dfg.ty(arg)
                )))
            }
        };
        match &entry {
            Entry::Plain { tensor, .. } => {
                let t = fit_plain(tensor, &arg_shape, &arg_elem).map_err(mismatch)?;
                at_position.insert(i, t);
            }
            Entry::Quantized {
                affine,
                shape,
                packed,
                ..
            } => {
                if !matches!(arg_elem, ElemType::F32 | ElemType::F16 | ElemType::BF16) {
                    return Err(mismatch(format!(
                        "a quantized layer goes to a float argument (f32, f16, bf16), not {}",
                        m.dfg.ty(arg)
                    )));
                }
                let rank = shape.len();
                let transposed: Vec<u64> = shape.iter().rev().copied().collect();
                let perm: Option<Vec<usize>> = if arg_shape == *shape {
                    None
                } else if rank == 2 && arg_shape == transposed {
                    Some(vec![1, 0])
                } else {
                    return Err(mismatch(format!(
                        "the checkpoint's weight is {shape:?}, the argument {arg_shape:?}"
                    )));
                };
                crate::passes::weights::store_affine_arg(
                    m,
                    arg,
                    *affine,
                    storage,
                    perm.as_deref(),
                    anchor,
                )
                .ok_or_else(|| mismatch("could not re-store the argument".into()))?;
                at_position.insert(i, affine.stored_tensor(&packed.words, shape, storage));
                let gs = affine.group_shape(shape);
                appended.push(HostTensor::from_f32(gs.clone(), &packed.scales));
                appended.push(HostTensor::from_f32(gs, &packed.biases));
            }
        }
        out.placed.push((entry.name().to_string(), label));
    }
    for (i, t) in at_position {
        out.weights.push((format!("arg{i:03}"), t));
    }
    for (k, t) in appended.into_iter().enumerate() {
        out.weights.push((format!("arg{:03}", args.len() + k), t));
    }
    Ok(out)
}

/// A plain checkpoint tensor in the argument's shape and element type.
fn fit_plain(t: &HostTensor, shape: &[u64], elem: &ElemType) -> Result<HostTensor, String> {
    if t.shape != shape {
        return Err(format!(
            "the checkpoint's tensor is {:?}, the argument {shape:?}",
            t.shape
        ));
    }
    let want = DType::from_elem(elem)
        .ok_or_else(|| format!("argument element type {elem} is not supported"))?;
    if t.dtype == want {
        return Ok(t.clone());
    }
    let values = t
        .to_f32()
        .filter(|_| matches!(want, DType::F32 | DType::F16 | DType::BF16))
        .ok_or_else(|| {
            format!(
                "cannot convert {} to {}",
                t.dtype.mlir_name(),
                want.mlir_name()
            )
        })?;
    if want == DType::F32 {
        return Ok(HostTensor::from_f32(shape.to_vec(), &values));
    }
    let data = crate::tensor::narrow_f32(&values, want, false).map_err(|e| {
        format!(
            "element {} ({}) is beyond {}'s range",
            e.index,
            e.value,
            want.mlir_name()
        )
    })?;
    let back = HostTensor {
        dtype: want,
        shape: shape.to_vec(),
        data,
    };
    if back.to_f32().as_deref() != Some(&values[..]) {
        return Err(format!(
            "converting {} to {} would round values",
            t.dtype.mlir_name(),
            want.mlir_name()
        ));
    }
    Ok(back)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_reads_default_and_layer_settings() {
        let c: serde_json::Value = serde_json::from_str(
            r#"{"quantization": {"group_size": 64, "bits": 4,
                 "model.layers.0.mlp.down_proj": {"group_size": 32, "bits": 8},
                 "lm_head": false}}"#,
        )
        .unwrap();
        let q = QuantConfig::from_json(&c).unwrap();
        assert_eq!(
            q.for_layer("model.layers.1.q"),
            Some(Affine::new(4, 64).unwrap())
        );
        assert_eq!(
            q.for_layer("model.layers.0.mlp.down_proj"),
            Some(Affine::new(8, 32).unwrap())
        );
        assert_eq!(q.for_layer("lm_head"), None);
        let bad: serde_json::Value =
            serde_json::from_str(r#"{"quantization": {"group_size": 64, "bits": 3}}"#).unwrap();
        assert!(QuantConfig::from_json(&bad).is_err());
    }

    #[test]
    fn names_match_by_words() {
        assert_eq!(
            words_of("p['layers'][0]['wq']"),
            vec!["p", "layers", "0", "wq"]
        );
        assert_eq!(
            words_of("model.layers.0.q_proj"),
            vec!["model", "layers", "0", "q_proj"]
        );
    }
}
