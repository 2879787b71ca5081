//! Issue #47: a map made of several boards. "A scenario on two geomorphic hex boards
//! (one rotated) answers line of sight, battle and movement across the seam as on one
//! board": the same terrain laid out as one board and as two boards, the top one turned
//! 180 degrees, asked every question, each answer compared once its labels are
//! translated.

use std::path::Path;

use hexx::Hex;
use sandtable::board::{Board, HexBoard, Orientation, PlacedBoard};
use sandtable::io::{self, Format};
use sandtable::rules::play::{Arena, Field, battle, hex::controlled, moves, sight};
use sandtable::rules::{Ruleset, Rulesets, validate};
use sandtable::scenario::Scenario;

const SCENARIOS: [&str; 6] = [
    "assets/scenarios/battle-cry-crossroads.json",
    "assets/scenarios/battle-cry-reinforcements.json",
    "assets/scenarios/battle-cry-by-hand.json",
    // Pointy hexes labelled number-number, roads, zones of control, charges.
    "assets/scenarios/morne-plaine-bridge.json",
    "assets/scenarios/morne-plaine-hold-the-bridge.json",
    // Flat hexes (columns pushed), hexside features.
    "assets/scenarios/sticks-and-stones-river.ron",
];

/// The map as two geomorphic boards: board 2 turned upside down first (the top rows of
/// a pointy map, the left columns of a flat one), board 3 the rest. A board turned over
/// keeps its rectangle only when its first line lands on a pushed line, so the turned
/// board is one of an even number of lines (Battle Cry's 13 x 9: board 2 is 13 x 4,
/// board 3 is 13 x 5 from row 5).
fn two_boards(one: &Scenario) -> Scenario {
    let mut two = one.clone();
    let Board::Hex(b) = &mut two.board else {
        panic!("a hex board")
    };
    let (c, r) = (b.columns, b.rows);
    let layout = match b.orientation {
        Orientation::Pointy => {
            let k = (r / 2) & !1;
            [
                PlacedBoard::new("2", c, k, [0, 0], 180),
                PlacedBoard::new("3", c, r - k, [0, k], 0),
            ]
        }
        Orientation::Flat => {
            let k = (c / 2) & !1;
            [
                PlacedBoard::new("2", k, r, [0, 0], 180),
                PlacedBoard::new("3", c - k, r, [k, 0], 0),
            ]
        }
    };
    b.set_boards(layout.to_vec()).unwrap();
    two
}

fn hex_board(s: &Scenario) -> &HexBoard {
    s.board.as_hex().unwrap()
}

/// `text` with every word that is a label of the two-board map (`2A1`, or `q,r` of a
/// hex off the map) replaced by the label of the same hex on the one-board map.
fn relabel(text: &str, one: &HexBoard, two: &HexBoard) -> String {
    relabel_by(text, |t| two.parse_label(t).ok(), |h| one.label(h))
}

/// `text` with every word that `two` reads as a cell (starting with a digit or a
/// minus: a board's name or `q,r`) replaced by `one`'s label of that cell.
pub(crate) fn relabel_by(
    text: &str,
    two: impl Fn(&str) -> Option<Hex>,
    one: impl Fn(Hex) -> String,
) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let trimmed = word.trim_end_matches([',', '-']);
        let tail = word[trimmed.len()..].to_string();
        let starts = trimmed.starts_with(|c: char| c.is_ascii_digit() || c == '-');
        match two(trimmed) {
            Some(h) if starts => out.push_str(&one(h)),
            _ => out.push_str(trimmed),
        }
        out.push_str(&tail);
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || c == ',' || c == '-' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// Each example on one board and on two, with its ruleset, for `check`.
fn each_pair(check: impl Fn(&str, &Pair, &[Hex])) {
    let rs = Rulesets::built_in();
    for file in SCENARIOS {
        let one = io::load_scenario(Path::new(file), &rs).unwrap();
        let two = two_boards(&one);
        let r = rs.get(&one.ruleset).unwrap();
        let pair = Pair {
            one: &one,
            two: &two,
            r,
        };
        check(file, &pair, &hexes(&one));
    }
}

struct Pair<'a> {
    one: &'a Scenario,
    two: &'a Scenario,
    r: &'a Ruleset,
}

