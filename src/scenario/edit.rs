//! Every change to a scenario is an [`Edit`] value; applying one returns its inverse.

use hexx::Hex;

use super::Scenario;
use super::model::{Area, HexCell, HexsideAttrs, Landmark, Line, PlayerSide, Road, Token, Unit};
use super::plan::{Objective, VictoryCondition};
use super::terrain_runs::TerrainRuns;
use crate::board::{Board, HexsideKey};
use crate::strenum::string_enum;

string_enum! {
    /// The collections of a scenario whose items have ids.
    pub enum FeatureKind {
        /// `units`.
        Unit = "unit",
        /// `tokens`.
        Token = "token",
        /// `roads`.
        Road = "road",
        /// `areas` of a table.
        Area = "area",
        /// `lines` of a table.
        Line = "line",
        /// `landmarks` of a table.
        Landmark = "landmark",
    }
}

/// An item with an id.
#[derive(Debug, Clone, PartialEq)]
pub enum Feature {
    /// A counter.
    Unit(Unit),
    /// A token or marker with an id (an entrenchment, a fence line).
    Token(Token),
    /// A road through hexes.
    Road(Road),
    /// A table's area terrain.
    Area(Area),
    /// A table's linear terrain.
    Line(Line),
    /// A table's small feature.
    Landmark(Landmark),
}

impl Feature {
    /// The collection it belongs to.
    pub fn kind(&self) -> FeatureKind {
        match self {
            Feature::Unit(_) => FeatureKind::Unit,
            Feature::Token(_) => FeatureKind::Token,
            Feature::Road(_) => FeatureKind::Road,
            Feature::Area(_) => FeatureKind::Area,
            Feature::Line(_) => FeatureKind::Line,
            Feature::Landmark(_) => FeatureKind::Landmark,
        }
    }
    /// Its id, unique among the scenario's features.
    pub fn id(&self) -> &str {
        match self {
            Feature::Unit(x) => &x.id,
            Feature::Token(x) => &x.id,
            Feature::Road(x) => &x.id,
            Feature::Area(x) => &x.id,
            Feature::Line(x) => &x.id,
            Feature::Landmark(x) => &x.id,
        }
    }
    /// Gives it another id (a pasted copy's fresh one).
    pub fn set_id(&mut self, id: impl Into<String>) {
        let slot = match self {
            Feature::Unit(x) => &mut x.id,
            Feature::Token(x) => &mut x.id,
            Feature::Road(x) => &mut x.id,
            Feature::Area(x) => &mut x.id,
            Feature::Line(x) => &mut x.id,
            Feature::Landmark(x) => &mut x.id,
        };
        *slot = id.into();
    }
}

string_enum! {
    /// The scenario's text fields.
    pub enum TextField {
        /// The scenario's name.
        Title = "title",
        /// A few lines on it.
        Description = "description",
        /// Who made it.
        Author = "author",
        /// The id of the ruleset (module) it is played with.
        Ruleset = "ruleset",
        /// The scenario card's situation.
        Briefing = "briefing",
        /// The rules of this scenario only.
        SpecialRules = "special_rules",
        /// Where it comes from.
        Sources = "sources",
    }
}

