//! The designer driven headless, a frame at a time, for the benchmarks that time it.

use sandtable::app::DesignerApp;

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
