//! Issue targets for the designer: the CPU time to build (and tessellate) a frame of a
//! 100 x 100 board at a zoom that shows all of it < 8 ms; panning a 250 x 250 board
//! < 16 ms a frame; a 1000 x 1000 board (issue 17) seen whole < 16 ms, panned and
//! painted zoomed in < 8 ms. No GPU: egui runs headless and its output is tessellated.

#![allow(clippy::unwrap_used)] // A bench's helpers unwrap: a panic is its report.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::app::DesignerApp;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::document::Document;
use sandtable::board::{Board, HexBoard, Orientation, Stagger};
use sandtable::rules::Rulesets;
use sandtable::scenario::{HexCell, Scenario, Unit};
use sandtable::scene::preview::Mode;

#[path = "common/designer.rs"]
mod designer;
use designer::{frame, input};

/// The boards of these benches: their terrains in a fixed scatter.
fn board(n: u32) -> Scenario {
    designer::board(
        n,
        &[
            "woods", "hill", "town", "field", "orchard", "waterway", "clear", "clear",
        ],
    )
}

fn app(n: u32) -> DesignerApp {
    let rulesets = Rulesets::built_in();
    let mut app = designer(&rulesets);
    app.doc = Document::new(board(n), None, &rulesets);
    app.canvas.fit_pending = true;
    app
}

/// The designer with no scenario yet, drawing as a window on a CPU rasteriser does when
/// `SANDTABLE_LEAN=1` (llvmpipe under Xvfb chooses it itself), as a GPU's otherwise.
fn designer(rulesets: &Rulesets) -> DesignerApp {
    let mut app = DesignerApp::new(rulesets.clone(), Box::new(ScriptedDialogs::default()));
    *app.canvas.lean_mut() = sandtable::app::paint::Lean::for_device(None);
    app
}

fn frames(c: &mut Criterion) {
    // As the designer does before its first frame.
    sandtable::app::memory::keep_frame_buffers();
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
    let size = big.doc.scenario.board.size();
    let middle = egui::vec2(size.x, size.y) / 2.0;
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
    big_boards(c);
    // A busy Mini-Nap table: 400 areas, 200 lines, 200 units, the grid shown.
    let ctx = egui::Context::default();
    let rulesets = Rulesets::built_in();
    let mut table = designer(&rulesets);
    table.doc = Document::new(busy_table(), None, &rulesets);
    table.canvas.fit_pending = true;
    frame(&ctx, &mut table);
    frame(&ctx, &mut table);
    c.bench_function(
        "frame: Mini-Nap table, 400 areas, 200 lines, 200 units",
        |b| b.iter(|| frame(black_box(&ctx), &mut table)),
    );
}

