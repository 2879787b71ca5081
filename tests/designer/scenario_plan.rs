//! A scenario written in the designer (issue 43): the Scenario plan window (turns, who
//! moves first, side notes, victory conditions, the card's texts), the objective tool,
//! the turn slider with reinforcements placed on their turn, and the forces table;
//! each change one undo step with a readable name, and a scenario made through the UI
//! alone that saves, opens again and validates.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::designer_kit::{self, app, app_on, app_with, click_hex, hex};
use sandtable::app::DesignerApp;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::tools::Tool;
use sandtable::scenario::{Place, Score, VictoryCondition};

const REINFORCEMENTS: &str = "battle-cry-reinforcements.json";

/// File > New on Battle Cry, as the dialog offers it first.
fn new_battle_cry(h: &mut Harness<'_, DesignerApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Create").click();
    h.run();
    assert_eq!(h.state().doc.scenario.ruleset, "battle-cry-150");
    assert_eq!(h.state().doc.scenario.sides.len(), 2);
}

/// What Edit > Undo would take back, in words.
fn undo_name(h: &mut Harness<'_, DesignerApp>) -> String {
    h.state_mut().doc.step_names().0.unwrap_or_default()
}

fn undo(h: &mut Harness<'_, DesignerApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
}

/// A choice in a drop-down: the list opened, the option clicked (through the
/// accessibility tree, as a long list may scroll it out of view).
fn choose(h: &mut Harness<'_, DesignerApp>, combo: &str, option: &str) {
    h.get_by_role_and_label(Role::ComboBox, combo)
        .click_accesskit();
    h.run();
    h.get_by_role_and_label(Role::Button, option)
        .click_accesskit();
    h.run();
}

/// Types `text` at the end of the one-line field labelled `label` and leaves it.
fn type_line(h: &mut Harness<'_, DesignerApp>, label: &str, text: &str) {
    type_in(h, Role::TextInput, label, text, Key::Enter);
}

/// Types `text` at the end of the multi-line field labelled `label` and leaves it
/// (Escape: Enter would add a line).
fn type_lines(h: &mut Harness<'_, DesignerApp>, label: &str, text: &str) {
    type_in(h, Role::MultilineTextInput, label, text, Key::Escape);
}

fn type_in(h: &mut Harness<'_, DesignerApp>, role: Role, label: &str, text: &str, leave: Key) {
    h.get_by_role_and_label(role, label).focus();
    h.run();
    h.get_by_role_and_label(role, label).type_text(text);
    h.run();
    h.key_press(leave);
    h.run();
}

fn open_plan(h: &mut Harness<'_, DesignerApp>) {
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::P);
    h.run();
    assert_eq!(h.state().windows.open(), ["plan"]);
    h.get_by_label("Scenario plan");
}

#[test]
fn the_plan_window_sets_turns_first_side_notes_and_texts_each_one_undo_step() {
    let mut h = app();
    new_battle_cry(&mut h);
    open_plan(&mut h);
    designer_kit::set_number(&mut h, "turns ", 8.0);
    assert_eq!(h.state().doc.scenario.plan.turns, Some(8));
    assert_eq!(undo_name(&mut h), "set the turns to 8");

    choose(&mut h, "Moves first", "Side B");
    assert_eq!(h.state().doc.scenario.plan.first_side.as_deref(), Some("b"));
    assert_eq!(undo_name(&mut h), "set Side B to move first");

    type_lines(&mut h, "Side A notes", "4 Command cards");
    let notes = &h.state().doc.scenario.plan.notes;
    assert_eq!(notes.get("a").map(String::as_str), Some("4 Command cards"));
    assert_eq!(undo_name(&mut h), "edit the notes of Side A");

    for (field, text) in [
        ("Briefing", "The pike at dawn."),
        ("Special rules", "No retreats on turn 1."),
        ("Sources", "Invented for the test."),
    ] {
        type_lines(&mut h, field, text);
        let name = format!("edit the {}", field.to_lowercase());
        assert_eq!(undo_name(&mut h), name);
    }
    let plan = &h.state().doc.scenario.plan;
    assert_eq!(
        (
            plan.briefing.as_str(),
            plan.special_rules.as_str(),
            plan.sources.as_str()
        ),
        (
            "The pike at dawn.",
            "No retreats on turn 1.",
            "Invented for the test."
        )
    );

    // Each was one step: six undos leave the plan empty, and the window shows it.
    for _ in 0..6 {
        undo(&mut h);
    }
    assert!(h.state().doc.scenario.plan.is_empty(), "every step undone");
    assert!(!h.state().doc.history.can_undo());
    assert_eq!(designer_kit::number_shown(&h, "turns "), "turns not set");
}

