//! What a parsed ruleset must also satisfy: ids well formed, unique and defined where
//! they are named; every field set on a kind one that works with the mechanisms the
//! ruleset names (that it works in the kind's list is the list's type's to say, in
//! `rules::kinds`); each mechanism's parameters consistent.
//! Every problem is collected with where it is, so `sandtable rulesets check` can list
//! them all.

use std::collections::HashSet;

use super::constraint::Constraint;
use super::mechanism::{Boards, LoadCheck};
use super::model::{Combat, ElevationSight, Kind, KindList, Ruleset, SightRule};
use crate::board::Board;

/// Where a problem is in the text.
#[derive(Debug, Clone, PartialEq)]
pub enum At {
    /// The first quoted occurrence of this text (or the bare word).
    Text(String),
    /// The field `field` of the kind (or constraint) whose id (or rule) is `owner`.
    Field { owner: String, field: &'static str },
    /// The first occurrence of a key of the ruleset itself.
    Key(&'static str),
}

/// One problem of a ruleset.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub at: At,
    pub message: String,
}

impl At {
    /// The byte offset in `text`.
    pub fn offset(&self, text: &str) -> Option<usize> {
        match self {
            At::Text(needle) => crate::source::offset_of(text, needle),
            At::Key(key) => find_word(text, key, 0),
            At::Field { owner, field } => {
                // A path (`zoc.blocks`) is found key by key.
                let mut o = definition(text, owner)?;
                for key in field.split('.') {
                    o = find_word(text, key, o).unwrap_or(o);
                }
                Some(o)
            }
        }
    }
}

/// The offset of the quoted `owner` where it is defined: after `id:`, `rule:` (a
/// constraint) or `name:` (a modifier entry).
fn definition(text: &str, owner: &str) -> Option<usize> {
    let quoted = format!("\"{owner}\"");
    let mut from = 0;
    while let Some(i) = text[from..].find(&quoted).map(|i| i + from) {
        let before = text[..i].trim_end().trim_end_matches(':').trim_end();
        let before = before.trim_end_matches('"');
        if ["id", "rule", "name"].iter().any(|k| before.ends_with(k)) {
            return Some(i);
        }
        from = i + quoted.len();
    }
    None
}

/// The offset of the key `word` (quoted or not, followed by `:`) from `from` on.
fn find_word(text: &str, word: &str, from: usize) -> Option<usize> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut at = from;
    while let Some(i) = text.get(at..)?.find(word).map(|i| i + at) {
        let end = i + word.len();
        let before_ok = !text[..i].chars().next_back().is_some_and(ident);
        // A key, not the word in a description or a comment: `word:` or `"word":`.
        let after_ok = text[end..]
            .trim_start_matches('"')
            .trim_start()
            .starts_with(':');
        if before_ok && after_ok {
            return Some(i);
        }
        at = end;
    }
    None
}

/// Every problem of `r`, in the order the file is best read: ids, references, the
/// default terrain, then the fields and mechanisms.
pub fn problems(r: &Ruleset) -> Vec<Problem> {
    let mut out = Vec::new();
    ids(r, &mut out);
    references(r, &mut out);
    default_terrain(r, &mut out);
    field_step(r, &mut out);
    for list in KindList::ALL {
        for k in r.kinds(list) {
            placement(r, list, k, &mut out);
        }
    }
    mechanisms(r, &mut out);
    out
}

fn problem(at: At, message: String) -> Problem {
    Problem { at, message }
}