/// Issue 17: a 1000 x 1000 board seen whole (< 16 ms: one colour per hex from a cached
/// texture), and zoomed in to a playing scale, panned (< 8 ms) and painted (< 8 ms).
fn big_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("big boards");
    group.sample_size(10);
    // The first frame once a loaded document is in place (< 1.5 s with the load): the
    // board fitted to the window, its one-colour-per-hex texture made and uploaded.
    let loaded = board(1000);
    let rulesets = Rulesets::built_in();
    group.bench_function("first frame of a loaded 1000x1000 board", |b| {
        b.iter_batched(
            || {
                let mut app = designer(&rulesets);
                app.doc = Document::new(loaded.clone(), None, &rulesets);
                app.canvas.fit_pending = true;
                (egui::Context::default(), app)
            },
            |(ctx, mut app)| frame(&ctx, &mut app),
            criterion::BatchSize::PerIteration,
        )
    });
    drop(loaded);
    // The README's scaling table: a board seen whole, at every size.
    for n in [100u32, 250, 500] {
        let ctx = egui::Context::default();
        let mut whole = app(n);
        frame(&ctx, &mut whole);
        frame(&ctx, &mut whole);
        group.bench_function(format!("frame: {n}x{n} board, all of it shown"), |b| {
            b.iter(|| frame(black_box(&ctx), &mut whole))
        });
    }
    let ctx = egui::Context::default();
    let mut whole = app(1000);
    frame(&ctx, &mut whole);
    frame(&ctx, &mut whole);
    group.bench_function("frame: 1000x1000 board, all of it shown", |b| {
        b.iter(|| frame(black_box(&ctx), &mut whole))
    });
    let mut nudge = 0.0f32;
    group.bench_function("frame: 1000x1000 board, all shown, view moving", |b| {
        b.iter(|| {
            nudge += 1.0;
            whole.canvas.view.origin.x += if nudge as i32 % 2 == 0 { 0.5 } else { -0.5 };
            frame(black_box(&ctx), &mut whole)
        })
    });
    drop(whole);
    let ctx = egui::Context::default();
    let mut close = app(1000);
    frame(&ctx, &mut close);
    close.canvas.view.zoom = 1.0;
    let size = close.doc.scenario.board.size();
    let middle = egui::vec2(size.x, size.y) / 2.0;
    close.canvas.centre_pending = Some(middle);
    frame(&ctx, &mut close);
    let mut step = 0.0f32;
    group.bench_function("frame: panning a 1000x1000 board zoomed in", |b| {
        b.iter(|| {
            step += 1.0;
            close.canvas.view.origin += egui::vec2(3.0, 2.0 * (step * 0.1).sin());
            frame(black_box(&ctx), &mut close)
        })
    });
    // One hex painted per frame under the pointer's place, as a brush stroke does.
    let rulesets = Rulesets::built_in();
    let board = close.doc.scenario.board.as_hex().cloned();
    let mut k = 0usize;
    group.bench_function("frame: painting a 1000x1000 board zoomed in", |b| {
        b.iter(|| {
            k += 1;
            if let Some(board) = &board {
                let hex = board.from_offset(sandtable::board::Offset {
                    col: 500 + (k % 7) as i32,
                    row: 500,
                });
                let e = sandtable::scenario::Edit::SetHex {
                    hex,
                    cell: Some(HexCell::terrain(["woods", "town"][k % 2])),
                };
                close.doc.apply(e, &rulesets).ok();
            }
            frame(black_box(&ctx), &mut close)
        })
    });
    group.finish();
}

