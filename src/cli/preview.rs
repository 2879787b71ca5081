//! `sandtable los | battle | arcs`: the rules' answers about a scenario, as text that
//! explains the reasons and as the JSON of `shared/FORMAT.md`.

use std::path::Path;

use hexx::Hex;
use serde_json::{Value, json};

use crate::board::line::Step;
use crate::io;
use crate::rules::arcs::arcs;
use crate::rules::battle::{Battle, BattleMap, Counts, modifier_line};
use crate::rules::sight::Sighting;
use crate::rules::{Ruleset, Rulesets};
use crate::scenario::{Scenario, Unit};
use crate::scene::overlay::charge_lines;

use super::error::{CliError, ErrorKind};
use super::print_json;

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
    if scenario.board.as_hex().is_none() {
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

/// A unit id or a hex label: the hex, and the unit when it names one.
fn place<'s>(s: &'s Scenario, what: &str) -> Result<(Hex, Option<&'s Unit>), CliError> {
    if let Some(u) = s.units.iter().find(|u| u.id == what) {
        return Ok((on_hex(u)?, Some(u)));
    }
    let unknown = |why: String| {
        CliError::new(
            ErrorKind::UnknownHex,
            format!("'{what}' is neither a unit id nor a hex of the board: {why}"),
        )
    };
    let board = s
        .board
        .as_hex()
        .ok_or_else(|| unknown("not a hex board".into()))?;
    board
        .hex_at(what)
        .map(|h| (h, None))
        .map_err(|e| unknown(e.to_string()))
}

fn on_hex(u: &Unit) -> Result<Hex, CliError> {
    u.hex.ok_or_else(|| {
        CliError::new(
            ErrorKind::NotAllowed,
            format!("unit {} stands on no hex", u.id),
        )
    })
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
    let u = unit(&s, id)?;
    let map = crate::rules::movement::MoveMap::new(&s, r).ok_or_else(|| not_hex(file))?;
    f(&s, r, &map, u)
}

fn unit<'s>(s: &'s Scenario, id: &str) -> Result<&'s Unit, CliError> {
    s.units
        .iter()
        .find(|u| u.id == id)
        .ok_or_else(|| CliError::new(ErrorKind::UnknownUnit, format!("no unit with id '{id}'")))
}

/// The class's battle profile, if the ruleset gives it one.
fn profile<'r>(r: &'r Ruleset, u: &Unit) -> Option<&'r crate::rules::model::Profile> {
    r.kind(crate::rules::KindList::UnitClass, &u.class)
        .and_then(|k| k.profile.as_ref())
}

fn path_json(s: &Scenario, steps: &[Step]) -> (Vec<String>, Vec<[String; 2]>) {
    let mut path = Vec::new();
    let mut grazed = Vec::new();
    for step in steps {
        match step {
            Step::Cross(h) => path.push(s.label(*h)),
            Step::Graze(a, b) => {
                path.push(s.label(*a));
                path.push(s.label(*b));
                grazed.push([s.label(*a), s.label(*b)]);
            }
        }
    }
    (path, grazed)
}

fn blocked_json(s: &Scenario, sighting: &Sighting) -> Vec<Value> {
    sighting
        .blockers
        .iter()
        .map(|b| json!({"hex": s.label(b.hex), "reason": b.reason, "rule": b.rule}))
        .collect()
}

pub fn los(
    file: &Path,
    from: &str,
    to: &str,
    rulesets: &Rulesets,
    as_json: bool,
) -> Result<i32, CliError> {
    let (s, r) = load(file, rulesets)?;
    if s.board.as_freeform().is_some() {
        return super::table::los(&s, r, from, to, as_json);
    }
    let (a, firer) = place(&s, from)?;
    let (b, _) = place(&s, to)?;
    let map = BattleMap::new(&s, r).ok_or_else(|| not_hex(file))?;
    let sighting = map.sight.sight(a, b, firer);
    let (path, grazed) = path_json(&s, &sighting.steps);
    if as_json {
        print_json(&json!({
            "visible": sighting.visible,
            "range": sighting.range,
            "distance": null,
            "path": path,
            "grazed": grazed,
            "blocked_by": blocked_json(&s, &sighting),
            "cover": [],
        }));
        return Ok(0);
    }
    let (la, lb) = (s.label(a), s.label(b));
    println!(
        "{la} {} {lb} at range {}",
        if sighting.visible {
            "sees"
        } else {
            "does not see"
        },
        sighting.range
    );
    if !path.is_empty() {
        println!("  the line crosses {}", path.join(", "));
    }
    for [x, y] in &grazed {
        println!("  it runs along the hexside between {x} and {y}");
    }
    for bl in &sighting.blockers {
        println!(
            "  blocked at {}: {} [{}]",
            s.label(bl.hex),
            bl.reason,
            bl.rule
        );
    }
    Ok(0)
}