/// One change to a scenario.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Sets what a hex holds; `None` returns it to the default terrain.
    SetHex {
        /// The hex.
        hex: Hex,
        /// What it holds from now on.
        cell: Option<HexCell>,
    },
    /// Sets the terrain of many hexes, keeping what else each holds: a flood fill and
    /// its undo. `terrains` goes along `hexes`; `None` takes the hex's entry away (it
    /// may hold nothing but its terrain), a terrain on a hex with no entry gives it one.
    /// A million hexes take 8 bytes each and a few runs, where as many [`Edit::SetHex`]
    /// took 320 bytes each.
    SetTerrains {
        /// The hexes, in the order they are set.
        hexes: Vec<Hex>,
        /// Their terrains from now on.
        terrains: TerrainRuns,
    },
    /// Puts or removes a hexside feature of `kind` on a side.
    SetHexside {
        /// The side.
        key: HexsideKey,
        /// The hexside kind's id.
        kind: String,
        /// Its attributes when put; `None` removes it.
        attrs: Option<HexsideAttrs>,
    },
    /// Puts (`Some`) or removes (`None`) the item with `id` in the collection `kind`.
    /// An existing item is replaced where it stands unless `index` moves it; a new
    /// one goes at `index`, or last.
    PutFeature {
        /// The collection.
        kind: FeatureKind,
        /// The item's id.
        id: String,
        /// The item from now on; `None` removes it. Boxed, as the board below: an edit
        /// is as big as its largest variant, and a brush stroke's batch and every undo
        /// step hold many small ones.
        feature: Option<Box<Feature>>,
        /// Its place in the collection (drawing and file order).
        index: Option<usize>,
    },
    /// Sets one of the scenario's texts.
    SetText {
        /// Which text.
        field: TextField,
        /// Its new words.
        value: String,
    },
    /// Sets (`Some`) or clears (`None`) one of the ruleset's settings for this scenario.
    SetSetting {
        /// The setting's name.
        key: String,
        /// Its value as the file writes it.
        value: Option<serde_json::Value>,
    },
    /// Replaces the sides.
    SetSides(Vec<PlayerSide>),
    /// Replaces the board (its hexes are left as they are: shrink with a batch that
    /// clears them first).
    SetBoard(Box<Board>),
    /// Marks a hex of a hex board's rectangle as off the map, or back on it.
    SetOffBoard {
        /// The hex.
        hex: Hex,
        /// Off the map (true) or back on it.
        off: bool,
    },
    /// Sets what an area map prints of an area: its name (`None`: its id), its point,
    /// where its pieces and name stand (`None`: its polygon's centre), and its stacking
    /// limit. An empty name, another area's name, and no point on an area with no
    /// polygon are refused.
    SetArea {
        /// The area's cell.
        cell: Hex,
        /// Its name as printed.
        name: Option<String>,
        /// Its point, in millimetres.
        point: Option<crate::board::freeform::Point>,
        /// The most units it holds, as the map prints it.
        stacking: Option<usize>,
    },
    /// Sets how many turns the game lasts (`None`: the scenario does not say).
    SetTurns(Option<u32>),
    /// Sets the side that moves first.
    SetFirstSide(Option<String>),
    /// Sets a side's notes (empty: none).
    SetSideNotes {
        /// The side's id.
        side: String,
        /// Its notes.
        notes: String,
    },
    /// Puts (`Some`) or removes (`None`) the objective with `id`, as
    /// [`Edit::PutFeature`] does a feature.
    PutObjective {
        /// The objective's id.
        id: String,
        /// The objective from now on; `None` removes it. Boxed as a feature is.
        objective: Option<Box<Objective>>,
        /// Its place among the objectives.
        index: Option<usize>,
    },
    /// Replaces the victory conditions.
    SetVictory(Vec<VictoryCondition>),
    /// Several edits as one: a paint stroke, a paste, a quick fix.
    Batch(Vec<Edit>),
}

/// Why an edit does not apply. The scenario is left unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// A hex edit on a table.
    #[error("this edit needs a hex board")]
    NotHexBoard,
    /// A hex outside the board (its label).
    #[error("hex {0} is not on the board")]
    OffBoard(String),
    /// The feature put carries another id than the edit names.
    #[error("the feature's id is {found}, but the edit names {expected}")]
    IdMismatch {
        /// The id the edit names.
        expected: String,
        /// The feature's own.
        found: String,
    },
    /// A feature put into another collection than its own.
    #[error("a {found} cannot be put among the {expected}s")]
    KindMismatch {
        /// The collection the edit names.
        expected: FeatureKind,
        /// The feature's own.
        found: FeatureKind,
    },
    /// A removal of what is not there.
    #[error("there is no {kind} {id} to remove")]
    NoSuchFeature {
        /// The collection.
        kind: FeatureKind,
        /// The id asked for.
        id: String,
    },
    /// A new feature with an id another feature has.
    #[error("id {id} is already used by a {kind}")]
    IdTaken {
        /// The collection of the feature that has it.
        kind: FeatureKind,
        /// The id.
        id: String,
    },
    /// The objective put carries another id than the edit names.
    #[error("the objective's id is {found}, but the edit names {expected}")]
    ObjectiveIdMismatch {
        /// The id the edit names.
        expected: String,
        /// The objective's own.
        found: String,
    },
    /// A removal of an objective that is not there.
    #[error("there is no objective {0} to remove")]
    NoSuchObjective(String),
    /// An area edit on another board than an area map.
    #[error("this edit needs an area map")]
    NotAreaMap,
    /// An area's name, point or limit that cannot be (why).
    #[error("{0}")]
    Area(String),
    /// A hex's entry taken away while it holds more than its terrain (its label).
    #[error("hex {0} holds more than its terrain: its entry cannot be dropped")]
    NotPlain(String),
}

