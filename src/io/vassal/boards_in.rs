//! Importing a map of several boards: the boards its `BoardPicker` lays out by default
//! (its `setup`, as [`super::setup::picker_choice`] writes it) become one hex or square
//! board whose `boards` place each, turned 180 degrees when chosen reversed. Each board
//! is read as [`super::import::import`] reads one board alone (its grid, its zones'
//! terrain, its at-start pieces); the boards are then put where VASSAL puts them (each
//! after the boards left of it in its row and below those above it in its column) and
//! must fall on one grid of cells, their labels reading as printed, or the map is
//! refused. Hexes and squares are laid out by one code: only the grid the boards' cells
//! are found on (a hex grid's stagger may flip) and a hex board's part hexes differ.

use hexx::{Hex, Vec2};

use super::import::{self, ImportError, Imported, MM_PER_PIXEL, UnitTable, grid_error};
use super::module::{self, Module};
use crate::board::background::Background;
use crate::board::freeform::Point;
use crate::board::{Board, Grid, HexBoard, Offset, PlacedBoard, SquareBoard, Stagger};
use crate::rules::Ruleset;
use crate::scenario::Scenario;

/// A board of the picker's default layout: its name, whether it is reversed, and its
/// slot's column and row.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    pub board: String,
    pub reversed: bool,
    pub column: u32,
    pub row: u32,
}

/// The boards the map `map`'s picker lays out by default (its `setup`), if it names any.
pub fn default_layout(build: &crate::io::xml::Element, map: &str) -> Option<Vec<Slot>> {
    let setup = module::maps(build)
        .into_iter()
        .filter(|(_, m)| m.get("mapName").unwrap_or("") == map)
        .filter_map(|(_, m)| m.first(module::BOARD_PICKER))
        .find_map(|p| p.first("setup"))?;
    let fields = super::sequence::decode(&setup.text, '\t');
    let slots: Option<Vec<Slot>> = fields
        .get(1..)?
        .chunks(3)
        .map(|f| {
            let [name, c, r] = f else { return None };
            let parts = super::sequence::decode(name, '/');
            let reversed = parts.get(1).is_some_and(|p| p == "rev");
            Some(Slot {
                board: parts.first()?.clone(),
                reversed,
                column: c.trim().parse().ok()?,
                row: r.trim().parse().ok()?,
            })
        })
        .collect();
    slots.filter(|s| !s.is_empty())
}

/// The map to import as a whole when no board is named: the one map (of those `map`
/// allows) whose default layout holds several boards, when the module's other boards
/// are no game boards.
pub fn several(module: &Module, map: Option<&str>) -> Option<(String, Vec<Slot>)> {
    let mut found: Vec<(String, Vec<Slot>)> = module::maps(&module.build)
        .into_iter()
        .map(|(_, m)| m.get("mapName").unwrap_or("").to_string())
        .filter(|name| map.is_none_or(|want| want == name))
        .filter_map(|name| {
            let slots = default_layout(&module.build, &name)?;
            (slots.len() > 1).then_some((name, slots))
        })
        .collect();
    if found.len() != 1 {
        return None;
    }
    let (name, slots) = found.remove(0);
    let others = module
        .boards()
        .into_iter()
        .filter(|b| b.board != super::setup::HOLDING_BOARD)
        .any(|b| b.map != name && map.is_none());
    (!others).then_some((name, slots))
}

/// A board of the layout: of hexes or of squares.
#[derive(Debug, Clone)]
enum Cells {
    Hex(HexBoard),
    Square(SquareBoard),
}

impl Cells {
    fn grid(&self) -> Grid<'_> {
        match self {
            Cells::Hex(b) => Grid::Hex(b),
            Cells::Square(b) => b.into(),
        }
    }

    fn background(&self) -> Option<&Background> {
        match self {
            Cells::Hex(b) => b.background.as_deref(),
            Cells::Square(b) => b.background.as_deref(),
        }
    }

    fn set_boards(&mut self, list: Vec<PlacedBoard>) -> Result<(), crate::board::PlacedError> {
        match self {
            Cells::Hex(b) => b.set_boards(list),
            Cells::Square(b) => b.set_boards(list),
        }
    }

    fn into_board(self) -> Board {
        match self {
            Cells::Hex(b) => Board::Hex(b),
            Cells::Square(b) => Board::Square(b),
        }
    }
}

