//! A scenario's layout settings (`territory`, `cell`, `density`, `secure_flank`) read
//! against a ruleset's [`Layout`]: a cell of the territory's map sets the density and
//! the secure flank; a value given both directly and through the cell must agree.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Density, Layout, SecureFlank, Territory};
use crate::scenario::Settings;

/// What the settings say, as far as they read.
#[derive(Debug, Default)]
pub struct Resolved<'l> {
    /// The territory type.
    pub territory: Option<&'l Territory>,
    /// The cell of the territory's map, (row, column), each 1-5.
    pub cell: Option<(usize, usize)>,
    /// The density.
    pub density: Option<&'l Density>,
    /// The secure flank.
    pub flank: Option<&'l SecureFlank>,
    /// The pieces the opponent's roll removed (the `removed` setting).
    pub removed: Vec<Removed>,
    /// Settings that do not read, each a sentence naming the key, the value and the
    /// choices.
    pub problems: Vec<String>,
}

/// A piece the opponent's roll removed (9.E "6 As above, or player can remove the
/// terrain piece"), kept in the settings' `removed` list: it is off the table, but it
/// was selected, so the density row and the optional count still count it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Removed {
    /// The terrain removed.
    pub terrain: String,
    /// The side that placed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    /// It was a compulsory piece.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub compulsory: bool,
    /// The sector roll it was placed by.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sector_roll: Option<u8>,
    /// The opponent's roll that removed it.
    pub opponent_roll: u8,
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A [row, column] cell, each 1-5.
pub fn parse_cell(v: &Value) -> Option<(usize, usize)> {
    let a = v.as_array().filter(|a| a.len() == 2)?;
    let n = |v: &Value| {
        v.as_u64()
            .filter(|n| (1..=5).contains(n))
            .map(|n| n as usize)
    };
    Some((n(&a[0])?, n(&a[1])?))
}

impl Layout {
    /// The settings read against the layout.
    pub fn resolve<'l>(&'l self, settings: &Settings) -> Resolved<'l> {
        let mut r = Resolved::default();
        let ids = |it: &mut dyn Iterator<Item = &str>| it.collect::<Vec<_>>().join(", ");
        if let Some(v) = settings.get("territory") {
            let id = text(v);
            r.territory = self.territory(&id);
            if r.territory.is_none() {
                let choices = ids(&mut self.territories.iter().map(|t| t.id.as_str()));
                r.problems
                    .push(format!("territory '{id}' is not one of {choices}"));
            }
        }
        let mut from_cell: Option<(&SecureFlank, &Density)> = None;
        if let Some(v) = settings.get("cell") {
            match parse_cell(v) {
                None => r
                    .problems
                    .push(format!("cell {v} is not [row, column] with each 1 to 5")),
                Some(cell) => {
                    r.cell = Some(cell);
                    match r.territory {
                        None => r
                            .problems
                            .push("cell is given without a territory whose map it is on".into()),
                        Some(t) => match t.cell_text(cell.0, cell.1).map(|c| self.parse_cell(c)) {
                            Some(Ok(fd)) => from_cell = Some(fd),
                            Some(Err(e)) => r.problems.push(e.to_string()),
                            None => r.problems.push(format!(
                                "cell [{}, {}] is not on {}'s map",
                                cell.0, cell.1, t.name
                            )),
                        },
                    }
                }
            }
        }
        if let Some(v) = settings.get("removed") {
            match serde_json::from_value::<Vec<Removed>>(v.clone()) {
                Ok(list) => r.removed = list,
                Err(e) => r.problems.push(format!(
                    "removed is not a list of {{terrain, owner, compulsory, sector_roll, opponent_roll}}: {e}"
                )),
            }
        }
        r.density = direct(
            &mut r.problems,
            settings,
            "density",
            &self.densities,
            |d| &d.id,
            from_cell.map(|(_, d)| d),
        );
        r.flank = direct(
            &mut r.problems,
            settings,
            "secure_flank",
            &self.secure_flanks,
            |f| &f.id,
            from_cell.map(|(f, _)| f),
        );
        r
    }
}

/// A choice given directly under `key`, or through the cell (`from_cell`); both must
/// agree.
fn direct<'l, T>(
    problems: &mut Vec<String>,
    settings: &Settings,
    key: &str,
    list: &'l [T],
    id: fn(&T) -> &String,
    from_cell: Option<&'l T>,
) -> Option<&'l T> {
    let Some(v) = settings.get(key) else {
        return from_cell;
    };
    let given = text(v);
    let Some(found) = list.iter().find(|x| *id(x) == given) else {
        let choices: Vec<&str> = list.iter().map(|x| id(x).as_str()).collect();
        problems.push(format!(
            "{key} '{given}' is not one of {}",
            choices.join(", ")
        ));
        return from_cell;
    };
    match from_cell {
        Some(c) if *id(c) != given => {
            problems.push(format!(
                "{key} '{given}' disagrees with the cell's '{}'",
                id(c)
            ));
            Some(c)
        }
        _ => Some(found),
    }
}
