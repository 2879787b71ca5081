//! Previews drawn over a hex map: a line of sight with what blocks it, a unit's fire
//! arc tinted by its dice, the hexes a unit can reach tinted by cost, a side's zones of
//! control, a hex's viewshed, a mounted unit's charge lanes. The designer draws them under the mouse; an export writes
//! them into the `overlays` layer, for rules discussions and scenario books.
//!
//! A preview is asked for as text (`los:A1:F6`, `battle:u2:u5`, `arcs:u3`,
//! `arcs:u3:moved`, `moves:c2`, `moves:c2:F6`, `zoc:union`, `viewshed:C4`,
//! `charges:p2`), answered by the rules core, and drawn from the answer.

use hexx::{Hex, Vec2};

use super::{Anchor, Item, Points, Rgba, Stroke, Style, side_colour};
use crate::board::line::Step;
use crate::board::{BoardLayout, HexBoard, HexsideKey, Side};
use crate::rules::Ruleset;
use crate::rules::arcs::{ArcTarget, arcs, viewshed};
use crate::rules::charge::{Charge, cannot_charge, charges};
use crate::rules::movement::{MoveMap, Reach, Ways};
use crate::rules::play::battle::{Fight, details, fight, headline};
use crate::rules::play::hex::{HexField, controlled};
use crate::rules::play::moves::route;
use crate::rules::play::sight::{self, look};
use crate::rules::play::{Field, Where};
use crate::rules::sight::Sighting;
use crate::scenario::{Scenario, Unit};

/// A preview asked for by name, before the rules answer it.
#[derive(Debug, Clone, PartialEq)]
pub enum Ask {
    /// `los:FROM:TO`: unit ids or hex labels (on a table, points too).
    Sight { from: Where, to: Where },
    /// `battle:ATTACKER:TARGET`: the line, the target's front sides and the dice with
    /// every modifier as a caption.
    Battle { attacker: String, target: String },
    /// `arcs:UNIT`, optionally `:moved` / `:not-moved` and `:ordered` / `:not-ordered`:
    /// as if the unit had (not) moved this turn or been (not) ordered.
    Arcs {
        unit: String,
        moved: Option<bool>,
        ordered: Option<bool>,
    },
    /// `moves:UNIT` or `moves:UNIT:HEX` (with the cheapest way there); on a table
    /// `moves:UNIT:X,Y[:X,Y...][:charge]`, the path through those points, moved or
    /// charged. `to` is empty when no way is asked for.
    Moves {
        unit: String,
        to: Vec<Where>,
        charge: bool,
    },
    /// `zoc:SIDE`.
    Zones { side: String },
    /// `viewshed:FROM`: a unit id or a hex label (on a table, a point too).
    Viewshed { from: Where },
    /// `charges:UNIT`: every legal charge of a mounted unit.
    Charges { unit: String },
    /// `cover:UNIT` (tables): from where on the table an enemy could fire at the unit,
    /// and with how much cover.
    Cover { unit: String },
}

/// An answer's words as `sandtable` prints them: its headline and the lines under it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Words {
    pub headline: String,
    pub lines: Vec<String>,
}

/// What the rules answered, ready to draw.
#[derive(Debug, Clone, PartialEq)]
pub enum Preview {
    /// The line, and its words as `sandtable los` prints them.
    Sight(Sighting, Words),
    Battle {
        battle: Box<Fight<Sighting>>,
        /// The target's fence or entrenchment, when it has one.
        front: Option<Front>,
        /// One line: the dice or shift, or why there is no battle.
        summary: String,
        /// The details as `sandtable battle` words them.
        lines: Vec<String>,
    },
    Arcs {
        from: Hex,
        targets: Vec<ArcTarget>,
        /// As `sandtable arcs` heads it.
        headline: String,
    },
    Moves {
        from: Hex,
        /// The command line's headline: the unit, how many hexes, the allowance.
        headline: String,
        reach: Vec<Reach>,
        /// The way the search took to each of them.
        ways: Ways,
        /// The cheapest way to a chosen hex, start first, and its cost.
        path: Option<(Vec<Hex>, u32)>,
    },
    Zones {
        colour: Rgba,
        hexes: Vec<Hex>,
        /// The side whose zones they are.
        side: String,
    },
    Viewshed {
        from: Hex,
        seen: Vec<Hex>,
    },
    Charges {
        from: Hex,
        lanes: Vec<Charge>,
        /// As `sandtable charges` heads it.
        headline: String,
    },
}

