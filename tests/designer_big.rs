//! Issue 17: a 1000 x 1000 board (every hex set, 2,000 units) opens in the designer
//! and renders through the real wgpu renderer, whole and zoomed in, without passing
//! the renderer's 256 MB buffer limit (Mesa's software driver has no more).

use egui_kittest::Harness;
use sandtable::app::DesignerApp;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::document::Document;
use sandtable::board::{Board, HexBoard, LabelScheme, Orientation, Stagger};
use sandtable::rules::Rulesets;
use sandtable::scenario::{HexCell, Scenario, Unit};

/// An `n` x `n` Battle Cry board with every hex set and 2,000 units, as the issue
/// measured it.
fn big(n: u32) -> Scenario {
    let mut board = HexBoard::new(Orientation::Pointy, n, n, Stagger::Odd).unwrap();
    board.labels = LabelScheme::NumberNumber;
    let terrains = ["woods", "hill", "town", "field", "orchard", "waterway"];
    let mut s = Scenario::new("big", "battle-cry-150", Board::Hex(board.clone()));
    let hexes: Vec<_> = board.hexes().collect();
    for (i, hex) in hexes.iter().enumerate() {
        let mut cell = HexCell::terrain(terrains[(i / 7919) % terrains.len()]);
        cell.elevation = i32::from(cell.terrain == "hill");
        s.hexes.insert(*hex, cell);
    }
    for k in 0..2000 {
        let mut u = Unit::new(format!("u{k}"), "infantry");
        u.side = if k % 2 == 0 { "a" } else { "b" }.into();
        u.hex = Some(hexes[(k * hexes.len() / 2000 + 5) % hexes.len()]);
        s.units.push(u);
    }
    s
}

#[test]
fn a_1000_by_1000_board_renders_whole_and_zoomed_in() {
    let rulesets = Rulesets::built_in();
    let mut app = DesignerApp::new(rulesets.clone(), Box::new(ScriptedDialogs::default()));
    app.doc = Document::new(big(1000), None, &rulesets);
    app.canvas.fit_pending = true;
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(4)
        .wgpu()
        .build_ui_state(|ui, app: &mut DesignerApp| app.show(ui), app);
    h.run();
    let whole = h.render().expect("the whole board renders");
    // The middle of the canvas shows the board's colours, not the empty canvas.
    let rect = h.state().canvas.rect().expect("the canvas was laid out");
    let c = rect.center();
    let px = whole.get_pixel(c.x as u32, c.y as u32).0;
    let [r, g, b, _] = px;
    // The fitted board leaves a margin of empty canvas.
    let blank = whole
        .get_pixel(rect.min.x as u32 + 4, rect.min.y as u32 + 4)
        .0;
    assert_ne!(px, blank, "the board is drawn over the empty canvas");
    assert!(r > 60 || g > 60 || b > 60, "the board is drawn: {px:?}");

    // Zoomed in step by step to where hexes are drawn in full.
    for _ in 0..6 {
        let app = h.state_mut();
        let rect = app.canvas.rect().expect("canvas");
        app.canvas.view.zoom_at(rect, rect.center(), 4.0);
        h.run();
        h.render().expect("each zoom renders");
    }
}
