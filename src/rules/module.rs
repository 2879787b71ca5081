//! A module as the designer's module editor changes it: a ruleset and what its entries
//! are (the tree's sections), with the edits that are more than setting a field (a new
//! kind, a kind renamed in the ruleset and in the map, what uses a kind, copy and paste
//! as RON text). Every edit returns a new ruleset read back through the file's reader,
//! so an edited module holds only what a file could say.

use std::path::Path;

use serde_json::Value;

use super::kinds::Effects;
use super::mechanism::ParamType;
use super::model::{Colour, Kind, KindList, Ruleset};
/// A problem of the module, with the entry and field it is about.
pub use super::{Place, Problem};
use super::{constraint::Constraint, modifier::ModifierEntry};
use crate::scenario::edit::{Edit, Feature};
use crate::scenario::{HexsideAttrs, Scenario};
use crate::source::{SourceError, TextFormat};

/// Why a module edit does not apply; the module is left as it was.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ModuleError {
    /// The edited module would not load (the reader's message).
    #[error("{0}")]
    WouldNotLoad(String),
    /// Pasted text that is not one entry of the kind expected.
    #[error("the clipboard holds no {what}: {why}")]
    NotAnEntry {
        /// The kind of entry expected.
        what: &'static str,
        /// Why the text is not one.
        why: String,
    },
    /// A new id that is not one (as given).
    #[error("'{0}' is not an id: use lower case letters, digits and '-'")]
    BadId(String),
    /// A new id that another entry of the list has.
    #[error("the {noun} '{id}' exists already")]
    Taken {
        /// What the entry is ("terrain").
        noun: &'static str,
        /// The id.
        id: String,
    },
    /// An id no entry of the list has.
    #[error("there is no {noun} '{id}'")]
    NoSuch {
        /// What the entry is ("terrain").
        noun: &'static str,
        /// The id.
        id: String,
    },
}

/// One entry of the editor's tree.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Entry {
    /// The ruleset's id, name, board preset and default terrain.
    Board,
    /// The default sides with their colours.
    Sides,
    /// A kind of a list, by id.
    Kind(KindList, String),
    /// The mechanisms the ruleset names (combat, sight model, zones of control, climb).
    Mechanisms,
    /// A battle modifier, by position.
    Modifier(usize),
    /// A constraint, by position.
    Check(usize),
}

/// The lists of kinds a board has, in the tree's order (a table has no hexsides,
/// tokens, markers or roads; a hex board no lines or landmarks).
pub fn lists(r: &Ruleset) -> Vec<KindList> {
    let hex = r.is_hex();
    KindList::ALL
        .into_iter()
        .filter(|l| match l {
            KindList::Hexside | KindList::Token | KindList::Marker | KindList::Road => hex,
            KindList::Line | KindList::Landmark => !hex,
            KindList::Terrain | KindList::UnitClass => true,
        })
        .collect()
}

/// What the tree calls a list.
pub fn list_title(list: KindList, hex: bool) -> &'static str {
    match list {
        KindList::Terrain if hex => "Terrain",
        KindList::Terrain => "Areas",
        KindList::Hexside => "Hexside features",
        KindList::Token => "Tokens",
        KindList::Marker => "Markers",
        KindList::Road => "Roads",
        KindList::Line => "Lines",
        KindList::Landmark => "Landmarks",
        KindList::UnitClass => "Unit classes",
    }
}

/// Every entry of the module, in the tree's order.
pub fn entries(r: &Ruleset) -> Vec<Entry> {
    let mut out = vec![Entry::Board, Entry::Sides];
    for list in lists(r) {
        out.extend(
            r.kinds(list)
                .iter()
                .map(|k| Entry::Kind(list, k.id.clone())),
        );
    }
    out.push(Entry::Mechanisms);
    out.extend((0..r.modifiers.len()).map(Entry::Modifier));
    out.extend((0..r.constraints.len()).map(Entry::Check));
    out
}

/// The entry as data (what search reads and copy writes).
pub fn entry_value(r: &Ruleset, entry: &Entry) -> Value {
    let json = |v: &dyn erased::Ser| v.to_value();
    match entry {
        Entry::Board => serde_json::json!({
            "id": r.id, "name": r.name, "source": r.source, "description": r.description,
            "board": json(&r.board), "default_terrain": r.default_terrain,
            "field_step": r.field_step, "flank_sectors": r.flank_sectors,
            "layout": json(&r.layout),
        }),
        Entry::Sides => json(&r.sides),
        Entry::Kind(list, id) => r.kind(*list, id).map_or(Value::Null, |k| json(k)),
        Entry::Mechanisms => serde_json::json!({
            "climb_cost": r.climb_cost, "combat": json(&r.combat),
            "line_of_sight": json(&r.line_of_sight),
            "zones_of_control": json(&r.zones_of_control),
            "square_moves": json(&r.square_moves),
        }),
        Entry::Modifier(i) => r.modifiers.get(*i).map_or(Value::Null, |m| json(m)),
        Entry::Check(i) => r.constraints.get(*i).map_or(Value::Null, |c| json(c)),
    }
}

/// Serialising through a trait object, so [`entry_value`] reads as one table.
mod erased {
    pub trait Ser {
        fn to_value(&self) -> serde_json::Value;
    }
    impl<T: serde::Serialize> Ser for T {
        fn to_value(&self) -> serde_json::Value {
            serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
        }
    }
}

