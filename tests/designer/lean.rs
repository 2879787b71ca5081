//! Issue 44: the lean drawing of a window rasterised on the CPU (Mesa's llvmpipe; on
//! there by the adapter, or by `SANDTABLE_LEAN=1`), as a user would notice it: the
//! board's panel is not filled under the board, and a big board's hexes have no
//! anti-aliased fringe. Headless: egui's shapes and meshes, no renderer.

use egui::epaint::{ClippedShape, Primitive, Shape};
use sandtable::app::DesignerApp;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::document::Document;
use sandtable::app::paint::Lean;
use sandtable::board::{Board, HexBoard, Orientation, Stagger};
use sandtable::rules::Rulesets;
use sandtable::scenario::{HexCell, Scenario};

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        ..Default::default()
    }
}

/// One frame of the app (its textures taken as a renderer would).
fn run(ctx: &egui::Context, app: &mut DesignerApp) -> egui::FullOutput {
    let mut out = ctx.run_ui(input(), |ui| app.show(ui));
    out.textures_delta.clear();
    out
}

/// An `n` x `n` board with every hex set, the app drawing it as `lean` says.
fn app(n: u32, lean: bool) -> DesignerApp {
    let board = HexBoard::new(Orientation::Pointy, n, n, Stagger::Odd).unwrap();
    let mut s = Scenario::new("lean", "battle-cry-150", Board::Hex(board.clone()));
    let terrains = ["woods", "hill", "town", "field"];
    for (i, hex) in board.hexes().enumerate() {
        s.hexes.insert(hex, HexCell::terrain(terrains[(i / 5) % 4]));
    }
    let rulesets = Rulesets::built_in();
    let mut app = DesignerApp::new(rulesets.clone(), Box::new(ScriptedDialogs::default()));
    app.doc = Document::new(s, None, &rulesets);
    app.canvas.fit_pending = true;
    *app.canvas.lean_mut() = Lean {
        fills: lean,
        edges: lean,
    };
    app
}

/// The frame's shapes, flattened.
fn shapes(out: &egui::FullOutput) -> Vec<Shape> {
    fn flat(s: &Shape, into: &mut Vec<Shape>) {
        match s {
            Shape::Vec(v) => v.iter().for_each(|s| flat(s, into)),
            s => into.push(s.clone()),
        }
    }
    let mut all = Vec::new();
    for ClippedShape { shape, .. } in &out.shapes {
        flat(shape, &mut all);
    }
    all
}

/// Filled rectangles covering all of the board's panel: each is a window-sized layer
/// the rasteriser fills (some 50 ms a frame on llvmpipe).
fn panel_fills(app: &DesignerApp, out: &egui::FullOutput) -> usize {
    let canvas = app.canvas.rect().expect("the canvas was laid out");
    shapes(out)
        .iter()
        .filter(|s| match s {
            Shape::Rect(r) => r.fill.a() > 0 && r.rect.contains_rect(canvas),
            _ => false,
        })
        .count()
}

#[test]
fn lean_drawing_leaves_the_board_panel_unfilled_and_paints_only_round_the_board() {
    let ctx = egui::Context::default();
    let mut filled = 0;
    for lean in [false, true] {
        let mut a = app(13, lean);
        let mut out = run(&ctx, &mut a);
        for _ in 0..2 {
            out = run(&ctx, &mut a);
        }
        let fills = panel_fills(&a, &out);
        let clear = eframe::App::clear_color(&a, &ctx.global_style().visuals);
        let panel = ctx
            .global_style()
            .visuals
            .panel_fill
            .to_normalized_gamma_f32();
        if lean {
            assert_eq!(fills, 0, "no layer under the whole board panel");
            // The margin round the board shows the window's clear colour: the panels'.
            assert_eq!(clear, panel);
        } else {
            assert!(fills >= 2, "the panel and the canvas fill it: {fills}");
            assert_ne!(clear, panel);
            filled = fills;
        }
    }
    assert!(filled > 0);
}

/// Vertices egui leaves transparent: the outer edge of a feathered (anti-aliased) fill
/// or line.
fn fringe(ctx: &egui::Context, out: egui::FullOutput) -> usize {
    ctx.tessellate(out.shapes, out.pixels_per_point)
        .iter()
        .map(|p| match &p.primitive {
            Primitive::Mesh(m) => m.vertices.iter().filter(|v| v.color.a() == 0).count(),
            Primitive::Callback(_) => 0,
        })
        .sum()
}

#[test]
fn lean_drawing_draws_a_big_boards_hexes_without_feathered_edges() {
    // 90,000 hexes: drawn a view at a time, as a 1000 x 1000 board is.
    let ctx = egui::Context::default();
    let mut counts = Vec::new();
    for lean in [false, true] {
        let mut a = app(300, lean);
        run(&ctx, &mut a);
        // Hexes some 30 points across, over the middle of the board.
        a.canvas.view.zoom = 1.0;
        let size = a.doc.scenario.board.size();
        a.canvas.centre_pending = Some(egui::vec2(size.x, size.y) / 2.0);
        let mut out = run(&ctx, &mut a);
        for _ in 0..2 {
            out = run(&ctx, &mut a);
        }
        counts.push(fringe(&ctx, out));
    }
    let (feathered, lean) = (counts[0], counts[1]);
    // Hundreds of hexes in view, each with a fringe round its fill and outline when
    // feathered; lean, only the panels' widgets keep theirs.
    assert!(
        feathered > 2_000 && lean * 4 < feathered,
        "transparent fringe vertices: feathered {feathered}, lean {lean}"
    );
}
