//! Pass options, MLIR style: `name{key=value,key2=a,b}`.

use std::collections::BTreeMap;

use super::PassError;

/// One option a pass takes.
pub struct OptionInfo {
    /// Its name.
    pub name: &'static str,
    /// The kind of value, for `--list-passes` (`int`, `bool`, `regex`, `list`).
    pub kind: &'static str,
    /// The default, as text.
    pub default: &'static str,
    /// One line of help.
    pub help: &'static str,
}

/// Options given to a pass, checked against what it takes.
#[derive(Debug, Default)]
pub struct Options {
    pass: String,
    values: BTreeMap<String, String>,
}

/// Splits `name{opts}` into the name and the option text.
pub(crate) fn split_spec(spec: &str) -> Result<(&str, &str), PassError> {
    let spec = spec.trim();
    match spec.find('{') {
        None => Ok((spec, "")),
        Some(i) => {
            let name = spec[..i].trim();
            let rest = &spec[i + 1..];
            let inner = rest.strip_suffix('}').ok_or_else(|| PassError::BadOption {
                pass: name.to_string(),
                message: "options must end with `}`".into(),
            })?;
            Ok((name, inner))
        }
    }
}

impl Options {
    /// Reads `k=v,k2=v2`; a comma-separated piece without `=` continues the
    /// previous value (`ops=dot_general,convolution`). Commas inside brackets
    /// belong to the value.
    pub fn parse(pass: &str, text: &str, known: &[OptionInfo]) -> Result<Options, PassError> {
        let bad = |message: String| PassError::BadOption {
            pass: pass.to_string(),
            message,
        };
        let mut values: BTreeMap<String, String> = BTreeMap::new();
        let mut last: Option<String> = None;
        for piece in split_top_level(text, ',') {
            let piece = piece.trim();
            if piece.is_empty() {
                continue;
            }
            match (piece.split_once('='), &last) {
                (Some((k, v)), _) if known.iter().any(|o| o.name == k.trim()) => {
                    let k = k.trim().to_string();
                    if values.contains_key(&k) {
                        return Err(bad(format!(
                            "option `{k}` given twice; expected each option once"
                        )));
                    }
                    values.insert(k.clone(), v.trim().to_string());
                    last = Some(k);
                }
                (Some((k, _)), _) if is_key(k.trim()) => {
                    let names: Vec<&str> = known.iter().map(|o| o.name).collect();
                    return Err(bad(format!(
                        "unknown option `{}`; expected one of: {}",
                        k.trim(),
                        if names.is_empty() {
                            "(none)".to_string()
                        } else {
                            names.join(", ")
                        }
                    )));
                }
                (_, Some(k)) => {
                    let v = values.get_mut(k).expect("last key was inserted");
                    v.push(',');
                    v.push_str(piece);
                }
                (_, None) => return Err(bad(format!("expected `key=value`, found `{piece}`"))),
            }
        }
        Ok(Options {
            pass: pass.to_string(),
            values,
        })
    }

    /// The raw text of an option, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(String::as_str)
    }

    fn bad(&self, key: &str, message: String) -> PassError {
        PassError::BadOption {
            pass: self.pass.clone(),
            message: format!("option `{key}`: {message}"),
        }
    }

    /// An unsigned integer option.
    pub fn u64_or(&self, key: &str, default: u64) -> Result<u64, PassError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| self.bad(key, format!("expected a whole number, found `{v}`"))),
        }
    }

    /// A boolean option (`true`/`false`/`1`/`0`).
    pub fn bool_or(&self, key: &str, default: bool) -> Result<bool, PassError> {
        match self.get(key) {
            None => Ok(default),
            Some("true" | "1") => Ok(true),
            Some("false" | "0") => Ok(false),
            Some(v) => Err(self.bad(key, format!("expected true or false, found `{v}`"))),
        }
    }

    /// One of a fixed set of words.
    pub fn choice_or(
        &self,
        key: &str,
        choices: &[&'static str],
        default: &'static str,
    ) -> Result<&'static str, PassError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => choices.iter().copied().find(|c| *c == v).ok_or_else(|| {
                self.bad(
                    key,
                    format!("expected one of {}, found `{v}`", choices.join(", ")),
                )
            }),
        }
    }

    /// A comma-separated list that may be given empty (`islands=`: none).
    pub fn list_or_empty(&self, key: &str, default: &[&str]) -> Vec<String> {
        match self.get(key) {
            None => default.iter().map(|s| s.to_string()).collect(),
            Some(v) => v
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect(),
        }
    }

    /// A comma-separated list; given, it names at least one item (`ops=`
    /// would otherwise turn a pass into a silent no-op).
    pub fn list_or(&self, key: &str, default: &[&str]) -> Result<Vec<String>, PassError> {
        match self.get(key) {
            None => Ok(default.iter().map(|s| s.to_string()).collect()),
            Some(v) => {
                let items: Vec<String> = v
                    .split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect();
                if items.is_empty() {
                    return Err(self.bad(key, "expected at least one item, found none".into()));
                }
                Ok(items)
            }
        }
    }

    /// A regular expression.
    pub fn regex(&self, key: &str) -> Result<Option<regex::Regex>, PassError> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => regex::Regex::new(v)
                .map(Some)
                .map_err(|e| self.bad(key, format!("not a regular expression: {e}"))),
        }
    }
}

fn is_key(k: &str) -> bool {
    !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// `text` split at each `sep` outside brackets (`{}`, `()`, `[]`).
pub fn split_top_level(text: &str, sep: char) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' | '(' | '[' => depth += 1,
            '}' | ')' | ']' => depth -= 1,
            c if c == sep && depth == 0 => {
                out.push(&text[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNOWN: &[OptionInfo] = &[
        OptionInfo {
            name: "ops",
            kind: "list",
            default: "",
            help: "",
        },
        OptionInfo {
            name: "exclude",
            kind: "regex",
            default: "",
            help: "",
        },
        OptionInfo {
            name: "min-elements",
            kind: "int",
            default: "0",
            help: "",
        },
    ];

    #[test]
    fn a_key_given_twice_is_an_error() {
        let e = Options::parse("p", "min-elements=1,min-elements=2", KNOWN).expect_err("refused");
        assert!(e.to_string().contains("given twice"), "{e}");
    }

    #[test]
    fn lists_and_regexes_keep_their_commas() {
        let o = Options::parse(
            "p",
            "ops=dot_general,convolution,exclude=a{1,3},min-elements=4",
            KNOWN,
        )
        .expect("valid");
        assert_eq!(
            o.list_or("ops", &[]).expect("given"),
            vec!["dot_general", "convolution"]
        );
        assert_eq!(o.get("exclude"), Some("a{1,3}"));
        assert_eq!(o.u64_or("min-elements", 0).expect("int"), 4);
    }

    #[test]
    fn unknown_keys_are_errors() {
        let e = Options::parse("p", "nope=1", KNOWN).expect_err("unknown");
        assert!(e.to_string().contains("unknown option `nope`"), "{e}");
        assert!(split_spec("p{a=1").is_err());
    }
}
