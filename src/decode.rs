//! Decode-step programs: which argument is the token, which the position,
//! which result feeds which state argument (inferred from the entry
//! function's signature and argument locations, or given), and the rollout
//! wrapper: a StableHLO module that runs the step in a `stablehlo.while`,
//! takes the argmax inside the graph, feeds it back, and collects the tokens
//! and the logits of every iteration (docs/verify.md, "Token-level checks").

use std::fmt::Write;

use crate::ir::types::{Dim, ElemType, TensorType};
use crate::ir::{Module, Type};

/// Why a program is not a decode step (or the wrapper cannot be written).
#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    /// The module has no entry function.
    #[error("not a decode step: the module has no public func.func")]
    NoEntry,
    /// Something the convention needs is missing or ambiguous.
    #[error("not a decode step ({what}): {message}")]
    Convention {
        /// What was looked for (`token argument`, `position argument`, ...).
        what: &'static str,
        /// What is wrong, and how to say it on the command line.
        message: String,
    },
    /// An override names something that does not fit.
    #[error("{flag}: {message}")]
    Override {
        /// The flag (`--token-arg`).
        flag: &'static str,
        /// What is wrong.
        message: String,
    },
    /// The wrapper module could not be written.
    #[error("cannot write the rollout wrapper: {0}")]
    Wrapper(String),
}

/// What the user gave on the command line (original argument indices).
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    /// `--token-arg I`.
    pub token: Option<usize>,
    /// `--position-arg I`.
    pub position: Option<usize>,
    /// `--feed RES=ARG,...`.
    pub feeds: Option<Vec<(usize, usize)>>,
}

/// Reads `--feed 1=23,2=24`.
pub fn parse_feeds(text: &str) -> Result<Vec<(usize, usize)>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (r, a) = p
                .split_once('=')
                .ok_or_else(|| format!("`{p}`: expected RESULT=ARGUMENT (0-based indices)"))?;
            let r: usize = r
                .trim()
                .parse()
                .map_err(|_| format!("`{p}`: `{r}` is not a result index"))?;
            let a: usize = a
                .trim()
                .parse()
                .map_err(|_| format!("`{p}`: `{a}` is not an argument index"))?;
            if r == 0 {
                return Err(format!(
                    "`{p}`: result 0 is the logits; state results start at 1"
                ));
            }
            Ok((r, a))
        })
        .collect()
}

/// One argument of the entry function.
#[derive(Clone, Debug)]
pub struct Arg {
    /// Its type.
    pub ty: Type,
    /// Its name: the location JAX gives it (`ids`), else `%argN`.
    pub name: String,
}

/// The convention of one program's entry function.
#[derive(Clone, Debug)]
pub struct DecodeStep {
    /// The entry function's symbol.
    pub function: String,
    /// Every argument.
    pub args: Vec<Arg>,
    /// Every result type.
    pub results: Vec<Type>,
    /// The token argument.
    pub token: usize,
    /// The position argument.
    pub position: usize,
    /// `(result, argument)`: result feeds argument on the next step.
    pub feeds: Vec<(usize, usize)>,
    /// Vocabulary size (last axis of result 0).
    pub vocab: u64,
}

const TOKEN_NAMES: &[&str] = &[
    "ids",
    "tokens",
    "token",
    "input_ids",
    "token_ids",
    "tok",
    "input",
];
const POSITION_NAMES: &[&str] = &[
    "pos",
    "position",
    "positions",
    "cache_position",
    "start_pos",
    "cur_pos",
    "step",
];

fn tensor(ty: &Type) -> Option<&TensorType> {
    ty.as_tensor()
}

fn is_int(ty: &Type) -> bool {
    matches!(ty.elem(), Some(ElemType::Int { .. }))
}

fn rank(ty: &Type) -> Option<usize> {
    tensor(ty)?.dims.as_ref().map(Vec::len)
}

