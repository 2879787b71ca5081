//! Fire arcs (every hex a unit could battle, with the dice or shift it would get there)
//! and viewsheds (every hex a hex sees).

use hexx::Hex;

use super::battle::BattleMap;
use super::sight::SightMap;
use crate::scenario::Unit;

/// One hex of a fire arc.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArcTarget {
    /// The hex.
    pub hex: Hex,
    /// Its distance from the unit, in hexes.
    pub range: u32,
    /// Whether the unit sees it.
    pub los: bool,
    /// Dice against a unit there (Battle Cry), when the battle is allowed.
    pub dice: Option<i32>,
    /// Fire column shift against a unit of the arc's target class (Sticks and Stones).
    pub shift: Option<i32>,
}

/// The headline of `unit`'s fire arc, as the command line and the inspector word it.
pub fn headline(unit: &Unit, targets: &[ArcTarget]) -> String {
    let seen = targets.iter().filter(|t| t.los).count();
    format!(
        "{} ({}) sees {seen} of {} hexes in reach",
        unit.id,
        unit.class,
        targets.len()
    )
}

impl ArcTarget {
    /// The arc's line for this hex (`label` its label), as the command line lists it
    /// and the inspector shows the hovered hex: its range and odds, or "out of sight".
    pub fn line(&self, label: &str) -> String {
        let what = if self.los {
            self.odds_words()
        } else {
            "out of sight".to_string()
        };
        format!("{label:<6} range {}  {what}", self.range)
    }

    /// What a battle against a unit there gets, as the command line, the inspector and
    /// the previews all word it: "4 dice", "2 column(s) left", or "no battle".
    pub fn odds_words(&self) -> String {
        match (self.dice, self.shift) {
            (Some(1), _) => "1 die".into(),
            (Some(d), _) => format!("{d} dice"),
            (_, Some(x)) => format!("{x} column(s) left"),
            _ => "no battle".into(),
        }
    }
}

/// The arc of `unit`: every hex of the board within `range` (default: the unit's reach)
/// other than its own, nearest first. Dice or shifts are those against a unit of
/// `target_class` (default: the unit's own class) standing there.
pub fn arcs(
    map: &BattleMap,
    unit: &Unit,
    range: Option<u32>,
    target_class: Option<&str>,
) -> Vec<ArcTarget> {
    let Some(from) = unit.hex else {
        return Vec::new();
    };
    let reach = range.unwrap_or_else(|| map.reach(unit).map_or(0, |r| r.range));
    let mut phantom = Unit::new("\u{0}target", target_class.unwrap_or(&unit.class));
    phantom.side = format!("\u{0}not {}", unit.side);
    let board = map.board();
    let mut out: Vec<ArcTarget> = board
        .within(from, reach)
        .into_iter()
        .filter(|h| *h != from && board.contains(*h))
        .map(|hex| {
            phantom.hex = Some(hex);
            let b = map.battle(unit, &phantom);
            ArcTarget {
                hex,
                range: board.distance(from, hex),
                los: b.los,
                dice: b.dice.filter(|_| b.allowed),
                shift: b.column_shift.filter(|_| b.allowed),
            }
        })
        .collect();
    out.sort_by_key(|t| (t.range, board.reading_order(t.hex)));
    out
}

/// Every hex of the map that `from` sees, in reading order. The lines are independent,
/// so the work is shared among the machine's cores.
pub fn viewshed(map: &SightMap, from: Hex, firer: Option<&Unit>) -> Vec<Hex> {
    let firer = firer.or_else(|| map.firer_at(from));
    let targets: Vec<Hex> = map.board().cells().filter(|h| *h != from).collect();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    if threads <= 1 || targets.len() < 2048 {
        return targets
            .into_iter()
            .filter(|h| map.sees(from, *h, firer))
            .collect();
    }
    let chunk = targets.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let parts: Vec<_> = targets
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .copied()
                        .filter(|h| map.sees(from, *h, firer))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        parts
            .into_iter()
            .flat_map(|p| p.join().unwrap_or_default())
            .collect()
    })
}