/// One board read alone, and what places it.
struct Read {
    slot: Slot,
    imported: Imported,
    board: Cells,
    size: (u32, u32),
    image: Option<image::RgbaImage>,
    /// The board as read alone (a hex board's margins' part hexes too), and the offset
    /// on it of `board`'s first cell.
    printed: Cells,
    shift: Offset,
}

impl Read {
    /// The label as printed of `board`'s cell at offset `o`.
    fn printed_label(&self, o: Offset) -> String {
        let g = self.printed.grid();
        g.label(g.from_offset(Offset {
            col: o.col + self.shift.col,
            row: o.row + self.shift.row,
        }))
    }
}

/// The board without the part hexes at its image's edges: the largest rectangle left
/// when edge lines holding hexes off the image are taken away, and the offset of its
/// first hex on the board. Its labels, stagger and image stay those of the same hexes.
fn trim(b: &HexBoard) -> Option<(HexBoard, Offset)> {
    let (mut c0, mut r0, mut c1, mut r1) = (0, 0, b.columns as i32 - 1, b.rows as i32 - 1);
    let off = |c: i32, r: i32| b.is_off_board(b.from_offset(Offset { col: c, row: r }));
    loop {
        if c0 > c1 || r0 > r1 {
            return None;
        }
        if (r0..=r1).any(|r| off(c0, r)) {
            c0 += 1;
        } else if (r0..=r1).any(|r| off(c1, r)) {
            c1 -= 1;
        } else if (c0..=c1).any(|c| off(c, r0)) {
            r0 += 1;
        } else if (c0..=c1).any(|c| off(c, r1)) {
            r1 -= 1;
        } else {
            break;
        }
    }
    // The staggered lines keep their push: an odd number of them taken away before the
    // first flips the stagger.
    let pushed_lines = match b.orientation {
        crate::board::Orientation::Pointy => r0,
        crate::board::Orientation::Flat => c0,
    };
    let stagger = if pushed_lines % 2 == 1 {
        other(b.stagger)
    } else {
        b.stagger
    };
    let mut out = HexBoard::new(
        b.orientation,
        (c1 - c0 + 1) as u32,
        (r1 - r0 + 1) as u32,
        stagger,
    )
    .ok()?;
    out.hex_width_mm = b.hex_width_mm;
    out.spacing_mm = b.spacing_mm;
    out.labels = b.labels;
    out.numbering = b.numbering.clone().map(|mut n| {
        n.columns.first += n.columns.step * c0;
        n.rows.first += n.rows.step * r0;
        n
    });
    // The image moves with the layout's origin, which follows the rectangle's bounds.
    let shift = Offset { col: c0, row: r0 };
    let before = b.layout().centre(b.from_offset(shift));
    let after = out
        .layout()
        .centre(out.from_offset(Offset { col: 0, row: 0 }));
    out.background = b.background.clone().map(|mut bg| {
        bg.at = Point::new(
            bg.at.x + f64::from(after.x - before.x),
            bg.at.y + f64::from(after.y - before.y),
        );
        bg
    });
    Some((out, shift))
}

