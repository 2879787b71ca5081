//! Drawing an answer: the items of a preview on a hex board, for the screen (under the
//! mouse) and for a file (with a battle's caption).

use hexx::{Hex, Vec2};

use super::{Preview, Words};
use crate::board::line::Step;
use crate::board::{BoardLayout, Grid, HexsideKey};
use crate::rules::charge::Charge;
use crate::scene::{Anchor, Item, Points, Rgba, Stroke, Style};

const SEEN: Rgba = Rgba::rgb(46, 125, 50);
const BLOCKED: Rgba = Rgba::rgb(198, 40, 40);
const CROSSED: Rgba = Rgba::rgb(255, 214, 0);
const LANE: Rgba = Rgba::rgb(106, 27, 154);
const FRONT: Rgba = Rgba::rgb(0, 137, 123);

fn fill(layout: &BoardLayout, hex: Hex, colour: Rgba) -> Item {
    Item::Polygon {
        points: Points::from_slice(&layout.corners(hex)),
        style: Style::fill(colour),
    }
}

fn outline(layout: &BoardLayout, hex: Hex, width: f32, colour: Rgba) -> Item {
    Item::Polygon {
        points: Points::from_slice(&layout.corners(hex)),
        style: Style::stroke(Stroke::new(width, colour)),
    }
}

fn label(at: Vec2, text: String, size: f32, colour: Rgba) -> Item {
    Item::Text {
        at,
        text,
        size,
        anchor: Anchor::Centre,
        colour,
    }
}

/// Hatching over a hex: it is in range but out of sight.
fn hatched(layout: &BoardLayout, hex: Hex, w: f32, colour: Rgba) -> impl Iterator<Item = Item> {
    let c = layout.centre(hex);
    (-2..=2).map(move |k| {
        let o = Vec2::new(k as f32 * w * 0.16, 0.0);
        let d = Vec2::new(w * 0.22, -w * 0.22);
        Item::Polyline {
            points: smallvec::smallvec![c + o - d, c + o + d],
            stroke: Stroke::new(w * 0.025, colour).round(),
        }
    })
}

/// The colour of a number of dice (or a column shift): pale for few, strong for many.
pub fn dice_colour(n: i32, most: i32) -> Rgba {
    let f = if most <= 0 {
        0.5
    } else {
        (n.max(0) as f32 / most as f32).clamp(0.15, 1.0)
    };
    Rgba::rgb(255, 236, 179)
        .mix(Rgba::rgb(230, 81, 0), f)
        .alpha(150)
}

/// The colour of a movement cost: green when cheap, amber at the allowance.
pub fn cost_colour(cost: u32, most: u32) -> Rgba {
    let f = if most == 0 {
        0.0
    } else {
        cost as f32 / most as f32
    };
    Rgba::rgb(129, 199, 132)
        .mix(Rgba::rgb(255, 183, 77), f)
        .alpha(140)
}

/// The drawing of a preview on a board drawn by `layout`, as a file shows it: a
/// battle with its dice and modifiers as a caption beside the target.
pub fn draw<'b>(preview: &Preview, board: impl Into<Grid<'b>>, layout: &BoardLayout) -> Vec<Item> {
    let board = board.into();
    let mut out = draw_on_screen(preview, board, layout);
    if let Preview::Battle {
        battle,
        summary,
        lines,
        ..
    } = preview
    {
        let w = board.cell_mm() as f32;
        let target = layout.centre(battle.sight.between.own.to);
        out.extend(caption_beside(
            target,
            Vec2::new(w * 0.6, w * 0.3),
            w * 0.2,
            summary,
            lines,
            layout.size(),
        ));
    }
    out
}

/// A caption `gap` to the right of and below `target`, kept on a board of `extent`
/// (from the origin): to the target's left when it would run off the right edge.
pub(in crate::scene) fn caption_beside(
    target: Vec2,
    gap: Vec2,
    size: f32,
    first: &str,
    rest: &[String],
    extent: Vec2,
) -> Vec<Item> {
    let (wide, tall) = caption_size(size, first, rest);
    let mut at = target + gap;
    if at.x + wide > extent.x - size {
        at.x = (target.x - gap.x - wide).max(size);
    }
    at.y = at.y.min(extent.y - tall - size).max(size);
    caption(at, size, first, rest)
}

/// The width and height of a caption's text.
fn caption_size(size: f32, first: &str, rest: &[String]) -> (f32, f32) {
    let longest = std::iter::once(first)
        .chain(rest.iter().map(String::as_str))
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(0);
    (
        longest as f32 * size * 0.55,
        size * 1.35 * (1 + rest.len()) as f32,
    )
}

