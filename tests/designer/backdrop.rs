//! Issue 28: a board's background image (a module's printed map, a scan to trace) on
//! the canvas, under the terrain, decoded off the frame, with its own toggle and opacity.

use std::path::Path;
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sandtable::app::DesignerApp;
use sandtable::app::backdrop::Status;
use sandtable::app::canvas::Canvas;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::board::{Background, Board, HexBoard, Orientation, Stagger};
use sandtable::scenario::Scenario;

/// A `w` x `h` image: red on the left half, blue on the right.
pub fn halves(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbaImage::from_fn(w, h, |x, _| {
        if x < w / 2 {
            image::Rgba([220, 30, 30, 255])
        } else {
            image::Rgba([30, 30, 220, 255])
        }
    });
    let mut out = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// A 10 x 8 Battle Cry board whose background `image` covers it (`px` image pixels
/// wide), saved in `dir`.
pub fn scenario_with(dir: &Path, image: &str, px: u32) -> std::path::PathBuf {
    let mut board = HexBoard::new(Orientation::Pointy, 10, 8, Stagger::Odd).unwrap();
    let width = f64::from(board.layout().size().x);
    board.background = Some(Box::new(Background {
        image: image.into(),
        at: Default::default(),
        scale: width / f64::from(px),
        vassal: None,
        measure: None,
    }));
    let s = Scenario::new("traced", "battle-cry-150", Board::Hex(board));
    let path = dir.join("traced.ron");
    sandtable::io::save_scenario(&s, &path).unwrap();
    path
}

fn open(path: &Path) -> Harness<'static, DesignerApp> {
    crate::designer_kit::drawn_on(path)
}

/// Steps frames until the image has loaded or failed (the frame never waits for it).
pub fn settled(h: &mut Harness<'_, DesignerApp>) -> Status {
    let start = Instant::now();
    loop {
        h.step();
        let s = h.state().canvas.backdrop.status();
        if !matches!(s, Status::Loading(_) | Status::None)
            || start.elapsed() > Duration::from_secs(60)
        {
            return s;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The problem shown, read and dismissed with OK.
fn problem_read(h: &mut Harness<'_, DesignerApp>) -> String {
    h.get_by_label("Problem");
    let text = h.state().error.clone().unwrap_or_default();
    h.get_by_label(&text);
    h.get_by_label("OK").click();
    h.run();
    text
}

/// Opens View > Layers, does `act` there, and closes the menu.
fn view_layers(h: &mut Harness<'_, DesignerApp>, act: impl FnOnce(&mut Harness<'_, DesignerApp>)) {
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Layers").click();
    h.run();
    act(h);
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
}

fn pixel(h: &mut Harness<'_, DesignerApp>, label: &str) -> [u8; 3] {
    h.run();
    let p = crate::designer_kit::at(h, label);
    let img = h.render().expect("the frame renders");
    let ppp = h.ctx.pixels_per_point();
    let px = img.get_pixel((p.x * ppp) as u32, (p.y * ppp) as u32);
    [px[0], px[1], px[2]]
}

#[test]
fn a_boards_background_image_shows_under_the_terrain_with_its_own_toggle_and_opacity() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("map.png"), halves(600, 400)).unwrap();
    let path = scenario_with(dir.path(), "map.png", 600);
    let mut h = open(&path);
    assert_eq!(
        settled(&mut h),
        Status::Ready {
            size: [600, 400],
            tiled: false
        }
    );
    // A hex on the left shows the red half through its terrain, one on the right the
    // blue half.
    // How much redder than blue a colour is.
    let red = |c: [u8; 3]| i32::from(c[0]) - i32::from(c[2]);
    let left = pixel(&mut h, "B3");
    let right = pixel(&mut h, "I3");
    // View > Layers hides it: the same hex is its terrain over the paper.
    view_layers(&mut h, |h| {
        h.get_by_role_and_label(egui::accesskit::Role::CheckBox, "Background image")
            .click();
    });
    let hidden = pixel(&mut h, "B3");
    assert!(
        red(left) > red(hidden) + 40,
        "left {left:?}, hidden {hidden:?}"
    );
    assert!(
        red(right) < red(hidden) - 40,
        "right {right:?}, hidden {hidden:?}"
    );
    // Half opacity: between the two.
    view_layers(&mut h, |h| {
        h.get_by_role_and_label(egui::accesskit::Role::CheckBox, "Background image")
            .click();
    });
    view_layers(&mut h, |h| {
        h.get_by_role_and_label(egui::accesskit::Role::Slider, "Image opacity")
            .set_value_accesskit(0.5);
    });
    let half = pixel(&mut h, "B3");
    assert!(
        red(hidden) + 10 < red(half) && red(half) + 10 < red(left),
        "{hidden:?} {half:?} {left:?}"
    );
}