/// A facing on the target's hex (a fence, an entrenchment) and where the attacker is.
#[derive(Debug, Clone, PartialEq)]
pub struct Front {
    /// What faces: the terrain's or the token's kind.
    pub what: String,
    pub hex: Hex,
    pub sides: Vec<Side>,
    pub in_front: bool,
}

/// Why a preview cannot be made; the message names the offending part.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OverlayError(pub String);

/// The names a preview is asked for by, for messages.
pub const KINDS: [&str; 8] = [
    "los", "battle", "arcs", "moves", "zoc", "viewshed", "charges", "cover",
];

impl std::str::FromStr for Ask {
    type Err = OverlayError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let parts: Vec<&str> = text.split(':').map(str::trim).collect();
        let bad = |why: &str| {
            OverlayError(format!(
                "overlay '{text}': {why} (known: los:FROM:TO, battle:ATTACKER:TARGET, \
                 arcs:UNIT[:moved|:not-moved][:ordered|:not-ordered], moves:UNIT[:HEX], \
                 zoc:SIDE, viewshed:FROM, charges:UNIT; on a table los:UNIT:TO, \
                 battle:UNIT:UNIT, arcs:UNIT, cover:UNIT, viewshed:UNIT|X,Y, \
                 moves:UNIT[:X,Y...][:charge])"
            ))
        };
        if parts.iter().any(|p| p.is_empty()) {
            return Err(bad("an empty part"));
        }
        match parts.as_slice() {
            ["los", from, to] => Ok(Ask::Sight {
                from: (*from).into(),
                to: (*to).into(),
            }),
            ["battle", attacker, target] => Ok(Ask::Battle {
                attacker: attacker.to_string(),
                target: target.to_string(),
            }),
            ["arcs", unit, flags @ ..] if flags.len() <= 2 => {
                let (mut moved, mut ordered) = (None, None);
                for flag in flags {
                    let (slot, on) = match *flag {
                        "moved" => (&mut moved, true),
                        "not-moved" => (&mut moved, false),
                        "ordered" => (&mut ordered, true),
                        "not-ordered" => (&mut ordered, false),
                        other => {
                            return Err(bad(&format!(
                                "unknown arcs flag '{other}' (known: moved, not-moved, \
                                 ordered, not-ordered)"
                            )));
                        }
                    };
                    if slot.replace(on).is_some() {
                        return Err(bad(&format!("'{flag}' contradicts or repeats a flag")));
                    }
                }
                Ok(Ask::Arcs {
                    unit: unit.to_string(),
                    moved,
                    ordered,
                })
            }
            // On a table the path's points, `moves:UNIT:X,Y[:X,Y...]`, and `:charge`
            // for the path charged.
            ["moves", unit, to @ ..] => {
                let (charge, to) = match to {
                    [rest @ .., "charge"] => (true, rest),
                    _ => (false, to),
                };
                Ok(Ask::Moves {
                    unit: unit.to_string(),
                    to: to.iter().map(|p| (*p).into()).collect(),
                    charge,
                })
            }
            ["zoc", side] => Ok(Ask::Zones {
                side: side.to_string(),
            }),
            ["viewshed", from] => Ok(Ask::Viewshed {
                from: (*from).into(),
            }),
            ["charges", unit] => Ok(Ask::Charges {
                unit: unit.to_string(),
            }),
            ["cover", unit] => Ok(Ask::Cover {
                unit: unit.to_string(),
            }),
            [kind, ..] if !KINDS.contains(kind) => Err(bad(&format!("unknown kind '{kind}'"))),
            _ => Err(bad("wrong number of parts")),
        }
    }
}

