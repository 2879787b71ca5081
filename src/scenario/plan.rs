//! What makes a map a scenario: its turns, the forces that arrive and leave, its
//! objectives, how it is won, and the texts of its card. Generic over how a hex is
//! named, as units are: a label (`String`) in files, an axial [`Hex`] in memory.
//!
//! Every field is optional in a file (format version 1): a map without them is a
//! scenario with its whole force on the board at the start and no victory conditions.

use std::collections::BTreeMap;

use hexx::Hex;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::model::{Edge, Unit};
use crate::board::Grid;
use crate::board::freeform::Point;
use crate::strenum::string_enum;

/// The scenario's plan in memory: everything of this module a [`Scenario`](super::Scenario)
/// holds besides its units' own `name`, `arrives` and `leaves`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Plan {
    /// How many turns the game lasts; `None`: the scenario does not say.
    pub turns: Option<u32>,
    /// The side that moves first each turn.
    pub first_side: Option<String>,
    /// Free text per side (its command cards, its orders), by side id. Files write it
    /// as the side's `notes`; a side that is removed takes its notes with it on save.
    pub notes: BTreeMap<String, String>,
    /// The places that count.
    pub objectives: Vec<Objective>,
    /// How the scenario is won.
    pub victory: Vec<VictoryCondition>,
    /// The situation, for the scenario card.
    pub briefing: String,
    /// Rules of this scenario only, in words.
    pub special_rules: String,
    /// Where the scenario comes from.
    pub sources: String,
}

impl Plan {
    /// Whether it says nothing (a map, not yet a scenario).
    pub fn is_empty(&self) -> bool {
        *self == Plan::default()
    }

    /// The objective with `id`.
    pub fn objective(&self, id: &str) -> Option<&Objective> {
        self.objectives.iter().find(|o| o.id == id)
    }
}

/// A place on the board that counts: a town, a bridge, a hill.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "Objective")]
#[serde(deny_unknown_fields)]
pub struct Objective<H = Hex> {
    /// Unique among objectives and the scenario's features.
    pub id: String,
    /// What the card and the map call it ("Dunker Church"); the id when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// Where it is: `hex` or `hexes` on a hex board, `point` or `area` on a table.
    pub at: Place<H>,
    /// The side that holds it at the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    /// What holding it is worth: victory points, or banners and flags.
    pub value: u32,
}

impl<H> Objective<H> {
    /// The name shown for it: its name, or its id when it has none.
    pub fn title(&self) -> &str {
        if self.name.is_empty() {
            &self.id
        } else {
            &self.name
        }
    }
}

/// A place of the board: a hex, several hexes, a stretch of a hex board's edge, a
/// point of a table, or a table area by id.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(try_from = "PlaceSpec<H>", bound(deserialize = "H: Deserialize<'de>"))]
pub enum Place<H = Hex> {
    /// One hex.
    Hex(H),
    /// Several hexes.
    Hexes(Vec<H>),
    /// The map's hexes along `edge`; from `from` to `to` (both on that edge) when
    /// given, else the whole edge.
    Edge {
        /// Which edge of the board.
        edge: Edge,
        /// The stretch's first hex.
        from: Option<H>,
        /// The stretch's last hex.
        to: Option<H>,
    },
    /// A point of a table.
    Point(Point),
    /// A table area's id.
    Area(String),
}

// The written form of a `Place` (its doc comment is the schema's description).
/// A place of the board: exactly one of `hex`, `hexes`, `edge` (hex boards), `point`,
/// `area` (tables); `from` and `to` only with `edge`, both or neither.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "Place")]
#[serde(deny_unknown_fields, bound(deserialize = "H: Deserialize<'de>"))]
pub struct PlaceSpec<H> {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hex: Option<H>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hexes: Option<Vec<H>>,
    /// A hex board's edge: its map hexes along that side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    edge: Option<Edge>,
    /// With `edge`: the stretch's first hex, on that edge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<H>,
    /// With `edge`: the stretch's last hex, on that edge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    to: Option<H>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    point: Option<Point>,
    /// A table area's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    area: Option<String>,
}

