//! Issue 43: "the scenario inside a module as VASSAL's own predefined setup (the module's
//! menu lists it by the scenario's title; opening it puts every unit in place, and
//! reinforcements in a per-turn holding area ... named by turn), both in a new module and
//! with `export --format vassal --into MODULE.vmod` added to an existing one; proven
//! through VASSAL's engine". `vassal-check --setup NAME` opens the setup as VASSAL's File
//! menu does and reports every piece.

use std::path::Path;

use serde_json::Value;

use sandtable::board::Board;
use sandtable::io::export::ExportJob;
use sandtable::io::vassal;
use sandtable::rules::Rulesets;
use sandtable::scenario::{Arrival, Place, Scenario, Unit};

use super::engine;
use super::vassal::checker_or_skip;
use super::vassal_import::{resave, two_piece_module};
use super::vmod::entry_bytes;

/// The checker's report on `vmod` after opening the setup `name`.
fn open_setup(checker: &Path, vmod: &Path, name: &str) -> Value {
    engine::report(checker, vmod, &["--setup".into(), name.into()])
}

fn pieces<'a>(report: &'a Value, map: &str) -> Vec<&'a Value> {
    report["setup"]["pieces"]
        .as_array()
        .unwrap_or_else(|| panic!("no setup pieces: {report}"))
        .iter()
        .filter(|p| p["map"] == map)
        .collect()
}