#[test]
fn a_missing_background_image_is_named_and_the_board_still_opens() {
    let dir = tempfile::tempdir().unwrap();
    let path = scenario_with(dir.path(), "scans/gone.png", 600);
    let mut h = open(&path);
    let Status::Failed(why) = settled(&mut h) else {
        panic!("the missing image was not reported");
    };
    assert!(why.contains("scans/gone.png"), "{why}");
    let app = h.state();
    assert!(app.error.is_none(), "no modal error: {:?}", app.error);
    assert_eq!(app.doc.scenario.title, "traced");
    assert_eq!(app.doc.path.as_deref(), Some(path.as_path()));
}

#[test]
fn an_image_bigger_than_a_texture_is_drawn_from_tiles_when_zoomed_in() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("wide.png"), halves(9000, 600)).unwrap();
    let path = scenario_with(dir.path(), "wide.png", 9000);
    let mut h = open(&path);
    assert_eq!(
        settled(&mut h),
        Status::Ready {
            size: [9000, 600],
            tiled: true
        }
    );
    assert_eq!(
        h.state().canvas.backdrop.tiles(),
        0,
        "seen whole: the overview"
    );
    // Zoomed in on the image's left half, the overview's texels would be blurry: the
    // tiles in view are cut off the frame and drawn.
    let rect = h.state().canvas.rect().unwrap();
    let bg = h.state().doc.scenario.board.background().unwrap().clone();
    let (x, y) = bg.to_board((1500.0, 300.0));
    {
        let view = &mut h.state_mut().canvas.view;
        view.zoom = sandtable::app::view::View::MAX_ZOOM;
        view.centre_on(rect, egui::vec2(x as f32, y as f32));
    }
    let start = Instant::now();
    while h.state().canvas.backdrop.tiles() == 0 && start.elapsed() < Duration::from_secs(30) {
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    let tiles = h.state().canvas.backdrop.tiles();
    assert!((1..=4).contains(&tiles), "{tiles} tiles");
    h.run();
    let img = h.render().expect("the frame renders");
    let ppp = h.ctx.pixels_per_point();
    let c = rect.center();
    let px = img.get_pixel((c.x * ppp) as u32, (c.y * ppp) as u32);
    assert!(
        px[0] > px[2] + 100,
        "the red half, drawn from a tile: {px:?}"
    );
}

