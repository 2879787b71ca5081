//! The drawing of a hex board (or a square grid), in millimetres from the board's
//! `hex_width_mm` (`cell_mm`).

use hexx::{Hex, Vec2};

use super::build::{Layers, look};
use super::pattern::{self, Patch};
use super::style::{INK, SideColours};
use super::{
    Anchor, Item, LabelPlace, LayerId, Points, Rgba, Scene, SceneOptions, Stroke, Style, Window,
};
use crate::board::{BoardLayout, Grid, Side};
use crate::rules::{KindList, Pattern, Ruleset};
use crate::scenario::{Scenario, Unit, turn_view};

/// The paper around the hexes.
const PAPER: Rgba = Rgba::rgb(245, 241, 228);

fn seed(hex: Hex) -> u32 {
    (hex.x as u32).wrapping_mul(73_856_093) ^ (hex.y as u32).wrapping_mul(19_349_663)
}

/// The hex's corners pulled towards its centre by `f` (1: the corners).
fn inset(layout: &BoardLayout, hex: Hex, ends: [Vec2; 2], f: f32) -> Points {
    let c = layout.centre(hex);
    ends.iter().map(|p| c + (*p - c) * f).collect()
}

pub(super) fn build(s: &Scenario, r: &Ruleset, board: Grid<'_>, o: &SceneOptions) -> Scene {
    let layout = board.layout();
    let window = match o.view {
        Some([min, max]) => Window::around(board, &layout, min, max),
        None => Window::whole(board),
    };
    build_in(s, r, board, o, window)
}

/// The drawing of the hexes of `window` (and of what crosses it).
pub(super) fn build_in(
    s: &Scenario,
    r: &Ruleset,
    board: Grid<'_>,
    o: &SceneOptions,
    window: Window,
) -> Scene {
    let w = board.cell_mm() as f32;
    let layout = board.layout();
    let mut layers = Layers::new(o);
    layers.append(cells(s, r, board, &layout, o, &window));

    hexsides(s, r, board, &layout, &window, &mut layers);
    if let Some(map) = board.as_area() {
        connections(map, r, &layout, &mut layers);
    }

    for road in &s.roads {
        if !window.draws(board, &road.hexes) {
            continue;
        }
        let k = look(r, KindList::Road, &road.kind);
        let pts: Vec<Vec2> = road.hexes.iter().map(|h| layout.centre(*h)).collect();
        let path = smooth_path(&pts);
        if let Some(l) = layers.on(LayerId::Roads) {
            let pattern = k.pattern.or(Some(Pattern::Road));
            pattern::dressed_line(pattern, &path, w * 0.08, k.colour, None, &mut |i| l.free(i));
        }
    }

    for t in &s.tokens {
        let (Some(cell), Some(l)) = (window.cell(board, t.hex), layers.on(LayerId::Tokens)) else {
            continue;
        };
        let k = look(r, KindList::Token, &t.kind);
        if t.facing.is_empty() {
            disc(layout.centre(t.hex), w * 0.13, &k, &mut |i| l.at(cell, i));
        } else {
            front_sides(&layout, t.hex, &t.facing, &k, w, &mut |i| l.at(cell, i));
        }
    }

    // Only the units differ at a turn of the slider: the map is drawn as it is.
    let shown = turn_view::units_at(s, o.turn);
    units(s, &shown, r, board, &layout, &window, &mut layers);
    super::objectives::on_hexes(s, &shown, board, &layout, &window, &mut layers);

    for f in &o.findings {
        for h in &f.hexes {
            let (Some(cell), Some(l)) = (window.cell(board, *h), layers.on(LayerId::Findings))
            else {
                continue;
            };
            l.at(
                cell,
                Item::Polygon {
                    points: Points::from_slice(&layout.corners(*h)),
                    style: Style::stroke(Stroke::new(w * 0.05, f.colour)),
                },
            );
        }
    }

    Scene {
        size: layout.size(),
        mm_per_unit: 1.0,
        background: PAPER,
        layers: layers.finish(window.len()),
        layout: Some((layout, s.board.clone())),
        window: Some(window),
        backdrop: s.board.background().map(super::Backdrop::of),
    }
}

