//! Previews drawn over an exported map (`sandtable export --overlay ...`): what a rules
//! discussion or a scenario book shows, and the errors a user gets for a bad request.

use crate::common;

use common::sandtable;

use sandtable::io::export::{ExportJob, ExportOptions};
use sandtable::rules::Rulesets;
use sandtable::scene::overlay::{Ask, Preview};
use serde_json::Value;

const BATTLE_CRY: &str = "assets/scenarios/battle-cry-crossroads.json";
const MORNE_PLAINE: &str = "assets/scenarios/morne-plaine-bridge.json";
const PBS: &str = "assets/scenarios/pbs-agricultural.json";

/// The `overlays` group of an exported SVG.
fn overlay_group(svg: &str) -> &str {
    let start = svg
        .find("id=\"layer-overlays\"")
        .expect("an overlays layer");
    let end = svg[start..]
        .find("</g>\n</svg>")
        .map_or(svg.len(), |e| start + e);
    &svg[start..end]
}

/// The `overlays` group of `sandtable export FILE --overlay SPEC` as SVG.
fn exported_overlay(file: &str, spec: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("map.svg");
    let out = svg.to_str().unwrap();
    let (code, _, err) = sandtable(&["export", file, "--output", out, "--overlay", spec]);
    assert_eq!(code, 0, "{spec}: {err}");
    overlay_group(&std::fs::read_to_string(&svg).unwrap()).to_string()
}

#[test]
fn a_line_of_sight_overlay_agrees_with_sandtable_los() {
    let dir = tempfile::tempdir().unwrap();
    for (from, to) in [("u1", "c1"), ("u3", "c3"), ("E5", "H2")] {
        let (code, out, err) = sandtable(&["los", BATTLE_CRY, from, to, "--json"]);
        assert_eq!(code, 0, "{err}");
        let los: Value = serde_json::from_str(&out).unwrap();
        let visible = los["visible"].as_bool().unwrap();

        let svg = dir.path().join(format!("{from}-{to}.svg"));
        let spec = format!("los:{from}:{to}");
        let args = [
            "export",
            BATTLE_CRY,
            "--output",
            svg.to_str().unwrap(),
            "--overlay",
            &spec,
        ];
        let (code, _, err) = sandtable(&args);
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(&svg).unwrap();
        let group = overlay_group(&text);
        // Green for a clear line, red for a blocked one, as the designer draws it.
        let (line, other) = if visible {
            ("#2e7d32", "#c62828")
        } else {
            ("#c62828", "#2e7d32")
        };
        assert!(group.contains(line), "{spec}: {group}");
        assert!(!group.contains(other), "{spec}");
        // Every blocker's hex is outlined.
        let blockers = los["blocked_by"].as_array().unwrap().len();
        assert_eq!(blockers == 0, visible, "{spec}");
    }
}

