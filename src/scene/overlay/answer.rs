//! Asking the rules: a request answered on a hex scenario, ready to draw, with its
//! words as the command line prints them.

use hexx::Hex;

use super::{Ask, OverlayError};
use crate::board::Side;
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
use crate::scene::{Rgba, side_colour};

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
            .grid()
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
                    map.board(),
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
                            let allowance = given.allowance.or_else(|| map.allowance(u));
                            OverlayError(format!(
                                "{id} cannot reach {} this turn: {}",
                                s.label(goal),
                                unreachable_why(&field, map, u, &ways, goal, allowance)
                            ))
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

/// Why `u` cannot reach `goal` this turn: the route's own refusal when the search
/// found a way, else what a search without the allowance's limit finds (the cheapest
/// way's cost over the allowance), else that every way is shut (a hex it may not enter
/// or must stop in first).
pub fn unreachable_why(
    field: &HexField,
    map: &MoveMap,
    u: &Unit,
    ways: &Ways,
    goal: Hex,
    allowance: Option<u32>,
) -> String {
    if let Some(way) = ways.to(goal) {
        let steps: Vec<(Hex, Option<&Unit>)> = way.iter().skip(1).map(|h| (*h, None)).collect();
        if let Some(why) = route(field, u, &steps).reason {
            return why;
        }
    }
    // Far enough for any board: every hex at most a few points each.
    let unlimited = allowance.map(|a| a.max(1).saturating_mul(100));
    if let Some(a) = allowance
        && let Ok(far) = map.reachable(u, unlimited)
        && let Some(r) = far.iter().find(|r| r.hex == goal)
    {
        return format!(
            "the cheapest way costs {}, over its allowance of {a} by {}",
            r.cost,
            r.cost.saturating_sub(a)
        );
    }
    "every way there crosses a hex it may not enter or one where it must stop first \
     (terrain that stops it, an enemy's zone of control)"
        .to_string()
}

/// What a path costs beside its length: "costs 4 (3 hexes; +1 at F6 (woods))", each
/// step that costs other than one point named with its hex and terrain. The steps'
/// costs are read from the search's costs along the way; when they do not add up to
/// the route's (a road state the way does not show) only the difference is given.
pub fn cost_words(s: &Scenario, reach: &[Reach], way: &[Hex], cost: u32) -> String {
    let hexes = way.len().saturating_sub(1);
    let grid = s.board.grid();
    let plural = match (hexes, grid) {
        (1, Some(g)) => g.noun(),
        (_, Some(g)) => g.nouns(),
        (1, None) => "hex",
        (_, None) => "hexes",
    };
    let diff = i64::from(cost) - hexes as i64;
    if diff == 0 {
        return format!("costs {cost} ({hexes} {plural})");
    }
    let spent = |h: Hex| -> Option<i64> {
        if Some(&h) == way.first() {
            return Some(0);
        }
        reach.iter().find(|r| r.hex == h).map(|r| i64::from(r.cost))
    };
    let mut extras = Vec::new();
    let mut total = 0;
    for w in way.windows(2) {
        let (Some(a), Some(b)) = (spent(w[0]), spent(w[1])) else {
            extras.clear();
            break;
        };
        let extra = b - a - 1;
        total += extra;
        if extra != 0 {
            let terrain = s
                .hexes
                .get(&w[1])
                .map_or(String::new(), |c| format!(" ({})", c.terrain));
            extras.push(format!("{extra:+} at {}{terrain}", s.label(w[1])));
        }
    }
    if extras.is_empty() || total != diff {
        return format!(
            "costs {cost} ({hexes} {plural}; {diff:+} for terrain, climbs or zones of control)"
        );
    }
    format!("costs {cost} ({hexes} {plural}; {})", extras.join(", "))
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
        Preview::Moves {
            headline,
            path,
            reach,
            ..
        } => {
            let mut line = headline.clone();
            if let Some((way, cost)) = path
                && let Some(end) = way.last()
            {
                let words = cost_words(s, reach, way, *cost);
                line.push_str(&format!("; to {} {words}", s.label(*end)));
            }
            line
        }
        Preview::Zones { hexes, side, .. } => {
            crate::rules::play::hex::zoc_headline(s, side, hexes.len())
        }
        Preview::Viewshed { from, seen } => {
            let cells = s.board.grid().map_or("hexes", |g| g.nouns());
            format!("{} sees {} {cells}", s.label(*from), seen.len())
        }
    }
}
