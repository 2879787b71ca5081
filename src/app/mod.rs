//! The map designer: an egui application over the library. This is the only module
//! that uses egui; the document, rules and files come from the layers below.

mod actions;
mod area_inspector;
pub mod area_tools;
pub mod backdrop;
pub mod backdrop_panel;
pub mod board_tool;
pub mod canvas;
pub mod clipboard;
pub mod commands;
pub mod dialogs;
pub mod document;
pub mod error;
pub mod export;
pub mod export_into;
pub mod file_flow;
mod file_menu;
pub mod forces;
mod frame;
pub mod frame_log;
pub mod hex_tools;
pub mod icons;
pub mod import_choice;
mod importing;
pub mod loading;
pub mod memory;
mod menus;
pub mod module_editor;
pub mod new_boards;
pub mod new_dialog;
mod objective_panel;
pub mod objective_tool;
mod outcomes;
mod overview;
pub mod paint;
mod panels;
pub mod path_dialog;
pub mod pbs_panel;
pub mod plan_panel;
pub mod preview;
mod preview_table;
mod preview_worker;
pub mod properties;
pub mod questions;
pub mod recovery;
pub mod renderer;
pub mod sample;
pub mod scenario_panel;
pub mod select;
mod shortcuts;
pub mod table;
pub mod tiled_import;
pub mod tools;
mod turn_bar;
pub mod turns;
pub mod view;
pub mod window;
pub mod windows;
pub mod words;

use std::path::{Path, PathBuf};

use egui::Ui;

use self::canvas::Canvas;
use self::commands::Command;
use self::dialogs::{FileDialogs, NativeDialogs};
use self::document::Document;
use self::tools::ToolState;
use crate::io;
use crate::rules::Rulesets;
use crate::scenario::Scenario;

/// How many recent files the File menu keeps.
const RECENT: usize = 8;

pub use self::file_flow::Replace;
pub use self::window::Purpose;

/// The designer.
pub struct DesignerApp {
    pub doc: Document,
    pub rulesets: Rulesets,
    pub tools: ToolState,
    pub canvas: Canvas,
    pub dialogs: Box<dyn FileDialogs>,
    /// A message for the user (a failed load or save), shown until dismissed.
    pub error: Option<String>,
    pub recent: Vec<PathBuf>,
    pub recovery: recovery::Recovery,
    /// Unsaved work found at start, waiting for the user to restore or discard it.
    pub pending_recovery: Option<(Scenario, Option<PathBuf>)>,
    /// New, Open, Save and Close, and the unsaved-changes question between them.
    pub files: file_flow::FileFlow,
    /// The windows: New, Export, Scenario properties, the app's own file dialog,
    /// loading, the module editor, Import VASSAL, the module written, the Exported
    /// notice, Keyboard shortcuts, Sample the background.
    pub windows: windows::Windows,
    /// What Copy or Cut took.
    pub clipboard: Option<select::Clip>,
    /// The theme the user picked, kept between runs.
    pub theme: Option<egui::Theme>,
    title: String,
    /// Files of at least this many bytes open in the background.
    pub background_from: u64,
    /// Rulesets of the user's own loaded in this run, remembered for the next.
    pub ruleset_files: Vec<PathBuf>,
    /// The folder last saved to: where a new map's Save As starts.
    pub saved_dir: Option<PathBuf>,
    /// The module file the open scenario uses: the one it names, or the one last saved
    /// or opened in the module editor. Saving the scenario names it.
    pub module_file: Option<module_editor::ModuleFile>,
    /// Commands asked for by menus, keys and buttons, run in one place.
    queued: Vec<Command>,
    /// Where each frame's time went, when `SANDTABLE_FRAME_LOG` asks for it.
    frame_log: frame_log::FrameLog,
    /// Whether the last frame took input (see [`settling`]).
    had_input: bool,
}