impl<H> Default for PlaceSpec<H> {
    fn default() -> Self {
        PlaceSpec {
            hex: None,
            hexes: None,
            edge: None,
            from: None,
            to: None,
            point: None,
            area: None,
        }
    }
}

/// Why a written place is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    /// None of the kinds is given.
    #[error("a place needs one of hex, hexes, edge, point or area")]
    Empty,
    /// More than one is: their names.
    #[error("a place is one of hex, hexes, edge, point or area, not {0}")]
    Several(String),
    /// `from` or `to` without `edge`, or one without the other.
    #[error("from and to go with edge, both or neither")]
    Stretch,
}

impl<H> TryFrom<PlaceSpec<H>> for Place<H> {
    type Error = PlaceError;
    fn try_from(p: PlaceSpec<H>) -> Result<Self, PlaceError> {
        let given: Vec<&str> = [
            ("hex", p.hex.is_some()),
            ("hexes", p.hexes.is_some()),
            ("edge", p.edge.is_some()),
            ("point", p.point.is_some()),
            ("area", p.area.is_some()),
        ]
        .into_iter()
        .filter(|(_, set)| *set)
        .map(|(name, _)| name)
        .collect();
        if given.len() > 1 {
            return Err(PlaceError::Several(given.join(" and ")));
        }
        let stretch = p.from.is_some() || p.to.is_some();
        if stretch && (p.edge.is_none() || p.from.is_none() || p.to.is_none()) {
            return Err(PlaceError::Stretch);
        }
        if let Some(h) = p.hex {
            Ok(Place::Hex(h))
        } else if let Some(v) = p.hexes {
            Ok(Place::Hexes(v))
        } else if let Some(edge) = p.edge {
            Ok(Place::Edge {
                edge,
                from: p.from,
                to: p.to,
            })
        } else if let Some(point) = p.point {
            Ok(Place::Point(point))
        } else if let Some(area) = p.area {
            Ok(Place::Area(area))
        } else {
            Err(PlaceError::Empty)
        }
    }
}

impl<H> Place<H> {
    /// Its written form, borrowing the hexes.
    fn spec(&self) -> PlaceSpec<&H> {
        let none = PlaceSpec::default();
        match self {
            Place::Hex(h) => PlaceSpec {
                hex: Some(h),
                ..none
            },
            Place::Hexes(v) => PlaceSpec {
                hexes: Some(v.iter().collect()),
                ..none
            },
            Place::Edge { edge, from, to } => PlaceSpec {
                edge: Some(*edge),
                from: from.as_ref(),
                to: to.as_ref(),
                ..none
            },
            Place::Point(point) => PlaceSpec {
                point: Some(*point),
                ..none
            },
            Place::Area(area) => PlaceSpec {
                area: Some(area.clone()),
                ..none
            },
        }
    }
}

impl<H: Serialize> Serialize for Place<H> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.spec().serialize(s)
    }
}

impl<H: JsonSchema> JsonSchema for Place<H> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        <PlaceSpec<H>>::schema_name()
    }
    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        <PlaceSpec<H>>::json_schema(g)
    }
}

impl<H> Place<H> {
    /// The same place with its hexes named another way; `None` when `f` refuses one.
    pub fn try_map<K>(self, mut f: impl FnMut(H) -> Option<K>) -> Option<Place<K>> {
        Some(match self {
            Place::Hex(h) => Place::Hex(f(h)?),
            Place::Hexes(v) => Place::Hexes(v.into_iter().map(f).collect::<Option<_>>()?),
            Place::Edge { edge, from, to } => Place::Edge {
                edge,
                from: match from {
                    Some(h) => Some(f(h)?),
                    None => None,
                },
                to: match to {
                    Some(h) => Some(f(h)?),
                    None => None,
                },
            },
            Place::Point(p) => Place::Point(p),
            Place::Area(a) => Place::Area(a),
        })
    }

    /// The same place with its hexes named another way.
    pub fn map<K>(self, mut f: impl FnMut(H) -> K) -> Place<K> {
        match self.try_map(|h| Some(f(h))) {
            Some(p) => p,
            None => unreachable!("a mapping that refuses nothing"),
        }
    }