/// A module of two boards on one map, the second one's image left out of the archive.
fn two_boards(dir: &Path) -> std::path::PathBuf {
    use crate::vmod::{TestBoard, hex_grid, module, numbering};
    let grid = hex_grid(55.4256, 64.0, 40, 40, false, &numbering(""));
    let bytes = module(
        "Two Boards",
        "1.0",
        &[
            TestBoard {
                name: "North".into(),
                size: (600, 430),
                grid: grid.clone(),
                image_missing: false,
            },
            TestBoard {
                name: "South".into(),
                size: (600, 430),
                grid,
                image_missing: true,
            },
        ],
        &[],
        &["Union", "Confederate"],
    );
    let path = dir.join("twoboards.vmod");
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn file_import_vassal_module_lists_its_boards_and_opens_the_one_chosen_over_its_image() {
    let dir = tempfile::tempdir().unwrap();
    let vmod = two_boards(dir.path());
    let saved = dir.path().join("saved/north.ron");
    std::fs::create_dir_all(saved.parent().unwrap()).unwrap();
    let mut h = crate::designer_kit::app_with(ScriptedDialogs {
        opens: vec![vmod.clone(), vmod.clone()],
        saves: vec![saved.clone()],
        ..Default::default()
    });
    let import = |h: &mut Harness<'_, DesignerApp>| {
        h.get_by_label("File").click();
        h.run();
        h.get_by_label("Import VASSAL module...").click();
        h.run();
    };
    // The board whose image is missing: the importer's error, plainly, and the
    // document stays as it was.
    import(&mut h);
    let title = h.state().doc.scenario.title.clone();
    h.get_by_label("map 'Main Map', board 'South' (South.png)")
        .click();
    h.run();
    h.get_by_label("Battle Cry (150th anniversary)").click();
    h.run();
    h.get_by_label("Import").click();
    h.run();
    let error = problem_read(&mut h);
    assert!(
        error.contains("twoboards.vmod") && error.contains("images/South.png"),
        "{error}"
    );
    assert_eq!(h.state().doc.scenario.title, title);
    // The other board opens, unsaved, over its printed map.
    import(&mut h);
    h.get_by_label("map 'Main Map', board 'North' (North.png)")
        .click();
    h.run();
    h.get_by_label("Import").click();
    h.run();
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    let doc = &h.state().doc;
    assert_eq!(doc.scenario.title, "Two Boards: North");
    assert_eq!(doc.scenario.ruleset, "battle-cry-150");
    assert!(
        doc.path.is_none() && doc.history.is_dirty(),
        "imported, unsaved"
    );
    let bg = doc.scenario.board.background().expect("a background");
    assert_eq!(bg.image, "twoboards-board.png");
    assert_eq!(
        settled(&mut h),
        Status::Ready {
            size: [600, 430],
            tiled: false
        }
    );
    // Saving writes the image beside the scenario, named after it, and the board names
    // it so.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    let bg = h
        .state()
        .doc
        .scenario
        .board
        .background()
        .expect("a background");
    assert_eq!(bg.image, "north-board.png");
    let image = saved.parent().unwrap().join("north-board.png");
    assert_eq!(image::image_dimensions(&image).unwrap(), (600, 430));
    assert_eq!(
        settled(&mut h),
        Status::Ready {
            size: [600, 430],
            tiled: false
        }
    );
}

#[test]
fn sample_the_background_sets_every_hex_showing_the_picked_colour_in_one_undo_step() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("map.png"), halves(600, 400)).unwrap();
    let path = scenario_with(dir.path(), "map.png", 600);
    let mut h = open(&path);
    settled(&mut h);
    let woods = |h: &Harness<'_, DesignerApp>| {
        let s = &h.state().doc.scenario;
        let board = s.board.as_hex().unwrap();
        let mut l: Vec<String> = s
            .hexes
            .iter()
            .filter(|(_, c)| c.terrain == "woods")
            .map(|(hex, _)| board.label(*hex))
            .collect();
        l.sort();
        l
    };
    h.get_by_label("Woods").click();
    h.run();
    h.get_by_label("Sample the background...").click();
    h.run();
    // The click on the map picks its colour; the brush in hand paints nothing.
    let b3 = crate::designer_kit::at(&h, "B3");
    crate::designer_kit::drag(&mut h, &[b3]);
    assert!(woods(&h).is_empty(), "the pick painted {:?}", woods(&h));
    h.get_by_label_contains("hexes to Woods").click();
    h.run();
    let set = woods(&h);
    // Every hex whose centre lies on the red half, and none on the blue half.
    let s = &h.state().doc.scenario;
    let board = s.board.as_hex().unwrap();
    let bg = board.background.as_deref().unwrap();
    let red: Vec<String> = {
        let mut l: Vec<String> = board
            .hexes()
            .filter(|hex| {
                let c = Canvas::hex_centre(&s.board, *hex).unwrap();
                bg.to_pixels((f64::from(c.x), f64::from(c.y))).0 < 300.0
            })
            .map(|hex| board.label(hex))
            .collect();
        l.sort();
        l
    };
    assert_eq!(set, red);
    // One undo step takes them all back.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(woods(&h).is_empty(), "{:?}", woods(&h));
}

