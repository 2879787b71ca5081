//! The scenario's plan on the map, in the `objectives` layer: each objective outlined
//! with a badge of its value and its name (in its owner's colour, gold while no side
//! holds it), and an arrow into each hex or point where reinforcements enter, marked
//! with their turn.

use std::collections::BTreeMap;

use hexx::{Hex, Vec2};

use super::build::Layers;
use super::style::{INK, SideColours};
use super::{Anchor, Item, LayerId, Points, Rgba, Stroke, Style, Window};
use crate::board::freeform::{FreeformBoard, Point};
use crate::board::{BoardLayout, Grid};
use crate::scenario::plan::Place;
use crate::scenario::{Edge, Objective, Scenario, Unit};

/// How many reinforcements enter a place on each turn.
type Turns = BTreeMap<u32, usize>;

/// A hex where reinforcements enter: which way is into the board, the side of the first
/// to arrive (the arrow's colour), and when they come.
struct Entry<'s> {
    hex: Hex,
    into: Vec2,
    side: &'s str,
    turns: Turns,
}

/// An objective no side holds.
const NEUTRAL: Rgba = Rgba::rgb(201, 150, 20);

/// What a badge shows: the objective's colour, value and name.
struct Badge<'a> {
    colour: Rgba,
    value: u32,
    name: &'a str,
}

fn colour_of<'s>(o: &'s Objective, colours: &mut SideColours<'s>) -> Rgba {
    o.owner.as_deref().map_or(NEUTRAL, |side| colours.of(side))
}

/// A disc of the objective's colour with its value, its name below on a pale band;
/// `size` is the disc's diameter.
fn badge(b: &Badge, at: Vec2, size: f32, out: &mut impl FnMut(Item)) {
    let r = size / 2.0;
    out(Item::Circle {
        centre: at,
        radius: r,
        style: Style::outlined(b.colour, Stroke::new(r * 0.14, Rgba::WHITE)),
    });
    out(Item::Text {
        at,
        text: b.value.to_string(),
        size: size * 0.62,
        anchor: Anchor::Centre,
        colour: Rgba::WHITE,
    });
    let text = size * 0.42;
    let top = at + Vec2::new(0.0, r * 1.15);
    // The renderers measure no text: the band is as wide as the name's letters are
    // on average, with room to spare.
    let half = (b.name.chars().count() as f32 * 0.3 + 0.4) * text;
    let (y0, y1) = (top.y - text * 0.1, top.y + text * 1.05);
    out(Item::Polygon {
        points: Points::from_slice(&[
            Vec2::new(top.x - half, y0),
            Vec2::new(top.x + half, y0),
            Vec2::new(top.x + half, y1),
            Vec2::new(top.x - half, y1),
        ]),
        // Opaque: some SVG readers draw a see-through fill black.
        style: Style::outlined(Rgba::WHITE, Stroke::new(text * 0.08, b.colour)),
    });
    out(Item::Text {
        at: top,
        text: b.name.to_string(),
        size: text,
        anchor: Anchor::Top,
        colour: INK,
    });
}

/// An arrow of `colour` from `tail` to `tip`.
fn arrow(tail: Vec2, tip: Vec2, width: f32, colour: Rgba, out: &mut impl FnMut(Item)) {
    let d = tip - tail;
    let len = d.length();
    if len <= 0.0 {
        return;
    }
    let d = d / len;
    let across = Vec2::new(-d.y, d.x);
    let head = width * 2.6;
    let neck = tip - d * head;
    out(Item::Polyline {
        points: Points::from_slice(&[tail, neck]),
        stroke: Stroke::new(width, colour),
    });
    out(Item::Polygon {
        points: Points::from_slice(&[tip, neck + across * head * 0.6, neck - across * head * 0.6]),
        style: Style::outlined(colour, Stroke::new(width * 0.25, Rgba::WHITE)),
    });
}

