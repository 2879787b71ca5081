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
use sandtable::rules::module::{self, Entry};
use sandtable::rules::{Kind, KindList, Ruleset, parse_ruleset};
use sandtable::scenario::Edit;

fn open_editor(h: &mut Harness<'_, DesignerApp>) {
    // The menu, drawn first (the palette's heading says "Tools" too).
    h.get_all_by_label("Tools").next().unwrap().click();
    h.run();
    h.get_by_label("Module editor").click();
    h.run();
    assert!(h.state().windows.module_editor.is_some());
    give_room(h);
}

/// The editor opens docked below the board, a third of the frame high; a sheet's lower
/// fields want more, so the user drags the dock's top edge up (as these tests do),
/// leaving a strip of the board.
fn give_room(h: &mut Harness<'_, DesignerApp>) {
    assert!(h.state().windows.module_editor.as_ref().unwrap().docked);
    let heading = h.get_by_label("Module editor").rect();
    let edge = egui::pos2(heading.center().x, heading.top() - 7.0);
    let up = egui::pos2(edge.x, 170.0);
    h.hover_at(edge);
    h.run();
    h.drag_at(edge);
    h.run();
    h.hover_at(up);
    h.run();
    h.drop_at(up);
    h.run();
    let now = h.get_by_label("Module editor").rect().top();
    assert!(
        now < 200.0,
        "the dock's edge was not dragged: its heading is at {now}"
    );
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
    // A row for cavalry in the cost table, at 1: what clear costs already, the same
    // reach.
    choose(&mut h, "Add a row to cost", "cavalry");
    set_number(&mut h, "cost for cavalry", 1.0);
    assert!(
        summary(&h).contains("can reach 31 hexes"),
        "{}",
        summary(&h)
    );
    let steps = h.state().doc.revision;
    h.get_by_role_and_label(egui::Role::SpinButton, "cost for cavalry")
        .set_value_accesskit(3.0);
    // One frame: the editor's step, the revalidation and the preview's new answer.
    h.step();
    assert!(h.state().doc.revision > steps);
    let clear = h.state().doc.ruleset().unwrap().terrains[0].clone();
    assert_eq!(
        clear.terrain().unwrap().movement.cost.get("cavalry"),
        Some(&3)
    );
    let now = summary(&h);
    assert!(
        now.contains("can reach") && !now.contains("31 hexes"),
        "{now}"
    );
    // Module steps are undone with the map's: back to a cost of 1, then the row's
    // first value, then no row.
    for _ in 0..3 {
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        h.run();
    }
    assert!(
        summary(&h).contains("can reach 31 hexes"),
        "{}",
        summary(&h)
    );
    let clear = &h.state().doc.ruleset().unwrap().terrains[0];
    assert!(clear.terrain().unwrap().movement.cost.is_empty());
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

/// What the module editor says its last action could not do.
fn editor_says(h: &Harness<'_, DesignerApp>) -> Option<String> {
    h.state().windows.module_editor.as_ref()?.message.clone()
}

/// Whether some text on screen contains `text`.
fn shows(h: &Harness<'_, DesignerApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// The command line's answer, a line a string.
fn cli(args: &[&str]) -> Vec<String> {
    designer_kit::cli_lines(args)
}

/// A text field of the sheet, typed in as a whole.
fn type_in(h: &mut Harness<'_, DesignerApp>, role: egui::Role, label: &str, text: &str) {
    h.get_by_role_and_label(role, label)
        .set_text_value_accesskit(text);
    h.run();
}

/// A number of the sheet, set.
fn set_number(h: &mut Harness<'_, DesignerApp>, label: &str, v: f64) {
    h.get_by_role_and_label(egui::Role::SpinButton, label)
        .set_value_accesskit(v);
    h.run();
}

/// A button, box or entry of the editor, pressed (through the accessibility tree: it
/// may lie below the sheet's scrolled view).
fn press(h: &mut Harness<'_, DesignerApp>, role: egui::Role, label: &str) {
    h.get_by_role_and_label(role, label).click_accesskit();
    h.run();
}

/// A new entry by a list's + in the tree (every list shown: the search emptied).
fn add(h: &mut Harness<'_, DesignerApp>, label: &str) {
    h.get_by_label("Search the module")
        .set_text_value_accesskit("");
    h.run();
    press(h, egui::Role::Button, label);
}

/// A choice in a drop-down of the sheet.
fn choose(h: &mut Harness<'_, DesignerApp>, combo: &str, option: &str) {
    h.get_by_role_and_label(egui::Role::ComboBox, combo)
        .click_accesskit();
    h.run();
    // Through the accessibility tree: a long list scrolls the option out of view.
    h.get_by_role_and_label(egui::Role::Button, option)
        .click_accesskit();
    h.run();
}

/// Deletes the kind, modifier or check the tree lists as `label` (found by `search`),
/// the way a user does: picked, Delete, and "Delete anyway" if the module names it.
fn delete(h: &mut Harness<'_, DesignerApp>, search: &str, label: &str) {
    pick(h, search, label);
    press(h, egui::Role::Button, "Delete");
    if h.query_by_label("Delete anyway").is_some() {
        h.get_by_label("Delete anyway").click();
        h.run();
    }
    assert!(h.query_by_label(label).is_none(), "{label} is still listed");
}

/// The id of the unit on the hex labelled `label`.
fn unit_on(h: &Harness<'_, DesignerApp>, label: &str) -> String {
    designer_kit::units_on(h, label)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no unit on {label}"))
}

/// "A kittest test builds a small new ruleset in the editor from a built-in copy: two
/// terrain kinds (one blocks line of sight and takes 1 die from infantry and 2 from
/// cavalry), a unit class with range 3 and dice 3/2/1, a check that limits a terrain to
/// elevation 1-2; saves it; paints a map with it; gets the expected line of sight and
/// dice from the previews and the expected finding; the saved RON gives the same
/// answers on the command line and equals, as data, the same ruleset written by hand."
/// Everything is done by labels, clicks and typing, as a user would.
#[test]
fn a_small_game_built_from_a_built_in_copy_saves_as_the_same_game_written_by_hand() {
    use egui::Role::{CheckBox, MultilineTextInput, TextInput};
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("ford-war.ron");
    let map = dir.path().join("ford.json");
    let mut h = app_with(ScriptedDialogs {
        saves: vec![saved.clone(), map.clone()],
        ..Default::default()
    });
    // File > New: an empty Battle Cry map to paint on.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Create").click();
    h.run();
    assert!(h.state().doc.scenario.hexes.is_empty());
    open_editor(&mut h);
    // Start a new module: a copy of Battle Cry under a new id and name.
    h.get_by_label("Start a new module").click();
    h.run();
    type_in(&mut h, TextInput, "New module id", "ford-war");
    type_in(&mut h, TextInput, "New module name", "Ford war");
    h.get_by_label_contains("Copy of Battle Cry").click();
    h.run();
    assert_eq!(h.state().doc.scenario.ruleset, "ford-war");
    // Keep clear, infantry and cavalry; delete the rest of the copy, checks first.
    let copy = h.state().doc.ruleset().unwrap().clone();
    for c in &copy.constraints {
        delete(&mut h, &c.rule, &c.rule);
    }
    for list in [KindList::Terrain, KindList::Token, KindList::UnitClass] {
        for k in copy.kinds(list) {
            if !matches!(k.id.as_str(), "clear" | "infantry" | "cavalry") {
                let label = module::label(&copy, &Entry::Kind(list, k.id.clone()));
                delete(&mut h, &k.id, &label);
            }
        }
    }
    pick(&mut h, "", "Board: Ford war");
    type_in(&mut h, TextInput, "Module source", "");
    type_in(&mut h, TextInput, "Module description", "");
    pick(&mut h, "", "Sides");
    for _ in &copy.sides {
        h.get_all_by_label("Remove")
            .next()
            .unwrap()
            .click_accesskit();
        h.run();
    }
    // A new terrain: forest, dark green, drawn with trees, blocking sight.
    add(&mut h, "Add a terrain");
    type_in(&mut h, TextInput, "Kind id", "forest");
    h.get_by_label("Rename").click();
    h.run();
    type_in(&mut h, TextInput, "Kind name", "Forest");
    type_in(&mut h, TextInput, "Colour", "#2f6a2a");
    choose(&mut h, "Pattern", "trees");
    press(&mut h, CheckBox, "blocks");
    // Infantry: range 3, dice 3/2/1 (the copy's fourth range's row removed).
    pick(&mut h, "infantry", "Infantry (infantry)");
    set_number(&mut h, "range", 3.0);
    press(&mut h, egui::Role::Button, "Remove dice 4");
    for (range, dice) in [(1, 3.0), (2, 2.0), (3, 1.0)] {
        set_number(&mut h, &format!("dice {range}"), dice);
    }
    // Two modifiers: 1 die fewer against infantry in a forest, 2 against cavalry.
    for (class, dice, quote) in [
        (
            "infantry",
            -1.0,
            "A unit in a forest: 1 die fewer against infantry.",
        ),
        (
            "cavalry",
            -2.0,
            "A unit in a forest: 2 dice fewer against cavalry.",
        ),
    ] {
        add(&mut h, "Add a modifier");
        type_in(
            &mut h,
            TextInput,
            "Modifier name",
            &format!("forest ({class})"),
        );
        type_in(&mut h, MultilineTextInput, "Rule quote", quote);
        press(&mut h, CheckBox, "Dice");
        set_number(&mut h, "Dice", dice);
        press(&mut h, CheckBox, &format!("target for {class}"));
        type_in(&mut h, TextInput, "target on", "forest");
    }
    // A check: forests stand at elevation 1 or 2.
    add(&mut h, "Add a check");
    type_in(&mut h, TextInput, "Check rule", "forest-height");
    type_in(
        &mut h,
        MultilineTextInput,
        "Rule quote",
        "Forests stand at elevation 1 or 2.",
    );
    choose(&mut h, "mechanism", "hex-attributes");
    assert_eq!(editor_says(&h), None);
    type_in(&mut h, TextInput, "terrain", "forest");
    press(&mut h, CheckBox, "min elevation set");
    set_number(&mut h, "min elevation", 1.0);
    press(&mut h, CheckBox, "max elevation set");
    set_number(&mut h, "max elevation", 2.0);
    assert_eq!(editor_says(&h), None);
    assert!(
        !shows(&h, "cannot be saved"),
        "{:?}",
        module::problems(h.state().doc.ruleset().unwrap())
    );
    // Save module as...: the file equals the game written by hand.
    h.get_by_label("Save module as...").click();
    h.run();
    assert_eq!(h.state().error, None);
    let text = std::fs::read_to_string(&saved).unwrap();
    let from_file = parse_ruleset(&text, &saved).unwrap();
    let by_hand = parse_ruleset(BY_HAND, Path::new("by-hand.ron")).unwrap();
    assert_eq!(from_file, by_hand, "saved:\n{text}");

    // Paint the map with it: forest at C3 (raised to 1), C5 (left at 0, too low) and C7
    // (raised to 2); infantry of side A at B5 and B7, of side B at C5, cavalry of side
    // B at C7.
    h.get_by_label("Close").click();
    h.run();
    assert!(h.state().windows.module_editor.is_none());
    h.get_by_label("Forest").click();
    h.run();
    h.key_press(Key::Backtick);
    h.run();
    for l in ["C3", "C5", "C7"] {
        let p = designer_kit::at(&h, l);
        designer_kit::drag(&mut h, &[p]);
    }
    h.get_by_label("Raise elevation").click();
    h.run();
    for l in ["C3", "C7", "C7"] {
        let p = designer_kit::at(&h, l);
        designer_kit::drag(&mut h, &[p]);
    }
    for (class, side, at) in [
        ("Infantry", "Side A", "B5"),
        ("Infantry", "Side A", "B7"),
        ("Infantry", "Side B", "C5"),
        ("Cavalry", "Side B", "C7"),
    ] {
        h.get_by_label(class).click();
        h.run();
        choose(&mut h, "side of new units", side);
        click_hex(&mut h, at);
    }
    let (a1, a2, t1, t2) = (
        unit_on(&h, "B5"),
        unit_on(&h, "B7"),
        unit_on(&h, "C5"),
        unit_on(&h, "C7"),
    );
    // The expected finding: the forest at elevation 0, and only it.
    let findings: Vec<_> = h
        .state()
        .doc
        .diagnostics
        .iter()
        .filter(|d| d.rule == "ford-war/forest-height")
        .cloned()
        .collect();
    let c5 = designer_kit::hex(&h, "C5");
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0].hexes, [c5]);
    // The list of findings shows it (its words before the quote of the rule).
    let words = findings[0].message.split(" (\"").next().unwrap();
    assert!(shows(&h, words), "not listed: {words}");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    assert_eq!(h.state().error, None);
    let (m, f) = (saved.to_str().unwrap(), map.to_str().unwrap());
    let validate = cli(&["validate", "--ruleset-file", m, f]);
    assert!(
        validate
            .iter()
            .any(|l| l.contains("forest-height") && l.contains("C5")),
        "{validate:?}"
    );

    // The line of sight from B3 to D3 in its preview: the forest on C3 blocks it, in the
    // command line's words.
    h.key_press_modifiers(Modifiers::SHIFT, Key::L);
    h.run();
    click_hex(&mut h, "B3");
    let d3 = designer_kit::at(&h, "D3");
    h.hover_at(d3);
    h.run();
    let los = cli(&["los", "--ruleset-file", m, f, "B3", "D3"]);
    assert!(los[0].starts_with("B3 does not see D3"), "{los:?}");
    assert!(los.iter().any(|l| l.contains("forest on C3")), "{los:?}");
    for line in &los {
        assert!(shows(&h, line), "the preview does not say: {line}");
    }
    h.key_press(Key::Escape);
    h.run();
    // The dice in the battle preview: 3 at range 1, 1 fewer against infantry in a
    // forest, 2 fewer against cavalry.
    for (from, to, a, t, dice) in [
        ("B5", "C5", &a1, &t1, "Rolls 2 dice"),
        ("B7", "C7", &a2, &t2, "Rolls 1 die"),
    ] {
        h.key_press_modifiers(Modifiers::SHIFT, Key::B);
        h.run();
        click_hex(&mut h, from);
        let p = designer_kit::at(&h, to);
        h.hover_at(p);
        h.run();
        assert!(shows(&h, dice), "{from} against {to}: not '{dice}'");
        let battle = cli(&["battle", "--ruleset-file", m, f, a, t]);
        assert!(
            battle.iter().any(|l| l.eq_ignore_ascii_case(dice)),
            "{battle:?}"
        );
        for line in &battle {
            assert!(shows(&h, line), "the preview does not say: {line}");
        }
        h.key_press(Key::Escape);
        h.run();
    }
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
            .terrain_mut()
            .unwrap()
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

/// The designer with a check of an unknown terrain pasted into its module, the module
/// editor open.
fn with_swamp_check() -> Harness<'static, DesignerApp> {
    let mut h = app();
    step(&mut h, |r| {
        let c = r#"(rule: "swamp-height", quote: "Swamps lie low.", check: (mechanism: "hex-attributes", terrain: "swamp", max_elevation: 0))"#;
        module::paste(r, module::PasteInto::Checks, c).unwrap().0
    });
    open_editor(&mut h);
    h
}

