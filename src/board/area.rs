//! Area maps: named areas (or points) joined by connections, as card-driven and block
//! games print them and VASSAL holds them in a `ZonedGrid` of irregular zones or a
//! `RegionGrid` of points.
//!
//! An area is held in the same integer pair as a hex (`hexx::Hex`): `x` its index in
//! the board's list, `y` 0. The scenario's cell maps, edits, undo and units then hold
//! areas unchanged, as they hold squares; only geometry (this module,
//! [`super::grid::Grid`]) tells them apart. The connections are the neighbours: movement
//! follows them, and no line is traced across the map.

use hexx::{Hex, Vec2};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use super::background::{Background, BackgroundError};
use super::freeform::Point;
use super::label::LabelError;

/// The most areas a map holds.
pub const MAX_AREAS: usize = 10_000;

/// One area of the map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Area {
    /// How files, units and findings name it: unique on the map.
    pub id: String,
    /// Its name as the map prints it; default the id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its outline in millimetres, a closed polygon of at least three points (no
    /// repeated last point). Optional on a point-to-point map.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub polygon: Vec<Point>,
    /// Its point in millimetres: where a point-to-point map prints the place, and where
    /// units and the name stand; default the polygon's centre.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub point: Option<Point>,
    /// The most units it holds, when the map prints a limit on it (in place of the
    /// ruleset's stacking limit there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stacking: Option<usize>,
}

/// A connection between two areas: units move along it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Connection {
    /// The two areas' ids.
    pub between: [String; 2],
    /// What it is (a road, a strait, a river crossing): a kind of the ruleset's
    /// `hexsides` list, whose movement and battle effects apply to whoever crosses it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Movement points added to the cost of the area entered along it; default 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cost: u32,
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

/// A map of areas, as written in a scenario's `board` (`kind: "area"`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "AreaBoardSpec", into = "AreaBoardSpec")]
pub struct AreaBoard {
    /// The map's width in millimetres.
    pub width_mm: f64,
    /// The map's height in millimetres.
    pub height_mm: f64,
    /// The areas, in the order files list them: an area's cell is its index.
    pub areas: Vec<Area>,
    /// The connections.
    pub connections: Vec<Connection>,
    /// A counter's width in millimetres, which symbols and lines are drawn in
    /// proportion to.
    pub counter_mm: f64,
    /// An image drawn under the areas.
    pub background: Option<Box<Background>>,
    /// Each area's neighbours (area index, connection index), worked out once.
    links: Vec<SmallVec<[(u32, u32); 8]>>,
}

/// The written form of an area map.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "AreaBoard")]
#[serde(deny_unknown_fields)]
pub struct AreaBoardSpec {
    /// The map's width in millimetres: a positive number.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub width_mm: f64,
    /// The map's height in millimetres: a positive number.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub height_mm: f64,
    /// The areas; each id once.
    pub areas: Vec<Area>,
    /// The connections between areas; each names two areas of the list.
    #[serde(default)]
    pub connections: Vec<Connection>,
    /// A counter's width in millimetres; default 20.
    #[serde(default = "default_counter")]
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub counter_mm: f64,
    /// An image drawn under the areas: a module's printed map, a scan to trace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<Background>,
}

fn default_counter() -> f64 {
    20.0
}

