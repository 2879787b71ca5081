//! The drawing of a freeform table, in its own units (cm, inches, base widths).

use hexx::Vec2;

use super::build::{Layers, look};
use super::pattern::{self, Patch};
use super::style::{INK, SideColours};
use super::{Anchor, Item, LayerId, Rgba, Scene, SceneOptions, Stroke, Style};
use crate::board::FreeformBoard;
use crate::board::freeform::Point;
use crate::rules::table::derived::{self, Derived};
use crate::rules::table::effect::destroyed_as;
use crate::rules::{Kind, KindList, Pattern, Ruleset};
use crate::scenario::{Scenario, shape, turn_view};

/// The cloth of a table.
const CLOTH: Rgba = Rgba::rgb(214, 222, 170);

fn v(p: Point) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

pub(super) fn build(s: &Scenario, r: &Ruleset, t: &FreeformBoard, o: &SceneOptions) -> Scene {
    let (w, h) = (t.width as f32, t.height as f32);
    // A table in base widths without a size in cm prints as if a unit were a cm.
    let mm_per_unit = t.cm_per_unit().unwrap_or(1.0) as f32 * 10.0;
    // Symbols about 2.5 cm across, whatever the unit.
    let symbol = 25.0 / mm_per_unit;
    let hair = 1.0 / mm_per_unit;
    let mut layers = Layers::new(o);
    let corners = vec![
        Vec2::ZERO,
        Vec2::new(w, 0.0),
        Vec2::new(w, h),
        Vec2::new(0.0, h),
    ];
    layers.free(
        LayerId::Terrain,
        Item::Polygon {
            points: corners.clone().into(),
            style: Style::fill(CLOTH),
        },
    );
    for (i, a) in s.areas.iter().enumerate() {
        let Some(l) = layers.on(LayerId::Terrain) else {
            break;
        };
        let k = look(r, KindList::Terrain, &a.terrain);
        let pts: Vec<Vec2> = a.polygon.iter().map(|p| v(*p)).collect();
        l.free(Item::Polygon {
            points: pts.clone().into(),
            style: Style::outlined(k.colour, Stroke::new(hair * 1.5, k.colour.darker(0.4))),
        });
        if let Some(p) = k.pattern {
            let patch = Patch {
                outline: &pts,
                size: symbol,
                seed: i as u32 + 1,
                disc: None,
            };
            pattern::area(p, k.colour, &patch, &mut |i| l.free(i));
        }
        if let Some(into) = destroyed_as(r, &s.settings, KindList::Terrain, &a.terrain, a.hits) {
            ruin(into, &pts, symbol, i as u32 + 1, &mut |i| l.free(i));
        }
        if let Some(level) = a.level.filter(|l| *l != 0)
            && let Some(c) = pattern::centroid(&pts)
        {
            layers.free(
                LayerId::Labels,
                Item::Text {
                    at: c,
                    text: format!("{level:+}"),
                    size: symbol * 0.6,
                    anchor: Anchor::Centre,
                    colour: INK,
                },
            );
        }
    }
    // Features the rules derive (bank woods, a sunken road's walls) are drawn from the
    // footprints the rules use, so what the table shows is what fire and movement meet.
    let derived = derived::derived(s, r);
    if let Some(l) = layers.on(LayerId::Terrain) {
        for (i, d) in derived
            .iter()
            .filter(|d| d.list == KindList::Terrain)
            .enumerate()
        {
            bank_woods(r, d, i, &mut |i| l.free(i));
        }
    }
    if let Some(step) = o.table_grid.filter(|s| *s > 0.0)
        && let Some(l) = layers.on(LayerId::Grid)
    {
        grid(w, h, step as f32, hair, &mut |i| l.free(i));
    }
    for line in &s.lines {
        let Some(l) = layers.on(LayerId::Roads) else {
            break;
        };
        let k = look(r, KindList::Line, &line.kind);
        let pts: Vec<Vec2> = line.points.iter().map(|p| v(*p)).collect();
        let width = shape::line_width(line) as f32;
        pattern::dressed_line(k.pattern, &pts, width, k.colour, None, &mut |i| l.free(i));
    }
    if let Some(l) = layers.on(LayerId::Roads) {
        for d in derived.iter().filter(|d| d.list == KindList::Line) {
            let k = look(r, KindList::Line, &d.kind);
            let pts: Vec<Vec2> = d.centre.iter().map(|p| v(*p)).collect();
            pattern::dressed_line(k.pattern, &pts, d.width as f32, k.colour, None, &mut |i| {
                l.free(i)
            });
        }
    }
    for m in &s.landmarks {
        let Some(l) = layers.on(LayerId::Tokens) else {
            break;
        };
        // The footprint the rules measure and the designer picks.
        let pts: Vec<Vec2> = shape::landmark_outline(m).iter().map(|p| v(*p)).collect();
        if pts.len() < 3 {
            continue;
        }
        let k = look(r, KindList::Landmark, &m.kind);
        let (centre, size) = match (&m.polygon, m.at) {
            (None, Some(at)) => (Some(v(at)), shape::landmark_size(m) as f32 * 0.8),
            _ => (pattern::centroid(&pts), symbol),
        };
        let ruined = destroyed_as(r, &s.settings, KindList::Landmark, &m.kind, m.hits).is_some();
        if let (Some(c), Some(road), false) = (centre, road_under(s, r, m), ruined) {
            // A landmark that is part of a road (a bridge) is a deck along the road,
            // over the water it spans: its footprint only outlined.
            l.free(Item::Polygon {
                points: pts.into(),
                style: Style::stroke(Stroke::new(hair, INK.alpha(120))),
            });
            let across = Vec2::new(-road.y, road.x) * 0.5;
            let width = shape::landmark_size(m) as f32 / 4.8;
            pattern::dressed_line(
                Some(Pattern::Bridge),
                &[c - across, c + across],
                width,
                k.colour,
                None,
                &mut |i| l.free(i),
            );
            continue;
        }
        l.free(Item::Polygon {
            points: pts.clone().into(),
            style: Style::outlined(k.colour, Stroke::new(hair, INK)),
        });
        if let Some(into) = destroyed_as(r, &s.settings, KindList::Landmark, &m.kind, m.hits) {
            let size = (shape::landmark_size(m) as f32 * 0.5).min(symbol);
            ruin(into, &pts, size, 7, &mut |i| l.free(i));
            continue;
        }
        if let (Some(icon), Some(c)) = (k.icon, centre) {
            l.free(Item::Icon {
                id: icon,
                centre: c,
                size,
                tint: INK,
            });
        }
    }
    let mut colours = SideColours::new(s);
    // Only the units differ at a turn of the slider: the table is drawn as it is.
    let shown = turn_view::units_at(s, o.turn);
    for u in shown.iter() {
        let (Some(base), Some(l)) = (shape::unit_base(u), layers.on(LayerId::Units)) else {
            continue;
        };
        let pts: Vec<Vec2> = base.iter().map(|p| v(*p)).collect();
        let class = r.kind(KindList::UnitClass, &u.class);
        l.free(Item::Polygon {
            points: pts.clone().into(),
            style: Style::outlined(colours.of(&u.side), Stroke::new(hair, INK)),
        });
        // The front edge, thicker, and a band of the class's colour at the back.
        l.free(Item::Polyline {
            points: smallvec::smallvec![pts[0], pts[1]],
            stroke: Stroke::new(hair * 3.0, INK),
        });
        let back = |f: f32| pts[3] + (pts[0] - pts[3]) * f;
        let back_r = |f: f32| pts[2] + (pts[1] - pts[2]) * f;
        l.free(Item::Polygon {
            points: smallvec::smallvec![back(0.25), back_r(0.25), pts[2], pts[3]],
            style: Style::fill(class.map_or(super::style::UNKNOWN, |k| k.colour.into())),
        });
        let (fw, d) = shape::unit_size(u);
        let Some(c) = u.at else { continue };
        // The class's symbol (its initials where it has none) and the unit's id
        // beside it, as counters on a hex board show them.
        let small = fw.min(d) as f32;
        let centre = v(c);
        match class.and_then(|k| k.icon.as_deref()) {
            Some(icon) => l.free(Item::Icon {
                id: super::icons::drawn_as(r, icon),
                centre,
                size: small * 0.7,
                tint: Rgba::WHITE,
            }),
            None => l.free(Item::Text {
                at: centre,
                text: super::hex::initials(class.map_or(u.class.as_str(), |k| k.name.as_str())),
                size: small * 0.45,
                anchor: Anchor::Centre,
                colour: Rgba::WHITE,
            }),
        }
        // Along the front, inside the base.
        let front = pts[0] + (pts[1] - pts[0]) * 0.5;
        l.free(Item::Text {
            at: front + (centre - front) * 0.35,
            text: super::hex::counter_label(u, fw as f32, small * 0.3),
            size: small * 0.3,
            anchor: Anchor::Centre,
            colour: Rgba::WHITE,
        });
    }
    super::objectives::on_table(s, &shown, t, symbol, &mut layers);
    if let Some(depth) = r.flank_sectors
        && let Some(l) = layers.on(LayerId::Overlays)
    {
        let d = depth as f32;
        let colour = Rgba([120, 0, 160, 200]);
        for x in [d, w - d] {
            l.free(Item::Polyline {
                points: smallvec::smallvec![Vec2::new(x, 0.0), Vec2::new(x, h)],
                stroke: Stroke::new(hair * 2.0, colour).dashed(hair * 10.0, hair * 6.0),
            });
        }
        // The centre line between the two base edges (north and south): 10.B "You cannot
        // deploy closer than 6BW to the table centre line".
        if r.layout.is_some() {
            l.free(Item::Polyline {
                points: smallvec::smallvec![Vec2::new(0.0, h / 2.0), Vec2::new(w, h / 2.0)],
                stroke: Stroke::new(hair * 2.0, colour).dashed(hair * 10.0, hair * 6.0),
            });
            l.free(Item::Text {
                at: Vec2::new(hair * 4.0, h / 2.0 - hair * 2.0),
                text: "centre line".to_string(),
                size: hair * 5.0,
                anchor: Anchor::BottomLeft,
                colour,
            });
        }
        for (x, text) in [
            (d / 2.0, "flank sector"),
            (w / 2.0, "centre sector"),
            (w - d / 2.0, "flank sector"),
        ] {
            l.free(Item::Text {
                at: Vec2::new(x, hair * 4.0),
                text: text.to_string(),
                size: hair * 5.0,
                anchor: Anchor::Top,
                colour,
            });
        }
    }
    for f in &o.findings {
        for id in &f.features {
            let Some(feature) = shape::feature_by_id(s, id) else {
                continue;
            };
            let Some(l) = layers.on(LayerId::Findings) else {
                break;
            };
            let stroke = Stroke::new(hair * 3.0, f.colour);
            let outline = match &feature {
                crate::scenario::Feature::Landmark(m) => shape::landmark_outline(m),
                crate::scenario::Feature::Unit(u) => {
                    shape::unit_base(u).map_or(Vec::new(), |b| b.to_vec())
                }
                _ => shape::vertices(&feature).to_vec(),
            };
            let pts: Vec<Vec2> = outline.iter().map(|p| v(*p)).collect();
            match feature {
                crate::scenario::Feature::Line(_) => l.free(Item::Polyline {
                    points: pts.into(),
                    stroke,
                }),
                _ if pts.len() >= 3 => l.free(Item::Polygon {
                    points: pts.into(),
                    style: Style::stroke(stroke),
                }),
                _ => {
                    if let Some(c) = shape::centre(&feature) {
                        l.free(Item::Circle {
                            centre: v(c),
                            radius: symbol * 0.5,
                            style: Style::stroke(stroke),
                        });
                    }
                }
            }
        }
    }
    layers.free(
        LayerId::Grid,
        Item::Polygon {
            points: corners.into(),
            style: Style::stroke(Stroke::new(hair * 2.0, INK)),
        },
    );
    Scene {
        size: Vec2::new(w, h),
        mm_per_unit,
        background: Rgba::rgb(250, 250, 246),
        layers: layers.finish(0),
        layout: None,
        window: None,
        backdrop: t.background.as_ref().map(super::Backdrop::of),
    }
}

