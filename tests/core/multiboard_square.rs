//! Issue #47 on square boards: Chequer Field's bridge laid out as one square board and
//! as two, the left one turned 180 degrees, asked every question (line of sight,
//! movement, battle, zones of control, findings), each answer compared once its labels
//! are translated; and a layout that leaves squares uncovered takes them off the map.

use std::path::Path;
use std::sync::Arc;

use hexx::Hex;
use sandtable::board::{Board, PlacedBoard, SquareBoard};
use sandtable::io::{self, Format};
use sandtable::rules::battle::BattleMap;
use sandtable::rules::movement::MoveMap;
use sandtable::rules::sight::SightMap;
use sandtable::rules::zoc::Zones;
use sandtable::rules::{Ruleset, Rulesets, parse_ruleset, validate};
use sandtable::scenario::Scenario;

const RULESET: &str = "assets/rulesets/examples/chequer-field.ron";
const SCENARIO: &str = "assets/rulesets/examples/scenarios/chequer-field-bridge.json";

fn ruleset() -> Ruleset {
    let text = std::fs::read_to_string(RULESET).unwrap();
    parse_ruleset(&text, Path::new(RULESET)).unwrap()
}

fn one_board() -> Scenario {
    let mut all = Rulesets::built_in();
    all.insert(Arc::new(ruleset()));
    io::load_scenario(Path::new(SCENARIO), &all).unwrap()
}

/// The 12 x 9 field as two boards of 6 x 9: board 2, upside down, the west half;
/// board 3 the east half.
fn two_boards(one: &Scenario) -> Scenario {
    let mut two = one.clone();
    let Board::Square(b) = &mut two.board else {
        panic!("a square board")
    };
    b.set_boards(vec![
        PlacedBoard::new("2", 6, 9, [0, 0], 180),
        PlacedBoard::new("3", 6, 9, [6, 0], 0),
    ])
    .unwrap();
    two
}

fn squares(s: &Scenario) -> &SquareBoard {
    s.board.as_square().unwrap()
}

/// `text` with every label of the two-board map (`2A1`) made the one-board map's.
fn relabel(text: &str, one: &SquareBoard, two: &SquareBoard) -> String {
    crate::multiboard::relabel_by(text, |t| two.parse_label(t).ok(), |c| one.label(c))
}

/// Asks both maps the same question and checks that they answer alike.
fn same(what: &str, one: &Scenario, two: &Scenario, ask: impl Fn(&Scenario) -> Vec<String>) {
    let (a, b) = (ask(one), ask(two));
    assert_eq!(a.len(), b.len(), "{what}");
    for (a, b) in a.iter().zip(&b) {
        assert_eq!(*a, relabel(b, squares(one), squares(two)), "{what}");
    }
}

#[test]
fn two_square_boards_one_turned_cover_the_field_and_label_its_squares_as_printed() {
    let one = one_board();
    let two = two_boards(&one);
    let (b1, b2) = (squares(&one), squares(&two));
    let all: Vec<Hex> = b1.cells().collect();
    assert_eq!(all, b2.cells().collect::<Vec<_>>());
    // Board 2 is upside down: its A1 is the map's F9, its F9 the map's A1.
    let at = |l: &str| b1.cell_at(l).unwrap();
    assert_eq!(b2.label(at("F9")), "2A1");
    assert_eq!(b2.label(at("A1")), "2F9");
    assert_eq!(b2.label(at("G1")), "3A1");
    assert_eq!(b2.label(at("L9")), "3F9");
    for c in &all {
        assert_eq!(b2.cell_at(&b2.label(*c)).unwrap(), *c);
    }
    assert_eq!(b2.cell_at("2f9").unwrap(), at("A1"));
    let err = b2.cell_at("4A1").unwrap_err().to_string();
    assert!(
        err.contains("board's name then a square of that board"),
        "{err}"
    );
    assert!(b2.cell_at("2G1").is_err(), "board 2 has six columns");
}

#[test]
fn squares_no_board_covers_are_off_the_map_and_bad_layouts_are_refused_by_name() {
    let mut b = SquareBoard::new(12, 9).unwrap();
    b.set_boards(vec![PlacedBoard::new("2", 6, 9, [0, 0], 0)])
        .unwrap();
    assert_eq!(b.cells().count(), 54);
    assert!(b.contains(Hex::new(5, 8)) && !b.contains(Hex::new(6, 0)));
    assert!(b.cell_at("6,0").is_err());
    let err = b
        .set_boards(vec![
            PlacedBoard::new("2", 6, 9, [0, 0], 180),
            PlacedBoard::new("3", 6, 9, [5, 0], 0),
        ])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(
            "boards '2' and '3' overlap at the map's column 6, row 1 (2A9 of one, 3A1 of the other)"
        ),
        "{err}"
    );
    let err = b
        .set_boards(vec![PlacedBoard::new("7", 6, 9, [7, 0], 0)])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(
            "board '7' reaches beyond the 12 x 9 map: its 7F1 would lie at column 13, row 1"
        ),
        "{err}"
    );
    // A refused layout leaves the last good one.
    assert_eq!(b.cells().count(), 54);
}

