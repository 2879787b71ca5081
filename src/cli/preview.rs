//! `sandtable los | battle | arcs`: the rules' answers about a scenario, as text that
//! explains the reasons and as the JSON of `docs/format.md`.

use std::path::Path;

use hexx::Hex;

use crate::io;
use crate::rules::arcs::arcs;
use crate::rules::play::hex::HexField;
use crate::rules::play::{self, Arena, Field, PlaceError, PlaceErrorKind};
use crate::rules::{Ruleset, Rulesets};
use crate::scenario::{Scenario, Unit};
use crate::scene::overlay::charge_lines;

use super::answers::{
    ArcsAnswer, BattleAnswer, ChargeAnswer, ChargesAnswer, LosAnswer, MoraleModifier, MovesAnswer,
    Reachable, Target, ZocAnswer,
};
use super::error::{CliError, ErrorKind};
use super::print_answer;

/// An answer the rules word as JSON (sight, battle, a table route), read into its type:
/// a key the type does not name is refused here, not printed past the schema.
pub(super) fn rules_answer<T: serde::de::DeserializeOwned>(
    v: serde_json::Value,
) -> Result<T, CliError> {
    serde_json::from_value(v).map_err(|e| {
        CliError::new(
            ErrorKind::Output,
            format!("the answer does not fit its schema: {e}"),
        )
    })
}

fn not_hex(file: &Path) -> CliError {
    CliError::new(
        ErrorKind::NotHexBoard,
        format!(
            "{}: line of sight and battles on freeform tables come with the freeform rules; this command works on hex boards",
            file.display()
        ),
    )
    .in_file(file)
}

/// Line of sight asked on an area map, where no line is traced.
fn no_line_on_areas(file: &Path) -> CliError {
    CliError::new(
        ErrorKind::NotHexBoard,
        format!(
            "{}: an area map's areas are joined by connections, not laid out in lines: \
             line of sight is traced on hex and square boards and tables",
            file.display()
        ),
    )
    .in_file(file)
}

/// Loads a scenario and its ruleset, or says why not.
fn load<'r>(file: &Path, rulesets: &'r Rulesets) -> Result<(Scenario, &'r Ruleset), CliError> {
    let scenario = io::load_scenario(file, rulesets)?;
    let ruleset = rulesets
        .get(&scenario.ruleset)
        .ok_or_else(|| super::unknown_ruleset(&scenario.ruleset, rulesets).in_file(file))?;
    Ok((scenario, ruleset))
}

/// Loads a hex scenario and its ruleset, or says why not.
fn open<'r>(file: &Path, rulesets: &'r Rulesets) -> Result<(Scenario, &'r Ruleset), CliError> {
    let (scenario, ruleset) = load(file, rulesets)?;
    if scenario.board.grid().is_none() {
        return Err(not_hex(file));
    }
    Ok((scenario, ruleset))
}

/// `sandtable path`: tables only.
pub fn path(
    file: &Path,
    unit: &str,
    through: &[String],
    charge: bool,
    rulesets: &Rulesets,
    as_json: bool,
) -> Result<i32, CliError> {
    let (s, r) = load(file, rulesets)?;
    if s.board.as_freeform().is_none() {
        return Err(CliError::new(
            ErrorKind::NotTable,
            format!(
                "{}: path costs a polyline on a freeform table; on hex boards use `sandtable moves`",
                file.display()
            ),
        )
        .in_file(file));
    }
    super::table::path(&s, r, unit, through, charge, as_json)
}

fn on_hex(u: &Unit) -> Result<Hex, CliError> {
    Ok(play::standing(u)?)
}

/// Opens a hex scenario, finds unit `id` and builds the movement map, then runs `f`.
fn with_move_map(
    file: &Path,
    id: &str,
    rulesets: &Rulesets,
    f: impl FnOnce(
        &Scenario,
        &Ruleset,
        &crate::rules::movement::MoveMap,
        &Unit,
    ) -> Result<i32, CliError>,
) -> Result<i32, CliError> {
    let (s, r) = open(file, rulesets)?;
    let field = hex_field(file, &s, r)?;
    let u = field.unit(id)?;
    let map = field.moves().ok_or_else(|| not_hex(file))?;
    f(&s, r, map, u)
}

/// The class's battle profile, if the ruleset gives it one.
fn profile<'r>(r: &'r Ruleset, u: &Unit) -> Option<&'r crate::rules::model::Profile> {
    r.kind(crate::rules::KindList::UnitClass, &u.class)
        .and_then(|k| k.profile())
}