/// Issue 24: "The module is checked as you edit (... an id used but not defined ...),
/// shown beside the field", and "each mechanism's sheet is built from its typed
/// parameters": a check's sheet lists every parameter of its mechanism, absent ones
/// too, with their docs, and the check's problem is under the field that names the
/// unknown terrain.
#[test]
fn a_checks_sheet_shows_every_parameter_with_its_doc_and_its_problem_under_the_field() {
    let mut h = with_swamp_check();
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
    // In the order the model declares its switches, not alphabetical.
    let top = |h: &Harness<'_, DesignerApp>, label: &str| {
        h.get_all_by_label(label).next().unwrap().rect().top()
    };
    let tops: Vec<f32> = ["elevation", "valley", "crests", "shadows", "see over lower"]
        .iter()
        .map(|l| top(&h, l))
        .collect();
    assert!(tops.is_sorted(), "{tops:?}");
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
            .and_then(Kind::terrain)
            .unwrap()
            .battle
            .target_dice
    };
    let before = dice(&h);
    // The field is down the sheet, under the movement: scrolled into view first.
    h.get_by_role_and_label(egui::Role::SpinButton, "target dice")
        .scroll_to_me();
    h.run();
    let start = h
        .get_by_role_and_label(egui::Role::SpinButton, "target dice")
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
    assert!(
        svg.contains("icon-battle-cry-150-castle-keep"),
        "no symbol for the module's icon"
    );

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
    assert_eq!(now.len(), before + 1, "{:?}", editor_says(&h));
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