impl Pair<'_> {
    /// Asks both maps the same question (`ask` gets each map's scenario and field) and
    /// checks that they answer alike.
    fn same(&self, what: &str, ask: impl Fn(&Scenario, &Field1) -> Vec<String>) {
        let (f1, f2) = (field(self.one, self.r), field(self.two, self.r));
        let a = ask(self.one, &f1);
        let b = ask(self.two, &f2);
        assert_eq!(a.len(), b.len(), "{what}");
        for (a, b) in a.iter().zip(&b) {
            let b = relabel(b, hex_board(self.one), hex_board(self.two));
            assert_eq!(*a, b, "{what}");
        }
    }
}

type Field1<'a> = sandtable::rules::play::hex::HexField<'a>;

fn field<'a>(s: &'a Scenario, r: &'a Ruleset) -> Field1<'a> {
    match Arena::new(s, r) {
        Some(Arena::Hex(f)) => *f,
        _ => panic!("a hex field"),
    }
}

fn hexes(s: &Scenario) -> Vec<Hex> {
    hex_board(s).hexes().collect()
}

#[test]
fn two_boards_one_turned_cover_the_map_and_label_its_hexes_as_printed() {
    let rs = Rulesets::built_in();
    let one = io::load_scenario(Path::new(SCENARIOS[0]), &rs).unwrap();
    let two = two_boards(&one);
    let (b1, b2) = (hex_board(&one), hex_board(&two));
    assert_eq!(
        hexes(&one),
        hexes(&two),
        "the two boards cover the map exactly"
    );
    // Board 2 is upside down: its A1 is the map's bottom-right hex of the top four
    // rows, its M4 the map's top-left hex.
    assert_eq!(b2.label(b1.hex_at("A1").unwrap()), "2M4");
    assert_eq!(b2.label(b1.hex_at("M4").unwrap()), "2A1");
    assert_eq!(b2.label(b1.hex_at("A5").unwrap()), "3A1");
    assert_eq!(b2.label(b1.hex_at("M9").unwrap()), "3M5");
    // Printed neighbours stay neighbours on the turned board, and labels read back.
    for h in b2.hexes() {
        assert_eq!(b2.hex_at(&b2.label(h)).unwrap(), h);
    }
    assert_eq!(b2.hex_at("2m4").unwrap(), b1.hex_at("A1").unwrap());
    let err = b2.hex_at("4A1").unwrap_err().to_string();
    assert!(
        err.contains("board's name then a hex of that board"),
        "{err}"
    );
    assert!(b2.hex_at("2A5").is_err(), "board 2 has four rows");
}

#[test]
fn a_file_of_two_boards_writes_prefixed_labels_and_reads_back_the_same_map() {
    let rs = Rulesets::built_in();
    let one = io::load_scenario(Path::new(SCENARIOS[0]), &rs).unwrap();
    let two = two_boards(&one);
    let text = io::to_text(&two, Format::Json).unwrap();
    assert!(text.contains("\"boards\""), "{text}");
    assert!(text.contains("\"rotation\": 180"), "{text}");
    // The one-board file's G5 is row 5, the first row of board 3: 3G1.
    assert!(text.contains("\"3G1\""), "{text}");
    let back = io::parse_scenario(&text, Format::Json, Path::new("two.json")).unwrap();
    assert!(back.diagnostics.is_empty(), "{:?}", back.diagnostics);
    assert_eq!(back.scenario, two);
}

#[test]
fn line_of_sight_crosses_the_seam_as_on_one_board() {
    each_pair(|file, pair, all| {
        pair.same(file, |s, f| {
            let b = hex_board(s);
            let mut out = Vec::new();
            // Every pair on Battle Cry's board; from every few hexes on bigger ones.
            let step = if all.len() <= 150 { 1 } else { all.len() / 25 };
            for from in all.iter().step_by(step) {
                for to in all {
                    let (a, t) = (
                        f.place(&b.label(*from)).unwrap(),
                        f.place(&b.label(*to)).unwrap(),
                    );
                    let seen = sight::look(f, a, t);
                    out.push(sight::json(f, &seen).to_string());
                    out.push(sight::headline(f, a, t, &seen));
                    out.push(sight::details(f, &seen).join("\n"));
                }
            }
            out
        });
    });
}

