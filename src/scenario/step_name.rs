//! What an undo step is called, for Edit > Undo and Redo ("paint Woods (12 hexes)",
//! "move unit a1", "set facing of unit a1"), as Tiled names its undo commands.
//!
//! A step keeps only the edit that undoes it (or, once undone, the one that redoes
//! it); the scenario holds the other end. So the name is read from the two: for each
//! hex, side or feature the step touched, what it was and what it became.

use hexx::Hex;
use rustc_hash::FxHashMap;

use super::Scenario;
use super::edit::{Edit, Feature, FeatureKind};
use super::model::{HexCell, HexsideAttrs, Terrain};
use crate::board::HexsideKey;

/// The ruleset's lists whose ids a step's name shows by the ruleset's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    /// A hex's terrain.
    Terrain,
    /// A hexside feature's kind.
    Hexside,
}

/// A ruleset's name for a kind's id, where it has one.
pub type Names<'a> = &'a dyn Fn(Named, &str) -> Option<String>;

/// The name of a step from `pending`, the edits that would be applied next, in order:
/// the step's inverse when `undoing` (the scenario holds what the step made), else
/// the step itself (the scenario holds what it replaced).
pub fn step_name<'a>(
    pending: impl IntoIterator<Item = &'a Edit>,
    s: &Scenario,
    undoing: bool,
    names: Names,
) -> String {
    let mut touched = Touched::default();
    for e in pending {
        touched.add(e);
    }
    touched.other.dedup();
    touched.last_of_each_hex();
    let mut parts = Vec::new();
    let mut counts = Vec::new();
    let hexes = touched.hex_acts(s, undoing);
    if !hexes.is_empty() {
        parts.push(hex_phrase(&hexes, names));
        counts.push(plural(hexes.len(), "hex"));
    }
    let off = touched.off_acts(s, undoing);
    if !off.is_empty() {
        let n = plural(off.len(), "hex");
        parts.push(if off.iter().all(|o| *o) {
            format!("take {n} off the map")
        } else if off.iter().all(|o| !*o) {
            format!("put {n} back on the map")
        } else {
            format!("change {n} off the map")
        });
        counts.push(n);
    }
    let sides = touched.side_acts(s, undoing);
    if !sides.is_empty() {
        parts.push(side_phrase(&sides, names));
        counts.push(plural(sides.len(), "hexside"));
    }
    let features = touched.feature_acts(s, undoing);
    if !features.is_empty() {
        parts.push(feature_phrase(&features));
        counts.extend(feature_counts(&features));
    }
    parts.extend(touched.other.iter().cloned());
    match parts.len() {
        0 => "edit".into(),
        1 => parts.swap_remove(0),
        _ if touched.other.is_empty() => format!("edit {}", listed(&counts)),
        _ => "edit the scenario".into(),
    }
}

