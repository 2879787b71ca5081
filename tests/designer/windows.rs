//! Every window of the registry, opened once, draws and closes (with Escape, else its
//! close button), as egui's demo walks its windows. A window added to the registry
//! without a way to open it here fails the walk.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::DesignerApp;
use sandtable::app::commands::Command;
use sandtable::app::export::Exported;
use sandtable::app::export_into::Writing;
use sandtable::app::import_choice::ImportChoice;
use sandtable::app::loading::Loading;
use sandtable::app::path_dialog::PathDialog;
use sandtable::app::sample::Sampler;
use sandtable::app::tiled_import::TiledImport;
use sandtable::app::window::Purpose;
use sandtable::app::windows::Windows;
use sandtable::io::import::{self, BoardChoice};
use sandtable::io::tiled::import as tiled;
use sandtable::scene::SceneOptions;

/// What a background job's window waits for: these bytes written to this pipe.
type Feed = Option<(PathBuf, Vec<u8>)>;

/// A file at `path` that a job reading it waits on until `bytes` are written to it (a
/// named pipe), so that the job's window is seen while it works; where there is no
/// `mkfifo`, a plain file with the bytes (the job may then end before a frame shows).
fn waiting_file(path: &Path, bytes: Vec<u8>) -> Feed {
    let piped = std::process::Command::new("mkfifo").arg(path).status();
    if piped.is_ok_and(|s| s.success()) {
        return Some((path.to_path_buf(), bytes));
    }
    std::fs::write(path, bytes).unwrap();
    None
}

/// The windows a command opens: the slot, the command, the window's title.
const BY_COMMAND: [(&str, Command, &str); 7] = [
    ("module_editor", Command::ModuleEditor, "Module editor"),
    (
        "properties",
        Command::ScenarioProperties,
        "Scenario properties",
    ),
    ("plan", Command::ScenarioPlan, "Scenario plan"),
    ("forces", Command::Forces, "Forces"),
    ("new", Command::New, "New scenario"),
    ("export", Command::Export, "Export"),
    (
        "shortcuts",
        Command::KeyboardShortcuts,
        "Keyboard shortcuts",
    ),
];

/// Opens the window of `slot` as the user (or the app) does; returns its title and
/// what its job waits for.
fn open(h: &mut Harness<'_, DesignerApp>, slot: &str, dir: &Path) -> (String, Feed) {
    let app = h.state_mut();
    if let Some((_, command, title)) = BY_COMMAND.iter().find(|(s, ..)| *s == slot) {
        app.queue(*command);
        return (title.to_string(), None);
    }
    let mut feed = None;
    let title = match slot {
        "loading" => {
            let text = std::fs::read(dir.join("traced.ron")).unwrap();
            let (file, bytes) = (dir.join("piped.ron"), text.len() as u64);
            feed = waiting_file(&file, text);
            let rulesets = app.rulesets.clone();
            app.windows.loading = Some(Loading::start(&file, bytes, rulesets, |_| {
                SceneOptions::default()
            }));
            "Opening piped.ron"
        }
        "path" => {
            let d = PathDialog::open("Open scenario", &[], dir.to_path_buf(), &[]);
            app.windows.path = Some((d, Purpose::Open));
            "Open scenario"
        }
        "import_choice" => {
            app.windows.import_choice = Some(ImportChoice {
                path: dir.join("module.vmod"),
                reader: import::by_name("vassal").expect("the VASSAL reader"),
                boards: vec![BoardChoice {
                    map: "Main Map".into(),
                    board: "Board".into(),
                    image: None,
                    kind: Some("hex"),
                    layout: Vec::new(),
                }],
                board: 0,
                ruleset: "battle-cry-150".into(),
            });
            "Import VASSAL module"
        }
        "tiled_import" => {
            // Tiled's own hex example: its tiles name no terrain.
            let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tiled");
            let file = dir.join("hexagonal-mini.tmx");
            std::fs::copy(fixtures.join("hexagonal-mini.tmx"), &file).unwrap();
            let map = tiled::read_map(&file).unwrap();
            let w = TiledImport::new(&file, map, &app.doc.scenario.ruleset, &app.rulesets);
            app.windows.tiled_import = Some(w);
            "Import Tiled map"
        }
        "sample" => {
            app.windows.sample = Some(Sampler::default());
            "Sample the background"
        }
        "writing" => {
            // Into a "module" that is no zip: the thread says so once it has read it.
            let module = dir.join("module.vmod");
            feed = waiting_file(&module, b"not a module".to_vec());
            let ruleset = app.doc.module().expect("the ruleset").clone();
            let scenario = app.doc.scenario.clone();
            let output = dir.join("out.vmod");
            app.windows.writing = Some(Writing::start(scenario, ruleset, module, output, None));
            "Exporting into the module"
        }
        "exported" => {
            app.windows.exported = Some(Exported::new(dir.join("traced.svg")));
            "Exported"
        }
        other => panic!("no way to open the '{other}' window: add one to this walk"),
    };
    (title.to_string(), feed)
}