/// Where each piece of `map` stands and what it is called, sorted.
fn placed_on(report: &Value, map: &str) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = pieces(report, map)
        .iter()
        .map(|p| {
            (
                p["LocationName"].as_str().unwrap().to_string(),
                p["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

/// The name a unit's piece shows.
fn shown(u: &Unit, kind_name: impl Fn(&Unit) -> String) -> String {
    if u.name.is_empty() {
        kind_name(u)
    } else {
        u.name.clone()
    }
}

/// Every reinforcement is in its turn's box of the holding map, under its name (its
/// piece's name when it has none).
fn assert_reinforcements(
    report: &Value,
    s: &Scenario,
    holding: &str,
    what: &str,
    kind_name: &dyn Fn(&Unit) -> String,
) {
    let mut want: Vec<(String, String)> = s
        .units
        .iter()
        .filter_map(|u| {
            let a = u.arrives.as_ref()?;
            Some((
                shown(u, kind_name),
                format!("Turn {} reinforcements", a.turn),
            ))
        })
        .collect();
    let mut got: Vec<(String, String)> = pieces(report, holding)
        .iter()
        .map(|p| {
            assert_eq!(p["LocationName"], p["CurrentZone"], "{what}");
            (
                p["name"].as_str().unwrap().to_string(),
                p["LocationName"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    want.sort();
    got.sort();
    assert_eq!(got, want, "{what}: the reinforcements by turn");
}

#[test]
fn every_examples_setup_opens_in_vassal_with_every_unit_where_the_map_has_it() {
    let Some(check) = checker_or_skip() else {
        return;
    };
    let rulesets = Rulesets::built_in();
    let dir = tempfile::tempdir().unwrap();
    // The other way round from `vassal.rs`'s walk over the same checks, so that the two
    // tests run different examples' checks side by side and meet in the middle.
    for path in crate::common::examples().into_iter().rev() {
        let s = sandtable::io::load_scenario(&path, &rulesets).unwrap();
        let r = rulesets.get(&s.ruleset).unwrap();
        let options = engine::example_options();
        let job = ExportJob::new(&s, r, &options);
        let checked = engine::example(&check, &path, &s, r);
        let file = dir.path().join("m.vmod");
        std::fs::write(&file, &checked.module).unwrap();
        let (plan, _) = vassal::plan(&job).unwrap();
        let title = s.title.clone();
        let report = &checked.report;
        let what = path.display().to_string();
        assert_eq!(report["errors"], serde_json::json!([]), "{what}: {report}");
        let setups = report["predefined_setups"].as_array().unwrap();
        assert_eq!(setups.len(), 1, "{what}");
        assert_eq!(setups[0]["name"], title.as_str(), "{what}");
        assert_eq!(setups[0]["has_savedGame_entry"], true, "{what}");
        assert_eq!(report["setup"]["game_started"], true, "{what}");
        let kind_name = |u: &Unit| {
            plan.kinds
                .iter()
                .find(|k| {
                    k.what
                        == vassal::pieces::What::Unit {
                            class: u.class.clone(),
                            side: u.side.clone(),
                        }
                })
                .map(|k| k.name.clone())
                .unwrap()
        };
        let on_map = pieces(report, "Main Map");
        let at_start: Vec<&Unit> = s.units.iter().filter(|u| u.arrives.is_none()).collect();
        match &s.board {
            Board::Hex(_) | Board::Square(_) | Board::Area(_) => {
                let board = s.board.grid().unwrap();
                // VASSAL names a hex of a map of several boards as its board prints it.
                let named = |h: hexx::Hex| match board.as_hex().and_then(|b| b.board_at(h)) {
                    Some((p, o)) => {
                        let printed = board.as_hex().unwrap().printed(p);
                        printed.label(printed.from_offset(o))
                    }
                    None => board.label(h),
                };
                // Each unit on its hex, under its name; the tokens too.
                let mut want: Vec<(String, String)> = at_start
                    .iter()
                    .filter_map(|u| Some((named(u.hex?), shown(u, kind_name))))
                    .collect();
                want.extend(s.tokens.iter().map(|t| {
                    let name = r
                        .tokens
                        .iter()
                        .find(|k| k.id == t.kind)
                        .map_or(t.kind.clone(), |k| k.name.clone());
                    (named(t.hex), name)
                }));
                want.sort();
                assert_eq!(
                    placed_on(report, "Main Map"),
                    want,
                    "{what}: every piece on its hex"
                );
                // The holding map is no board to choose between on import; a map of
                // several boards imports one board at a time (the reversed one too).
                let back = dir.path().join("back.ron");
                let mut args = vec![
                    "import",
                    file.to_str().unwrap(),
                    "--ruleset",
                    &s.ruleset,
                    "--output",
                    back.to_str().unwrap(),
                ];
                let several = board.as_hex().map(|b| b.boards()).unwrap_or_default();
                if several.is_empty() {
                    sandtable(&args);
                }
                for p in several {
                    args.truncate(6);
                    args.extend(["--map", "Main Map", "--board", p.name.as_str()]);
                    sandtable(&args);
                }
            }
            Board::Freeform(_) => {
                // Each unit at its point of the table, within a pixel.
                let mm = sandtable::scene::build(&s, r, &Default::default()).mm_per_unit;
                assert_eq!(on_map.len(), at_start.len(), "{what}");
                for u in &at_start {
                    let at = u.at.unwrap();
                    let (x, y) = plan
                        .pixels
                        .to_px(hexx::Vec2::new(at.x as f32 * mm, at.y as f32 * mm));
                    let name = shown(u, kind_name);
                    let hit = on_map.iter().any(|p| {
                        let b = &p["board_xy"];
                        p["name"] == name.as_str()
                            && (b[0].as_f64().unwrap() - x).abs() <= 1.0
                            && (b[1].as_f64().unwrap() - y).abs() <= 1.0
                    });
                    assert!(hit, "{what}: {} at ({x:.0}, {y:.0})", u.id);
                }
            }
        }
        assert_reinforcements(report, &s, vassal::setup::HOLDING_MAP, &what, &kind_name);
    }
}

/// A module as a designer's: made, then rewritten by VASSAL's own editor code.
fn resaved_module(check: &Path, dir: &Path) -> std::path::PathBuf {
    let original = dir.join("original.vmod");
    std::fs::write(&original, two_piece_module("Ridge", "2.0")).unwrap();
    let resaved = dir.join("resaved.vmod");
    resave(check, &original, &resaved);
    resaved
}

fn sandtable(args: &[&str]) {
    let (code, out, err) = crate::common::sandtable(args);
    assert_eq!(code, 0, "{args:?}: {out}{err}");
}

fn setup_entries(vmod: &Path) -> Vec<String> {
    let bytes = std::fs::read(vmod).unwrap();
    let zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.as_slice())).unwrap();
    zip.file_names()
        .filter_map(|n| n.ok())
        .filter(|n| n.ends_with(".vsav"))
        .map(|n| n.into_owned())
        .collect()
}

#[test]
fn a_setup_goes_into_a_module_vassals_editor_saved_and_a_second_export_replaces_it() {
    let Some(check) = checker_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let resaved = resaved_module(&check, dir.path());
    let ron = dir.path().join("ridge.ron");
    sandtable(&[
        "import",
        resaved.to_str().unwrap(),
        "--ruleset",
        "battle-cry-150",
        "--output",
        ron.to_str().unwrap(),
    ]);
    let rulesets = Rulesets::built_in();
    let mut s = sandtable::io::load_scenario(&ron, &rulesets).unwrap();
    let Board::Hex(board) = &s.board else {
        panic!("a hex board")
    };
    let board = board.clone();
    assert_eq!(s.units.len(), 2, "the module's two pieces are units");
    s.title = "The ridge at dawn".into();
    s.plan.turns = Some(4);
    for (i, u) in s.units.iter_mut().enumerate() {
        u.name = format!("{}th Ohio", i + 5);
    }
    let mut late = Unit::new("late", "cavalry");
    late.side = s.units[0].side.clone();
    late.name = "1st Ohio Cavalry".into();
    let entry = board.hexes().next().unwrap();
    late.arrives = Some(Arrival {
        turn: 2,
        at: Place::Hex(entry),
    });
    s.units.push(late);
    sandtable::io::save_scenario(&s, &ron).unwrap();

    let first = dir.path().join("first.vmod");
    let args = super::vmod::export_into_args(&ron, &resaved, &first, &[]);
    sandtable(&args.iter().map(String::as_str).collect::<Vec<_>>());
    // And once more, into the module that already has the setup.
    let second = dir.path().join("second.vmod");
    let args = super::vmod::export_into_args(&ron, &first, &second, &[]);
    sandtable(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(
        setup_entries(&second),
        ["The_ridge_at_dawn.vsav"],
        "one saved game"
    );
    assert!(
        !entry_bytes(&std::fs::read(&second).unwrap(), "images/counter.png").is_empty(),
        "the module's own entries stay"
    );

    for vmod in [&first, &second] {
        let report = open_setup(&check, vmod, &s.title);
        let what = vmod.display().to_string();
        assert_eq!(report["errors"], serde_json::json!([]), "{what}: {report}");
        let setups = report["predefined_setups"].as_array().unwrap();
        assert_eq!(setups.len(), 1, "{what}: one setup, not two");
        assert_eq!(setups[0]["name"], s.title.as_str());
        let maps: Vec<&str> = report["maps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["name"].as_str().unwrap_or(""))
            .collect();
        assert_eq!(
            maps.iter()
                .filter(|m| **m == vassal::setup::HOLDING_MAP)
                .count(),
            1,
            "{what}: one holding map: {maps:?}"
        );
        let mut want: Vec<(String, String)> = s
            .units
            .iter()
            .filter(|u| u.arrives.is_none())
            .map(|u| (board.label(u.hex.unwrap()), u.name.clone()))
            .collect();
        want.sort();
        assert_eq!(
            placed_on(&report, "Main Map"),
            want,
            "{what}: each unit on its hex, none twice"
        );
        let class = |u: &Unit| u.class.clone();
        assert_reinforcements(&report, &s, vassal::setup::HOLDING_MAP, &what, &class);
    }
}