/// Whether the entry matches what was typed in the tree's search field: its id, name,
/// a field's name or value, or its rule quote (case ignored; empty matches all).
pub fn matches(r: &Ruleset, entry: &Entry, query: &str) -> bool {
    let q = query.trim().to_lowercase();
    if q.is_empty() {
        return true;
    }
    let label = label(r, entry).to_lowercase();
    label.contains(&q)
        || entry_value(r, entry)
            .to_string()
            .to_lowercase()
            .contains(&q)
}

/// The entry's line in the tree.
pub fn label(r: &Ruleset, entry: &Entry) -> String {
    match entry {
        Entry::Board => format!("Board: {}", r.name),
        Entry::Sides => "Sides".into(),
        Entry::Kind(list, id) => match r.kind(*list, id) {
            Some(k) if k.name != k.id => format!("{} ({})", k.name, k.id),
            _ => id.clone(),
        },
        Entry::Mechanisms => "Mechanisms".into(),
        Entry::Modifier(i) => r
            .modifiers
            .get(*i)
            .map_or_else(String::new, |m| m.name.clone()),
        Entry::Check(i) => r
            .constraints
            .get(*i)
            .map_or_else(String::new, |c| c.rule.clone()),
    }
}

/// A copy of `r` under a new id and name (Start from a built-in), drawing the icon
/// files of its own that `r` draws.
pub fn copy_of(r: &Ruleset, id: &str, name: &str) -> Result<Ruleset, ModuleError> {
    check_id(id)?;
    super::icon_files::share(&r.id, id);
    let mut copy = r.clone();
    copy.id = id.to_string();
    copy.name = name.to_string();
    Ok(copy)
}

/// The smallest module that loads: one terrain, one unit class, a board of `hex`es or
/// a table.
pub fn empty(id: &str, name: &str, hex: bool) -> Result<Ruleset, ModuleError> {
    check_id(id)?;
    let board = if hex {
        r#"(kind: "hex", orientation: "flat", columns: 12, rows: 9)"#
    } else {
        r#"(kind: "freeform", width: 120.0, height: 80.0, unit: "cm")"#
    };
    let class = if hex {
        r##"(id: "infantry", name: "Infantry", colour: "#3050a0", profile: (range: 1, dice: [1]))"##
    } else {
        r##"(id: "infantry", name: "Infantry", colour: "#3050a0")"##
    };
    let default = if hex {
        r#"default_terrain: "clear", combat: "dice","#
    } else {
        ""
    };
    let text = format!(
        r##"(id: "{id}", name: "{name}", board: {board}, {default}
            terrains: [(id: "clear", name: "Clear", colour: "#e8e4c8")],
            unit_classes: [{class}])"##,
        name = name.replace('"', "'"),
    );
    super::parse_ruleset(&text, Path::new("module.ron"))
        .map_err(|e| ModuleError::WouldNotLoad(e.message))
}

fn check_id(id: &str) -> Result<(), ModuleError> {
    let ok = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(ModuleError::BadId(id.to_string()))
    }
}

/// The module as a RON file says it (File > Save module as).
pub fn to_ron(r: &Ruleset) -> String {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(false)
        .indentor("    ".to_string())
        .extensions(ron::extensions::Extensions::IMPLICIT_SOME);
    ron::ser::to_string_pretty(r, config).unwrap_or_default()
}

/// Reads a module written by [`to_ron`] or by hand; the error names the file, line and
/// column, and the rule.
pub fn from_text(text: &str, path: &Path) -> Result<Ruleset, SourceError> {
    super::parse_ruleset(text, path)
}

/// Reads back a module changed as data, through the file's reader.
fn reread(v: &Value) -> Result<Ruleset, ModuleError> {
    let text = v.to_string();
    super::load::read(&text, TextFormat::Json, Path::new("module.json"))
        .map_err(|e| ModuleError::WouldNotLoad(e.message))
}

fn as_value(r: &Ruleset) -> Value {
    serde_json::to_value(r).unwrap_or(Value::Null)
}

/// A new kind in `list` with a fresh id (`new-terrain`, `new-terrain-2`, ...).
pub fn add_kind(r: &Ruleset, list: KindList) -> (Ruleset, String) {
    let base = format!("new-{}", list.noun().replace(' ', "-"));
    let id = (1..)
        .map(|n| {
            if n == 1 {
                base.clone()
            } else {
                format!("{base}-{n}")
            }
        })
        .find(|id| r.kind(list, id).is_none())
        .unwrap_or(base);
    let mut effects = Effects::none(list, r.is_hex());
    if let Effects::UnitClass(class) = &mut effects {
        class.profile = Some(super::model::Profile {
            range: 1,
            dice: vec![1],
            ..Default::default()
        });
    }
    let kind = Kind {
        id: id.clone(),
        name: format!("New {}", list.noun()),
        colour: Colour([0x90, 0x90, 0x90]),
        icon: None,
        pattern: None,
        description: String::new(),
        effects,
    };
    let mut out = r.clone();
    kinds_mut(&mut out, list).push(kind);
    (out, id)
}

/// A new battle modifier at the end of the list, named "New modifier", with no amount
/// and no condition yet (the module's check says so until one is given). Returns its
/// entry.
pub fn add_modifier(r: &Ruleset) -> (Ruleset, Entry) {
    let mut out = r.clone();
    out.modifiers.push(ModifierEntry {
        name: "New modifier".into(),
        quote: String::new(),
        dice: None,
        shift: None,
        factor: None,
        attacker: Vec::new(),
        target: Vec::new(),
        when: Default::default(),
        effect: super::modifier::Effect::Adds,
    });
    let i = out.modifiers.len() - 1;
    (out, Entry::Modifier(i))
}