fn busy_table() -> Scenario {
    use sandtable::board::freeform::Point;
    use sandtable::board::{FreeformBoard, TableUnit};
    use sandtable::scenario::{Area, Line};
    let t = FreeformBoard::new(180.0, 120.0, TableUnit::Cm);
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
            ..Area::default()
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
            ..Line::default()
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

/// A frame with the pointer at `at` (a preview follows it).
fn frame_at(ctx: &egui::Context, app: &mut DesignerApp, at: egui::Pos2) -> usize {
    let mut i = input();
    i.events.push(egui::Event::PointerMoved(at));
    let out = ctx.run_ui(i, |ui| app.show(ui));
    ctx.tessellate(out.shapes, out.pixels_per_point).len()
}

/// Where a hex's centre is on screen.
fn screen_at(app: &DesignerApp, hex: hexx::Hex) -> egui::Pos2 {
    let c = sandtable::app::canvas::Canvas::hex_centre(&app.doc.scenario.board, hex).unwrap();
    app.canvas.view.to_screen(app.canvas.rect().unwrap(), c)
}

/// An app at playing scale over the middle of an `n` x `n` board, with `mode` open from
/// the middle hex (a unit stands there); the hexes the pointer visits, a few apart.
fn previewing(
    ctx: &egui::Context,
    mut app: DesignerApp,
    mode: Mode,
) -> (DesignerApp, Vec<egui::Pos2>) {
    frame(ctx, &mut app);
    app.canvas.view.zoom = 1.0;
    let size = app.doc.scenario.board.size();
    let middle = egui::vec2(size.x, size.y) / 2.0;
    app.canvas.centre_pending = Some(middle);
    frame(ctx, &mut app);
    let board = app.doc.scenario.board.as_hex().unwrap().clone();
    let layout = board.layout();
    let from = layout.hex_at(hexx::Vec2::new(middle.x, middle.y));
    if !app.doc.scenario.units.iter().any(|u| u.hex == Some(from)) {
        let mut u = Unit::new("mover", "cavalry");
        u.hex = Some(from);
        app.doc.scenario.units.push(u);
        app.doc.revision += 1;
    }
    app.canvas.preview.toggle(mode);
    app.canvas.preview.from = Some(from);
    frame(ctx, &mut app);
    let spots = (0..24)
        .map(|k| {
            let off = hexx::Hex::new(3 + k % 5, -(k / 5) - 2);
            screen_at(&app, from + off)
        })
        .collect();
    (app, spots)
}

/// Issue targets for previews: hovering in line-of-sight, viewshed and fire-arc modes
/// on a 250 x 250 board < 16 ms a frame, preview included; the movement preview of a
/// unit with allowance 12 on 1000 x 1000 < 16 ms.
fn preview_frames(c: &mut Criterion) {
    for (mode, name) in [
        (Mode::Sight, "frame: hovering in line of sight, 250x250"),
        (Mode::Viewshed, "frame: hovering in viewshed, 250x250"),
        (Mode::Arcs, "frame: hovering in fire arcs, 250x250"),
    ] {
        let ctx = egui::Context::default();
        let (mut a, spots) = previewing(&ctx, app(250), mode);
        let mut k = 0;
        c.bench_function(name, |b| {
            b.iter(|| {
                k = (k + 1) % spots.len();
                frame_at(black_box(&ctx), &mut a, spots[k])
            })
        });
    }
    // The viewshed's answer, worked out off the frame: from the pointer's move until
    // the thread's answer is in (the time a user waits for the shading, not a frame).
    let ctx = egui::Context::default();
    let (mut a, spots) = previewing(&ctx, app(250), Mode::Viewshed);
    let mut k = 0;
    let mut group = c.benchmark_group("previews");
    group.sample_size(10);
    group.bench_function(
        "viewshed of a 250x250 board: pointer moved to answer in",
        |b| {
            b.iter(|| {
                k = (k + 1) % spots.len();
                frame_at(black_box(&ctx), &mut a, spots[k]);
                a.canvas.preview.settle(std::time::Duration::from_secs(30));
            })
        },
    );
    group.finish();
    // Cavalry given an allowance of 12 (a copy of Battle Cry under its own id).
    let text = include_str!("../assets/rulesets/battle-cry-150.ron")
        .replace("id: \"battle-cry-150\"", "id: \"bench-12\"")
        .replace("dice: [3], movement: 3,", "dice: [3], movement: 12,");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench-12.ron");
    std::fs::write(&path, text).unwrap();
    let mut rulesets = Rulesets::built_in();
    rulesets.load_file(&path).unwrap();
    let big = {
        let board = HexBoard::new(Orientation::Pointy, 1000, 1000, Stagger::Odd).unwrap();
        let mut s = Scenario::new("bench", "bench-12", Board::Hex(board.clone()));
        for (i, hex) in board.hexes().enumerate() {
            if i % 7 == 0 {
                s.hexes.insert(hex, HexCell::terrain("woods"));
            }
        }
        s
    };
    let mut a = designer(&rulesets);
    a.doc = Document::new(big, None, &rulesets);
    a.canvas.fit_pending = true;
    let ctx = egui::Context::default();
    let (mut a, spots) = previewing(&ctx, a, Mode::Moves);
    let mut k = 0;
    c.bench_function(
        "frame: hovering in movement, allowance 12, 1000x1000",
        |b| {
            b.iter(|| {
                k = (k + 1) % spots.len();
                frame_at(black_box(&ctx), &mut a, spots[k])
            })
        },
    );
    // Picking a unit: its reachable set found, drawn and shown in one frame (two
    // cavalry units side by side, picked in turn).
    let first = a.canvas.preview.from.unwrap();
    let second = first + hexx::Hex::new(1, 0);
    let mut u = Unit::new("mover2", "cavalry");
    u.hex = Some(second);
    a.doc.scenario.units.push(u);
    a.doc.revision += 1;
    frame_at(&ctx, &mut a, spots[0]);
    let mut flip = false;
    c.bench_function(
        "frame: picking a unit in movement, allowance 12, 1000x1000",
        |b| {
            b.iter(|| {
                flip = !flip;
                a.canvas.preview.from = Some(if flip { second } else { first });
                frame_at(black_box(&ctx), &mut a, spots[0])
            })
        },
    );
}

/// Issue 26, item 17: zooming a 1000 x 1000 board with the wheel, one notch a frame
/// (in, then out again, over the middle of the board from the whole board shown down
/// to a few hexes across): each notch's frame < 16 ms.
fn zoom_frames(c: &mut Criterion) {
    let mut group = c.benchmark_group("big boards");
    group.sample_size(20);
    let ctx = egui::Context::default();
    let mut a = app(1000);
    frame(&ctx, &mut a);
    frame(&ctx, &mut a);
    let centre = a
        .canvas
        .rect()
        .map_or(egui::pos2(640.0, 400.0), |r| r.center());
    let mut k = 0i32;
    group.bench_function("frame: a wheel notch zooming a 1000x1000 board", |b| {
        b.iter(|| {
            k += 1;
            // Nine notches in, nine out.
            let dir = if (k / 9) % 2 == 0 { 1.0 } else { -1.0 };
            let mut i = input();
            i.events.push(egui::Event::PointerMoved(centre));
            i.events.push(egui::Event::MouseWheel {
                unit: egui::MouseWheelUnit::Line,
                delta: egui::vec2(0.0, dir),
                phase: egui::TouchPhase::Move,
                source: egui::MouseWheelSource::Unknown,
                modifiers: egui::Modifiers::NONE,
            });
            let out = ctx.run_ui(i, |ui| a.show(ui));
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point).len())
        })
    });
    group.finish();
}