/// Whether the window of `slot` is open.
fn is_open(h: &Harness<'_, DesignerApp>, slot: &str) -> bool {
    h.state().windows.open().contains(&slot)
}

/// Closes the open window: Escape, else the first close control it has.
fn close(h: &mut Harness<'_, DesignerApp>, slot: &str) {
    h.key_press(Key::Escape);
    h.run();
    for label in ["Close window", "Cancel", "OK"] {
        if !is_open(h, slot) {
            return;
        }
        if let Some(button) = h.query_by_label(label) {
            button.click();
            h.run();
        }
    }
}

/// Steps frames until the window of `slot` has closed by itself (a background job done).
fn finished(h: &mut Harness<'_, DesignerApp>, slot: &str) {
    let start = Instant::now();
    while is_open(h, slot) && start.elapsed() < Duration::from_secs(60) {
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run();
}

#[test]
fn every_window_of_the_registry_opens_draws_and_closes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("scan.png"),
        crate::backdrop::halves(400, 320),
    )
    .unwrap();
    let file = crate::backdrop::scenario_with(dir.path(), "scan.png", 400);
    let mut h = crate::designer_kit::drawn_on(&file);
    crate::backdrop::settled(&mut h);
    let mut walked = Vec::new();
    for slot in Windows::SLOTS {
        let (title, feed) = open(&mut h, slot, dir.path());
        // A background job's window shows while its thread works: two frames (a new
        // window's first is its sizing pass, drawn unseen).
        let works = matches!(*slot, "loading" | "writing");
        if works {
            h.step();
            h.step();
        } else {
            h.run();
        }
        if is_open(&h, slot) {
            let drawn = h.query_all_by_label(&title).next().is_some();
            assert!(drawn, "the '{slot}' window shows '{title}'");
        } else {
            assert!(works && feed.is_none(), "the '{slot}' window closed unseen");
        }
        if let Some((pipe, bytes)) = feed {
            // Written from aside: opening a pipe waits for its reader.
            std::thread::spawn(move || std::fs::write(pipe, bytes));
        }
        if works {
            finished(&mut h, slot);
        } else {
            close(&mut h, slot);
        }
        assert!(!is_open(&h, slot), "the '{slot}' window did not close");
        assert_eq!(h.state().windows.open(), Vec::<&str>::new(), "after {slot}");
        // The module written into is no module: said, and read.
        if *slot == "writing" {
            let error = h.state().error.clone().unwrap_or_default();
            assert!(error.contains("out.vmod"), "{error}");
            h.get_by_label("OK").click();
            h.run();
        }
        assert_eq!(h.state().error, None, "after {slot}");
        walked.push(*slot);
    }
    assert_eq!(walked, Windows::SLOTS);
}