#[test]
fn victory_conditions_are_added_edited_and_removed_with_their_objectives_and_sides() {
    let mut h = app_on(REINFORCEMENTS);
    open_plan(&mut h);
    let before = h.state().doc.scenario.plan.victory.clone();
    assert_eq!(before.len(), 1, "the example's first-to 6");

    // Its target and side.
    designer_kit::set_number(&mut h, "target ", 5.0);
    assert_eq!(undo_name(&mut h), "edit victory condition 1 (first-to)");
    choose(&mut h, "side", "Union");
    let VictoryCondition::FirstTo {
        side,
        target,
        count,
        ..
    } = &h.state().doc.scenario.plan.victory[0]
    else {
        panic!("still first-to");
    };
    assert_eq!((side.as_deref(), *target), (Some("union"), 5));
    assert_eq!(count, &[Score::Units, Score::Objectives]);

    // A hold condition, its objectives picked from the list.
    choose(&mut h, "new condition", "hold objectives");
    h.get_by_label("Add condition").click();
    h.run();
    assert_eq!(undo_name(&mut h), "add victory condition (hold)");
    choose(&mut h, "add objective", "Bridge (bridge)");
    let v = &h.state().doc.scenario.plan.victory;
    assert_eq!(v.len(), 2);
    assert_eq!(
        v[1].objectives(),
        ["hilltop", "bridge"],
        "the first, then Bridge"
    );
    // Taken out again by its button.
    h.get_by_label("Hilltop x").click();
    h.run();
    assert_eq!(
        h.state().doc.scenario.plan.victory[1].objectives(),
        ["bridge"]
    );
    assert_eq!(undo_name(&mut h), "edit victory condition 2 (hold)");
    assert_eq!(h.state().doc.counts(), (0, 0), "it names what exists");

    // A sudden death on a class, then removed.
    choose(&mut h, "new condition", "sudden death: destroy a class");
    h.get_by_label("Add condition").click();
    h.run();
    let v = &h.state().doc.scenario.plan.victory;
    assert!(matches!(&v[2], VictoryCondition::Destroy { class, .. } if class == "general"));
    let removes: Vec<_> = h.query_all_by_label("Remove").collect();
    assert_eq!(removes.len(), 3);
    removes[2].click();
    h.run();
    assert_eq!(h.state().doc.scenario.plan.victory.len(), 2);
    assert_eq!(undo_name(&mut h), "remove victory condition 3 (destroy)");

    // Every change was one step: back to the file's condition.
    for _ in 0..7 {
        undo(&mut h);
    }
    assert_eq!(h.state().doc.scenario.plan.victory, before);
}

