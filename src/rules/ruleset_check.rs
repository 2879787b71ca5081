//! What a parsed ruleset must also satisfy: ids well formed, unique and defined where
//! they are named; every field set on a kind one that works in the kind's list and
//! with the mechanisms the ruleset names; each mechanism's parameters consistent.
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

/// A field that is set on a kind, by the name written in the file.
fn set_fields(k: &Kind) -> Vec<&'static str> {
    let (m, b, s, z, c) = (&k.movement, &k.battle, &k.sight, &k.zoc, &k.charge);
    let mut f = Vec::new();
    let mut put = |on: bool, name: &'static str| {
        if on {
            f.push(name);
        }
    };
    put(!m.cost.is_empty(), "cost");
    put(!m.prohibited.is_empty(), "prohibited");
    put(!m.must_stop.is_empty(), "must_stop");
    put(m.along.is_some(), "along");
    put(m.all_road_bonus != 0, "all_road_bonus");
    put(m.free_at_turn_start, "free_at_turn_start");
    put(m.jump_penalty, "jump_penalty");
    put(!m.negates.is_empty(), "negates");
    put(m.climb_cost.is_some(), "climb_cost");
    put(b.target_dice != 0, "target_dice");
    put(b.attacker_dice != 0, "attacker_dice");
    put(b.front_only, "front_only");
    put(b.ignore_flags != 0, "ignore_flags");
    put(!b.no_battle_after_move.is_empty(), "no_battle_after_move");
    put(!b.overrides.is_empty(), "overrides");
    put(b.uphill_target_dice != 0, "uphill_target_dice");
    put(b.across_dice != 0, "across_dice");
    put(!b.range_extensions.is_empty(), "range_extensions");
    put(!b.fire_shift.is_empty(), "fire_shift");
    put(!b.assault_shift.is_empty(), "assault_shift");
    put(b.shift_only_from_below, "shift_only_from_below");
    put(b.per_other_terrain, "per_other_terrain");
    put(s.blocks, "blocks");
    put(
        !s.see_over_adjacent_friends.is_empty(),
        "see_over_adjacent_friends",
    );
    put(s.never_blocks, "never_blocks");
    put(z.uncontrolled, "uncontrolled");
    put(z.blocks, "blocks");
    put(z.exerts_when_empty, "exerts_when_empty");
    put(z.shelters, "shelters");
    put(c.crossable, "crossable");
    put(c.no_target, "no_target");
    put(c.forbidden, "forbidden");
    put(c.morale != 0, "morale");
    put(c.morale_downhill != 0, "morale_downhill");
    put(!c.allows_over.is_empty(), "allows_over");
    put(k.facing.is_some(), "facing");
    put(!k.allowed_on.is_empty(), "allowed_on");
    put(k.large_group.is_some(), "large_group");
    put(k.profile.is_some(), "profile");
    put(!k.table.is_default(), "table");
    f
}

/// The fields each list's kinds may set (names as written; `blocks` covers both
/// `sight.blocks` and `zoc.blocks`, told apart below).
fn allowed(list: KindList, hex: bool) -> &'static [&'static str] {
    if !hex {
        return match list {
            KindList::UnitClass => &["profile", "table"],
            KindList::Terrain | KindList::Line | KindList::Landmark => &["table"],
            _ => &[],
        };
    }
    match list {
        KindList::Terrain => &[
            "cost",
            "climb_cost",
            "prohibited",
            "must_stop",
            "target_dice",
            "attacker_dice",
            "front_only",
            "ignore_flags",
            "no_battle_after_move",
            "overrides",
            "uphill_target_dice",
            "across_dice",
            "range_extensions",
            "fire_shift",
            "assault_shift",
            "shift_only_from_below",
            "blocks",
            "see_over_adjacent_friends",
            "never_blocks",
            "uncontrolled",
            "exerts_when_empty",
            "shelters",
            "crossable",
            "no_target",
            "facing",
            "large_group",
        ],
        KindList::Hexside => &[
            "cost",
            "prohibited",
            "must_stop",
            "negates",
            "target_dice",
            "ignore_flags",
            "fire_shift",
            "assault_shift",
            "blocks",
            "forbidden",
            "morale",
            "morale_downhill",
            "allows_over",
        ],
        KindList::Token => &[
            "must_stop",
            "target_dice",
            "front_only",
            "ignore_flags",
            "facing",
            "allowed_on",
        ],
        KindList::Marker => &[
            "target_dice",
            "ignore_flags",
            "fire_shift",
            "assault_shift",
            "allowed_on",
        ],
        KindList::Road => &[
            "along",
            "all_road_bonus",
            "free_at_turn_start",
            "jump_penalty",
            "per_other_terrain",
        ],
        KindList::UnitClass => &["profile"],
        KindList::Line | KindList::Landmark => &[],
    }
}

