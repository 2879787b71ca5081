//! The previews' questions and answers, apart from any window: which preview is open
//! ([`Mode`]), what it was asked ([`Key`]), and the rules' answer in words and as items
//! to draw over the board ([`Answer`]). The designer shows these under the mouse; the
//! answers are the same whatever draws them, and are tested here without a window.

use hexx::Hex;

use super::Item;
use super::overlay::{self, Ask, Given, Preview};
use super::table_overlay::TableAnswer;
use crate::board::Grid;
use crate::rules::Ruleset;
use crate::rules::play::Where;
use crate::scenario::{Scenario, Unit};

/// What a preview shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Sight,
    Battle,
    Arcs,
    Moves,
    Zones,
    Viewshed,
    Charges,
    /// Tables only: where fire at a unit could come from, with its cover.
    Cover,
}

impl Mode {
    pub const ALL: [Mode; 8] = [
        Mode::Sight,
        Mode::Battle,
        Mode::Arcs,
        Mode::Moves,
        Mode::Zones,
        Mode::Viewshed,
        Mode::Charges,
        Mode::Cover,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Sight => "Line of sight",
            Mode::Battle => "Battle",
            Mode::Arcs => "Fire arcs",
            Mode::Moves => "Movement",
            Mode::Zones => "Zones of control",
            Mode::Viewshed => "Viewshed",
            Mode::Charges => "Charge lanes",
            Mode::Cover => "Cover map",
        }
    }

    /// Whether the mode is drawn on a measured table too.
    pub fn on_tables(self) -> bool {
        !matches!(self, Mode::Zones | Mode::Charges)
    }

    /// Whether the mode is drawn on hex boards.
    pub fn on_hexes(self) -> bool {
        self != Mode::Cover
    }

    /// The status bar's line on a table.
    pub fn table_hint(self, picked: bool) -> &'static str {
        match (self, picked) {
            (Mode::Sight, false) => "Line of sight: click the firing unit; Esc leaves",
            (Mode::Sight, true) => {
                "Line of sight: hover or click a unit or a point: the zone of fire and the cover it crosses; Esc leaves"
            }
            (Mode::Battle, false) => "Battle: click the firing unit; Esc leaves",
            (Mode::Battle, true) => {
                "Battle: hover or click the target unit: the dice halvings; Esc leaves"
            }
            (Mode::Moves, false) => "Movement: click the unit to move; Esc leaves",
            (Mode::Moves, true) => {
                "Movement: tinted where it can go this turn, hatched where it may not; hover where to go, click to add a turn; click the unit to start again; Esc leaves"
            }
            (Mode::Arcs, false) => "Fire arcs: click the firing unit; Esc leaves",
            (Mode::Arcs, true) => {
                "Fire arcs: tinted by the halvings (or dice) a target there gets, hatched where blocked; hover a point for the answer; Esc leaves"
            }
            (Mode::Cover, false) => "Cover map: click the unit fired at; Esc leaves",
            (Mode::Cover, true) => {
                "Cover map: tinted by the cover fire from there meets, hatched where blocked; hover a point for the answer; Esc leaves"
            }
            (Mode::Viewshed, false) => "Viewshed: click a unit or a point to look from; Esc leaves",
            (Mode::Viewshed, true) => {
                "Viewshed: shaded where out of sight; hover a point for the answer; click another unit or point to look from; Esc leaves"
            }
            _ => "This preview is drawn on hex boards; Esc leaves",
        }
    }

    /// Whether the mode starts from a picked unit (not any hex).
    pub fn needs_unit(self) -> bool {
        matches!(
            self,
            Mode::Battle | Mode::Arcs | Mode::Moves | Mode::Charges | Mode::Cover
        )
    }

    /// The status bar's one line: what to do next.
    pub fn hint(self, picked: bool) -> &'static str {
        match (self, picked) {
            (Mode::Sight, false) => "Line of sight: click a unit or hex to look from; Esc leaves",
            (Mode::Sight, true) => {
                "Line of sight: hover or click a hex to look at; Shift+L picks the start anew; Esc leaves"
            }
            (Mode::Battle, false) => "Battle: click the attacking unit; Esc leaves",
            (Mode::Battle, true) => "Battle: hover or click a target unit; Esc leaves",
            (Mode::Arcs, false) => "Fire arcs: click a unit; Esc leaves",
            (Mode::Arcs, true) => {
                "Fire arcs: hexes tinted by dice, hatched where out of sight; hover one for its dice; Esc leaves"
            }
            (Mode::Moves, false) => "Movement: click a unit; Esc leaves",
            (Mode::Moves, true) => {
                "Movement: hover a hex for the cheapest way there and its cost; Esc leaves"
            }
            (Mode::Zones, _) => "Zones of control: pick a side in the inspector; Esc leaves",
            (Mode::Viewshed, _) => {
                "Viewshed: every hex the hex under the cursor sees; click to hold it; Esc leaves"
            }
            (Mode::Charges, false) => "Charge lanes: click a mounted unit; Esc leaves",
            (Mode::Charges, true) => {
                "Charge lanes: each legal charge drawn with the target's morale modifier; click another unit to pick it; Esc leaves"
            }
            (Mode::Cover, _) => "Cover map: drawn on measured tables; Esc leaves",
        }
    }
}