#[test]
fn the_objective_tool_adds_picks_edits_and_deletes_objectives() {
    let mut h = app();
    new_battle_cry(&mut h);
    h.key_press(Key::O);
    h.run();
    assert_eq!(h.state().tools.tool, Tool::Objective);
    click_hex(&mut h, "E5");
    let e5 = hex(&h, "E5");
    let plan = &h.state().doc.scenario.plan;
    assert_eq!(plan.objectives.len(), 1);
    assert_eq!(plan.objectives[0].id, "obj1");
    assert_eq!(plan.objectives[0].at, Place::Hex(e5));
    assert_eq!(undo_name(&mut h), "add objective obj1 at hex E5");
    assert_eq!(h.state().tools.objective.as_deref(), Some("obj1"));

    // Shift+click: F5 joins it.
    h.event(egui::Event::ModifiersChanged(Modifiers::SHIFT));
    click_hex(&mut h, "F5");
    h.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    h.run();
    let f5 = hex(&h, "F5");
    assert_eq!(
        h.state().doc.scenario.plan.objectives[0].at,
        Place::Hexes(vec![e5, f5])
    );
    assert_eq!(undo_name(&mut h), "add hex F5 to objective obj1");

    // A second objective, then a click on the first picks it (adds nothing).
    click_hex(&mut h, "H7");
    assert_eq!(h.state().tools.objective.as_deref(), Some("obj2"));
    click_hex(&mut h, "F5");
    assert_eq!(h.state().tools.objective.as_deref(), Some("obj1"));
    assert_eq!(h.state().doc.scenario.plan.objectives.len(), 2);

    // Its name, owner at start and value, in the palette.
    type_line(&mut h, "name", "Dunker Church");
    assert_eq!(undo_name(&mut h), "rename objective obj1");
    choose(&mut h, "owner at start", "Side A");
    assert_eq!(undo_name(&mut h), "set the owner of objective obj1");
    designer_kit::set_number(&mut h, "value ", 3.0);
    assert_eq!(undo_name(&mut h), "set the value of objective obj1");
    let o = h.state().doc.scenario.plan.objectives[0].clone();
    assert_eq!(
        (o.name.as_str(), o.owner.as_deref(), o.value),
        ("Dunker Church", Some("a"), 3)
    );
    // Listed by its name now.
    h.get_by_label_contains("Dunker Church (hexes E5, F5, 3)");

    // Delete takes the picked objective away; undo brings it back.
    h.key_press(Key::Delete);
    h.run();
    let ids: Vec<_> = h
        .state()
        .doc
        .scenario
        .plan
        .objectives
        .iter()
        .map(|o| o.id.clone())
        .collect();
    assert_eq!(ids, ["obj2"]);
    assert_eq!(undo_name(&mut h), "remove objective obj1");
    undo(&mut h);
    assert_eq!(h.state().doc.scenario.plan.objectives[0], o);

    // Every step undone: no objective left.
    for _ in 0..6 {
        undo(&mut h);
    }
    assert!(h.state().doc.scenario.plan.objectives.is_empty());
}

#[test]
fn a_finding_about_an_objective_picks_it() {
    let mut h = app_on(REINFORCEMENTS);
    // Rough terrain, which no Battle Cry unit may enter.
    h.key_press(Key::O);
    h.run();
    click_hex(&mut h, "L2");
    let finding = "objective obj1: hex L2 is Rough terrain, which no unit class may enter";
    h.get_by_label(finding);
    h.key_press(Key::S);
    h.run();
    h.state_mut().tools.objective = None;
    h.get_by_label(finding).click();
    h.run();
    assert_eq!(h.state().tools.tool, Tool::Objective);
    assert_eq!(h.state().tools.objective.as_deref(), Some("obj1"));
    // Its editors show, ready to move or delete it.
    h.get_by_label("Objective obj1");
}