impl DesignerApp {
    /// The designer on the built-in sample scenario.
    pub fn new(rulesets: Rulesets, dialogs: Box<dyn FileDialogs>) -> Self {
        let scenario =
            io::parse_scenario(document::SAMPLE, io::Format::Json, Path::new("sample.json"))
                .map(|r| r.scenario)
                .unwrap_or_else(|_| sample_fallback());
        let doc = Document::new(scenario, None, &rulesets);
        let mut tools = ToolState::new();
        if let Some(r) = doc.ruleset() {
            tools.adopt(r);
        }
        DesignerApp {
            doc,
            rulesets,
            tools,
            canvas: Canvas::fitting(),
            dialogs,
            error: None,
            recent: Vec::new(),
            recovery: recovery::Recovery::new(None),
            pending_recovery: None,
            files: file_flow::FileFlow::default(),
            windows: windows::Windows::default(),
            clipboard: None,
            theme: None,
            title: String::new(),
            background_from: loading::BACKGROUND_FROM,
            ruleset_files: Vec::new(),
            saved_dir: None,
            module_file: None,
            queued: Vec::new(),
            frame_log: frame_log::FrameLog::from_env(),
            had_input: false,
        }
    }

    /// Turns autosave on, writing to `path`, and looks for work a crash left there.
    pub fn with_recovery(mut self, path: Option<PathBuf>) -> Self {
        self.recovery = recovery::Recovery::new(path);
        self.pending_recovery = self.recovery.leftover(&mut self.rulesets);
        self
    }

    /// The app as `sandtable` starts it: native dialogs, settings from the last run.
    pub fn native(
        cc: &eframe::CreationContext<'_>,
        open: Option<PathBuf>,
        ruleset_files: Vec<PathBuf>,
    ) -> Self {
        frame_log::adapter(cc);
        let mut app = DesignerApp::new(Rulesets::built_in(), Box::new(NativeDialogs::default()))
            .with_recovery(recovery::Recovery::default_path());
        app.canvas.painter.lean = paint::Lean::for_device(renderer::device(cc).as_ref());
        let mut files = ruleset_files;
        if let Some(storage) = cc.storage {
            if let Some(text) = storage.get_string("recent") {
                app.recent = text.lines().map(PathBuf::from).collect();
            }
            // Rulesets loaded in earlier runs, after those named now. One that is gone
            // stays in Open Recent, marked missing, and raises no error at start.
            if let Some(text) = storage.get_string("ruleset_files") {
                for f in text.lines().map(PathBuf::from) {
                    if f.exists() {
                        files.push(f);
                    } else if !app.ruleset_files.contains(&f) {
                        app.ruleset_files.push(f);
                    }
                }
            }
            app.theme = match storage.get_string("theme").as_deref() {
                Some("light") => Some(egui::Theme::Light),
                Some("dark") => Some(egui::Theme::Dark),
                _ => None,
            };
            if let Some(t) = app.theme {
                cc.egui_ctx.set_theme(t);
            }
        }
        for f in files {
            if !app.ruleset_files.contains(&f) {
                app.load_ruleset(&f);
            }
        }
        if let Some(path) = open {
            app.open_path(&path);
        }
        app
    }
}

/// Whether a frame is egui's second repaint after a frame that took input (egui asks
/// for two "to give some things time to settle"): it took none itself, the last one did.
///
/// On llvmpipe every frame costs the whole window's rasterising (30-40 ms of two
/// cores) and a pointer move drew three: a click 100 ms after the pointer came to rest
/// waited for the third, still being rasterised (issue 44). Such a frame's pass is run
/// twice instead, the first discarded: egui's settling is done (its second pass sees
/// the first's layout), and eframe drops the repaint the first pass asked for, because
/// the frame ran two passes since (`cumulative_pass_nr`). What the second pass asks
/// for itself (an animation, the autosave's wake-up) is kept, and what other threads
/// finished (meshes made aside, a load) is polled again in it.
fn settling(had_input: bool, input: bool) -> bool {
    had_input && !input
}

impl eframe::App for DesignerApp {
    fn clear_color(&self, visuals: &egui::Visuals) -> [f32; 4] {
        if self.canvas.painter.lean.fills {
            // Where the central panel, left unfilled, shows it.
            visuals.panel_fill.to_normalized_gamma_f32()
        } else {
            // eframe's own.
            egui::Color32::from_rgba_unmultiplied(12, 12, 12, 180).to_normalized_gamma_f32()
        }
    }