/// The request as it is written (`los:A1:F6`), as `--overlay` takes it.
impl std::fmt::Display for Ask {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ask::Sight { from, to } => write!(f, "los:{from}:{to}"),
            Ask::Battle { attacker, target } => write!(f, "battle:{attacker}:{target}"),
            Ask::Arcs {
                unit,
                moved,
                ordered,
            } => {
                write!(f, "arcs:{unit}")?;
                match moved {
                    Some(true) => write!(f, ":moved")?,
                    Some(false) => write!(f, ":not-moved")?,
                    None => {}
                }
                match ordered {
                    Some(true) => write!(f, ":ordered"),
                    Some(false) => write!(f, ":not-ordered"),
                    None => Ok(()),
                }
            }
            Ask::Moves { unit, to, charge } => {
                write!(f, "moves:{unit}")?;
                for to in to {
                    write!(f, ":{to}")?;
                }
                if *charge {
                    write!(f, ":charge")?;
                }
                Ok(())
            }
            Ask::Zones { side } => write!(f, "zoc:{side}"),
            Ask::Viewshed { from } => write!(f, "viewshed:{from}"),
            Ask::Charges { unit } => write!(f, "charges:{unit}"),
            Ask::Cover { unit } => write!(f, "cover:{unit}"),
        }
    }
}

fn unit<'s>(s: &'s Scenario, id: &str) -> Result<&'s Unit, OverlayError> {
    Ok(crate::rules::play::unit(s, id)?)
}

fn on_hex(u: &Unit) -> Result<Hex, OverlayError> {
    Ok(crate::rules::play::standing(u)?)
}

impl From<crate::rules::play::PlaceError> for OverlayError {
    fn from(e: crate::rules::play::PlaceError) -> Self {
        OverlayError(e.message)
    }
}

/// The movement map of a hex field (which always has one).
fn moves<'f, 'a>(field: &'f HexField<'a>) -> Result<&'f MoveMap<'a>, OverlayError> {
    field
        .moves()
        .ok_or_else(|| OverlayError("previews are drawn on hex boards only".into()))
}

/// Values a preview needs that the ruleset may not give, as the command line's
/// `--range` and `--allowance` give them: a unit class without a battle profile (or a
/// movement allowance) is then answered with these.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Given {
    /// The range fire arcs reach, in hexes.
    pub range: Option<u32>,
    /// The allowance movement spends.
    pub allowance: Option<u32>,
}

impl Ask {
    /// The rules' answer on this scenario.
    pub fn answer(&self, s: &Scenario, r: &Ruleset) -> Result<Preview, OverlayError> {
        self.answer_given(s, r, Given::default())
    }