#[test]
fn every_kind_of_preview_draws_on_an_example_it_applies_to() {
    let rulesets = Rulesets::built_in();
    let cases = [
        (BATTLE_CRY, "arcs:u3"),
        (BATTLE_CRY, "arcs:u3:moved:ordered"),
        (BATTLE_CRY, "battle:c2:u1"),
        (BATTLE_CRY, "moves:u4"),
        (BATTLE_CRY, "moves:u4:J5"),
        (BATTLE_CRY, "viewshed:F5"),
        (MORNE_PLAINE, "zoc:prussian"),
        (MORNE_PLAINE, "los:f1:p1"),
        (MORNE_PLAINE, "charges:p2"),
    ];
    for (file, spec) in cases {
        let s = sandtable::io::load_scenario(std::path::Path::new(file), &rulesets).unwrap();
        let r = rulesets.get(&s.ruleset).unwrap();
        let ask: Ask = spec.parse().unwrap();
        let preview = ask.answer(&s, r).unwrap_or_else(|e| panic!("{spec}: {e}"));
        match (&preview, spec) {
            (Preview::Arcs { targets, .. }, _) => {
                // Artillery reaches farther than a hex, and some hexes are in sight.
                assert!(targets.iter().any(|t| t.range > 1 && t.los), "{spec}");
            }
            (Preview::Moves { reach, path, .. }, _) => {
                assert!(!reach.is_empty(), "{spec}");
                if spec.ends_with(":J5") {
                    let (way, cost) = path.as_ref().expect("a way to J5");
                    assert_eq!(s.label(*way.last().unwrap()), "J5");
                    assert_eq!(s.label(way[0]), "J7");
                    let listed = reach.iter().find(|x| s.label(x.hex) == "J5").unwrap();
                    assert_eq!(*cost, listed.cost);
                    // Each step of the way is to a neighbour.
                    for pair in way.windows(2) {
                        assert_eq!(pair[0].unsigned_distance_to(pair[1]), 1, "{spec}");
                    }
                }
            }
            (Preview::Zones { hexes, .. }, _) => assert!(!hexes.is_empty(), "{spec}"),
            (Preview::Viewshed { seen, .. }, _) => assert!(!seen.is_empty(), "{spec}"),
            (Preview::Sight(..), _) => {}
            (Preview::Charges { lanes, .. }, _) => assert!(!lanes.is_empty(), "{spec}"),
            (Preview::Battle { lines, .. }, _) => assert!(!lines.is_empty(), "{spec}"),
        }
        let options = ExportOptions {
            overlays: vec![ask.into()],
            ..ExportOptions::default()
        };
        let job = ExportJob::new(&s, r, &options);
        let svg = &job.drawing().unwrap().svg;
        assert!(overlay_group(svg).contains("<path"), "{spec}");
    }
}

#[test]
fn hiding_the_overlays_layer_leaves_the_preview_out() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("map.svg");
    let args = [
        "export",
        BATTLE_CRY,
        "--output",
        svg.to_str().unwrap(),
        "--overlay",
        "arcs:u3",
        "--layers",
        "terrain,units",
    ];
    let (code, _, err) = sandtable(&args);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(!text.contains("layer-overlays"));
}

#[test]
fn a_bad_overlay_exits_2_names_it_and_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("map.png");
    let cases = [
        (BATTLE_CRY, "los:A1", "wrong number of parts"),
        (BATTLE_CRY, "fog:A1", "unknown kind 'fog'"),
        (BATTLE_CRY, "arcs:u3:flying", "unknown arcs flag 'flying'"),
        (
            BATTLE_CRY,
            "arcs:u3:moved:not-moved",
            "contradicts or repeats",
        ),
        (BATTLE_CRY, "battle:c2", "wrong number of parts"),
        (BATTLE_CRY, "battle:c2:x9", "no unit with id 'x9'"),
        (BATTLE_CRY, "arcs:x9", "no unit with id 'x9'"),
        (
            BATTLE_CRY,
            "los:u1:Z99",
            "'Z99' is neither a unit id nor a hex",
        ),
        (BATTLE_CRY, "zoc:union", "has no zones of control"),
        (MORNE_PLAINE, "zoc:austrian", "no side 'austrian'"),
        (
            MORNE_PLAINE,
            "charges:p1",
            "p1 has no legal charge: only mounted units can charge",
        ),
    ];
    for (file, spec, message) in cases {
        let args = [
            "export",
            file,
            "--output",
            out.to_str().unwrap(),
            "--overlay",
            spec,
        ];
        let (code, _, err) = sandtable(&args);
        assert_eq!(code, 2, "{spec}");
        assert!(err.contains(message), "{spec}: {err}");
        assert!(!out.exists(), "{spec}");
        let mut json_args = args.to_vec();
        json_args.push("--json");
        let (code, stdout, _) = sandtable(&json_args);
        assert_eq!(code, 2);
        let v: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(v["error"]["kind"], "bad-overlay", "{spec}");
    }
}