/// Why an area map cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AreaBoardError {
    /// The width, height or counter size is not a positive number (the key, the value).
    #[error("{0} must be a positive number, not {1}")]
    Size(&'static str, f64),
    /// Too many areas.
    #[error("an area map has at most {MAX_AREAS} areas, not {0}")]
    Count(usize),
    /// Two areas share an id.
    #[error("two areas have the id '{0}'")]
    Duplicate(String),
    /// An area's polygon has one or two points.
    #[error("area '{0}': a polygon has at least 3 points, not {1}")]
    Polygon(String, usize),
    /// An area has neither a polygon nor a point.
    #[error("area '{0}' has neither a polygon nor a point")]
    Nowhere(String),
    /// A point that is not a number.
    #[error("area '{0}': a point is not a number")]
    NotANumber(String),
    /// A connection names an area the map does not have.
    #[error("connection {0} ({1} - {2}) names '{3}', which is not an area of the map")]
    UnknownArea(usize, String, String, String),
    /// A connection joins an area to itself.
    #[error("connection {0} joins '{1}' to itself")]
    Loop(usize, String),
    /// The background image cannot be used.
    #[error("{0}")]
    Background(#[from] BackgroundError),
}

/// The number (1-based) of the connection an [`AreaBoardError::UnknownArea`] or
/// [`AreaBoardError::Loop`] message names, read back from the message a reader passed
/// on: the reader knows only the text, and places the error by it.
pub fn connection_number(message: &str) -> Option<usize> {
    let rest = &message[message.find("connection ")? + "connection ".len()..];
    let digits = rest.find(|c: char| !c.is_ascii_digit())?;
    let after = &rest[digits..];
    if !(after.starts_with(" (") || after.starts_with(" joins ")) {
        return None;
    }
    rest[..digits].parse().ok()
}

impl TryFrom<AreaBoardSpec> for AreaBoard {
    type Error = AreaBoardError;
    fn try_from(spec: AreaBoardSpec) -> Result<Self, AreaBoardError> {
        let positive = |key: &'static str, v: f64| {
            if v.is_finite() && v > 0.0 {
                Ok(v)
            } else {
                Err(AreaBoardError::Size(key, v))
            }
        };
        positive("width_mm", spec.width_mm)?;
        positive("height_mm", spec.height_mm)?;
        positive("counter_mm", spec.counter_mm)?;
        if let Some(b) = &spec.background {
            b.check()?;
        }
        let mut board = AreaBoard::new(spec.width_mm, spec.height_mm, spec.areas)?;
        board.counter_mm = spec.counter_mm;
        board.background = spec.background.map(Box::new);
        for c in spec.connections {
            board.connect(c)?;
        }
        Ok(board)
    }
}

impl From<AreaBoard> for AreaBoardSpec {
    fn from(board: AreaBoard) -> Self {
        AreaBoardSpec {
            width_mm: board.width_mm,
            height_mm: board.height_mm,
            areas: board.areas,
            connections: board.connections,
            counter_mm: board.counter_mm,
            background: board.background.map(|b| *b),
        }
    }
}

impl AreaBoard {
    /// A map of `width` x `height` millimetres holding `areas` and no connections.
    ///
    /// ```
    /// use sandtable::board::area::{Area, AreaBoard, Connection};
    ///
    /// let area = |id: &str, x: f64| Area {
    ///     id: id.into(),
    ///     name: None,
    ///     polygon: vec![[x, 0.0].into(), [x + 10.0, 0.0].into(), [x, 10.0].into()],
    ///     point: None,
    ///     stacking: None,
    /// };
    /// let mut board = AreaBoard::new(100.0, 50.0, vec![area("a", 0.0), area("b", 20.0)]).unwrap();
    /// board.connect(Connection { between: ["a".into(), "b".into()], kind: None, cost: 0 }).unwrap();
    /// assert_eq!(board.neighbours(board.cell("a").unwrap()).len(), 1);
    /// ```
    pub fn new(width_mm: f64, height_mm: f64, areas: Vec<Area>) -> Result<Self, AreaBoardError> {
        if areas.len() > MAX_AREAS {
            return Err(AreaBoardError::Count(areas.len()));
        }
        let mut seen = std::collections::HashSet::new();
        for a in &areas {
            if !seen.insert(a.id.as_str()) {
                return Err(AreaBoardError::Duplicate(a.id.clone()));
            }
            if !a.polygon.is_empty() && a.polygon.len() < 3 {
                return Err(AreaBoardError::Polygon(a.id.clone(), a.polygon.len()));
            }
            if a.polygon.is_empty() && a.point.is_none() {
                return Err(AreaBoardError::Nowhere(a.id.clone()));
            }
            if !a.polygon.iter().chain(&a.point).all(|p| p.is_finite()) {
                return Err(AreaBoardError::NotANumber(a.id.clone()));
            }
        }
        Ok(AreaBoard {
            width_mm,
            height_mm,
            links: vec![SmallVec::new(); areas.len()],
            areas,
            connections: Vec::new(),
            counter_mm: default_counter(),
            background: None,
        })
    }

    /// Adds a connection, refusing one that names an area the map lacks or joins an
    /// area to itself.
    pub fn connect(&mut self, c: Connection) -> Result<(), AreaBoardError> {
        let i = self.connections.len();
        let [a, b] = &c.between;
        let find = |id: &str| {
            self.index(id)
                .ok_or_else(|| AreaBoardError::UnknownArea(i + 1, a.clone(), b.clone(), id.into()))
        };
        let (x, y) = (find(a)?, find(b)?);
        if x == y {
            return Err(AreaBoardError::Loop(i + 1, a.clone()));
        }
        self.links[x].push((y as u32, i as u32));
        self.links[y].push((x as u32, i as u32));
        self.connections.push(c);
        Ok(())
    }