/// Issue 24: "The module is checked as you edit ... shown beside the field": every field
/// of a kind's list has its widget, drawn from the list's schema (a terrain's
/// `no_battle_after_move`), and the problem is under it; the sheet's end holds no stray
/// problems.
#[test]
fn a_problem_of_a_kind_field_is_shown_under_its_own_field() {
    let mut h = app();
    step(&mut h, |r| {
        let mut out = r.clone();
        let woods = out.terrains.iter_mut().find(|k| k.id == "woods").unwrap();
        woods
            .terrain_mut()
            .unwrap()
            .battle
            .no_battle_after_move
            .push("dragoons".into());
        out
    });
    open_editor(&mut h);
    pick(&mut h, "woods", "(!) Woods (woods)");
    let field = h.get_by_role_and_label(egui::Role::TextInput, "no battle after move");
    assert_eq!(
        field.value().as_deref(),
        Some("cavalry, artillery, dragoons")
    );
    let mark = h.get_by_label_contains("dragoons").rect();
    just_under(field.rect(), mark);
    assert!(
        h.query_by_label_contains("battle.no_battle_after_move:")
            .is_none(),
        "no stray problem at the sheet's end"
    );
    // Mended in its own field: one module step, and the problem is gone.
    h.get_by_role_and_label(egui::Role::TextInput, "no battle after move")
        .set_text_value_accesskit("cavalry, artillery");
    h.run();
    assert!(module::problems(h.state().doc.ruleset().unwrap()).is_empty());
    assert!(h.query_by_label_contains("dragoons").is_none());
    // A modifier's every field has a widget: its factor and effect too.
    step(&mut h, |r| module::add_modifier(r).0);
    pick(&mut h, "New modifier", "(!) New modifier");
    h.get_by_role_and_label(egui::Role::CheckBox, "factor set");
    h.get_by_role_and_label(egui::Role::ComboBox, "effect");
}

