//! What the designer tests share: the app in a harness, hex positions on screen, a
//! drag, the examples.
#![allow(dead_code)] // each test file uses its own part

use std::path::PathBuf;

use egui::Pos2;
use egui_kittest::Harness;
use sandtable::app::DesignerApp;
use sandtable::app::canvas::Canvas;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::rules::Rulesets;

pub fn app_with(dialogs: ScriptedDialogs) -> Harness<'static, DesignerApp> {
    let app = DesignerApp::new(Rulesets::built_in(), Box::new(dialogs));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(12)
        .build_ui_state(|ui, app: &mut DesignerApp| app.show(ui), app);
    h.run();
    h
}

/// The designer with the built-in rulesets and the example ruleset file `ruleset`,
/// opened on the scenario `scenario` through File > Open.
pub fn on_ruleset_example(ruleset: &str, scenario: &str) -> Harness<'static, DesignerApp> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join(ruleset)).unwrap();
    let mut rulesets = Rulesets::built_in();
    let r = sandtable::rules::parse_ruleset(&text, std::path::Path::new(ruleset)).unwrap();
    rulesets.insert(std::sync::Arc::new(r));
    let app = DesignerApp::new(
        rulesets,
        Box::new(ScriptedDialogs {
            opens: vec![root.join(scenario)],
            ..Default::default()
        }),
    );
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(12)
        .build_ui_state(|ui, app: &mut DesignerApp| app.show(ui), app);
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    h.run();
    h
}

pub fn app() -> Harness<'static, DesignerApp> {
    app_with(ScriptedDialogs::default())
}

/// The hex (or square) labelled `label` on the open board.
pub fn hex(h: &Harness<'_, DesignerApp>, label: &str) -> hexx::Hex {
    let board = h.state().doc.scenario.board.grid().unwrap();
    board.cell_at(label).unwrap()
}

/// The screen position of a hex's centre.
pub fn at(h: &Harness<'_, DesignerApp>, label: &str) -> Pos2 {
    let app = h.state();
    let hex = hex(h, label);
    let c = Canvas::hex_centre(&app.doc.scenario.board, hex).unwrap();
    app.canvas.view.to_screen(app.canvas.rect().unwrap(), c)
}

pub fn terrain(h: &Harness<'_, DesignerApp>, label: &str) -> Option<String> {
    let s = &h.state().doc.scenario;
    let hex = hex(h, label);
    s.hexes.get(&hex).map(|c| c.terrain.to_string())
}

/// A click on the hex labelled `label`, pressed and released one frame apart (a step, not
/// a run, between them: the preview thread's wake-ups would otherwise add frames until the
/// press outlasts egui's click time and counts as a drag).
pub fn click_hex(h: &mut Harness<'_, DesignerApp>, label: &str) {
    let p = at(h, label);
    click_at(h, p);
}

/// A click at `p`, pressed and released one frame apart (see [`click_hex`]).
pub fn click_at(h: &mut Harness<'_, DesignerApp>, p: Pos2) {
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.step();
    h.drop_at(p);
    h.run();
}

pub fn drag(h: &mut Harness<'_, DesignerApp>, path: &[Pos2]) {
    h.hover_at(path[0]);
    h.run();
    h.drag_at(path[0]);
    h.run();
    for p in &path[1..] {
        h.hover_at(*p);
        h.run();
    }
    h.drop_at(*path.last().unwrap());
    h.run();
}

pub fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("assets/scenarios")
        .join(name)
}

/// The designer drawn through wgpu (for renders and snapshots), with `file` opened
/// through File > Open.
pub fn drawn_on(file: &std::path::Path) -> Harness<'static, DesignerApp> {
    let app = DesignerApp::new(
        Rulesets::built_in(),
        Box::new(ScriptedDialogs {
            opens: vec![file.to_path_buf()],
            ..Default::default()
        }),
    );
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(12)
        .wgpu()
        .build_ui_state(|ui, app: &mut DesignerApp| app.show(ui), app);
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    h.run();
    h
}

/// The designer with an example scenario opened through File > Open.
pub fn app_on(name: &str) -> Harness<'static, DesignerApp> {
    let mut h = app_with(ScriptedDialogs {
        opens: vec![example(name)],
        ..Default::default()
    });
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    h.run();
    h
}

/// Sets the number field shown as `shown` and its value ("columns 13": its prefix as on
/// screen) to `value`, as assistive technology does (AccessKit's SetValue).
pub fn set_number(h: &mut Harness<'_, DesignerApp>, shown: &str, value: f64) {
    use egui_kittest::kittest::{Queryable, by};
    let prefix = shown.to_string();
    h.get(
        by().role(egui::accesskit::Role::SpinButton)
            .predicate(move |n| n.value().is_some_and(|v| v.starts_with(&prefix))),
    )
    .set_value_accesskit(value);
    h.run();
}

/// Whether the radio button, checkbox or selectable labelled `label` is on.
pub fn is_on(h: &Harness<'_, DesignerApp>, label: &str) -> bool {
    use egui_kittest::kittest::{NodeT, Queryable};
    let node = h.get_by_label(label);
    node.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True)
        || node.accesskit_node().is_selected() == Some(true)
}

/// What the number field whose value begins with `prefix` shows ("hex width 25 mm").
pub fn number_shown(h: &Harness<'_, DesignerApp>, prefix: &str) -> String {
    use egui_kittest::kittest::{Queryable, by};
    let p = prefix.to_string();
    h.get(
        by().role(egui::accesskit::Role::SpinButton)
            .predicate(move |n| n.value().is_some_and(|v| v.starts_with(&p))),
    )
    .value()
    .unwrap_or_default()
}

/// The ids of the units on the hex labelled `label`, in scenario order.
pub fn units_on(h: &Harness<'_, DesignerApp>, label: &str) -> Vec<String> {
    let s = &h.state().doc.scenario;
    let hex = hex(h, label);
    s.units
        .iter()
        .filter(|u| u.hex == Some(hex))
        .map(|u| u.id.clone())
        .collect()
}

/// The command line's answer to `args`, a trimmed line a string.
pub fn cli_lines(args: &[&str]) -> Vec<String> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().map(|l| l.trim().to_string()).collect()
}

/// A right-click at `p` (the context menu opens on the release), pressed and released
/// one frame apart.
pub fn right_click(h: &mut Harness<'_, DesignerApp>, p: Pos2) {
    h.hover_at(p);
    h.run();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: p,
            button: egui::PointerButton::Secondary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        h.step();
    }
    h.run();
}