/// A marker or a facing-less token: a disc with the kind's icon, or its initial.
fn disc(at: Vec2, radius: f32, k: &super::build::Look, out: &mut impl FnMut(Item)) {
    out(Item::Circle {
        centre: at,
        radius,
        style: Style::outlined(k.colour.lighter(0.65), Stroke::new(radius * 0.15, k.colour)),
    });
    match &k.icon {
        Some(icon) => out(Item::Icon {
            id: icon.clone(),
            centre: at,
            size: radius * 1.6,
            tint: k.colour.darker(0.3),
        }),
        None => out(Item::Text {
            at,
            text: k.name.chars().take(1).collect(),
            size: radius * 1.2,
            anchor: Anchor::Centre,
            colour: k.colour.darker(0.3),
        }),
    }
}

/// Front sides of a fence line or a token: its line dress inside each side, with
/// ticks towards the front.
fn front_sides(
    layout: &BoardLayout,
    hex: Hex,
    sides: &[Side],
    k: &super::build::Look,
    w: f32,
    out: &mut impl FnMut(Item),
) {
    let centre = layout.centre(hex);
    let dress = match k.pattern {
        Some(p @ (Pattern::Fence | Pattern::Wall | Pattern::Trench)) => p,
        _ => Pattern::Trench,
    };
    for side in sides {
        if let Some(ends) = layout.side_ends(hex, *side) {
            let line = inset(layout, hex, ends, 0.8);
            let mid = (ends[0] + ends[1]) / 2.0;
            let front = centre + (mid - centre) * 2.0;
            pattern::dressed_line(Some(dress), &line, w * 0.05, k.colour, Some(front), out);
        }
    }
}

/// Hexside features along their sides: water first, then slopes, then what crosses the
/// water (bridges, fords) on top.
fn hexsides(
    s: &Scenario,
    r: &Ruleset,
    board: Grid<'_>,
    layout: &BoardLayout,
    window: &Window,
    layers: &mut Layers,
) {
    let w = board.cell_mm() as f32;
    let Some(l) = layers.on(LayerId::Hexsides) else {
        return;
    };
    let rank = |p: Option<Pattern>| match p {
        Some(Pattern::Bridge | Pattern::Ford) => 2,
        Some(Pattern::Slope | Pattern::DoubleSlope) => 1,
        _ => 0,
    };
    let mut all: Vec<_> = s
        .hexsides
        .iter()
        .map(|((key, kind), attrs)| (key, attrs, look(r, KindList::Hexside, kind)))
        .collect();
    all.sort_by_key(|(_, _, k)| rank(k.pattern));
    for (key, attrs, k) in all {
        let [a, b] = key.hexes();
        let Some(side) = board.side_from(*key, a) else {
            continue;
        };
        let Some(ends) = layout.side_ends(a, side) else {
            continue;
        };
        let lower = match attrs.up {
            Some(up) if up == a => b,
            _ => a,
        };
        let width = match k.pattern {
            Some(Pattern::Water) => w * 0.09,
            Some(Pattern::Bridge | Pattern::Ford) => w * 0.07,
            _ => w * 0.06,
        };
        let towards = Some(layout.centre(lower));
        if !window.draws(board, &[a, b]) {
            continue;
        }
        let cell = window.cell(board, a).or_else(|| window.cell(board, b));
        let mut put = |i: Item| match cell {
            Some(c) => l.at(c, i),
            None => l.free(i),
        };
        pattern::dressed_line(k.pattern, &ends, width, k.colour, towards, &mut put);
    }
}

/// An area map's connections: a line from centre to centre in the style of its kind
/// (a plain line without one), its printed cost at the middle.
fn connections(
    map: &crate::board::AreaBoard,
    r: &Ruleset,
    layout: &BoardLayout,
    layers: &mut Layers,
) {
    let w = map.counter_mm as f32;
    let Some(l) = layers.on(LayerId::Hexsides) else {
        return;
    };
    for c in &map.connections {
        let (Some(a), Some(b)) = (map.cell(&c.between[0]), map.cell(&c.between[1])) else {
            continue;
        };
        let ends = [layout.centre(a), layout.centre(b)];
        match c.kind.as_deref() {
            Some(kind) => {
                let k = look(r, KindList::Hexside, kind);
                let pattern = k.pattern.or(Some(Pattern::Road));
                pattern::dressed_line(pattern, &ends, w * 0.14, k.colour, None, &mut |i| l.free(i));
            }
            None => l.free(Item::Polyline {
                points: Points::from_slice(&ends),
                stroke: Stroke::new(w * 0.08, INK.alpha(200)).round(),
            }),
        }
        if c.cost > 0 {
            let mid = (ends[0] + ends[1]) / 2.0;
            let words = format!("+{}", c.cost);
            l.free(plate(mid, &words, w * 0.28, Anchor::Centre));
            l.free(Item::Text {
                at: mid,
                text: words,
                size: w * 0.28,
                anchor: Anchor::Centre,
                colour: INK,
            });
        }
    }
}