fn well_formed(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn ids(r: &Ruleset, out: &mut Vec<Problem>) {
    if !well_formed(&r.id) {
        out.push(problem(
            At::Text(r.id.clone()),
            format!(
                "ruleset id '{}' must be lower case words joined by '-'",
                r.id
            ),
        ));
    }
    for list in KindList::ALL {
        let mut seen = HashSet::new();
        for kind in r.kinds(list) {
            if !well_formed(&kind.id) {
                out.push(problem(
                    At::Text(kind.id.clone()),
                    format!(
                        "{} id '{}' must be lower case words joined by '-'",
                        list.noun(),
                        kind.id
                    ),
                ));
            }
            if !seen.insert(kind.id.as_str()) {
                out.push(problem(
                    At::Text(kind.id.clone()),
                    format!("{} '{}' is defined twice", list.noun(), kind.id),
                ));
            }
        }
    }
}

fn default_terrain(r: &Ruleset, out: &mut Vec<Problem>) {
    match (&r.board, &r.default_terrain) {
        (Board::Hex(_), None) => out.push(problem(
            At::Text(r.id.clone()),
            "a hex ruleset needs a default_terrain".to_string(),
        )),
        (_, Some(t)) if r.kind(KindList::Terrain, t).is_none() => out.push(problem(
            At::Text(t.clone()),
            format!("default_terrain '{t}' is not one of the ruleset's terrains"),
        )),
        _ => {}
    }
}

/// A table's field step is a distance: a positive number.
fn field_step(r: &Ruleset, out: &mut Vec<Problem>) {
    if let Some(step) = r.field_step.filter(|s| !(s.is_finite() && *s > 0.0)) {
        out.push(problem(
            At::Key("field_step"),
            format!("field_step {step} must be a positive number of board units"),
        ));
    }
}

/// Every id an effect, a constraint, a modifier or a mechanism names is defined.
fn references(r: &Ruleset, out: &mut Vec<Problem>) {
    let mut refs: Vec<(KindList, String, String)> = Vec::new();
    let mut class = |id: &String, whose: &str| {
        if id != "*" {
            refs.push((KindList::UnitClass, id.clone(), whose.to_string()));
        }
    };
    for list in KindList::ALL {
        for k in r.kinds(list) {
            let mut effects = vec![(&k.movement, &k.battle)];
            if let Some(g) = &k.large_group {
                effects.push((&g.movement, &g.battle));
            }
            for (m, b) in effects {
                let lists = [
                    m.cost.keys().collect::<Vec<_>>(),
                    m.prohibited.iter().collect(),
                    m.must_stop.iter().collect(),
                    b.no_battle_after_move.iter().collect(),
                    b.overrides.iter().flat_map(|o| &o.classes).collect(),
                    b.range_extensions.iter().flat_map(|o| &o.classes).collect(),
                    b.fire_shift.keys().collect(),
                    b.assault_shift.keys().collect(),
                ];
                for id in lists.into_iter().flatten() {
                    class(id, &k.id);
                }
            }
            for id in &k.sight.see_over_adjacent_friends {
                class(id, &k.id);
            }
            for id in k.table.classes() {
                class(id, &k.id);
            }
        }
    }
    for m in &r.modifiers {
        for id in m.attacker.iter().chain(&m.target) {
            class(id, &m.name);
        }
    }
    if let Some(z) = &r.zones_of_control {
        for e in &z.exceptions {
            for id in e
                .classes
                .iter()
                .chain(&e.unless_controlled_by)
                .chain(&e.not_into)
            {
                class(id, "zones_of_control");
            }
        }
    }
    for list in KindList::ALL {
        for k in r.kinds(list) {
            for n in &k.movement.negates {
                refs.push((KindList::Hexside, n.clone(), k.id.clone()));
            }
            for t in &k.allowed_on {
                refs.push((KindList::Terrain, t.clone(), k.id.clone()));
            }
            for h in &k.charge.allows_over {
                refs.push((KindList::Hexside, h.clone(), k.id.clone()));
            }
            let t = &k.table;
            if let Some(b) = &t.auto_bridge {
                refs.push((KindList::Landmark, b.clone(), k.id.clone()));
            }
            let lines = t.sides_as.iter().chain(&t.treat_as).chain(&t.on_road);
            for l in lines.chain(t.bank_woods.iter().flat_map(|b| &b.except)) {
                let list = if r.kind(KindList::Landmark, l).is_some() {
                    KindList::Landmark
                } else {
                    KindList::Line
                };
                refs.push((list, l.clone(), k.id.clone()));
            }
            if let Some(b) = &t.bank_woods {
                refs.push((KindList::Terrain, b.terrain.clone(), k.id.clone()));
            }
            if let Some(d) = &t.destroyed_as {
                refs.push((KindList::Terrain, d.clone(), k.id.clone()));
            }
        }
    }
    // On a table a unit stands in areas and landmarks, and fire crosses lines.
    let (on_lists, across_list) = if r.is_hex() {
        (&[KindList::Terrain][..], KindList::Hexside)
    } else {
        (&[KindList::Terrain, KindList::Landmark][..], KindList::Line)
    };
    for m in &r.modifiers {
        let w = &m.when;
        for t in w.target_on.iter().chain(&w.attacker_on) {
            let list = on_lists
                .iter()
                .copied()
                .find(|l| r.kind(*l, t).is_some())
                .unwrap_or(KindList::Terrain);
            refs.push((list, t.clone(), m.name.clone()));
        }
        for h in &w.across {
            refs.push((across_list, h.clone(), m.name.clone()));
        }
    }
    let mut rules = HashSet::new();
    for c in &r.constraints {
        if !rules.insert(c.rule.as_str()) {
            out.push(problem(
                At::Text(c.rule.clone()),
                format!("constraint '{}' is defined twice", c.rule),
            ));
        }
        board_fits(r, c, out);
        c.check.mechanism().check(&mut LoadCheck {
            r,
            rule: &c.rule,
            refs: &mut refs,
            out,
        });
    }
    for (list, id, whose) in refs {
        if r.kind(list, &id).is_none() {
            out.push(problem(
                At::Text(id.clone()),
                format!("{whose}: unknown {} '{id}'", list.noun()),
            ));
        }
    }
}

/// A constraint whose mechanism cannot run on the ruleset's board would find nothing,
/// silently.
fn board_fits(r: &Ruleset, c: &Constraint, out: &mut Vec<Problem>) {
    let hex = r.board.as_hex().is_some();
    let boards = c.check.mechanism().info().boards;
    if boards.runs_on(hex) {
        return;
    }
    let mechanism = c.check.name();
    let (runs, board) = if boards == Boards::Hex {
        ("hex boards", "a table")
    } else {
        ("tables", "a hex board")
    };
    out.push(problem(
        At::Text(c.rule.clone()),
        format!(
            "constraint '{}': mechanism '{mechanism}' runs on {runs} only, and this ruleset's board is {board}",
            c.rule
        ),
    ));
}

/// Fields of a kind that need a mechanism the ruleset does not name, and values that do
/// not fit the kind. Which fields a list may set at all is its type's
/// ([`super::kinds`]): a misplaced field never loads.
fn placement(r: &Ruleset, list: KindList, k: &Kind, out: &mut Vec<Problem>) {
    let at = |field| At::Field {
        owner: k.id.clone(),
        field,
    };
    let noun = list.noun();
    let rules = &k.sight.rules;
    // Terrain takes every sight rule but the tunnel; a marker only the tunnel.
    let fits = match list {
        KindList::Terrain => !rules.contains(&SightRule::Tunnel),
        _ => rules.iter().all(|x| *x == SightRule::Tunnel),
    };
    if !fits {
        out.push(problem(
            at("rules"),
            format!(
                "{noun} '{}': sight rules {} have no effect on a {noun}",
                k.id,
                names(rules.iter().map(|x| x.as_str()))
            ),
        ));
    }
    let two_level = r.line_of_sight.elevation == ElevationSight::TwoLevel;
    for rule in rules {
        let needs = match rule {
            SightRule::Rolling | SightRule::Crest => !two_level,
            SightRule::Shadow => !(two_level && r.line_of_sight.shadows),
            _ => false,
        };
        if needs {
            out.push(problem(
                at("rules"),
                format!(
                    "{noun} '{}': the '{rule}' sight rule needs line_of_sight elevation \"two-level\"{}",
                    k.id,
                    if *rule == SightRule::Shadow {
                        " with shadows: true"
                    } else {
                        ""
                    }
                ),
            ));
        }
    }
    let needs = |field: &'static str, what: &str, out: &mut Vec<Problem>| {
        out.push(problem(
            at(field),
            format!("{noun} '{}': '{field}' needs {what}", k.id),
        ))
    };
    let combat = r.combat;
    let mut battles = vec![&k.battle];
    if let Some(g) = &k.large_group {
        battles.push(&g.battle);
    }
    for b in battles {
        let dice = [
            (b.target_dice != 0, "target_dice"),
            (b.attacker_dice != 0, "attacker_dice"),
            (!b.no_battle_after_move.is_empty(), "no_battle_after_move"),
            (!b.overrides.is_empty(), "overrides"),
            (b.uphill_target_dice != 0, "uphill_target_dice"),
            (b.across_dice != 0, "across_dice"),
            (!b.range_extensions.is_empty(), "range_extensions"),
        ];
        let shifts = [
            (!b.fire_shift.is_empty(), "fire_shift"),
            (!b.assault_shift.is_empty(), "assault_shift"),
            (b.shift_only_from_below, "shift_only_from_below"),
        ];
        let any = [
            (b.front_only, "front_only"),
            (b.ignore_flags != 0, "ignore_flags"),
        ];
        let wanted = [
            (&dice[..], combat == Some(Combat::Dice), "combat: \"dice\""),
            (
                &shifts[..],
                combat == Some(Combat::ColumnShift),
                "combat: \"column-shift\"",
            ),
            (&any[..], combat.is_some(), "a combat mechanism"),
        ];
        for (fields, named, what) in wanted {
            for (_, field) in fields.iter().filter(|(set, _)| *set && !named) {
                needs(field, what, out);
            }
        }
    }
    if r.zones_of_control.is_none() {
        let z = &k.zoc;
        for (set, field) in [
            (z.uncontrolled, "uncontrolled"),
            (z.exerts_when_empty, "exerts_when_empty"),
            (z.shelters, "shelters"),
            (z.blocks, "zoc.blocks"),
        ] {
            if set {
                needs(field, "zones_of_control", out);
            }
        }
    }
    if k.sight.never_blocks && (k.sight.blocks || !k.sight.rules.is_empty()) {
        out.push(problem(
            at("never_blocks"),
            format!(
                "{noun} '{}': 'never_blocks' contradicts its other sight effects",
                k.id
            ),
        ));
    }
    if k.battle.front_only && k.facing.is_none() {
        needs("front_only", "a facing", out);
    }
    if let Some(p) = &k.profile {
        if (!p.dice.is_empty() || p.range != 0 || p.attached_general_dice != 0)
            && combat != Some(Combat::Dice)
        {
            needs("profile", "combat: \"dice\" for its range and dice", out);
        }
        if !p.bands.is_empty() && r.is_hex() {
            needs(
                "bands",
                "a freeform table (on hexes dice go by whole hexes)",
                out,
            );
        }
        if !p.bands.is_empty() && p.bands.len() != p.dice.len() {
            out.push(problem(
                at("bands"),
                format!(
                    "{noun} '{}': 'bands' gives {} distances for {} dice",
                    k.id,
                    p.bands.len(),
                    p.dice.len()
                ),
            ));
        }
        if p.attaches_in_hex && !p.general {
            needs("attaches_in_hex", "general: true", out);
        }
        if p.attached_general_flags != 0 && combat.is_none() {
            needs("attached_general_flags", "a combat mechanism", out);
        }
        if p.exerts_zoc && r.zones_of_control.is_none() {
            needs("exerts_zoc", "zones_of_control", out);
        }
    }
}