/// Morne Plaine: "A charging action is a two-hexes straight movement that ends adjacent
/// to an enemy unit." The exported lanes are the ones `sandtable charges` lists: each
/// lane's two hexes tinted and its target outlined.
#[test]
fn a_charges_overlay_draws_the_lanes_sandtable_charges_lists() {
    let (code, out, err) = sandtable(&["charges", MORNE_PLAINE, "p2", "--json"]);
    assert_eq!(code, 0, "{err}");
    let listed: Value = serde_json::from_str(&out).unwrap();
    let listed = listed["charges"].as_array().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["path"], serde_json::json!(["1006", "0906"]));

    let rulesets = Rulesets::built_in();
    let s = sandtable::io::load_scenario(std::path::Path::new(MORNE_PLAINE), &rulesets).unwrap();
    let r = rulesets.get(&s.ruleset).unwrap();
    let ask: Ask = "charges:p2".parse().unwrap();
    assert_eq!(ask.to_string(), "charges:p2");
    let Ok(Preview::Charges { lanes, .. }) = ask.answer(&s, r) else {
        panic!("charges:p2 is answered with lanes");
    };
    let paths: Vec<Vec<String>> = lanes
        .iter()
        .map(|c| c.path.iter().map(|h| s.label(*h)).collect())
        .collect();
    assert_eq!(paths, vec![vec!["1006".to_string(), "0906".to_string()]]);
    assert_eq!(lanes[0].target, listed[0]["target"].as_str().unwrap());

    let group = exported_overlay(MORNE_PLAINE, "charges:p2");
    // The lane's purple, and the target's red outline.
    assert!(group.contains("#6a1b9a"), "{group}");
    assert!(group.contains("#c62828"), "{group}");
}

/// A battle exports more than its line of sight: the target's front sides (c2 fires at
/// u1 behind the fence on E5) and the dice with every modifier as a caption, as the
/// designer's inspector lists them.
#[test]
fn a_battle_overlay_has_the_front_sides_and_the_dice_as_a_caption() {
    let group = exported_overlay(BATTLE_CRY, "battle:c2:u1");
    for line in [
        "Rolls 1 die",
        // One die is "1 die" in the details too (it read "rolls 1 dice").
        "rolls 1 die",
        "c2 (infantry, F2) against u1 (infantry, E5) at range 3",
        "base dice 2",
        "-1 target on fence",
        "the attacker is in front of the target",
    ] {
        assert!(group.contains(line), "{line}: {group}");
    }
    // The fence's front sides in teal, the clear line in green.
    assert!(group.contains("#00897b"), "{group}");
    assert!(group.contains("#2e7d32"), "{group}");
}

/// The fire arcs' toggles travel with the request: `arcs:u3:moved` answers for a copy
/// of u3 that has moved this turn, leaves the scenario as it is, and is written back
/// as it was asked.
#[test]
fn arcs_as_if_moved_or_ordered_are_part_of_the_request() {
    let rulesets = Rulesets::built_in();
    let s = sandtable::io::load_scenario(std::path::Path::new(BATTLE_CRY), &rulesets).unwrap();
    let r = rulesets.get(&s.ruleset).unwrap();
    for spec in [
        "arcs:u3",
        "arcs:u3:moved",
        "arcs:u3:not-ordered",
        "arcs:u3:moved:ordered",
        "battle:c2:u1",
        "charges:p2",
    ] {
        let ask: Ask = spec.parse().unwrap();
        assert_eq!(ask.to_string(), spec);
    }
    let ask: Ask = "arcs:u3:moved:ordered".parse().unwrap();
    let as_if = ask.answer(&s, r).unwrap();
    let mut moved = s.clone();
    for u in moved.units.iter_mut().filter(|u| u.id == "u3") {
        u.moved = true;
        u.ordered = true;
    }
    let plain: Ask = "arcs:u3".parse().unwrap();
    assert_eq!(as_if, plain.answer(&moved, r).unwrap());
    let reloaded =
        sandtable::io::load_scenario(std::path::Path::new(BATTLE_CRY), &rulesets).unwrap();
    assert_eq!(s, reloaded, "the scenario is untouched");
}

const MINI_NAP: &str = "assets/scenarios/mini-nap-village.ron";