/// Counters: the side's colour, the class symbol (the ruleset's icon, else the class's
/// initials), the unit's id, and a band of the class's colour.
fn units(
    s: &Scenario,
    shown: &[Unit],
    r: &Ruleset,
    board: Grid<'_>,
    layout: &BoardLayout,
    window: &Window,
    layers: &mut Layers,
) {
    let w = board.cell_mm() as f32;
    let Some(l) = layers.on(LayerId::Units) else {
        return;
    };
    let mut stacked: rustc_hash::FxHashMap<Hex, u32> = Default::default();
    let mut colours = SideColours::new(s);
    let is_general = |u: &crate::scenario::Unit| {
        r.kind(KindList::UnitClass, &u.class)
            .and_then(|k| k.profile())
            .is_some_and(|p| p.general)
    };
    // A general beside a unit is a small counter at the unit's corner; alone in its hex
    // it is a counter of full size, so that it reads at every zoom.
    let with_troops: rustc_hash::FxHashSet<Hex> = shown
        .iter()
        .filter(|u| !is_general(u))
        .filter_map(|u| u.hex)
        .collect();
    for u in shown {
        let Some(h) = u.hex else { continue };
        let Some(cell) = window.cell(board, h) else {
            continue;
        };
        let class = r.kind(KindList::UnitClass, &u.class);
        let general = is_general(u);
        let (half_w, half_h, offset) = if general && with_troops.contains(&h) {
            (0.14 * w, 0.12 * w, Vec2::new(0.2 * w, 0.16 * w))
        } else {
            let n = stacked.entry(h).or_default();
            *n += 1;
            let o = (*n - 1) as f32 * 0.05 * w;
            (0.26 * w, 0.21 * w, Vec2::new(o, -o))
        };
        let c = layout.centre(h) + offset;
        let side = colours.of(&u.side);
        let class_colour = class.map_or(super::style::UNKNOWN, |k| k.colour.into());
        let rect = |x0: f32, y0: f32, x1: f32, y1: f32| {
            vec![
                Vec2::new(x0, y0),
                Vec2::new(x1, y0),
                Vec2::new(x1, y1),
                Vec2::new(x0, y1),
            ]
        };
        let (x0, x1, y0, y1) = (c.x - half_w, c.x + half_w, c.y - half_h, c.y + half_h);
        l.at(
            cell,
            Item::Polygon {
                points: rect(x0, y0, x1, y1).into(),
                style: Style::outlined(side, Stroke::new(w * 0.012, INK)),
            },
        );
        let band = half_h * 0.28;
        l.at(
            cell,
            Item::Polygon {
                points: rect(x0, y1 - band, x1, y1).into(),
                style: Style::fill(class_colour),
            },
        );
        let symbol = c - Vec2::new(0.0, half_h * 0.25);
        match class.and_then(|k| k.icon.as_deref()) {
            Some(icon) => l.at(
                cell,
                Item::Icon {
                    id: super::icons::drawn_as(r, icon),
                    centre: symbol,
                    size: half_h * 1.1,
                    tint: Rgba::WHITE,
                },
            ),
            None => l.at(
                cell,
                Item::Text {
                    at: symbol,
                    text: initials(class.map_or(u.class.as_str(), |k| k.name.as_str())),
                    size: half_h * 0.6,
                    anchor: Anchor::Centre,
                    colour: Rgba::WHITE,
                },
            ),
        }
        if !general || !with_troops.contains(&h) {
            l.at(
                cell,
                Item::Text {
                    at: Vec2::new(c.x, y1 - band - half_h * 0.05),
                    text: counter_label(u, 2.0 * half_w, half_h * 0.42),
                    size: half_h * 0.42,
                    anchor: Anchor::Bottom,
                    colour: Rgba::WHITE,
                },
            );
        }
    }
}