#[test]
fn the_turn_slider_shows_the_map_of_a_turn_and_places_reinforcements_on_it() {
    let mut h = app_on(REINFORCEMENTS);
    // At the setup the two Virginia regiments of turn 3 are still to come.
    h.get_by_label("Still to come (2)").click();
    h.run();
    h.get_by_label_contains("c5 4th Virginia (Confederate) turn 3");
    h.key_press(Key::Escape);
    h.run();
    h.get_by_role_and_label(Role::Slider, "turn")
        .set_value_accesskit(3.0);
    h.run();
    assert_eq!(h.state().tools.turn, Some(3));
    assert!(
        h.query_by_label_contains("Still to come").is_none(),
        "they have come"
    );
    // On the board they stand at their entry: the scene of turn 3 draws them.
    let app = h.state();
    let r = app.doc.ruleset().unwrap();
    let drawn = |turn| {
        let o = sandtable::scene::SceneOptions {
            turn,
            ..Default::default()
        };
        let scene = sandtable::scene::build(&app.doc.scenario, r, &o);
        let units = &scene.layers[sandtable::scene::LayerId::Units as usize];
        let ids: Vec<String> = units
            .items()
            .iter()
            .filter_map(|i| match i {
                sandtable::scene::Item::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect();
        ids
    };
    let (setup, third, ninth) = (drawn(None), drawn(Some(3)), drawn(Some(9)));
    assert!(!setup.contains(&"c5".to_string()), "{setup:?}");
    assert!(third.contains(&"c5".to_string()) && third.contains(&"c6".to_string()));
    assert!(third.contains(&"u3".to_string()));
    assert!(
        !ninth.contains(&"u3".to_string()),
        "the guns left on turn 8"
    );

    // With the slider on turn 3, the unit tool places a reinforcement of turn 3.
    h.key_press(Key::U);
    h.run();
    let before = h.state().doc.scenario.units.len();
    click_hex(&mut h, "K1");
    let s = &h.state().doc.scenario;
    assert_eq!(s.units.len(), before + 1);
    let u = s.units.last().unwrap().clone();
    assert_eq!(u.hex, None, "off the map until its turn");
    let a = u.arrives.clone().expect("a reinforcement");
    assert_eq!((a.turn, a.at), (3, Place::Hex(hex(&h, "K1"))));
    assert_eq!(
        undo_name(&mut h),
        format!("add reinforcement {} (turn 3)", u.id)
    );
    assert_eq!(h.state().doc.counts(), (0, 0));

    // Turn 9: the guns are listed as gone.
    h.get_by_role_and_label(Role::Slider, "turn")
        .set_value_accesskit(9.0);
    h.run();
    h.get_by_label("Gone (1)").click();
    h.run();
    // A click on a unit of the list selects it: the guns, before they left.
    h.get_by_label("u3 Battery B, 4th US (Union) left on turn 8")
        .click();
    h.run();
    assert_eq!(
        h.state().tools.turn,
        Some(7),
        "the last turn they are there"
    );
    assert_eq!(h.state().canvas.select.hexes, [hex(&h, "G5")]);

    undo(&mut h);
    assert_eq!(h.state().doc.scenario.units.len(), before, "one step");
    // Back at the setup, the unit tool places units on the map again.
    h.get_by_role_and_label(Role::Slider, "turn")
        .set_value_accesskit(0.0);
    h.run();
    assert_eq!(h.state().tools.turn, None);
    click_hex(&mut h, "K1");
    let u = h.state().doc.scenario.units.last().unwrap().clone();
    assert_eq!((u.hex, u.arrives), (Some(hex(&h, "K1")), None));
}

#[test]
fn the_forces_table_sorts_renames_sets_arrivals_and_selects_units() {
    let mut h = app_on(REINFORCEMENTS);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::F);
    h.run();
    assert_eq!(h.state().windows.open(), ["forces"]);
    h.get_by_label("Union (5 units)");
    h.get_by_label("Confederate (6 units)");

    // A header sorts by its column; again, the other way.
    h.query_all_by_label("arrives").next().unwrap().click();
    h.run();
    let forces = h.state().windows.forces.as_ref().unwrap();
    assert_eq!(
        (forces.sort, forces.descending),
        (sandtable::app::forces::Sort::Arrives, false)
    );
    h.query_all_by_label("arrives ^").next().unwrap().click();
    h.run();
    assert!(h.state().windows.forces.as_ref().unwrap().descending);

    // A name typed in its row.
    h.get_by_role_and_label(Role::TextInput, "c1").focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "c1")
        .type_text(" (Cummings)");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    let name = |h: &Harness<'_, DesignerApp>, id: &str| {
        let s = &h.state().doc.scenario;
        s.units.iter().find(|u| u.id == id).unwrap().clone()
    };
    assert_eq!(name(&h, "c1").name, "33rd Virginia (Cummings)");
    assert_eq!(undo_name(&mut h), "rename unit c1");

    // c1 made a reinforcement of turn 2: it enters where it stood.
    let c3 = hex(&h, "C3");
    h.get_by_role_and_label(Role::SpinButton, "c1")
        .set_value_accesskit(2.0);
    h.run();
    let c1 = name(&h, "c1");
    assert_eq!(c1.hex, None);
    assert_eq!(
        c1.arrives.map(|a| (a.turn, a.at)),
        Some((2, Place::Hex(c3)))
    );
    assert_eq!(undo_name(&mut h), "set unit c1 arriving on turn 2");
    assert_eq!(h.state().doc.counts(), (0, 0));
    // And back on the map at the start, on its entry's hex.
    h.get_by_role_and_label(Role::SpinButton, "c1")
        .set_value_accesskit(0.0);
    h.run();
    let c1 = name(&h, "c1");
    assert_eq!((c1.hex, c1.arrives), (Some(c3), None));
    assert_eq!(undo_name(&mut h), "set unit c1 on the map at the start");

    // A click on a row's unit selects it: a reinforcement moves the slider to its turn.
    h.get_by_role_and_label(Role::Button, "c6").click();
    h.run();
    assert_eq!(
        h.state()
            .windows
            .forces
            .as_ref()
            .unwrap()
            .selected
            .as_deref(),
        Some("c6")
    );
    assert_eq!(h.state().tools.turn, Some(3));
    h.get_by_role_and_label(Role::Button, "u1").click();
    h.run();
    let picked = h.state().canvas.select.counter.clone().unwrap();
    assert_eq!(picked.id, "u1");
    assert_eq!(h.state().canvas.select.hexes, [hex(&h, "E5")]);

    for _ in 0..3 {
        undo(&mut h);
    }
    assert_eq!(name(&h, "c1").name, "33rd Virginia");
    assert_eq!(name(&h, "c1").hex, Some(c3));
}