/// [`Edit::SetArea`]: the area's name, point and limit set, or why not.
fn set_area(
    s: &mut Scenario,
    cell: Hex,
    name: Option<String>,
    point: Option<crate::board::freeform::Point>,
    stacking: Option<usize>,
) -> Result<Edit, EditError> {
    let Board::Area(map) = &mut s.board else {
        return Err(EditError::NotAreaMap);
    };
    let Some(area) = map.area(cell) else {
        return Err(EditError::OffBoard(map.label(cell)));
    };
    let id = area.id.clone();
    let name = match name.map(|n| n.trim().to_string()) {
        Some(n) if n.is_empty() => {
            return Err(EditError::Area(format!(
                "area {id}: a name cannot be empty (leave it as the id, '{id}', instead)"
            )));
        }
        Some(n) if n == id => None,
        n => n,
    };
    let printed = name.as_deref().unwrap_or(&id);
    if let Some(other) = map
        .cells()
        .find(|c| *c != cell && map.name(*c) == Some(printed))
    {
        return Err(EditError::Area(format!(
            "area {id}: area {} is already named '{printed}'",
            map.label(other)
        )));
    }
    if point.is_some_and(|p| !p.is_finite()) {
        return Err(EditError::Area(format!(
            "area {id}: a point is not a number"
        )));
    }
    if point.is_none() && area.polygon.is_empty() {
        return Err(EditError::Area(format!(
            "area {id} has no outline: it needs its point"
        )));
    }
    let a = &mut map.areas[cell.x as usize];
    Ok(Edit::SetArea {
        cell,
        name: std::mem::replace(&mut a.name, name),
        point: std::mem::replace(&mut a.point, point),
        stacking: std::mem::replace(&mut a.stacking, stacking),
    })
}

trait HasId {
    fn id(&self) -> &str;
}
macro_rules! has_id {
    ($($t:ty),*) => { $(impl HasId for $t { fn id(&self) -> &str { &self.id } })* };
}
has_id!(Unit, Token, Road, Area, Line, Landmark, Objective);

/// Puts or removes an item by id; returns the item that was there and its index.
fn put<T: HasId>(
    items: &mut Vec<T>,
    id: &str,
    item: Option<T>,
    index: Option<usize>,
) -> Option<(T, usize)> {
    let at = items.iter().position(|x| x.id() == id);
    match (at, item) {
        (Some(i), Some(new)) => match index.filter(|j| *j != i) {
            None => Some((std::mem::replace(&mut items[i], new), i)),
            Some(j) => {
                let old = items.remove(i);
                items.insert(j.min(items.len()), new);
                Some((old, i))
            }
        },
        (Some(i), None) => Some((items.remove(i), i)),
        (None, Some(new)) => {
            let j = index.unwrap_or(items.len()).min(items.len());
            items.insert(j, new);
            None
        }
        (None, None) => None,
    }
}

impl Edit {
    /// Puts `feature` in place: added at the end, or replacing the one with its id.
    pub fn put(feature: Feature) -> Edit {
        Edit::PutFeature {
            kind: feature.kind(),
            id: feature.id().to_string(),
            feature: Some(Box::new(feature)),
            index: None,
        }
    }

