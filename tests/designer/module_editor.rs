//! Tools > Module editor: a module edit changes the open map and preview in the frame
//! it is made, is one undo step with the map's edits, and a small game built in the
//! editor from a built-in copy saves as RON that equals the same game written by hand.

use std::path::Path;

use crate::designer_kit;

use designer_kit::{app, app_with, click_hex};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::DesignerApp;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::document::Document;
use sandtable::board::{Board, HexBoard, Orientation, Stagger};
use sandtable::rules::module::{self, Entry};
use sandtable::rules::play::{Arena, Field, battle, sight};
use sandtable::rules::{KindList, Ruleset, parse_ruleset};
use sandtable::scenario::{Edit, HexCell, Scenario, Unit, edit::Feature};

fn open_editor(h: &mut Harness<'_, DesignerApp>) {
    // The menu, drawn first (the palette's heading says "Tools" too).
    h.get_all_by_label("Tools").next().unwrap().click();
    h.run();
    h.get_by_label("Module editor").click();
    h.run();
    assert!(h.state().windows.module_editor.is_some());
}

fn summary(h: &Harness<'_, DesignerApp>) -> String {
    h.state()
        .canvas
        .preview
        .answer()
        .map(|a| a.summary.clone())
        .unwrap_or_default()
}

/// "Editing a built-in game's movement cost while the movement preview is open
/// changes the reachable hexes in the same frame."
#[test]
fn a_movement_cost_edited_under_the_movement_preview_changes_the_reach_in_that_frame() {
    let mut h = app();
    h.key_press_modifiers(Modifiers::SHIFT, Key::M);
    h.run();
    click_hex(&mut h, "J7");
    assert!(
        summary(&h).contains("can reach 31 hexes"),
        "{}",
        summary(&h)
    );
    open_editor(&mut h);
    h.get_by_label("Clear (clear)").click();
    h.run();
    // A cost of 1 for cavalry is what clear costs already: the same reach.
    h.get_by_label("cost for cavalry").click();
    h.run();
    assert!(
        summary(&h).contains("can reach 31 hexes"),
        "{}",
        summary(&h)
    );
    let steps = h.state().doc.revision;
    h.get_by_label("cost value for cavalry")
        .set_value_accesskit(3.0);
    // One frame: the editor's step, the revalidation and the preview's new answer.
    h.step();
    assert!(h.state().doc.revision > steps);
    let clear = h.state().doc.ruleset().unwrap().terrains[0].clone();
    assert_eq!(clear.movement.cost.get("cavalry"), Some(&3));
    let now = summary(&h);
    assert!(
        now.contains("can reach") && !now.contains("31 hexes"),
        "{now}"
    );
    // Module steps are undone with the map's: back to a cost of 1, then none.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(
        summary(&h).contains("can reach 31 hexes"),
        "{}",
        summary(&h)
    );
    let clear = &h.state().doc.ruleset().unwrap().terrains[0];
    assert!(clear.movement.cost.is_empty());
}

/// The game the proof builds, written by hand.
const BY_HAND: &str = r##"(
    id: "ford-war",
    name: "Ford war",
    board: (kind: "hex", orientation: "pointy", columns: 13, rows: 9, stagger: "odd", labels: "letter-number", hex_width_mm: 50.0),
    default_terrain: "clear",
    combat: "dice",
    line_of_sight: (elevation: "flat"),
    terrains: [
        (id: "clear", name: "Clear", colour: "#d9e4a8", icon: "clear.svg", description: "Open ground: no effect."),
        (id: "forest", name: "Forest", colour: "#2f6a2a", pattern: "trees", sight: (blocks: true)),
    ],
    unit_classes: [
        (id: "infantry", name: "Infantry", colour: "#3d5a99", icon: "infantry.svg",
         profile: (range: 3, dice: [3, 2, 1], movement: 1, attached_general_dice: 1, attached_general_flags: 1, blocks_sight: true)),
        (id: "cavalry", name: "Cavalry", colour: "#c9a227", icon: "cavalry.svg",
         profile: (range: 1, dice: [3], movement: 3, attached_general_dice: 1, attached_general_flags: 1, mounted: true, blocks_sight: true)),
    ],
    modifiers: [
        (name: "forest (infantry)", quote: "A unit in a forest: 1 die fewer against infantry.",
         dice: -1, target: ["infantry"], when: (target_on: ["forest"])),
        (name: "forest (cavalry)", quote: "A unit in a forest: 2 dice fewer against cavalry.",
         dice: -2, target: ["cavalry"], when: (target_on: ["forest"])),
    ],
    constraints: [
        (rule: "forest-height", quote: "Forests stand at elevation 1 or 2.",
         check: (mechanism: "hex-attributes", terrain: "forest", min_elevation: 1, max_elevation: 2)),
    ],
)"##;

