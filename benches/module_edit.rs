//! Issue 24's targets: a module edit applied to a 250 x 250 map (the module step,
//! the map's revalidation against the new module, and the next frame: palette, drawing,
//! panels) < 50 ms; opening the module editor on a built-in module (its first frame)
//! < 100 ms. No GPU: egui runs headless and its output is tessellated.

#![allow(clippy::unwrap_used)] // A bench's helpers unwrap: a panic is its report.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::app::DesignerApp;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::document::Document;
use sandtable::rules::Rulesets;
use sandtable::scenario::{Edit, Scenario};

#[path = "common/designer.rs"]
mod designer;
use designer::frame;

/// The boards of these benches: their terrains in a fixed scatter.
fn board(n: u32) -> Scenario {
    designer::board(
        n,
        &[
            "woods", "hill", "town", "field", "orchard", "clear", "clear",
        ],
    )
}

fn module_edit(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let mut app = DesignerApp::new(rulesets.clone(), Box::new(ScriptedDialogs::default()));
    app.doc = Document::new(board(250), None, &rulesets);
    let ctx = egui::Context::default();
    frame(&ctx, &mut app);
    frame(&ctx, &mut app);
    let mut cost = 1;
    c.bench_function("module edit on a 250 x 250 map", |b| {
        b.iter(|| {
            // Woods cost 1 or 2 to enter, alternately: each iteration is a real change.
            cost = 3 - cost;
            let mut r = app.doc.ruleset().unwrap().clone();
            if let Some(woods) = r.terrains[1].terrain_mut() {
                woods.movement.cost.insert("*".into(), cost);
            }
            app.module_step(r, Edit::Batch(Vec::new()));
            black_box(frame(&ctx, &mut app))
        })
    });
}

fn open_editor(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    for id in ["battle-cry-150", "sticks-and-stones", "mini-nap"] {
        let r = rulesets.get(id).unwrap();
        let s = Scenario::new("bench", id, r.board.clone());
        let mut app = DesignerApp::new(rulesets.clone(), Box::new(ScriptedDialogs::default()));
        app.doc = Document::new(s, None, &rulesets);
        let ctx = egui::Context::default();
        frame(&ctx, &mut app);
        c.bench_function(&format!("open the module editor on {id}"), |b| {
            b.iter(|| {
                app.windows.module_editor = None;
                app.open_module_editor();
                black_box(frame(&ctx, &mut app))
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = module_edit, open_editor
}
criterion_main!(benches);