    /// Moves `feature` last in its collection, drawn over (and picked before) the others
    /// of its kind: a counter to the top of its stack, a table feature to the front.
    pub fn to_front(s: &Scenario, feature: Feature) -> Edit {
        let kind = feature.kind();
        let last = s
            .feature_ids()
            .iter()
            .filter(|(k, _)| *k == kind)
            .count()
            .saturating_sub(1);
        Edit::PutFeature {
            kind,
            id: feature.id().to_string(),
            feature: Some(Box::new(feature)),
            index: Some(last),
        }
    }

    /// Applies the edit and returns the edit that undoes it. On error nothing changed.
    pub fn apply(self, s: &mut Scenario) -> Result<Edit, EditError> {
        match self {
            Edit::SetHex { hex, cell } => {
                on_map(s, &[hex])?;
                let old = match cell {
                    Some(c) => s.hexes.insert(hex, c),
                    None => s.hexes.remove(&hex),
                };
                Ok(Edit::SetHex { hex, cell: old })
            }
            Edit::SetTerrains { hexes, terrains } => set_terrains(s, hexes, terrains),
            Edit::SetHexside { key, kind, attrs } => {
                let board = s.board.grid().ok_or(EditError::NotHexBoard)?;
                let [a, b] = key.hexes();
                if !board.contains(a) && !board.contains(b) {
                    return Err(EditError::OffBoard(board.label(a)));
                }
                let slot = (key, kind);
                let old = match attrs {
                    Some(x) => s.hexsides.insert(slot.clone(), x),
                    None => s.hexsides.remove(&slot),
                };
                Ok(Edit::SetHexside {
                    key: slot.0,
                    kind: slot.1,
                    attrs: old,
                })
            }
            Edit::PutFeature {
                kind,
                id,
                feature,
                index,
            } => put_feature(s, kind, id, feature, index),
            Edit::SetText { field, value } => {
                let slot = match field {
                    TextField::Title => &mut s.title,
                    TextField::Description => &mut s.description,
                    TextField::Author => &mut s.author,
                    TextField::Ruleset => &mut s.ruleset,
                    TextField::Briefing => &mut s.plan.briefing,
                    TextField::SpecialRules => &mut s.plan.special_rules,
                    TextField::Sources => &mut s.plan.sources,
                };
                let old = std::mem::replace(slot, value);
                Ok(Edit::SetText { field, value: old })
            }
            Edit::SetSetting { key, value } => {
                let old = match value {
                    Some(v) => s.settings.insert(key.clone(), v),
                    None => s.settings.remove(&key),
                };
                Ok(Edit::SetSetting { key, value: old })
            }
            Edit::SetSides(sides) => Ok(Edit::SetSides(std::mem::replace(&mut s.sides, sides))),
            Edit::SetBoard(board) => Ok(Edit::SetBoard(Box::new(std::mem::replace(
                &mut s.board,
                *board,
            )))),
            Edit::SetOffBoard { hex, off } => {
                let Board::Hex(board) = &mut s.board else {
                    return Err(EditError::NotHexBoard);
                };
                if !board.in_rectangle(hex) {
                    return Err(EditError::OffBoard(board.label(hex)));
                }
                let was = board.set_off_board(hex, off);
                Ok(Edit::SetOffBoard { hex, off: was })
            }
            Edit::SetArea {
                cell,
                name,
                point,
                stacking,
            } => set_area(s, cell, name, point, stacking),
            Edit::SetTurns(turns) => {
                Ok(Edit::SetTurns(std::mem::replace(&mut s.plan.turns, turns)))
            }
            Edit::SetFirstSide(side) => Ok(Edit::SetFirstSide(std::mem::replace(
                &mut s.plan.first_side,
                side,
            ))),
            Edit::SetSideNotes { side, notes } => {
                let old = if notes.is_empty() {
                    s.plan.notes.remove(&side)
                } else {
                    s.plan.notes.insert(side.clone(), notes)
                };
                Ok(Edit::SetSideNotes {
                    side,
                    notes: old.unwrap_or_default(),
                })
            }
            Edit::PutObjective {
                id,
                objective,
                index,
            } => {
                if let Some(o) = objective.as_ref().filter(|o| o.id != id) {
                    return Err(EditError::ObjectiveIdMismatch {
                        expected: id,
                        found: o.id.clone(),
                    });
                }
                let removing = objective.is_none();
                let old = put(&mut s.plan.objectives, &id, objective.map(|o| *o), index);
                if removing && old.is_none() {
                    return Err(EditError::NoSuchObjective(id));
                }
                let (objective, index) = old.map(|(o, i)| (Box::new(o), i)).unzip();
                Ok(Edit::PutObjective {
                    id,
                    objective,
                    index,
                })
            }
            Edit::SetVictory(victory) => Ok(Edit::SetVictory(std::mem::replace(
                &mut s.plan.victory,
                victory,
            ))),
            Edit::Batch(edits) => {
                let mut inverses = Vec::with_capacity(edits.len());
                for edit in edits {
                    match edit.apply(s) {
                        Ok(inv) => inverses.push(inv),
                        Err(e) => {
                            // Leave the scenario as it was before the batch.
                            for inv in inverses.into_iter().rev() {
                                let _ = inv.apply(s);
                            }
                            return Err(e);
                        }
                    }
                }
                inverses.reverse();
                Ok(Edit::Batch(inverses))
            }
        }
    }

