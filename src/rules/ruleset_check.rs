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
use super::module::Entry;
use crate::board::Board;

/// Where a problem is in the text.
#[derive(Debug, Clone, PartialEq)]
pub enum At {
    /// The first quoted occurrence of this text (or the bare word).
    Text(String),
    /// The field `field` (a dotted path) of the kind (or constraint, or modifier)
    /// whose id (or rule, or name) is `owner`.
    Field { owner: String, field: String },
    /// The first occurrence of a key of the ruleset itself.
    Key(&'static str),
}

/// One problem of a ruleset.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// Where in the file it is.
    pub at: At,
    /// What is wrong, naming the entry and field.
    pub message: String,
    /// The entry and field it is about, for an editor to show it beside that field.
    pub place: Place,
}

/// Which entry of a ruleset a problem is about, and which of its fields: a dotted path
/// in the entry as it is written (`movement.cost`, `check.terrain`,
/// `line_of_sight.valley`); empty for the entry as a whole. No entry: the ruleset as a
/// whole.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Place {
    /// The entry; `None`: the ruleset as a whole.
    pub entry: Option<Entry>,
    /// The dotted path of the field in the entry; empty: the entry as a whole.
    pub field: String,
}

impl Place {
    /// The place of `field` in `entry`.
    pub fn new(entry: Entry, field: impl Into<String>) -> Self {
        Place {
            entry: Some(entry),
            field: field.into(),
        }
    }

    fn kind(list: KindList, id: &str, field: impl Into<String>) -> Self {
        Place::new(Entry::Kind(list, id.to_string()), field)
    }
}

/// A kind id named somewhere: of which list, who names it, and at which field.
pub(crate) struct Ref {
    pub list: KindList,
    pub id: String,
    pub whose: String,
    pub place: Place,
}

/// The path of the first string in `v` equal to `text`, from `prefix` (a check's
/// parameter naming a kind the check's mechanism reported).
fn path_of(v: &serde_json::Value, text: &str, prefix: &str) -> Option<String> {
    match v {
        serde_json::Value::String(s) if s == text => Some(prefix.to_string()),
        serde_json::Value::Array(items) => items.iter().find_map(|x| path_of(x, text, prefix)),
        serde_json::Value::Object(map) => map.iter().find_map(|(k, x)| {
            let p = if prefix.is_empty() {
                k.clone()
            } else {
                format!("{prefix}.{k}")
            };
            path_of(x, text, &p)
        }),
        _ => None,
    }
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

fn problem(at: At, message: String, place: Place) -> Problem {
    Problem { at, message, place }
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
            Place::new(Entry::Board, "id"),
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
                    Place::kind(list, &kind.id, "id"),
                ));
            }
            if !seen.insert(kind.id.as_str()) {
                out.push(problem(
                    At::Text(kind.id.clone()),
                    format!("{} '{}' is defined twice", list.noun(), kind.id),
                    Place::kind(list, &kind.id, "id"),
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
            Place::new(Entry::Board, "default_terrain"),
        )),
        (_, Some(t)) if r.kind(KindList::Terrain, t).is_none() => out.push(problem(
            At::Text(t.clone()),
            format!("default_terrain '{t}' is not one of the ruleset's terrains"),
            Place::new(Entry::Board, "default_terrain"),
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
            Place::new(Entry::Board, "field_step"),
        ));
    }
}