#[test]
fn the_forces_table_sets_the_turn_a_unit_leaves_one_undo_step_each() {
    let mut h = app_on(REINFORCEMENTS);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::F);
    h.run();
    let unit = |h: &Harness<'_, DesignerApp>, id: &str| {
        let s = &h.state().doc.scenario;
        s.units.iter().find(|u| u.id == id).unwrap().clone()
    };
    assert_eq!(unit(&h, "c1").leaves, None);
    h.get_by_role_and_label(Role::SpinButton, "c1 leaves")
        .set_value_accesskit(5.0);
    h.run();
    assert_eq!(unit(&h, "c1").leaves.map(|l| l.turn), Some(5));
    assert_eq!(unit(&h, "c1").hex, Some(hex(&h, "C3")), "still set up");
    assert_eq!(undo_name(&mut h), "set unit c1 leaving on turn 5");
    assert_eq!(h.state().doc.counts(), (0, 0));
    // The guns of turn 8 stay to the end.
    assert_eq!(unit(&h, "u3").leaves.map(|l| l.turn), Some(8));
    h.get_by_role_and_label(Role::SpinButton, "u3 leaves")
        .set_value_accesskit(0.0);
    h.run();
    assert_eq!(unit(&h, "u3").leaves, None);
    assert_eq!(undo_name(&mut h), "set unit u3 staying to the end");
    // A reinforcement of turn 3 cannot leave before turn 4.
    h.get_by_role_and_label(Role::SpinButton, "c5 leaves")
        .set_value_accesskit(2.0);
    h.run();
    assert_eq!(unit(&h, "c5").leaves.map(|l| l.turn), Some(4));
    // Past turn 5 c1 and c5 are gone.
    h.get_by_role_and_label(Role::Slider, "turn")
        .set_value_accesskit(6.0);
    h.run();
    h.get_by_label("Gone (2)");
    for _ in 0..3 {
        undo(&mut h);
    }
    assert_eq!(unit(&h, "c1").leaves, None);
    assert_eq!(unit(&h, "u3").leaves.map(|l| l.turn), Some(8));
}