/// A board read alone cut to the rectangle its numbering prints, as [`trim`] cuts it,
/// when the part hexes at its image's edges are what no printed board labels: some of
/// them count below the numbering's first line (VASSAL names them `-B2`) and none of
/// the rectangle does. Its terrain, sides, units and tokens move with their hexes; a
/// board with any of them on a part hex is left as read (a map of several boards then
/// refuses it, naming the hex).
pub(super) fn printed_rectangle(scenario: &mut Scenario) {
    let Board::Hex(b) = &scenario.board else {
        return;
    };
    let Some((t, shift)) = trim(b) else { return };
    if (t.columns, t.rows) == (b.columns, b.rows) {
        return;
    }
    let inside = |o: Offset| {
        (shift.col..shift.col + t.columns as i32).contains(&o.col)
            && (shift.row..shift.row + t.rows as i32).contains(&o.row)
    };
    // A negative count prints with a `-`, as no printed board labels a hex.
    let below = |board: &HexBoard, o: Offset| {
        board.numbering.as_deref().is_some_and(|n| {
            let (c, r) = n.counts(board, o);
            c < 0 || r < 0
        })
    };
    let rectangle = |c: u32, r: u32| {
        (0..c as i32).flat_map(move |col| (0..r as i32).map(move |row| Offset { col, row }))
    };
    let part_below = rectangle(b.columns, b.rows).any(|o| !inside(o) && below(b, o));
    let printed_below = rectangle(t.columns, t.rows).any(|o| below(&t, o));
    if !part_below || printed_below {
        return;
    }
    let kept = |h: Hex| inside(b.to_offset(h));
    let lost = scenario.hexes.iter().any(|(h, _)| !kept(*h))
        || scenario
            .units
            .iter()
            .filter_map(|u| u.hex)
            .any(|h| !kept(h))
        || scenario.tokens.iter().any(|t| !kept(t.hex))
        || scenario
            .hexsides
            .keys()
            .any(|(k, _)| k.hexes().iter().all(|h| !kept(*h)));
    if lost {
        return;
    }
    // The lines keep their push, so the cut is a move of every hex by one step.
    let delta = b.from_offset(shift) - t.from_offset(Offset { col: 0, row: 0 });
    let cells = std::mem::take(&mut scenario.hexes);
    for (h, cell) in cells.iter() {
        scenario.hexes.insert(*h - delta, cell.clone());
    }
    scenario.hexsides = std::mem::take(&mut scenario.hexsides)
        .into_iter()
        .map(|((k, kind), a)| {
            let [x, y] = k.hexes();
            (
                (
                    crate::board::HexsideKey::between(x - delta, y - delta),
                    kind,
                ),
                a,
            )
        })
        .collect();
    for u in &mut scenario.units {
        u.hex = u.hex.map(|h| h - delta);
    }
    for tok in &mut scenario.tokens {
        tok.hex -= delta;
    }
    scenario.board = Board::Hex(t);
}

fn refuse(map: &str, reason: impl Into<String>) -> ImportError {
    ImportError::Grid {
        board: map.to_string(),
        reason: reason.into(),
    }
}

/// Why two boards' grids make no one grid, if they do not: hexes of one size, stagger
/// and numbering, or squares of one size and numbering.
fn other_grids(a: &Read, b: &Read) -> Option<String> {
    let (na, nb) = (&a.slot.board, &b.slot.board);
    match (&a.board, &b.board) {
        (Cells::Hex(x), Cells::Hex(y)) => {
            let same = x.orientation == y.orientation
                && (x.hex_width_mm - y.hex_width_mm).abs() < 1e-6
                && x.spacing_mm.map(|s| (s * 1e6).round())
                    == y.spacing_mm.map(|s| (s * 1e6).round())
                && x.stagger == y.stagger
                && x.numbering == y.numbering;
            (!same).then(|| {
                format!(
                    "boards '{na}' and '{nb}' have grids of other hexes, staggering or \
                     numbering, so they do not make one map of hexes; import each with --board"
                )
            })
        }
        (Cells::Square(x), Cells::Square(y)) => {
            let mm = |v: f64| (v * 1e6).round();
            let same = mm(x.cell_mm) == mm(y.cell_mm)
                && x.cell_height_mm.map(mm) == y.cell_height_mm.map(mm)
                && x.labels == y.labels
                && x.numbering == y.numbering;
            (!same).then(|| {
                format!(
                    "boards '{na}' and '{nb}' have squares of other sizes or numbering, so \
                     they do not make one map of squares; import each with --board"
                )
            })
        }
        (x, y) => Some(format!(
            "board '{na}' is a grid of {} and board '{nb}' one of {}, so they do not make \
             one map; import each with --board",
            x.grid().nouns(),
            y.grid().nouns()
        )),
    }
}