/// Every id an effect, a constraint, a modifier or a mechanism names is defined.
fn references(r: &Ruleset, out: &mut Vec<Problem>) {
    let mut refs = kind_refs(r);
    let mut rules = HashSet::new();
    for (i, c) in r.constraints.iter().enumerate() {
        let entry = Entry::Check(i);
        if !rules.insert(c.rule.as_str()) {
            out.push(problem(
                At::Text(c.rule.clone()),
                format!("constraint '{}' is defined twice", c.rule),
                Place::new(entry.clone(), "rule"),
            ));
        }
        board_fits(r, i, c, out);
        // The mechanism names its kinds and problems by text: each is placed at the
        // parameter that holds that text.
        let (mut named, from) = (Vec::new(), out.len());
        c.check.mechanism().check(&mut LoadCheck {
            r,
            rule: &c.rule,
            refs: &mut named,
            out,
        });
        let params = serde_json::to_value(&c.check).unwrap_or_default();
        let place = |text: &str| {
            let field = path_of(&params, text, "check").unwrap_or_default();
            Place::new(entry.clone(), field)
        };
        for p in &mut out[from..] {
            if let At::Text(t) = &p.at {
                p.place = place(t);
            } else {
                p.place = Place::new(entry.clone(), "");
            }
        }
        for (list, id, whose) in named {
            let place = place(&id);
            refs.push(Ref {
                list,
                id,
                whose,
                place,
            });
        }
    }
    for Ref {
        list,
        id,
        whose,
        place,
    } in refs
    {
        if r.kind(list, &id).is_none() {
            out.push(problem(
                At::Text(id.clone()),
                format!("{whose}: unknown {} '{id}'", list.noun()),
                place,
            ));
        }
    }
}