/// What a preview was answered for (the document by its id and revision, the mode,
/// the picked start and the target): an answer is kept while this stays the same.
#[derive(Debug, Clone, PartialEq)]
pub struct Key {
    pub doc: u64,
    pub revision: u64,
    pub mode: Mode,
    pub from: Option<Hex>,
    pub target: Option<Hex>,
    pub as_moved: bool,
    pub as_ordered: bool,
    pub side: String,
    pub given: Given,
}

/// The rules' answer for the panel, the status bar and the canvas.
#[derive(Debug, Clone, Default)]
pub struct Answer {
    /// One line: visible or blocked, dice, reachable count...
    pub summary: String,
    /// The details, one per line (blockers with rule and reason, modifiers...).
    pub lines: Vec<String>,
    /// Why there is no answer (no unit picked, no profile, a unit on no hex).
    pub error: Option<String>,
    pub preview: Option<Preview>,
    /// The drawing over the board.
    pub items: Vec<Item>,
}

/// The unit standing on `hex` (the first listed; a general shares a hex with its unit).
pub fn unit_on(s: &Scenario, hex: Hex) -> Option<&Unit> {
    let mut on = s.units.iter().filter(|u| u.hex == Some(hex));
    let first = on.clone().find(|u| u.class != "general");
    first.or_else(|| on.next())
}

/// How a hex is given to `Ask`: the unit standing there, else the hex.
pub fn named(s: &Scenario, at: Hex) -> Where {
    unit_on(s, at).map_or_else(|| hex_where(s, at), |u| Where::Unit(u.id.clone()))
}

/// The hex itself (shown by its label).
pub fn hex_where(s: &Scenario, at: Hex) -> Where {
    Where::Hex(at, s.label(at))
}

/// The sides of the scenario: listed ones, then any a unit names.
pub fn sides(s: &Scenario) -> Vec<String> {
    let mut out: Vec<String> = s.sides.iter().map(|p| p.id.clone()).collect();
    for u in &s.units {
        if !u.side.is_empty() && !out.contains(&u.side) {
            out.push(u.side.clone());
        }
    }
    out
}

/// Whether a movement answer reaches `hex` (an export asked for a way there would fail
/// otherwise).
pub fn reaches(a: &Answer, hex: Hex) -> bool {
    matches!(&a.preview, Some(Preview::Moves { reach, .. }) if reach.iter().any(|r| r.hex == hex))
}

/// An answer that is only why there is none yet ("Click the attacking unit.").
pub fn needs(error: &str) -> Answer {
    Answer {
        error: Some(error.to_string()),
        ..Answer::default()
    }
}