    /// Adds an area at the end of the list (its cell is the next index).
    pub fn push(&mut self, area: Area) -> Result<Hex, AreaBoardError> {
        let mut areas = std::mem::take(&mut self.areas);
        areas.push(area);
        let rebuilt = AreaBoard::new(self.width_mm, self.height_mm, areas.clone());
        match rebuilt {
            Ok(_) => {
                self.areas = areas;
                self.links.push(SmallVec::new());
                Ok(Hex::new(self.areas.len() as i32 - 1, 0))
            }
            Err(e) => {
                areas.pop();
                self.areas = areas;
                Err(e)
            }
        }
    }

    /// The index of the area `id`.
    pub fn index(&self, id: &str) -> Option<usize> {
        self.areas.iter().position(|a| a.id == id)
    }

    /// The cell of the area `id`.
    pub fn cell(&self, id: &str) -> Option<Hex> {
        self.index(id).map(|i| Hex::new(i as i32, 0))
    }

    /// The area a cell stands for, if the map has it.
    pub fn area(&self, cell: Hex) -> Option<&Area> {
        if cell.y != 0 || cell.x < 0 {
            return None;
        }
        self.areas.get(cell.x as usize)
    }

    /// Whether the cell is an area of the map.
    pub fn contains(&self, cell: Hex) -> bool {
        self.area(cell).is_some()
    }