fn names<'a>(it: impl Iterator<Item = &'a str>) -> String {
    it.map(|s| format!("'{s}'")).collect::<Vec<_>>().join(", ")
}

/// The ruleset-level mechanisms' parameters agree with each other.
fn mechanisms(r: &Ruleset, out: &mut Vec<Problem>) {
    let los = &r.line_of_sight;
    let two_level = los.elevation == ElevationSight::TwoLevel;
    for (on, key) in [
        (los.valley, "valley"),
        (los.crests, "crests"),
        (los.shadows, "shadows"),
    ] {
        if on && !two_level {
            out.push(problem(
                At::Key(key),
                format!("line_of_sight: '{key}' needs elevation \"two-level\""),
            ));
        }
    }
    if los.see_over_lower && los.elevation != ElevationSight::Levels {
        out.push(problem(
            At::Key("see_over_lower"),
            "line_of_sight: 'see_over_lower' needs elevation \"levels\"".to_string(),
        ));
    }
    for m in &r.modifiers {
        let at = |field| At::Field {
            owner: m.name.clone(),
            field,
        };
        let amounts = [m.dice.is_some(), m.shift.is_some(), m.factor.is_some()];
        let given = amounts.iter().filter(|x| **x).count();
        // A table that counts no dice lists benefits the wider rules weigh: an entry
        // with no amount (PBS's "Cover (B)enefit").
        let benefit = given == 0 && !r.is_hex() && r.combat.is_none();
        if given != 1 && !benefit {
            out.push(problem(
                At::Text(m.name.clone()),
                format!(
                    "modifier '{}' must give exactly one of dice, shift and factor",
                    m.name
                ),
            ));
        }
        if (m.dice.is_some() || m.factor.is_some()) && r.combat != Some(Combat::Dice) {
            let field = if m.dice.is_some() { "dice" } else { "factor" };
            out.push(problem(
                at(field),
                format!("modifier '{}': '{field}' needs combat: \"dice\"", m.name),
            ));
        }
        if m.shift.is_some() && r.combat != Some(Combat::ColumnShift) {
            out.push(problem(
                at("shift"),
                format!(
                    "modifier '{}': 'shift' needs combat: \"column-shift\"",
                    m.name
                ),
            ));
        }
        if m.factor.is_some() && m.effect == super::modifier::Effect::Replaces {
            out.push(problem(
                at("effect"),
                format!("modifier '{}': a factor cannot replace the dice", m.name),
            ));
        }
        if m.when.uphill && m.when.downhill {
            out.push(problem(
                at("downhill"),
                format!(
                    "modifier '{}': uphill and downhill cannot both hold",
                    m.name
                ),
            ));
        }
    }
    if r.zones_of_control.is_some() && r.unit_classes.len() > 64 {
        out.push(problem(
            At::Key("zones_of_control"),
            "zones_of_control: at most 64 unit classes".to_string(),
        ));
    }
    if !r.is_hex() {
        let hex_only = [
            (r.zones_of_control.is_some(), "zones_of_control"),
            (!los.is_default(), "line_of_sight"),
        ];
        for (on, key) in hex_only {
            if on {
                out.push(problem(
                    At::Key(key),
                    format!("'{key}' works on hex boards only; this ruleset's board is freeform"),
                ));
            }
        }
        // Tables count dice (combat "dice" and its modifiers); a fire table's columns
        // are read by hex.
        if r.combat == Some(Combat::ColumnShift) {
            out.push(problem(
                At::Key("combat"),
                "combat \"column-shift\" works on hex boards only; a freeform table counts dice (\"dice\")".to_string(),
            ));
        }
        for m in r.modifiers.iter().filter(|m| m.when.facing.is_some()) {
            out.push(problem(
                At::Field {
                    owner: m.name.clone(),
                    field: "facing",
                },
                format!(
                    "modifier '{}': 'facing' works on hex boards only (a hex's front sides)",
                    m.name
                ),
            ));
        }
    }
}