/// One module step through the app, as the editor's sheet makes it.
fn step(h: &mut Harness<'_, DesignerApp>, f: impl FnOnce(&Ruleset) -> Ruleset) {
    let r = h.state().doc.ruleset().unwrap().clone();
    let new = f(&r);
    h.state_mut().module_step(new, Edit::Batch(Vec::new()));
    h.run();
}

/// Line of sight from B3 to D3 over the forest at C3, and the dice of an infantry
/// unit at B5 against infantry in the forest at C5 and of cavalry at D6 against it.
fn answers(s: &Scenario, r: &Ruleset) -> (String, Option<i32>) {
    let Some(Arena::Hex(field)) = Arena::new(s, r) else {
        panic!("a hex board")
    };
    let (from, to) = (field.place("B3").unwrap(), field.place("D3").unwrap());
    let seen = sight::look(&*field, from, to);
    let los = sight::headline(&*field, from, to, &seen);
    let unit = |id: &str| s.units.iter().find(|u| u.id == id).unwrap().clone();
    let fight = battle::fight(&*field, &unit("a1"), &unit("t1"));
    (los, fight.odds.dice)
}

/// "A kittest test builds a small new ruleset in the editor from a built-in copy ...
/// saves it; paints a map with it; gets the expected line of sight and dice from the
/// previews and the expected finding; the saved RON gives the same answers on the
/// command line and equals, as data, the same ruleset written by hand."
#[test]
fn a_small_game_built_from_a_built_in_copy_saves_as_the_same_game_written_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("ford-war.ron");
    let mut h = app_with(ScriptedDialogs {
        saves: vec![saved.clone()],
        ..Default::default()
    });
    // An empty Battle Cry map to paint on.
    let board = HexBoard::new(Orientation::Pointy, 13, 9, Stagger::Odd).unwrap();
    let s = Scenario::new("Ford", "battle-cry-150", Board::Hex(board));
    let doc = Document::new(s, None, &h.state().rulesets);
    h.state_mut().doc = doc;
    h.run();
    open_editor(&mut h);
    // Start a new module: a copy of Battle Cry under a new id and name.
    h.get_by_label("Start a new module").click();
    h.run();
    h.get_by_role_and_label(egui::Role::TextInput, "New module id")
        .set_text_value_accesskit("ford-war");
    h.run();
    h.get_by_role_and_label(egui::Role::TextInput, "New module name")
        .set_text_value_accesskit("Ford war");
    h.run();
    h.get_by_label_contains("Copy of Battle Cry").click();
    h.run();
    assert_eq!(h.state().doc.scenario.ruleset, "ford-war");
    // Keep clear, infantry and cavalry; drop the rest of the copy.
    step(&mut h, |r| {
        let mut out = r.clone();
        for list in KindList::ALL {
            for k in r.kinds(list) {
                let keep = matches!(k.id.as_str(), "clear" | "infantry" | "cavalry");
                if !keep {
                    out = module::remove_kind(&out, list, &k.id);
                }
            }
        }
        while !out.constraints.is_empty() {
            out = module::remove_entry(&out, &Entry::Check(0));
        }
        let head = serde_json::json!({"source": "", "description": ""});
        let out = module::set_entry(&out, &Entry::Board, head).unwrap();
        module::set_entry(&out, &Entry::Sides, serde_json::json!([])).unwrap()
    });
    // A new terrain, renamed, coloured, blocking sight.
    step(&mut h, |r| module::add_kind(r, KindList::Terrain).0);
    step(&mut h, |r| {
        module::rename_kind(r, KindList::Terrain, "new-terrain", "forest").unwrap()
    });
    step(&mut h, |r| {
        let forest = r##"(id: "forest", name: "Forest", colour: "#2f6a2a", pattern: "trees", sight: (blocks: true))"##;
        let e = Entry::Kind(KindList::Terrain, "forest".into());
        module::set_entry_text(r, &e, forest).unwrap()
    });
    // Infantry: range 3, dice 3/2/1.
    step(&mut h, |r| {
        let mut out = r.clone();
        let p = out.unit_classes[0].profile.as_mut().unwrap();
        p.range = 3;
        p.dice = vec![3, 2, 1];
        out
    });
    // Two modifiers and a check, pasted as text.
    for m in [
        r#"(name: "forest (infantry)", quote: "A unit in a forest: 1 die fewer against infantry.", dice: -1, target: ["infantry"], when: (target_on: ["forest"]))"#,
        r#"(name: "forest (cavalry)", quote: "A unit in a forest: 2 dice fewer against cavalry.", dice: -2, target: ["cavalry"], when: (target_on: ["forest"]))"#,
    ] {
        step(&mut h, |r| {
            module::paste(r, module::PasteInto::Modifiers, m).unwrap().0
        });
    }
    step(&mut h, |r| {
        let c = r#"(rule: "forest-height", quote: "Forests stand at elevation 1 or 2.", check: (mechanism: "hex-attributes", terrain: "forest", min_elevation: 1, max_elevation: 2))"#;
        module::paste(r, module::PasteInto::Checks, c).unwrap().0
    });
    assert!(module::problems(h.state().doc.ruleset().unwrap()).is_empty());
    // Save module as...
    h.get_by_label("Save module as...").click();
    h.run();
    assert_eq!(h.state().error, None);
    let text = std::fs::read_to_string(&saved).unwrap();
    let from_file = parse_ruleset(&text, &saved).unwrap();
    let by_hand = parse_ruleset(BY_HAND, Path::new("by-hand.ron")).unwrap();
    assert_eq!(from_file, by_hand, "saved:\n{text}");
    // Paint the map with it: forest at C3 (elevation 1) and C5 (elevation 0, too low).
    let board = h.state().doc.scenario.board.as_hex().unwrap().clone();
    let hex = |l: &str| board.hex_at(l).unwrap();
    let rulesets = h.state().rulesets.clone();
    for (l, elevation) in [("C3", 1), ("C5", 0)] {
        let mut cell = HexCell::terrain("forest");
        cell.elevation = elevation;
        let e = Edit::SetHex {
            hex: hex(l),
            cell: Some(cell),
        };
        h.state_mut().doc.apply(e, &rulesets).unwrap();
    }
    for (id, class, at) in [
        ("a1", "infantry", "B5"),
        ("t1", "infantry", "C5"),
        ("c1", "cavalry", "D6"),
    ] {
        let mut u = Unit::new(id, class);
        u.hex = Some(hex(at));
        h.state_mut()
            .doc
            .apply(Edit::put(Feature::Unit(u)), &rulesets)
            .unwrap();
    }
    h.run();
    let doc = &h.state().doc;
    let finding = doc
        .diagnostics
        .iter()
        .find(|d| d.rule == "ford-war/forest-height")
        .expect("the forest at elevation 0 is found");
    assert_eq!(finding.hexes, [hex("C5")]);
    assert_eq!(
        doc.diagnostics
            .iter()
            .filter(|d| d.rule == "ford-war/forest-height")
            .count(),
        1
    );
    // The answers of the editor's module (the previews') and of the saved file (the
    // command line's) are the same, and the expected ones.
    let (los, dice) = answers(&doc.scenario, doc.ruleset().unwrap());
    assert!(los.starts_with("B3 does not see D3"), "{los}");
    assert_eq!(
        dice,
        Some(2),
        "3 dice at range 1, 1 fewer against infantry in a forest"
    );
    assert_eq!(answers(&doc.scenario, &from_file), (los, dice));
    let mut s = doc.scenario.clone();
    s.units.retain(|u| u.id != "t1");
    let mut t = Unit::new("t1", "cavalry");
    t.hex = Some(hex("C5"));
    s.units.push(t);
    assert_eq!(
        answers(&s, &from_file).1,
        Some(1),
        "2 dice fewer against cavalry"
    );
}