    /// Whether the edit changes nothing (an empty batch).
    pub fn is_empty(&self) -> bool {
        match self {
            Edit::Batch(e) => e.iter().all(Edit::is_empty),
            Edit::SetTerrains { hexes, .. } => hexes.is_empty(),
            _ => false,
        }
    }

    /// Adds the hexes the edit sets to `out`; false when it does more than set hexes
    /// (then `out` holds some of them).
    pub fn hexes_set(&self, out: &mut Vec<Hex>) -> bool {
        match self {
            Edit::SetHex { hex, .. } => {
                out.push(*hex);
                true
            }
            Edit::SetTerrains { hexes, .. } => {
                out.extend_from_slice(hexes);
                true
            }
            Edit::Batch(edits) => edits.iter().all(|e| e.hexes_set(out)),
            _ => false,
        }
    }

    /// The cells of a hex or square board that an edit just made is drawn differently
    /// in, when it changed nothing else a map shows: the hexes set
    /// ([`Edit::hexes_set`]), and where a token or a unit stood and now stands. `self`
    /// is the edit that undoes it (what the history keeps; for a removal, the only
    /// record of where the piece stood) and `now` the scenario after it. A unit that
    /// arrives or leaves during the game is drawn where it enters at a turn of the
    /// designer's slider, so an edit of one is not among these.
    pub fn cells_redrawn(&self, now: &Scenario, out: &mut Vec<Hex>) -> bool {
        match self {
            Edit::Batch(edits) => edits.iter().all(|e| e.cells_redrawn(now, out)),
            Edit::PutFeature { .. } => self.piece_cells(now, out, true),
            _ => self.hexes_set(out),
        }
    }

    /// The cells of a hex or square board where the tokens and units an edit just made
    /// put, moved or took away stood and now stand, when that is all it did (`self`
    /// and `now` as for [`Edit::cells_redrawn`]); false when it did more (then `out`
    /// holds some of them).
    pub fn pieces_at(&self, now: &Scenario, out: &mut Vec<Hex>) -> bool {
        match self {
            Edit::Batch(edits) => edits.iter().all(|e| e.pieces_at(now, out)),
            _ => self.piece_cells(now, out, false),
        }
    }

    /// Where the token or unit of a [`Edit::PutFeature`] stood and stands; `drawn`:
    /// not for a unit drawn at a turn of the slider.
    fn piece_cells(&self, now: &Scenario, out: &mut Vec<Hex>, drawn: bool) -> bool {
        let Edit::PutFeature {
            kind, id, feature, ..
        } = self
        else {
            return false;
        };
        if !matches!(now.board, Board::Hex(_) | Board::Square(_)) {
            return false;
        }
        match kind {
            FeatureKind::Token => {
                if let Some(Feature::Token(t)) = feature.as_deref() {
                    out.push(t.hex);
                }
                out.extend(now.tokens.iter().filter(|t| t.id == *id).map(|t| t.hex));
                true
            }
            FeatureKind::Unit => {
                let was = match feature.as_deref() {
                    Some(Feature::Unit(u)) => Some(u),
                    _ => None,
                };
                let is = now.units.iter().find(|u| u.id == *id);
                let always_there = |u: &Unit| u.arrives.is_none() && u.leaves.is_none();
                if drawn && !was.into_iter().chain(is).all(always_there) {
                    return false;
                }
                out.extend(was.into_iter().chain(is).filter_map(|u| u.hex));
                true
            }
            _ => false,
        }
    }
}