/// Issue 24: "Per-class values (movement costs, dice by range, modifiers by class) are
/// tables": a per-class map of a schema sheet (Sticks and Stones' forest fire shifts) is
/// a table with a row per class, whose value is set, whose row is removed and to which
/// a class is added; a list of dice (Battle Cry woods' dice when moved in) is a table
/// with a row per range. Each change is one module step.
#[test]
fn per_class_values_and_dice_by_range_are_tables_with_rows_added_and_removed() {
    let mut h = designer_kit::app_on("sticks-and-stones-river.ron");
    open_editor(&mut h);
    pick(&mut h, "forest", "Forest (forest)");
    let shifts = |h: &Harness<'_, DesignerApp>| {
        let r = h.state().doc.ruleset().unwrap();
        let forest = r.kind(KindList::Terrain, "forest").unwrap();
        forest.terrain().unwrap().battle.fire_shift.clone()
    };
    assert_eq!(
        h.get_by_role_and_label(egui::Role::SpinButton, "fire shift for leg")
            .value()
            .as_deref(),
        Some("2")
    );
    set_number(&mut h, "fire shift for leg", 3.0);
    assert_eq!(shifts(&h).get("leg"), Some(&3));
    press(&mut h, egui::Role::Button, "Remove fire shift afv");
    assert_eq!(shifts(&h).get("afv"), None);
    choose(&mut h, "Add a row to fire shift", "every class");
    assert_eq!(shifts(&h).get("*"), Some(&0));
    assert_eq!(shifts(&h).len(), 2);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(shifts(&h).get("afv"), None, "adding a row is one step");
    assert_eq!(shifts(&h).get("*"), None);

    let mut h = app();
    open_editor(&mut h);
    pick(&mut h, "woods", "Woods (woods)");
    let dice = |h: &Harness<'_, DesignerApp>| {
        let r = h.state().doc.ruleset().unwrap();
        let woods = r.kind(KindList::Terrain, "woods").unwrap();
        woods.terrain().unwrap().battle.overrides[0].dice.clone()
    };
    assert_eq!(dice(&h), [2, 1]);
    set_number(&mut h, "dice 2", 2.0);
    press(&mut h, egui::Role::Button, "Add to dice");
    assert_eq!(dice(&h), [2, 2, 2]);
    press(&mut h, egui::Role::Button, "Remove dice 1");
    assert_eq!(dice(&h), [2, 2]);
}

