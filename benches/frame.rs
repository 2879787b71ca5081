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
    // The same, with the view moving every frame: the layers' meshes are moved, not
    // tessellated again (the name is kept so results compare with earlier runs).
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
    // Zoom in to a playing scale over the middle of the board and pan a little every
    // frame.
    big.canvas.view.zoom = 1.0;
    let middle = sandtable::app::canvas::Canvas::board_size(&big.doc.scenario.board) / 2.0;
    big.canvas.centre_pending = Some(middle);
    frame(&ctx, &mut big);
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
    // A busy Mini-Nap table: 400 areas, 200 lines, 200 units, the grid shown.
    let ctx = egui::Context::default();
    let rulesets = Rulesets::built_in();
    let mut table = DesignerApp::new(rulesets.clone(), Box::new(ScriptedDialogs::default()));
    table.doc = Document::new(busy_table(), None, &rulesets);
    table.canvas.fit_pending = true;
    frame(&ctx, &mut table);
    frame(&ctx, &mut table);
    c.bench_function(
        "frame: Mini-Nap table, 400 areas, 200 lines, 200 units",
        |b| b.iter(|| frame(black_box(&ctx), &mut table)),
    );
}

fn busy_table() -> Scenario {
    use sandtable::board::freeform::Point;
    use sandtable::board::{FreeformBoard, TableUnit};
    use sandtable::scenario::{Area, Line};
    let t = FreeformBoard {
        width: 180.0,
        height: 120.0,
        unit: TableUnit::Cm,
        cm_per_unit: None,
    };
    let mut s = Scenario::new("bench", "mini-nap", Board::Freeform(t));
    let terrains = ["woods", "hill", "village", "marsh", "forest"];
    for i in 0..400 {
        let (x, y) = ((i % 20) as f64 * 9.0 + 1.0, (i / 20) as f64 * 6.0 + 1.0);
        // A concave L so the fill needs real triangulation.
        let polygon = [
            [0.0, 0.0],
            [6.0, 0.0],
            [6.0, 2.0],
            [2.0, 2.0],
            [2.0, 4.0],
            [0.0, 4.0],
        ]
        .iter()
        .map(|[dx, dy]| Point::new(x + dx, y + dy))
        .collect();
        s.areas.push(Area {
            id: format!("a{i}"),
            terrain: terrains[i % terrains.len()].to_string(),
            polygon,
            level: None,
            passable: None,
            dangerous: None,
            compulsory: None,
            owner: None,
        });
    }
    for i in 0..200 {
        let y = (i as f64 * 0.6) % 120.0;
        s.lines.push(Line {
            id: format!("l{i}"),
            kind: "hedge".into(),
            points: (0..10)
                .map(|k| Point::new(k as f64 * 18.0, y + (k % 2) as f64))
                .collect(),
            width: Some(0.5),
            built: None,
        });
    }
    for i in 0..200 {
        let mut u = Unit::new(format!("u{i}"), "infantry");
        u.at = Some(Point::new(
            (i % 20) as f64 * 9.0 + 4.0,
            (i / 20) as f64 * 12.0 + 3.0,
        ));
        u.facing_deg = Some((i * 17 % 360) as f64);
        s.units.push(u);
    }
    s
}

criterion_group!(benches, frames);
criterion_main!(benches);