/// A new check at the end of the list, with a fresh rule id (`new-check`,
/// `new-check-2`, ...) and the mechanism `placement` (which has no parameters), to be
/// switched in its sheet. Returns its entry.
pub fn add_check(r: &Ruleset) -> Result<(Ruleset, Entry), ModuleError> {
    let rule = (1..)
        .map(|n| match n {
            1 => "new-check".to_string(),
            n => format!("new-check-{n}"),
        })
        .find(|id| r.constraints.iter().all(|c| c.rule != *id))
        .unwrap_or_default();
    let text = format!(r#"(rule: "{rule}", quote: "", check: (mechanism: "placement"))"#);
    paste(r, PasteInto::Checks, &text)
}

/// The list of kinds, to change.
pub fn kinds_mut(r: &mut Ruleset, list: KindList) -> &mut Vec<Kind> {
    match list {
        KindList::Terrain => &mut r.terrains,
        KindList::Hexside => &mut r.hexsides,
        KindList::Token => &mut r.tokens,
        KindList::Marker => &mut r.markers,
        KindList::Road => &mut r.roads,
        KindList::Line => &mut r.lines,
        KindList::Landmark => &mut r.landmarks,
        KindList::UnitClass => &mut r.unit_classes,
    }
}

/// The module without the kind (what still names it is then a problem of the module
/// or a finding on the map, both shown).
pub fn remove_kind(r: &Ruleset, list: KindList, id: &str) -> Ruleset {
    let mut out = r.clone();
    kinds_mut(&mut out, list).retain(|k| k.id != id);
    out
}

/// The module without a kind, a modifier or a check (the board, sides and mechanisms
/// are not removed: the module is returned as it is).
pub fn remove_entry(r: &Ruleset, entry: &Entry) -> Ruleset {
    let mut out = r.clone();
    match entry {
        Entry::Kind(list, id) => return remove_kind(r, *list, id),
        Entry::Modifier(i) if *i < out.modifiers.len() => {
            out.modifiers.remove(*i);
        }
        Entry::Check(i) if *i < out.constraints.len() => {
            out.constraints.remove(*i);
        }
        _ => {}
    }
    out
}

/// The kind renamed, with every place the module names it as a kind of that list
/// (other kinds' fields and per-class tables, modifiers' conditions, zones of control,
/// checks' parameters, the default terrain). The places come from the typed references
/// the load check reads ([`super::ruleset_check::kind_refs`], a check's parameters by
/// the lists their schema names): a kind of another list with the same id, and the
/// fields that name it, keep their own.
pub fn rename_kind(
    r: &Ruleset,
    list: KindList,
    old: &str,
    new: &str,
) -> Result<Ruleset, ModuleError> {
    check_id(new)?;
    let Some(at) = r.kinds(list).iter().position(|k| k.id == old) else {
        return Err(ModuleError::NoSuch {
            noun: list.noun(),
            id: old.into(),
        });
    };
    if old == new {
        return Ok(r.clone());
    }
    if r.kind(list, new).is_some() {
        return Err(ModuleError::Taken {
            noun: list.noun(),
            id: new.into(),
        });
    }
    let mut v = as_value(r);
    for (entry, path) in references(r, list, old) {
        let path: Vec<&str> = path.split('.').collect();
        if let Some(slot) = entry_slot(r, &mut v, &entry) {
            rename_at(slot, &path, old, new);
        }
    }
    if let Some(kind) = v.get_mut(list.key()).and_then(|l| l.get_mut(at)) {
        kind["id"] = Value::String(new.to_string());
    }
    reread(&v)
}

/// Every place the module names `id` as a kind of `list`: the entry and the field
/// (a dotted path from the entry, as [`super::Place`] has it).
pub fn references(r: &Ruleset, list: KindList, id: &str) -> Vec<(Entry, String)> {
    let mut out: Vec<(Entry, String)> = super::ruleset_check::kind_refs(r)
        .into_iter()
        .filter(|x| x.list == list && x.id == id)
        .filter_map(|x| Some((x.place.entry?, x.place.field)))
        .collect();
    let registry = super::mechanism::registry();
    for (i, c) in r.constraints.iter().enumerate() {
        let Some(d) = registry.iter().find(|d| d.name == c.check.name()) else {
            continue;
        };
        let mut params = serde_json::to_value(&c.check).unwrap_or_default();
        for p in &d.params {
            let of_list = match &p.ty {
                ParamType::Kind(lists) | ParamType::Kinds(lists) => lists.contains(&list),
                _ => false,
            };
            // Renamed in a copy, only to see whether the parameter names it.
            if of_list && rename_at(&mut params, &[p.name.as_str()], id, "") {
                out.push((Entry::Check(i), format!("check.{}", p.name)));
            }
        }
    }
    if list == KindList::Terrain && r.default_terrain.as_deref() == Some(id) {
        out.push((Entry::Board, "default_terrain".into()));
    }
    out.dedup();
    out
}

/// Where an entry is in the module's value (the board's and the mechanisms' fields are
/// the module's own).
fn entry_slot<'v>(r: &Ruleset, v: &'v mut Value, entry: &Entry) -> Option<&'v mut Value> {
    match entry {
        Entry::Board | Entry::Mechanisms => Some(v),
        Entry::Sides => v.get_mut("sides"),
        Entry::Kind(list, id) => {
            let i = r.kinds(*list).iter().position(|k| k.id == *id)?;
            v.get_mut(list.key())?.get_mut(i)
        }
        Entry::Modifier(i) => v.get_mut("modifiers")?.get_mut(*i),
        Entry::Check(i) => v.get_mut("constraints")?.get_mut(*i),
    }
}