/// The preview drawn, with its summary and details.
pub fn drawn<'b>(board: impl Into<Grid<'b>>, s: &Scenario, preview: Preview) -> Answer {
    let board = board.into();
    let layout = board.layout();
    let items = overlay::draw_on_screen(&preview, board, &layout);
    let mut lines = Vec::new();
    match &preview {
        Preview::Battle { lines: l, .. } => lines.clone_from(l),
        Preview::Sight(_, words) => lines.clone_from(&words.lines),
        Preview::Moves { reach, .. } => {
            let stops = reach.iter().filter(|r| r.must_stop).count();
            if stops > 0 {
                lines.push(format!("{stops} of them where the unit must stop (ringed)"));
            }
        }
        Preview::Charges { lanes, .. } => {
            lines.extend(lanes.iter().flat_map(|c| overlay::charge_lines(c, s)));
        }
        _ => {}
    }
    Answer {
        summary: overlay::summary(&preview, s),
        lines,
        preview: Some(preview),
        items,
        ..Answer::default()
    }
}

/// The rules' answer for `key`.
pub fn answer<'b>(key: &Key, s: &Scenario, r: &Ruleset, board: impl Into<Grid<'b>>) -> Answer {
    let board = board.into();
    let ask = match key.mode {
        Mode::Sight => match (key.from, key.target) {
            (Some(a), Some(b)) => Ask::Sight {
                from: named(s, a),
                to: hex_where(s, b),
            },
            (None, _) => return needs("Click a unit or hex to look from."),
            (_, None) => return needs("Hover or click the hex to look at."),
        },
        Mode::Battle => {
            let Some(a) = key.from.and_then(|h| unit_on(s, h)) else {
                return needs("Click the attacking unit.");
            };
            let Some(t) = key.target.and_then(|h| unit_on(s, h)) else {
                return needs("Hover or click the target unit.");
            };
            Ask::Battle {
                attacker: a.id.clone(),
                target: t.id.clone(),
            }
        }
        Mode::Arcs => {
            let Some(u) = key.from.and_then(|h| unit_on(s, h)) else {
                return needs("Click a unit to see its fire arcs.");
            };
            as_if(u, key.as_moved, key.as_ordered)
        }
        Mode::Moves => {
            let Some(u) = key.from.and_then(|h| unit_on(s, h)) else {
                return needs("Click a unit to see where it can move.");
            };
            let base = asked(
                &Ask::Moves {
                    unit: u.id.clone(),
                    to: Vec::new(),
                    charge: false,
                },
                key.given,
                s,
                r,
                board,
            );
            let Some(Preview::Moves {
                from,
                headline,
                reach,
                ways,
                ..
            }) = base.preview
            else {
                return base;
            };
            let path = key
                .target
                .and_then(|goal| overlay::known_way(&reach, &ways, goal));
            // A hex it cannot reach says why: the overlay's search to it names the reason.
            let why = match (key.target, &path) {
                (Some(goal), None) if goal != from => asked(
                    &Ask::Moves {
                        unit: u.id.clone(),
                        to: vec![hex_where(s, goal)],
                        charge: false,
                    },
                    key.given,
                    s,
                    r,
                    board,
                )
                .error
                .filter(|e| e.contains("cannot reach")),
                _ => None,
            };
            let moves = Preview::Moves {
                from,
                headline,
                reach,
                ways,
                path,
            };
            let mut a = drawn(board, s, moves);
            if let Some(why) = why {
                a.summary = format!("{}; {why}", a.summary);
            }
            return a;
        }
        Mode::Zones => Ask::Zones {
            side: key.side.clone(),
        },
        Mode::Viewshed => match key.target {
            Some(h) => Ask::Viewshed { from: named(s, h) },
            None => return needs("Move the pointer over the board."),
        },
        Mode::Charges => match key.from.and_then(|h| unit_on(s, h)) {
            Some(u) => Ask::Charges { unit: u.id.clone() },
            None => return needs("Click a mounted unit to see its charge lanes."),
        },
        Mode::Cover => return needs("A cover map is drawn on measured tables."),
    };
    asked(&ask, key.given, s, r, board)
}

/// Fire arcs as if the unit had moved / been ordered: only the flags that differ
/// from the unit's are asked for.
pub fn as_if(u: &Unit, moved: bool, ordered: bool) -> Ask {
    Ask::Arcs {
        unit: u.id.clone(),
        moved: (moved != u.moved).then_some(moved),
        ordered: (ordered != u.ordered).then_some(ordered),
    }
}