#[test]
fn scenario_properties_put_a_scan_under_a_new_hex_board_as_one_undo_step() {
    let dir = tempfile::tempdir().unwrap();
    let scan = dir.path().join("scan.png");
    std::fs::write(&scan, halves(600, 400)).unwrap();
    let mut h = crate::designer_kit::app_with(ScriptedDialogs {
        opens: vec![scan.clone()],
        ..Default::default()
    });
    assert!(h.state().doc.scenario.board.background().is_none());
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Scenario properties...").click();
    h.run();
    h.get_by_label("Choose image...").click();
    h.run();
    h.get_by_label("Apply background").click();
    h.run();
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    let board = h.state().doc.scenario.board.clone();
    let bg = board.background().expect("the board has the scan under it");
    assert_eq!(
        Path::new(&bg.image),
        scan.as_path(),
        "an unsaved scenario names it whole"
    );
    // Placed at the board's corner, as wide as the board.
    let width = f64::from(board.size().x);
    assert!((bg.scale * 600.0 - width).abs() < 1e-6, "{}", bg.scale);
    assert_eq!(
        settled(&mut h),
        Status::Ready {
            size: [600, 400],
            tiled: false
        }
    );
    // One undo step takes it away again.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(h.state().doc.scenario.board.background().is_none());
}

#[test]
fn a_table_takes_a_background_to_trace_too() {
    use sandtable::board::{FreeformBoard, TableUnit};
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("scan.png"), halves(600, 400)).unwrap();
    let table = FreeformBoard {
        background: Some(Background {
            image: "scan.png".into(),
            at: Default::default(),
            scale: 0.2,
            vassal: None,
            measure: None,
        }),
        ..FreeformBoard::new(120.0, 80.0, TableUnit::Cm)
    };
    let s = Scenario::new("table", "mini-nap", Board::Freeform(table));
    let path = dir.path().join("table.ron");
    sandtable::io::save_scenario(&s, &path).unwrap();
    let mut h = open(&path);
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    assert_eq!(
        settled(&mut h),
        Status::Ready {
            size: [600, 400],
            tiled: false
        }
    );
    // The left half of the table shows the red half of the scan.
    let rect = h.state().canvas.rect().unwrap();
    let at = h
        .state()
        .canvas
        .view
        .to_screen(rect, egui::vec2(20.0, 40.0));
    h.run();
    let img = h.render().expect("the frame renders");
    let ppp = h.ctx.pixels_per_point();
    let px = img.get_pixel((at.x * ppp) as u32, (at.y * ppp) as u32);
    // Under the table's ground, which lets it show.
    assert!(px[0] > px[2] + 50, "{px:?}");
}

