//! A log of where each frame's time goes (issue 44), on when `SANDTABLE_FRAME_LOG`
//! names a file: one JSON line per frame with when it began (wall clock, so that a tour
//! script's own timestamps of the input it sent line up with it), the input it took, the
//! document revision before and after it and the one its board shows, its whole CPU time
//! (egui's pass, tessellation and painting, as eframe reports it a frame later) and the
//! CPU time of the designer's phases (validation, scene, tessellation, overview,
//! findings, autosave). `scripts/frame_log.py` reads it.
//!
//! The benches bring their own timers; this is for the real window, where the time
//! between an input and its pixels was seconds while the benches said milliseconds.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::OnceLock;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// The environment variable naming the log file.
pub const VAR: &str = "SANDTABLE_FRAME_LOG";

/// With the log on, this variable set makes every frame ask for the next at once: the
/// gap between frames is then a frame's whole cost, presenting included (for comparing
/// boards and zooms with no input driving the frames).
pub const LOOP_VAR: &str = "SANDTABLE_FRAME_LOOP";

/// Whether frames follow each other with no input (`LOOP_VAR`, log on).
pub fn looping() -> bool {
    static LOOP: OnceLock<bool> = OnceLock::new();
    *LOOP.get_or_init(|| on() && std::env::var_os(LOOP_VAR).is_some_and(|v| !v.is_empty()))
}

/// Whether frames are logged (read once: the variable names a file at start).
fn on() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os(VAR).is_some_and(|v| !v.is_empty()))
}

/// One frame being measured.
#[derive(Default)]
struct Record {
    frame: u64,
    /// Unix time in milliseconds when the frame began.
    start_ms: f64,
    input: String,
    revision_before: u64,
    revision_after: u64,
    /// The revision the board was drawn from this frame.
    shown: Option<u64>,
    /// The revision the findings and status bar were drawn for (none while they were
    /// being validated on a thread).
    panels: Option<u64>,
    /// The passes egui ran (two when an edit on the board had the panels drawn again).
    passes: usize,
    /// The app's own pass (`DesignerApp::show`), in ms.
    ui_ms: f64,
    /// Phase name and CPU ms, in the order first entered (a phase entered twice adds up).
    phases: Vec<(&'static str, f64)>,
    /// The document's id at the end of the frame.
    doc: u64,
    /// Wall ms since the previous frame began (its pass, tessellation, painting and
    /// presenting, then any wait for input).
    gap_ms: f64,
    /// Whether the previous frame asked for this one right away: then `gap_ms` less the
    /// previous frame's `total_ms` is the time eframe spent outside its CPU count
    /// (submitting to the GPU and presenting: with llvmpipe, rasterising the frame).
    asked: bool,
    /// Things that happened since the last frame began, with their Unix ms.
    events: Vec<(&'static str, f64)>,
    /// Where the code asking egui for this frame is (file:line), when one did: a
    /// frame no input drove and nothing asked for is a frame too many.
    causes: Vec<String>,
    /// CPU ms of the process's threads from this frame's start to the next's: the UI
    /// thread (its pass, tessellation, and the GL calls of submitting and presenting),
    /// llvmpipe's rasterising threads, and the rest (meshes made aside, loading,
    /// autosave). Unlike wall times these hardly change with the machine's load.
    cpu: Option<Cpu>,
}

/// CPU time by thread kind, in ms.
#[derive(Clone, Copy, Default)]
struct Cpu {
    ui: f64,
    raster: f64,
    other: f64,
}

impl Cpu {
    /// The process's threads' CPU time so far, from `/proc` (Linux; `None` elsewhere).
    fn now() -> Option<Cpu> {
        let ns = |path: &std::path::Path| -> Option<f64> {
            let text = std::fs::read_to_string(path).ok()?;
            text.split_whitespace().next()?.parse::<f64>().ok()
        };
        let ui = ns(std::path::Path::new("/proc/thread-self/schedstat"))?;
        let mut cpu = Cpu {
            ui: ui / 1e6,
            ..Cpu::default()
        };
        for task in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
            let Some(t) = ns(&task.path().join("schedstat")) else {
                continue;
            };
            let name = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
            if name.starts_with("llvmpipe") {
                cpu.raster += t / 1e6;
            } else {
                cpu.other += t / 1e6;
            }
        }
        cpu.other -= cpu.ui;
        Some(cpu)
    }

    fn since(self, before: Cpu) -> Cpu {
        Cpu {
            ui: self.ui - before.ui,
            raster: self.raster - before.raster,
            other: self.other - before.other,
        }
    }
}

thread_local! {
    static OPEN: RefCell<Option<Record>> = const { RefCell::new(None) };
    static EVENTS: RefCell<Vec<(&'static str, f64)>> = const { RefCell::new(Vec::new()) };
}

fn now_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1e3)
}