/// Issue #16: "On a table: from the firer's front edge to a point or unit, the zone of
/// fire drawn and each cover feature highlighted with what it does to the dice", and
/// a table's path with "the allowance it spends" — exported as the designer shows them.
#[test]
fn table_previews_export_with_the_answers_of_los_and_path() {
    let (code, out, err) = sandtable(&["los", MINI_NAP, "i1", "k1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let los: Value = serde_json::from_str(&out).unwrap();
    let distance = los["distance"].as_f64().unwrap();
    let drawn = exported_overlay(MINI_NAP, "los:i1:k1");
    assert!(drawn.contains(&format!("at {distance:.1} cm")), "{drawn}");
    // Each cover feature is named with what it does to the dice.
    for c in los["cover"].as_array().unwrap() {
        let id = c["feature"].as_str().unwrap();
        assert!(
            drawn.contains(&format!(
                "{id}: cover against small-arms fire: halves the dice"
            )),
            "{id} in {drawn}"
        );
    }
    // The zone itself and the amber outlines of the cover features.
    assert!(
        drawn.contains("<path") || drawn.contains("<polygon"),
        "{drawn}"
    );

    // `sandtable path` through the points the exports below draw, with `how`.
    let path_of = |how: &str| {
        let (code, out, err) = sandtable(&[
            "path",
            MINI_NAP,
            "i1",
            "--through",
            "60,80",
            "--through",
            "85,95",
            how,
        ]);
        assert_eq!(code, 0, "{err}");
        out
    };
    let out = path_of("--json");
    let path: Value = serde_json::from_str(&out).unwrap();
    let cost = path["cost"].as_f64().unwrap();
    let drawn = exported_overlay(MINI_NAP, "moves:i1:60,80:85,95");
    assert!(
        drawn.contains(&format!("at a cost of {cost:.1} cm")),
        "{drawn}"
    );
    // The same path charged: the caption `sandtable path --charge` prints.
    let out = path_of("--charge");
    let headline = out.lines().next().unwrap_or_default().to_string();
    assert!(headline.contains("charges"), "{headline}");
    let drawn = exported_overlay(MINI_NAP, "moves:i1:60,80:85,95:charge");
    assert!(drawn.contains(&headline), "{headline} in {drawn}");

    // A point as the target of a line of sight.
    let drawn = exported_overlay(MINI_NAP, "los:i1:120,40");
    assert!(drawn.contains("i1 sees 120.0,40.0") || drawn.contains("i1 does not see 120.0,40.0"));
}

#[test]
fn a_hex_only_preview_on_a_table_exits_2_and_says_what_a_table_has() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("map.svg");
    let out = out.to_str().unwrap();
    for (spec, says) in [
        ("zoc:french", "hex boards only"),
        ("charges:k1", "hex boards only"),
        ("moves:i1:500,500", "off the 180 x 120 table"),
        ("viewshed:500,500", "off the 180 x 120 table"),
        ("los:i1:nowhere", "not a point x,y"),
        ("battle:i1:zz", "no unit with id 'zz'"),
    ] {
        let (code, _, err) = sandtable(&["export", MINI_NAP, "--output", out, "--overlay", spec]);
        assert_eq!(code, 2, "{spec}");
        assert!(err.contains(says), "{spec}: {err}");
        assert!(!std::path::Path::new(out).exists(), "{spec}");
    }
}

/// The fields over a table (`arcs:`, `cover:`, `viewshed:`, `moves:UNIT`) are drawn
/// with a caption that counts them, on Mini-Nap every centimetre and on PBS every
/// quarter of a base width; a cover map is refused on hexes.
#[test]
fn fields_over_a_table_are_exported_with_their_counts() {
    for (file, spec, says) in [
        (MINI_NAP, "arcs:i1", "fire arc of i1:"),
        (MINI_NAP, "arcs:i1:moved", "fire arc of i1:"),
        (MINI_NAP, "cover:i1", "cover map of i1:"),
        (MINI_NAP, "viewshed:k1", "k1 sees"),
        (MINI_NAP, "viewshed:100,60", "100,60 sees"),
        (MINI_NAP, "moves:i1", "i1 reaches"),
        (MINI_NAP, "moves:i1:charge", "i1 may charge to"),
        (PBS, "arcs:i1:range=8", "fire arc of i1:"),
        (PBS, "cover:d1:range=10", "cover map of d1:"),
        (PBS, "viewshed:d3", "d3 sees"),
        (PBS, "viewshed:24,15", "24,15 sees"),
        (PBS, "moves:d2:allowance=6", "d2 reaches"),
        (PBS, "moves:d2:charge:allowance=6", "d2 may charge to"),
    ] {
        let drawn = exported_overlay(file, spec);
        assert!(drawn.contains(says), "{spec}: {says}");
        let every = if file == PBS { "0.25 bw" } else { "1 cm" };
        assert!(drawn.contains(&format!("sampled every {every}")), "{spec}");
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("map.svg");
    let (code, _, err) = sandtable(&[
        "export",
        BATTLE_CRY,
        "--output",
        out.to_str().unwrap(),
        "--overlay",
        "cover:u1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("drawn on measured tables"), "{err}");
}

/// A battle's caption stays on the board when the target stands by its right edge (c4
/// on K2 of a 13-column board): it goes to the target's left.
#[test]
fn a_caption_beside_a_target_at_the_edge_stays_on_the_board() {
    use sandtable::scene::{self, Item, SceneOptions};
    let rulesets = Rulesets::built_in();
    let s = sandtable::io::load_scenario(std::path::Path::new(BATTLE_CRY), &rulesets).unwrap();
    let r = rulesets.get(&s.ruleset).unwrap();
    let built = scene::build(&s, r, &SceneOptions::default());
    let (layout, board) = built.layout.as_ref().unwrap();
    let ask: Ask = "battle:u4:c4".parse().unwrap();
    let preview = ask.answer(&s, r).unwrap();
    let texts: Vec<(f32, f32, usize)> =
        scene::overlay::draw(&preview, board.grid().unwrap(), layout)
            .into_iter()
            .filter_map(|i| match i {
                Item::Text { at, size, text, .. } => Some((at.x, size, text.chars().count())),
                _ => None,
            })
            .collect();
    assert!(!texts.is_empty());
    for (x, size, chars) in texts {
        assert!(x >= 0.0, "starts on the board");
        assert!(
            x + chars as f32 * size * 0.55 <= layout.size().x,
            "ends on the board"
        );
    }
}

/// Zones of control are one question of the arena (`rules::play::hex::controlled`):
/// `sandtable zoc` lists, and the `zoc:SIDE` preview draws, the same hexes, and refuse
/// with the same words.
#[test]
fn zones_of_control_are_asked_once_for_the_command_line_and_the_preview() {
    let rulesets = Rulesets::built_in();
    let s = sandtable::io::load_scenario(std::path::Path::new(MORNE_PLAINE), &rulesets).unwrap();
    let r = rulesets.get(&s.ruleset).unwrap();
    let hexes = sandtable::rules::play::hex::controlled(&s, r, "prussian").unwrap();
    assert!(!hexes.is_empty());
    let (code, out, _) = sandtable(&["zoc", MORNE_PLAINE, "--side", "prussian", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    let labels: Vec<String> = hexes.iter().map(|h| s.label(*h)).collect();
    assert_eq!(v["controlled"], serde_json::json!(labels));
    let ask: Ask = "zoc:prussian".parse().unwrap();
    match ask.answer(&s, r).unwrap() {
        Preview::Zones { hexes: drawn, .. } => assert_eq!(drawn, hexes),
        other => panic!("{other:?}"),
    }
    let (code, out, err) = sandtable(&["zoc", MORNE_PLAINE, "--side", "austrian", "--json"]);
    assert_ne!(code, 0);
    let e = "zoc:austrian"
        .parse::<Ask>()
        .unwrap()
        .answer(&s, r)
        .unwrap_err();
    assert!(err.contains(&e.to_string()), "{err} / {e}");
    assert!(out.contains("unknown-side"), "{out}");
}

/// `--overlay` takes the values the ruleset may not give, as the designer's inspector
/// and `--range` / `--allowance` do: `arcs:a1:range=2` on Sticks and Stones (whose
/// classes have no battle profile), `arcs:i1:range=30` and `:step=2` on Mini-Nap; the
/// plain forms keep working.
#[test]
fn overlays_take_a_range_an_allowance_and_a_step() {
    let sticks = "assets/scenarios/sticks-and-stones-river.ron";
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("map.svg");
    let export = |spec: &str| {
        sandtable(&[
            "export",
            sticks,
            "--output",
            out.to_str().unwrap(),
            "--overlay",
            spec,
        ])
    };
    let (code, _, err) = export("arcs:a1");
    assert_eq!(code, 2, "no range, no arc");
    assert!(err.contains("no battle profile"), "{err}");
    let drawn = exported_overlay(sticks, "arcs:a1:range=2");
    assert!(drawn.contains("<path"), "{drawn}");
    for (spec, why) in [
        ("arcs:a1:range=1.5", "whole number"),
        ("arcs:a1:step=1", "a hex board has none"),
        ("arcs:a1:range=0", "not a positive number"),
        ("arcs:a1:reach=2", "unknown value 'reach'"),
        ("arcs:a1:range=2:range=3", "given twice"),
    ] {
        let (code, _, err) = export(spec);
        assert_eq!(code, 2, "{spec}");
        assert!(err.contains(why), "{spec}: {err}");
    }
    // On the table: a range replaces "the whole table ahead", and a coarser step
    // samples fewer points; both read as the designer's Range and Sample every.
    let plain = exported_overlay(MINI_NAP, "arcs:i1");
    assert!(plain.contains("no range"), "{plain}");
    let ranged = exported_overlay(MINI_NAP, "arcs:i1:range=30");
    assert!(!ranged.contains("no range"), "{ranged}");
    assert_ne!(ranged, plain);
    let coarse = exported_overlay(MINI_NAP, "arcs:i1:range=30:step=2");
    assert!(coarse.len() < ranged.len(), "fewer samples, fewer shapes");
    let far = exported_overlay(MINI_NAP, "moves:i1:allowance=10");
    assert_ne!(far, exported_overlay(MINI_NAP, "moves:i1"));
    // Written back as it is read.
    let asked: sandtable::scene::asked::Asked = "arcs:i1:moved:range=30:step=0.5".parse().unwrap();
    assert_eq!(asked.to_string(), "arcs:i1:moved:range=30:step=0.5");
    assert_eq!(asked.ask.to_string(), "arcs:i1:moved");
}

/// Issue 47 (squares): "a line through a corner is blocked only when both squares at the
/// corner block". A line of sight along a diagonal of Chequer Field passes the corners
/// at B1/A2 and C2/B3: each is marked (a dot at the corner, 25 mm squares) and both
/// squares beside it tinted; a line along a row passes none.
#[test]
fn a_line_of_sight_through_square_corners_marks_each_corner() {
    let file = "assets/rulesets/examples/scenarios/chequer-field-bridge.json";
    let ruleset = "assets/rulesets/examples/chequer-field.ron";
    let overlay = |spec: &str| {
        let dir = tempfile::tempdir().unwrap();
        let svg = dir.path().join("map.svg");
        let out = svg.to_str().unwrap();
        let args = [
            "export",
            file,
            "--ruleset-file",
            ruleset,
            "--output",
            out,
            "--overlay",
            spec,
        ];
        let (code, _, err) = sandtable(&args);
        assert_eq!(code, 0, "{spec}: {err}");
        overlay_group(&std::fs::read_to_string(&svg).unwrap()).to_string()
    };
    let corner = |x: f64, y: f64| format!("M{},{y}a1.75,1.75", x - 1.75);
    let diagonal = overlay("los:A1:C3");
    for (x, y) in [(25.0, 25.0), (50.0, 50.0)] {
        assert!(diagonal.contains(&corner(x, y)), "{x},{y}: {diagonal}");
    }
    assert_eq!(diagonal.matches("a1.75,1.75 0 1 0 3.5,0").count(), 2);
    let row = overlay("los:A1:C1");
    assert!(!row.contains("a1.75,1.75"), "{row}");
}