impl From<PlaceError> for CliError {
    fn from(e: PlaceError) -> Self {
        let kind = match e.kind {
            PlaceErrorKind::UnknownUnit => ErrorKind::UnknownUnit,
            PlaceErrorKind::UnknownHex => ErrorKind::UnknownHex,
            PlaceErrorKind::BadPoint => ErrorKind::BadPoint,
            PlaceErrorKind::NotPlaced | PlaceErrorKind::NotAllowed => ErrorKind::NotAllowed,
            PlaceErrorKind::NoProfile => ErrorKind::NoProfile,
            PlaceErrorKind::UnknownSide => ErrorKind::UnknownSide,
            PlaceErrorKind::NoRule => ErrorKind::NoRule,
        };
        CliError::new(kind, e.message)
    }
}

/// The field of a scenario: hexes or a table (the one place that tells them apart).
fn arena<'a>(file: &Path, s: &'a Scenario, r: &'a Ruleset) -> Result<Arena<'a>, CliError> {
    Arena::new(s, r).ok_or_else(|| not_hex(file))
}

/// The arena of a hex scenario, for the questions only hex boards answer yet.
fn hex_field<'a>(
    file: &Path,
    s: &'a Scenario,
    r: &'a Ruleset,
) -> Result<Box<HexField<'a>>, CliError> {
    match arena(file, s, r)? {
        Arena::Hex(f) => Ok(f),
        Arena::Table(_) => Err(not_hex(file)),
    }
}

pub fn los(
    file: &Path,
    from: &str,
    to: &str,
    rulesets: &Rulesets,
    as_json: bool,
) -> Result<i32, CliError> {
    let (s, r) = load(file, rulesets)?;
    if s.board.as_area().is_some() {
        return Err(no_line_on_areas(file));
    }
    match arena(file, &s, r)? {
        Arena::Hex(f) => los_on(&*f, from, to, as_json),
        Arena::Table(f) => los_on(&f, from, to, as_json),
    }
}

fn los_on<F: Field>(f: &F, from: &str, to: &str, as_json: bool) -> Result<i32, CliError> {
    let (a, b) = (f.place(from)?, f.place(to)?);
    let sight = play::sight::look(f, a, b);
    if as_json {
        print_answer(&rules_answer::<LosAnswer>(play::sight::json(f, &sight))?);
        return Ok(0);
    }
    println!("{}", play::sight::headline(f, a, b, &sight));
    for line in play::sight::details(f, &sight) {
        println!("  {line}");
    }
    Ok(0)
}

pub fn battle(
    file: &Path,
    attacker: &str,
    target: &str,
    rulesets: &Rulesets,
    as_json: bool,
) -> Result<i32, CliError> {
    let (s, r) = load(file, rulesets)?;
    match arena(file, &s, r)? {
        Arena::Hex(f) => {
            let a = f.unit(attacker)?;
            f.unit(target)?;
            if f.map.needs_profile() && profile(r, a).is_none() {
                return Err(CliError::new(
                    ErrorKind::NoProfile,
                    format!(
                        "unit class '{}' has no battle profile in {}, so {} has no range or dice to battle with",
                        a.class, r.id, a.id
                    ),
                ));
            }
            battle_on(&*f, attacker, target, as_json)
        }
        Arena::Table(f) => battle_on(&f, attacker, target, as_json),
    }
}

fn battle_on<F: Field>(
    f: &F,
    attacker: &str,
    target: &str,
    as_json: bool,
) -> Result<i32, CliError> {
    let (a, t) = (f.unit(attacker)?, f.unit(target)?);
    let fight = play::battle::fight(f, a, t);
    if as_json {
        print_answer(&rules_answer::<BattleAnswer>(play::battle::json(&fight))?);
        return Ok(0);
    }
    println!("{}", play::battle::headline(f, a, t, &fight));
    for line in play::battle::details(&fight, &a.id, &t.id) {
        println!("  {line}");
    }
    Ok(0)
}

