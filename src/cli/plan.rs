//! `info`'s account of a scenario's plan: turns, objectives, victory conditions and the
//! forces by turn, as JSON keys (absent when the scenario has none of it, so a map's
//! answer is what it always was) and as text.

use std::collections::BTreeMap;

use super::answers::{InfoForces, InfoObjective, InfoTurn, InfoUnit};
use crate::scenario::plan::{Place, schedule};
use crate::scenario::{Scenario, Unit};

/// The keys `info --json` adds for a scenario's plan.
pub struct PlanKeys {
    pub turns: Option<u32>,
    pub first_side: Option<String>,
    pub notes: BTreeMap<String, String>,
    pub objectives: Vec<InfoObjective>,
    pub victory: Vec<crate::scenario::VictoryCondition>,
    pub forces: Option<InfoForces>,
    pub briefing: Option<String>,
    pub special_rules: Option<String>,
    pub sources: Option<String>,
}

/// Whether the scenario has a plan to tell: turns, objectives, victory conditions, texts
/// or units that arrive or leave.
fn has_plan(s: &Scenario) -> bool {
    !s.plan.is_empty()
        || s.units
            .iter()
            .any(|u| u.arrives.is_some() || u.leaves.is_some())
}

fn written(s: &Scenario, place: &Place) -> Place<String> {
    place.clone().map(|h| s.label(h))
}

fn unit(s: &Scenario, u: &Unit, arriving: bool) -> InfoUnit {
    InfoUnit {
        id: u.id.clone(),
        name: (!u.name.is_empty()).then(|| u.name.clone()),
        class: u.class.clone(),
        side: u.side.clone(),
        at: u
            .arrives
            .as_ref()
            .filter(|_| arriving)
            .map(|a| written(s, &a.at)),
    }
}

pub fn keys(s: &Scenario) -> PlanKeys {
    let text = |t: &str| (!t.is_empty()).then(|| t.to_string());
    let plan = &s.plan;
    let forces = has_plan(s).then(|| {
        let sched = schedule(&s.units);
        InfoForces {
            start: sched.start.iter().map(|u| unit(s, u, false)).collect(),
            turns: sched
                .turns
                .iter()
                .map(|t| InfoTurn {
                    turn: t.turn,
                    arriving: t.arriving.iter().map(|u| unit(s, u, true)).collect(),
                    leaving: t.leaving.iter().map(|u| unit(s, u, false)).collect(),
                })
                .collect(),
        }
    });
    PlanKeys {
        turns: plan.turns,
        first_side: plan.first_side.clone(),
        notes: plan.notes.clone(),
        objectives: plan
            .objectives
            .iter()
            .map(|o| InfoObjective {
                id: o.id.clone(),
                name: o.title().to_string(),
                at: written(s, &o.at),
                owner: o.owner.clone(),
                value: o.value,
            })
            .collect(),
        victory: plan.victory.clone(),
        forces,
        briefing: text(&plan.briefing),
        special_rules: text(&plan.special_rules),
        sources: text(&plan.sources),
    }
}

/// How many units of each side, in the sides' order: "union 5, confederate 4".
fn by_side(s: &Scenario, units: &[&Unit]) -> String {
    let mut counts: Vec<(&str, usize)> = s.sides.iter().map(|x| (x.id.as_str(), 0)).collect();
    for u in units {
        match counts.iter_mut().find(|(side, _)| *side == u.side) {
            Some(c) => c.1 += 1,
            None => counts.push((u.side.as_str(), 1)),
        }
    }
    let parts: Vec<String> = counts
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(side, n)| {
            let side = if side.is_empty() { "no side" } else { side };
            format!("{side} {n}")
        })
        .collect();
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}

fn who(u: &Unit) -> String {
    let side = if u.side.is_empty() {
        String::new()
    } else {
        format!("{} ", u.side)
    };
    if u.name.is_empty() {
        format!("{side}{} ({})", u.id, u.class)
    } else {
        format!("{side}{} {} ({})", u.id, u.name, u.class)
    }
}

/// The plan's lines of `info`'s text, under the summary; none for a map without one.
pub fn print(s: &Scenario) {
    if !has_plan(s) {
        return;
    }
    let plan = &s.plan;
    if let Some(n) = plan.turns {
        let first = plan
            .first_side
            .as_ref()
            .map_or(String::new(), |x| format!(", {x} first"));
        println!("  turns     {n}{first}");
    } else if let Some(x) = &plan.first_side {
        println!("  turns     {x} first");
    }
    for o in &plan.objectives {
        let owner = o
            .owner
            .as_ref()
            .map_or(String::new(), |x| format!(", held by {x}"));
        println!(
            "  objective {} {}: {}, worth {}{owner}",
            o.id,
            o.title(),
            s.describe(&o.at),
            o.value
        );
    }
    for v in &plan.victory {
        println!("  victory   {}", v.describe());
    }
    let sched = schedule(&s.units);
    println!("  forces    at start: {}", by_side(s, &sched.start));
    for t in &sched.turns {
        for u in &t.arriving {
            let at = u
                .arrives
                .as_ref()
                .map_or(String::new(), |a| s.describe(&a.at));
            println!("            turn {}: {} arrives at {at}", t.turn, who(u));
        }
        for u in &t.leaving {
            println!("            turn {}: {} leaves", t.turn, who(u));
        }
    }
    // In the sides' order, then notes of sides no longer declared.
    let declared: Vec<&str> = s.sides.iter().map(|x| x.id.as_str()).collect();
    let others = plan.notes.keys().map(String::as_str);
    let undeclared: Vec<&str> = others.filter(|k| !declared.contains(k)).collect();
    for side in declared.into_iter().chain(undeclared) {
        if let Some(notes) = plan.notes.get(side) {
            println!("  notes     {side}: {}", first_line(notes));
        }
    }
    for (head, text) in [
        ("briefing", &plan.briefing),
        ("rules", &plan.special_rules),
        ("sources", &plan.sources),
    ] {
        if !text.is_empty() {
            println!("  {head:<9} {}", first_line(text));
        }
    }
}

/// A text's first line, with "..." when there is more.
fn first_line(text: &str) -> String {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    if lines.next().is_some() {
        format!("{first} ...")
    } else {
        first.to_string()
    }
}