/// Issue 45: "a table (freeform) scenario can have a background image the same way (a
/// scanned table layout or a photo of a real table, scaled by two points of known
/// distance)". Two points 300 px apart said to be 60 cm apart make 0.2 cm a pixel; the
/// points are kept in the file, and the image lies under the table.
#[test]
fn a_tables_photo_is_scaled_by_two_points_of_known_distance() {
    use sandtable::board::{FreeformBoard, TableUnit};
    let dir = tempfile::tempdir().unwrap();
    let scan = dir.path().join("photo.png");
    std::fs::write(&scan, halves(600, 400)).unwrap();
    let s = Scenario::new(
        "table",
        "mini-nap",
        Board::Freeform(FreeformBoard::new(120.0, 80.0, TableUnit::Cm)),
    );
    let path = dir.path().join("table.ron");
    sandtable::io::save_scenario(&s, &path).unwrap();
    let mut h = crate::designer_kit::app_with(ScriptedDialogs {
        opens: vec![path.clone(), scan.clone()],
        ..Default::default()
    });
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Scenario properties...").click();
    h.run();
    h.get_by_label("Choose image...").click();
    h.run();
    h.get_by_label("Scale by two points of known distance")
        .click();
    h.run();
    crate::designer_kit::set_number(&mut h, "point 1 x", 100.0);
    crate::designer_kit::set_number(&mut h, "point 2 x", 400.0);
    crate::designer_kit::set_number(&mut h, "are ", 60.0);
    h.get_by_label("Apply background").click();
    h.run();
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    let bg = h
        .state()
        .doc
        .scenario
        .board
        .background()
        .expect("the photo under the table")
        .clone();
    assert!((bg.scale - 0.2).abs() < 1e-9, "{}", bg.scale);
    let m = bg.measure.clone().expect("the two points kept");
    assert_eq!((m.from.x, m.to.x, m.distance), (100.0, 400.0, 60.0));
    assert_eq!(
        settled(&mut h),
        Status::Ready {
            size: [600, 400],
            tiled: false
        }
    );
    // Saved and read back with its points.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    let again =
        sandtable::io::load_scenario(&path, &sandtable::rules::Rulesets::built_in()).unwrap();
    assert_eq!(again.board.background(), Some(&bg));
}

/// Issue 45 (the table's background): the two points of known distance are clicked on
/// the image the board shows, not only typed in pixels: "Pick point 1", a click on the
/// photo, "Pick point 2", another, the distance typed, Apply: one undo step.
#[test]
fn a_tables_two_points_are_picked_on_its_photo_and_applied_as_one_undo_step() {
    use sandtable::board::{FreeformBoard, TableUnit};
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("photo.png"), halves(600, 400)).unwrap();
    // The photo under a 120 x 80 cm table, 0.2 cm a pixel, from its top-left corner.
    let mut table = FreeformBoard::new(120.0, 80.0, TableUnit::Cm);
    table.background = Some(Background {
        image: "photo.png".into(),
        at: Default::default(),
        scale: 0.2,
        vassal: None,
        measure: None,
    });
    let s = Scenario::new("table", "mini-nap", Board::Freeform(table));
    let path = dir.path().join("table.ron");
    sandtable::io::save_scenario(&s, &path).unwrap();
    let mut h = open(&path);
    settled(&mut h);
    let before = h.state().doc.scenario.board.clone();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Scenario properties...").click();
    h.run();
    h.get_by_label("Scale by two points of known distance")
        .click();
    h.run();
    // Where a pixel of the photo is on the screen (left of the window, which lies over
    // the board's right half).
    let screen = |h: &Harness<'_, DesignerApp>, px: (f64, f64)| {
        let app = h.state();
        let bg = app.doc.scenario.board.background().unwrap();
        let (x, y) = bg.to_board(px);
        app.canvas
            .view
            .to_screen(app.canvas.rect().unwrap(), egui::vec2(x as f32, y as f32))
    };
    let revision = h.state().doc.revision;
    for (button, px) in [
        ("Pick point 1", (40.0, 350.0)),
        ("Pick point 2", (180.0, 350.0)),
    ] {
        h.get_by_label(button).click();
        h.run();
        assert!(crate::designer_kit::is_on(&h, button), "{button} waits");
        let p = screen(&h, px);
        crate::designer_kit::click_at(&mut h, p);
        assert!(!crate::designer_kit::is_on(&h, button), "{button} picked");
    }
    assert_eq!(
        h.state().doc.revision,
        revision,
        "a pick only fills the fields"
    );
    crate::designer_kit::set_number(&mut h, "are ", 42.0);
    h.get_by_label("Apply background").click();
    h.run();
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    let bg = h.state().doc.scenario.board.background().unwrap().clone();
    let m = bg.measure.clone().expect("the picked points kept");
    // Clicked where the screen shows the pixels: within a screen pixel, under one
    // image pixel at this zoom.
    for (got, want) in [
        ((m.from.x, m.from.y), (40.0, 350.0)),
        ((m.to.x, m.to.y), (180.0, 350.0)),
    ] {
        assert!(
            (got.0 - want.0).abs() <= 1.0 && (got.1 - want.1).abs() <= 1.0,
            "{got:?} picked for {want:?}"
        );
    }
    // 140 px said to be 42 cm apart: 0.3 cm a pixel.
    assert!((bg.scale - 0.3).abs() < 0.003, "{}", bg.scale);
    assert_eq!(m.distance, 42.0);
    // One undo step: the photo as it was.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().doc.scenario.board, before);
}