/// Every kind id that a kind, a modifier or zones of control names (a check's are its
/// mechanism's to say), typed by the list it must be of, with the field that names it.
pub(crate) fn kind_refs(r: &Ruleset) -> Vec<Ref> {
    let mut refs: Vec<Ref> = Vec::new();
    let mut add = |list: KindList, id: &String, whose: &str, place: Place| {
        if list != KindList::UnitClass || id != "*" {
            refs.push(Ref {
                list,
                id: id.clone(),
                whose: whose.to_string(),
                place,
            });
        }
    };
    for list in KindList::ALL {
        for k in r.kinds(list) {
            // Read as the file writes it: every field, those its list lacks unset.
            let k = &k.text();
            let mut effects = vec![("", &k.movement, &k.battle)];
            if let Some(g) = &k.large_group {
                effects.push(("large_group.", &g.movement, &g.battle));
            }
            for (prefix, m, b) in effects {
                let lists = [
                    ("movement.cost", m.cost.keys().collect::<Vec<_>>()),
                    ("movement.prohibited", m.prohibited.iter().collect()),
                    ("movement.must_stop", m.must_stop.iter().collect()),
                    (
                        "battle.no_battle_after_move",
                        b.no_battle_after_move.iter().collect(),
                    ),
                    (
                        "battle.overrides.classes",
                        b.overrides.iter().flat_map(|o| &o.classes).collect(),
                    ),
                    (
                        "battle.range_extensions.classes",
                        b.range_extensions.iter().flat_map(|o| &o.classes).collect(),
                    ),
                    ("battle.fire_shift", b.fire_shift.keys().collect()),
                    ("battle.assault_shift", b.assault_shift.keys().collect()),
                ];
                for (field, ids) in lists {
                    for id in ids {
                        let place = Place::kind(list, &k.id, format!("{prefix}{field}"));
                        add(KindList::UnitClass, id, &k.id, place);
                    }
                }
            }
            let classes = [
                (
                    "sight.see_over_adjacent_friends",
                    k.sight.see_over_adjacent_friends.iter().collect::<Vec<_>>(),
                ),
                ("table.half_rate", k.table.half_rate.iter().collect()),
                ("table.prohibited", k.table.prohibited.iter().collect()),
                ("table.roads_only", k.table.roads_only.iter().collect()),
                ("table.no_stop", k.table.no_stop.iter().collect()),
                ("table.no_charge", k.table.no_charge.iter().collect()),
                (
                    "table.charge_half_rate",
                    k.table.charge_half_rate.iter().collect(),
                ),
                ("table.road_move", k.table.road_move.keys().collect()),
            ];
            for (field, ids) in classes {
                for id in ids {
                    add(
                        KindList::UnitClass,
                        id,
                        &k.id,
                        Place::kind(list, &k.id, field),
                    );
                }
            }
        }
    }
    for (i, m) in r.modifiers.iter().enumerate() {
        for (field, ids) in [("attacker", &m.attacker), ("target", &m.target)] {
            for id in ids {
                let place = Place::new(Entry::Modifier(i), field);
                add(KindList::UnitClass, id, &m.name, place);
            }
        }
    }
    if let Some(z) = &r.zones_of_control {
        for e in &z.exceptions {
            let fields = [
                ("classes", &e.classes),
                ("unless_controlled_by", &e.unless_controlled_by),
                ("not_into", &e.not_into),
            ];
            for (field, ids) in fields {
                for id in ids {
                    let field = format!("zones_of_control.exceptions.{field}");
                    let place = Place::new(Entry::Mechanisms, field);
                    add(KindList::UnitClass, id, "zones_of_control", place);
                }
            }
        }
    }
    for list in KindList::ALL {
        for k in r.kinds(list) {
            let k = &k.text();
            let t = &k.table;
            let kinds = [
                (
                    KindList::Hexside,
                    "movement.negates",
                    k.movement.negates.iter().collect::<Vec<_>>(),
                ),
                (
                    KindList::Terrain,
                    "allowed_on",
                    k.allowed_on.iter().collect(),
                ),
                (
                    KindList::Hexside,
                    "charge.allows_over",
                    k.charge.allows_over.iter().collect(),
                ),
                (
                    KindList::Landmark,
                    "table.auto_bridge",
                    t.auto_bridge.iter().collect(),
                ),
            ];
            let after_lines = [
                (
                    KindList::Terrain,
                    "table.bank_woods.terrain",
                    t.bank_woods.iter().map(|b| &b.terrain).collect::<Vec<_>>(),
                ),
                (
                    KindList::Terrain,
                    "table.destroyed_as",
                    t.destroyed_as.iter().collect(),
                ),
            ];
            for (of, field, ids) in kinds {
                for id in ids {
                    add(of, id, &k.id, Place::kind(list, &k.id, field));
                }
            }
            let lines = [
                ("table.sides_as", t.sides_as.iter().collect::<Vec<_>>()),
                ("table.treat_as", t.treat_as.iter().collect()),
                ("table.on_road", t.on_road.iter().collect()),
                ("table.negates", t.negates.iter().collect()),
            ];
            let except = t
                .bank_woods
                .iter()
                .map(|b| ("table.bank_woods.except", b.except.iter().collect()));
            for (field, ids) in lines.into_iter().chain(except) {
                for l in ids {
                    let of = if r.kind(KindList::Landmark, l).is_some() {
                        KindList::Landmark
                    } else {
                        KindList::Line
                    };
                    add(of, l, &k.id, Place::kind(list, &k.id, field));
                }
            }
            for (of, field, ids) in after_lines {
                for id in ids {
                    add(of, id, &k.id, Place::kind(list, &k.id, field));
                }
            }
        }
    }
    // On a table a unit stands in areas and landmarks, and fire crosses lines.
    let (on_lists, across_list) = if r.is_hex() {
        (&[KindList::Terrain][..], KindList::Hexside)
    } else {
        (&[KindList::Terrain, KindList::Landmark][..], KindList::Line)
    };
    for (i, m) in r.modifiers.iter().enumerate() {
        let at = |field: &str| Place::new(Entry::Modifier(i), field);
        let w = &m.when;
        for (field, ids) in [
            ("when.target_on", &w.target_on),
            ("when.attacker_on", &w.attacker_on),
        ] {
            for t in ids {
                let of = on_lists
                    .iter()
                    .copied()
                    .find(|l| r.kind(*l, t).is_some())
                    .unwrap_or(KindList::Terrain);
                add(of, t, &m.name, at(field));
            }
        }
        for h in &w.across {
            add(across_list, h, &m.name, at("when.across"));
        }
    }
    refs
}