/// "T3", "T3 x2", "T3 T5": the turns reinforcements enter a place, and how many.
fn turns_label(turns: &Turns) -> String {
    turns
        .iter()
        .map(|(t, n)| {
            if *n > 1 {
                format!("T{t} x{n}")
            } else {
                format!("T{t}")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Which way is into the board from the edge nearest a hex (down from the north edge).
fn inward(board: Grid<'_>, hex: Hex) -> Vec2 {
    let o = board.to_offset(hex);
    let (cols, rows) = (board.columns() as i32, board.rows() as i32);
    [
        (o.row, Vec2::new(0.0, 1.0)),
        (rows - 1 - o.row, Vec2::new(0.0, -1.0)),
        (o.col, Vec2::new(1.0, 0.0)),
        (cols - 1 - o.col, Vec2::new(-1.0, 0.0)),
    ]
    .into_iter()
    .min_by_key(|(d, _)| *d)
    .map_or(Vec2::new(0.0, 1.0), |(_, v)| v)
}

fn into_from(edge: Edge) -> Vec2 {
    match edge {
        Edge::North => Vec2::new(0.0, 1.0),
        Edge::South => Vec2::new(0.0, -1.0),
        Edge::West => Vec2::new(1.0, 0.0),
        Edge::East => Vec2::new(-1.0, 0.0),
    }
}

/// Objectives and entries on a hex board, each item with the hex it is drawn in.
pub(super) fn on_hexes(
    s: &Scenario,
    shown: &[Unit],
    board: Grid<'_>,
    layout: &BoardLayout,
    window: &Window,
    layers: &mut Layers,
) {
    let arrivals = shown.iter().any(|u| u.arrives.is_some());
    if s.plan.objectives.is_empty() && !arrivals {
        return;
    }
    let Some(l) = layers.on(LayerId::Objectives) else {
        return;
    };
    let w = board.cell_mm() as f32;
    let mut colours = SideColours::new(s);
    for o in &s.plan.objectives {
        if !matches!(o.at, Place::Hex(_) | Place::Hexes(_)) {
            continue;
        }
        let colour = colour_of(o, &mut colours);
        let hexes: Vec<Hex> =
            o.at.hexes_on(board)
                .into_iter()
                .filter(|h| board.contains(*h))
                .collect();
        for h in &hexes {
            let Some(cell) = window.cell(board, *h) else {
                continue;
            };
            let c = layout.centre(*h);
            let ring: Points = layout
                .corners(*h)
                .iter()
                .map(|p| c + (*p - c) * 0.9)
                .collect();
            l.at(
                cell,
                Item::Polygon {
                    points: ring,
                    style: Style::stroke(Stroke::new(w * 0.045, colour)),
                },
            );
        }
        // One badge, in the objective's first hex, below where counters stand.
        let Some((first, cell)) = hexes
            .first()
            .and_then(|h| window.cell(board, *h).map(|c| (*h, c)))
        else {
            continue;
        };
        let c = layout.centre(first);
        let low = layout
            .corners(first)
            .iter()
            .map(|p| p.y - c.y)
            .fold(0.0f32, f32::max);
        let b = Badge {
            colour,
            value: o.value,
            name: o.title(),
        };
        badge(&b, c + Vec2::new(0.0, low * 0.52), w * 0.24, &mut |i| {
            l.at(cell, i)
        });
    }
    // Per hex of entry: the turns its reinforcements arrive and the first one's side.
    let mut entries: BTreeMap<(i32, i32), Entry> = BTreeMap::new();
    for u in shown {
        let Some(a) = &u.arrives else { continue };
        let edge = match &a.at {
            Place::Edge { edge, .. } => Some(*edge),
            _ => None,
        };
        for h in a.at.hexes_on(board) {
            if !board.contains(h) {
                continue;
            }
            let e = entries
                .entry(board.reading_order(h))
                .or_insert_with(|| Entry {
                    hex: h,
                    into: edge.map_or_else(|| inward(board, h), into_from),
                    side: &u.side,
                    turns: Turns::new(),
                });
            *e.turns.entry(a.turn).or_default() += 1;
        }
    }
    for Entry {
        hex,
        into,
        side,
        turns,
    } in entries.into_values()
    {
        let Some(cell) = window.cell(board, hex) else {
            continue;
        };
        let c = layout.centre(hex);
        let colour = colours.of(side);
        // Below the hex's label, beside where a counter stands.
        let (tail, tip) = (c - into * w * 0.28, c + into * w * 0.1);
        arrow(tail, tip, w * 0.05, colour, &mut |i| l.at(cell, i));
        l.at(
            cell,
            turns_text(&turns, c - into * w * 0.12, into, w * 0.12, colour),
        );
    }
}

/// The turns of an entry, beside an arrow pointing `into` the board at `at`: right of
/// an arrow up or down, below one across.
fn turns_text(turns: &Turns, at: Vec2, into: Vec2, size: f32, c: Rgba) -> Item {
    let across = into.x.abs() > into.y.abs();
    let (side, anchor) = if across {
        (Vec2::new(0.0, 1.0), Anchor::Top)
    } else {
        (Vec2::new(1.0, 0.0), Anchor::Left)
    };
    Item::Text {
        at: at + side * size * 0.6,
        text: turns_label(turns),
        size,
        anchor,
        colour: c.darker(0.25),
    }
}

fn v(p: Point) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

/// Objectives and entries on a table; `symbol` is the size of a terrain symbol.
pub(super) fn on_table(
    s: &Scenario,
    shown: &[Unit],
    t: &FreeformBoard,
    symbol: f32,
    layers: &mut Layers,
) {
    let arrivals = shown.iter().any(|u| u.arrives.is_some());
    if s.plan.objectives.is_empty() && !arrivals {
        return;
    }
    let Some(l) = layers.on(LayerId::Objectives) else {
        return;
    };
    let area_outline = |id: &str| -> Option<Vec<Vec2>> {
        s.areas
            .iter()
            .find(|a| a.id == id)
            .map(|a| a.polygon.iter().map(|p| v(*p)).collect())
    };
    let centre_of = |pts: &[Vec2]| super::pattern::centroid(pts);
    let mut colours = SideColours::new(s);
    for o in &s.plan.objectives {
        let colour = colour_of(o, &mut colours);
        let at = match &o.at {
            Place::Point(p) => {
                l.free(Item::Circle {
                    centre: v(*p),
                    radius: symbol * 0.9,
                    style: Style::stroke(Stroke::new(symbol * 0.12, colour)),
                });
                Some(v(*p))
            }
            Place::Area(id) => area_outline(id).and_then(|pts| {
                let c = centre_of(&pts);
                l.free(Item::Polygon {
                    points: pts.into(),
                    style: Style::stroke(
                        Stroke::new(symbol * 0.12, colour).dashed(symbol * 0.5, symbol * 0.25),
                    ),
                });
                c
            }),
            _ => None,
        };
        if let Some(at) = at {
            let b = Badge {
                colour,
                value: o.value,
                name: o.title(),
            };
            badge(&b, at, symbol, &mut |i| l.free(i));
        }
    }
    let (w, h) = (t.width as f32, t.height as f32);
    let mut entries: Vec<(Vec2, &str, Turns)> = Vec::new();
    for u in shown {
        let Some(a) = &u.arrives else { continue };
        let at = match &a.at {
            Place::Point(p) => Some(v(*p)),
            Place::Area(id) => area_outline(id).and_then(|pts| centre_of(&pts)),
            _ => None,
        };
        let Some(at) = at else { continue };
        match entries.iter_mut().find(|e| e.0 == at) {
            Some(e) => *e.2.entry(a.turn).or_default() += 1,
            None => entries.push((at, u.side.as_str(), BTreeMap::from([(a.turn, 1)]))),
        }
    }
    for (at, side, turns) in entries {
        let colour = colours.of(side);
        // From the nearest edge, towards the entry.
        let (gap, into) = [
            (at.y, Vec2::new(0.0, 1.0)),
            (h - at.y, Vec2::new(0.0, -1.0)),
            (at.x, Vec2::new(1.0, 0.0)),
            (w - at.x, Vec2::new(-1.0, 0.0)),
        ]
        .into_iter()
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap_or((0.0, Vec2::new(0.0, 1.0)));
        // An entry near the edge gets an arrow from the edge through it, one further in
        // an arrow that ends at it.
        let length = symbol * 2.5;
        let gap = gap.max(0.0);
        let tail = at - into * gap.min(length);
        let tip = tail + into * length.max(gap.min(length));
        arrow(tail, tip, symbol * 0.2, colour, &mut |i| l.free(i));
        let mid = tail + (tip - tail) * 0.5;
        l.free(turns_text(&turns, mid, into, symbol * 0.5, colour));
    }
}
