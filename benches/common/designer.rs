//! The designer driven headless, a frame at a time, for the benchmarks that time it.

use sandtable::app::DesignerApp;
use sandtable::board::{Board, HexBoard, Orientation, Stagger};
use sandtable::scenario::{HexCell, Scenario, Unit};

/// A 1280 x 800 window with no input.
pub fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        ..Default::default()
    }
}

/// One frame of the designer, laid out and tessellated; the number of meshes.
pub fn frame(ctx: &egui::Context, app: &mut DesignerApp) -> usize {
    let out = ctx.run_ui(input(), |ui| app.show(ui));
    ctx.tessellate(out.shapes, out.pixels_per_point).len()
}

/// An `n` x `n` Battle Cry board: every hex of `terrains` in a fixed scatter ("clear"
/// left unset), an infantry unit every 37th hex. (The vmod bench shares this module but
/// brings its own board.)
#[allow(dead_code)]
pub fn board(n: u32, terrains: &[&str]) -> Scenario {
    let board = HexBoard::new(Orientation::Pointy, n, n, Stagger::Odd).unwrap();
    let mut s = Scenario::new("bench", "battle-cry-150", Board::Hex(board.clone()));
    for (i, hex) in board.hexes().enumerate() {
        let t = terrains[(i * 7 + i / 13) % terrains.len()];
        if t != "clear" {
            s.hexes.insert(hex, HexCell::terrain(t));
        }
        if i % 37 == 0 {
            let mut u = Unit::new(format!("u{i}"), "infantry");
            u.hex = Some(hex);
            s.units.push(u);
        }
    }
    s
}