pub fn arcs_command(
    file: &Path,
    id: &str,
    range: Option<u32>,
    target_class: Option<&str>,
    rulesets: &Rulesets,
    as_json: bool,
) -> Result<i32, CliError> {
    let (s, r) = open(file, rulesets)?;
    let field = hex_field(file, &s, r)?;
    let u = field.unit(id)?;
    on_hex(u)?;
    let map = &field.map;
    if range.is_none()
        && let Err(why) = map.reach(u)
    {
        return Err(match profile(r, u) {
            None => CliError::new(
                ErrorKind::NoProfile,
                format!(
                    "{} has no range in {} (unit class '{}' has no battle profile): pass --range N to list the hexes it sees within N",
                    u.id, r.id, u.class
                ),
            ),
            Some(_) => CliError::new(
                ErrorKind::NotAllowed,
                format!("{why} (give --range to see its line of sight anyway)"),
            ),
        });
    }
    let targets = arcs(map, u, range, target_class);
    if as_json {
        print_answer(&ArcsAnswer {
            unit: u.id.clone(),
            targets: targets
                .iter()
                .map(|t| Target {
                    hex: s.label(t.hex),
                    range: t.range,
                    los: t.los,
                    dice: t.dice.map(|d| d.max(0).unsigned_abs()),
                    shift: t.shift,
                })
                .collect(),
        });
        return Ok(0);
    }
    println!("{}", crate::rules::arcs::headline(u, &targets));
    for t in targets.iter().filter(|t| t.los) {
        println!("  {}", t.line(&s.label(t.hex)));
    }
    Ok(0)
}

pub fn moves(
    file: &Path,
    id: &str,
    allowance: Option<u32>,
    rulesets: &Rulesets,
    as_json: bool,
) -> Result<i32, CliError> {
    with_move_map(file, id, rulesets, |s, _r, map, u| {
        on_hex(u)?;
        let list = map.reachable(u, allowance).map_err(|mut e| {
            if e.kind == PlaceErrorKind::NoProfile {
                e.message.push_str(" (--allowance N)");
            }
            CliError::from(e)
        })?;
        let allowance = allowance.or_else(|| map.allowance(u));
        if as_json {
            print_answer(&MovesAnswer {
                unit: u.id.clone(),
                allowance: allowance.unwrap_or(0),
                reachable: list
                    .iter()
                    .map(|x| Reachable {
                        hex: s.label(x.hex),
                        cost: x.cost,
                        must_stop: x.must_stop,
                    })
                    .collect(),
            });
            return Ok(0);
        }
        println!(
            "{}",
            crate::rules::hex::movement::reach_headline(u, list.len(), allowance, map.board())
        );
        for x in &list {
            let stop = if x.must_stop { "  must stop" } else { "" };
            println!("  {:<6} cost {}{stop}", s.label(x.hex), x.cost);
        }
        Ok(0)
    })
}

pub fn zoc(file: &Path, side: &str, rulesets: &Rulesets, as_json: bool) -> Result<i32, CliError> {
    let (s, r) = open(file, rulesets)?;
    let hexes = crate::rules::play::hex::controlled(&s, r, side)?;
    s.board.grid().ok_or_else(|| not_hex(file))?;
    let labels: Vec<String> = hexes.iter().map(|h| s.label(*h)).collect();
    if as_json {
        print_answer(&ZocAnswer {
            side: side.to_string(),
            controlled: labels,
        });
    } else {
        println!(
            "{}: {}",
            crate::rules::play::hex::zoc_headline(&s, side, labels.len()),
            labels.join(", ")
        );
    }
    Ok(0)
}

pub fn charges(
    file: &Path,
    id: &str,
    allowance: Option<u32>,
    rulesets: &Rulesets,
    as_json: bool,
) -> Result<i32, CliError> {
    with_move_map(file, id, rulesets, |s, r, map, u| {
        on_hex(u)?;
        // A unit that cannot charge has no legal charge: an answer, not an error.
        if let Some(why) = crate::rules::charge::cannot_charge(r, u) {
            if as_json {
                print_answer(&ChargesAnswer {
                    unit: u.id.clone(),
                    charges: Vec::new(),
                    reason: Some(why.to_string()),
                });
            } else {
                println!("{} ({}) has 0 legal charges: {why}", u.id, u.class);
            }
            return Ok(0);
        }
        let list = crate::rules::charge::charges(map, s, r, u, allowance)?;
        if as_json {
            print_answer(&ChargesAnswer {
                unit: u.id.clone(),
                charges: list
                    .iter()
                    .map(|c| ChargeAnswer {
                        path: c.path.iter().map(|h| s.label(*h)).collect(),
                        target: c.target.clone(),
                        morale_modifier: c.morale_modifier,
                        modifiers: c
                            .modifiers
                            .iter()
                            .map(|(w, m)| MoraleModifier {
                                source: w.clone(),
                                morale: *m,
                            })
                            .collect(),
                        strength_difference: c.strength_difference,
                        cost: c.cost,
                    })
                    .collect(),
                reason: None,
            });
            return Ok(0);
        }
        println!("{}", crate::rules::charge::headline(u, &list));
        for line in list.iter().flat_map(|c| charge_lines(c, s)) {
            println!("  {line}");
        }
        Ok(0)
    })
}
