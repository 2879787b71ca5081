//! A scenario's module file (its `ruleset_file`): a ruleset file named by a path
//! relative to the scenario, loaded when the scenario is read.

use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;

use crate::rules::{Ruleset, Rulesets, parse_ruleset};
use crate::source::{self, SourceError, TextFormat};

/// The key a scenario names its module file with.
const KEY: &str = "ruleset_file";

/// The two fields of a scenario that say which module it uses; the rest is skipped.
#[derive(Deserialize)]
struct Names {
    ruleset: Option<String>,
    ruleset_file: Option<String>,
}

/// Where a module file named `written` by the scenario at `scenario` is: beside the
/// scenario (an absolute path stays as it is).
pub fn resolve(scenario: &Path, written: &str) -> PathBuf {
    scenario.parent().unwrap_or(Path::new("")).join(written)
}

/// `module` as the scenario at `scenario` writes it: relative to the scenario's folder
/// (with `..` where it is elsewhere), `/` between parts so that the file reads the
/// same on every system. A path on another drive stays absolute.
pub fn relative(scenario: &Path, module: &Path) -> String {
    let d = absolute(scenario.parent().unwrap_or(Path::new("")));
    let m = absolute(module);
    if d.first() != m.first() {
        return m.iter().collect::<PathBuf>().display().to_string();
    }
    let common = d.iter().zip(&m).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_string(); d.len() - common];
    parts.extend(m[common..].iter().map(|c| c.to_string_lossy().into_owned()));
    parts.join("/")
}

/// How a scenario copied from `from` to `to` names the same module file that it
/// named as `written`.
pub fn moved(written: &str, from: &Path, to: &Path) -> String {
    relative(to, &resolve(from, written))
}

/// The parts of `p` made absolute, its root (and drive) first, with `.` and `..` taken
/// out by the text.
fn absolute(p: &Path) -> Vec<OsString> {
    let p = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let mut out: Vec<OsString> = Vec::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if out.len() > 1 {
                    out.pop();
                }
            }
            Component::Normal(s) => out.push(s.to_os_string()),
            Component::Prefix(_) | Component::RootDir => match out.first_mut() {
                Some(root) => root.push(c.as_os_str()),
                None => out.push(c.as_os_str().to_os_string()),
            },
        }
    }
    out
}

/// Loads the module that the scenario file at `scenario` names, if it names one, into
/// `rulesets`, and returns the module file's path and the module.
///
/// A file that cannot be read or parsed as a scenario is `Ok(None)`: reading it as a
/// scenario says why. A module file that is missing, does not load, or defines another
/// ruleset than the scenario's is an `Err` naming the scenario and the path.
pub fn load_for(
    scenario: &Path,
    rulesets: &mut Rulesets,
) -> Result<Option<(PathBuf, Arc<Ruleset>)>, SourceError> {
    let Some(format) = TextFormat::from_path(scenario) else {
        return Ok(None);
    };
    let Ok(text) = std::fs::read_to_string(scenario) else {
        return Ok(None);
    };
    // Most scenarios name none: no second parse for them.
    if memchr::memmem::find(text.as_bytes(), KEY.as_bytes()).is_none() {
        return Ok(None);
    }
    let Ok(Names {
        ruleset,
        ruleset_file: Some(written),
    }) = source::parse::<Names>(&text, format, scenario)
    else {
        return Ok(None);
    };
    load_named(scenario, &text, &written, ruleset.as_deref(), rulesets).map(Some)
}

/// Loads the module file `written` that the scenario at `scenario` (whose text is
/// `text`, for the position) names for its ruleset `id`, into `rulesets`.
pub fn load_named(
    scenario: &Path,
    text: &str,
    written: &str,
    id: Option<&str>,
    rulesets: &mut Rulesets,
) -> Result<(PathBuf, Arc<Ruleset>), SourceError> {
    let at = source::locate(text, written);
    let path = resolve(scenario, written);
    let fail = |why: String| {
        SourceError::new(
            scenario,
            at,
            format!("its module file \"{written}\" ({}) {why}", path.display()),
        )
    };
    let module_text =
        std::fs::read_to_string(&path).map_err(|e| fail(format!("cannot be read: {e}")))?;
    let module =
        parse_ruleset(&module_text, &path).map_err(|e| fail(format!("does not load: {e}")))?;
    if let Some(id) = id.filter(|id| *id != module.id) {
        return Err(fail(format!(
            "defines the ruleset '{}', but the scenario's ruleset is '{id}'",
            module.id
        )));
    }
    crate::rules::icon_files::load_beside(&module, &path);
    let module = Arc::new(module);
    rulesets.insert(module.clone());
    Ok((path, module))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_module_path_is_written_relative_to_the_scenario_and_read_back_beside_it() {
        let scenario = Path::new("/games/ford/maps/ford.ron");
        for (module, written) in [
            ("/games/ford/maps/ford-war.ron", "ford-war.ron"),
            ("/games/ford/rules/ford-war.ron", "../rules/ford-war.ron"),
            ("/games/ford/maps/m/f.ron", "m/f.ron"),
        ] {
            assert_eq!(relative(scenario, Path::new(module)), written);
            assert_eq!(
                resolve(scenario, written),
                Path::new("/games/ford/maps").join(written)
            );
        }
    }
}