const DICE_FIELDS: [&str; 7] = [
    "target_dice",
    "attacker_dice",
    "no_battle_after_move",
    "overrides",
    "uphill_target_dice",
    "across_dice",
    "range_extensions",
];
const SHIFT_FIELDS: [&str; 3] = ["fire_shift", "assault_shift", "shift_only_from_below"];
const ZOC_FIELDS: [&str; 3] = ["uncontrolled", "exerts_when_empty", "shelters"];

/// Fields that do nothing where they are set, or that need a mechanism the ruleset
/// does not name.
fn placement(r: &Ruleset, list: KindList, k: &Kind, out: &mut Vec<Problem>) {
    let allowed = allowed(list, r.is_hex());
    let mut fields = set_fields(k);
    // `blocks` is both `sight.blocks` and `zoc.blocks`: only hexsides block zones, and
    // only terrain blocks sight.
    let sight_blocks = k.sight.blocks;
    let zoc_blocks = k.zoc.blocks;
    fields.retain(|f| *f != "blocks");
    let at = |field| At::Field {
        owner: k.id.clone(),
        field,
    };
    let noun = list.noun();
    let misplaced = |field: &'static str, out: &mut Vec<Problem>| {
        out.push(problem(
            at(field),
            format!(
                "{noun} '{}': '{field}' has no effect on a {noun}{}",
                k.id,
                if r.is_hex() {
                    ""
                } else {
                    " of a freeform table"
                }
            ),
        ))
    };
    for f in &fields {
        if !allowed.contains(f) {
            misplaced(f, out);
        }
    }
    // On a table, areas, lines and landmarks may block sight as terrain does on hexes.
    let blocks_here = match list {
        KindList::Terrain => true,
        KindList::Line | KindList::Landmark => !r.is_hex(),
        _ => false,
    };
    if sight_blocks && !blocks_here {
        misplaced("sight.blocks", out);
    }
    if zoc_blocks && !(list == KindList::Hexside && r.is_hex()) {
        misplaced("zoc.blocks", out);
    }
    let rules = &k.sight.rules;
    let markers_only = rules.iter().all(|x| *x == SightRule::Tunnel);
    if !rules.is_empty() {
        let fits = match list {
            KindList::Terrain => !rules.contains(&SightRule::Tunnel),
            KindList::Marker => markers_only,
            _ => false,
        };
        if !fits || !r.is_hex() {
            out.push(problem(
                at("rules"),
                format!(
                    "{noun} '{}': sight rules {} have no effect on a {noun}",
                    k.id,
                    names(rules.iter().map(|x| x.as_str()))
                ),
            ));
        }
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
    let mut battle_fields: Vec<&'static str> = fields.clone();
    if let Some(g) = &k.large_group {
        // The large row replaces the kind's movement cost and column shifts; its other
        // fields would be read nowhere.
        let row = Kind {
            id: k.id.clone(),
            name: k.name.clone(),
            colour: k.colour,
            icon: None,
            pattern: None,
            description: String::new(),
            movement: g.movement.clone(),
            battle: g.battle.clone(),
            sight: Default::default(),
            facing: None,
            allowed_on: Vec::new(),
            zoc: Default::default(),
            charge: Default::default(),
            large_group: None,
            profile: None,
            table: Default::default(),
        };
        let inner = set_fields(&row);
        for f in &inner {
            if ![
                "cost",
                "fire_shift",
                "assault_shift",
                "shift_only_from_below",
            ]
            .contains(f)
            {
                out.push(problem(
                    at(f),
                    format!(
                        "{noun} '{}': '{f}' has no effect in a large_group (its row gives cost and shifts only)",
                        k.id
                    ),
                ));
            }
        }
        battle_fields.extend(inner);
    }
    for f in battle_fields {
        if DICE_FIELDS.contains(&f) && combat != Some(Combat::Dice) {
            needs(f, "combat: \"dice\"", out);
        }
        if SHIFT_FIELDS.contains(&f) && combat != Some(Combat::ColumnShift) {
            needs(f, "combat: \"column-shift\"", out);
        }
        if ["ignore_flags", "front_only"].contains(&f) && combat.is_none() {
            needs(f, "a combat mechanism", out);
        }
        if ZOC_FIELDS.contains(&f) && r.zones_of_control.is_none() {
            needs(f, "zones_of_control", out);
        }
    }
    if zoc_blocks && r.zones_of_control.is_none() {
        needs("zoc.blocks", "zones_of_control", out);
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
        if amounts.iter().filter(|x| **x).count() != 1 {
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
