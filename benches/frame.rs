//! Issue targets for the designer: the CPU time to build (and tessellate) a frame of a
//! 100 x 100 board at a zoom that shows all of it < 8 ms; panning a 250 x 250 board
//! < 16 ms a frame. No GPU: egui runs headless and its output is tessellated.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::app::DesignerApp;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::document::Document;
use sandtable::board::{Board, HexBoard, Orientation, Stagger};
use sandtable::rules::Rulesets;
use sandtable::scenario::{HexCell, Scenario, Unit};

fn board(n: u32) -> Scenario {
    let board = HexBoard::new(Orientation::Pointy, n, n, Stagger::Odd).unwrap();
    let terrains = [
        "woods", "hill", "town", "field", "orchard", "waterway", "clear", "clear",
    ];
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

fn app(n: u32) -> DesignerApp {
    let rulesets = Rulesets::built_in();
    let mut app = DesignerApp::new(rulesets.clone(), Box::new(ScriptedDialogs::default()));
    app.doc = Document::new(board(n), None, &rulesets);
    app.canvas.fit_pending = true;
    app
}

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        ..Default::default()
    }
}

fn frame(ctx: &egui::Context, app: &mut DesignerApp) -> usize {
    let out = ctx.run_ui(input(), |ui| app.show(ui));
    ctx.tessellate(out.shapes, out.pixels_per_point).len()
}

fn frames(c: &mut Criterion) {
    let ctx = egui::Context::default();
    let mut whole = app(100);
    frame(&ctx, &mut whole);
    frame(&ctx, &mut whole);
    c.bench_function("frame: 100x100 board, all of it shown", |b| {
        b.iter(|| frame(black_box(&ctx), &mut whole))
    });
    // The same, with the view moving every frame, so nothing cached can be reused.
    let mut nudge = 0.0f32;
    c.bench_function(
        "frame: 100x100 board, all shown, view moving (no cache)",
        |b| {
            b.iter(|| {
                nudge += 1.0;
                whole.canvas.view.origin.x += if nudge as i32 % 2 == 0 { 0.5 } else { -0.5 };
                frame(black_box(&ctx), &mut whole)
            })
        },
    );
    let ctx = egui::Context::default();
    let mut big = app(250);
    frame(&ctx, &mut big);
    // Zoom in to a playing scale and pan a little every frame.
    big.canvas.view.zoom = 1.0;
    let mut step = 0.0f32;
    c.bench_function("frame: panning a 250x250 board", |b| {
        b.iter(|| {
            step += 1.0;
            big.canvas.view.origin += egui::vec2(3.0, 2.0 * (step * 0.1).sin());
            frame(black_box(&ctx), &mut big)
        })
    });
    let ctx = egui::Context::default();
    let mut fit = app(250);
    frame(&ctx, &mut fit);
    frame(&ctx, &mut fit);
    c.bench_function("frame: 250x250 board, all of it shown", |b| {
        b.iter(|| frame(black_box(&ctx), &mut fit))
    });
}

criterion_group!(benches, frames);
criterion_main!(benches);