/// With the slider on a turn, a reinforcement standing at its entry is a counter like
/// the others: a press picks it, a drag moves where it arrives (one undo step).
#[test]
fn on_its_turn_a_reinforcement_is_picked_and_dragged_to_a_new_entry_on_a_hex_board() {
    let mut h = app_on(REINFORCEMENTS);
    assert_eq!(h.state().tools.tool, Tool::Select);
    // At the setup nothing stands at A1, where c6 enters on turn 3.
    let a1 = designer_kit::at(&h, "A1");
    designer_kit::click_at(&mut h, a1);
    assert_eq!(h.state().canvas.select.counter, None);
    h.get_by_role_and_label(Role::Slider, "turn")
        .set_value_accesskit(3.0);
    h.run();
    designer_kit::click_at(&mut h, a1);
    let picked = h.state().canvas.select.counter.clone().expect("c6 picked");
    assert_eq!(picked.id, "c6");
    assert_eq!(h.state().canvas.select.hexes, [hex(&h, "A1")]);
    // c5, first of its column on the E1-G1 stretch, stands on E1.
    let e1 = designer_kit::at(&h, "E1");
    designer_kit::click_at(&mut h, e1);
    assert_eq!(h.state().canvas.select.counter.clone().unwrap().id, "c5");

    let to = designer_kit::at(&h, "B3");
    designer_kit::drag(&mut h, &[a1, a1 + egui::vec2(8.0, 8.0), to]);
    let s = &h.state().doc.scenario;
    let c6 = s.units.iter().find(|u| u.id == "c6").unwrap();
    assert_eq!(c6.hex, None, "still off the map until its turn");
    assert_eq!(
        c6.arrives.as_ref().map(|a| (a.turn, a.at.clone())),
        Some((3, Place::Hex(hex(&h, "B3"))))
    );
    assert_eq!(
        undo_name(&mut h),
        "move where unit c6 arrives (turn 3) to B3"
    );
    assert_eq!(h.state().canvas.select.hexes, [hex(&h, "B3")]);
    undo(&mut h);
    let s = &h.state().doc.scenario;
    let c6 = s.units.iter().find(|u| u.id == "c6").unwrap();
    assert_eq!(
        c6.arrives.as_ref().map(|a| a.at.clone()),
        Some(Place::Hex(hex(&h, "A1"))),
        "one step"
    );
}

#[test]
fn on_its_turn_a_reinforcement_is_dragged_to_a_new_entry_on_a_table() {
    let mut h = app_on("mini-nap-village-objectives.ron");
    assert_eq!(h.state().tools.tool, Tool::Select);
    let unit = |h: &Harness<'_, DesignerApp>, id: &str| {
        let s = &h.state().doc.scenario;
        s.units.iter().find(|u| u.id == id).unwrap().clone()
    };
    // At the setup i3 (turn 2, entering at [90, 118]) is not on the table.
    let from = on_table(&h, 90.0, 118.0);
    designer_kit::click_at(&mut h, from);
    assert_ne!(
        h.state().canvas.table.selected,
        Some((sandtable::scenario::FeatureKind::Unit, "i3".into()))
    );
    // (The road picked there instead lets go: a press on its end would reshape it.)
    h.key_press(Key::Escape);
    h.run();
    h.get_by_role_and_label(Role::Slider, "turn")
        .set_value_accesskit(2.0);
    h.run();
    let to = on_table(&h, 120.0, 110.0);
    designer_kit::drag(&mut h, &[from, from + egui::vec2(6.0, -6.0), to]);
    assert_eq!(
        h.state().canvas.table.selected,
        Some((sandtable::scenario::FeatureKind::Unit, "i3".into()))
    );
    let i3 = unit(&h, "i3");
    assert_eq!(i3.at, None, "still off the table until its turn");
    let a = i3.arrives.expect("still a reinforcement");
    assert_eq!(a.turn, 2);
    let Place::Point(p) = a.at else {
        panic!("a point: {:?}", a.at)
    };
    assert!(
        (p.x - 120.0).abs() <= 1.0 && (p.y - 110.0).abs() <= 1.0,
        "{p:?}"
    );
    assert_eq!(undo_name(&mut h), "move where unit i3 arrives (turn 2)");
    undo(&mut h);
    let a = unit(&h, "i3").arrives.unwrap();
    assert!(
        matches!(a.at, Place::Point(q) if q.x == 90.0 && q.y == 118.0),
        "one step: {:?}",
        a.at
    );
}

