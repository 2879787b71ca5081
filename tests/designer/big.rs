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

use crate::designer_kit;

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

/// Renders the frame, waiting again when the software renderer took longer than
/// kittest's fixed 10 s wait: on a machine busy with other builds a big frame can,
/// and a timeout says nothing about the buffer limit this test is about.
fn patiently<T>(mut render: impl FnMut() -> Result<T, String>) -> Result<T, String> {
    let mut last = String::new();
    for _ in 0..3 {
        match render() {
            Ok(img) => return Ok(img),
            Err(e) if e.contains("timed out") => last = e,
            Err(e) => return Err(e),
        }
    }
    Err(last)
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
    let whole = patiently(|| h.render()).expect("the whole board renders");
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
        patiently(|| h.render()).expect("each zoom renders");
    }
}

/// A big file opens in a background thread: the window keeps drawing, with the file's
/// name and a progress bar, until the document is ready. The file here is a named pipe
/// that the test fills only after it has seen the progress window, so the load cannot
/// finish first.
#[test]
fn a_big_file_opens_in_the_background_with_its_name_and_progress() {
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("campaign.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let mut h = designer_kit::app_with(ScriptedDialogs {
        opens: vec![path.clone()],
        ..Default::default()
    });
    h.state_mut().background_from = 0;
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    // The spinner keeps asking for frames: step, not run to a still picture.
    h.run_steps(3);
    h.get_by_label("Opening campaign.json");
    h.get_by_label_contains("Reading the file");

    let source = dir.path().join("source.json");
    sandtable::io::save_scenario(&big(30), &source).expect("the scenario saves");
    let text = std::fs::read(&source).unwrap();
    let writer = {
        let path = path.clone();
        std::thread::spawn(move || std::fs::write(&path, text))
    };
    for _ in 0..200 {
        h.run_steps(1);
        if h.query_by_label("Opening campaign.json").is_none() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    writer.join().unwrap().expect("the pipe takes the file");
    let app = h.state();
    assert!(app.windows.loading.is_none(), "the load finished");
    assert_eq!(app.doc.path.as_deref(), Some(path.as_path()));
    assert_eq!(app.doc.scenario.units.len(), 2000);
    assert_eq!(app.window_title(), "campaign.json - Sandtable");
}

/// Issue 29: a map breaking a thousand rules lists a thousand findings, and the panel lays
/// out only the rows in view (the others hold their place as empty space), so a frame
/// does not grow with the number of findings.
#[test]
fn only_the_findings_in_view_are_laid_out() {
    use egui_kittest::kittest::Queryable;
    let rulesets = Rulesets::built_in();
    let mut s = big(60);
    // A thousand cavalry on rough terrain: a thousand errors.
    s.units.clear();
    let hexes: Vec<_> = s.board.as_hex().unwrap().hexes().take(1000).collect();
    for (k, hex) in hexes.iter().enumerate() {
        s.hexes.insert(*hex, HexCell::terrain("rough-terrain"));
        let mut u = Unit::new(format!("c{k}"), "cavalry");
        u.side = "a".into();
        u.hex = Some(*hex);
        s.units.push(u);
    }
    let mut app = DesignerApp::new(rulesets.clone(), Box::new(ScriptedDialogs::default()));
    app.doc = Document::new(s, None, &rulesets);
    let errors = app.doc.counts().0;
    assert!(errors >= 1000, "{errors} errors");
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(4)
        .build_ui_state(|ui, app: &mut DesignerApp| app.show(ui), app);
    h.run();
    h.run();
    h.get_by_label_contains(&format!("Validation: {errors} errors"));
    // Each row reads "unit c7 (Cavalry) stands on rough terrain at 0108, which it may
    // not enter".
    let shown = h
        .query_all_by_label_contains("which it may not enter")
        .count();
    assert!(shown >= 1, "the first findings are listed");
    assert!(
        shown < 100,
        "{shown} of {errors} rows laid out in one frame"
    );
}