    /// The rules' answer, with a range or allowance given where the ruleset has none.
    pub fn answer_given(
        &self,
        s: &Scenario,
        r: &Ruleset,
        given: Given,
    ) -> Result<Preview, OverlayError> {
        s.board
            .as_hex()
            .ok_or_else(|| OverlayError("previews are drawn on hex boards only".into()))?;
        let hex_field = || {
            HexField::new(s, r)
                .ok_or_else(|| OverlayError("previews are drawn on hex boards only".into()))
        };
        match self {
            Ask::Sight { from, to } => {
                let field = hex_field()?;
                let named = |w: &Where| field.place_at(w).map_err(|e| OverlayError(e.message));
                let (a, b) = (named(from)?, named(to)?);
                let seen = look(&field, a, b);
                let words = Words {
                    headline: sight::headline(&field, a, b, &seen),
                    lines: sight::details(&field, &seen),
                };
                Ok(Preview::Sight(seen.between.own, words))
            }
            Ask::Battle { attacker, target } => {
                let (a, t) = (unit(s, attacker)?, unit(s, target)?);
                on_hex(a)?;
                on_hex(t)?;
                let field = hex_field()?;
                battle_preview(&field, a, t)
            }
            Ask::Arcs {
                unit: id,
                moved,
                ordered,
            } => {
                let u = unit(s, id)?;
                let from = on_hex(u)?;
                if moved.is_some_and(|m| m != u.moved) || ordered.is_some_and(|o| o != u.ordered) {
                    // As if: the unit's flags changed on a copy; the scenario is untouched.
                    let mut copy = s.clone();
                    if let Some(c) = copy.units.iter_mut().find(|x| x.id == *id) {
                        c.moved = moved.unwrap_or(c.moved);
                        c.ordered = ordered.unwrap_or(c.ordered);
                    }
                    let plain = Ask::Arcs {
                        unit: id.clone(),
                        moved: None,
                        ordered: None,
                    };
                    return plain.answer_given(&copy, r, given);
                }
                let field = hex_field()?;
                if given.range.is_none() {
                    field.map.reach(u)?;
                }
                let targets = arcs(&field.map, u, given.range, None);
                Ok(Preview::Arcs {
                    from,
                    headline: crate::rules::arcs::headline(u, &targets),
                    targets,
                })
            }
            Ask::Moves {
                unit: id,
                to,
                charge,
            } => {
                if *charge {
                    return Err(OverlayError(format!(
                        "a charged path is drawn on tables; on hexes, charges:{id} draws the \
                         charges of {id}"
                    )));
                }
                let u = unit(s, id)?;
                let from = on_hex(u)?;
                let field = hex_field()?;
                let map = moves(&field)?;
                let (reach, ways) = map.reachable_ways(u, given.allowance)?;
                let headline = crate::rules::hex::movement::reach_headline(
                    u,
                    reach.len(),
                    given.allowance.or_else(|| map.allowance(u)),
                );
                let path = match to.as_slice() {
                    [] => None,
                    to => {
                        // One hex; more parts are read as one name (and refused so).
                        let (goal, _) = match to {
                            [one] => field.place_at(one)?,
                            more => field.place_at(&Where::Named(
                                more.iter()
                                    .map(Where::to_string)
                                    .collect::<Vec<_>>()
                                    .join(":"),
                            ))?,
                        };
                        Some(way_and_cost(&field, u, &ways, goal).ok_or_else(|| {
                            OverlayError(format!("{id} cannot reach {} this turn", s.label(goal)))
                        })?)
                    }
                };
                Ok(Preview::Moves {
                    from,
                    headline,
                    reach,
                    ways,
                    path,
                })
            }
            Ask::Zones { side } => Ok(Preview::Zones {
                colour: side_colour(s, side),
                hexes: controlled(s, r, side)?,
                side: side.clone(),
            }),
            Ask::Viewshed { from } => {
                let field = hex_field()?;
                let (a, firer) = field.place_at(from)?;
                Ok(Preview::Viewshed {
                    from: a,
                    seen: viewshed(&field.map.sight, a, firer),
                })
            }
            Ask::Charges { unit: id } => {
                let u = unit(s, id)?;
                let from = on_hex(u)?;
                if let Some(why) = cannot_charge(r, u) {
                    return Err(OverlayError(format!("{id} has no legal charge: {why}")));
                }
                let field = hex_field()?;
                let lanes = charges(moves(&field)?, s, r, u, None)?;
                let headline = crate::rules::charge::headline(u, &lanes);
                Ok(Preview::Charges {
                    from,
                    lanes,
                    headline,
                })
            }
            Ask::Cover { .. } => Err(OverlayError(
                "a cover map is drawn on measured tables (on hexes: arcs:UNIT)".into(),
            )),
        }
    }
}

/// Battle: the dice or shift with every modifier as `sandtable battle` explains it,
/// the line of sight, and the target's front sides when it has a fence or entrenchment.
fn battle_preview(field: &HexField, a: &Unit, t: &Unit) -> Result<Preview, OverlayError> {
    let (map, s) = (&field.map, field.s);
    if map.needs_profile() {
        map.reach(a)
            .map_err(|why| OverlayError(format!("{}: {why}", a.id)))?;
    }
    let b = fight(field, a, t);
    let mut lines = vec![headline(field, a, t, &b)];
    lines.extend(details(&b, &a.id, &t.id));
    let (ah, th) = (b.sight.between.own.from, b.sight.between.own.to);
    let front = front_of(s, th).map(|(what, sides)| Front {
        in_front: map.in_front(th, ah, &sides),
        what,
        hex: th,
        sides,
    });
    if let Some(f) = &front {
        let side = if f.in_front { "in front of" } else { "behind" };
        lines.push(format!("the attacker is {side} the target's {}", f.what));
    }
    let o = &b.odds;
    let summary = match (o.allowed, o.dice, o.column_shift) {
        (false, _, _) => "Not allowed".to_string(),
        (true, Some(d), _) => format!("Rolls {}", crate::rules::play::battle::dice(d)),
        (true, None, Some(c)) => format!("Fire combat: {c} column(s) to the left"),
        _ => "Allowed".to_string(),
    };
    Ok(Preview::Battle {
        battle: Box::new(b),
        front,
        summary,
        lines,
    })
}