/// A constraint whose mechanism cannot run on the ruleset's board would find nothing,
/// silently.
fn board_fits(r: &Ruleset, i: usize, c: &Constraint, out: &mut Vec<Problem>) {
    let boards = c.check.mechanism().info().boards;
    if boards.runs_on(&r.board) {
        return;
    }
    let mechanism = c.check.name();
    let (runs, board) = (boards.words(), super::mechanism::board_words(&r.board));
    // The hex-or-table wording of before, word for word, where it still applies.
    let only = if matches!(boards, Boards::Hex | Boards::Table) {
        " only"
    } else {
        ""
    };
    out.push(problem(
        At::Text(c.rule.clone()),
        format!(
            "constraint '{}': mechanism '{mechanism}' runs on {runs}{only}, and this ruleset's board is {board}",
            c.rule
        ),
        Place::new(Entry::Check(i), "check.mechanism"),
    ));
}

/// Fields of a kind that need a mechanism the ruleset does not name, and values that do
/// not fit the kind. Which fields a list may set at all is its type's
/// ([`super::kinds`]): a misplaced field never loads.
fn placement(r: &Ruleset, list: KindList, k: &Kind, out: &mut Vec<Problem>) {
    // Read as the file writes it, as the problems name its fields.
    let k = &k.text();
    // `field` is the path in the kind; the message names its last key.
    let push = |field: &str, message: String, out: &mut Vec<Problem>| {
        let at = At::Field {
            owner: k.id.clone(),
            field: field.to_string(),
        };
        out.push(problem(at, message, Place::kind(list, &k.id, field)));
    };
    let noun = list.noun();
    let rules = &k.sight.rules;
    // Terrain takes every sight rule but the tunnel; a marker only the tunnel.
    let fits = match list {
        KindList::Terrain => !rules.contains(&SightRule::Tunnel),
        _ => rules.iter().all(|x| *x == SightRule::Tunnel),
    };
    if !fits {
        push(
            "sight.rules",
            format!(
                "{noun} '{}': sight rules {} have no effect on a {noun}",
                k.id,
                names(rules.iter().map(|x| x.as_str()))
            ),
            out,
        );
    }
    let two_level = r.line_of_sight.elevation == ElevationSight::TwoLevel;
    for rule in rules {
        let needs = match rule {
            SightRule::Rolling | SightRule::Crest => !two_level,
            SightRule::Shadow => !(two_level && r.line_of_sight.shadows),
            _ => false,
        };
        if needs {
            push(
                "sight.rules",
                format!(
                    "{noun} '{}': the '{rule}' sight rule needs line_of_sight elevation \"two-level\"{}",
                    k.id,
                    if *rule == SightRule::Shadow {
                        " with shadows: true"
                    } else {
                        ""
                    }
                ),
                out,
            );
        }
    }
    let needs = |field: &str, what: &str, out: &mut Vec<Problem>| {
        let key = field.rsplit('.').next().unwrap_or(field);
        let key = if field == "zoc.blocks" { field } else { key };
        push(
            field,
            format!("{noun} '{}': '{key}' needs {what}", k.id),
            out,
        )
    };
    let combat = r.combat;
    let mut battles = vec![("battle.", &k.battle)];
    if let Some(g) = &k.large_group {
        battles.push(("large_group.battle.", &g.battle));
    }
    for (prefix, b) in battles {
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
                needs(&format!("{prefix}{field}"), what, out);
            }
        }
    }
    if r.zones_of_control.is_none() {
        let z = &k.zoc;
        for (set, field) in [
            (z.uncontrolled, "zoc.uncontrolled"),
            (z.exerts_when_empty, "zoc.exerts_when_empty"),
            (z.shelters, "zoc.shelters"),
            (z.blocks, "zoc.blocks"),
        ] {
            if set {
                needs(field, "zones_of_control", out);
            }
        }
    }
    if k.sight.never_blocks && (k.sight.blocks || !k.sight.rules.is_empty()) {
        push(
            "sight.never_blocks",
            format!(
                "{noun} '{}': 'never_blocks' contradicts its other sight effects",
                k.id
            ),
            out,
        );
    }
    if k.battle.front_only && k.facing.is_none() {
        needs("battle.front_only", "a facing", out);
    }
    // The table's parameters of an effect do nothing without the effect.
    let t = &k.table;
    let parameters = [
        (
            k.sight.unless.is_some() && !k.sight.blocks,
            "sight.unless",
            "sight.blocks",
        ),
        (
            t.no_stop_when != super::table::effect::StopWhen::Overlapping && t.no_stop.is_empty(),
            "table.no_stop_when",
            "table.no_stop",
        ),
        (
            t.cover_quote.is_some() && t.cover.is_empty() && t.cover_built_during.is_none(),
            "table.cover_quote",
            "table.cover",
        ),
    ];
    for (_, field, what) in parameters.iter().filter(|p| p.0) {
        needs(field, &format!("'{what}'"), out);
    }
    if let Some(p) = &k.profile {
        if (!p.dice.is_empty() || p.range != 0 || p.attached_general_dice != 0)
            && combat != Some(Combat::Dice)
        {
            needs("profile", "combat: \"dice\" for its range and dice", out);
        }
        if !p.bands.is_empty() && r.is_hex() {
            needs(
                "profile.bands",
                "a freeform table (on hexes dice go by whole hexes)",
                out,
            );
        }
        if !p.bands.is_empty() && p.bands.len() != p.dice.len() {
            push(
                "profile.bands",
                format!(
                    "{noun} '{}': 'bands' gives {} distances for {} dice",
                    k.id,
                    p.bands.len(),
                    p.dice.len()
                ),
                out,
            );
        }
        if p.attaches_in_hex && !p.general {
            needs("profile.attaches_in_hex", "general: true", out);
        }
        if p.attached_general_flags != 0 && combat.is_none() {
            needs("profile.attached_general_flags", "a combat mechanism", out);
        }
        if p.exerts_zoc && r.zones_of_control.is_none() {
            needs("profile.exerts_zoc", "zones_of_control", out);
        }
    }
}