    /// The hexes it names as written (an edge's `from` and `to`, not the edge).
    pub fn named_hexes(&self) -> Vec<&H> {
        match self {
            Place::Hex(h) => vec![h],
            Place::Hexes(v) => v.iter().collect(),
            Place::Edge { from, to, .. } => from.iter().chain(to).collect(),
            Place::Point(_) | Place::Area(_) => Vec::new(),
        }
    }

    /// Whether it is a place of a hex board (a table's are a point and an area).
    pub fn on_hexes(&self) -> bool {
        !matches!(self, Place::Point(_) | Place::Area(_))
    }

    /// What kind of place it is, as the file names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Place::Hex(_) => "hex",
            Place::Hexes(_) => "hexes",
            Place::Edge { .. } => "edge",
            Place::Point(_) => "point",
            Place::Area(_) => "area",
        }
    }
}

impl Place<Hex> {
    /// The hexes of a hex board it covers, in order: a hex, the hexes listed, or the
    /// stretch of the edge (see [`edge_hexes`]). A stretch whose ends are not both on
    /// the edge covers nothing ([`Place::stretch_ends`] says which end is not). Table
    /// places cover no hex.
    pub fn hexes_on<'a>(&self, board: impl Into<Grid<'a>>) -> Vec<Hex> {
        let board = board.into();
        match self {
            Place::Hex(h) => vec![*h],
            Place::Hexes(v) => v.clone(),
            Place::Edge { edge, from, to } => {
                let line = edge_hexes(board, *edge);
                match (from, to) {
                    (Some(a), Some(b)) => {
                        let i = line.iter().position(|h| h == a);
                        let j = line.iter().position(|h| h == b);
                        match (i, j) {
                            (Some(i), Some(j)) => line[i.min(j)..=i.max(j)].to_vec(),
                            _ => Vec::new(),
                        }
                    }
                    _ => line,
                }
            }
            Place::Point(_) | Place::Area(_) => Vec::new(),
        }
    }

    /// An edge stretch's `from` and `to` that do not lie on its edge.
    pub fn stretch_ends<'a>(&self, board: impl Into<Grid<'a>>) -> Vec<Hex> {
        let board = board.into();
        let Place::Edge { edge, from, to } = self else {
            return Vec::new();
        };
        let line = edge_hexes(board, *edge);
        from.iter()
            .chain(to)
            .filter(|h| !line.contains(h))
            .copied()
            .collect()
    }
}

/// The map hexes along an edge of a hex board, in order (west to east along north and
/// south, north to south along west and east): each column's first (north) or last
/// (south) hex on the map, each row's first (west) or last (east). Off-board hexes are
/// passed over, so a ragged edge is the map's own.
pub fn edge_hexes<'a>(board: impl Into<Grid<'a>>, edge: Edge) -> Vec<Hex> {
    use crate::board::Offset;
    let board = board.into();
    let (cols, rows) = (board.columns() as i32, board.rows() as i32);
    let first = |mut it: Box<dyn Iterator<Item = Offset>>| {
        it.find(|o| board.contains(board.from_offset(*o)))
            .map(|o| board.from_offset(o))
    };
    match edge {
        Edge::North => (0..cols)
            .filter_map(|col| first(Box::new((0..rows).map(move |row| Offset { col, row }))))
            .collect(),
        Edge::South => (0..cols)
            .filter_map(|col| {
                first(Box::new(
                    (0..rows).rev().map(move |row| Offset { col, row }),
                ))
            })
            .collect(),
        Edge::West => (0..rows)
            .filter_map(|row| first(Box::new((0..cols).map(move |col| Offset { col, row }))))
            .collect(),
        Edge::East => (0..rows)
            .filter_map(|row| {
                first(Box::new(
                    (0..cols).rev().map(move |col| Offset { col, row }),
                ))
            })
            .collect(),
    }
}

/// A unit's entry: on which turn, where.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "Arrival")]
#[serde(deny_unknown_fields)]
pub struct Arrival<H = Hex> {
    /// The turn it enters the map (1 is the first).
    pub turn: u32,
    /// Where it enters: a hex, hexes or an edge stretch of a hex board; a point or an
    /// area of a table.
    pub at: Place<H>,
}

