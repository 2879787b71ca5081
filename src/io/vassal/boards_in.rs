//! Importing a map of several boards: the boards its `BoardPicker` lays out by default
//! (its `setup`, as [`super::setup::picker_choice`] writes it) become one hex board whose
//! `boards` place each, turned 180 degrees when chosen reversed. Each board is read as
//! [`super::import::import`] reads one board alone (its grid, its zones' terrain, its
//! at-start pieces); the boards are then put where VASSAL puts them (each after the
//! boards left of it in its row and below those above it in its column) and must fall
//! on one grid of hexes, their labels reading as printed, or the map is refused.

use hexx::{Hex, Vec2};

use super::import::{self, ImportError, Imported, MM_PER_PIXEL, UnitTable, grid_error};
use super::module::{self, Module};
use crate::board::background::Background;
use crate::board::freeform::Point;
use crate::board::{Board, HexBoard, Offset, PlacedBoard, Stagger};
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

/// One board read alone, and what places it.
struct Read {
    slot: Slot,
    imported: Imported,
    board: HexBoard,
    size: (u32, u32),
    image: Option<image::RgbaImage>,
    /// The board as read alone (its margins' part hexes too), and the offset on it of
    /// `board`'s first hex.
    printed: HexBoard,
    shift: Offset,
}

