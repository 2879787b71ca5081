//! A field over a measured table drawn ([`Sampled`]: a fire arc, a cover map, a
//! viewshed, a unit's reach): each row's run of samples that paint alike is one
//! rectangle, ground where fire is blocked or a move refused is hatched, and the words
//! say what the tints count. The designer draws it under the mouse and an export into
//! the `overlays` layer, from the same items.

use hexx::Vec2;

use super::overlay::{cost_colour, dice_colour};
use super::{Item, Points, Rgba, Stroke, Style};
use crate::rules::play::sampled::{Sampled, Value, What};

const HATCH: Rgba = Rgba::rgb(90, 90, 90);
/// Hatch lines run through every this many cells' corners.
const HATCH_EVERY: usize = 3;
/// Reach is tinted in this many bands of the allowance.
const BANDS: u32 = 10;

/// The tint of a sample, if it has one.
fn tint(f: &Sampled, v: Value, most: i32, dearest: f64) -> Option<Rgba> {
    match (f.what, v) {
        (_, Value::Out) => None,
        (What::Viewshed, Value::Blocked) => Some(Rgba::BLACK.alpha(90)),
        (_, Value::Blocked) => Some(HATCH.alpha(40)),
        (_, Value::Refused) => Some(HATCH.alpha(70)),
        (_, Value::Seen) => None,
        (_, Value::Fire { dice: Some(d), .. }) => Some(dice_colour(d, most)),
        // Mini-Nap counts no dice: full fire strongest, three halvings and more palest.
        (_, Value::Fire { halvings, .. }) => Some(dice_colour(3 - halvings.min(3) as i32, 3)),
        (_, Value::Cost(c)) => {
            let band = if dearest > 0.0 {
                ((c / dearest) * f64::from(BANDS)).ceil() as u32
            } else {
                0
            };
            Some(cost_colour(band.min(BANDS), BANDS))
        }
    }
}

fn hatched(f: &Sampled, v: Value) -> bool {
    v == Value::Blocked && f.what != What::Viewshed
}