/// Issue 30: a fire arc over the Mini-Nap example (180 x 120 cm, 21,600 samples at
/// 1 cm): the frame with the field shown and the pointer moving (its point answered in
/// words), and the frame while a new field is being computed on the preview's thread
/// (each frame an edit asks for one): each < 16 ms. The field itself (< 50 ms) is the
/// `fields` group of `benches/table.rs`.
fn table_field_frames(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let text = include_str!("../assets/scenarios/mini-nap-village.ron");
    let s = sandtable::io::parse_scenario(
        text,
        sandtable::io::Format::Ron,
        std::path::Path::new("mini-nap-village.ron"),
    )
    .expect("the example")
    .scenario;
    let mut a = designer(&rulesets);
    a.doc = Document::new(s, None, &rulesets);
    a.canvas.fit_pending = true;
    let ctx = egui::Context::default();
    frame(&ctx, &mut a);
    a.canvas.preview.toggle(Mode::Arcs);
    a.canvas.preview.table.from = Some("i1".into());
    frame(&ctx, &mut a);
    a.canvas
        .preview
        .table
        .settle(std::time::Duration::from_secs(60));
    frame(&ctx, &mut a);
    assert!(a.canvas.preview.table.field().is_some(), "the arc is in");
    let rect = a.canvas.rect().expect("the canvas");
    let spots: Vec<egui::Pos2> = (0..24)
        .map(|k| {
            let (fx, fy) = (0.3 + 0.025 * (k % 6) as f32, 0.2 + 0.1 * (k / 6) as f32);
            rect.min + egui::vec2(rect.width() * fx, rect.height() * fy)
        })
        .collect();
    let mut group = c.benchmark_group("fields");
    let mut k = 0;
    group.bench_function("frame: a fire arc on Mini-Nap shown, pointer moving", |b| {
        b.iter(|| {
            k = (k + 1) % spots.len();
            frame_at(black_box(&ctx), &mut a, spots[k])
        })
    });
    group.bench_function(
        "frame: a fire arc on Mini-Nap being computed, an edit each frame",
        |b| {
            b.iter(|| {
                a.doc.revision += 1;
                k = (k + 1) % spots.len();
                frame_at(black_box(&ctx), &mut a, spots[k])
            })
        },
    );
    group.finish();
}