/// Runs frames until File > Export into the original module has finished writing.
fn written(h: &mut Harness<'_, DesignerApp>) {
    let start = Instant::now();
    // The app's own slot as well as the window: on a loaded machine the window was not
    // yet drawn when first asked, and the run after it spun on the writing's spinner.
    while h.state().windows.writing.is_some()
        || h.query_by_label("Exporting into the module").is_some()
    {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "still writing the module"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    h.run();
}

/// File > Export, VASSAL, "Into the original module" (ticked to start with, issue 45:
/// "Default to writing into a copy of the original when the scenario came from a
/// module"), Export...
fn export_into_module(h: &mut Harness<'_, DesignerApp>, redraw: bool) {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Export...").click();
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Format")
        .click();
    h.run();
    h.get_by_label("VASSAL module").click();
    h.run();
    let into = h
        .query_all_by_label_contains("Into the original module")
        .next()
        .expect("offered for a board imported from a module")
        .accesskit_node()
        .toggled();
    assert_eq!(
        into,
        Some(egui::accesskit::Toggled::True),
        "ticked to start with"
    );
    if redraw {
        h.get_by_label("Draw the terrain over its board image")
            .click();
        h.run();
    }
    h.query_all_by_label("Export...")
        .last()
        .expect("the window's button")
        .click();
    // Stepped, not run: the progress window asks for frames until the module is written.
    h.step();
    h.step();
}

/// Issue 28, "Export back ... and in File > Export, when the scenario came from a
/// module": the module's path is remembered by the import, File > Export offers "Into
/// the original module", refuses to overwrite the original, and writes in the
/// background the same module `sandtable export --into` writes (which
/// `tests/clients/vassal_import.rs` loads in VASSAL's engine).
#[test]
fn file_export_writes_the_imported_board_back_into_a_new_copy_of_its_module() {
    use sandtable::scenario::{Edit, HexCell};
    let dir = tempfile::tempdir().unwrap();
    let vmod = dir.path().join("original.vmod");
    let grid = crate::vmod::hex_grid(55.4256, 64.0, 40, 40, false, &crate::vmod::numbering(""));
    std::fs::write(&vmod, crate::vmod::simple(&grid)).unwrap();
    let original = std::fs::read(&vmod).unwrap();
    let out = dir.path().join("with-terrain.vmod");
    let saved = dir.path().join("board.ron");
    let mut h = crate::designer_kit::app_with(ScriptedDialogs {
        opens: vec![vmod.clone()],
        saves: vec![vmod.clone(), out.clone(), saved.clone()],
        ..Default::default()
    });
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Import VASSAL module...").click();
    h.run();
    h.get_by_label("Battle Cry (150th anniversary)").click();
    h.run();
    h.get_by_label("Import").click();
    h.run();
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    let v = h
        .state()
        .doc
        .scenario
        .board
        .background()
        .unwrap()
        .vassal
        .clone()
        .unwrap();
    assert_eq!(v.module.as_deref().map(Path::new), Some(vmod.as_path()));
    // Woods painted on one hex.
    let rulesets = h.state().rulesets.clone();
    let board = h.state().doc.scenario.board.as_hex().unwrap().clone();
    let hex = board.hex_at(&board.label(hexx::Hex::new(2, 2))).unwrap();
    let label = board.label(hex);
    let e = Edit::SetHex {
        hex,
        cell: Some(HexCell::terrain("woods")),
    };
    h.state_mut().doc.apply(e, &rulesets).unwrap();
    h.run();

    // The first place asked is the original itself: refused, and it is untouched.
    export_into_module(&mut h, false);
    written(&mut h);
    let error = problem_read(&mut h);
    assert!(error.contains("that is the original module"), "{error}");
    assert_eq!(std::fs::read(&vmod).unwrap(), original);

    // Then a new file: the progress window while it is written, then the notice.
    export_into_module(&mut h, false);
    written(&mut h);
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    h.get_by_label(&format!("Wrote {}", out.display()));
    assert_eq!(
        std::fs::read(&vmod).unwrap(),
        original,
        "original unchanged"
    );
    let build = crate::vmod::entry_text(&std::fs::read(&out).unwrap(), "buildFile.xml");
    assert!(build.contains("ZonedGrid"), "{build}");
    assert!(
        build.contains(&format!("name=\"{label}\"")) && build.contains("initialValue=\"woods\""),
        "the painted hex's zone"
    );

    // The same bytes as the command line writes from the saved scenario.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    let cli = dir.path().join("cli.vmod");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args([
            "export",
            saved.to_str().unwrap(),
            "--format",
            "vassal",
            "--into",
        ])
        .arg(&vmod)
        .arg("--output")
        .arg(&cli)
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(
        std::fs::read(&cli).unwrap(),
        std::fs::read(&out).unwrap(),
        "the designer writes what `export --into` writes"
    );
}