fn on_map(s: &Scenario, hexes: &[Hex]) -> Result<(), EditError> {
    let board = s.board.grid().ok_or(EditError::NotHexBoard)?;
    match hexes.iter().find(|h| !board.contains(**h)) {
        Some(h) => Err(EditError::OffBoard(board.label(*h))),
        None => Ok(()),
    }
}

/// Applies [`Edit::SetTerrains`]; on an error, puts back the hexes already set.
fn set_terrains(
    s: &mut Scenario,
    hexes: Vec<Hex>,
    terrains: TerrainRuns,
) -> Result<Edit, EditError> {
    on_map(s, &hexes)?;
    let mut old = TerrainRuns::default();
    let mut failed = None;
    for (hex, terrain) in hexes.iter().zip(terrains.iter()) {
        let was = match (terrain, s.hexes.get_mut(hex)) {
            (Some(t), Some(c)) => Some(std::mem::replace(&mut c.terrain, t.clone())),
            (Some(t), None) => {
                s.hexes.insert(*hex, HexCell::terrain(t.clone()));
                None
            }
            (None, Some(c)) if !super::paint::holds_only_terrain(c) => {
                failed = Some(*hex);
                break;
            }
            (None, _) => s.hexes.remove(hex).map(|c| c.terrain),
        };
        old.push(was.as_ref());
    }
    let n = old.len();
    let mut done: Vec<Hex> = hexes;
    done.truncate(n);
    done.reverse();
    let inverse = Edit::SetTerrains {
        hexes: done,
        terrains: old.reversed(),
    };
    match failed {
        None => Ok(inverse),
        Some(hex) => {
            let _ = inverse.apply(s);
            let label = s.board.grid().map_or_else(String::new, |b| b.label(hex));
            Err(EditError::NotPlain(label))
        }
    }
}

fn put_feature(
    s: &mut Scenario,
    kind: FeatureKind,
    id: String,
    feature: Option<Box<Feature>>,
    index: Option<usize>,
) -> Result<Edit, EditError> {
    if let Some(f) = &feature {
        if f.kind() != kind {
            return Err(EditError::KindMismatch {
                expected: kind,
                found: f.kind(),
            });
        }
        if f.id() != id {
            return Err(EditError::IdMismatch {
                expected: id,
                found: f.id().to_string(),
            });
        }
        if let Some((other, _)) = s
            .feature_ids()
            .into_iter()
            .find(|(k, i)| *i == id && *k != kind)
        {
            return Err(EditError::IdTaken { kind: other, id });
        }
    }
    // Where a feature stands is not checked here: the inverse of a later edit must apply
    // even after the board changed under it. Validation reports misplaced features.
    macro_rules! dispatch {
        ($variant:ident, $field:ident) => {{
            let item = match feature.map(|f| *f) {
                Some(Feature::$variant(x)) => Some(x),
                _ => None,
            };
            let removing = item.is_none();
            let old = put(&mut s.$field, &id, item, index);
            if removing && old.is_none() {
                return Err(EditError::NoSuchFeature { kind, id });
            }
            let (feature, index) = match old {
                Some((x, i)) => (Some(Box::new(Feature::$variant(x))), Some(i)),
                None => (None, None),
            };
            Ok(Edit::PutFeature {
                kind,
                id,
                feature,
                index,
            })
        }};
    }
    match kind {
        FeatureKind::Unit => dispatch!(Unit, units),
        FeatureKind::Token => dispatch!(Token, tokens),
        FeatureKind::Road => dispatch!(Road, roads),
        FeatureKind::Area => dispatch!(Area, areas),
        FeatureKind::Line => dispatch!(Line, lines),
        FeatureKind::Landmark => dispatch!(Landmark, landmarks),
    }
}