/// The last path component of a name, lowercased: `params['ids']` → `ids`.
fn short_name(name: &str) -> String {
    let n = name.trim_end_matches(['\'', ']', '"']);
    let cut = n
        .rfind(['\'', '[', '.', '/', '"'])
        .map(|i| i + 1)
        .unwrap_or(0);
    n[cut..].to_ascii_lowercase()
}

fn list(step: &DecodeStep, idx: &[usize]) -> String {
    idx.iter()
        .map(|&i| format!("{i} ({}) {}", step.args[i].name, step.args[i].ty))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Picks by preferred name, else the unique candidate.
fn pick(
    step: &DecodeStep,
    cands: &[usize],
    names: &[&str],
    what: &'static str,
    flag: &str,
) -> Result<usize, DecodeError> {
    let named: Vec<usize> = names
        .iter()
        .filter_map(|n| {
            cands
                .iter()
                .copied()
                .find(|&i| short_name(&step.args[i].name) == *n)
        })
        .collect();
    if let Some(&i) = named.first() {
        return Ok(i);
    }
    match cands {
        [i] => Ok(*i),
        [] => Err(DecodeError::Convention {
            what,
            message: format!("no argument fits; give {flag} I"),
        }),
        _ => Err(DecodeError::Convention {
            what,
            message: format!(
                "ambiguous between arguments {}; give {flag} I",
                list(step, cands)
            ),
        }),
    }
}

fn elements(ty: &Type) -> Option<u64> {
    tensor(ty)?.num_elements()
}

impl DecodeStep {
    /// Reads the entry function's arguments and results (no inference).
    pub fn signature(m: &Module) -> Result<DecodeStep, DecodeError> {
        let f = m.entry_function().ok_or(DecodeError::NoEntry)?;
        let function = m.symbol(f).ok_or(DecodeError::NoEntry)?.to_string();
        let args = m
            .dfg
            .op(f)
            .decls
            .iter()
            .map(|&v| Arg {
                ty: m.dfg.ty(v).clone(),
                name: m.value_label(v),
            })
            .collect();
        let results = crate::weights::entry_results(m).map_err(|_| DecodeError::NoEntry)?;
        Ok(DecodeStep {
            function,
            args,
            results,
            token: 0,
            position: 0,
            feeds: Vec::new(),
            vocab: 0,
        })
    }

    /// Infers the convention of `m`'s entry function, taking `o` where given.
    pub fn infer(m: &Module, o: &Overrides) -> Result<DecodeStep, DecodeError> {
        let mut s = DecodeStep::signature(m)?;
        let n = s.args.len();
        let in_range = |flag: &'static str, i: usize| {
            if i < n {
                Ok(i)
            } else {
                Err(DecodeError::Override {
                    flag,
                    message: format!("argument {i} does not exist (the function has {n})"),
                })
            }
        };
        // Logits: result 0, floats, vocabulary on the last axis, one row.
        let logits = s.results.first().ok_or(DecodeError::Convention {
            what: "logits",
            message: "the function returns nothing; result 0 must be the logits".into(),
        })?;
        let lt = tensor(logits)
            .filter(|t| t.elem.is_float())
            .and_then(|t| t.static_shape())
            .ok_or_else(|| DecodeError::Convention {
                what: "logits",
                message: format!("result 0 is {logits}, expected a static float tensor"),
            })?;
        let vocab = lt.last().copied().unwrap_or(1);
        if lt.iter().product::<u64>() != vocab || vocab < 2 {
            return Err(DecodeError::Convention {
                what: "logits",
                message: format!(
                    "result 0 is {logits}; expected one row of logits (vocabulary on the last axis, other axes 1)"
                ),
            });
        }
        s.vocab = vocab;
        // Token: an integer tensor of one token ([1] or [1,1]).
        s.token = match o.token {
            Some(i) => in_range("--token-arg", i)?,
            None => {
                let cands: Vec<usize> = (0..n)
                    .filter(|&i| is_int(&s.args[i].ty) && rank(&s.args[i].ty).unwrap_or(0) >= 1)
                    .collect();
                pick(&s, &cands, TOKEN_NAMES, "token argument", "--token-arg")?
            }
        };
        let tok = &s.args[s.token];
        if !is_int(&tok.ty) || elements(&tok.ty) != Some(1) {
            let why = if is_int(&tok.ty) && elements(&tok.ty).unwrap_or(0) > 1 {
                "it holds several tokens; only one-token steps (S = 1) are supported"
            } else {
                "expected an integer tensor of one token (tensor<1xi32> or tensor<1x1xi32>)"
            };
            return Err(DecodeError::Convention {
                what: "token argument",
                message: format!("argument {} ({}) is {}: {why}", s.token, tok.name, tok.ty),
            });
        }
        // Position: an integer scalar.
        s.position = match o.position {
            Some(i) => in_range("--position-arg", i)?,
            None => {
                let cands: Vec<usize> = (0..n)
                    .filter(|&i| {
                        i != s.token && is_int(&s.args[i].ty) && rank(&s.args[i].ty) == Some(0)
                    })
                    .collect();
                pick(
                    &s,
                    &cands,
                    POSITION_NAMES,
                    "position argument",
                    "--position-arg",
                )?
            }
        };
        let pos = &s.args[s.position];
        if !is_int(&pos.ty) || rank(&pos.ty) != Some(0) || s.position == s.token {
            return Err(DecodeError::Convention {
                what: "position argument",
                message: format!(
                    "argument {} ({}) is {}; expected an integer scalar other than the token",
                    s.position, pos.name, pos.ty
                ),
            });
        }
        // State: results after the first, each to an argument of equal type.
        s.feeds = match &o.feeds {
            Some(f) => {
                for &(r, a) in f {
                    let (Some(rt), Some(arg)) = (s.results.get(r), s.args.get(a)) else {
                        return Err(DecodeError::Override {
                            flag: "--feed",
                            message: format!(
                                "{r}={a}: the function has {} results and {n} arguments",
                                s.results.len()
                            ),
                        });
                    };
                    if *rt != arg.ty {
                        return Err(DecodeError::Override {
                            flag: "--feed",
                            message: format!(
                                "{r}={a}: result {r} is {rt} but argument {a} ({}) is {}",
                                arg.name, arg.ty
                            ),
                        });
                    }
                }
                f.clone()
            }
            None => {
                let after = s.token.max(s.position);
                let mut used = vec![false; n];
                used[s.token] = true;
                used[s.position] = true;
                let mut feeds = Vec::new();
                for (r, rt) in s.results.iter().enumerate().skip(1) {
                    let order = (after + 1..n).chain(0..after);
                    let found = order
                        .into_iter()
                        .find(|&a| !used[a] && s.args[a].ty == *rt)
                        .ok_or_else(|| DecodeError::Convention {
                            what: "state",
                            message: format!(
                                "result {r} ({rt}) matches no unused argument of equal type; give --feed {r}=ARG"
                            ),
                        })?;
                    used[found] = true;
                    feeds.push((r, found));
                }
                feeds
            }
        };
        Ok(s)
    }

    /// The same convention on a program rewritten from `original` (the
    /// program this convention was inferred on): its arguments are found
    /// through their recipes, rebased on `original`'s
    /// ([`crate::weights::recipes_for`]; an argument without one stands for
    /// the original at its position).
    pub fn map_to(&self, original: &Module, rewritten: &Module) -> Result<DecodeStep, DecodeError> {
        let mut s = DecodeStep::signature(rewritten)?;
        let recipes = crate::weights::recipes_for(rewritten, Some(original))
            .map_err(|e| DecodeError::Wrapper(format!("rewritten program: {e}")))?;
        let find = |orig: usize, what: &'static str| {
            recipes
                .iter()
                .position(|r| r.from == orig && r.steps.is_empty())
                .or_else(|| recipes.iter().position(|r| r.from == orig))
                .ok_or_else(|| DecodeError::Convention {
                    what,
                    message: format!(
                        "the rewritten program has no argument made from original argument {orig}"
                    ),
                })
        };
        s.token = find(self.token, "token argument")?;
        s.position = find(self.position, "position argument")?;
        s.feeds = self
            .feeds
            .iter()
            .map(|&(r, a)| Ok((r, find(a, "state")?)))
            .collect::<Result<_, DecodeError>>()?;
        s.vocab = self.vocab;
        for &(r, a) in &s.feeds {
            match s.results.get(r) {
                Some(t) if *t == s.args[a].ty => {}
                other => {
                    return Err(DecodeError::Convention {
                        what: "state",
                        message: format!(
                            "in the rewritten program result {r} is {} but argument {a} ({}) is {}",
                            other
                                .map(|t| t.to_string())
                                .unwrap_or_else(|| "missing".into()),
                            s.args[a].name,
                            s.args[a].ty
                        ),
                    })
                }
            }
        }
        let logits_ok = s
            .results
            .first()
            .and_then(tensor)
            .and_then(|t| t.static_shape())
            .is_some_and(|sh| sh.last() == Some(&self.vocab));
        if !logits_ok {
            return Err(DecodeError::Convention {
                what: "logits",
                message: "the rewritten program's result 0 has another vocabulary".into(),
            });
        }
        Ok(s)
    }

    /// One line: `decode step: token arg 21 (ids) tensor<1xi32>, position
    /// arg 22 (pos), feeds 1=23 (k_cache), 2=24 (v_cache), vocabulary 256`.
    pub fn describe(&self) -> String {
        let feeds: Vec<String> = self
            .feeds
            .iter()
            .map(|&(r, a)| format!("{r}={a} ({})", self.args[a].name))
            .collect();
        format!(
            "decode step: token arg {} ({}) {}, position arg {} ({}), feeds {}, vocabulary {}",
            self.token,
            self.args[self.token].name,
            self.args[self.token].ty,
            self.position,
            self.args[self.position].name,
            if feeds.is_empty() {
                "none".into()
            } else {
                feeds.join(", ")
            },
            self.vocab
        )
    }
}