/// The facing of what stands on the target's hex: its terrain's (a fence), else a
/// token's (an entrenchment); with the name said.
fn front_of(s: &Scenario, hex: Hex) -> Option<(String, Vec<Side>)> {
    if let Some(c) = s.hexes.get(&hex)
        && !c.facing.is_empty()
    {
        return Some((c.terrain.to_string(), c.facing.clone()));
    }
    s.tokens
        .iter()
        .find(|x| x.hex == hex && !x.facing.is_empty())
        .map(|x| (x.kind.clone(), x.facing.clone()))
}

/// The way to `goal` (start first) and its cost from the search already made (what the
/// route mechanism says it costs too: `tests/core/play.rs` checks it on every example), for
/// a pointer moving over the reachable hexes without a new search.
pub fn known_way(reach: &[Reach], ways: &Ways, goal: Hex) -> Option<(Vec<Hex>, u32)> {
    let cost = reach.iter().find(|x| x.hex == goal)?.cost;
    Some((ways.to(goal)?, cost))
}

/// The way to `goal` (start first) and what the route mechanism says it costs, or
/// `None` when the unit cannot go there this turn.
pub fn way_and_cost(field: &HexField, u: &Unit, ways: &Ways, goal: Hex) -> Option<(Vec<Hex>, u32)> {
    let way = ways.to(goal)?;
    let steps: Vec<(Hex, Option<&Unit>)> = way.iter().skip(1).map(|h| (*h, None)).collect();
    let costed = route(field, u, &steps);
    // Whole movement points: the route adds the steps' whole costs.
    costed.allowed.then_some((way, costed.cost as u32))
}

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
pub fn draw(preview: &Preview, board: &HexBoard, layout: &BoardLayout) -> Vec<Item> {
    let mut out = draw_on_screen(preview, board, layout);
    if let Preview::Battle {
        battle,
        summary,
        lines,
        ..
    } = preview
    {
        let w = board.hex_width_mm as f32;
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
pub(super) fn caption_beside(
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
pub fn draw_on_screen(preview: &Preview, board: &HexBoard, layout: &BoardLayout) -> Vec<Item> {
    let w = board.hex_width_mm as f32;
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
                        if let Some(side) = key.side_from(board.orientation, *a)
                            && let Some([p, q]) = layout.side_ends(*a, side)
                        {
                            out.push(Item::Polyline {
                                points: smallvec::smallvec![p, q],
                                stroke: Stroke::new(w * 0.06, CROSSED.darker(0.2)).round(),
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
            for h in board.hexes() {
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

/// A charge as `sandtable charges` words it: the lane, the target and its morale
/// modifier, then each modifier and the strength difference.
pub fn charge_lines(c: &Charge, s: &Scenario) -> Vec<String> {
    let path: Vec<String> = c.path.iter().map(|h| s.label(*h)).collect();
    let mut out = vec![format!(
        "through {} at {}: target morale {:+}",
        path.join(", "),
        c.target,
        c.morale_modifier
    )];
    out.extend(c.modifiers.iter().map(|(why, m)| format!("  {m:+} {why}")));
    if let Some(d) = c.strength_difference {
        out.push(format!("  strength difference {d:+} to the random number"));
    }
    out
}

/// A one-line account of a preview, for a status bar or a caption.
pub fn summary(preview: &Preview, s: &Scenario) -> String {
    match preview {
        Preview::Battle { summary, .. } => summary.clone(),
        Preview::Sight(_, words) => words.headline.clone(),
        Preview::Arcs { headline, .. } | Preview::Charges { headline, .. } => headline.clone(),
        Preview::Moves { headline, path, .. } => {
            let mut line = headline.clone();
            if let Some((way, cost)) = path
                && let Some(end) = way.last()
            {
                line.push_str(&format!("; to {} costs {cost}", s.label(*end)));
            }
            line
        }
        Preview::Zones { hexes, side, .. } => {
            crate::rules::play::hex::zoc_headline(side, hexes.len())
        }
        Preview::Viewshed { from, seen } => {
            format!("{} sees {} hexes", s.label(*from), seen.len())
        }
    }
}