/// Renaming a kind in use offers to rename it in the map too, in the same undo step;
/// deleting it says where it is used.
#[test]
fn renaming_a_kind_in_use_renames_it_in_the_map_in_one_undo_step() {
    let mut h = app();
    open_editor(&mut h);
    h.get_by_label("Woods (woods)").click();
    h.run();
    let woods_hexes = |h: &Harness<'_, DesignerApp>, id: &str| {
        h.state()
            .doc
            .scenario
            .hexes
            .iter()
            .filter(|(_, c)| c.terrain == id)
            .count()
    };
    let before = woods_hexes(&h, "woods");
    assert!(before > 0);
    h.get_by_label("Delete").click();
    h.run();
    assert!(h.query_by_label_contains("hex(es) of the map").is_some());
    h.get_by_label("Keep it").click();
    h.run();
    h.get_by_role_and_label(egui::Role::TextInput, "Kind id")
        .set_text_value_accesskit("woods-x");
    h.run();
    h.get_by_label("Rename").click();
    h.run();
    h.get_by_label("Rename in the module and the map").click();
    h.run();
    assert_eq!(woods_hexes(&h, "woods-x"), before);
    assert!(
        h.state()
            .doc
            .ruleset()
            .unwrap()
            .kind(KindList::Terrain, "woods-x")
            .is_some()
    );
    assert!(
        !h.state()
            .doc
            .diagnostics
            .iter()
            .any(|d| d.message.contains("woods-x"))
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(woods_hexes(&h, "woods"), before);
    assert!(
        h.state()
            .doc
            .ruleset()
            .unwrap()
            .kind(KindList::Terrain, "woods")
            .is_some()
    );
}