/// Issue 43's designer: a Battle Cry scenario written through the UI alone (turns and
/// who moves first, side notes, an objective, a victory condition, a reinforcement),
/// saved, opened again and valid.
#[test]
fn a_scenario_written_in_the_designer_saves_opens_and_validates() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("written.json");
    let mut h = app_with(ScriptedDialogs {
        saves: vec![file.clone()],
        opens: vec![file.clone()],
        ..Default::default()
    });
    new_battle_cry(&mut h);
    open_plan(&mut h);
    designer_kit::set_number(&mut h, "turns ", 6.0);
    choose(&mut h, "Moves first", "Side A");
    type_lines(&mut h, "Side B notes", "5 Command cards");
    type_lines(&mut h, "Briefing", "Hold the crossroads.");
    // Closed, so that the board is free for the tools.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::P);
    h.run();

    // An objective, named and worth 2.
    h.key_press(Key::O);
    h.run();
    click_hex(&mut h, "G5");
    type_line(&mut h, "name", "Crossroads");
    designer_kit::set_number(&mut h, "value ", 2.0);

    // Units at the start and a reinforcement of turn 2.
    h.key_press(Key::U);
    h.run();
    click_hex(&mut h, "G8");
    h.get_by_role_and_label(Role::Slider, "turn")
        .set_value_accesskit(2.0);
    h.run();
    choose(&mut h, "side of new units", "Side B");
    click_hex(&mut h, "G1");

    // Victory: hold the crossroads at the end (it is the first objective).
    open_plan(&mut h);
    choose(&mut h, "new condition", "hold objectives");
    h.get_by_label("Add condition").click();
    h.run();
    choose(&mut h, "side", "Side A");
    // The condition's title reads names, as the card does, not "a: hold obj1".
    h.get_by_label_contains("1. Side A: hold Crossroads at the end of turn 6");
    let written = h.state().doc.scenario.clone();
    assert_eq!(
        h.state().doc.counts(),
        (0, 0),
        "{:?}",
        h.state().doc.diagnostics
    );

    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    assert!(file.exists(), "saved");
    assert!(!h.state().doc.history.is_dirty());
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    let opened = &h.state().doc.scenario;
    assert_eq!(opened.plan, written.plan, "nothing of the plan lost");
    assert_eq!(opened.units, written.units);
    let p = &opened.plan;
    assert_eq!((p.turns, p.first_side.as_deref()), (Some(6), Some("a")));
    assert_eq!(
        p.notes.get("b").map(String::as_str),
        Some("5 Command cards")
    );
    assert_eq!(p.objectives[0].title(), "Crossroads");
    assert_eq!(p.objectives[0].value, 2);
    assert_eq!(
        p.victory,
        [VictoryCondition::Hold {
            side: Some("a".into()),
            objectives: vec!["obj1".into()],
            turn: None,
        }]
    );
    let reinforcement = opened.units.iter().find(|u| u.arrives.is_some()).unwrap();
    assert_eq!(reinforcement.side, "b");
    assert_eq!(reinforcement.arrives.as_ref().unwrap().turn, 2);
    assert_eq!(h.state().doc.counts(), (0, 0));

    // The command line finds it valid too, and lists the plan.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(["validate", file.to_str().unwrap()])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "sandtable validate: {said}");
    assert!(said.contains("0 errors, 0 warnings"), "{said}");
    let info = designer_kit::cli_lines(&["info", file.to_str().unwrap()]);
    assert!(
        info.iter()
            .any(|l| l.starts_with("turns") && l.contains("6")),
        "{info:?}"
    );
    assert!(
        info.iter()
            .any(|l| l.contains("objective obj1 Crossroads: hex G5, worth 2")),
        "{info:?}"
    );
}

/// A table point's place on screen.
fn on_table(h: &Harness<'_, DesignerApp>, x: f32, y: f32) -> egui::Pos2 {
    let app = h.state();
    app.canvas
        .view
        .to_screen(app.canvas.rect().unwrap(), egui::vec2(x, y))
}