    fn ui(&mut self, ui: &mut Ui, frame: &mut eframe::Frame) {
        // A frame may run the pass twice (see `show`): it is logged as one.
        let pass = ui.ctx().current_pass_index();
        if pass == 0 {
            let cpu = frame.info().cpu_usage;
            let revision = self.doc.revision;
            let asked = ui.ctx().requested_repaint_last_pass();
            ui.input(|i| self.frame_log.begin(i, revision, cpu, asked));
            self.frame_log.causes(&ui.ctx().repaint_causes());
        }
        let at_start = (self.doc.id, self.doc.revision);
        let input = ui.input(|i| !i.raw.events.is_empty() || !i.raw.dropped_files.is_empty());
        self.show(ui);
        if frame_log::looping() {
            ui.ctx().request_repaint();
        } else if pass == 0 && settling(self.had_input, input) && !ui.ctx().will_discard() {
            // Nothing drove this frame but egui's second repaint after input; drawn
            // once after a pass run again, it is the last (see `settling`).
            if at_start == (self.doc.id, self.doc.revision) {
                ui.ctx()
                    .request_discard("the second repaint after input, drawn as the first");
            }
        }
        if pass == 0 {
            self.had_input = input;
        }
        if !ui.ctx().will_discard() {
            self.frame_log.end(self.doc.id, self.doc.revision, pass + 1);
        }
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // A clean exit leaves no recovery file behind.
        if !self.doc.history.is_dirty() || self.files.closing() {
            self.recovery.clear();
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        let recent: Vec<String> = self
            .recent
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        storage.set_string("recent", recent.join("\n"));
        let rulesets: Vec<String> = self
            .ruleset_files
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        storage.set_string("ruleset_files", rulesets.join("\n"));
        let theme = match self.theme {
            Some(egui::Theme::Light) => "light",
            Some(egui::Theme::Dark) => "dark",
            None => "",
        };
        storage.set_string("theme", theme.to_string());
    }
}

/// A blank Battle Cry board, should the embedded sample ever fail to parse.
fn sample_fallback() -> Scenario {
    let board = crate::board::HexBoard::new(
        crate::board::Orientation::Pointy,
        13,
        9,
        crate::board::Stagger::Odd,
    )
    .map(crate::board::Board::Hex)
    .unwrap_or_else(|_| {
        crate::board::Board::Freeform(crate::board::FreeformBoard::new(
            100.0,
            100.0,
            crate::board::TableUnit::Cm,
        ))
    });
    Scenario::new("Untitled scenario", "battle-cry-150", board)
}

/// Runs the designer in a window, optionally opening a file, with rulesets of the
/// user's own (`--ruleset-file`) besides the built-in ones.
pub fn run(open: Option<PathBuf>, rulesets: Vec<PathBuf>) -> i32 {
    memory::keep_frame_buffers();
    let (first, chosen) = renderer::first_choice();
    let mut tries = vec![first];
    if !chosen && first == eframe::Renderer::Glow {
        tries.push(eframe::Renderer::Wgpu);
    }
    let mut last = String::new();
    for renderer in tries {
        let options = eframe::NativeOptions {
            viewport: egui::ViewportBuilder::default()
                .with_inner_size([1280.0, 800.0])
                .with_title("Sandtable"),
            persist_window: true,
            renderer,
            ..Default::default()
        };
        let (open, rulesets) = (open.clone(), rulesets.clone());
        match eframe::run_native(
            "sandtable",
            options,
            Box::new(move |cc| Ok(Box::new(DesignerApp::native(cc, open, rulesets)))),
        ) {
            Ok(()) => return 0,
            Err(e) => {
                // A context that cannot be made fails before the app exists, so the
                // next renderer starts from the same state.
                last = format!(
                    "{} could not draw the window: {e}",
                    renderer::name(renderer)
                );
                eprintln!("note: {last}");
            }
        }
    }
    eprintln!("error: could not open the window: {last}");
    2
}