/// Renames `old` at `path` in `v`: a string equal to it, in a list of ids, or a key of
/// a per-class table; a list met on the way is followed into each item.
/// Whether it was there.
fn rename_at(v: &mut Value, path: &[&str], old: &str, new: &str) -> bool {
    match (v, path.split_first()) {
        (Value::Array(items), _) => {
            // Every item, not only up to the first that names it.
            let mut found = false;
            for x in items {
                found |= rename_at(x, path, old, new);
            }
            found
        }
        (Value::Object(map), Some((key, rest))) => map
            .get_mut(*key)
            .is_some_and(|x| rename_at(x, rest, old, new)),
        (Value::Object(map), None) => match map.remove(old) {
            Some(x) => {
                map.insert(new.to_string(), x);
                true
            }
            None => false,
        },
        (Value::String(s), None) if s == old => {
            *s = new.to_string();
            true
        }
        _ => false,
    }
}

/// The edit that renames a kind where the scenario names it (hexes, hexsides, tokens,
/// markers, roads, units, areas, lines, landmarks); an empty batch when nothing does.
pub fn rename_in_scenario(s: &Scenario, list: KindList, old: &str, new: &str) -> Edit {
    let mut edits = Vec::new();
    match list {
        KindList::Terrain => {
            for (hex, cell) in s.hexes.iter().filter(|(_, c)| c.terrain == old) {
                let mut cell = cell.clone();
                cell.terrain = new.into();
                edits.push(Edit::SetHex {
                    hex: *hex,
                    cell: Some(cell),
                });
            }
            for a in s.areas.iter().filter(|a| a.terrain == old) {
                let mut a = a.clone();
                a.terrain = new.into();
                edits.push(Edit::put(Feature::Area(a)));
            }
        }
        KindList::Marker => {
            for (hex, cell) in s
                .hexes
                .iter()
                .filter(|(_, c)| c.markers.iter().any(|m| m == old))
            {
                let mut cell = cell.clone();
                for m in cell.markers.iter_mut().filter(|m| *m == old) {
                    *m = new.into();
                }
                edits.push(Edit::SetHex {
                    hex: *hex,
                    cell: Some(cell),
                });
            }
        }
        KindList::Hexside => {
            for ((key, kind), attrs) in s.hexsides.iter().filter(|((_, k), _)| k == old) {
                edits.push(Edit::SetHexside {
                    key: *key,
                    kind: kind.clone(),
                    attrs: None,
                });
                edits.push(Edit::SetHexside {
                    key: *key,
                    kind: new.into(),
                    attrs: Some(HexsideAttrs::clone(attrs)),
                });
            }
        }
        KindList::Token => edits.extend(s.tokens.iter().filter(|t| t.kind == old).map(|t| {
            let mut t = t.clone();
            t.kind = new.into();
            Edit::put(Feature::Token(t))
        })),
        KindList::Road => edits.extend(s.roads.iter().filter(|x| x.kind == old).map(|x| {
            let mut x = x.clone();
            x.kind = new.into();
            Edit::put(Feature::Road(x))
        })),
        KindList::Line => edits.extend(s.lines.iter().filter(|x| x.kind == old).map(|x| {
            let mut x = x.clone();
            x.kind = new.into();
            Edit::put(Feature::Line(x))
        })),
        KindList::Landmark => edits.extend(s.landmarks.iter().filter(|x| x.kind == old).map(|x| {
            let mut x = x.clone();
            x.kind = new.into();
            Edit::put(Feature::Landmark(x))
        })),
        KindList::UnitClass => edits.extend(s.units.iter().filter(|u| u.class == old).map(|u| {
            let mut u = u.clone();
            u.class = new.into();
            Edit::put(Feature::Unit(u))
        })),
    }
    Edit::Batch(edits)
}

/// Where a kind is used: in the scenario (how many hexes, which items) and in the
/// module (which entries name it), each a line to show before it is deleted.
pub fn where_used(s: &Scenario, r: &Ruleset, list: KindList, id: &str) -> Vec<String> {
    let mut out = Vec::new();
    let hexes = match list {
        KindList::Terrain => s.hexes.iter().filter(|(_, c)| c.terrain == id).count(),
        KindList::Marker => s
            .hexes
            .iter()
            .filter(|(_, c)| c.markers.iter().any(|m| m == id))
            .count(),
        _ => 0,
    };
    if hexes > 0 {
        out.push(format!("{hexes} hex(es) of the map"));
    }
    let sides = s
        .hexsides
        .keys()
        .filter(|(_, k)| list == KindList::Hexside && k == id)
        .count();
    if sides > 0 {
        out.push(format!("{sides} hexside(s) of the map"));
    }
    let items: Vec<&str> = match list {
        KindList::Terrain => s
            .areas
            .iter()
            .filter(|a| a.terrain == id)
            .map(|a| a.id.as_str())
            .collect(),
        KindList::Token => s
            .tokens
            .iter()
            .filter(|t| t.kind == id)
            .map(|t| t.id.as_str())
            .collect(),
        KindList::Road => s
            .roads
            .iter()
            .filter(|t| t.kind == id)
            .map(|t| t.id.as_str())
            .collect(),
        KindList::Line => s
            .lines
            .iter()
            .filter(|t| t.kind == id)
            .map(|t| t.id.as_str())
            .collect(),
        KindList::Landmark => s
            .landmarks
            .iter()
            .filter(|t| t.kind == id)
            .map(|t| t.id.as_str())
            .collect(),
        KindList::UnitClass => s
            .units
            .iter()
            .filter(|u| u.class == id)
            .map(|u| u.id.as_str())
            .collect(),
        _ => Vec::new(),
    };
    if !items.is_empty() {
        out.push(format!("the map's {}", items.join(", ")));
    }
    let mut named: Vec<Entry> = Vec::new();
    for (entry, _) in references(r, list, id) {
        if !named.contains(&entry) {
            out.push(format!("the module's {}", label(r, &entry)));
            named.push(entry);
        }
    }
    out
}

