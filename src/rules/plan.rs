//! The checks of a scenario's plan (issue 43), run live with the structural checks:
//! objectives on the board and on ground some unit may enter, reinforcements that can
//! enter where and when they do, withdrawals after arrivals, victory conditions that
//! name what exists and can be met.
//!
//! Each finding names the objective or unit by id (the designer selects it) and is
//! placed in the file at that id; a victory condition's at its `kind`.

use std::collections::BTreeSet;

use hexx::Hex;

use crate::board::Board;
use crate::board::freeform::Point;
use crate::rules::model::{KindList, Ruleset, names_class};
use crate::rules::table::fire::{TableFeature, TableMap};
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::plan::{Place, Score, VictoryCondition, max_points};
use crate::scenario::{Objective, Scenario, Unit};

/// Rule ids of the findings.
pub mod rule {
    /// turns is 0.
    pub const TURNS: &str = "scenario/turns";
    /// The plan names a side the scenario does not have.
    pub const UNKNOWN_SIDE: &str = "scenario/unknown-side";
    /// An objective id used twice, or by a feature too.
    pub const DUPLICATE_ID: &str = "file/duplicate-id";
    /// An objective placed as its board cannot hold one (an edge, an unknown area).
    pub const OBJECTIVE_PLACE: &str = "scenario/objective-place";
    /// An objective off the map or the table.
    pub const OBJECTIVE_OFF_BOARD: &str = "scenario/objective-off-board";
    /// An objective on ground no unit class may enter.
    pub const OBJECTIVE_IMPASSABLE: &str = "scenario/objective-impassable";
    /// An entry its board cannot hold (a stretch off its edge, an unknown area).
    pub const ENTRY_PLACE: &str = "scenario/entry-place";
    /// An entry off the map or the table.
    pub const ENTRY_OFF_BOARD: &str = "scenario/entry-off-board";
    /// An entry where the unit's class may not enter.
    pub const ENTRY_IMPASSABLE: &str = "scenario/entry-impassable";
    /// An arrival on a turn the game does not have.
    pub const ARRIVAL_TURN: &str = "scenario/arrival-turn";
    /// A unit on the map at the start that arrives too, or two arriving with one id.
    pub const ARRIVES_TWICE: &str = "scenario/arrives-twice";
    /// A withdrawal on a turn the game does not have, or before the arrival.
    pub const LEAVING_TURN: &str = "scenario/leaving-turn";
    /// A victory condition naming an objective the scenario does not have.
    pub const UNKNOWN_OBJECTIVE: &str = "scenario/unknown-objective";
    /// A victory condition naming a unit class the ruleset does not have.
    pub const UNKNOWN_CLASS: &str = "scenario/unknown-class";
    /// A victory condition naming no objective, or counting nothing.
    pub const EMPTY_CONDITION: &str = "scenario/empty-condition";
    /// A condition judged at the end of a turn the game does not have.
    pub const NO_LAST_TURN: &str = "scenario/no-last-turn";
    /// A point total no side can reach.
    pub const UNREACHABLE_POINTS: &str = "scenario/unreachable-points";
    /// A sudden death on destroying a class no enemy unit has.
    pub const NOTHING_TO_DESTROY: &str = "scenario/nothing-to-destroy";
}

/// Every finding about the scenario's plan, in order: turns, objectives, forces,
/// victory conditions. Nothing to check costs nothing (a map without a plan).
pub fn check(s: &Scenario, r: &Ruleset) -> Vec<Diagnostic> {
    let moving = s
        .units
        .iter()
        .any(|u| u.arrives.is_some() || u.leaves.is_some());
    if s.plan.is_empty() && !moving {
        return Vec::new();
    }
    let cx = Cx::new(s, r);
    let mut out = Vec::new();
    cx.turns(&mut out);
    cx.objectives(&mut out);
    cx.forces(&mut out);
    cx.victory(&mut out);
    out
}

struct Cx<'a> {
    s: &'a Scenario,
    r: &'a Ruleset,
    /// The sides a scenario may name: those it declares, else those of its units.
    sides: BTreeSet<&'a str>,
    /// A table's features, built only when a place of the table is checked.
    table: std::cell::OnceCell<Option<TableMap<'a>>>,
}