/// Issue 41 item 8: the Board sheet's Source is the game's name, not the file name the
/// built-in module keeps its rules text under; a check's terrain is picked from the
/// game's terrains by name (a typed id still counts).
#[test]
fn the_board_sheet_names_the_game_and_a_checks_terrain_is_picked_by_name() {
    let mut h = with_swamp_check();
    if h.query_by_role_and_label(egui::Role::TextInput, "Module source")
        .is_none()
    {
        let board = format!("Board: {}", h.state().doc.ruleset().unwrap().name);
        pick(&mut h, "", &board);
    }
    let source = h
        .get_by_role_and_label(egui::Role::TextInput, "Module source")
        .value();
    let name = h.state().doc.ruleset().unwrap().name.clone();
    assert_eq!(source, Some(format!("{name} rules")));
    pick(&mut h, "swamp-height", "(!) swamp-height");
    choose(&mut h, "terrain of the game", "Woods (woods)");
    let check = |h: &Harness<'_, DesignerApp>| {
        let r = h.state().doc.ruleset().unwrap().clone();
        serde_json::to_value(&r.constraints.last().unwrap().check).unwrap()["terrain"].clone()
    };
    assert_eq!(check(&h), "woods");
    type_in(&mut h, egui::Role::TextInput, "terrain", "swamp");
    assert_eq!(check(&h), "swamp");
}

