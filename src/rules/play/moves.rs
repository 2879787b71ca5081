//! A move assembled once for both boards: the board costs each leg of a unit's route
//! (a step into the next hex, or a table's polyline with its half-rate stretches) and
//! says why a leg is refused or where the unit must stop; this spends the allowance
//! along the route and gives one answer: length, cost, allowed, and every reason it
//! is not.

use serde_json::{Value, json};

use super::Field;
use super::sight::round;
use crate::scenario::Unit;

/// One leg of a route as the board costs it.
#[derive(Debug, Clone, PartialEq)]
pub struct Leg {
    /// Where the leg ends, as a message names it.
    pub to: String,
    /// Its length in the board's measure (hexes, or board units).
    pub length: f64,
    /// The allowance it spends.
    pub cost: f64,
    /// Why the unit may not make it (every reason the board finds).
    pub refused: Vec<String>,
    /// The unit must stop where the leg ends.
    pub stop: bool,
}

/// A route as the board costs it, leg by leg.
#[derive(Debug, Clone, PartialEq)]
pub struct Legs<R> {
    /// Each leg as the board costs it.
    pub legs: Vec<Leg>,
    /// The allowance to spend, when the board knows one (a hex class's movement).
    pub allowance: Option<f64>,
    /// Added to the allowance when every leg follows a road.
    pub road_bonus: f64,
    /// Every leg follows a road.
    pub all_road: bool,
    /// A table's road move: the whole route along one road, at the class's road rate.
    pub road_move: Option<f64>,
    /// The route is charged, not moved (a table's `path --charge`).
    pub charge: bool,
    /// The decimal places a measure of the board is written with in words (a tenth of a
    /// cm, a hundredth of a base width); `None`: as it is (whole hexes).
    pub decimals: Option<usize>,
    /// The board's own account of the route, for drawing.
    pub own: R,
}

/// What a route costs a unit, on either board.
#[derive(Debug, Clone, PartialEq)]
pub struct Route<R> {
    /// The unit's id.
    pub unit: String,
    /// How long the route is, in hexes or board units.
    pub length: f64,
    /// What it spends of the allowance.
    pub cost: f64,
    /// Whether the rules allow it.
    pub allowed: bool,
    /// Every reason it is not allowed, in one sentence (`reasons` joined by "; ").
    pub reason: Option<String>,
    /// Every reason it is not allowed: each refused leg's, a stop it goes past, the
    /// allowance it exceeds.
    pub reasons: Vec<String>,
    /// The allowance it spends from, when the board knows one.
    pub allowance: Option<f64>,
    /// A table's road move: the whole route along one road, at the class's road rate.
    pub road_move: Option<f64>,
    /// The route is charged, not moved.
    pub charge: bool,
    /// As [`Legs::decimals`].
    pub decimals: Option<usize>,
    /// The board's own account of the route, for drawing.
    pub own: R,
}

/// `x` as words write a measure with `decimals` places (`None`, or a whole number such
/// as an allowance: as it is).
pub fn number(x: f64, decimals: Option<usize>) -> String {
    match decimals {
        Some(n) if x.fract() != 0.0 => format!("{x:.n$}"),
        _ => format!("{x}"),
    }
}

/// Spends a unit's allowance along the legs a board costs: every leg's length and
/// cost add up ("terrain effects are cumulative" on hexes; a table's half-rate
/// stretches are already doubled, "not cumulative"); a refused leg refuses the route
/// with its reasons; a unit that must stop may go no farther; the cost may not exceed
/// the allowance (with the road bonus when all of it is along a road). Every reason
/// found is given, not only the first ("over its allowance" and "may not stop on a
/// bridge" both).
pub fn spend<R>(unit: &Unit, legs: Legs<R>) -> Route<R> {
    let mut length = 0.0;
    let mut cost = 0.0;
    let mut reasons = Vec::new();
    let last = legs.legs.len().saturating_sub(1);
    for (i, leg) in legs.legs.iter().enumerate() {
        length += leg.length;
        cost += leg.cost;
        reasons.extend(leg.refused.iter().cloned());
        if leg.stop && i < last {
            reasons.push(format!(
                "{} must stop at {} and may move no farther",
                unit.id, leg.to
            ));
        }
    }
    if let Some(a) = legs.allowance {
        let limit = a + if legs.all_road { legs.road_bonus } else { 0.0 };
        if cost > limit {
            // Rounded as the board's measures are, with a place more where rounding
            // would make the cost read as the allowance ("costs 20.0, more than 20").
            let (mut places, allowance) = (legs.decimals, number(limit, legs.decimals));
            while let Some(n) = places.filter(|n| *n < 3)
                && number(cost, places).parse::<f64>().ok() <= Some(limit)
            {
                places = Some(n + 1);
            }
            reasons.push(format!(
                "the route costs {}, more than {}'s allowance of {allowance}",
                number(cost, places),
                unit.id,
            ));
        }
    }
    Route {
        unit: unit.id.clone(),
        length,
        cost,
        allowed: reasons.is_empty(),
        reason: (!reasons.is_empty()).then(|| reasons.join("; ")),
        reasons,
        allowance: legs.allowance,
        road_move: legs.road_move,
        charge: legs.charge,
        decimals: legs.decimals,
        own: legs.own,
    }
}

/// The cost of moving `u` from where it stands through `through`: the one entry point
/// of `sandtable path` and the movement previews' routes.
pub fn route<F: Field>(field: &F, u: &Unit, through: &[F::Place]) -> Route<F::Route> {
    spend(u, field.legs(u, through))
}

/// `sandtable path --json` (docs/format.md): `{"unit", "length", "cost", "allowed",
/// "reason"}`, with `road_move` when the whole route is a road move.
pub fn json<R>(r: &Route<R>) -> Value {
    let mut v = json!({
        "unit": r.unit,
        "length": round(r.length),
        "cost": round(r.cost),
        "allowed": r.allowed,
        "reason": r.reason,
    });
    if let Some(m) = r.road_move {
        v["road_move"] = json!(m);
    }
    if let Some(a) = r.allowance {
        v["allowance"] = json!(a);
    }
    if r.charge {
        v["charge"] = json!(true);
    }
    v
}

/// The first line: "i1 (infantry) moves 48.3 cm at a cost of 48.3 cm" ("charges" for
/// a charge); `word` is the board's measure.
pub fn headline<R>(u: &Unit, r: &Route<R>, word: &str) -> String {
    let places = r.decimals.unwrap_or(1);
    format!(
        "{} ({}) {} {:.places$} {word} at a cost of {:.places$} {word}",
        u.id,
        u.class,
        if r.charge { "charges" } else { "moves" },
        r.length,
        r.cost
    )
}

/// The lines under it: a road move, and why the route is not allowed.
pub fn details<R>(r: &Route<R>, word: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(m) = r.road_move {
        out.push(format!(
            "along a road from start to end: it may move {m} {word}"
        ));
    }
    for why in &r.reasons {
        out.push(format!("not allowed: {why}"));
    }
    out
}