/// Issue 44: an edit on a fully painted 1000 x 1000 board through to the frame that
/// draws it, as the real window does it: a brush click (the press's frame and the
/// release's, whichever of them draws the hex, and the frame the edit asks for after
/// them) zoomed in to a playing scale and zoomed out to where hexes are 8 points across
/// (target: input to frame < 50 ms), and a token and a unit put zoomed in (the same); a
/// flood fill changing all 1,000,000 hexes of an empty board and its frame (< 1 s),
/// and its undo and redo with theirs (< 0.5 s).
fn edit_frames(c: &mut Criterion) {
    use sandtable::app::tools::Tool;
    let mut group = c.benchmark_group("edits");
    group.sample_size(20);
    let ctx = egui::Context::default();
    let mut a = app(1000);
    frame(&ctx, &mut a);
    a.tools.tool = Tool::Brush;
    let rect = a.canvas.rect().expect("the canvas");
    let size = a.doc.scenario.board.size();
    for (zoom, name) in [(1.0, "zoomed in"), (8.0 / 30.0, "hexes 8 points across")] {
        a.canvas.view.zoom = zoom;
        a.canvas.centre_pending = Some(egui::vec2(size.x, size.y) / 2.0);
        frame(&ctx, &mut a);
        frame(&ctx, &mut a);
        let mut k = 0usize;
        group.bench_function(
            format!("a brush click on a painted 1000x1000 board, {name}"),
            |b| {
                b.iter(|| {
                    k += 1;
                    // Another hex and terrain each click, so that each paints.
                    a.tools.terrain = ["woods", "town"][k % 2].into();
                    let at = rect.center() + egui::vec2((k % 9) as f32 * 4.0 * zoom * 30.0, 0.0);
                    click_frames(&ctx, &mut a, at)
                })
            },
        );
    }
    // Tokens and units put zoomed in: each click a new piece on one of nine hexes.
    a.canvas.view.zoom = 1.0;
    a.canvas.centre_pending = Some(egui::vec2(size.x, size.y) / 2.0);
    frame(&ctx, &mut a);
    frame(&ctx, &mut a);
    a.tools.token = "entrenchment".into();
    a.tools.unit_class = "infantry".into();
    for (tool, name) in [(Tool::Token, "a token"), (Tool::Unit, "a unit")] {
        a.tools.tool = tool;
        let mut k = 0usize;
        group.bench_function(
            format!("{name} put on a painted 1000x1000 board, zoomed in"),
            |b| {
                b.iter(|| {
                    k += 1;
                    let at = rect.center() + egui::vec2((k % 9) as f32 * 4.0 * 30.0, 0.0);
                    click_frames(&ctx, &mut a, at)
                })
            },
        );
    }
    drop(a);
    let rulesets = Rulesets::built_in();
    let empty = {
        let board = HexBoard::new(Orientation::Pointy, 1000, 1000, Stagger::Odd).unwrap();
        Scenario::new("bench", "battle-cry-150", Board::Hex(board))
    };
    let mut a = designer(&rulesets);
    a.doc = Document::new(empty, None, &rulesets);
    a.canvas.fit_pending = true;
    frame(&ctx, &mut a);
    a.canvas.view.zoom = 1.0;
    frame(&ctx, &mut a);
    let board = a.doc.scenario.board.as_hex().cloned().unwrap();
    let middle = board.from_offset(sandtable::board::Offset { col: 500, row: 500 });
    group.sample_size(10);
    let mut k = 0usize;
    group.bench_function("a flood fill of 1,000,000 hexes and its frame", |b| {
        b.iter_custom(|iters| {
            let mut took = std::time::Duration::ZERO;
            for _ in 0..iters {
                // Back to the empty board (not timed).
                if !a.doc.scenario.hexes.is_empty() {
                    a.doc.undo(&rulesets);
                    frame(&ctx, &mut a);
                }
                k += 1;
                let terrain = ["orchard", "woods"][k % 2];
                let start = std::time::Instant::now();
                let default = a.doc.ruleset().and_then(|r| r.default_terrain.clone());
                let fill = sandtable::scenario::paint::fill(
                    &a.doc.scenario,
                    &board,
                    middle,
                    terrain,
                    default.as_deref(),
                );
                a.doc.apply(fill, &rulesets).ok();
                frame(black_box(&ctx), &mut a);
                took += start.elapsed();
            }
            took
        })
    });
    group.bench_function(
        "undo and redo of a 1,000,000-hex fill, each with its frame",
        |b| {
            b.iter(|| {
                a.doc.undo(&rulesets);
                frame(black_box(&ctx), &mut a);
                a.doc.redo(&rulesets);
                frame(black_box(&ctx), &mut a)
            })
        },
    );
    group.finish();
}

/// A left click at `at`: the press's frame, the release's, and the one more frame an
/// edit asks for; the meshes of the last.
fn click_frames(ctx: &egui::Context, a: &mut DesignerApp, at: egui::Pos2) -> usize {
    let button = |pressed| egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    let mut n = 0;
    for events in [
        vec![egui::Event::PointerMoved(at), button(true)],
        vec![button(false)],
        vec![],
    ] {
        let mut i = input();
        i.events = events;
        let out = ctx.run_ui(i, |ui| a.show(ui));
        n = ctx.tessellate(out.shapes, out.pixels_per_point).len();
    }
    n
}

criterion_group!(
    benches,
    frames,
    preview_frames,
    zoom_frames,
    table_field_frames,
    edit_frames
);
criterion_main!(benches);