/// Lines of text on a pale ground, the first bold in size, from `at` (top left) down.
fn caption(at: Vec2, size: f32, first: &str, rest: &[String]) -> Vec<Item> {
    let texts: Vec<&str> = std::iter::once(first)
        .chain(rest.iter().map(String::as_str))
        .collect();
    let step = size * 1.35;
    let (wide, _) = caption_size(size, first, rest);
    let (pad, tall) = (size * 0.4, step * texts.len() as f32);
    let (x0, y0, x1, y1) = (at.x - pad, at.y - pad, at.x + wide + pad, at.y + tall + pad);
    let mut out = vec![Item::Polygon {
        points: Points::from_slice(&[
            Vec2::new(x0, y0),
            Vec2::new(x1, y0),
            Vec2::new(x1, y1),
            Vec2::new(x0, y1),
        ]),
        style: Style::outlined(Rgba::WHITE.alpha(225), Stroke::new(size * 0.08, FRONT)),
    }];
    for (i, text) in texts.iter().enumerate() {
        out.push(Item::Text {
            at: Vec2::new(at.x, at.y + step * (i as f32 + 0.5)),
            text: text.to_string(),
            size: if i == 0 { size * 1.15 } else { size },
            anchor: Anchor::Left,
            colour: Rgba::rgb(30, 30, 30),
        });
    }
    out
}