impl<'a> Cx<'a> {
    fn new(s: &'a Scenario, r: &'a Ruleset) -> Self {
        let sides = if s.sides.is_empty() {
            s.units
                .iter()
                .map(|u| u.side.as_str())
                .filter(|x| !x.is_empty())
                .collect()
        } else {
            s.sides.iter().map(|x| x.id.as_str()).collect()
        };
        Cx {
            s,
            r,
            sides,
            table: std::cell::OnceCell::new(),
        }
    }

    fn table(&self) -> Option<&TableMap<'a>> {
        self.table
            .get_or_init(|| {
                self.s
                    .board
                    .as_freeform()
                    .map(|_| TableMap::new(self.s, self.r))
            })
            .as_ref()
    }

    fn unknown_side(&self, side: &str) -> bool {
        !self.sides.contains(side)
    }

    fn side_names(&self) -> String {
        if self.sides.is_empty() {
            "it has none".into()
        } else {
            format!(
                "it has {}",
                self.sides.iter().copied().collect::<Vec<_>>().join(", ")
            )
        }
    }

    fn turns(&self, out: &mut Vec<Diagnostic>) {
        let plan = &self.s.plan;
        if plan.turns == Some(0) {
            out.push(Diagnostic::error(
                rule::TURNS,
                "turns is 0: a game lasts at least 1 turn",
            ));
        }
        if let Some(side) = plan.first_side.as_deref().filter(|x| self.unknown_side(x)) {
            out.push(
                Diagnostic::error(
                    rule::UNKNOWN_SIDE,
                    format!(
                        "first_side '{side}' is not a side of the scenario ({})",
                        self.side_names()
                    ),
                )
                .at(side),
            );
        }
    }

    /// Whether a unit of `class` may enter hex `h` (its terrain does not prohibit it).
    fn enterable(&self, h: Hex, class: &str) -> bool {
        crate::rules::terrain_at(self.s, self.r, h)
            .and_then(|k| k.terrain())
            .is_none_or(|k| !names_class(&k.movement.prohibited, class))
    }

    /// The table feature at `p` that a unit of `class` may not enter: one that prohibits
    /// it (water, unless bridged there) or lets it in only along a road (none there).
    fn blocking_at(&self, p: Point, class: &str) -> Option<&TableFeature<'a>> {
        let here: Vec<&TableFeature> = self.table()?.at(p).collect();
        let road = here.iter().any(|f| !f.effect.road_move.is_empty());
        let bridge = here
            .iter()
            .any(|f| !f.effect.on_road.is_empty() || f.effect.treat_as.is_some());
        here.into_iter().find(|f| blocks(f, class, road, bridge))
    }

    /// The table area with `id`, as the rules see it.
    fn area(&self, id: &str) -> Option<&TableFeature<'a>> {
        self.table()?
            .features
            .iter()
            .find(|f| f.id == id && f.list == KindList::Terrain && f.source.is_some())
    }

    fn classes(&self) -> impl Iterator<Item = &'a str> {
        self.r.unit_classes.iter().map(|k| k.id.as_str())
    }

    fn objectives(&self, out: &mut Vec<Diagnostic>) {
        let s = self.s;
        let features: BTreeSet<&str> = s.feature_ids().into_iter().map(|(_, id)| id).collect();
        let mut seen = BTreeSet::new();
        for (i, o) in s.plan.objectives.iter().enumerate() {
            let found = |rule: &str, m: String| {
                Diagnostic::error(rule, format!("objective {}: {m}", o.id))
                    .with_feature(o.id.as_str())
                    .at(o.id.as_str())
            };
            if !seen.insert(o.id.as_str()) || features.contains(o.id.as_str()) {
                let n = s.plan.objectives[..i]
                    .iter()
                    .filter(|x| x.id == o.id)
                    .count();
                let m = format!("objective id {} is used twice", o.id);
                out.push(
                    Diagnostic::error(rule::DUPLICATE_ID, m)
                        .with_feature(o.id.as_str())
                        .at_occurrence(o.id.as_str(), n),
                );
            }
            if let Some(owner) = o.owner.as_deref().filter(|x| self.unknown_side(x)) {
                let m = format!(
                    "owner '{owner}' is not a side of the scenario ({})",
                    self.side_names()
                );
                out.push(found(rule::UNKNOWN_SIDE, m));
            }
            self.objective_place(o, &found, out);
        }
    }

    fn objective_place(
        &self,
        o: &Objective,
        found: &dyn Fn(&str, String) -> Diagnostic,
        out: &mut Vec<Diagnostic>,
    ) {
        let every_class_stopped = |enter: &dyn Fn(&str) -> bool| {
            !self.r.unit_classes.is_empty() && self.classes().all(|c| !enter(c))
        };
        match (&self.s.board, &o.at) {
            (Board::Hex(_) | Board::Square(_), Place::Hex(_) | Place::Hexes(_)) => {
                let Some(board) = self.s.board.grid() else {
                    return;
                };
                let noun = board.noun();
                let hexes = o.at.hexes_on(board);
                if hexes.is_empty() {
                    out.push(found(rule::OBJECTIVE_PLACE, "it lists no hexes".into()));
                }
                for h in hexes {
                    if !board.contains(h) {
                        let m = format!("{noun} {} is not on the map", board.label(h));
                        out.push(found(rule::OBJECTIVE_OFF_BOARD, m).with_hex(h));
                    } else if every_class_stopped(&|c| self.enterable(h, c)) {
                        let terrain = crate::rules::terrain_at(self.s, self.r, h)
                            .map_or("its terrain", |k| k.name.as_str());
                        let m = format!(
                            "{noun} {} is {terrain}, which no unit class may enter",
                            board.label(h)
                        );
                        out.push(found(rule::OBJECTIVE_IMPASSABLE, m).with_hex(h));
                    }
                }
            }
            (Board::Freeform(t), Place::Point(p)) => {
                if !t.contains(*p) {
                    let m = format!(
                        "point [{}, {}] is off the {} x {} {} table",
                        p.x, p.y, t.width, t.height, t.unit
                    );
                    out.push(found(rule::OBJECTIVE_OFF_BOARD, m));
                } else if every_class_stopped(&|c| self.blocking_at(*p, c).is_none()) {
                    let what = self
                        .classes()
                        .find_map(|c| self.blocking_at(*p, c))
                        .map_or("ground".into(), |f| format!("{} {}", f.name, f.id));
                    let m = format!(
                        "point [{}, {}] is on {what}, which no unit class may enter",
                        p.x, p.y
                    );
                    out.push(found(rule::OBJECTIVE_IMPASSABLE, m));
                }
            }
            (Board::Freeform(_), Place::Area(id)) => match self.area(id) {
                None => {
                    let m = format!("area '{id}' is not an area of the table");
                    out.push(found(rule::OBJECTIVE_PLACE, m));
                }
                Some(f) if every_class_stopped(&|c| !blocks(f, c, false, false)) => {
                    let m = format!("area {id} is {}, which no unit class may enter", f.name);
                    out.push(found(rule::OBJECTIVE_IMPASSABLE, m));
                }
                Some(_) => {}
            },
            (_, at) => {
                let m = match (&self.s.board, at) {
                    (_, Place::Edge { .. }) => {
                        "an objective is a hex, hexes, a point or an area, not an edge".into()
                    }
                    (Board::Hex(_) | Board::Square(_) | Board::Area(_), _) => format!(
                        "a {} board's objective is a hex or hexes, not {} {}",
                        self.s.board.kind(),
                        a_or_an(at.kind()),
                        at.kind()
                    ),
                    (Board::Freeform(_), _) => format!(
                        "a table's objective is a point or an area, not {}",
                        at.kind()
                    ),
                };
                out.push(found(rule::OBJECTIVE_PLACE, m));
            }
        }
    }

    fn forces(&self, out: &mut Vec<Diagnostic>) {
        let s = self.s;
        let turns = s.plan.turns;
        let mut arriving: Vec<&str> = Vec::new();
        for u in &s.units {
            let found = |rule: &str, m: String| {
                Diagnostic::error(rule, format!("unit {}: {m}", u.id))
                    .with_feature(u.id.as_str())
                    .at(u.id.as_str())
            };
            let beyond = |turn: u32| turn < 1 || turns.is_some_and(|n| turn > n);
            let range = || turns.map_or("1 or later".into(), |n| format!("1 to {n}"));
            if let Some(a) = &u.arrives {
                if u.hex.is_some() || u.at.is_some() {
                    let m = format!(
                        "it stands on the map at the start and arrives on turn {}: a \
                         reinforcement has its entry in arrives.at and no place of its own",
                        a.turn
                    );
                    out.push(found(rule::ARRIVES_TWICE, m));
                }
                if arriving.contains(&u.id.as_str()) {
                    let n = arriving.iter().filter(|x| **x == u.id).count();
                    out.push(
                        Diagnostic::error(
                            rule::ARRIVES_TWICE,
                            format!("unit {} arrives twice", u.id),
                        )
                        .with_feature(u.id.as_str())
                        .at_occurrence(u.id.as_str(), n),
                    );
                }
                arriving.push(&u.id);
                if beyond(a.turn) {
                    let m = format!(
                        "it arrives on turn {}, but the scenario's turns are {}",
                        a.turn,
                        range()
                    );
                    out.push(found(rule::ARRIVAL_TURN, m));
                }
                self.entry(u, &a.at, &found, out);
            }
            if let Some(l) = u.leaves {
                if beyond(l.turn) {
                    let m = format!(
                        "it leaves on turn {}, but the scenario's turns are {}",
                        l.turn,
                        range()
                    );
                    out.push(found(rule::LEAVING_TURN, m));
                }
                if let Some(a) = u.arrives.as_ref().filter(|a| l.turn < a.turn) {
                    let m = format!(
                        "it leaves on turn {} before it arrives on turn {}",
                        l.turn, a.turn
                    );
                    out.push(found(rule::LEAVING_TURN, m));
                }
            }
        }
    }

    /// Where a reinforcement enters: on the board, where a unit of its class may enter.
    fn entry(
        &self,
        u: &Unit,
        at: &Place,
        found: &dyn Fn(&str, String) -> Diagnostic,
        out: &mut Vec<Diagnostic>,
    ) {
        let class = u.class.as_str();
        let known_class = self.r.kind(KindList::UnitClass, class).is_some();
        match (&self.s.board, at) {
            (
                Board::Hex(_) | Board::Square(_) | Board::Area(_),
                Place::Hex(_) | Place::Hexes(_) | Place::Edge { .. },
            ) => {
                let Some(board) = self.s.board.grid() else {
                    return;
                };
                let ends = at.stretch_ends(board);
                for h in &ends {
                    let Place::Edge { edge, .. } = at else { break };
                    let m = format!(
                        "{} {} is not on the {edge} edge",
                        board.noun(),
                        board.label(*h)
                    );
                    out.push(found(rule::ENTRY_PLACE, m).with_hex(*h));
                }
                if !ends.is_empty() {
                    return;
                }
                let hexes = at.hexes_on(board);
                if hexes.is_empty() {
                    out.push(found(rule::ENTRY_PLACE, "its entry lists no hexes".into()));
                    return;
                }
                let off: Vec<Hex> = hexes
                    .iter()
                    .copied()
                    .filter(|h| !board.contains(*h))
                    .collect();
                for h in &off {
                    let m = format!(
                        "it enters at {} {}, not on the map",
                        board.noun(),
                        board.label(*h)
                    );
                    out.push(found(rule::ENTRY_OFF_BOARD, m).with_hex(*h));
                }
                let on: Vec<Hex> = hexes.into_iter().filter(|h| board.contains(*h)).collect();
                if known_class && !on.is_empty() && on.iter().all(|h| !self.enterable(*h, class)) {
                    let names: Vec<String> = on
                        .iter()
                        .take(4)
                        .map(|h| {
                            let t = crate::rules::terrain_at(self.s, self.r, *h)
                                .map_or("?", |k| k.name.as_str());
                            format!("{} ({t})", board.label(*h))
                        })
                        .collect();
                    let more = if on.len() > names.len() { ", ..." } else { "" };
                    let m = format!(
                        "{} may not enter {}{more}, where it arrives",
                        crate::rules::a_unit(class),
                        names.join(", ")
                    );
                    let mut d = found(rule::ENTRY_IMPASSABLE, m);
                    for h in on {
                        d = d.with_hex(h);
                    }
                    out.push(d);
                }
            }
            (Board::Freeform(t), Place::Point(p)) => {
                if !t.contains(*p) {
                    let m = format!(
                        "it enters at [{}, {}], off the {} x {} {} table",
                        p.x, p.y, t.width, t.height, t.unit
                    );
                    out.push(found(rule::ENTRY_OFF_BOARD, m));
                } else if let Some(f) = self.blocking_at(*p, class).filter(|_| known_class) {
                    let m = format!(
                        "{} may not enter {} {}, where it arrives at [{}, {}]",
                        crate::rules::a_unit(class),
                        f.name,
                        f.id,
                        p.x,
                        p.y
                    );
                    out.push(found(rule::ENTRY_IMPASSABLE, m));
                }
            }
            (Board::Freeform(_), Place::Area(id)) => match self.area(id) {
                None => {
                    let m = format!("it enters at area '{id}', which is not an area of the table");
                    out.push(found(rule::ENTRY_PLACE, m));
                }
                Some(f) if known_class && blocks(f, class, false, false) => {
                    let m = format!(
                        "{} may not enter {} {id}, where it arrives",
                        crate::rules::a_unit(class),
                        f.name
                    );
                    out.push(found(rule::ENTRY_IMPASSABLE, m));
                }
                Some(_) => {}
            },
            (Board::Hex(_) | Board::Square(_) | Board::Area(_), _) => {
                let m = format!(
                    "on a {} board a unit enters at a hex, hexes or an edge, not {} {}",
                    self.s.board.kind(),
                    a_or_an(at.kind()),
                    at.kind()
                );
                out.push(found(rule::ENTRY_PLACE, m));
            }
            (Board::Freeform(_), _) => {
                let m = format!(
                    "on a table a unit enters at a point or an area, not {} {}",
                    a_or_an(at.kind()),
                    at.kind()
                );
                out.push(found(rule::ENTRY_PLACE, m));
            }
        }
    }

    fn victory(&self, out: &mut Vec<Diagnostic>) {
        let s = self.s;
        let plan = &s.plan;
        for (i, v) in plan.victory.iter().enumerate() {
            let kind = v.kind();
            let n = plan.victory[..i]
                .iter()
                .filter(|x| x.kind() == kind)
                .count();
            let found = |rule: &str, m: String| {
                Diagnostic::error(rule, format!("victory condition {} ({kind}): {m}", i + 1))
                    .at_occurrence(kind, n)
            };
            if let Some(side) = v.side().filter(|x| self.unknown_side(x)) {
                let m = format!(
                    "side '{side}' is not a side of the scenario ({})",
                    self.side_names()
                );
                out.push(found(rule::UNKNOWN_SIDE, m));
            }
            for id in v.objectives() {
                match plan.objective(id) {
                    Some(_) => {}
                    None => {
                        let known: Vec<&str> =
                            plan.objectives.iter().map(|o| o.id.as_str()).collect();
                        let has = if known.is_empty() {
                            "the scenario has none".to_string()
                        } else {
                            format!("the scenario has {}", known.join(", "))
                        };
                        let m = format!("objective '{id}' does not exist ({has})");
                        out.push(found(rule::UNKNOWN_OBJECTIVE, m));
                    }
                }
            }
            let empty = match v {
                VictoryCondition::Hold { objectives, .. }
                | VictoryCondition::Take { objectives, .. } => {
                    objectives.is_empty().then_some("it names no objective")
                }
                VictoryCondition::FirstTo { count, .. }
                | VictoryCondition::MostPoints { count, .. } => count
                    .is_empty()
                    .then_some("its count names nothing that scores"),
                VictoryCondition::Destroy { .. } => None,
            };
            if let Some(m) = empty {
                out.push(found(rule::EMPTY_CONDITION, m.into()));
            }
            self.victory_turn(v, &found, out);
            self.victory_classes(v, &found, out);
            if let VictoryCondition::FirstTo {
                side,
                target,
                count,
                unit_points,
            } = v
                && !count.is_empty()
            {
                let sides: Vec<&str> = match side {
                    Some(x) => vec![x.as_str()],
                    None => self.sides.iter().copied().collect(),
                };
                let best = sides
                    .iter()
                    .map(|x| {
                        let most = max_points(&s.units, &plan.objectives, x, count, unit_points);
                        (most, *x)
                    })
                    .max();
                if let Some((most, _)) = best.filter(|(most, _)| u64::from(*target) > *most) {
                    let scored: Vec<&str> = count.iter().map(|c| c.as_str()).collect();
                    let who = match side {
                        Some(x) => format!("{x} can score"),
                        None => "no side can score more than".into(),
                    };
                    let m = format!(
                        "{target} points cannot be reached: {who} {most} ({} counted{})",
                        scored.join(" and "),
                        if count.contains(&Score::Units) {
                            ", every enemy unit destroyed"
                        } else {
                            ""
                        }
                    );
                    out.push(found(rule::UNREACHABLE_POINTS, m));
                }
            }
        }
    }

    /// A condition judged at the end of a turn needs that turn in the game.
    fn victory_turn(
        &self,
        v: &VictoryCondition,
        found: &dyn Fn(&str, String) -> Diagnostic,
        out: &mut Vec<Diagnostic>,
    ) {
        if !matches!(
            v,
            VictoryCondition::Hold { .. } | VictoryCondition::MostPoints { .. }
        ) {
            return;
        }
        match (v.turn(), self.s.plan.turns) {
            (None, None) => out.push(found(
                rule::NO_LAST_TURN,
                "it is judged at the end of the game, but the scenario does not give its turns"
                    .into(),
            )),
            (Some(t), turns) if t < 1 || turns.is_some_and(|n| t > n) => {
                let m = match turns {
                    Some(n) => format!("it is judged on turn {t}, but the game lasts {n} turns"),
                    None => format!("it is judged on turn {t}; turns start at 1"),
                };
                out.push(found(rule::NO_LAST_TURN, m));
            }
            _ => {}
        }
    }

    /// The classes a condition names: the ruleset's; for `destroy`, one the enemy has.
    fn victory_classes(
        &self,
        v: &VictoryCondition,
        found: &dyn Fn(&str, String) -> Diagnostic,
        out: &mut Vec<Diagnostic>,
    ) {
        let named: Vec<&str> = match v {
            VictoryCondition::FirstTo { unit_points, .. }
            | VictoryCondition::MostPoints { unit_points, .. } => {
                unit_points.keys().map(String::as_str).collect()
            }
            VictoryCondition::Destroy { class, .. } => vec![class.as_str()],
            _ => Vec::new(),
        };
        for class in named {
            if self.r.kind(KindList::UnitClass, class).is_none() {
                let known: Vec<&str> = self.classes().collect();
                let m = format!(
                    "unit class '{class}' is not one of {}'s ({})",
                    self.r.id,
                    known.join(", ")
                );
                out.push(found(rule::UNKNOWN_CLASS, m));
            }
        }
        if let VictoryCondition::Destroy { side, class } = v
            && self.r.kind(KindList::UnitClass, class).is_some()
        {
            let enemy = |u: &&Unit| {
                u.class == *class
                    && !u.side.is_empty()
                    && side.as_deref().is_none_or(|x| u.side != x)
            };
            if !self.s.units.iter().any(|u| enemy(&u)) {
                let whose = side
                    .as_deref()
                    .map_or("any side".into(), |x| format!("an enemy of {x}"));
                let m = format!("no {class} unit of {whose} is in the scenario to destroy");
                out.push(found(rule::NOTHING_TO_DESTROY, m));
            }
        }
    }
}

/// Whether a table feature keeps a unit of `class` out: it prohibits the class (water,
/// unless a bridge is there), or lets it in only along a road (none there).
fn blocks(f: &TableFeature, class: &str, road: bool, bridge: bool) -> bool {
    let e = f.effect;
    (names_class(&e.prohibited, class) && !(e.water && bridge))
        || ((names_class(&e.roads_only, class) || f.impassable) && !road)
}

fn a_or_an(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}