/// A module that would not load is not saved, and the message says why.
#[test]
fn a_module_that_would_not_load_is_not_saved() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.ron");
    let mut h = app_with(ScriptedDialogs {
        saves: vec![path.clone()],
        ..Default::default()
    });
    step(&mut h, |r| {
        let mut out = r.clone();
        out.terrains[1]
            .battle
            .no_battle_after_move
            .push("dragoons".into());
        out
    });
    open_editor(&mut h);
    assert!(h.query_by_label_contains("cannot be saved").is_some());
    h.get_by_label("Save module as...").click();
    h.run();
    let error = h.state().error.clone().unwrap_or_default();
    assert!(
        error.contains("not saved") && error.contains("dragoons"),
        "{error}"
    );
    assert!(!path.exists());
}

/// "A scenario remembers the module file it uses (a path relative to the scenario,
/// resolved beside it), and opening the scenario loads it, with a clear message naming
/// the path if it is missing."
#[test]
fn a_saved_scenario_names_its_module_file_and_opening_it_loads_the_module() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("rules")).unwrap();
    let module_path = dir.path().join("rules/my-copy.ron");
    let scenario_path = dir.path().join("map.ron");
    let mut h = app_with(ScriptedDialogs {
        saves: vec![module_path.clone(), scenario_path.clone()],
        ..Default::default()
    });
    open_editor(&mut h);
    h.get_by_label("Start a new module").click();
    h.run();
    h.get_by_role_and_label(egui::Role::TextInput, "New module id")
        .set_text_value_accesskit("my-copy");
    h.run();
    h.get_by_label_contains("Copy of Battle Cry").click();
    h.run();
    h.get_by_label("Save module as...").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    assert_eq!(h.state().error, None);
    let text = std::fs::read_to_string(&scenario_path).unwrap();
    assert!(
        text.contains(r#"ruleset_file: "rules/my-copy.ron""#),
        "{text}"
    );

    // A designer that has never seen the module opens the scenario with it.
    let mut h = app_with(ScriptedDialogs {
        opens: vec![scenario_path.clone()],
        ..Default::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert_eq!(h.state().error, None);
    assert_eq!(
        h.state().doc.ruleset().map(|r| r.id.as_str()),
        Some("my-copy")
    );

    // Without the module file, a scenario of an id the designer knows opens with that
    // ruleset, and says so, naming the path.
    std::fs::remove_file(&module_path).unwrap();
    let built_in = text.replace(r#"ruleset: "my-copy""#, r#"ruleset: "battle-cry-150""#);
    std::fs::write(&scenario_path, built_in).unwrap();
    let mut h = app_with(ScriptedDialogs {
        opens: vec![scenario_path.clone()],
        ..Default::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert_eq!(h.state().doc.path.as_deref(), Some(scenario_path.as_path()));
    assert_eq!(h.state().doc.scenario.ruleset, "battle-cry-150");
    let error = h.state().error.clone().unwrap_or_default();
    assert!(
        error.contains("map.ron")
            && error.contains("\"rules/my-copy.ron\"")
            && error.contains("cannot be read")
            && error.contains("open with the ruleset 'battle-cry-150'"),
        "{error}"
    );
}

/// Picks an entry in the tree through the search field (which opens every list).
fn pick(h: &mut Harness<'_, DesignerApp>, search: &str, label: &str) {
    h.get_by_label("Search the module")
        .set_text_value_accesskit(search);
    h.run();
    h.get_by_label(label).click();
    h.run();
}

/// The top of `mark` lies just under `field` (a description line between them at
/// most): the problem is shown beside the field it is about.
fn just_under(field: egui::Rect, mark: egui::Rect) {
    assert!(
        mark.top() >= field.bottom() - 1.0 && mark.top() - field.bottom() < 45.0,
        "field {field:?}, mark {mark:?}"
    );
}

/// Issue 24: "The module is checked as you edit (... an id used but not defined ...),
/// shown beside the field", and "each mechanism's sheet is built from its typed
/// parameters": a check's sheet lists every parameter of its mechanism, absent ones
/// too, with their docs, and the check's problem is under the field that names the
/// unknown terrain.
#[test]
fn a_checks_sheet_shows_every_parameter_with_its_doc_and_its_problem_under_the_field() {
    let mut h = app();
    step(&mut h, |r| {
        let c = r#"(rule: "swamp-height", quote: "Swamps lie low.", check: (mechanism: "hex-attributes", terrain: "swamp", max_elevation: 0))"#;
        module::paste(r, module::PasteInto::Checks, c).unwrap().0
    });
    open_editor(&mut h);
    pick(&mut h, "swamp-height", "(!) swamp-height");
    // Every parameter, set or not, with its doc comment.
    for label in [
        "terrain",
        "min elevation set",
        "max elevation",
        "markers set",
    ] {
        assert!(
            h.query_all_by_label(label).next().is_some(),
            "{label} missing"
        );
    }
    assert!(
        h.query_by_label_contains("The lowest elevation its hexes may have")
            .is_some()
    );
    // The rule quote it implements, beside them.
    let quote = h
        .get_by_role_and_label(egui::Role::MultilineTextInput, "Rule quote")
        .value();
    assert_eq!(quote.as_deref(), Some("Swamps lie low."));
    let field = h
        .get_by_role_and_label(egui::Role::TextInput, "terrain")
        .rect();
    let mark = h
        .get_by_label_contains("(!) swamp-height: unknown terrain 'swamp'")
        .rect();
    just_under(field, mark);
    // A parameter set through its field is one module step.
    h.get_by_role_and_label(egui::Role::SpinButton, "max elevation")
        .set_value_accesskit(2.0);
    h.run();
    let r = h.state().doc.ruleset().unwrap().clone();
    let check = serde_json::to_value(&r.constraints.last().unwrap().check).unwrap();
    assert_eq!(check["max_elevation"], 2, "{check}");
}

/// "Typed sheets for ... sight": the sight model's switches are all shown with their
/// docs, a switch set through the sheet changes the module, and the problem it makes
/// ("'valley' needs elevation \"two-level\"") is shown under that switch.
#[test]
fn the_sight_models_sheet_shows_its_switches_and_a_problem_under_the_one_set() {
    let mut h = app();
    open_editor(&mut h);
    pick(&mut h, "Mechanisms", "Mechanisms");
    for label in ["valley", "crests", "shadows", "see over lower", "elevation"] {
        assert!(
            h.query_all_by_label(label).next().is_some(),
            "{label} missing"
        );
    }
    assert!(
        h.query_by_label_contains("a hex of high ground between two ground-level ends blocks")
            .is_some()
    );
    h.get_by_role_and_label(egui::Role::CheckBox, "valley")
        .click();
    h.run();
    let r = h.state().doc.ruleset().unwrap().clone();
    assert!(r.line_of_sight.valley);
    let field = h
        .get_by_role_and_label(egui::Role::CheckBox, "valley")
        .rect();
    let mark = h
        .get_by_label_contains("(!) line_of_sight: 'valley' needs elevation")
        .rect();
    just_under(field, mark);
}

/// "Undo steps per edit, not per keystroke": typing in a field is one undo step, and
/// so is dragging a number.
#[test]
fn typing_in_a_field_or_dragging_a_value_is_one_undo_step() {
    let mut h = app();
    assert!(!h.state().doc.history.can_undo());
    open_editor(&mut h);
    pick(&mut h, "woods", "Woods (woods)");
    h.get_by_role_and_label(egui::Role::TextInput, "Kind name")
        .click();
    h.run();
    for keys in ["Old", " ", "oaks"] {
        h.get_by_role_and_label(egui::Role::TextInput, "Kind name")
            .type_text(keys);
        h.run();
    }
    let name = |h: &Harness<'_, DesignerApp>| {
        let r = h.state().doc.ruleset().unwrap().clone();
        r.kind(KindList::Terrain, "woods").unwrap().name.clone()
    };
    assert!(name(&h).contains("Old oaks"), "{}", name(&h));
    h.key_press(Key::Escape);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(name(&h), "Woods");
    assert!(!h.state().doc.history.can_undo());

    // A drag over the dice field, several frames long: one step.
    let dice = |h: &Harness<'_, DesignerApp>| {
        let r = h.state().doc.ruleset().unwrap().clone();
        r.kind(KindList::Terrain, "woods")
            .unwrap()
            .battle
            .target_dice
    };
    let before = dice(&h);
    let start = h
        .get_by_role_and_label(egui::Role::SpinButton, "Dice against a unit in it")
        .rect()
        .center();
    let path: Vec<egui::Pos2> = (0..6)
        .map(|i| start + egui::vec2(12.0 * i as f32, 0.0))
        .collect();
    designer_kit::drag(&mut h, &path);
    assert_ne!(dice(&h), before);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(dice(&h), before);
    assert!(!h.state().doc.history.can_undo());
}

/// Issue 24: "Styles too: colour, pattern and icon (the built-in icons or a user's
/// SVG/PNG file, stored beside the module)": a PNG chosen through the file dialog is
/// the kind's icon, drawn by the scene and the SVG export, and Save module as writes it
/// beside the module, which names it by that relative path.
#[test]
fn an_icon_file_of_ones_own_is_drawn_and_saved_beside_the_module() {
    use sandtable::io::svg::{SvgOptions, write_svg};
    use sandtable::scene::{self, SceneOptions};
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("castle-keep.png");
    let bytes = resvg::tiny_skia::Pixmap::new(4, 4)
        .unwrap()
        .encode_png()
        .unwrap();
    std::fs::write(&png, &bytes).unwrap();
    std::fs::create_dir_all(dir.path().join("out")).unwrap();
    let saved = dir.path().join("out/my-war.ron");
    let mut h = app_with(ScriptedDialogs {
        opens: vec![png.clone()],
        saves: vec![saved.clone()],
        ..Default::default()
    });
    // The class of a unit on the map, so the scene draws its icon on the counter.
    let class = h.state().doc.scenario.units[0].class.clone();
    let r = h.state().doc.ruleset().unwrap().clone();
    let label = module::label(&r, &Entry::Kind(KindList::UnitClass, class.clone()));
    open_editor(&mut h);
    pick(&mut h, &class, &label);
    h.get_by_label("Icon file...").click();
    h.run();
    assert_eq!(h.state().error, None);
    let r = h.state().doc.ruleset().unwrap().clone();
    let kind = r.kind(KindList::UnitClass, &class).unwrap();
    assert_eq!(kind.icon.as_deref(), Some("castle-keep.png"));
    let drawn = scene::build(&h.state().doc.scenario, &r, &SceneOptions::default());
    let svg = write_svg(&drawn, &SvgOptions::default());
    assert!(svg.contains("icon-castle-keep"), "no symbol for the icon");

    h.get_by_label("Save module as...").click();
    h.run();
    assert_eq!(h.state().error, None);
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains(r#"icon: "castle-keep.png""#), "{text}");
    assert_eq!(
        std::fs::read(dir.path().join("out/castle-keep.png")).unwrap(),
        bytes
    );
}

/// An icon file that is beside the module but cannot be read as an image is drawn as no
/// icon, and the message names it.
#[test]
fn an_unreadable_icon_file_is_named_when_the_module_loads() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("assets/rulesets/battle-cry-150.ron").unwrap();
    let from = r#"icon: "infantry.svg""#;
    assert!(text.contains(from));
    let text = text
        .replacen(from, r#"icon: "broken-badge.png""#, 1)
        .replacen(r#"id: "battle-cry-150""#, r#"id: "broken-icons""#, 1);
    let module = dir.path().join("broken-icons.ron");
    std::fs::write(&module, text).unwrap();
    std::fs::write(dir.path().join("broken-badge.png"), b"not a picture").unwrap();
    let mut h = app_with(ScriptedDialogs {
        opens: vec![module.clone()],
        ..Default::default()
    });
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Open module...").click();
    h.run();
    assert_eq!(
        h.state().doc.scenario.ruleset,
        "broken-icons",
        "the module loads"
    );
    let e = h.state().error.clone().expect("a message");
    assert!(e.contains("broken-badge.png"), "{e}");
    h.get_by_label_contains("broken-badge.png");
}

/// "Each mechanism's sheet is built from its typed parameters": a list of records (zone
/// of control exceptions) takes rows added and removed in the sheet, and a check's
/// mechanism is switched in the form, the new one starting from its defaults; each is
/// one module step.
#[test]
fn rows_of_a_list_are_added_and_removed_and_a_checks_mechanism_is_switched_in_the_form() {
    let mut h = app();
    open_editor(&mut h);
    pick(&mut h, "Mechanisms", "Mechanisms");
    if h.state().doc.ruleset().unwrap().zones_of_control.is_none() {
        h.get_by_role_and_label(egui::Role::CheckBox, "zones of control")
            .click_accesskit();
        h.run();
    }
    let exceptions = |h: &Harness<'_, DesignerApp>| {
        let r = h.state().doc.ruleset().unwrap();
        r.zones_of_control.as_ref().unwrap().exceptions.clone()
    };
    let before = exceptions(&h).len();
    h.get_by_label("Add to exceptions").click_accesskit();
    h.run();
    let now = exceptions(&h);
    let said = h
        .state()
        .windows
        .module_editor
        .as_ref()
        .unwrap()
        .message
        .clone();
    assert_eq!(now.len(), before + 1, "{said:?}");
    assert!(now.last().unwrap().classes.is_empty());
    let row = format!("Remove exceptions {}", before + 1);
    h.get_by_label(&row).click_accesskit();
    h.run();
    assert_eq!(exceptions(&h).len(), before);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        exceptions(&h).len(),
        before + 1,
        "removing a row is one step"
    );

    step(&mut h, |r| {
        let c = r#"(rule: "swamp-height", quote: "Swamps lie low.", check: (mechanism: "hex-attributes", terrain: "clear", max_elevation: 0))"#;
        module::paste(r, module::PasteInto::Checks, c).unwrap().0
    });
    pick(&mut h, "swamp-height", "swamp-height");
    h.get_by_role_and_label(egui::Role::ComboBox, "mechanism")
        .click();
    h.run();
    h.get_by_label("stacking").click();
    h.run();
    let r = h.state().doc.ruleset().unwrap().clone();
    let c = r.constraints.last().unwrap();
    assert_eq!(c.rule, "swamp-height", "the rule and its quote stay");
    let check = serde_json::to_value(&c.check).unwrap();
    assert_eq!(check["mechanism"], "stacking", "{check}");
    assert!(check.get("terrain").is_none(), "{check}");
    h.get_by_role_and_label(egui::Role::SpinButton, "max");
}