/// The public function of the wrapper module.
pub const ROLLOUT_FUNCTION: &str = "hlo_opt_rollout";
/// The step function's name in the wrapper module (private).
pub const STEP_FUNCTION: &str = "hlo_opt_step";

/// What one wrapper run does: `iterations` calls of the step; at call `i`
/// the token is `forced[i]` for `i < forced`, else the argmax of call
/// `i - 1`. It returns the argmax of every call (`tensor<Kxi32>`) and the
/// logits of every call as f32 (`tensor<KxVxf32>`).
#[derive(Clone, Copy, Debug)]
pub struct Loop {
    /// K: calls of the step.
    pub iterations: usize,
    /// F: tokens given (prompt, or the evaluated text); 1 <= F <= K.
    pub forced: usize,
}

fn elem_of(ty: &Type) -> Result<ElemType, DecodeError> {
    ty.elem()
        .cloned()
        .ok_or_else(|| DecodeError::Wrapper(format!("{ty} has no element type")))
}

/// The wrapper's function text (`func.func public @hlo_opt_rollout`).
pub fn rollout_function(step: &DecodeStep, lp: Loop) -> Result<String, DecodeError> {
    let (k, f, v) = (lp.iterations, lp.forced, step.vocab);
    if f == 0 || f > k {
        return Err(DecodeError::Wrapper(format!(
            "{f} given tokens for {k} iterations: need 1 <= given <= iterations"
        )));
    }
    let i32t = "tensor<i32>";
    let toks_t = format!("tensor<{k}xi32>");
    let lg_t = format!("tensor<{k}x{v}xf32>");
    let forced_t = format!("tensor<{f}xi32>");
    let pos_t = step.args[step.position].ty.to_string();
    let tok_t = step.args[step.token].ty.to_string();
    let tok_elem = elem_of(&step.args[step.token].ty)?;
    let logits_t = step.results[0].to_string();
    let logits_elem = elem_of(&step.results[0])?;
    let mut s = String::new();
    let params: Vec<String> = step
        .args
        .iter()
        .enumerate()
        .map(|(i, a)| format!("%a{i}: {}", a.ty))
        .collect();
    let _ = writeln!(
        s,
        "  func.func public @{ROLLOUT_FUNCTION}({}, %forced: {forced_t}) -> ({toks_t}, {lg_t}) {{",
        params.join(", ")
    );
    let _ = writeln!(s, "    %zero = stablehlo.constant dense<0> : {i32t}");
    let _ = writeln!(s, "    %toks0 = stablehlo.constant dense<0> : {toks_t}");
    let _ = writeln!(
        s,
        "    %lg0 = stablehlo.constant dense<0.000000e+00> : {lg_t}"
    );
    // Loop-carried: i, prev, pos, states..., toks, lg.
    let mut carried = vec![
        ("i".to_string(), "%zero".to_string(), i32t.to_string()),
        ("prev".into(), "%zero".into(), i32t.into()),
        ("pos".into(), format!("%a{}", step.position), pos_t.clone()),
    ];
    for (j, &(_, a)) in step.feeds.iter().enumerate() {
        carried.push((
            format!("s{j}"),
            format!("%a{a}"),
            step.args[a].ty.to_string(),
        ));
    }
    carried.push(("toks".into(), "%toks0".into(), toks_t.clone()));
    carried.push(("lg".into(), "%lg0".into(), lg_t.clone()));
    let n = carried.len();
    let inits: Vec<String> = carried
        .iter()
        .map(|(name, init, _)| format!("%{name} = {init}"))
        .collect();
    let types: Vec<&str> = carried.iter().map(|(_, _, t)| t.as_str()).collect();
    let _ = writeln!(
        s,
        "    %w:{n} = stablehlo.while({}) : {}",
        inits.join(", "),
        types.join(", ")
    );
    let _ = writeln!(s, "    cond {{");
    let _ = writeln!(s, "      %k = stablehlo.constant dense<{k}> : {i32t}");
    let _ = writeln!(
        s,
        "      %c = stablehlo.compare LT, %i, %k, SIGNED : ({i32t}, {i32t}) -> tensor<i1>"
    );
    let _ = writeln!(s, "      stablehlo.return %c : tensor<i1>");
    let _ = writeln!(s, "    }} do {{");
    let _ = writeln!(s, "      %one = stablehlo.constant dense<1> : {i32t}");
    let _ = writeln!(s, "      %f = stablehlo.constant dense<{f}> : {i32t}");
    let _ = writeln!(
        s,
        "      %flast = stablehlo.constant dense<{}> : {i32t}",
        f - 1
    );
    let _ = writeln!(
        s,
        "      %isf = stablehlo.compare LT, %i, %f, SIGNED : ({i32t}, {i32t}) -> tensor<i1>"
    );
    let _ = writeln!(s, "      %fi = stablehlo.minimum %i, %flast : {i32t}");
    let _ = writeln!(
        s,
        "      %ft1 = stablehlo.dynamic_slice %forced, %fi, sizes = [1] : ({forced_t}, {i32t}) -> tensor<1xi32>"
    );
    let _ = writeln!(
        s,
        "      %ft = stablehlo.reshape %ft1 : (tensor<1xi32>) -> {i32t}"
    );
    let _ = writeln!(
        s,
        "      %tok = stablehlo.select %isf, %ft, %prev : tensor<i1>, {i32t}"
    );
    let tok_scalar = format!("tensor<{tok_elem}>");
    let tok_src = if tok_elem == ElemType::int(32) {
        "%tok".to_string()
    } else {
        let _ = writeln!(
            s,
            "      %tokc = stablehlo.convert %tok : ({i32t}) -> {tok_scalar}"
        );
        "%tokc".to_string()
    };
    let _ = writeln!(
        s,
        "      %tokr = stablehlo.reshape {tok_src} : ({tok_scalar}) -> {tok_t}"
    );
    // The call: every argument from the wrapper's, but token, position and
    // state from the loop.
    let mut call_args: Vec<String> = (0..step.args.len()).map(|i| format!("%a{i}")).collect();
    call_args[step.token] = "%tokr".into();
    call_args[step.position] = "%pos".into();
    for (j, &(_, a)) in step.feeds.iter().enumerate() {
        call_args[a] = format!("%s{j}");
    }
    let arg_types: Vec<String> = step.args.iter().map(|a| a.ty.to_string()).collect();
    let res_types: Vec<String> = step.results.iter().map(|t| t.to_string()).collect();
    let nres = step.results.len();
    let out_def = if nres == 1 {
        "%out".to_string()
    } else {
        format!("%out:{nres}")
    };
    let out = |r: usize| {
        if nres == 1 {
            "%out".to_string()
        } else {
            format!("%out#{r}")
        }
    };
    let _ = writeln!(
        s,
        "      {out_def} = func.call @{STEP_FUNCTION}({}) : ({}) -> ({})",
        call_args.join(", "),
        arg_types.join(", "),
        res_types.join(", ")
    );
    let row_t = format!("tensor<{v}x{logits_elem}>");
    let _ = writeln!(
        s,
        "      %l1 = stablehlo.reshape {} : ({logits_t}) -> {row_t}",
        out(0)
    );
    let row32 = format!("tensor<{v}xf32>");
    let l = if logits_elem == ElemType::F32 {
        "%l1"
    } else {
        let _ = writeln!(s, "      %l = stablehlo.convert %l1 : ({row_t}) -> {row32}");
        "%l"
    };
    let _ = writeln!(s, "      %iota = stablehlo.iota dim = 0 : tensor<{v}xi32>");
    let _ = writeln!(
        s,
        "      %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>"
    );
    let _ = writeln!(
        s,
        "      %am:2 = \"stablehlo.reduce\"({l}, %iota, %ninf, %zero) ({{\n      ^bb0(%x: tensor<f32>, %xi: {i32t}, %y: tensor<f32>, %yi: {i32t}):\n        %gt = stablehlo.compare GT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n        %eq = stablehlo.compare EQ, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n        %lt = stablehlo.compare LT, %xi, %yi, SIGNED : ({i32t}, {i32t}) -> tensor<i1>\n        %tie = stablehlo.and %eq, %lt : tensor<i1>\n        %pick = stablehlo.or %gt, %tie : tensor<i1>\n        %bv = stablehlo.select %pick, %x, %y : tensor<i1>, tensor<f32>\n        %bi = stablehlo.select %pick, %xi, %yi : tensor<i1>, {i32t}\n        stablehlo.return %bv, %bi : tensor<f32>, {i32t}\n      }}) {{dimensions = array<i64: 0>}} : ({row32}, tensor<{v}xi32>, tensor<f32>, {i32t}) -> (tensor<f32>, {i32t})"
    );
    let _ = writeln!(
        s,
        "      %am1 = stablehlo.reshape %am#1 : ({i32t}) -> tensor<1xi32>"
    );
    let _ = writeln!(
        s,
        "      %toks2 = stablehlo.dynamic_update_slice %toks, %am1, %i : ({toks_t}, tensor<1xi32>, {i32t}) -> {toks_t}"
    );
    let _ = writeln!(
        s,
        "      %lrow = stablehlo.reshape {l} : ({row32}) -> tensor<1x{v}xf32>"
    );
    let _ = writeln!(
        s,
        "      %lg2 = stablehlo.dynamic_update_slice %lg, %lrow, %i, %zero : ({lg_t}, tensor<1x{v}xf32>, {i32t}, {i32t}) -> {lg_t}"
    );
    let _ = writeln!(s, "      %i2 = stablehlo.add %i, %one : {i32t}");
    let _ = writeln!(s, "      %pone = stablehlo.constant dense<1> : {pos_t}");
    let _ = writeln!(s, "      %pos2 = stablehlo.add %pos, %pone : {pos_t}");
    let mut rets = vec!["%i2".to_string(), "%am#1".into(), "%pos2".into()];
    for &(r, _) in &step.feeds {
        rets.push(out(r));
    }
    rets.push("%toks2".into());
    rets.push("%lg2".into());
    let _ = writeln!(
        s,
        "      stablehlo.return {} : {}",
        rets.join(", "),
        types.join(", ")
    );
    let _ = writeln!(s, "    }}");
    let _ = writeln!(
        s,
        "    return %w#{}, %w#{} : {toks_t}, {lg_t}",
        n - 2,
        n - 1
    );
    let _ = writeln!(s, "  }}");
    Ok(s)
}