/// Issue 41: "the module editor once enlarged covers the map whose live changes it is
/// there to show: dock it (a side panel or a separate viewport) or place it beside the
/// map, and remember each window's place." It opens docked below the board, which
/// keeps the rest of the frame; Float makes it a window, Dock brings it back, and the
/// editor opens the way it was left.
#[test]
fn the_module_editor_opens_docked_below_the_board_and_floats_on_request() {
    let mut h = app();
    let whole = h.state().canvas.rect().unwrap();
    h.get_all_by_label("Tools").next().unwrap().click();
    h.run();
    h.get_by_label("Module editor").click();
    h.run();
    let heading = h.get_by_label("Module editor").rect();
    let board = h.state().canvas.rect().unwrap();
    assert!(h.state().windows.module_editor.as_ref().unwrap().docked);
    assert!(
        board.bottom() <= heading.top() && board.height() > whole.height() * 0.5,
        "the board ({board:?}) is above the editor ({heading:?}) and keeps most of its height"
    );
    assert_eq!(
        board.width(),
        whole.width(),
        "the dock spans the board's width"
    );

    h.get_by_label("Float").click();
    h.run();
    assert!(!h.state().windows.module_editor.as_ref().unwrap().docked);
    assert_eq!(
        h.state().canvas.rect().unwrap(),
        whole,
        "a floating editor takes no room"
    );
    h.get_by_label("Dock below the board").click();
    h.run();
    assert!(h.state().windows.module_editor.as_ref().unwrap().docked);

    // Floated, closed and opened again: it comes back floating.
    h.get_by_label("Float").click();
    h.run();
    h.key_press(Key::Escape);
    h.run();
    assert!(h.state().windows.module_editor.is_none());
    h.get_all_by_label("Tools").next().unwrap().click();
    h.run();
    h.get_by_label("Module editor").click();
    h.run();
    assert!(!h.state().windows.module_editor.as_ref().unwrap().docked);
    assert!(h.query_by_label("Dock below the board").is_some());
}