#[test]
fn battle_crosses_the_seam_as_on_one_board_from_every_hex() {
    let rs = Rulesets::built_in();
    for file in SCENARIOS {
        let one = io::load_scenario(Path::new(file), &rs).unwrap();
        let r = rs.get(&one.ruleset).unwrap();
        // Each unit in turn stands on every empty hex and fights every enemy.
        for (i, u) in one.units.iter().enumerate() {
            for hex in hexes(&one) {
                if one.units.iter().any(|o| o.hex == Some(hex)) {
                    continue;
                }
                let mut moved = one.clone();
                moved.units[i].hex = Some(hex);
                let two = two_boards(&moved);
                let pair = Pair {
                    one: &moved,
                    two: &two,
                    r,
                };
                pair.same(&format!("{file}: {} at {hex:?}", u.id), |_, f| {
                    let a = f.unit(&u.id).unwrap();
                    let mut out = Vec::new();
                    for t in moved.units.iter().filter(|t| t.side != u.side) {
                        let t = f.unit(&t.id).unwrap();
                        let x = battle::fight(f, a, t);
                        out.push(battle::json(&x).to_string());
                        out.push(battle::headline(f, a, t, &x));
                        out.push(battle::details(&x, &a.id, &t.id).join("\n"));
                    }
                    out
                });
            }
        }
    }
}

#[test]
fn movement_zones_of_control_and_findings_cross_the_seam_as_on_one_board() {
    each_pair(|file, pair, all| {
        let r = pair.r;
        pair.same(&format!("{file}: moves"), |s, f| {
            let b = hex_board(s);
            let mut out = Vec::new();
            for u in s.units.iter().filter(|u| u.hex.is_some()) {
                let mm = f.moves().unwrap();
                match mm.reachable(u, None) {
                    Ok(reach) => out.extend(
                        reach
                            .iter()
                            .map(|r| format!("{} {} {}", b.label(r.hex), r.cost, r.must_stop)),
                    ),
                    Err(e) => out.push(e.message),
                }
                for to in all {
                    let through = [f.place(&b.label(*to)).unwrap()];
                    let route = moves::route(f, f.unit(&u.id).unwrap(), &through);
                    out.push(moves::json(&route).to_string());
                    out.push(moves::details(&route, "moves").join("\n"));
                }
            }
            out
        });
        pair.same(&format!("{file}: zones of control"), |s, _| {
            let b = hex_board(s);
            let mut out = Vec::new();
            for side in &s.sides {
                match controlled(s, r, &side.id) {
                    Ok(zone) => out.extend(zone.iter().map(|h| b.label(*h))),
                    Err(e) => out.push(e.message),
                }
            }
            out
        });
        pair.same(&format!("{file}: findings"), |s, _| {
            validate(s, r)
                .iter()
                .map(|d| format!("{} {} {:?}", d.rule, d.message, d.hexes))
                .collect()
        });
    });
}

