//! Line of sight (and a table's zone of fire) assembled once for both boards: the
//! board says what the line meets and what each thing does; this says whether the
//! line is open, what blocks it and what gives cover, and words and writes the answer
//! the same way for `sandtable los`, the designer and exports.

use serde_json::{Value, json};

use super::{Between, Field, Mark, Met};
use crate::rules::table::FireType;

/// The answer to "can FROM see TO?", on either board.
#[derive(Debug, Clone, PartialEq)]
pub struct Sight<L> {
    /// Nothing met blocks the line.
    pub visible: bool,
    /// How many things met give cover: the dice are halved once for each (tables).
    pub halvings: usize,
    /// What the board answers about the line.
    pub between: Between<L>,
}

impl<L> Sight<L> {
    /// What blocks the line.
    pub fn blocked_by(&self) -> impl Iterator<Item = &Met> {
        self.between.met.iter().filter(|m| m.blocks.is_some())
    }

    /// What gives the target cover.
    pub fn cover(&self) -> impl Iterator<Item = &Met> {
        self.between.met.iter().filter(|m| m.cover)
    }

    /// The factor the dice are multiplied by, one halving per cover feature ("This
    /// halving of the firing dice penalty is cumulative", text 003).
    pub fn dice_factor(&self) -> f64 {
        0.5f64.powi(i32::try_from(self.halvings).unwrap_or(i32::MAX))
    }
}

/// Judges a line a board has drawn: open when nothing met blocks it ("Line of sight is
/// blocked by ..." on hexes, blocking by levels on a table), one halving per feature
/// giving cover ("A unit firing at (or at and through) a unit claiming cover then uses
/// half the number of dice that it would normally use").
pub fn judge<L>(between: Between<L>) -> Sight<L> {
    Sight {
        visible: between.met.iter().all(|m| m.blocks.is_none()),
        halvings: between.met.iter().filter(|m| m.cover).count(),
        between,
    }
}

/// Line of sight from one place to another: the one entry point of `sandtable los`
/// and the sight previews.
pub fn look<F: Field>(field: &F, from: F::Place, to: F::Place) -> Sight<F::Line> {
    judge(field.line(from, to))
}

fn mark_json(m: &Mark) -> Value {
    match m {
        Mark::Hex(h) => json!({"hex": h}),
        Mark::Feature { id, .. } => json!({"feature": id}),
    }
}

/// The things that block, as `blocked_by` lists them: `{"hex"|"feature", "reason"}`
/// and the rule when the board names one.
pub fn blocked_json<L>(s: &Sight<L>) -> Vec<Value> {
    s.blocked_by()
        .map(|m| {
            let mut v = mark_json(&m.mark);
            v["reason"] = json!(m.blocks);
            if let Some(r) = &m.rule {
                v["rule"] = json!(r);
            }
            v
        })
        .collect()
}

fn kind_of(m: &Met) -> Option<&str> {
    match &m.mark {
        Mark::Feature { kind, .. } => Some(kind),
        Mark::Hex(_) => None,
    }
}

/// `sandtable los --json` (docs/format.md), the same keys on both boards.
pub fn json<F: Field>(field: &F, s: &Sight<F::Line>) -> Value {
    let (path, grazed) = field.crossed(&s.between.own).unzip();
    let b = &s.between;
    let cover: Vec<Value> = s
        .cover()
        .map(|m| {
            let mut v = mark_json(&m.mark);
            v["kind"] = json!(kind_of(m));
            v
        })
        .collect();
    let crossed: Vec<Value> = b
        .met
        .iter()
        .map(|m| {
            let mut v = mark_json(&m.mark);
            if let Some(k) = kind_of(m) {
                v["kind"] = json!(k);
            }
            v["cover"] = json!(m.cover);
            v["overhead"] = json!(m.overhead);
            v
        })
        .collect();
    json!({
        "visible": s.visible,
        "range": b.range,
        "distance": b.distance.map(round),
        "path": path,
        "grazed": grazed.unwrap_or_default(),
        "blocked_by": blocked_json(s),
        "cover": cover,
        "crossed": crossed,
        "fire": b.fire.map(|f| f.as_str()),
    })
}

/// A distance as the JSON gives it: to a hundredth of the board's unit.
pub fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// One thing met as `sandtable los` words it: a hex where the line is blocked, or a
/// feature crossed with what it does to this fire.
pub fn met_line(m: &Met, fire: Option<FireType>) -> String {
    match &m.mark {
        Mark::Hex(h) => {
            let rule = m
                .rule
                .as_deref()
                .map_or(String::new(), |r| format!(" [{r}]"));
            format!(
                "blocked at {h}: {}{rule}",
                m.blocks.as_deref().unwrap_or("blocks line of sight")
            )
        }
        Mark::Feature { id, name, .. } => {
            let mut what = Vec::new();
            if m.cover {
                let fire = fire.map_or("this", |f| f.as_str());
                what.push(format!("cover against {fire} fire: halves the dice"));
            }
            if let Some(why) = &m.blocks {
                what.push(format!("blocks: {why}"));
            }
            if m.overhead {
                what.push("fired over (overhead artillery fire)".to_string());
            }
            if what.is_empty() {
                what.push("no effect on this fire".to_string());
            }
            format!("crosses {name} {id}: {}", what.join("; "))
        }
    }
}

/// The first line of the answer: "G5 sees H2 at range 3", "i1 does not see k1 at
/// 12.5 cm, edge to edge (small-arms fire)".
pub fn headline<F: Field>(field: &F, from: F::Place, to: F::Place, s: &Sight<F::Line>) -> String {
    format!(
        "{} {} {} at {}",
        field.name(from),
        if s.visible { "sees" } else { "does not see" },
        field.name(to),
        field.measure(&s.between)
    )
}

/// The details under the headline: the hexes crossed and grazed, then each thing met.
pub fn details<F: Field>(field: &F, s: &Sight<F::Line>) -> Vec<String> {
    let b = &s.between;
    let mut out = Vec::new();
    let (path, grazed) = field.crossed(&b.own).unwrap_or_default();
    if !path.is_empty() {
        out.push(format!("the line crosses {}", path.join(", ")));
    }
    for [x, y] in &grazed {
        out.push(format!("{} {x} and {y}", field.grazes()));
    }
    out.extend(b.met.iter().map(|m| met_line(m, b.fire)));
    out
}