    /// Every area's cell, in the list's order.
    pub fn cells(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.areas.len() as i32).map(|i| Hex::new(i, 0))
    }

    /// The area's id (how files name it), or `area N` for a cell off the map.
    pub fn label(&self, cell: Hex) -> String {
        self.area(cell)
            .map_or_else(|| format!("area {}", cell.x + 1), |a| a.id.clone())
    }

    /// The area named `text` (its id).
    pub fn cell_at(&self, text: &str) -> Result<Hex, LabelError> {
        self.cell(text).ok_or_else(|| LabelError::NoArea {
            label: text.to_string(),
        })
    }

    /// The areas joined to `cell` by a connection, each once.
    pub fn neighbours(&self, cell: Hex) -> SmallVec<[Hex; 8]> {
        let mut out: SmallVec<[Hex; 8]> = SmallVec::new();
        if self.contains(cell) {
            for (n, _) in &self.links[cell.x as usize] {
                let h = Hex::new(*n as i32, 0);
                if !out.contains(&h) {
                    out.push(h);
                }
            }
        }
        out
    }

    /// The connections between two areas (usually one).
    pub fn connections_between(&self, a: Hex, b: Hex) -> impl Iterator<Item = &Connection> {
        let links = if self.contains(a) {
            self.links[a.x as usize].as_slice()
        } else {
            &[]
        };
        links
            .iter()
            .filter(move |(n, _)| *n as i32 == b.x && b.y == 0)
            .map(|(_, c)| &self.connections[*c as usize])
    }

    /// Connections crossed between two areas, fewest first: a breadth-first walk of
    /// the connections; `u32::MAX` when no chain of connections joins them.
    pub fn distance(&self, a: Hex, b: Hex) -> u32 {
        if a == b {
            return 0;
        }
        let rings = self.rings(a, u32::MAX);
        rings
            .iter()
            .position(|ring| ring.contains(&b))
            .map_or(u32::MAX, |d| d as u32)
    }

    /// The areas at each number of connections from `centre` (ring 0 is `centre`),
    /// up to `radius`.
    pub fn rings(&self, centre: Hex, radius: u32) -> Vec<Vec<Hex>> {
        if !self.contains(centre) {
            return vec![vec![centre]];
        }
        let mut seen = vec![false; self.areas.len()];
        seen[centre.x as usize] = true;
        let mut rings = vec![vec![centre]];
        while (rings.len() as u32) <= radius {
            let mut next = Vec::new();
            for h in rings.last().into_iter().flatten() {
                for n in self.neighbours(*h) {
                    if !seen[n.x as usize] {
                        seen[n.x as usize] = true;
                        next.push(n);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            rings.push(next);
        }
        rings
    }

    /// The area's centre in millimetres: its point, else its polygon's centroid.
    pub fn centre(&self, cell: Hex) -> Vec2 {
        let Some(a) = self.area(cell) else {
            return Vec2::ZERO;
        };
        if let Some(p) = a.point {
            return Vec2::new(p.x as f32, p.y as f32);
        }
        centroid(&a.polygon)
    }

    /// The area's outline in millimetres: its polygon, or on a point-to-point map a
    /// small octagon around its point a counter wide.
    pub fn outline(&self, cell: Hex) -> SmallVec<[Vec2; 6]> {
        let Some(a) = self.area(cell) else {
            return SmallVec::new();
        };
        if !a.polygon.is_empty() {
            return a
                .polygon
                .iter()
                .map(|p| Vec2::new(p.x as f32, p.y as f32))
                .collect();
        }
        let c = self.centre(cell);
        let r = self.counter_mm as f32 * 0.75;
        (0..8)
            .map(|i| {
                let t = std::f32::consts::TAU * (i as f32 + 0.5) / 8.0;
                c + Vec2::new(t.cos(), t.sin()) * r
            })
            .collect()
    }

    /// The area holding a point (the last one listed where areas overlap); a cell off
    /// the map when none does.
    pub fn cell_at_point(&self, p: Vec2) -> Hex {
        (0..self.areas.len() as i32)
            .rev()
            .map(|i| Hex::new(i, 0))
            .find(|c| inside(&self.outline(*c), p))
            .unwrap_or(Hex::new(-1, 0))
    }

    /// The map's size in millimetres.
    pub fn size(&self) -> Vec2 {
        Vec2::new(self.width_mm as f32, self.height_mm as f32)
    }

    /// The stacking limit the map prints on an area.
    pub fn stacking(&self, cell: Hex) -> Option<usize> {
        self.area(cell).and_then(|a| a.stacking)
    }

    /// The area's name as printed: its name, or its id.
    pub fn name(&self, cell: Hex) -> Option<&str> {
        self.area(cell).map(|a| a.name.as_deref().unwrap_or(&a.id))
    }
}

/// The centroid of a polygon's area (its vertices' mean when it has no area).
pub fn centroid(points: &[Point]) -> Vec2 {
    let n = points.len();
    if n == 0 {
        return Vec2::ZERO;
    }
    let (mut a, mut cx, mut cy) = (0.0, 0.0, 0.0);
    for i in 0..n {
        let (p, q) = (points[i], points[(i + 1) % n]);
        let cross = p.x * q.y - q.x * p.y;
        a += cross;
        cx += (p.x + q.x) * cross;
        cy += (p.y + q.y) * cross;
    }
    if a.abs() < 1e-9 {
        let (sx, sy) = points
            .iter()
            .fold((0.0, 0.0), |(x, y), p| (x + p.x, y + p.y));
        return Vec2::new((sx / n as f64) as f32, (sy / n as f64) as f32);
    }
    Vec2::new((cx / (3.0 * a)) as f32, (cy / (3.0 * a)) as f32)
}

/// Whether `p` lies inside the polygon (even-odd rule).
pub fn inside(polygon: &[Vec2], p: Vec2) -> bool {
    let n = polygon.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + n - 1) % n]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(id: &str, x: f64) -> Area {
        Area {
            id: id.into(),
            name: None,
            polygon: vec![
                [x, 0.0].into(),
                [x + 10.0, 0.0].into(),
                [x + 10.0, 10.0].into(),
                [x, 10.0].into(),
            ],
            point: None,
            stacking: None,
        }
    }

    fn link(a: &str, b: &str) -> Connection {
        Connection {
            between: [a.into(), b.into()],
            kind: None,
            cost: 0,
        }
    }

    #[test]
    fn connections_are_the_neighbours_and_distances_count_them() {
        let mut b = AreaBoard::new(
            100.0,
            20.0,
            vec![square("a", 0.0), square("b", 20.0), square("c", 40.0)],
        )
        .unwrap();
        b.connect(link("a", "b")).unwrap();
        b.connect(link("b", "c")).unwrap();
        let [a, c] = [b.cell("a").unwrap(), b.cell("c").unwrap()];
        assert_eq!(b.distance(a, c), 2);
        assert_eq!(b.neighbours(b.cell("b").unwrap()).len(), 2);
        assert_eq!(b.cell_at_point(Vec2::new(45.0, 5.0)), c);
        assert!(!b.contains(b.cell_at_point(Vec2::new(15.0, 5.0))));
        assert_eq!(b.centre(a), Vec2::new(5.0, 5.0));
        assert!(matches!(
            b.connect(link("a", "z")),
            Err(AreaBoardError::UnknownArea(3, _, _, z)) if z == "z"
        ));
    }

    #[test]
    fn duplicate_ids_and_short_polygons_are_refused() {
        let dup = AreaBoard::new(50.0, 50.0, vec![square("a", 0.0), square("a", 20.0)]);
        assert_eq!(dup.unwrap_err().to_string(), "two areas have the id 'a'");
        let mut thin = square("t", 0.0);
        thin.polygon.truncate(2);
        let e = AreaBoard::new(50.0, 50.0, vec![thin]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "area 't': a polygon has at least 3 points, not 2"
        );
    }
}
