//! A battle assembled once for both boards: the board counts the attack its own way
//! (additive dice or column shifts on hexes, none on a table), and this applies what
//! the line between the units does: a blocked line refuses the battle, and each
//! feature giving cover halves the dice once more, rounding down ("This halving of the
//! firing dice penalty is cumulative", text 003), as a `factor` modifier.

use serde_json::{Value, json};

use super::sight::{Sight, blocked_json, judge, round};
use super::{Field, Mark, Met};
pub use crate::rules::battle::Odds;
use crate::rules::battle::{Counts, Modifier, modifier_line};
use crate::scenario::Unit;

/// One halving of the dice for a feature giving cover.
#[derive(Debug, Clone, PartialEq)]
pub struct Factor {
    /// The feature, as the answer says it ("woods w1").
    pub source: String,
    /// The feature's id.
    pub feature: String,
    /// What the dice are multiplied by (0.5).
    pub factor: f64,
    /// The rule text it quotes: the feature kind's `cover_quote`, when it has one.
    pub quote: Option<String>,
}

/// The answer to "what happens if ATTACKER battles TARGET?", on either board.
#[derive(Debug, Clone, PartialEq)]
pub struct Fight<L> {
    /// What the board counts before the line's cover.
    pub odds: Odds,
    /// The halvings for cover, one per feature.
    pub factors: Vec<Factor>,
    /// The line the battle is fought along.
    pub sight: Sight<L>,
}

/// The halving a feature giving cover makes.
fn halving(m: &Met) -> Factor {
    let (source, feature) = match &m.mark {
        Mark::Feature { id, name, .. } => (format!("{name} {id}"), id.clone()),
        Mark::Hex(h) => (format!("cover at {h}"), h.clone()),
    };
    Factor {
        source,
        feature,
        factor: 0.5,
        quote: m.cover_quote.clone(),
    }
}

/// The battle of `a` against `t`: the one entry point of `sandtable battle` and the
/// battle previews.
pub fn fight<F: Field>(field: &F, a: &Unit, t: &Unit) -> Fight<F::Line> {
    let (line, odds) = field.odds(a, t);
    settle::<F>(line, odds)
}

/// A battle from the board's count and the line it is fought along: what [`fight`]
/// does once the board has answered, and what a table's fire arc asks of each point.
pub fn settle<F: Field>(line: super::Between<F::Line>, mut odds: Odds) -> Fight<F::Line> {
    let sight = judge(line);
    if odds.allowed && !sight.visible {
        let why: Vec<&str> = sight
            .blocked_by()
            .filter_map(|m| m.blocks.as_deref())
            .collect();
        odds.allowed = false;
        odds.reason = Some(format!("the {} is blocked: {}", F::LINE, why.join("; ")));
    }
    let factors: Vec<Factor> = sight.cover().map(halving).collect();
    if !factors.is_empty() {
        odds.dice_factor = Some(odds.dice_factor.unwrap_or(1.0) * sight.dice_factor());
        // Counted dice (a dice game on a table) are halved once per cover feature,
        // rounding down each time.
        if let Some(d) = odds.dice {
            let halved = crate::rules::table::fire::halve(d.max(0) as u32, factors.len()) as i32;
            odds.dice = Some(halved);
            if halved == 0 && odds.allowed {
                odds.allowed = false;
                odds.reason = Some("halving for cover leaves 0 dice".to_string());
            }
        }
    }
    Fight {
        odds,
        factors,
        sight,
    }
}

fn modifier_json(m: &Modifier) -> Value {
    let mut v = json!({"source": m.source, "applied": m.counts == Counts::Yes});
    if let Some(d) = m.dice {
        v["dice"] = json!(d);
    }
    if let Some(x) = m.shift {
        v["shift"] = json!(x);
    }
    if let Counts::ReplacedBy(by) = &m.counts {
        v["replaced_by"] = json!(by);
    }
    if let Some(q) = &m.quote {
        v["quote"] = json!(q);
    }
    v
}