/// What the pending edits touch, each thing once: the last edit of it is the one
/// that leaves it as the step found it (undoing) or made it (redoing).
#[derive(Default)]
struct Touched<'a> {
    /// Each hex with what an edit leaves it holding, in the edits' order (see
    /// [`Touched::last_of_each_hex`]).
    hexes: Vec<(Hex, Pending<'a>)>,
    off: FxHashMap<Hex, bool>,
    sides: Vec<((HexsideKey, &'a str), &'a Option<HexsideAttrs>)>,
    features: Vec<((FeatureKind, &'a str), Option<&'a Feature>)>,
    other: Vec<String>,
}

impl<'a> Touched<'a> {
    fn add(&mut self, e: &'a Edit) {
        match e {
            Edit::SetHex { hex, cell } => {
                self.hexes.push((*hex, Pending::Cell(cell)));
            }
            Edit::SetTerrains { hexes, terrains } => {
                let set = hexes.iter().zip(terrains.iter());
                self.hexes
                    .extend(set.map(|(hex, t)| (*hex, Pending::Terrain(t))));
            }
            Edit::SetOffBoard { hex, off } => {
                self.off.insert(*hex, *off);
            }
            Edit::SetHexside { key, kind, attrs } => {
                put(&mut self.sides, (*key, kind.as_str()), attrs);
            }
            Edit::PutFeature {
                kind, id, feature, ..
            } => put(&mut self.features, (*kind, id.as_str()), feature.as_deref()),
            Edit::SetText { field, .. } => self.other.push(format!("edit the {field}")),
            Edit::SetSetting { key, .. } => self.other.push(format!("change the setting {key}")),
            Edit::SetSides(_) => self.other.push("edit the sides".into()),
            Edit::SetBoard(_) => self.other.push("change the board".into()),
            Edit::SetArea { .. } => self.other.push("edit the area".into()),
            Edit::SetTurns(_) => self.other.push("set the turns".into()),
            Edit::SetFirstSide(_) => self.other.push("set the side that moves first".into()),
            Edit::SetSideNotes { side, .. } => self.other.push(format!("edit the notes of {side}")),
            Edit::PutObjective { id, .. } => self.other.push(format!("edit objective {id}")),
            Edit::SetVictory(_) => self.other.push("edit the victory conditions".into()),
            Edit::Batch(edits) => edits.iter().for_each(|e| self.add(e)),
        }
    }

    /// Keeps the last of the edits of each hex, row by row: a hash map of a million-hex
    /// fill's hexes, read in its order, missed the cache at every hex (0.6 s to name it).
    fn last_of_each_hex(&mut self) {
        // Stable: of one hex's edits, the last one stays last.
        self.hexes.sort_by_key(|(h, _)| (h.y, h.x));
        self.hexes.reverse();
        self.hexes.dedup_by_key(|(h, _)| *h);
        self.hexes.reverse();
    }

    /// What became of each hex whose cell changed.
    fn hex_acts(&self, s: &Scenario, undoing: bool) -> Vec<HexAct> {
        let mut acts: Vec<HexAct> = Vec::new();
        for (hex, pending) in &self.hexes {
            let now = s.hexes.get(hex);
            let act = match pending {
                Pending::Cell(cell) => {
                    let (old, new) = ends(cell.as_ref(), now, undoing);
                    if old == new {
                        continue;
                    }
                    match (old, new) {
                        (_, None) => HexAct::Erase,
                        (old, Some(n)) if old.is_none_or(|o| o.terrain != n.terrain) => {
                            HexAct::Paint(n.terrain.clone())
                        }
                        (Some(o), Some(n)) if n.elevation > o.elevation => HexAct::Raise,
                        (Some(o), Some(n)) if n.elevation < o.elevation => HexAct::Lower,
                        _ => HexAct::Change,
                    }
                }
                // Only the terrain differs between the ends (or the entry is there or not).
                Pending::Terrain(t) => {
                    let (old, new) = ends(*t, now.map(|c| &c.terrain), undoing);
                    match (old, new) {
                        _ if old == new => continue,
                        (_, None) => HexAct::Erase,
                        (_, Some(n)) => HexAct::Paint(n.clone()),
                    }
                }
            };
            acts.push(act);
        }
        acts
    }

    /// Whether each hex whose place on the map changed is now off it.
    fn off_acts(&self, s: &Scenario, undoing: bool) -> Vec<bool> {
        let Some(board) = s.board.as_hex() else {
            return Vec::new();
        };
        self.off
            .iter()
            .filter_map(|(hex, pending)| {
                let (old, new) = ends(*pending, board.is_off_board(*hex), undoing);
                (old != new).then_some(new)
            })
            .collect()
    }

    /// What became of each hexside feature, with its kind.
    fn side_acts(&self, s: &Scenario, undoing: bool) -> Vec<(Act, &'a str)> {
        self.sides
            .iter()
            .filter_map(|((key, kind), pending)| {
                let now = s.hexsides.get(&(*key, (*kind).to_string()));
                let (old, new) = ends(pending.as_ref(), now, undoing);
                let act = match (old, new) {
                    (None, Some(_)) => Act::Add,
                    (Some(_), None) => Act::Remove,
                    (Some(a), Some(b)) if a != b => Act::Change,
                    _ => return None,
                };
                Some((act, *kind))
            })
            .collect()
    }

    /// What became of each feature, with its kind and id.
    fn feature_acts(&self, s: &Scenario, undoing: bool) -> Vec<(Act, FeatureKind, &'a str)> {
        self.features
            .iter()
            .filter_map(|((kind, id), pending)| {
                let now = find(s, *kind, id);
                let (old, new) = ends(*pending, now.as_ref(), undoing);
                let act = match (old, new) {
                    (None, Some(_)) => Act::Add,
                    (Some(_), None) => Act::Remove,
                    (Some(a), Some(b)) if a != b => changed(a, b),
                    _ => return None,
                };
                Some((act, *kind, *id))
            })
            .collect()
    }
}

/// What a pending edit leaves a hex holding.
enum Pending<'a> {
    /// Its whole cell ([`Edit::SetHex`]).
    Cell(&'a Option<HexCell>),
    /// Its terrain, the rest as it is ([`Edit::SetTerrains`]).
    Terrain(Option<&'a Terrain>),
}

/// Records `value` for `key`, replacing an earlier one in its place.
fn put<K: PartialEq, V>(list: &mut Vec<(K, V)>, key: K, value: V) {
    match list.iter_mut().find(|(k, _)| *k == key) {
        Some(slot) => slot.1 = value,
        None => list.push((key, value)),
    }
}

/// (what it was, what it became) from the pending value and the scenario's.
fn ends<T>(pending: T, now: T, undoing: bool) -> (T, T) {
    if undoing {
        (pending, now)
    } else {
        (now, pending)
    }
}

/// What became of a hex.
#[derive(Clone, Debug, PartialEq)]
enum HexAct {
    /// A new terrain (shared, not copied: a fill paints a million hexes).
    Paint(Terrain),
    Erase,
    Raise,
    Lower,
    Change,
}

/// What became of a hexside feature or a feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Add,
    Remove,
    Move,
    Face,
    Change,
}

impl Act {
    fn verb(self) -> &'static str {
        match self {
            Act::Add => "add",
            Act::Remove => "remove",
            Act::Move => "move",
            Act::Face => "set facing of",
            Act::Change => "change",
        }
    }
}

/// A feature that changed: moved or turned when nothing else of it did.
fn changed(old: &Feature, new: &Feature) -> Act {
    match (old, new) {
        (Feature::Unit(a), Feature::Unit(b)) => {
            let mut moved = b.clone();
            (moved.hex, moved.at) = (a.hex, a.at);
            let mut turned = b.clone();
            turned.facing_deg = a.facing_deg;
            if moved == *a {
                Act::Move
            } else if turned == *a {
                Act::Face
            } else {
                Act::Change
            }
        }
        (Feature::Token(a), Feature::Token(b)) => {
            if a.kind != b.kind || a.id != b.id {
                Act::Change
            } else if a.facing == b.facing {
                Act::Move
            } else if a.hex == b.hex {
                Act::Face
            } else {
                Act::Change
            }
        }
        (Feature::Landmark(a), Feature::Landmark(b)) => {
            let mut moved = b.clone();
            moved.at = a.at;
            if moved == *a { Act::Move } else { Act::Change }
        }
        _ => Act::Change,
    }
}

/// The feature of `kind` with `id`, as the scenario has it.
fn find(s: &Scenario, kind: FeatureKind, id: &str) -> Option<Feature> {
    fn by<T: Clone>(items: &[T], id: &str, of: impl Fn(&T) -> &str) -> Option<T> {
        items.iter().find(|x| of(x) == id).cloned()
    }
    match kind {
        FeatureKind::Unit => by(&s.units, id, |x| &x.id).map(Feature::Unit),
        FeatureKind::Token => by(&s.tokens, id, |x| &x.id).map(Feature::Token),
        FeatureKind::Road => by(&s.roads, id, |x| &x.id).map(Feature::Road),
        FeatureKind::Area => by(&s.areas, id, |x| &x.id).map(Feature::Area),
        FeatureKind::Line => by(&s.lines, id, |x| &x.id).map(Feature::Line),
        FeatureKind::Landmark => by(&s.landmarks, id, |x| &x.id).map(Feature::Landmark),
    }
}

fn hex_phrase(acts: &[HexAct], names: Names) -> String {
    let n = plural(acts.len(), "hex");
    let first = &acts[0];
    if acts.iter().any(|a| a != first) {
        let painted = acts.iter().all(|a| matches!(a, HexAct::Paint(_)));
        return format!("{} {n}", if painted { "paint" } else { "change" });
    }
    match first {
        HexAct::Paint(t) => {
            let name = names(Named::Terrain, t).unwrap_or_else(|| t.to_string());
            format!("paint {name} ({n})")
        }
        HexAct::Erase => format!("erase {n}"),
        HexAct::Raise => format!("raise {n}"),
        HexAct::Lower => format!("lower {n}"),
        HexAct::Change => format!("change {n}"),
    }
}

fn side_phrase(acts: &[(Act, &str)], names: Names) -> String {
    let n = plural(acts.len(), "hexside");
    let first = acts[0];
    if acts.iter().any(|a| *a != first) {
        return format!("change {n}");
    }
    let (act, kind) = first;
    let name = names(Named::Hexside, kind).unwrap_or_else(|| kind.to_string());
    format!("{} {name} ({n})", act.verb())
}

fn feature_phrase(acts: &[(Act, FeatureKind, &str)]) -> String {
    let (act, kind, id) = acts[0];
    if acts.len() == 1 {
        return format!("{} {kind} {id}", act.verb());
    }
    let same = |a: &&(Act, FeatureKind, &str)| a.0 == act && a.1 == kind;
    if acts.iter().all(|a| same(&a)) {
        return format!("{} {}", act.verb(), plural(acts.len(), kind.as_str()));
    }
    let verb = if acts.iter().all(|a| a.0 == act) {
        act.verb()
    } else {
        "change"
    };
    format!("{verb} {}", listed(&feature_counts(acts)))
}

/// "2 units", "1 token": the features counted by kind, in the kinds' order.
fn feature_counts(acts: &[(Act, FeatureKind, &str)]) -> Vec<String> {
    FeatureKind::ALL
        .iter()
        .filter_map(|k| {
            let n = acts.iter().filter(|a| a.1 == *k).count();
            (n > 0).then(|| plural(n, k.as_str()))
        })
        .collect()
}

/// "1 hex", "12 hexes", "3 units".
fn plural(n: usize, noun: &str) -> String {
    match (n, noun) {
        (1, _) => format!("1 {noun}"),
        (_, "hex") => format!("{n} hexes"),
        _ => format!("{n} {noun}s"),
    }
}

/// "a", "a and b", "a, b and c".
fn listed(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, HexBoard, Orientation, Stagger};
    use crate::scenario::{History, Unit};

    fn scenario() -> Scenario {
        let board = HexBoard::new(Orientation::Pointy, 6, 6, Stagger::Odd).expect("a board");
        Scenario::new("t", "battle-cry-150", Board::Hex(board))
    }

    fn names(what: Named, id: &str) -> Option<String> {
        (what == Named::Terrain && id == "woods").then(|| "Woods".into())
    }

    fn undo_and_redo(h: &History, s: &Scenario) -> (Option<String>, Option<String>) {
        (h.undo_name(s, &names), h.redo_name(s, &names))
    }

    fn paint(hexes: &[Hex], terrain: &str) -> Edit {
        Edit::Batch(
            hexes
                .iter()
                .map(|h| Edit::SetHex {
                    hex: *h,
                    cell: Some(HexCell::terrain(terrain)),
                })
                .collect(),
        )
    }

    #[test]
    fn a_paint_stroke_is_named_by_its_terrain_and_hexes_both_ways() {
        let mut s = scenario();
        let mut h = History::new();
        let row: Vec<Hex> = (0..3).map(|q| Hex::new(q, 0)).collect();
        h.begin_group();
        // The stroke passes one hex twice: it is one of the three.
        for e in [paint(&row[..2], "woods"), paint(&row[1..], "woods")] {
            h.apply(&mut s, e).expect("paints");
        }
        h.end_group();
        let painted = Some("paint Woods (3 hexes)".to_string());
        assert_eq!(undo_and_redo(&h, &s), (painted.clone(), None));
        assert!(h.undo(&mut s));
        assert_eq!(undo_and_redo(&h, &s), (None, painted.clone()));
        assert!(h.redo(&mut s));
        assert_eq!(undo_and_redo(&h, &s), (painted, None));
    }

    /// Applies `edit` as a step and returns what Edit > Undo then says.
    fn applied(h: &mut History, s: &mut Scenario, edit: Edit) -> String {
        h.apply(s, edit).expect("applies");
        h.undo_name(s, &names).unwrap_or_default()
    }

    #[test]
    fn erasing_raising_and_unknown_terrain_are_named_so() {
        let mut s = scenario();
        let mut h = History::new();
        let a = Hex::new(1, 1);
        let painted = applied(&mut h, &mut s, paint(&[a], "marsh"));
        assert_eq!(painted, "paint marsh (1 hex)");
        let mut high = HexCell::terrain("marsh");
        high.elevation = 2;
        let raised = Edit::SetHex {
            hex: a,
            cell: Some(high),
        };
        assert_eq!(applied(&mut h, &mut s, raised), "raise 1 hex");
        let erased = Edit::SetHex { hex: a, cell: None };
        assert_eq!(applied(&mut h, &mut s, erased), "erase 1 hex");
    }

    #[test]
    fn a_unit_added_moved_turned_and_removed_is_named_by_its_id() {
        let mut s = scenario();
        let mut h = History::new();
        let mut u = Unit::new("a1", "infantry");
        u.hex = Some(Hex::new(0, 0));
        let put = |u: &Unit| Edit::put(Feature::Unit(u.clone()));
        assert_eq!(applied(&mut h, &mut s, put(&u)), "add unit a1");
        u.hex = Some(Hex::new(1, 0));
        assert_eq!(applied(&mut h, &mut s, put(&u)), "move unit a1");
        u.facing_deg = Some(60.0);
        assert_eq!(applied(&mut h, &mut s, put(&u)), "set facing of unit a1");
        assert!(h.undo(&mut s));
        let back = undo_and_redo(&h, &s);
        let expected = (Some("move unit a1"), Some("set facing of unit a1"));
        assert_eq!((back.0.as_deref(), back.1.as_deref()), expected);
        let remove = Edit::PutFeature {
            kind: FeatureKind::Unit,
            id: "a1".into(),
            feature: None,
            index: None,
        };
        assert_eq!(applied(&mut h, &mut s, remove), "remove unit a1");
    }

    #[test]
    fn a_mixed_step_counts_what_it_changed_and_a_given_name_wins() {
        let mut s = scenario();
        let mut h = History::new();
        let mut u = Unit::new("a1", "infantry");
        u.hex = Some(Hex::new(0, 0));
        let both = Edit::Batch(vec![
            paint(&[Hex::new(0, 0), Hex::new(1, 0)], "woods"),
            Edit::put(Feature::Unit(u)),
        ]);
        let named = applied(&mut h, &mut s, both.clone());
        assert_eq!(named, "edit 2 hexes and 1 unit");
        assert!(h.undo(&mut s));
        h.apply_named(&mut s, both, "paste").expect("applies");
        let paste = Some("paste".to_string());
        assert_eq!(undo_and_redo(&h, &s), (paste.clone(), None));
        assert!(h.undo(&mut s));
        assert_eq!(undo_and_redo(&h, &s), (None, paste));
    }
}