impl<H> Arrival<H> {
    /// The same arrival with its hexes named another way; `None` when `f` refuses one.
    pub fn try_map<K>(self, f: impl FnMut(H) -> Option<K>) -> Option<Arrival<K>> {
        Some(Arrival {
            turn: self.turn,
            at: self.at.try_map(f)?,
        })
    }
}

/// A unit's withdrawal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Leaving {
    /// The turn it is taken off the map.
    pub turn: u32,
}

string_enum! {
    /// What scores points.
    pub enum Score {
        /// Each enemy unit destroyed: 1, or its class's `unit_points`.
        Units = "units",
        /// Each objective held: its `value`.
        Objectives = "objectives",
    }
}

/// How a scenario is won: data, not prose. A condition with a `side` is that side's
/// alone; without one it is every side's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum VictoryCondition {
    /// The first side to score `target` points wins ("first to 6 banners").
    FirstTo {
        /// The side it is for; none: every side.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<String>,
        /// The points that win.
        target: u32,
        /// What scores.
        count: Vec<Score>,
        /// Points a destroyed unit of a class scores, by class; a class not named
        /// scores 1.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        unit_points: BTreeMap<String, u32>,
    },
    /// A side that holds every one of `objectives` at the end of `turn` (the last turn
    /// when not given) wins.
    Hold {
        /// The side it is for; none: every side.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<String>,
        /// The objectives to hold, by id.
        objectives: Vec<String>,
        /// The turn at whose end they are held; none: the last.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turn: Option<u32>,
    },
    /// At the end of `turn` (the last turn when not given) the side with more points
    /// wins.
    MostPoints {
        /// What scores.
        count: Vec<Score>,
        /// Points a destroyed unit of a class scores, by class; a class not named
        /// scores 1.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        unit_points: BTreeMap<String, u32>,
        /// The turn at whose end points are compared; none: the last.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turn: Option<u32>,
    },
    /// Sudden death: a side that takes any one of `objectives` wins at once.
    Take {
        /// The side it is for; none: every side.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<String>,
        /// The objectives any one of which wins, by id.
        objectives: Vec<String>,
    },
    /// Sudden death: a side that destroys every enemy unit of `class` wins at once.
    Destroy {
        /// The side it is for; none: every side.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<String>,
        /// The unit class to destroy.
        class: String,
    },
}

impl VictoryCondition {
    /// Its `kind` as written.
    pub fn kind(&self) -> &'static str {
        match self {
            VictoryCondition::FirstTo { .. } => "first-to",
            VictoryCondition::Hold { .. } => "hold",
            VictoryCondition::MostPoints { .. } => "most-points",
            VictoryCondition::Take { .. } => "take",
            VictoryCondition::Destroy { .. } => "destroy",
        }
    }

    /// The side it is for; `None`: every side.
    pub fn side(&self) -> Option<&str> {
        match self {
            VictoryCondition::FirstTo { side, .. }
            | VictoryCondition::Hold { side, .. }
            | VictoryCondition::Take { side, .. }
            | VictoryCondition::Destroy { side, .. } => side.as_deref(),
            VictoryCondition::MostPoints { .. } => None,
        }
    }

    /// The side it is for, to change (`None` for a condition of every side).
    pub fn side_mut(&mut self) -> Option<&mut String> {
        match self {
            VictoryCondition::FirstTo { side, .. }
            | VictoryCondition::Hold { side, .. }
            | VictoryCondition::Take { side, .. }
            | VictoryCondition::Destroy { side, .. } => side.as_mut(),
            VictoryCondition::MostPoints { .. } => None,
        }
    }

    /// The objectives it names.
    pub fn objectives(&self) -> &[String] {
        match self {
            VictoryCondition::Hold { objectives, .. }
            | VictoryCondition::Take { objectives, .. } => objectives,
            _ => &[],
        }
    }

    /// The turn it is judged at, as written (`hold` and `most-points`).
    pub fn turn(&self) -> Option<u32> {
        match self {
            VictoryCondition::Hold { turn, .. } | VictoryCondition::MostPoints { turn, .. } => {
                *turn
            }
            _ => None,
        }
    }

    /// In words, for the command line and the card: "first to 6 points (units,
    /// objectives)".
    pub fn describe(&self) -> String {
        let who = |side: &Option<String>| side.as_ref().map_or(String::new(), |s| format!("{s}: "));
        let at_end = |turn: &Option<u32>| match turn {
            Some(t) => format!("at the end of turn {t}"),
            None => "at the end".to_string(),
        };
        let counted = |count: &[Score]| {
            count
                .iter()
                .map(|c| c.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            VictoryCondition::FirstTo {
                side,
                target,
                count,
                ..
            } => format!("{}first to {target} points ({})", who(side), counted(count)),
            VictoryCondition::Hold {
                side,
                objectives,
                turn,
            } => format!(
                "{}hold {} {}",
                who(side),
                objectives.join(", "),
                at_end(turn)
            ),
            VictoryCondition::MostPoints { count, turn, .. } => {
                format!("most points ({}) {}", counted(count), at_end(turn))
            }
            VictoryCondition::Take { side, objectives } => {
                format!(
                    "{}sudden death on taking {}",
                    who(side),
                    objectives.join(" or ")
                )
            }
            VictoryCondition::Destroy { side, class } => {
                format!(
                    "{}sudden death on destroying every enemy {class}",
                    who(side)
                )
            }
        }
    }
}