/// The drawing of a preview under the mouse: a battle's caption is the inspector's and
/// the tooltip's there, so it is left out.
pub fn draw_on_screen<'b>(
    preview: &Preview,
    board: impl Into<Grid<'b>>,
    layout: &BoardLayout,
) -> Vec<Item> {
    let board = board.into();
    let w = board.cell_mm() as f32;
    let mut out = Vec::new();
    match preview {
        Preview::Battle { battle, front, .. } => {
            out = draw_on_screen(
                &Preview::Sight(battle.sight.between.own.clone(), Words::default()),
                board,
                layout,
            );
            if let Some(f) = front {
                out.extend(f.sides.iter().filter_map(|side| {
                    let [p, q] = layout.side_ends(f.hex, *side)?;
                    Some(Item::Polyline {
                        points: Points::from_slice(&[p, q]),
                        stroke: Stroke::new(w * 0.08, FRONT).round(),
                    })
                }));
            }
        }
        Preview::Sight(sighting, _) => {
            for step in &sighting.steps {
                match step {
                    Step::Cross(h) => out.push(fill(layout, *h, CROSSED.alpha(70))),
                    Step::Graze(a, b) => {
                        let key = HexsideKey::between(*a, *b);
                        if let Some(side) = board.side_from(key, *a)
                            && let Some([p, q]) = layout.side_ends(*a, side)
                        {
                            out.push(Item::Polyline {
                                points: smallvec::smallvec![p, q],
                                stroke: Stroke::new(w * 0.06, CROSSED.darker(0.2)).round(),
                            });
                        } else {
                            // Through the corner two squares share: both are tinted
                            // lightly (the line is blocked only when both block) and
                            // the corner marked.
                            let corner = (layout.centre(*a) + layout.centre(*b)) / 2.0;
                            out.push(fill(layout, *a, CROSSED.alpha(35)));
                            out.push(fill(layout, *b, CROSSED.alpha(35)));
                            out.push(Item::Circle {
                                centre: corner,
                                radius: w * 0.07,
                                style: Style::fill(CROSSED.darker(0.2)),
                            });
                        }
                    }
                }
            }
            for b in &sighting.blockers {
                out.push(fill(layout, b.hex, BLOCKED.alpha(60)));
                out.push(outline(layout, b.hex, w * 0.05, BLOCKED));
            }
            let (a, b) = (layout.centre(sighting.from), layout.centre(sighting.to));
            let colour = if sighting.visible { SEEN } else { BLOCKED };
            out.push(Item::Polyline {
                points: smallvec::smallvec![a, b],
                stroke: Stroke::new(w * 0.035, colour).round(),
            });
            for (p, r) in [(a, 0.12), (b, 0.09)] {
                out.push(Item::Circle {
                    centre: p,
                    radius: w * r,
                    style: Style::outlined(colour.lighter(0.6), Stroke::new(w * 0.03, colour)),
                });
            }
        }
        Preview::Arcs { from, targets, .. } => {
            let most = targets
                .iter()
                .filter_map(|t| t.dice.or(t.shift.map(|s| s.abs())))
                .max()
                .unwrap_or(0);
            for t in targets {
                let c = layout.centre(t.hex);
                match (t.los, t.dice.or(t.shift)) {
                    (true, Some(n)) => {
                        out.push(fill(layout, t.hex, dice_colour(n.abs(), most)));
                        let text = match (t.dice, t.shift) {
                            (Some(d), _) => d.to_string(),
                            (None, Some(s)) => format!("{s:+}"),
                            _ => String::new(),
                        };
                        out.push(label(c, text, w * 0.28, Rgba::rgb(90, 30, 0)));
                    }
                    _ => out.extend(hatched(layout, t.hex, w, Rgba::rgb(90, 90, 90).alpha(170))),
                }
            }
            out.push(outline(layout, *from, w * 0.06, Rgba::rgb(90, 30, 0)));
        }
        Preview::Moves {
            from, reach, path, ..
        } => {
            let most = reach.iter().map(|r| r.cost).max().unwrap_or(0);
            for r in reach {
                let c = layout.centre(r.hex);
                out.push(fill(layout, r.hex, cost_colour(r.cost, most)));
                out.push(label(
                    c,
                    r.cost.to_string(),
                    w * 0.22,
                    Rgba::rgb(20, 60, 20),
                ));
                if r.must_stop {
                    out.push(Item::Circle {
                        centre: c,
                        radius: w * 0.3,
                        style: Style::stroke(
                            Stroke::new(w * 0.03, Rgba::rgb(120, 40, 0)).dashed(w * 0.06, w * 0.04),
                        ),
                    });
                }
            }
            out.push(outline(layout, *from, w * 0.06, Rgba::rgb(20, 60, 20)));
            if let Some((way, cost)) = path {
                let pts: Points = way.iter().map(|h| layout.centre(*h)).collect();
                if let Some(end) = pts.last().copied() {
                    out.push(Item::Polyline {
                        points: pts,
                        stroke: Stroke::new(w * 0.05, Rgba::rgb(21, 101, 192)).round(),
                    });
                    out.push(Item::Circle {
                        centre: end,
                        radius: w * 0.16,
                        style: Style::fill(Rgba::rgb(21, 101, 192)),
                    });
                    out.push(label(end, cost.to_string(), w * 0.2, Rgba::WHITE));
                }
            }
        }
        Preview::Zones { colour, hexes, .. } => {
            for h in hexes {
                out.push(fill(layout, *h, colour.alpha(70)));
                out.push(outline(layout, *h, w * 0.025, colour.alpha(200)));
            }
        }
        Preview::Viewshed { from, seen } => {
            let seen: rustc_hash::FxHashSet<Hex> = seen.iter().copied().collect();
            for h in board.cells() {
                if h != *from && !seen.contains(&h) {
                    out.push(fill(layout, h, Rgba::BLACK.alpha(90)));
                }
            }
            out.push(outline(layout, *from, w * 0.06, SEEN));
        }
        Preview::Charges { from, lanes, .. } => {
            for c in lanes {
                out.extend(lane(layout, w, *from, c));
            }
            out.push(outline(layout, *from, w * 0.06, LANE));
        }
    }
    out
}

/// The hex a charge ends against: one more step the same way.
pub fn charged_hex(c: &Charge) -> Hex {
    c.path[1] + (c.path[1] - c.path[0])
}

/// One charge lane: its two hexes tinted, an arrow from the charger to the last of
/// them pointing at the target (outlined), and the target's morale modifier.
fn lane(layout: &BoardLayout, w: f32, from: Hex, c: &Charge) -> Vec<Item> {
    let [h1, h2] = c.path;
    let (a, end) = (layout.centre(from), layout.centre(h2));
    let towards = (layout.centre(charged_hex(c)) - end).normalize_or_zero();
    let across = Vec2::new(-towards.y, towards.x);
    let tip = end + towards * w * 0.3;
    vec![
        fill(layout, h1, LANE.alpha(45)),
        fill(layout, h2, LANE.alpha(45)),
        outline(layout, charged_hex(c), w * 0.05, BLOCKED),
        Item::Polyline {
            points: smallvec::smallvec![a, end],
            stroke: Stroke::new(w * 0.06, LANE).round(),
        },
        Item::Polygon {
            points: Points::from_slice(&[tip, end + across * w * 0.14, end - across * w * 0.14]),
            style: Style::fill(LANE),
        },
        label(
            layout.centre(h1) + across * w * 0.22,
            format!("{:+}", c.morale_modifier),
            w * 0.22,
            LANE.darker(0.3),
        ),
    ]
}