/// The entry as RON text for the clipboard (a kind, a modifier or a check; other
/// entries copy nothing).
pub fn copy(r: &Ruleset, entry: &Entry) -> Option<String> {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(false)
        .extensions(ron::extensions::Extensions::IMPLICIT_SOME);
    match entry {
        Entry::Kind(list, id) => ron::ser::to_string_pretty(r.kind(*list, id)?, config).ok(),
        Entry::Modifier(i) => ron::ser::to_string_pretty(r.modifiers.get(*i)?, config).ok(),
        Entry::Check(i) => ron::ser::to_string_pretty(r.constraints.get(*i)?, config).ok(),
        _ => None,
    }
}

/// What pasting clipboard text adds where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasteInto {
    /// A kind of this list.
    Kinds(KindList),
    /// A modifier entry.
    Modifiers,
    /// A constraint.
    Checks,
}

/// The module with the pasted entry added at the end of its list; a kind whose id is
/// taken gets a fresh one (`woods-copy`). Returns the new entry too.
pub fn paste(r: &Ruleset, into: PasteInto, text: &str) -> Result<(Ruleset, Entry), ModuleError> {
    let parse = |what: &'static str| -> Result<Value, ModuleError> {
        crate::source::ron_options()
            .from_str::<Value>(text)
            .map_err(|e| ModuleError::NotAnEntry {
                what,
                why: e.to_string(),
            })
    };
    match into {
        PasteInto::Kinds(list) => {
            let mut kind = parse(list.noun())?;
            let Some(fields) = kind.as_object_mut() else {
                return Err(ModuleError::NotAnEntry {
                    what: list.noun(),
                    why: "not a (field: value, ...) entry".into(),
                });
            };
            let mut id = fields
                .get("id")
                .and_then(Value::as_str)
                .unwrap_or("pasted")
                .to_string();
            while r.kind(list, &id).is_some() {
                id.push_str("-copy");
            }
            fields.insert("id".into(), Value::String(id.clone()));
            let mut v = as_value(r);
            if let Some(top) = v.as_object_mut() {
                let items = top
                    .entry(list.key())
                    .or_insert_with(|| Value::Array(Vec::new()));
                if let Value::Array(items) = items {
                    items.push(kind);
                }
            }
            Ok((reread(&v)?, Entry::Kind(list, id)))
        }
        PasteInto::Modifiers => {
            let m: ModifierEntry = crate::source::ron_options().from_str(text).map_err(|e| {
                ModuleError::NotAnEntry {
                    what: "modifier",
                    why: e.to_string(),
                }
            })?;
            let mut out = r.clone();
            out.modifiers.push(m);
            let i = out.modifiers.len() - 1;
            Ok((reread(&as_value(&out))?, Entry::Modifier(i)))
        }
        PasteInto::Checks => {
            let c: Constraint = crate::source::ron_options().from_str(text).map_err(|e| {
                ModuleError::NotAnEntry {
                    what: "check",
                    why: e.to_string(),
                }
            })?;
            let mut out = r.clone();
            out.constraints.push(c);
            let i = out.constraints.len() - 1;
            Ok((reread(&as_value(&out))?, Entry::Check(i)))
        }
    }
}

/// The module with the entry replaced by `value` (as [`entry_value`] gives it), read
/// back through the file's reader: a value a file could not hold is refused with the
/// reader's words. A kind keeps its place in its list; its id is renamed with
/// [`rename_kind`], not here.
pub fn set_entry(r: &Ruleset, entry: &Entry, value: Value) -> Result<Ruleset, ModuleError> {
    let mut v = as_value(r);
    let Some(top) = v.as_object_mut() else {
        return Err(ModuleError::WouldNotLoad("the module is not a map".into()));
    };
    let item = |key: &str, i: usize, top: &mut serde_json::Map<String, Value>, value: Value| {
        if let Some(Value::Array(items)) = top.get_mut(key)
            && let Some(slot) = items.get_mut(i)
        {
            *slot = value;
        }
    };
    match entry {
        Entry::Board | Entry::Mechanisms => {
            if let Value::Object(fields) = value {
                for (k, x) in fields {
                    if x.is_null() || x == Value::String(String::new()) {
                        top.remove(&k);
                    } else {
                        top.insert(k, x);
                    }
                }
            }
        }
        Entry::Sides => {
            top.insert("sides".into(), value);
        }
        Entry::Kind(list, id) => {
            let i = r
                .kinds(*list)
                .iter()
                .position(|k| k.id == *id)
                .ok_or_else(|| ModuleError::NoSuch {
                    noun: list.noun(),
                    id: id.clone(),
                })?;
            let mut value = value;
            if let Some(fields) = value.as_object_mut() {
                fields.insert("id".into(), Value::String(id.clone()));
            }
            item(list.key(), i, top, value);
        }
        Entry::Modifier(i) => item("modifiers", *i, top, value),
        Entry::Check(i) => item("constraints", *i, top, value),
    }
    reread(&v)
}