/// The drawing of a field in board units; `unit` is the width of a thin line.
pub fn draw(f: &Sampled, unit: f32) -> Vec<Item> {
    let g = &f.grid;
    let most = f
        .values
        .iter()
        .filter_map(|v| match v {
            Value::Fire { dice: Some(d), .. } => Some(*d),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let dearest = f
        .allowance
        .unwrap_or_else(|| {
            f.values
                .iter()
                .filter_map(|v| match v {
                    Value::Cost(c) => Some(*c),
                    _ => None,
                })
                .fold(0.0, f64::max)
        })
        .max(0.0);
    let step = g.step as f32;
    let (w, h) = (g.width as f32, g.height as f32);
    let x = |c: usize| (c as f32 * step).min(w);
    let y = |r: usize| (r as f32 * step).min(h);
    let mut out = Vec::new();
    for r in 0..g.rows {
        let row = &f.values[r * g.cols..(r + 1) * g.cols];
        let mut c = 0;
        while c < g.cols {
            let colour = tint(f, row[c], most, dearest);
            let mut end = c + 1;
            while end < g.cols && tint(f, row[end], most, dearest) == colour {
                end += 1;
            }
            if let Some(colour) = colour {
                let (x0, x1, y0, y1) = (x(c), x(end), y(r), y(r + 1));
                out.push(Item::Polygon {
                    points: Points::from_slice(&[
                        Vec2::new(x0, y0),
                        Vec2::new(x1, y0),
                        Vec2::new(x1, y1),
                        Vec2::new(x0, y1),
                    ]),
                    style: Style::fill(colour),
                });
            }
            c = end;
        }
    }
    // Hatching: lines from each cell's bottom left to its top right, on every third
    // diagonal, one polyline for each run of hatched cells along it.
    let stroke = Stroke::new(unit, HATCH.alpha(170));
    for d in (0..g.cols + g.rows).step_by(HATCH_EVERY) {
        // Cells with column + row = d, from the bottom row up.
        let mut run: Option<(Vec2, Vec2)> = None;
        let mut flush = |run: &mut Option<(Vec2, Vec2)>| {
            if let Some((a, b)) = run.take() {
                out.push(Item::Polyline {
                    points: Points::from_slice(&[a, b]),
                    stroke,
                });
            }
        };
        for r in (0..g.rows).rev() {
            let Some(c) = d.checked_sub(r).filter(|c| *c < g.cols) else {
                flush(&mut run);
                continue;
            };
            if hatched(f, f.values[r * g.cols + c]) {
                let (a, b) = (Vec2::new(x(c), y(r + 1)), Vec2::new(x(c + 1), y(r)));
                run = Some(run.map_or((a, b), |(start, _)| (start, b)));
            } else {
                flush(&mut run);
            }
        }
        flush(&mut run);
    }
    out
}

/// A count of samples as a share of the field.
fn share(n: usize, of: usize) -> String {
    if of == 0 {
        return format!("{n}");
    }
    format!("{n} ({:.0}%)", n as f64 * 100.0 / of as f64)
}

/// What a field shows, in words: one line for the status bar and the caption, and the
/// counts of each tint under it (`who` names the unit or point it is from).
pub fn words(f: &Sampled, who: &str, unit: &str) -> (String, Vec<String>) {
    let inside = f.inside();
    let count = |p: &dyn Fn(&Value) -> bool| f.values.iter().filter(|v| p(v)).count();
    let blocked = count(&|v| *v == Value::Blocked);
    let step = format!("{} {unit}", f.grid.step);
    let mut lines = Vec::new();
    let summary = match f.what {
        What::Arc | What::Cover => {
            let dice = f
                .values
                .iter()
                .any(|v| matches!(v, Value::Fire { dice: Some(_), .. }));
            for h in 0..=3usize {
                let n = count(
                    &|v| matches!(v, Value::Fire { halvings, .. } if (*halvings).min(3) == h),
                );
                let what = match h {
                    0 => "no cover (full dice)".to_string(),
                    3 => "3 or more halvings for cover".to_string(),
                    _ => format!("{h} halving(s) for cover"),
                };
                lines.push(format!("{what}: {} points", share(n, inside)));
            }
            if dice {
                lines.push("tinted by the dice a target there would roll".into());
            }
            lines.push(format!(
                "blocked (hatched): {} points",
                share(blocked, inside)
            ));
            let refused = count(&|v| *v == Value::Refused);
            if refused > 0 {
                lines.push(format!("fire refused: {} points", share(refused, inside)));
            }
            if f.what == What::Arc {
                let reach = f
                    .range
                    .map_or("the whole table ahead".into(), |r| format!("{r} {unit}"));
                format!(
                    "fire arc of {who}: {inside} points in its arc ({reach}), sampled every {step}"
                )
            } else {
                format!(
                    "cover map of {who}: the {inside} points small-arms fire at it could come from, sampled every {step}"
                )
            }
        }
        What::Viewshed => {
            let seen = count(&|v| *v == Value::Seen);
            lines.push(format!("out of sight (shaded): {}", share(blocked, inside)));
            format!(
                "{who} sees {} of the table's points, sampled every {step}",
                share(seen, inside)
            )
        }
        What::Reach => {
            let reached = count(&|v| matches!(v, Value::Cost(_)));
            let allowance = f.allowance.map_or("no allowance given".into(), |a| {
                format!("allowance {a} {unit}")
            });
            lines.push(format!(
                "ground it may not {} (hatched): {} points",
                if f.charge { "charge to" } else { "move to" },
                blocked
            ));
            lines.push("tinted by the allowance spent, green to amber".into());
            format!(
                "{who} {} {reached} points this turn ({allowance}), straight from where it stands, sampled every {step}",
                if f.charge { "may charge to" } else { "reaches" }
            )
        }
    };
    lines.extend(f.notes.iter().cloned());
    (summary, lines)
}