impl Read {
    /// The label as printed of `board`'s hex at offset `o`.
    fn printed_label(&self, o: Offset) -> String {
        self.printed.label(self.printed.from_offset(Offset {
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
        let Board::Hex(board) = &imported.scenario.board else {
            return Err(grid_error(
                &slot.board,
                "a map of several boards is imported when its boards are hex boards; \
                 this one is not (import it alone with --board)",
            ));
        };
        let board = board.clone();
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
    let first = read[0].board.clone();
    for r in &read[1..] {
        let b = &r.board;
        let same = b.orientation == first.orientation
            && (b.hex_width_mm - first.hex_width_mm).abs() < 1e-6
            && b.spacing_mm.map(|s| (s * 1e6).round())
                == first.spacing_mm.map(|s| (s * 1e6).round())
            && b.stagger == first.stagger
            && b.numbering == first.numbering;
        if !same {
            return Err(refuse(
                map,
                format!(
                    "boards '{}' and '{}' have grids of other hexes, staggering or numbering, \
                     so they do not make one map of hexes; import each with --board",
                    read[0].slot.board, r.slot.board
                ),
            ));
        }
    }
    for r in &mut read {
        let (board, shift) = trim(&r.board).ok_or_else(|| {
            refuse(
                map,
                format!(
                    "board '{}' has no rectangle of hexes whose centres are all on its image",
                    r.slot.board
                ),
            )
        })?;
        r.printed = r.board.clone();
        r.board = board;
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
    // Each hex's centre in the map's pixels.
    let centre_px = |r: &Read, o: Offset| -> (f64, f64) {
        let c = r.board.layout().centre(r.board.from_offset(o));
        let bg = r.board.background.as_deref();
        let (x, y) = bg.map_or((0.0, 0.0), |bg| {
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
    // The hexes of one grid under them, relative to the first board's first hex.
    let probe = read[0].board.layout();
    let start = read[0].board.from_offset(Offset { col: 0, row: 0 });
    let origin_mm = probe.centre(start);
    let origin_px = centre_px(&read[0], Offset { col: 0, row: 0 });
    let tolerance = (first.hex_width_mm * 0.1) as f32;
    let mut under: Vec<Vec<(Offset, Hex)>> = Vec::new();
    for r in &read {
        let mut list = Vec::new();
        for h in r.board.hexes() {
            let o = r.board.to_offset(h);
            let (x, y) = centre_px(r, o);
            let mm = origin_mm
                + Vec2::new(
                    ((x - origin_px.0) * MM_PER_PIXEL) as f32,
                    ((y - origin_px.1) * MM_PER_PIXEL) as f32,
                );
            let hex = probe.hex_at(mm);
            if probe.centre(hex).distance(mm) > tolerance {
                return Err(refuse(
                    map,
                    format!(
                        "board '{}' as laid out does not put its hexes on the hexes of board \
                         '{}' (its hex {} falls between them); import each with --board",
                        r.slot.board,
                        read[0].slot.board,
                        r.board.label(h)
                    ),
                ));
            }
            list.push((o, hex));
        }
        under.push(list);
    }
    let board = one_grid(map, &read, &under)?;
    let mut scenario = Scenario::new(
        match module.name() {
            "" => map.to_string(),
            n => format!("{n}: {map}"),
        },
        ruleset.id.clone(),
        Board::Hex(board.clone()),
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
    for (r, p) in read.iter().zip(board.boards()) {
        let own = |h: Hex| {
            let o = r.printed.to_offset(h);
            Offset {
                col: o.col - r.shift.col,
                row: o.row - r.shift.row,
            }
        };
        let to_map = |h: Hex| p.to_map(board.orientation, board.stagger, own(h));
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
                    r.printed.label(h)
                ),
            ));
        }
        for (h, cell) in s.hexes.iter() {
            scenario.hexes.insert(to_map(*h), cell.clone());
        }
        if !s.hexsides.is_empty() && p.rotation == 180 {
            return Err(refuse(
                map,
                format!(
                    "board '{}' is reversed and its zones name hexsides, which Sandtable \
                     does not yet turn with it; import it with --board",
                    r.slot.board
                ),
            ));
        }
        for ((key, kind), attrs) in &s.hexsides {
            let [a, b] = key.hexes();
            let key = crate::board::HexsideKey::between(to_map(a), to_map(b));
            scenario.hexsides.insert((key, kind.clone()), attrs.clone());
        }
        // A token's front sides are the printed board's: turned with it.
        for t in &s.tokens {
            let mut t = t.clone();
            t.id = format!("t{}", scenario.tokens.len() + 1);
            t.hex = to_map(t.hex);
            if p.rotation == 180 {
                t.facing = t
                    .facing
                    .iter()
                    .filter_map(|f| f.opposite(board.orientation))
                    .collect();
            }
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
    // The composite image is placed as the first board's first hex says.
    if let Board::Hex(b) = &mut scenario.board {
        let at_map =
            board.boards()[0].to_map(board.orientation, board.stagger, Offset { col: 0, row: 0 });
        let c = b.layout().centre(at_map);
        b.background = Some(Box::new(Background {
            image: String::new(),
            at: Point::new(
                f64::from(c.x) - origin_px.0 * MM_PER_PIXEL,
                f64::from(c.y) - origin_px.1 * MM_PER_PIXEL,
            ),
            scale: MM_PER_PIXEL,
            // The link back for `export --into`: the map, its boards named by the
            // placed boards.
            vassal: Some(crate::board::VassalBoard {
                map: map.to_string(),
                board: entry.board.clone(),
                zone: None,
                module: None,
            }),
            measure: None,
        }));
    }
    Ok(Imported {
        scenario,
        image: Some(("images/boards.png".into(), image)),
        left_out,
        board: entry,
    })
}

/// The map's rectangle and its boards, from the hexes of one grid each board's hexes
/// fall on; refused unless every board lies on the map as a placed board does, its
/// labels reading as printed.
fn one_grid(
    map: &str,
    read: &[Read],
    under: &[Vec<(Offset, Hex)>],
) -> Result<HexBoard, ImportError> {
    let first = &read[0].board;
    let mut last_err = None;
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
        let shifted = |h: Hex| h - shift;
        // A shift by an odd number of staggered lines flips the stagger: try both.
        for s in [stagger, other(stagger)] {
            let offs: Vec<Offset> = under
                .iter()
                .flatten()
                .map(|(_, h)| crate::board::hex::offset_of(first.orientation, s, shifted(*h)))
                .collect();
            if offs.iter().any(|o| o.col < 0 || o.row < 0) {
                continue;
            }
            let columns = offs.iter().map(|o| o.col).max().unwrap_or(0) as u32 + 1;
            let rows = offs.iter().map(|o| o.row).max().unwrap_or(0) as u32 + 1;
            let mut board = match HexBoard::new(first.orientation, columns, rows, s) {
                Ok(b) => b,
                Err(e) => {
                    last_err = Some(e.to_string());
                    continue;
                }
            };
            board.hex_width_mm = first.hex_width_mm;
            board.spacing_mm = first.spacing_mm;
            board.numbering = first.numbering.clone();
            board.labels = first.labels;
            let mut placed = Vec::new();
            for (r, list) in read.iter().zip(under) {
                let (columns, rows) = (r.board.columns, r.board.rows);
                let corner = if r.slot.reversed {
                    Offset {
                        col: columns as i32 - 1,
                        row: rows as i32 - 1,
                    }
                } else {
                    Offset { col: 0, row: 0 }
                };
                let Some((_, h)) = list.iter().find(|(o, _)| *o == corner) else {
                    return Err(refuse(map, "a board lost its corner hex"));
                };
                // The top-left hex as it lies: the first, or turned, the last.
                let at = crate::board::hex::offset_of(first.orientation, s, shifted(*h));
                if at.col < 0 || at.row < 0 {
                    last_err = Some(format!("board '{}' lies outside the map", r.slot.board));
                    continue;
                }
                placed.push(PlacedBoard::new(
                    &r.slot.board,
                    columns,
                    rows,
                    [at.col as u32, at.row as u32],
                    if r.slot.reversed { 180 } else { 0 },
                ));
            }
            if placed.len() != read.len() {
                continue;
            }
            if let Err(e) = board.set_boards(placed) {
                last_err = Some(e.to_string());
                continue;
            }
            // Every hex where the boards' pixels put it, and labelled as printed.
            let fits = read
                .iter()
                .zip(under)
                .zip(board.boards())
                .all(|((r, list), p)| {
                    list.iter().all(|(o, h)| {
                        p.to_map(board.orientation, board.stagger, *o) == shifted(*h)
                            && board.label(shifted(*h))
                                == format!("{}{}", p.name, r.printed_label(*o))
                    })
                });
            if fits && offs.len() == (columns * rows) as usize {
                return Ok(board);
            }
            last_err = Some(
                "the boards' hexes do not fill one rectangle of hexes as placed boards, \
                 labelled as printed"
                    .into(),
            );
        }
    }
    Err(refuse(
        map,
        format!(
            "its boards as laid out cannot be one map of placed boards ({}); import each \
             with --board",
            last_err.unwrap_or_default()
        ),
    ))
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