/// The rules' answer to `ask`, drawn, or why there is none.
pub fn asked<'b>(
    ask: &Ask,
    given: Given,
    s: &Scenario,
    r: &Ruleset,
    board: impl Into<Grid<'b>>,
) -> Answer {
    let board = board.into();
    match ask.answer_given(s, r, given) {
        Ok(p) => drawn(board, s, p),
        Err(e) => needs(&e.0),
    }
}

/// Fire arcs: the hovered hex's dice, or why it cannot be fired at.
pub fn arc_lines(s: &Scenario, preview: Option<&Preview>, hover: Option<Hex>) -> Vec<String> {
    let (Some(Preview::Arcs { targets, .. }), Some(h)) = (preview, hover) else {
        return Vec::new();
    };
    let Some(t) = targets.iter().find(|t| t.hex == h) else {
        return vec![format!("{}: out of range", s.label(h))];
    };
    vec![t.line(&s.label(h))]
}

/// The words of a table answer, as the inspector shows them.
pub fn worded(d: &TableAnswer) -> Answer {
    Answer {
        summary: d.summary.clone(),
        lines: d.lines.clone(),
        ..Answer::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, HexBoard, Orientation, Stagger};
    use crate::rules::Rulesets;

    fn board() -> HexBoard {
        HexBoard::new(Orientation::Pointy, 13, 9, Stagger::Odd).expect("a 13 x 9 board")
    }

    fn at(label: &str) -> Hex {
        board().hex_at(label).expect("a label of the board")
    }

    fn unit(id: &str, class: &str, side: &str, hex: &str) -> Unit {
        let mut u = Unit::new(id, class);
        u.side = side.into();
        u.hex = Some(at(hex));
        u
    }

    /// A Battle Cry board with an infantry unit of each side two hexes apart.
    fn scenario() -> Scenario {
        let mut s = Scenario::new("preview", "battle-cry-150", Board::Hex(board()));
        s.units.push(unit("a1", "infantry", "a", "E5"));
        s.units.push(unit("b1", "infantry", "b", "E3"));
        s
    }

    fn key(mode: Mode, from: Option<&str>, target: Option<&str>) -> Key {
        Key {
            doc: 1,
            revision: 0,
            mode,
            from: from.map(at),
            target: target.map(at),
            as_moved: false,
            as_ordered: true,
            side: String::new(),
            given: Given::default(),
        }
    }

    fn answered(k: &Key, s: &Scenario) -> Answer {
        let rulesets = Rulesets::built_in();
        let r = rulesets
            .get("battle-cry-150")
            .expect("the built-in Battle Cry");
        answer(k, s, r, &board())
    }

    #[test]
    fn a_preview_with_nothing_picked_says_what_to_click_and_draws_nothing() {
        let s = scenario();
        for (k, said) in [
            (
                key(Mode::Sight, None, None),
                "Click a unit or hex to look from.",
            ),
            (
                key(Mode::Sight, Some("E5"), None),
                "Hover or click the hex to look at.",
            ),
            (
                key(Mode::Battle, Some("A1"), None),
                "Click the attacking unit.",
            ),
            (
                key(Mode::Battle, Some("E5"), Some("A1")),
                "Hover or click the target unit.",
            ),
            (
                key(Mode::Moves, None, None),
                "Click a unit to see where it can move.",
            ),
            (
                key(Mode::Cover, Some("E5"), None),
                "A cover map is drawn on measured tables.",
            ),
        ] {
            let a = answered(&k, &s);
            assert_eq!(a.error.as_deref(), Some(said), "{:?}", k.mode);
            assert!(a.preview.is_none() && a.items.is_empty());
        }
    }

    #[test]
    fn line_of_sight_and_battle_are_answered_in_words_and_drawn() {
        let s = scenario();
        for k in [
            key(Mode::Sight, Some("E5"), Some("E3")),
            key(Mode::Battle, Some("E5"), Some("E3")),
        ] {
            let a = answered(&k, &s);
            assert_eq!(a.error, None, "{:?}", k.mode);
            assert!(!a.summary.is_empty(), "{:?}", k.mode);
            assert!(a.preview.is_some() && !a.items.is_empty(), "{:?}", k.mode);
        }
    }

    #[test]
    fn movement_reaches_hexes_around_the_unit_and_finds_the_way_to_the_target() {
        let s = scenario();
        let a = answered(&key(Mode::Moves, Some("E5"), Some("F5")), &s);
        assert_eq!(a.error, None);
        assert!(reaches(&a, at("F5")));
        match &a.preview {
            Some(Preview::Moves { path, .. }) => assert!(path.is_some(), "a way to F5"),
            other => panic!("{other:?}"),
        }
    }

    /// Morne Plaine's infantry a1 (4 movement points) at E5 beside woods at F5 (woods
    /// cost 2: "every cost below is marked" in the ruleset, a user value).
    fn morne_plaine(target: &str) -> Answer {
        let mut s = Scenario::new("words", "morne-plaine", Board::Hex(board()));
        s.units.push(unit("a1", "infantry", "a", "E5"));
        s.hexes
            .insert(at("F5"), crate::scenario::HexCell::terrain("woods"));
        let rulesets = Rulesets::built_in();
        let r = rulesets
            .get("morne-plaine")
            .expect("the built-in Morne Plaine");
        answer(&key(Mode::Moves, Some("E5"), Some(target)), &s, r, &board())
    }

    #[test]
    fn a_paths_cost_beside_its_length_says_what_the_difference_is() {
        let a = morne_plaine("F5");
        assert_eq!(a.error, None);
        assert!(
            a.summary
                .ends_with("; to F5 costs 2 (1 hex; +1 at F5 (woods))"),
            "{}",
            a.summary
        );
        let a = morne_plaine("E4");
        assert!(
            a.summary.ends_with("; to E4 costs 1 (1 hex)"),
            "{}",
            a.summary
        );
    }

    #[test]
    fn an_unreachable_hex_says_why() {
        let a = morne_plaine("M5");
        assert_eq!(a.error, None);
        assert!(
            a.summary.ends_with(
                "; a1 cannot reach M5 this turn: the cheapest way costs 9, over its \
                 allowance of 4 by 5"
            ),
            "{}",
            a.summary
        );
    }

    #[test]
    fn the_unit_on_a_hex_is_the_one_a_general_shares_it_with() {
        let mut s = scenario();
        s.units.insert(0, unit("g", "general", "a", "E5"));
        assert_eq!(unit_on(&s, at("E5")).map(|u| u.id.as_str()), Some("a1"));
        s.units.retain(|u| u.id != "a1");
        assert_eq!(unit_on(&s, at("E5")).map(|u| u.id.as_str()), Some("g"));
        assert!(matches!(named(&s, at("E5")), Where::Unit(id) if id == "g"));
        assert!(matches!(named(&s, at("A1")), Where::Hex(_, label) if label == "A1"));
    }

    #[test]
    fn the_sides_are_the_listed_ones_then_those_units_name() {
        let mut s = scenario();
        assert_eq!(sides(&s), ["a", "b"]);
        s.sides.push(crate::scenario::PlayerSide {
            id: "b".into(),
            name: "Blue".into(),
            base_edge: None,
            colour: None,
        });
        assert_eq!(sides(&s), ["b", "a"]);
    }

    #[test]
    fn each_mode_is_drawn_on_hex_boards_or_tables_or_both() {
        let hexes_only = [Mode::Zones, Mode::Charges];
        for m in Mode::ALL {
            assert_eq!(m.on_hexes(), m != Mode::Cover, "{m:?}");
            assert_eq!(m.on_tables(), !hexes_only.contains(&m), "{m:?}");
            assert!(!m.name().is_empty() && !m.hint(false).is_empty());
        }
    }

    #[test]
    fn arcs_say_nothing_of_a_hex_until_there_are_arcs() {
        let s = scenario();
        assert!(arc_lines(&s, None, Some(at("E3"))).is_empty());
        let a = answered(&key(Mode::Arcs, Some("E5"), None), &s);
        assert_eq!(a.error, None);
        let far = arc_lines(&s, a.preview.as_ref(), Some(at("M9")));
        assert_eq!(far, ["M9: out of range"]);
    }
}