#[test]
fn on_a_table_objectives_are_points_or_areas_and_reinforcements_enter_at_a_point() {
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mini-nap-shapes.ron");
    let mut h = app_with(ScriptedDialogs {
        opens: vec![fixture],
        ..Default::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert_eq!(h.state().doc.scenario.ruleset, "mini-nap");
    h.key_press(Key::O);
    h.run();
    assert_eq!(h.state().tools.tool, Tool::Objective);
    // A point in the open (snapped to the grid).
    let p = on_table(&h, 150.0, 20.0);
    designer_kit::click_at(&mut h, p);
    let o = h.state().doc.scenario.plan.objectives[0].clone();
    let Place::Point(at) = o.at else {
        panic!("a point: {:?}", o.at)
    };
    assert!(
        (at.x - 150.0).abs() <= 1.0 && (at.y - 20.0).abs() <= 1.0,
        "{at:?}"
    );
    assert_eq!(
        undo_name(&mut h),
        format!("add objective obj1 at [{}, {}]", at.x, at.y)
    );
    // "whole area": a click inside the hill makes the hill the objective.
    h.get_by_label("whole area").click();
    h.run();
    let p = on_table(&h, 148.0, 92.0);
    designer_kit::click_at(&mut h, p);
    let plan = &h.state().doc.scenario.plan;
    assert!(h.state().tools.objective_area);
    assert_eq!(plan.objectives.len(), 2);
    assert_eq!(plan.objectives[1].at, Place::Area("h1".into()));
    assert_eq!(undo_name(&mut h), "add objective obj2 at area h1");
    // A click on the point picks its objective again.
    let p = on_table(&h, at.x as f32, at.y as f32);
    designer_kit::click_at(&mut h, p);
    assert_eq!(h.state().tools.objective.as_deref(), Some("obj1"));
    assert_eq!(h.state().doc.scenario.plan.objectives.len(), 2);
    // Delete removes it.
    h.key_press(Key::Delete);
    h.run();
    assert_eq!(h.state().doc.scenario.plan.objectives.len(), 1);
    assert_eq!(undo_name(&mut h), "remove objective obj1");

    // On turn 2 the unit tool places a reinforcement entering at the point clicked.
    h.get_by_role_and_label(Role::Slider, "turn")
        .set_value_accesskit(2.0);
    h.run();
    h.key_press(Key::U);
    h.run();
    let p = on_table(&h, 170.0, 112.0);
    designer_kit::click_at(&mut h, p);
    let u = h.state().doc.scenario.units.last().unwrap().clone();
    assert_eq!(u.at, None);
    let a = u.arrives.clone().unwrap();
    assert_eq!(a.turn, 2);
    assert!(matches!(a.at, Place::Point(q) if (q.x - 170.0).abs() <= 1.0));
    assert_eq!(
        undo_name(&mut h),
        format!("add reinforcement {} (turn 2)", u.id)
    );
    for _ in 0..4 {
        undo(&mut h);
    }
    assert!(h.state().doc.scenario.plan.objectives.is_empty());
    assert!(
        h.state()
            .doc
            .scenario
            .units
            .iter()
            .all(|u| u.arrives.is_none())
    );
}

#[test]
fn the_plan_forces_and_objective_tool_are_in_the_menus_and_the_shortcuts_window() {
    use sandtable::app::commands::Command;
    let mut h = app();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label_contains("Scenario plan...");
    h.get_by_label_contains("Forces...").click();
    h.run();
    assert_eq!(h.state().windows.open(), ["forces"]);
    h.key_press(Key::F1);
    h.run();
    for cmd in [
        Command::ScenarioPlan,
        Command::Forces,
        Command::Tool(Tool::Objective),
    ] {
        h.get_by_label(cmd.tooltip());
        let keys = cmd.keys_text(&h.ctx);
        assert!(h.query_all_by_label(&keys).next().is_some(), "{keys}");
    }
    // The forces window's key closes it again.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::F);
    h.run();
    assert_eq!(h.state().windows.open(), ["shortcuts"]);
}

#[test]
fn a_finding_about_a_victory_condition_opens_the_plan_window() {
    let mut h = app_on(REINFORCEMENTS);
    // First to 30: more than any side can score.
    let mut victory = h.state().doc.scenario.plan.victory.clone();
    if let VictoryCondition::FirstTo { target, .. } = &mut victory[0] {
        *target = 30;
    }
    let app = h.state_mut();
    let edit = sandtable::scenario::Edit::SetVictory(victory);
    app.doc.apply(edit, &app.rulesets).unwrap();
    h.run();
    assert!(h.state().windows.open().is_empty());
    h.get_by_label_contains("victory condition 1 (first-to): 30 points cannot be reached")
        .click();
    h.run();
    assert_eq!(h.state().windows.open(), ["plan"]);
    // There it is mended: the target back to 6.
    designer_kit::set_number(&mut h, "target ", 6.0);
    assert_eq!(h.state().doc.counts(), (0, 0));
}
