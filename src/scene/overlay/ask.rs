//! Parsing a preview's request: `los:A1:F6`, `battle:u2:u5`, `arcs:u3:moved`... as the
//! designer's box and `--overlay` take it, and written back the same way.

use crate::rules::play::Where;

/// A preview asked for by name, before the rules answer it.
#[derive(Debug, Clone, PartialEq)]
pub enum Ask {
    /// `los:FROM:TO`: unit ids or hex labels (on a table, points too).
    Sight { from: Where, to: Where },
    /// `battle:ATTACKER:TARGET`: the line, the target's front sides and the dice with
    /// every modifier as a caption.
    Battle { attacker: String, target: String },
    /// `arcs:UNIT`, optionally `:moved` / `:not-moved` and `:ordered` / `:not-ordered`:
    /// as if the unit had (not) moved this turn or been (not) ordered.
    Arcs {
        unit: String,
        moved: Option<bool>,
        ordered: Option<bool>,
    },
    /// `moves:UNIT` or `moves:UNIT:HEX` (with the cheapest way there); on a table
    /// `moves:UNIT:X,Y[:X,Y...][:charge]`, the path through those points, moved or
    /// charged. `to` is empty when no way is asked for.
    Moves {
        unit: String,
        to: Vec<Where>,
        charge: bool,
    },
    /// `zoc:SIDE`.
    Zones { side: String },
    /// `viewshed:FROM`: a unit id or a hex label (on a table, a point too).
    Viewshed { from: Where },
    /// `charges:UNIT`: every legal charge of a mounted unit.
    Charges { unit: String },
    /// `cover:UNIT` (tables): from where on the table an enemy could fire at the unit,
    /// and with how much cover.
    Cover { unit: String },
}

/// Why a preview cannot be made; the message names the offending part.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OverlayError(pub String);

/// The names a preview is asked for by, for messages.
pub const KINDS: [&str; 8] = [
    "los", "battle", "arcs", "moves", "zoc", "viewshed", "charges", "cover",
];

impl std::str::FromStr for Ask {
    type Err = OverlayError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let parts: Vec<&str> = text.split(':').map(str::trim).collect();
        let bad = |why: &str| {
            OverlayError(format!(
                "overlay '{text}': {why} (known: los:FROM:TO, battle:ATTACKER:TARGET, \
                 arcs:UNIT[:moved|:not-moved][:ordered|:not-ordered], moves:UNIT[:HEX], \
                 zoc:SIDE, viewshed:FROM, charges:UNIT; on a table los:UNIT:TO, \
                 battle:UNIT:UNIT, arcs:UNIT, cover:UNIT, viewshed:UNIT|X,Y, \
                 moves:UNIT[:X,Y...][:charge])"
            ))
        };
        if parts.iter().any(|p| p.is_empty()) {
            return Err(bad("an empty part"));
        }
        match parts.as_slice() {
            ["los", from, to] => Ok(Ask::Sight {
                from: (*from).into(),
                to: (*to).into(),
            }),
            ["battle", attacker, target] => Ok(Ask::Battle {
                attacker: attacker.to_string(),
                target: target.to_string(),
            }),
            ["arcs", unit, flags @ ..] if flags.len() <= 2 => {
                let (mut moved, mut ordered) = (None, None);
                for flag in flags {
                    let (slot, on) = match *flag {
                        "moved" => (&mut moved, true),
                        "not-moved" => (&mut moved, false),
                        "ordered" => (&mut ordered, true),
                        "not-ordered" => (&mut ordered, false),
                        other => {
                            return Err(bad(&format!(
                                "unknown arcs flag '{other}' (known: moved, not-moved, \
                                 ordered, not-ordered)"
                            )));
                        }
                    };
                    if slot.replace(on).is_some() {
                        return Err(bad(&format!("'{flag}' contradicts or repeats a flag")));
                    }
                }
                Ok(Ask::Arcs {
                    unit: unit.to_string(),
                    moved,
                    ordered,
                })
            }
            // On a table the path's points, `moves:UNIT:X,Y[:X,Y...]`, and `:charge`
            // for the path charged.
            ["moves", unit, to @ ..] => {
                let (charge, to) = match to {
                    [rest @ .., "charge"] => (true, rest),
                    _ => (false, to),
                };
                Ok(Ask::Moves {
                    unit: unit.to_string(),
                    to: to.iter().map(|p| (*p).into()).collect(),
                    charge,
                })
            }
            ["zoc", side] => Ok(Ask::Zones {
                side: side.to_string(),
            }),
            ["viewshed", from] => Ok(Ask::Viewshed {
                from: (*from).into(),
            }),
            ["charges", unit] => Ok(Ask::Charges {
                unit: unit.to_string(),
            }),
            ["cover", unit] => Ok(Ask::Cover {
                unit: unit.to_string(),
            }),
            [kind, ..] if !KINDS.contains(kind) => Err(bad(&format!("unknown kind '{kind}'"))),
            _ => Err(bad("wrong number of parts")),
        }
    }
}

/// The request as it is written (`los:A1:F6`), as `--overlay` takes it.
impl std::fmt::Display for Ask {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ask::Sight { from, to } => write!(f, "los:{from}:{to}"),
            Ask::Battle { attacker, target } => write!(f, "battle:{attacker}:{target}"),
            Ask::Arcs {
                unit,
                moved,
                ordered,
            } => {
                write!(f, "arcs:{unit}")?;
                match moved {
                    Some(true) => write!(f, ":moved")?,
                    Some(false) => write!(f, ":not-moved")?,
                    None => {}
                }
                match ordered {
                    Some(true) => write!(f, ":ordered"),
                    Some(false) => write!(f, ":not-ordered"),
                    None => Ok(()),
                }
            }
            Ask::Moves { unit, to, charge } => {
                write!(f, "moves:{unit}")?;
                for to in to {
                    write!(f, ":{to}")?;
                }
                if *charge {
                    write!(f, ":charge")?;
                }
                Ok(())
            }
            Ask::Zones { side } => write!(f, "zoc:{side}"),
            Ask::Viewshed { from } => write!(f, "viewshed:{from}"),
            Ask::Charges { unit } => write!(f, "charges:{unit}"),
            Ask::Cover { unit } => write!(f, "cover:{unit}"),
        }
    }
}