/// The wrapper module: `printed` (a module as hlo-opt prints it) with its
/// entry function renamed to the private `@hlo_opt_step`, and the rollout
/// function placed before it.
pub fn wrapper_module(printed: &str, step: &DecodeStep, lp: Loop) -> Result<String, DecodeError> {
    for name in [ROLLOUT_FUNCTION, STEP_FUNCTION] {
        if printed.contains(&format!("@{name}")) {
            return Err(DecodeError::Wrapper(format!(
                "the program already has a symbol @{name}"
            )));
        }
    }
    let sym = regex::escape(&step.function);
    let re = regex::Regex::new(&format!(
        r#"(?m)^([ \t]*)func\.func\s+(?:(?:public|private|nested)\s+)?@(?:{sym}|"{sym}")\s*\("#
    ))
    .map_err(|e| DecodeError::Wrapper(e.to_string()))?;
    let mut found = re.captures_iter(printed);
    let caps = found.next().ok_or_else(|| {
        DecodeError::Wrapper(format!(
            "cannot find `func.func @{}(` at the start of a line",
            step.function
        ))
    })?;
    if found.next().is_some() {
        return Err(DecodeError::Wrapper(format!(
            "`func.func @{}(` appears more than once",
            step.function
        )));
    }
    let whole = caps
        .get(0)
        .ok_or_else(|| DecodeError::Wrapper("no match".into()))?;
    let indent = caps.get(1).map(|m| m.as_str()).unwrap_or("");
    let body = rollout_function(step, lp)?;
    let mut out = String::with_capacity(printed.len() + body.len() + 64);
    out.push_str(&printed[..whole.start()]);
    out.push_str(&body);
    let _ = write!(out, "{indent}func.func private @{STEP_FUNCTION}(");
    out.push_str(&printed[whole.end()..]);
    Ok(out)
}

/// The static shape of a type, for messages and checks.
pub fn shape_of(ty: &Type) -> Option<Vec<u64>> {
    let t = tensor(ty)?;
    t.dims.as_ref()?.iter().try_fold(Vec::new(), |mut v, d| {
        if let Dim::Static(n) = d {
            v.push(*n);
            Some(v)
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feeds_parse() {
        assert_eq!(parse_feeds("1=23, 2=24"), Ok(vec![(1, 23), (2, 24)]));
        assert!(parse_feeds("0=3").is_err());
        assert!(parse_feeds("1:3").is_err());
    }

    #[test]
    fn short_names() {
        assert_eq!(short_name("ids"), "ids");
        assert_eq!(short_name("params['pos']"), "pos");
        assert_eq!(short_name("%arg3"), "%arg3");
    }
}