/// Whether a unit is on the map during `turn`: from its arrival's turn (the first
/// without one) until the turn it leaves, which it spends off the map.
pub fn present_on<H>(u: &Unit<H>, turn: u32) -> bool {
    let from = u.arrives.as_ref().map_or(1, |a| a.turn);
    from <= turn && u.leaves.is_none_or(|l| turn < l.turn)
}

/// The forces of a scenario by turn: the units at the start, then for each turn that
/// changes something the units that arrive and those that leave (in the units' order).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Schedule<'s, H = Hex> {
    /// On the map at the start.
    pub start: Vec<&'s Unit<H>>,
    /// Each turn on which units arrive or leave, in order.
    pub turns: Vec<TurnForces<'s, H>>,
}

/// The units that arrive and leave on one turn.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnForces<'s, H = Hex> {
    /// The turn.
    pub turn: u32,
    /// The units that enter the map on it.
    pub arriving: Vec<&'s Unit<H>>,
    /// The units taken off the map on it.
    pub leaving: Vec<&'s Unit<H>>,
}

/// The [`Schedule`] of `units`.
pub fn schedule<H>(units: &[Unit<H>]) -> Schedule<'_, H> {
    let mut turns: BTreeMap<u32, TurnForces<H>> = BTreeMap::new();
    let mut start = Vec::new();
    let slot = |turns: &mut BTreeMap<u32, TurnForces<'_, H>>, turn| {
        turns.entry(turn).or_insert_with(|| TurnForces {
            turn,
            arriving: Vec::new(),
            leaving: Vec::new(),
        });
    };
    for u in units {
        match &u.arrives {
            Some(a) => {
                slot(&mut turns, a.turn);
                if let Some(t) = turns.get_mut(&a.turn) {
                    t.arriving.push(u);
                }
            }
            None => start.push(u),
        }
        if let Some(l) = u.leaves {
            slot(&mut turns, l.turn);
            if let Some(t) = turns.get_mut(&l.turn) {
                t.leaving.push(u);
            }
        }
    }
    Schedule {
        start,
        turns: turns.into_values().collect(),
    }
}