/// The lines of a scene's grid layer (a map of one board draws none: its cells are
/// outlined as polygons; a map of several draws its seams and edges) and the texts of
/// its labels layer.
pub(crate) fn seams_and_labels(s: &Scenario, r: &Ruleset) -> (usize, Vec<String>) {
    use sandtable::scene::{self, Item, LayerId, SceneOptions};
    let scene = scene::build(s, r, &SceneOptions::default());
    let n = scene
        .layer(LayerId::Grid)
        .items()
        .iter()
        .filter(|i| matches!(i, Item::Polyline { .. }))
        .count();
    let texts = scene
        .layer(LayerId::Labels)
        .items()
        .iter()
        .filter_map(|i| match i {
            Item::Text { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    (n, texts)
}

/// "SVG/PNG/PDF: draw each board's outline (the seam) and labels as printed": a thick
/// line along every side where the board changes or the map ends, each board's name
/// over its middle hex, and every hex's label its board's.
#[test]
fn the_drawing_outlines_each_board_and_prints_its_labels() {
    let rs = Rulesets::built_in();
    let two = io::load_scenario(
        Path::new("assets/scenarios/battle-cry-two-boards.json"),
        &rs,
    )
    .unwrap();
    let one = io::load_scenario(Path::new(SCENARIOS[0]), &rs).unwrap();
    let r = rs.get(&two.ruleset).unwrap();
    let b = hex_board(&two);
    let edges: usize = b
        .hexes()
        .map(|h| {
            h.all_neighbors()
                .iter()
                .filter(|n| {
                    let other = b.board_at(**n).map(|x| &x.0.name);
                    let first = other.is_none() || b.reading_order(h) < b.reading_order(**n);
                    other != b.board_at(h).map(|x| &x.0.name) && first
                })
                .count()
        })
        .sum();
    let lines = |s: &Scenario| seams_and_labels(s, r);
    let (n1, t1) = lines(&one);
    let (n2, t2) = lines(&two);
    assert_eq!(n1, 0, "one board: no seams");
    // The seam's sides once each, and the map's edge.
    assert_eq!(n2, edges);
    assert!(edges > 13 * 2 + 2 * 13 * 2 + 2 * 9, "{edges}");
    for name in ["2", "3"] {
        assert!(t2.iter().any(|t| t == name), "board {name} named");
        assert!(!t1.iter().any(|t| t == name));
    }
    assert!(t2.iter().any(|t| t == "2M4") && t2.iter().any(|t| t == "3A1"));
}

/// "A multi-board map is laid out by picking boards, moving and rotating them (boards
/// from a library of the user's own board files)": the two boards of the example
/// saved as board files of their own (each as printed, its terrain and units on its
/// printed hexes), laid out again, are the example's map.
#[test]
fn board_files_laid_out_make_the_map_with_their_terrain() {
    use sandtable::scenario::layout_boards::{board_file, compose};
    let rs = Rulesets::built_in();
    let two = io::load_scenario(
        Path::new("assets/scenarios/battle-cry-two-boards.json"),
        &rs,
    )
    .unwrap();
    let map = hex_board(&two);
    let files: Vec<Scenario> = map
        .boards()
        .iter()
        .map(|p| board_file(&two, &p.name).unwrap())
        .collect();
    let parts: Vec<(PlacedBoard, &Scenario)> = map.boards().iter().cloned().zip(&files).collect();
    let made = compose(&two.ruleset, &parts).unwrap();
    assert_eq!(made.board, two.board);
    assert_eq!(made.hexes, two.hexes);
    assert_eq!(spots(&made), spots(&two));
    // Moved one column right, the turned board no longer fits under the other: refused
    // by name.
    let mut moved = parts.clone();
    moved[0].0.at = [1, 1];
    let err = compose(&two.ruleset, &moved).unwrap_err().to_string();
    assert!(err.contains("boards '2' and '3' overlap"), "{err}");
}

/// Each unit's class and cell, sorted: units of a map laid out from board files are
/// renamed by board, not moved.
pub fn spots(s: &Scenario) -> Vec<(String, Option<(i32, i32)>)> {
    let mut v: Vec<(String, Option<(i32, i32)>)> = s
        .units
        .iter()
        .map(|u| (u.class.clone(), u.hex.map(|h| (h.x, h.y))))
        .collect();
    v.sort();
    v
}

/// Scenario properties' "Apply board size" on a map of several boards: the size and the
/// hexes' layout come from the boards, so changing them is refused with the way to do
/// it (before, the boards and their labels were dropped); a new hex width keeps them.
#[test]
fn a_map_of_boards_keeps_its_boards_when_resized_and_refuses_another_size() {
    use sandtable::board::LabelScheme;
    use sandtable::scenario::resize;
    let rulesets = Rulesets::built_in();
    let s = io::load_scenario(
        Path::new("assets/scenarios/battle-cry-two-boards.json"),
        &rulesets,
    )
    .unwrap();
    let b = hex_board(&s);
    assert!(!b.boards().is_empty());
    let why = resize::resized(&s, b.columns + 2, b.rows, b.labels).unwrap_err();
    assert!(why.message.contains("File > New > Several boards"), "{why}");
    let same = resize::resized(&s, b.columns, b.rows, b.labels).unwrap();
    assert_eq!(same.boards(), b.boards());
    assert_eq!(same.label(b.hex_at("3A1").unwrap()), "3A1");
    // A board of one rectangle keeps its image, stretched hexes and numbering.
    let mut one = Scenario::new(
        "t",
        "battle-cry-150",
        Board::Hex(
            HexBoard::new(Orientation::Pointy, 13, 9, sandtable::board::Stagger::Odd).unwrap(),
        ),
    );
    let Board::Hex(hb) = &mut one.board else {
        unreachable!()
    };
    hb.spacing_mm = Some(40.0);
    hb.background = Some(Box::new(sandtable::board::Background {
        image: "map.png".into(),
        at: Default::default(),
        scale: 0.2,
        vassal: None,
        measure: None,
    }));
    let grown = resize::resized(&one, 15, 9, LabelScheme::LetterNumber).unwrap();
    assert_eq!(grown.spacing_mm, Some(40.0));
    assert!(
        grown.background.is_some(),
        "the image under the terrain stays"
    );
}