/// The direction (a unit vector) of the road a point landmark must be part of (the
/// ruleset's `on_road`), where the nearest such road passes it; `None` for other
/// landmarks or when no such road passes under it.
fn road_under(s: &Scenario, r: &Ruleset, m: &crate::scenario::Landmark) -> Option<Vec2> {
    let at = m.at.filter(|_| m.polygon.is_none())?;
    let kinds = &r.kind(KindList::Landmark, &m.kind)?.table()?.on_road;
    let reach = shape::landmark_size(m) / 2.0;
    s.lines
        .iter()
        .filter(|l| kinds.contains(&l.kind))
        .filter_map(|l| {
            let (i, d) = shape::nearest_edge(&l.points, false, at)?;
            (d <= reach + shape::line_width(l) / 2.0).then(|| (d, l.points[i], l.points[i + 1]))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, a, b)| (v(b) - v(a)).normalize_or_zero())
        .filter(|d| *d != Vec2::ZERO)
}

/// A structure its structural hits destroyed ("merely rough ground"): the terrain it
/// became laid over it, half see-through, with that terrain's symbols and a caption.
fn ruin(into: &Kind, outline: &[Vec2], size: f32, seed: u32, out: &mut impl FnMut(Item)) {
    let colour: Rgba = into.colour.into();
    out(Item::Polygon {
        points: outline.iter().copied().collect(),
        style: Style::outlined(colour.alpha(170), Stroke::new(size * 0.03, INK)),
    });
    if let Some(p) = into.pattern {
        let patch = Patch {
            outline,
            size: size * 0.6,
            seed,
            disc: None,
        };
        pattern::area(p, colour, &patch, out);
    }
    // The caption fits inside the structure: nine letters of about half an em each.
    let (lo, hi) = outline.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| {
        (lo.min(p.x), hi.max(p.x))
    });
    if let Some(c) = pattern::centroid(outline) {
        out(Item::Text {
            at: c,
            text: "destroyed".to_string(),
            size: (size * 0.45).min((hi - lo) / 5.5),
            anchor: Anchor::Centre,
            colour: INK,
        });
    }
}