/// Says on stderr which renderer and device draw the window (llvmpipe through wgpu's GL
/// backend and through eframe's own OpenGL renderer rasterise at very different
/// speeds), when the log is on.
pub fn adapter(cc: &eframe::CreationContext<'_>) {
    if !on() {
        return;
    }
    if let Some(rs) = &cc.wgpu_render_state {
        let info = rs.adapter.get_info();
        eprintln!(
            "frame log: wgpu adapter {:?}, backend {:?}, driver {:?} {:?}, surface format {:?}",
            info.name, info.backend, info.driver, info.driver_info, rs.target_format
        );
    } else if let Some(device) = super::renderer::device(cc) {
        eprintln!("frame log: {}, software: {}", device.name, device.cpu);
    }
}

/// Notes that `what` happened now (a file began to open), for the next frame's line.
pub fn event(what: &'static str) {
    if on() {
        let at = now_ms();
        EVENTS.with(|e| e.borrow_mut().push((what, at)));
    }
}

/// Time spent in one phase of the frame, added to the frame's record when dropped.
#[must_use = "the phase ends when this is dropped"]
pub struct Phase(Option<(&'static str, Instant)>);

/// Starts timing `name` for the frame under way (nothing when the log is off, or off
/// the UI thread: a frame is open only on the thread logging it).
pub fn phase(name: &'static str) -> Phase {
    let open = on() && OPEN.with(|o| o.borrow().is_some());
    Phase(open.then(|| (name, Instant::now())))
}

impl Drop for Phase {
    fn drop(&mut self) {
        if let Some((name, t)) = self.0.take() {
            let ms = t.elapsed().as_secs_f64() * 1e3;
            OPEN.with(|o| {
                if let Some(r) = o.borrow_mut().as_mut() {
                    match r.phases.iter_mut().find(|(n, _)| *n == name) {
                        Some((_, total)) => *total += ms,
                        None => r.phases.push((name, ms)),
                    }
                }
            });
        }
    }
}

/// Notes the document revision the board was drawn from this frame.
pub fn shown(revision: u64) {
    if on() {
        OPEN.with(|o| {
            if let Some(r) = o.borrow_mut().as_mut() {
                r.shown = Some(revision);
            }
        });
    }
}

/// Notes the revision whose findings the panels were drawn with this frame.
pub fn panels(revision: u64) {
    if on() {
        OPEN.with(|o| {
            if let Some(r) = o.borrow_mut().as_mut() {
                r.panels = Some(revision);
            }
        });
    }
}

/// The log file and the frame waiting for its whole time (known a frame later).
#[derive(Default)]
pub struct FrameLog {
    out: Option<std::io::BufWriter<std::fs::File>>,
    frames: u64,
    began: Option<Instant>,
    waiting: Option<Record>,
    /// The threads' CPU time when the last frame began.
    cpu: Option<Cpu>,
}

impl FrameLog {
    /// The log the environment asks for, or one that does nothing.
    pub fn from_env() -> Self {
        match on().then(|| std::env::var_os(VAR)).flatten() {
            Some(p) => Self::writing_to(std::path::Path::new(&p)),
            None => Self::default(),
        }
    }

    /// A log written to `path` (the phases and events are noted only with the
    /// environment's log on).
    pub fn writing_to(path: &std::path::Path) -> Self {
        let out = match std::fs::File::create(path) {
            Ok(f) => Some(std::io::BufWriter::new(f)),
            Err(e) => {
                eprintln!("warning: no frame log at {}: {e}", path.display());
                None
            }
        };
        FrameLog {
            out,
            frames: 0,
            began: None,
            waiting: None,
            cpu: None,
        }
    }

    /// A frame begins with this input, the document at `revision`; `previous_cpu` is
    /// the previous frame's whole CPU time in seconds (eframe's `cpu_usage`).
    /// `asked`: whether the previous frame asked for this one right away.
    pub fn begin(
        &mut self,
        input: &egui::InputState,
        revision: u64,
        previous_cpu: Option<f32>,
        asked: bool,
    ) {
        let Some(out) = &mut self.out else { return };
        let cpu = Cpu::now();
        if let Some(mut w) = self.waiting.take() {
            w.cpu = cpu.zip(self.cpu).map(|(now, then)| now.since(then));
            let total = previous_cpu.map_or(-1.0, |s| f64::from(s) * 1e3);
            let _ = writeln!(out, "{}", line(&mut w, total));
            let _ = out.flush();
        }
        self.cpu = cpu;
        self.frames += 1;
        let gap_ms = self.began.map_or(0.0, |t| t.elapsed().as_secs_f64() * 1e3);
        self.began = Some(Instant::now());
        let record = Record {
            gap_ms,
            asked,
            frame: self.frames,
            start_ms: now_ms(),
            events: EVENTS.with(|e| std::mem::take(&mut *e.borrow_mut())),
            input: summary(input),
            revision_before: revision,
            ..Record::default()
        };
        OPEN.with(|o| *o.borrow_mut() = Some(record));
    }

    /// Notes why egui ran this frame: the calls that asked for it.
    pub fn causes(&mut self, causes: &[egui::RepaintCause]) {
        if self.out.is_none() {
            return;
        }
        let mut named: Vec<String> = causes
            .iter()
            .map(|c| format!("{}:{}", c.file.rsplit('/').next().unwrap_or(c.file), c.line))
            .collect();
        named.dedup();
        OPEN.with(|o| {
            if let Some(r) = o.borrow_mut().as_mut() {
                r.causes = named;
            }
        });
    }

    /// The frame's last pass (of `passes`) is over; it is written once its whole time
    /// is known.
    pub fn end(&mut self, doc: u64, revision: u64, passes: usize) {
        if self.out.is_none() {
            return;
        }
        let Some(mut r) = OPEN.with(|o| o.borrow_mut().take()) else {
            return;
        };
        r.revision_after = revision;
        r.doc = doc;
        r.passes = passes;
        r.ui_ms = self.began.map_or(0.0, |t| t.elapsed().as_secs_f64() * 1e3);
        self.waiting = Some(r);
    }
}

impl Drop for FrameLog {
    fn drop(&mut self) {
        if let (Some(out), Some(mut w)) = (&mut self.out, self.waiting.take()) {
            let _ = writeln!(out, "{}", line(&mut w, -1.0));
            let _ = out.flush();
        }
    }
}

/// The input of a frame in a few words: presses, releases, wheel, keys, moves.
fn summary(input: &egui::InputState) -> String {
    let mut words = Vec::new();
    for e in &input.raw.events {
        let w = match e {
            egui::Event::PointerButton { pressed: true, .. } => "press",
            egui::Event::PointerButton { pressed: false, .. } => "release",
            egui::Event::MouseWheel { .. } => "wheel",
            egui::Event::Key { pressed: true, .. } => "key",
            egui::Event::PointerMoved(_) => "move",
            egui::Event::WindowFocused(_) => "focus",
            egui::Event::PointerGone => "gone",
            egui::Event::Key { pressed: false, .. } => continue,
            _ => "other",
        };
        if words.last() != Some(&w) {
            words.push(w);
        }
    }
    words.join(" ")
}

/// The record as one JSON line; `total` is the frame's whole CPU ms (-1: unknown).
fn line(r: &mut Record, total: f64) -> String {
    let mut phases = String::new();
    for (i, (name, ms)) in r.phases.iter().enumerate() {
        let comma = if i > 0 { "," } else { "" };
        let _ = write!(phases, "{comma}\"{name}\":{ms:.3}");
    }
    let shown = r.shown.map_or("null".to_string(), |s| s.to_string());
    let panels = r.panels.map_or("null".to_string(), |s| s.to_string());
    let cpu = r.cpu.map_or("null".to_string(), |c| {
        format!(
            "{{\"ui\":{:.3},\"raster\":{:.3},\"other\":{:.3}}}",
            c.ui, c.raster, c.other
        )
    });
    let events: Vec<String> = r
        .events
        .iter()
        .map(|(what, at)| format!("[\"{what}\",{at:.3}]"))
        .collect();
    let causes: Vec<String> = r
        .causes
        .iter()
        .map(|c| format!("\"{}\"", c.replace(['"', '\\'], "")))
        .collect();
    format!(
        "{{\"frame\":{},\"doc\":{},\"events\":[{}],\"start_ms\":{:.3},\"input\":\"{}\",\"revision_before\":{},\"revision_after\":{},\"shown\":{shown},\"panels\":{panels},\"passes\":{},\"ui_ms\":{:.3},\"total_ms\":{total:.3},\"gap_ms\":{:.3},\"asked\":{},\"causes\":[{}],\"cpu\":{cpu},\"phases\":{{{phases}}}}}",
        r.frame,
        r.doc,
        events.join(","),
        r.start_ms,
        r.input,
        r.revision_before,
        r.revision_after,
        r.passes,
        r.ui_ms,
        r.gap_ms,
        r.asked,
        causes.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `scripts/frame_log.py` reads: one JSON line a frame, every field there.
    #[test]
    fn a_frame_is_written_as_one_json_line_with_its_fields() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("frames.jsonl");
        let mut log = FrameLog::writing_to(&path);
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            events: vec![
                egui::Event::PointerMoved(egui::pos2(3.0, 4.0)),
                egui::Event::PointerButton {
                    pos: egui::pos2(3.0, 4.0),
                    button: egui::PointerButton::Primary,
                    pressed: true,
                    modifiers: egui::Modifiers::NONE,
                },
            ],
            ..Default::default()
        };
        let mut out = ctx.run_ui(input, |ui| {
            ui.input(|i| log.begin(i, 4, Some(0.012), true));
        });
        out.textures_delta.clear();
        OPEN.with(|o| {
            let mut o = o.borrow_mut();
            let r = o.as_mut().expect("a frame is open");
            r.phases.push(("validate", 1.5));
            r.shown = Some(5);
            r.panels = Some(5);
        });
        log.end(7, 5, 2);
        // Its whole time is known when the next frame begins.
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            ui.input(|i| log.begin(i, 5, Some(0.020), false));
        });
        out.textures_delta.clear();
        log.end(7, 5, 1);
        drop(log);
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("each line is JSON"))
            .collect();
        assert_eq!(lines.len(), 2, "{text}");
        let f = &lines[0];
        for field in [
            "frame",
            "doc",
            "events",
            "start_ms",
            "input",
            "revision_before",
            "revision_after",
            "shown",
            "panels",
            "passes",
            "ui_ms",
            "total_ms",
            "gap_ms",
            "asked",
            "causes",
            "cpu",
            "phases",
        ] {
            assert!(f.get(field).is_some(), "{field} missing from {f}");
        }
        assert_eq!(f["input"], "move press");
        assert_eq!(
            (f["revision_before"].as_u64(), f["revision_after"].as_u64()),
            (Some(4), Some(5))
        );
        assert_eq!(
            (f["shown"].as_u64(), f["panels"].as_u64()),
            (Some(5), Some(5))
        );
        assert_eq!(
            (f["doc"].as_u64(), f["passes"].as_u64()),
            (Some(7), Some(2))
        );
        assert_eq!(f["phases"]["validate"].as_f64(), Some(1.5));
        // The next frame's eframe count is this one's whole CPU time.
        assert_eq!(f["total_ms"].as_f64(), Some(20.0));
        if cfg!(target_os = "linux") {
            for thread in ["ui", "raster", "other"] {
                assert!(f["cpu"][thread].is_number(), "{thread} in {f}");
            }
        }
        // The last frame, written when the log closes, knows no whole time.
        assert_eq!(lines[1]["total_ms"].as_f64(), Some(-1.0));
        assert_eq!(lines[1]["panels"], serde_json::Value::Null);
    }

    /// The CPU columns tell the UI thread from the others (meshes made aside, a
    /// validation on a thread): work on a thread is not counted as the frame's own.
    #[cfg(target_os = "linux")]
    #[test]
    fn cpu_is_counted_by_thread() {
        // Busy until this thread has had `ms` of CPU (however loaded the machine).
        fn spin(ms: f64) {
            let mine = || Cpu::now().map_or(f64::INFINITY, |c| c.ui);
            let start = mine();
            while mine() - start < ms {
                std::hint::black_box((0..10_000u64).sum::<u64>());
            }
        }
        let before = Cpu::now().expect("/proc is read");
        spin(60.0);
        let mine = Cpu::now().unwrap().since(before);
        assert!(mine.ui >= 20.0, "this thread's work: {}", mine.ui);
        let before = Cpu::now().unwrap();
        std::thread::spawn(|| spin(60.0)).join().unwrap();
        let theirs = Cpu::now().unwrap().since(before);
        assert!(
            theirs.ui < 20.0,
            "another thread's work counted as this one's: {}",
            theirs.ui
        );
        // A thread that ended leaves /proc/self/task: what it did is gone from the sum,
        // so only a living one is measured.
        let (go, stop) = std::sync::mpsc::channel::<()>();
        let before = Cpu::now().unwrap();
        let worker = std::thread::spawn(move || {
            spin(60.0);
            let _ = stop.recv();
        });
        std::thread::sleep(std::time::Duration::from_millis(150));
        let theirs = Cpu::now().unwrap().since(before);
        let _ = go.send(());
        worker.join().unwrap();
        assert!(theirs.other >= 20.0, "the thread's work: {}", theirs.other);
    }
}