/// The entry replaced by RON text (its sheet's "as text"), read as [`set_entry`] reads.
pub fn set_entry_text(r: &Ruleset, entry: &Entry, text: &str) -> Result<Ruleset, ModuleError> {
    let value = crate::source::ron_options()
        .from_str::<Value>(text)
        .map_err(|e| ModuleError::NotAnEntry {
            what: "entry",
            why: e.to_string(),
        })?;
    set_entry(r, entry, value)
}

/// The entry as RON text for its sheet's text field.
pub fn entry_text(r: &Ruleset, entry: &Entry) -> String {
    if let Some(text) = copy(r, entry) {
        return text;
    }
    let config = ron::ser::PrettyConfig::new().struct_names(false);
    ron::ser::to_string_pretty(&entry_value(r, entry), config).unwrap_or_default()
}

/// The fields of the record `value` stands for at `path` in the entry (a dotted path,
/// empty for the entry itself), in the order its type declares them: the file's reader
/// names them so when it meets a field it does not know. `None` where the reader would
/// not say (a record that takes unknown fields, a module that would not load, a path
/// through a row the module does not have yet).
pub fn field_order(r: &Ruleset, entry: &Entry, path: &str, value: &Value) -> Option<Vec<String>> {
    const PROBE: &str = "x-field-order-probe";
    let mut doc = as_value(r);
    let mut slot = entry_slot(r, &mut doc, entry)?;
    for key in path.split('.').filter(|k| !k.is_empty()) {
        slot = match slot {
            Value::Array(items) => items.get_mut(key.parse::<usize>().ok()?)?,
            Value::Object(fields) => fields
                .entry(key.to_string())
                .or_insert_with(|| Value::Object(Default::default())),
            _ => return None,
        };
    }
    let mut probe = value.as_object()?.clone();
    probe.insert(PROBE.into(), Value::Bool(true));
    *slot = Value::Object(probe);
    let Err(e) = super::load::read(&doc.to_string(), TextFormat::Json, Path::new("probe.json"))
    else {
        return None;
    };
    // "unknown field `x`, expected one of `a`, `b`" (or "`a` or `b`", or "`a`").
    let (said, expected) = e.message.split_once("expected")?;
    if !said.contains(PROBE) {
        return None;
    }
    let names = expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect();
    Some(names)
}