/// A strip of woods along a bank: the woods' fill, paler than stored woods (it is lower
/// and not a piece on the table), with trees as small as the strip is narrow.
fn bank_woods(r: &Ruleset, d: &Derived, seed: usize, out: &mut impl FnMut(Item)) {
    let k = look(r, KindList::Terrain, &d.kind);
    let fill = k.colour.lighter(0.3);
    for poly in &d.shape {
        let pts: Vec<Vec2> = poly
            .exterior()
            .0
            .iter()
            .map(|c| Vec2::new(c.x as f32, c.y as f32))
            .collect();
        out(Item::Polygon {
            points: pts.clone().into(),
            style: Style::outlined(
                fill,
                Stroke::new(d.width as f32 * 0.04, k.colour.darker(0.3)),
            ),
        });
        if let Some(p) = k.pattern {
            let patch = Patch {
                outline: &pts,
                size: d.width as f32 * 0.75,
                seed: 1000 + seed as u32,
                disc: None,
            };
            pattern::area(p, fill, &patch, out);
        }
    }
}

/// Grid lines every `step`, every tenth stronger; the minor ones thin enough that a
/// front end leaves them out when they would crowd.
fn grid(w: f32, h: f32, step: f32, hair: f32, out: &mut impl FnMut(Item)) {
    let lines = |len: f32| (len / step).floor() as i64;
    if lines(w) + lines(h) > 4000 {
        return;
    }
    for (n, len, vertical) in [(lines(w), h, true), (lines(h), w, false)] {
        for i in 0..=n {
            let at = i as f32 * step;
            let (a, b) = if vertical {
                (Vec2::new(at, 0.0), Vec2::new(at, len))
            } else {
                (Vec2::new(0.0, at), Vec2::new(len, at))
            };
            let major = i % 10 == 0;
            let stroke = if major {
                // Wide enough that a whole table in view still shows them.
                Stroke::new(hair.max(step * 0.02) * 1.5, Rgba::BLACK.alpha(60))
            } else {
                Stroke::new((step * 0.02).min(hair), Rgba::BLACK.alpha(28))
            };
            out(Item::Polyline {
                points: smallvec::smallvec![a, b],
                stroke,
            });
        }
    }
}