#[test]
fn a_file_of_two_square_boards_reads_back_the_same_map() {
    let one = one_board();
    let two = two_boards(&one);
    let text = io::to_text(&two, Format::Json).unwrap();
    assert!(
        text.contains("\"boards\"") && text.contains("\"rotation\": 180"),
        "{text}"
    );
    // The one-board file's I5 (town) is board 3's C5.
    assert!(text.contains("\"3C5\""), "{text}");
    let back = io::parse_scenario(&text, Format::Json, Path::new("two.json")).unwrap();
    assert!(back.diagnostics.is_empty(), "{:?}", back.diagnostics);
    assert_eq!(back.scenario, two);
    let bad = text.replace("\"at\": [\n          6,", "\"at\": [\n          5,");
    assert_ne!(bad, text);
    let err = io::parse_scenario(&bad, Format::Json, Path::new("bad.json"))
        .map(|r| format!("{:?}", r.diagnostics))
        .unwrap_or_else(|e| e.to_string());
    assert!(err.contains("boards '2' and '3' overlap"), "{err}");
}

#[test]
fn sight_movement_battle_zones_and_findings_cross_the_seam_as_on_one_board() {
    let r = ruleset();
    let one = one_board();
    let two = two_boards(&one);
    let all: Vec<Hex> = squares(&one).cells().collect();
    same("sight", &one, &two, |s| {
        let map = SightMap::new(s, &r).unwrap();
        let mut out = Vec::new();
        for from in &all {
            for to in &all {
                out.push(format!("{:?}", map.sight(*from, *to, None)));
            }
        }
        out
    });
    same("moves", &one, &two, |s| {
        let map = MoveMap::new(s, &r).unwrap();
        s.units
            .iter()
            .map(|u| format!("{:?}", map.reachable(u, None)))
            .collect()
    });
    // Each unit in turn stands on every empty square and fights every enemy.
    for (i, u) in one.units.iter().enumerate() {
        for cell in &all {
            if one.units.iter().any(|o| o.hex == Some(*cell)) {
                continue;
            }
            let mut moved = one.clone();
            moved.units[i].hex = Some(*cell);
            let moved_two = two_boards(&moved);
            same(
                &format!("battle {} at {cell:?}", u.id),
                &moved,
                &moved_two,
                |s| {
                    let map = BattleMap::new(s, &r).unwrap();
                    let a = &s.units[i];
                    s.units
                        .iter()
                        .filter(|t| t.side != a.side)
                        .map(|t| format!("{:?}", map.battle(a, t)))
                        .collect()
                },
            );
        }
    }
    same("zones of control", &one, &two, |s| {
        let z = Zones::new(s, &r);
        s.sides
            .iter()
            .flat_map(|side| {
                z.controlled_by(&side.id)
                    .map(|c| format!("{} {c:?}", side.id))
            })
            .collect()
    });
    same("findings", &one, &two, |s| {
        validate(s, &r)
            .iter()
            .map(|d| format!("{} {} {:?}", d.rule, d.message, d.hexes))
            .collect()
    });
}

/// As on hex maps, "draw each board's outline (the seam) and labels as printed": a line
/// along every side where the board changes or the map ends, each board's name over its
/// middle square.
#[test]
fn the_drawing_outlines_each_square_board_and_prints_its_labels() {
    let r = ruleset();
    let one = one_board();
    let two = two_boards(&one);
    let lines = |s: &Scenario| crate::multiboard::seams_and_labels(s, &r);
    let (n1, t1) = lines(&one);
    let (n2, t2) = lines(&two);
    assert_eq!(n1, 0, "one board: no seams");
    // The map's edge (2 x 12 + 2 x 9 sides) and the seam between the halves (9 sides).
    assert_eq!(n2, 2 * 12 + 2 * 9 + 9);
    for name in ["2", "3"] {
        assert!(t2.iter().any(|t| t == name), "board {name} named");
        assert!(!t1.iter().any(|t| t == name));
    }
    assert!(t2.iter().any(|t| t == "2F9") && t2.iter().any(|t| t == "3A1"));
}