/// `sandtable battle --json` (docs/format.md), the same keys on both boards.
pub fn json<L>(f: &Fight<L>) -> Value {
    let o = &f.odds;
    let b = &f.sight.between;
    let mods: Vec<Value> = o
        .modifiers
        .iter()
        .map(modifier_json)
        .chain(f.factors.iter().map(|x| {
            let mut v = json!({"source": x.source, "feature": x.feature, "factor": x.factor, "applied": true});
            if let Some(q) = &x.quote {
                v["quote"] = json!(q);
            }
            v
        }))
        .collect();
    json!({
        "allowed": o.allowed,
        "reason": o.reason,
        "range": b.range,
        "distance": b.distance.map(round),
        "los": f.sight.visible,
        "base_dice": o.base_dice,
        "dice": o.dice,
        "column_shift": o.column_shift,
        "assault_shift": o.assault_shift,
        "dice_factor": o.dice_factor,
        "halvings": f.sight.halvings,
        "fire": b.fire.map(|x| x.as_str()),
        "modifiers": mods,
        "ignore_retreat_flags": o.ignore_retreat_flags,
        "blocked_by": blocked_json(&f.sight),
        "hand_to_hand": o.hand_to_hand.iter().map(|(id, _)| id.clone()).collect::<Vec<_>>(),
    })
}

/// The first line: "c2 (infantry, F2) against u1 (infantry, E5) at range 3".
pub fn headline<F: Field>(field: &F, a: &Unit, t: &Unit, f: &Fight<F::Line>) -> String {
    let who = |u: &Unit| match field.whereabouts(u) {
        Some(w) => format!("{} ({}, {w})", u.id, u.class),
        None => format!("{} ({})", u.id, u.class),
    };
    format!(
        "{} against {} at {}",
        who(a),
        who(t),
        field.measure(&f.sight.between)
    )
}

/// The lines under the battle's headline, as `sandtable battle` and the designer word
/// them: the refusal, the dice and their modifiers, the shifts, each feature crossed,
/// the halvings and the hand-to-hand advantage.
pub fn details<L>(f: &Fight<L>, attacker: &str, target: &str) -> Vec<String> {
    let o = &f.odds;
    let mut out = Vec::new();
    if !o.allowed {
        out.push(format!(
            "not allowed: {}",
            o.reason.as_deref().unwrap_or("no reason given")
        ));
    }
    if let Some(base) = o.base_dice {
        out.push(format!("base dice {base}"));
    }
    out.extend(
        o.modifiers
            .iter()
            .filter_map(|m| modifier_line(m, &o.modifiers)),
    );
    let b = &f.sight.between;
    out.extend(
        b.met
            .iter()
            .filter(|m| matches!(m.mark, Mark::Feature { .. }))
            .map(|m| super::sight::met_line(m, b.fire)),
    );
    if f.factors.is_empty() {
        if let (Some(x), true) = (o.dice_factor, o.allowed && o.dice.is_some()) {
            out.push(format!("dice multiplied by {x}, rounded down"));
        }
    } else {
        // Each sentence the halvings quote, once.
        let mut quotes: Vec<&str> = Vec::new();
        for q in f.factors.iter().filter_map(|x| x.quote.as_deref()) {
            if !quotes.contains(&q) {
                quotes.push(q);
            }
        }
        let quoted: String = quotes.iter().map(|q| format!(" (\"{q}\")")).collect();
        out.push(format!(
            "dice halved {} time(s), rounding down each time (x{}){quoted}",
            f.factors.len(),
            o.dice_factor.unwrap_or(1.0)
        ));
    }
    if let (Some(d), true) = (o.dice, o.allowed) {
        out.push(format!("rolls {}", dice(d)));
    }
    if let (Some(c), true) = (o.column_shift, o.allowed) {
        out.push(format!("fire combat: {c} column(s) to the left"));
    }
    if let Some(c) = o.assault_shift {
        out.push(format!("close assault: {c} column(s) to the left"));
    }
    if o.ignore_retreat_flags > 0 {
        out.push(format!(
            "the target may ignore {} retreat flag(s)",
            o.ignore_retreat_flags
        ));
    }
    for (id, name) in &o.hand_to_hand {
        out.push(format!(
            "a charge from {attacker} would give {target} the hand-to-hand advantage of {name} {id} (its dice halved)"
        ));
    }
    out
}

/// "1 die", "3 dice".
pub fn dice(n: i32) -> String {
    if n == 1 {
        "1 die".to_string()
    } else {
        format!("{n} dice")
    }
}