/// What a counter prints under its symbol: the unit's name where it fits the counter's
/// `width` at text `size` (a published counter names its regiment), else its id.
pub(super) fn counter_label(u: &crate::scenario::Unit, width: f32, size: f32) -> String {
    // The labels' sans-serif averages a little over half an em a character.
    let fits = u.name.chars().count() as f32 * size * 0.55 <= width * 0.92;
    if !u.name.is_empty() && fits {
        u.name.clone()
    } else {
        u.id.clone()
    }
}

/// Up to three initials of a name ("Foot artillery": "FA").
pub(super) fn initials(name: &str) -> String {
    name.split(|c: char| !c.is_alphanumeric())
        .filter_map(|w| w.chars().next())
        .take(3)
        .flat_map(char::to_uppercase)
        .collect()
}

/// A road through hex centres as a smooth curve: straight halfway into each hex, then a
/// quadratic curve about the centre to halfway out, so that bends are rounded.
pub(super) fn smooth_path(pts: &[Vec2]) -> Vec<Vec2> {
    if pts.len() < 3 {
        return pts.to_vec();
    }
    let mut out = vec![pts[0]];
    for (n, w) in pts.windows(3).enumerate() {
        let (a, c, b) = ((w[0] + w[1]) / 2.0, w[1], (w[1] + w[2]) / 2.0);
        // Each curve after the first starts where the last ended: a repeated point is
        // a segment of no length, whose direction a thick line's joins cannot know.
        for i in usize::from(n > 0)..=8 {
            let t = i as f32 / 8.0;
            let u = 1.0 - t;
            out.push(a * (u * u) + c * (2.0 * u * t) + b * (t * t));
        }
    }
    out.extend(pts.last());
    out
}

/// A light plate under a label of `size` at `at`: a thick stroke as wide as the text
/// (about 0.6 of the size a character), so that a zoomed-out view skips it with the
/// text it carries (a stroke's detail is its width).
fn plate(at: Vec2, words: &str, size: f32, anchor: Anchor) -> Item {
    let width = words.chars().count() as f32 * size * 0.6;
    let left = at.x - width * (f32::from(anchor.x()) + 1.0) / 2.0;
    let y = at.y - size * 0.05 * f32::from(anchor.y());
    Item::Polyline {
        points: Points::from_slice(&[Vec2::new(left, y), Vec2::new(left + width, y)]),
        stroke: Stroke::new(size * 1.1, PAPER.alpha(200)).round(),
    }
}

/// The outline of the board of a map of several that `hex` lies on, where it runs
/// along the hex's sides: the seams between boards and the boards' outer edges.
fn seams(board: Grid<'_>, layout: &BoardLayout, hex: Hex, w: f32, put: &mut dyn FnMut(Item)) {
    let Some((mine, _)) = board.board_at(hex) else {
        return;
    };
    for side in board.sides() {
        let (Some(step), Some(ends)) = (board.side_step(side), layout.side_ends(hex, side)) else {
            continue;
        };
        let other = board.board_at(hex + step).map(|(b, _)| &b.name);
        // A seam is drawn once, from its hex that comes first in reading order.
        let first = other.is_none() || board.reading_order(hex) < board.reading_order(hex + step);
        if other != Some(&mine.name) && first {
            put(Item::Polyline {
                points: Points::from_slice(&ends),
                stroke: Stroke::new(w * 0.05, INK).round(),
            });
        }
    }
}

/// A board's name, drawn large and faint over the middle hex of each board of a map
/// of several, so that the layout reads at a glance.
fn board_name_at(board: Grid<'_>, hex: Hex) -> Option<String> {
    let (b, o) = board.board_at(hex)?;
    let middle = crate::board::Offset {
        col: (b.columns as i32 - 1) / 2,
        row: (b.rows as i32 - 1) / 2,
    };
    (o == middle).then(|| b.name.clone())
}