/// Squares between two boards that no board covers are off the map for the engines
/// too: column G, which units reach on one board, is out of every unit's reach when it
/// lies between the boards.
#[test]
fn movement_does_not_enter_squares_between_the_boards() {
    let r = ruleset();
    let one = one_board();
    let mut gap = one.clone();
    let Board::Square(b) = &mut gap.board else {
        panic!("a square board")
    };
    b.set_boards(vec![
        PlacedBoard::new("2", 6, 9, [0, 0], 0),
        PlacedBoard::new("3", 5, 9, [7, 0], 0),
    ])
    .unwrap();
    let in_g = |s: &Scenario| {
        let map = MoveMap::new(s, &r).unwrap();
        s.units
            .iter()
            .flat_map(|u| map.reachable(u, None).unwrap())
            .filter(|x| x.hex.x == 6)
            .count()
    };
    assert!(in_g(&one) > 0);
    assert_eq!(in_g(&gap), 0);
    assert!(!squares(&gap).contains(Hex::new(6, 4)));
}

const TWO: &str = "assets/rulesets/examples/scenarios/chequer-field-two-boards.json";

fn example_two() -> Scenario {
    let mut all = Rulesets::built_in();
    all.insert(Arc::new(ruleset()));
    io::load_scenario(Path::new(TWO), &all).unwrap()
}

/// The example of two square boards is the one-board example laid out on two: the
/// same terrain, river, bridge and units on the same squares of the field.
#[test]
fn the_example_of_two_boards_is_the_field_on_two_boards() {
    let two = example_two();
    let want = two_boards(&one_board());
    assert_eq!(two.board, want.board);
    assert_eq!(two.hexes, want.hexes);
    assert_eq!(two.hexsides, want.hexsides);
    assert_eq!(two.units, want.units);
    // Board 2 lies upside down: its A1 is the map's F9, beside board 3's A9.
    let b = squares(&two);
    assert_eq!(b.label(Hex::new(5, 8)), "2A1");
    assert_eq!(b.label(Hex::new(6, 8)), "3A9");
}

/// "A multi-board map is laid out by picking boards, moving and rotating them (boards
/// from a library of the user's own board files)", on squares: each board of the
/// example saved as a board file of its own (as printed, the turned one turned back,
/// its river sides named as printed) and laid out again is the example's map; a
/// board of hexes among them is refused, naming both files.
#[test]
fn square_board_files_laid_out_make_the_map_and_hexes_do_not_mix_in() {
    use sandtable::scenario::layout_boards::{board_file, compose};
    let two = example_two();
    let map = squares(&two);
    let files: Vec<Scenario> = map
        .boards()
        .iter()
        .map(|p| board_file(&two, &p.name).unwrap())
        .collect();
    // Each board as printed: 6 x 9, the river along its west edge (its A column; board
    // 2's is the east of its half of the field once turned), the bridge at its A5:
    // the seam's sides are printed on both boards.
    for f in &files {
        let b = squares(f);
        assert_eq!((b.columns, b.rows, b.boards().len()), (6, 9, 0));
        let grid = f.board.grid().unwrap();
        let mut sides: Vec<String> = f
            .hexsides
            .keys()
            .map(|(k, kind)| {
                let (c, side) = grid.name_side(*k);
                format!("{}{side}{kind}", b.label(c))
            })
            .collect();
        sides.sort();
        assert_eq!(sides.len(), 10, "{sides:?}");
        assert!(sides.contains(&"A5Wbridge".to_string()), "{sides:?}");
        assert!(sides.contains(&"A9Wriver".to_string()), "{sides:?}");
    }
    let parts: Vec<(PlacedBoard, &Scenario)> = map.boards().iter().cloned().zip(&files).collect();
    let made = compose(&two.ruleset, &parts).unwrap();
    assert_eq!(made.board, two.board);
    assert_eq!(made.hexes, two.hexes);
    assert_eq!(made.hexsides, two.hexsides);
    assert_eq!(
        crate::multiboard::spots(&made),
        crate::multiboard::spots(&two)
    );
    // A board of hexes with them: refused, by both boards and their files.
    let hexes = io::load_scenario(
        Path::new("assets/scenarios/battle-cry-crossroads.json"),
        &Rulesets::built_in(),
    )
    .unwrap();
    let mut mixed = parts.clone();
    mixed[0].0.file = Some("2.json".into());
    let mut h = PlacedBoard::new("x", 1, 1, [0, 9], 0);
    h.file = Some("crossroads.json".into());
    mixed.push((h, &hexes));
    let err = compose(&two.ruleset, &mixed).unwrap_err().to_string();
    assert_eq!(
        err,
        "board 'x' (crossroads.json) is of hexes and board '2' (2.json) of squares: a map \
         is laid out of boards of one kind"
    );
}