/// Every problem `sandtable rulesets check` would report of the module, each with the
/// entry and field it is about (`place`; no entry: the module as a whole), so that the
/// editor shows it under that field.
pub fn problems(r: &Ruleset) -> Vec<Problem> {
    super::placed_problems(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, HexBoard, Orientation, Stagger};
    use crate::rules::Rulesets;
    use crate::scenario::{HexCell, Unit};

    fn battle_cry() -> Ruleset {
        Rulesets::built_in().get("battle-cry-150").unwrap().clone()
    }

    fn map() -> Scenario {
        let board = HexBoard::new(Orientation::Pointy, 5, 5, Stagger::Odd).unwrap();
        let hexes: Vec<_> = board.hexes().collect();
        let mut s = Scenario::new("t", "battle-cry-150", Board::Hex(board));
        for h in &hexes[..3] {
            s.hexes.insert(*h, HexCell::terrain("woods"));
        }
        let mut u = Unit::new("u1", "infantry");
        u.hex = Some(hexes[4]);
        s.units.push(u);
        s
    }

    /// Every built-in module saved as RON reads back as the same data.
    #[test]
    fn a_saved_module_reads_back_equal() {
        for r in Rulesets::built_in().iter() {
            let text = to_ron(r);
            let back =
                from_text(&text, Path::new("m.ron")).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(&back, r, "{}", r.id);
        }
    }

    /// A kind renamed is renamed where the module names it (a check's parameters, a
    /// per-class table) and, through the edit, where the map paints it.
    #[test]
    fn renaming_a_kind_follows_it_in_the_module_and_the_map() {
        let r = battle_cry();
        let renamed = rename_kind(&r, KindList::Terrain, "woods", "forest").unwrap();
        assert!(renamed.kind(KindList::Terrain, "forest").is_some());
        assert!(renamed.kind(KindList::Terrain, "woods").is_none());
        let cavalry = rename_kind(&r, KindList::UnitClass, "cavalry", "horse").unwrap();
        let woods = cavalry.kind(KindList::Terrain, "woods").unwrap();
        let woods = woods.terrain().unwrap();
        assert_eq!(woods.battle.no_battle_after_move, ["horse", "artillery"]);
        let general = rename_kind(&r, KindList::UnitClass, "general", "leader").unwrap();
        let stacking = general
            .constraints
            .iter()
            .find(|c| c.rule == "one-unit-per-hex")
            .unwrap();
        assert!(
            serde_json::to_string(&stacking.check)
                .unwrap()
                .contains("\"leader\"")
        );
        // Prose keeps its words.
        assert!(stacking.quote.contains("a general may share"));
        let mut s = map();
        rename_in_scenario(&s, KindList::Terrain, "woods", "forest")
            .apply(&mut s)
            .unwrap();
        assert_eq!(
            s.hexes
                .iter()
                .filter(|(_, c)| c.terrain == "forest")
                .count(),
            3
        );
        assert_eq!(
            rename_kind(&r, KindList::Terrain, "woods", "hill"),
            Err(ModuleError::Taken {
                noun: "terrain",
                id: "hill".into()
            })
        );
    }

    /// Deleting a kind in use says where it is used.
    #[test]
    fn where_a_kind_is_used_names_the_map_and_the_module() {
        let r = battle_cry();
        let s = map();
        assert_eq!(
            where_used(&s, &r, KindList::Terrain, "woods"),
            ["3 hex(es) of the map"]
        );
        let cavalry = where_used(&s, &r, KindList::UnitClass, "cavalry");
        assert!(cavalry.iter().any(|w| w.contains("Woods")), "{cavalry:?}");
        let infantry = where_used(&s, &r, KindList::UnitClass, "infantry");
        assert_eq!(infantry[0], "the map's u1");
        let removed = remove_kind(&r, KindList::Terrain, "woods");
        assert!(removed.kind(KindList::Terrain, "woods").is_none());
    }

    /// Copy and paste as RON text: a kind, a modifier and a check pasted into another
    /// module come back equal (a kind whose id is taken gets a fresh one); a field that
    /// does nothing where it is pasted is refused with the reader's words.
    #[test]
    fn kinds_modifiers_and_checks_copy_and_paste_as_text() {
        let from = battle_cry();
        let to = empty("mine", "Mine", true).unwrap();
        let woods = copy(&from, &Entry::Kind(KindList::Terrain, "woods".into())).unwrap();
        let (pasted, entry) = paste(&to, PasteInto::Kinds(KindList::Terrain), &woods).unwrap();
        assert_eq!(entry, Entry::Kind(KindList::Terrain, "woods".into()));
        assert_eq!(
            pasted.kind(KindList::Terrain, "woods"),
            from.kind(KindList::Terrain, "woods")
        );
        let (twice, entry) = paste(&pasted, PasteInto::Kinds(KindList::Terrain), &woods).unwrap();
        assert_eq!(entry, Entry::Kind(KindList::Terrain, "woods-copy".into()));
        assert_eq!(twice.terrains.len(), 3);
        let check = copy(&from, &Entry::Check(4)).unwrap();
        let (with_check, entry) = paste(&to, PasteInto::Checks, &check).unwrap();
        assert_eq!(with_check.constraints[0], from.constraints[4]);
        assert_eq!(entry, Entry::Check(0));
        let morne = Rulesets::built_in().get("morne-plaine").unwrap().clone();
        if let Some(m) = copy(&morne, &Entry::Modifier(0)) {
            let (with, _) = paste(&to, PasteInto::Modifiers, &m).unwrap();
            assert_eq!(with.modifiers[0], morne.modifiers[0]);
        }
        let road_field = r##"(id: "ford", name: "Ford", colour: "#88aacc", movement: (along: 1))"##;
        let e = paste(&to, PasteInto::Kinds(KindList::Terrain), road_field).unwrap_err();
        assert!(e.to_string().contains("along"), "{e}");
        assert!(paste(&to, PasteInto::Checks, "not ron").is_err());
    }

    /// The search field filters by id, name, a field or the rule quote.
    #[test]
    fn search_finds_entries_by_id_name_field_and_quote() {
        let r = battle_cry();
        let hits = |q: &str| -> Vec<String> {
            entries(&r)
                .iter()
                .filter(|e| matches(&r, e, q))
                .map(|e| label(&r, e))
                .collect()
        };
        assert!(hits("orchard").contains(&"Orchard (orchard)".to_string()));
        assert_eq!(hits("may not enter a rough"), ["rough-terrain"]);
        assert!(hits("see_over_adjacent_friends").contains(&"Hill (hill)".to_string()));
        assert_eq!(hits("").len(), entries(&r).len());
    }

    /// What `rulesets check` reports is found as the module is edited, beside the
    /// entry it is about.
    #[test]
    fn problems_are_placed_beside_their_entry() {
        let mut r = battle_cry();
        assert!(problems(&r).is_empty());
        r.terrains[1]
            .terrain_mut()
            .unwrap()
            .battle
            .no_battle_after_move
            .push("dragoons".into());
        let p = problems(&r);
        assert_eq!(p.len(), 1, "{p:?}");
        let woods = Entry::Kind(KindList::Terrain, "woods".into());
        assert_eq!(p[0].place, Place::new(woods, "battle.no_battle_after_move"));
        assert!(p[0].message.contains("dragoons"));
        // A check's parameter naming an unknown kind, a mechanism's switch that needs
        // another: each placed at its field, not found from the message.
        let c = r#"(rule: "swamp-height", quote: "Swamps lie low.", check: (mechanism: "hex-attributes", terrain: "swamp", max_elevation: 0))"#;
        let (mut r, _) = paste(&battle_cry(), PasteInto::Checks, c).unwrap();
        r.line_of_sight.valley = true;
        let places: Vec<Place> = problems(&r).into_iter().map(|p| p.place).collect();
        let check = Entry::Check(r.constraints.len() - 1);
        assert_eq!(
            places,
            [
                Place::new(check, "check.terrain"),
                Place::new(Entry::Mechanisms, "line_of_sight.valley"),
            ]
        );
    }

    /// The tree's + adds a modifier and a check a user then fills in: each loads, and a
    /// second check gets a rule id of its own.
    #[test]
    fn a_new_modifier_and_new_checks_load_with_ids_of_their_own() {
        let (r, entry) = add_modifier(&battle_cry());
        assert_eq!(entry, Entry::Modifier(0));
        assert_eq!(r.modifiers[0].name, "New modifier");
        let (r, first) = add_check(&r).unwrap();
        let (r, second) = add_check(&r).unwrap();
        let n = battle_cry().constraints.len();
        assert_eq!((first, second), (Entry::Check(n), Entry::Check(n + 1)));
        assert_eq!(r.constraints[n + 1].rule, "new-check-2");
        // Until it is given an amount, the modifier is the module's one problem.
        let p = problems(&r);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].message.contains("exactly one of dice, shift"), "{p:?}");
    }

    /// A record's fields in the order its type declares them, not alphabetical: a
    /// terrain's battle effects, a check's parameters, the sight model's switches.
    #[test]
    fn fields_come_in_the_order_their_type_declares_them() {
        let r = battle_cry();
        let woods = Entry::Kind(KindList::Terrain, "woods".into());
        let battle = entry_value(&r, &woods)["battle"].clone();
        let order = field_order(&r, &woods, "battle", &battle).unwrap();
        assert_eq!(order[..2], ["target_dice", "attacker_dice"], "{order:?}");
        let kind = field_order(&r, &woods, "", &entry_value(&r, &woods)).unwrap();
        assert_eq!(kind[..4], ["id", "name", "colour", "icon"], "{kind:?}");
        let stacking = Entry::Check(4);
        let check = entry_value(&r, &stacking)["check"].clone();
        let order = field_order(&r, &stacking, "check", &check).unwrap();
        assert_eq!(order[0], "max", "{order:?}");
        let sight = entry_value(&r, &Entry::Mechanisms)["line_of_sight"].clone();
        let order = field_order(&r, &Entry::Mechanisms, "line_of_sight", &sight).unwrap();
        assert_eq!(order[0], "elevation", "{order:?}");
    }

    /// A rename follows the typed references of the kind's own list only: a hexside
    /// kind that has the terrain's id, and the fields that name that hexside, keep it.
    #[test]
    fn a_rename_touches_only_references_of_its_own_list() {
        let (mut r, _) = add_kind(&battle_cry(), KindList::Hexside);
        r.hexsides[0].id = "woods".into();
        let m = r#"(name: "in woods", quote: "Woods: 1 die fewer.", dice: -1, when: (target_on: ["woods"], across: ["woods"]))"#;
        let (r, _) = paste(&r, PasteInto::Modifiers, m).unwrap();
        let c = r#"(rule: "woods-height", quote: "Woods lie low.", check: (mechanism: "hex-attributes", terrain: "woods", max_elevation: 0))"#;
        let (r, _) = paste(&r, PasteInto::Checks, c).unwrap();
        assert!(problems(&r).is_empty(), "{:?}", problems(&r));

        let t = rename_kind(&r, KindList::Terrain, "woods", "forest").unwrap();
        assert!(t.kind(KindList::Terrain, "forest").is_some());
        assert!(t.kind(KindList::Hexside, "woods").is_some());
        let m = t.modifiers.last().unwrap();
        assert_eq!(
            (m.when.target_on.clone(), m.when.across.clone()),
            (vec!["forest".to_string()], vec!["woods".to_string()])
        );
        let check = serde_json::to_value(&t.constraints.last().unwrap().check).unwrap();
        assert_eq!(check["terrain"], "forest");

        let h = rename_kind(&r, KindList::Hexside, "woods", "hedge").unwrap();
        assert!(h.kind(KindList::Terrain, "woods").is_some());
        let m = h.modifiers.last().unwrap();
        assert_eq!(
            (m.when.target_on.clone(), m.when.across.clone()),
            (vec!["woods".to_string()], vec!["hedge".to_string()])
        );
        let check = serde_json::to_value(&h.constraints.last().unwrap().check).unwrap();
        assert_eq!(check["terrain"], "woods");

        // Where-used says the same, list by list.
        let map = map();
        let hexside_uses = where_used(&map, &r, KindList::Hexside, "woods");
        assert_eq!(hexside_uses, ["the module's in woods"]);
    }

    /// Start from a built-in (a copy with a new id) or from empty; both load.
    #[test]
    fn a_module_starts_as_a_copy_or_empty() {
        let copy = copy_of(&battle_cry(), "my-war", "My war").unwrap();
        assert_eq!(
            (copy.id.as_str(), copy.terrains.len()),
            ("my-war", battle_cry().terrains.len())
        );
        assert!(problems(&copy).is_empty());
        for hex in [true, false] {
            let e = empty("blank", "Blank", hex).unwrap();
            assert!(problems(&e).is_empty(), "{:?}", problems(&e));
        }
        assert!(matches!(
            copy_of(&battle_cry(), "My War", "x"),
            Err(ModuleError::BadId(_))
        ));
        let (added, id) = add_kind(&copy, KindList::Terrain);
        assert_eq!(id, "new-terrain");
        assert!(problems(&added).is_empty(), "{:?}", problems(&added));
    }
}