/// Issue 45: "importing Board A of a module, saving, then importing Board F of the same
/// module and saving in the same folder, silently replaces Board A's background ...
/// Nothing a scenario refers to may be overwritten by another scenario."
#[test]
fn two_boards_of_one_module_saved_in_one_folder_keep_their_own_pictures() {
    let dir = tempfile::tempdir().unwrap();
    use crate::vmod::{TestBoard, hex_grid, module, numbering};
    let grid = hex_grid(55.4256, 64.0, 40, 40, false, &numbering(""));
    let boards: Vec<TestBoard> = [("North", (600, 430)), ("East", (500, 400))]
        .into_iter()
        .map(|(name, size)| TestBoard {
            name: name.into(),
            size,
            grid: grid.clone(),
            image_missing: false,
        })
        .collect();
    let bytes = module("Two Boards", "1.0", &boards, &[], &["Union", "Confederate"]);
    let vmod = dir.path().join("two.vmod");
    std::fs::write(&vmod, bytes).unwrap();
    let (a, b) = (dir.path().join("a.ron"), dir.path().join("b.ron"));
    let mut h = crate::designer_kit::app_with(ScriptedDialogs {
        opens: vec![vmod.clone(), vmod.clone()],
        saves: vec![a.clone(), b.clone()],
        ..Default::default()
    });
    for board in ["North", "East"] {
        h.get_by_label("File").click();
        h.run();
        h.get_by_label("Import VASSAL module...").click();
        h.run();
        h.get_by_label(&format!("map 'Main Map', board '{board}' ({board}.png)"))
            .click();
        h.run();
        h.get_by_label("Import").click();
        h.run();
        assert!(h.state().error.is_none(), "{:?}", h.state().error);
        settled(&mut h);
        // Unsaved: Save asks where.
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
        h.run();
        assert!(h.state().error.is_none(), "{:?}", h.state().error);
    }
    for (scenario, image, size) in [
        (&a, "a-board.png", (600, 430)),
        (&b, "b-board.png", (500, 400)),
    ] {
        let text = std::fs::read_to_string(scenario).unwrap();
        assert!(
            text.contains(image),
            "{} names {image}: {text}",
            scenario.display()
        );
        assert_eq!(
            image::image_dimensions(dir.path().join(image)).unwrap(),
            size,
            "{image} is its own board's picture"
        );
    }
}