/// The most points `side` can score under `count`: every unit of another side
/// destroyed (each 1, or its class's `unit_points`) and every objective held.
pub fn max_points<H>(
    units: &[Unit<H>],
    objectives: &[Objective<H>],
    side: &str,
    count: &[Score],
    unit_points: &BTreeMap<String, u32>,
) -> u64 {
    let mut total = 0u64;
    if count.contains(&Score::Units) {
        total += units
            .iter()
            .filter(|u| !u.side.is_empty() && u.side != side)
            .map(|u| u64::from(unit_points.get(&u.class).copied().unwrap_or(1)))
            .sum::<u64>();
    }
    if count.contains(&Score::Objectives) {
        total += objectives.iter().map(|o| u64::from(o.value)).sum::<u64>();
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{HexBoard, Orientation, Stagger};

    #[test]
    fn a_written_place_is_exactly_one_kind() {
        let read = |text: &str| serde_json::from_str::<Place<String>>(text);
        assert_eq!(read(r#"{"hex": "A1"}"#).unwrap(), Place::Hex("A1".into()));
        let stretch = read(r#"{"edge": "west", "from": "A3", "to": "A6"}"#).unwrap();
        assert_eq!(
            stretch,
            Place::Edge {
                edge: Edge::West,
                from: Some("A3".into()),
                to: Some("A6".into())
            }
        );
        let e = read(r#"{"hex": "A1", "area": "w1"}"#).unwrap_err();
        assert!(e.to_string().contains("not hex and area"), "{e}");
        let e = read(r#"{"hex": "A1", "from": "A2", "to": "A3"}"#).unwrap_err();
        assert!(e.to_string().contains("from and to go with edge"), "{e}");
        assert!(read("{}").is_err());
        assert!(read(r#"{"hexx": "A1"}"#).is_err());
        let back = serde_json::to_string(&stretch).unwrap();
        assert_eq!(back, r#"{"edge":"west","from":"A3","to":"A6"}"#);
    }

    #[test]
    fn an_edge_runs_along_the_map_and_a_stretch_between_its_ends() {
        let mut b = HexBoard::new(Orientation::Pointy, 5, 4, Stagger::Odd).unwrap();
        let west = edge_hexes(&b, Edge::West);
        let labels: Vec<String> = west.iter().map(|h| b.label(*h)).collect();
        assert_eq!(labels, ["A1", "A2", "A3", "A4"]);
        // A hex set off the map leaves the next one in its row on the edge.
        let a2 = b.parse_label("A2").unwrap();
        b.set_off_board(a2, true);
        let labels: Vec<String> = edge_hexes(&b, Edge::West)
            .iter()
            .map(|h| b.label(*h))
            .collect();
        assert_eq!(labels, ["A1", "B2", "A3", "A4"]);
        let south: Vec<String> = edge_hexes(&b, Edge::South)
            .iter()
            .map(|h| b.label(*h))
            .collect();
        assert_eq!(south, ["A4", "B4", "C4", "D4", "E4"]);
        let h = |l: &str| b.parse_label(l).unwrap();
        let stretch = Place::Edge {
            edge: Edge::South,
            from: Some(h("D4")),
            to: Some(h("B4")),
        };
        let got: Vec<String> = stretch.hexes_on(&b).iter().map(|x| b.label(*x)).collect();
        assert_eq!(got, ["B4", "C4", "D4"]);
        let off = Place::Edge {
            edge: Edge::South,
            from: Some(h("B3")),
            to: Some(h("D4")),
        };
        assert!(off.hexes_on(&b).is_empty());
        assert_eq!(off.stretch_ends(&b), [h("B3")]);
    }

    #[test]
    fn the_schedule_lists_the_start_then_each_turn_that_changes_the_forces() {
        let mut a = Unit::<String>::new("a", "infantry");
        a.leaves = Some(Leaving { turn: 4 });
        let mut b = Unit::<String>::new("b", "cavalry");
        b.arrives = Some(Arrival {
            turn: 3,
            at: Place::Hex("A1".into()),
        });
        let c = Unit::<String>::new("c", "infantry");
        let units = [a, b, c];
        let s = schedule(&units);
        let ids = |v: &[&Unit<String>]| v.iter().map(|u| u.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&s.start), ["a", "c"]);
        assert_eq!(s.turns.len(), 2);
        assert_eq!(
            (s.turns[0].turn, ids(&s.turns[0].arriving)),
            (3, vec!["b".into()])
        );
        assert_eq!(
            (s.turns[1].turn, ids(&s.turns[1].leaving)),
            (4, vec!["a".into()])
        );
        assert!(present_on(&units[0], 3) && !present_on(&units[0], 4));
        assert!(!present_on(&units[1], 2) && present_on(&units[1], 3));
    }
}