/// The drawing of each hex of rows `rows`: terrain, elevation, outline, labels, front
/// sides and markers.
fn cells(
    s: &Scenario,
    r: &Ruleset,
    board: Grid<'_>,
    layout: &BoardLayout,
    o: &SceneOptions,
    window: &Window,
) -> Layers {
    let w = board.cell_mm() as f32;
    let mut layers = Layers::new(o);
    let n = window.len();
    // A fill and a few symbols per hex; an outline; a label.
    layers.reserve(LayerId::Terrain, n * 6);
    layers.reserve(LayerId::Grid, n);
    layers.reserve(LayerId::Labels, n);
    let default = r.default_terrain.as_deref().unwrap_or("");
    let elevation = |h: Hex| s.hexes.get(&h).map_or(0, |c| c.elevation);
    for (cell, hex) in window.hexes(board) {
        let data = s.hexes.get(&hex);
        let corners = layout.corners(hex);
        let centre = layout.centre(hex);
        if let Some(l) = layers
            .on(LayerId::Terrain)
            .filter(|_| data.is_some() || !o.painted_only)
        {
            let terrain = data.map_or(default, |c| c.terrain.as_str());
            let k = look(r, KindList::Terrain, terrain);
            let k = if terrain.is_empty() {
                super::build::Look {
                    colour: Rgba::rgb(220, 220, 210),
                    ..k
                }
            } else {
                k
            };
            l.at(
                cell,
                Item::Polygon {
                    points: Points::from_slice(&corners),
                    style: Style::fill(k.colour),
                },
            );
            if let Some(p) = k.pattern {
                let patch = Patch {
                    outline: &corners,
                    size: w * 0.28,
                    seed: seed(hex),
                    disc: Some((centre, w * 0.5)),
                };
                pattern::area(p, k.colour, &patch, &mut |i| l.at(cell, i));
            }
        }
        let e = elevation(hex);
        if e > 0
            && let Some(l) = layers.on(LayerId::Elevation)
        {
            l.at(
                cell,
                Item::Polygon {
                    points: Points::from_slice(&corners),
                    style: Style::fill(Rgba::BLACK.alpha((14 * e.min(6)) as u8)),
                },
            );
            // Contours: one line per level down to the neighbour, inside each side.
            for side in board.sides() {
                let (Some(step), Some(ends)) = (board.side_step(side), layout.side_ends(hex, side))
                else {
                    continue;
                };
                let drop = (e - elevation(hex + step)).clamp(0, 3);
                for k in 0..drop {
                    l.at(
                        cell,
                        Item::Polyline {
                            points: inset(layout, hex, ends, 0.93 - 0.08 * k as f32),
                            stroke: Stroke::new(w * 0.018, Rgba::rgb(110, 70, 30)).round(),
                        },
                    );
                }
            }
        }
        if o.grid
            && let Some(l) = layers.on(LayerId::Grid)
        {
            l.at(
                cell,
                Item::Polygon {
                    points: Points::from_slice(&corners),
                    style: Style::stroke(Stroke::new(w * 0.014, Rgba::BLACK.alpha(110))),
                },
            );
            if !board.boards().is_empty() {
                seams(board, layout, hex, w, &mut |i| l.at(cell, i));
            }
        }
        if let Some(l) = layers.on(LayerId::Labels) {
            // Over a pattern (woods, buildings) or a dark fill the ink sits on a light
            // plate, as a printed map's hex numbers do, so every label stays readable.
            let terrain = data.map_or(default, |c| c.terrain.as_str());
            let k = look(r, KindList::Terrain, terrain);
            let plated = k.pattern.is_some() || k.colour.luminance() < 0.35;
            if let Some(name) = board_name_at(board, hex) {
                l.at(
                    cell,
                    Item::Text {
                        at: centre,
                        text: name,
                        size: w * 0.9,
                        anchor: Anchor::Centre,
                        colour: INK.alpha(60),
                    },
                );
            }
            let text = |at: Vec2, text: String, size: f32, anchor: Anchor| Item::Text {
                at,
                text,
                size,
                anchor,
                colour: INK.alpha(200),
            };
            let mut put = |at: Vec2, words: String, size: f32, anchor: Anchor| {
                if plated {
                    l.at(cell, plate(at, &words, size, anchor));
                }
                l.at(cell, text(at, words, size, anchor));
            };
            if o.hex_labels {
                let dy = match o.label_place {
                    LabelPlace::Top => -0.34,
                    LabelPlace::Bottom => 0.34,
                    LabelPlace::Centre => 0.0,
                };
                let at = centre + Vec2::new(0.0, dy * w);
                match board.as_area() {
                    // An area is named as the map prints it, above its counters, with
                    // the stacking limit the map prints on it.
                    Some(map) => {
                        let mut name = map.name(hex).unwrap_or_default().to_string();
                        if let Some(n) = map.stacking(hex) {
                            name.push_str(&format!(" ({n})"));
                        }
                        put(
                            centre - Vec2::new(0.0, 0.9 * w),
                            name,
                            w * 0.3,
                            Anchor::Centre,
                        );
                    }
                    None => put(at, board.label(hex), w * 0.12, Anchor::Centre),
                }
            }
            if e != 0 {
                let at = centre + Vec2::new(w * 0.4, 0.0);
                put(at, format!("{e:+}"), w * 0.11, Anchor::Right);
            }
            if o.terrain_names
                && let Some(k) = data.and_then(|c| r.kind(KindList::Terrain, &c.terrain))
            {
                let dy = if o.label_place == LabelPlace::Bottom {
                    -0.34
                } else {
                    0.34
                };
                let at = centre + Vec2::new(0.0, dy * w);
                put(at, k.name.clone(), w * 0.09, Anchor::Centre);
            }
        }
        if let Some(c) = data
            && !c.facing.is_empty()
            && let Some(l) = layers.on(LayerId::Tokens)
        {
            // A terrain with front sides (a fence line): drawn along them.
            let k = look(r, KindList::Terrain, &c.terrain);
            front_sides(layout, hex, &c.facing, &k, w, &mut |i| l.at(cell, i));
        }
        if let Some(c) = data
            && !c.markers.is_empty()
            && let Some(l) = layers.on(LayerId::Markers)
        {
            for (i, m) in c.markers.iter().enumerate() {
                let k = look(r, KindList::Marker, m);
                let at = centre + Vec2::new(-0.24 * w + i as f32 * 0.22 * w, 0.25 * w);
                disc(at, w * 0.11, &k, &mut |i| l.at(cell, i));
            }
        }
    }

    layers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{HexBoard, Orientation, Stagger};

    /// Issue 43: "names drawn on counters where they fit": a short name replaces the
    /// id under the symbol, a name too long for the counter leaves the id.
    #[test]
    fn a_counter_prints_the_units_name_where_it_fits_else_its_id() {
        let mut u = crate::scenario::Unit::new("f1", "infantry");
        let (width, size) = (0.52, 0.0882);
        assert_eq!(counter_label(&u, width, size), "f1", "no name: the id");
        u.name = "1st Léger".into();
        assert_eq!(counter_label(&u, width, size), "1st Léger");
        u.name = "33rd Virginia Infantry".into();
        assert_eq!(
            counter_label(&u, width, size),
            "f1",
            "too long for the counter"
        );
    }

    /// Whether segments `ab` and `cd` cross (touching ends do not count).
    fn cross(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> bool {
        let side = |p: Vec2, q: Vec2, r: Vec2| (q - p).perp_dot(r - p);
        let (d1, d2) = (side(c, d, a), side(c, d, b));
        let (d3, d4) = (side(a, b, c), side(a, b, d));
        d1 * d2 < -1e-6 && d3 * d4 < -1e-6
    }

    // Issue 41 item 9 reported a road whose curve looped at its first hex: every road of
    // four hexes from one hex, in every run of turns a road can take (never back onto
    // itself), is drawn as a curve that never crosses itself.
    #[test]
    fn a_road_curve_never_crosses_itself() {
        let board = HexBoard::new(Orientation::Pointy, 12, 12, Stagger::Odd).expect("a board");
        let layout = board.layout();
        let start = Hex::new(5, 5);
        let dirs = Hex::NEIGHBORS_COORDS;
        for a in dirs {
            for b in dirs {
                for c in dirs {
                    let hexes = [start, start + a, start + a + b, start + a + b + c];
                    let distinct = (0..4).all(|i| (i + 1..4).all(|j| hexes[i] != hexes[j]));
                    if !distinct {
                        continue;
                    }
                    let pts: Vec<Vec2> = hexes.iter().map(|h| layout.centre(*h)).collect();
                    let path = smooth_path(&pts);
                    assert!(path.windows(2).all(|p| p[0] != p[1]), "no repeated point");
                    for i in 0..path.len() - 1 {
                        for j in i + 2..path.len() - 1 {
                            assert!(
                                !cross(path[i], path[i + 1], path[j], path[j + 1]),
                                "road {hexes:?} crosses itself between points {i} and {j}"
                            );
                        }
                    }
                }
            }
        }
    }
}