fn battle_json(s: &Scenario, b: &Battle) -> Value {
    let mods: Vec<Value> = b
        .modifiers
        .iter()
        .map(|m| {
            let mut v = json!({"source": m.source, "applied": m.counts == Counts::Yes});
            if let Some(d) = m.dice {
                v["dice"] = json!(d);
            }
            if let Some(x) = m.shift {
                v["shift"] = json!(x);
            }
            if let Counts::ReplacedBy(by) = &m.counts {
                v["replaced_by"] = json!(by);
            }
            if let Some(q) = &m.quote {
                v["quote"] = json!(q);
            }
            v
        })
        .collect();
    json!({
        "allowed": b.allowed,
        "reason": b.reason,
        "range": b.range,
        "los": b.los,
        "base_dice": b.base_dice,
        "dice": b.dice,
        "column_shift": b.column_shift,
        "assault_shift": b.assault_shift,
        "dice_factor": b.dice_factor,
        "modifiers": mods,
        "ignore_retreat_flags": b.ignore_retreat_flags,
        "blocked_by": blocked_json(s, &b.sighting),
    })
}

pub fn battle(
    file: &Path,
    attacker: &str,
    target: &str,
    rulesets: &Rulesets,
    as_json: bool,
) -> Result<i32, CliError> {
    let (s, r) = load(file, rulesets)?;
    if s.board.as_freeform().is_some() {
        return super::table::battle(&s, r, attacker, target, as_json);
    }
    let (a, t) = (unit(&s, attacker)?, unit(&s, target)?);
    let map = BattleMap::new(&s, r).ok_or_else(|| not_hex(file))?;
    if !map.by_column_shift() && profile(r, a).is_none() {
        return Err(CliError::new(
            ErrorKind::NoProfile,
            format!(
                "unit class '{}' has no battle profile in {}, so {} has no range or dice to battle with",
                a.class, r.id, a.id
            ),
        ));
    }
    let b = map.battle(a, t);
    if as_json {
        print_json(&battle_json(&s, &b));
        return Ok(0);
    }
    let (ha, ht) = (a.hex.map(|h| s.label(h)), t.hex.map(|h| s.label(h)));
    println!(
        "{} ({}, {}) against {} ({}, {}) at range {}",
        a.id,
        a.class,
        ha.unwrap_or_default(),
        t.id,
        t.class,
        ht.unwrap_or_default(),
        b.range
    );
    if !b.allowed {
        println!(
            "  not allowed: {}",
            b.reason.as_deref().unwrap_or("no reason given")
        );
    }
    if let Some(base) = b.base_dice {
        println!("  base dice {base}");
    }
    for line in b
        .modifiers
        .iter()
        .filter_map(|m| modifier_line(m, &b.modifiers))
    {
        println!("  {line}");
    }
    if let (Some(d), true) = (b.dice, b.allowed) {
        if let Some(f) = b.dice_factor {
            println!("  dice multiplied by {f}, rounded down");
        }
        println!("  rolls {d} dice");
    }
    if let (Some(c), true) = (b.column_shift, b.allowed) {
        println!("  fire combat: {c} column(s) to the left");
    }
    if let Some(c) = b.assault_shift {
        println!("  close assault: {c} column(s) to the left");
    }
    if b.ignore_retreat_flags > 0 {
        println!(
            "  the target may ignore {} retreat flag(s)",
            b.ignore_retreat_flags
        );
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
    let u = unit(&s, id)?;
    on_hex(u)?;
    let map = BattleMap::new(&s, r).ok_or_else(|| not_hex(file))?;
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
    let targets = arcs(&map, u, range, target_class);
    if as_json {
        let list: Vec<Value> = targets
            .iter()
            .map(|t| {
                let mut v =
                    json!({"hex": s.label(t.hex), "range": t.range, "los": t.los, "dice": t.dice});
                if t.shift.is_some() {
                    v["shift"] = json!(t.shift);
                }
                v
            })
            .collect();
        print_json(&json!({"unit": u.id, "targets": list}));
        return Ok(0);
    }
    let seen = targets.iter().filter(|t| t.los).count();
    println!(
        "{} ({}) sees {seen} of {} hexes in reach",
        u.id,
        u.class,
        targets.len()
    );
    for t in targets.iter().filter(|t| t.los) {
        let what = match (t.dice, t.shift) {
            (Some(d), _) => format!("{d} dice"),
            (_, Some(x)) => format!("{x} column(s) left"),
            _ => "no battle".into(),
        };
        println!("  {:<6} range {}  {what}", s.label(t.hex), t.range);
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
        let list = map
            .reachable(u, allowance)
            .map_err(|e| CliError::new(ErrorKind::NoProfile, format!("{e} (--allowance N)")))?;
        let allowance = allowance.or_else(|| map.allowance(u));
        if as_json {
            let reach: Vec<Value> = list
                .iter()
                .map(|x| json!({"hex": s.label(x.hex), "cost": x.cost, "must_stop": x.must_stop}))
                .collect();
            print_json(&json!({"unit": u.id, "allowance": allowance, "reachable": reach}));
            return Ok(0);
        }
        println!(
            "{} ({}) can reach {} hexes with {} movement points",
            u.id,
            u.class,
            list.len(),
            allowance.unwrap_or(0)
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
    if !crate::rules::zoc::has_zones(r) {
        return Err(CliError::new(
            ErrorKind::NoRule,
            format!("ruleset {} has no zones of control", r.id),
        ));
    }
    if !s.sides.iter().any(|x| x.id == side) && !s.units.iter().any(|u| u.side == side) {
        return Err(CliError::new(
            ErrorKind::UnknownSide,
            format!("no side '{side}' in this scenario"),
        ));
    }
    let zones = crate::rules::zoc::Zones::new(&s, r);
    let board = s.board.as_hex().ok_or_else(|| not_hex(file))?;
    let mut hexes: Vec<Hex> = zones.controlled_by(side).collect();
    hexes.sort_by_key(|h| board.reading_order(*h));
    hexes.dedup();
    let labels: Vec<String> = hexes.iter().map(|h| s.label(*h)).collect();
    if as_json {
        print_json(&json!({"side": side, "controlled": labels}));
    } else {
        println!(
            "{side} controls {} hexes: {}",
            labels.len(),
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
                print_json(&json!({"unit": u.id, "charges": [], "reason": why}));
            } else {
                println!("{} ({}) has 0 legal charges: {why}", u.id, u.class);
            }
            return Ok(0);
        }
        let list = crate::rules::charge::charges(map, s, r, u, allowance)
            .map_err(|e| CliError::new(ErrorKind::NotAllowed, e))?;
        if as_json {
            let items: Vec<Value> = list
                .iter()
                .map(|c| {
                    json!({
                        "path": c.path.iter().map(|h| s.label(*h)).collect::<Vec<_>>(),
                        "target": c.target,
                        "morale_modifier": c.morale_modifier,
                        "modifiers": c.modifiers.iter().map(|(w, m)| json!({"source": w, "morale": m})).collect::<Vec<_>>(),
                        "strength_difference": c.strength_difference,
                        "cost": c.cost,
                    })
                })
                .collect();
            print_json(&json!({"unit": u.id, "charges": items}));
            return Ok(0);
        }
        println!("{} ({}) has {} legal charge(s)", u.id, u.class, list.len());
        for line in list.iter().flat_map(|c| charge_lines(c, s)) {
            println!("  {line}");
        }
        Ok(0)
    })
}