fn names<'a>(it: impl Iterator<Item = &'a str>) -> String {
    it.map(|s| format!("'{s}'")).collect::<Vec<_>>().join(", ")
}

/// The ruleset-level mechanisms' parameters agree with each other.
fn mechanisms(r: &Ruleset, out: &mut Vec<Problem>) {
    super::models::check_parameters(r, out);
    for (i, m) in r.modifiers.iter().enumerate() {
        let push = |field: &str, message: String, out: &mut Vec<Problem>| {
            let at = At::Field {
                owner: m.name.clone(),
                field: field.to_string(),
            };
            out.push(problem(at, message, Place::new(Entry::Modifier(i), field)));
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
                Place::new(Entry::Modifier(i), ""),
            ));
        }
        if (m.dice.is_some() || m.factor.is_some()) && r.combat != Some(Combat::Dice) {
            let field = if m.dice.is_some() { "dice" } else { "factor" };
            push(
                field,
                format!("modifier '{}': '{field}' needs combat: \"dice\"", m.name),
                out,
            );
        }
        if m.shift.is_some() && r.combat != Some(Combat::ColumnShift) {
            push(
                "shift",
                format!(
                    "modifier '{}': 'shift' needs combat: \"column-shift\"",
                    m.name
                ),
                out,
            );
        }
        if m.factor.is_some() && m.effect == super::modifier::Effect::Replaces {
            push(
                "effect",
                format!("modifier '{}': a factor cannot replace the dice", m.name),
                out,
            );
        }
        if m.when.uphill && m.when.downhill {
            push(
                "when.downhill",
                format!(
                    "modifier '{}': uphill and downhill cannot both hold",
                    m.name
                ),
                out,
            );
        }
    }
    // Each model's own checks (`rules::models`): its boards, its limits.
    super::models::check_against(r, out);
    if !r.is_hex() {
        for (i, m) in r.modifiers.iter().enumerate() {
            if m.when.facing.is_none() {
                continue;
            }
            out.push(problem(
                At::Field {
                    owner: m.name.clone(),
                    field: "when.facing".to_string(),
                },
                format!(
                    "modifier '{}': 'facing' works on hex boards only (a hex's front sides)",
                    m.name
                ),
                Place::new(Entry::Modifier(i), "when.facing"),
            ));
        }
    }
}