/// The map's boards as one scenario.
pub fn import(
    module: &Module,
    map: &str,
    slots: Vec<Slot>,
    ruleset: &Ruleset,
    units: Option<&UnitTable>,
) -> Result<import::Imported, ImportError> {
    let mut read = Vec::new();
    for slot in slots {
        let imported = import::import(module, Some(map), Some(&slot.board), ruleset, units)?;
        let board = match &imported.scenario.board {
            Board::Hex(b) => Cells::Hex(b.clone()),
            Board::Square(b) => Cells::Square(b.clone()),
            _ => {
                return Err(grid_error(
                    &slot.board,
                    "a map of several boards is imported when its boards are grids of hexes \
                     or of squares; this one is not (import it alone with --board)",
                ));
            }
        };
        let (size, image) = match &imported.image {
            Some((entry, bytes)) => {
                let img = image::load_from_memory(bytes).map_err(|e| ImportError::Image {
                    board: slot.board.clone(),
                    entry: entry.clone(),
                    reason: e.to_string(),
                })?;
                let img = img.to_rgba8();
                (img.dimensions(), Some(img))
            }
            None => {
                return Err(grid_error(
                    &slot.board,
                    "the board has no image; a map of several boards is laid out by its \
                     boards' images",
                ));
            }
        };
        read.push(Read {
            slot,
            imported,
            printed: board.clone(),
            board,
            size,
            image,
            shift: Offset { col: 0, row: 0 },
        });
    }
    for r in &read[1..] {
        if let Some(reason) = other_grids(&read[0], r) {
            return Err(refuse(map, reason));
        }
    }
    // A hex board's part hexes at its image's edges are left out; a square board holds
    // only squares whose centres are on its image.
    for r in &mut read {
        let Cells::Hex(b) = &r.board else { continue };
        let (board, shift) = trim(b).ok_or_else(|| {
            refuse(
                map,
                format!(
                    "board '{}' has no rectangle of hexes whose centres are all on its image",
                    r.slot.board
                ),
            )
        })?;
        r.printed = r.board.clone();
        r.board = Cells::Hex(board);
        r.shift = shift;
    }
    // Where VASSAL puts each board: after the widths of the boards left of it in its
    // row, below the heights of those above it in its column (`Map.getLocation`).
    let place = |r: &Read| -> (i64, i64) {
        let x = read
            .iter()
            .filter(|o| o.slot.row == r.slot.row && o.slot.column < r.slot.column)
            .map(|o| i64::from(o.size.0))
            .sum();
        let y = read
            .iter()
            .filter(|o| o.slot.column == r.slot.column && o.slot.row < r.slot.row)
            .map(|o| i64::from(o.size.1))
            .sum();
        (x, y)
    };
    // Each cell's centre in the map's pixels.
    let centre_px = |r: &Read, o: Offset| -> (f64, f64) {
        let g = r.board.grid();
        let c = g.layout().centre(g.from_offset(o));
        let (x, y) = r.board.background().map_or((0.0, 0.0), |bg| {
            bg.to_pixels((f64::from(c.x), f64::from(c.y)))
        });
        let (x, y) = if r.slot.reversed {
            (f64::from(r.size.0) - x, f64::from(r.size.1) - y)
        } else {
            (x, y)
        };
        let (px, py) = place(r);
        (x + px as f64, y + py as f64)
    };
    // The cells of one grid under them, relative to the first board's first cell.
    let first = read[0].board.grid();
    let probe = first.layout();
    let start = first.from_offset(Offset { col: 0, row: 0 });
    let origin_mm = probe.centre(start);
    let origin_px = centre_px(&read[0], Offset { col: 0, row: 0 });
    let tolerance = (first.cell_mm() * 0.1) as f32;
    let mut under: Vec<Vec<(Offset, Hex)>> = Vec::new();
    for r in &read {
        let g = r.board.grid();
        let mut list = Vec::new();
        for h in g.cells() {
            let o = g.to_offset(h);
            let (x, y) = centre_px(r, o);
            let mm = origin_mm
                + Vec2::new(
                    ((x - origin_px.0) * MM_PER_PIXEL) as f32,
                    ((y - origin_px.1) * MM_PER_PIXEL) as f32,
                );
            let cell = probe.hex_at(mm);
            if probe.centre(cell).distance(mm) > tolerance {
                return Err(refuse(
                    map,
                    format!(
                        "board '{}' as laid out does not put its {} on the {} of board \
                         '{}' (its {} {} falls between them); import each with --board",
                        r.slot.board,
                        g.nouns(),
                        g.nouns(),
                        read[0].slot.board,
                        g.noun(),
                        g.label(h)
                    ),
                ));
            }
            list.push((o, cell));
        }
        under.push(list);
    }
    let board = match &read[0].board {
        Cells::Hex(first) => one_grid(map, first, &read, &under)?,
        Cells::Square(first) => one_square_grid(map, first, &read, &under)?,
    };
    let g = board.grid();
    let mut scenario = Scenario::new(
        match module.name() {
            "" => map.to_string(),
            n => format!("{n}: {map}"),
        },
        ruleset.id.clone(),
        board.clone().into_board(),
    );
    scenario.description = format!(
        "Imported from the VASSAL module '{}', map '{}', boards {}.",
        module.name(),
        map,
        read.iter()
            .map(|r| format!("'{}'", r.slot.board))
            .collect::<Vec<_>>()
            .join(", ")
    );
    scenario.sides = read[0].imported.scenario.sides.clone();
    let mut left_out = Vec::new();
    let mut n = 0;
    for (r, p) in read.iter().zip(g.boards()) {
        let own = |h: Hex| {
            let o = r.printed.grid().to_offset(h);
            Offset {
                col: o.col - r.shift.col,
                row: o.row - r.shift.row,
            }
        };
        let to_map = |h: Hex| g.on_map(p, own(h));
        // Sides and facing read as the board is printed: turned with it.
        let turned = |sides: &[crate::board::Side]| -> Vec<crate::board::Side> {
            if p.rotation == 180 {
                sides.iter().map(|f| g.turned_half(*f)).collect()
            } else {
                sides.to_vec()
            }
        };
        let s = &r.imported.scenario;
        let lost = s
            .hexes
            .iter()
            .map(|(h, _)| *h)
            .chain(s.units.iter().filter_map(|u| u.hex))
            .chain(s.tokens.iter().map(|t| t.hex))
            .find(|h| !p.holds(own(*h)));
        if let Some(h) = lost {
            return Err(refuse(
                map,
                format!(
                    "board '{}' has terrain or a piece on {}, a part hex at its image's edge \
                     that the map of its boards leaves out; import it with --board",
                    r.slot.board,
                    r.printed.grid().label(h)
                ),
            ));
        }
        for (h, cell) in s.hexes.iter() {
            let mut cell = cell.clone();
            cell.facing = turned(&cell.facing);
            scenario.hexes.insert(to_map(*h), cell);
        }
        for ((key, kind), attrs) in &s.hexsides {
            let [a, b] = key.hexes();
            let key = crate::board::HexsideKey::between(to_map(a), to_map(b));
            scenario.hexsides.insert((key, kind.clone()), attrs.clone());
        }
        for t in &s.tokens {
            let mut t = t.clone();
            t.id = format!("t{}", scenario.tokens.len() + 1);
            t.hex = to_map(t.hex);
            t.facing = turned(&t.facing);
            scenario.tokens.push(t);
        }
        for u in &s.units {
            n += 1;
            let mut u = u.clone();
            u.id = format!("u{n}");
            u.hex = u.hex.map(to_map);
            scenario.units.push(u);
        }
        for side in &s.sides {
            if !scenario.sides.iter().any(|o| o.id == side.id) {
                scenario.sides.push(side.clone());
            }
        }
        left_out.extend(
            r.imported
                .left_out
                .iter()
                .map(|l| format!("board '{}': {l}", r.slot.board)),
        );
    }
    let image = composite(&read, &place)?;
    let mut entry = read[0].imported.board.clone();
    entry.board = read
        .iter()
        .map(|r| r.slot.board.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    entry.image = None;
    // The composite image is placed as the first board's first cell says.
    let at_map = g.on_map(&g.boards()[0], Offset { col: 0, row: 0 });
    let c = g.layout().centre(at_map);
    let background = Background {
        image: String::new(),
        at: Point::new(
            f64::from(c.x) - origin_px.0 * MM_PER_PIXEL,
            f64::from(c.y) - origin_px.1 * MM_PER_PIXEL,
        ),
        scale: MM_PER_PIXEL,
        // The link back for `export --into`: the map, its boards named by the placed
        // boards.
        vassal: Some(crate::board::VassalBoard {
            map: map.to_string(),
            board: entry.board.clone(),
            zone: None,
            module: None,
        }),
        measure: None,
    };
    match &mut scenario.board {
        Board::Hex(b) => b.background = Some(Box::new(background)),
        Board::Square(b) => b.background = Some(Box::new(background)),
        _ => {}
    }
    Ok(Imported {
        scenario,
        image: Some(("images/boards.png".into(), image)),
        left_out,
        board: entry,
    })
}

/// The map of the boards when each board's cell lies on the map's cell at offset
/// `at(h)` (`h`: the cell of the first board's grid under it), on a board `new` makes
/// of the rectangle they span: refused unless every board lies on it as a placed board
/// does, its labels reading as printed, and the boards fill the rectangle.
fn lay(
    read: &[Read],
    under: &[Vec<(Offset, Hex)>],
    at: impl Fn(Hex) -> Offset,
    new: impl Fn(u32, u32) -> Result<Cells, String>,
) -> Result<Cells, String> {
    let offs: Vec<Offset> = under.iter().flatten().map(|(_, h)| at(*h)).collect();
    if offs.iter().any(|o| o.col < 0 || o.row < 0) {
        return Err("the boards reach before the map's first line".into());
    }
    let columns = offs.iter().map(|o| o.col).max().unwrap_or(0) as u32 + 1;
    let rows = offs.iter().map(|o| o.row).max().unwrap_or(0) as u32 + 1;
    let mut board = new(columns, rows)?;
    let mut placed = Vec::new();
    for (r, list) in read.iter().zip(under) {
        let g = r.board.grid();
        let (columns, rows) = (g.columns(), g.rows());
        // The top-left cell as it lies: the first, or turned, the last.
        let corner = if r.slot.reversed {
            Offset {
                col: columns as i32 - 1,
                row: rows as i32 - 1,
            }
        } else {
            Offset { col: 0, row: 0 }
        };
        let Some((_, h)) = list.iter().find(|(o, _)| *o == corner) else {
            return Err(format!("board '{}' lost its corner", r.slot.board));
        };
        let o = at(*h);
        if o.col < 0 || o.row < 0 {
            return Err(format!("board '{}' lies outside the map", r.slot.board));
        }
        placed.push(PlacedBoard::new(
            &r.slot.board,
            columns,
            rows,
            [o.col as u32, o.row as u32],
            if r.slot.reversed { 180 } else { 0 },
        ));
    }
    board.set_boards(placed).map_err(|e| e.to_string())?;
    // Every cell where the boards' pixels put it, and labelled as printed.
    let g = board.grid();
    let fits = read
        .iter()
        .zip(under)
        .zip(g.boards())
        .all(|((r, list), p)| {
            list.iter().all(|(o, h)| {
                let cell = g.from_offset(at(*h));
                g.on_map(p, *o) == cell
                    && g.label(cell) == format!("{}{}", p.name, r.printed_label(*o))
            })
        });
    if fits && offs.len() == (columns * rows) as usize {
        return Ok(board);
    }
    Err(format!(
        "the boards' {} do not fill one rectangle of {} as placed boards, labelled as printed",
        g.nouns(),
        g.nouns()
    ))
}

fn not_one_grid(map: &str, why: String) -> ImportError {
    refuse(
        map,
        format!(
            "its boards as laid out cannot be one map of placed boards ({why}); import each \
             with --board"
        ),
    )
}

/// The map's rectangle of hexes and its boards, from the hexes of one grid each board's
/// hexes fall on.
fn one_grid(
    map: &str,
    first: &HexBoard,
    read: &[Read],
    under: &[Vec<(Offset, Hex)>],
) -> Result<Cells, ImportError> {
    let mut last_err = String::new();
    for stagger in [first.stagger, other(first.stagger)] {
        let offs: Vec<Offset> = under
            .iter()
            .flatten()
            .map(|(_, h)| crate::board::hex::offset_of(first.orientation, stagger, *h))
            .collect();
        let (Some(c0), Some(r0)) = (
            offs.iter().map(|o| o.col).min(),
            offs.iter().map(|o| o.row).min(),
        ) else {
            return Err(refuse(map, "the boards have no hexes"));
        };
        let shift =
            crate::board::hex::axial_of(first.orientation, stagger, Offset { col: c0, row: r0 });
        // A shift by an odd number of staggered lines flips the stagger: try both.
        for s in [stagger, other(stagger)] {
            let at = |h: Hex| crate::board::hex::offset_of(first.orientation, s, h - shift);
            let new = |columns, rows| {
                let mut board = HexBoard::new(first.orientation, columns, rows, s)
                    .map_err(|e| e.to_string())?;
                board.hex_width_mm = first.hex_width_mm;
                board.spacing_mm = first.spacing_mm;
                board.numbering = first.numbering.clone();
                board.labels = first.labels;
                Ok(Cells::Hex(board))
            };
            match lay(read, under, at, new) {
                Ok(board) => return Ok(board),
                Err(e) => last_err = e,
            }
        }
    }
    Err(not_one_grid(map, last_err))
}

/// The map's rectangle of squares and its boards, from the squares of one grid each
/// board's squares fall on.
fn one_square_grid(
    map: &str,
    first: &SquareBoard,
    read: &[Read],
    under: &[Vec<(Offset, Hex)>],
) -> Result<Cells, ImportError> {
    let all = || under.iter().flatten().map(|(_, h)| *h);
    let (Some(c0), Some(r0)) = (all().map(|h| h.x).min(), all().map(|h| h.y).min()) else {
        return Err(refuse(map, "the boards have no squares"));
    };
    let at = |h: Hex| Offset {
        col: h.x - c0,
        row: h.y - r0,
    };
    let new = |columns, rows| {
        let mut board = SquareBoard::new(columns, rows).map_err(|e| e.to_string())?;
        board.cell_mm = first.cell_mm;
        board.cell_height_mm = first.cell_height_mm;
        board.numbering = first.numbering.clone();
        board.labels = first.labels;
        Ok(Cells::Square(board))
    };
    lay(read, under, at, new).map_err(|e| not_one_grid(map, e))
}

fn other(s: Stagger) -> Stagger {
    match s {
        Stagger::Odd => Stagger::Even,
        Stagger::Even => Stagger::Odd,
    }
}

/// The boards' images as VASSAL lays them out, reversed ones turned, as one PNG.
fn composite(read: &[Read], place: &dyn Fn(&Read) -> (i64, i64)) -> Result<Vec<u8>, ImportError> {
    let mut w = 0;
    let mut h = 0;
    for r in read {
        let (x, y) = place(r);
        w = w.max(x + i64::from(r.size.0));
        h = h.max(y + i64::from(r.size.1));
    }
    let mut out = image::RgbaImage::new(w as u32, h as u32);
    for r in read {
        let Some(img) = &r.image else { continue };
        let img = if r.slot.reversed {
            image::imageops::rotate180(img)
        } else {
            img.clone()
        };
        let (x, y) = place(r);
        image::imageops::replace(&mut out, &img, x, y);
    }
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgba8(out)
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .map_err(|e| ImportError::Image {
            board: read
                .iter()
                .map(|r| r.slot.board.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            entry: "boards.png".into(),
            reason: e.to_string(),
        })?;
    Ok(bytes)
}
