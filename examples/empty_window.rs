//! An eframe window with nothing of Sandtable in it, repainting as fast as it can, to
//! measure what a frame costs on this machine before the designer draws anything
//! (issue 44: in a real window under Xvfb with llvmpipe the time between frames was far
//! above the designer's own CPU time).
//!
//!     cargo build --release --example empty_window
//!     xvfb-run -a -s "-screen 0 1280x800x24" target/release/examples/empty_window [SECONDS]
//!
//! Environment: `PROBE_RECTS=N` paints N window-sized translucent rectangles a frame (the
//! overdraw a board's layers make), `PROBE_DITHER=0` turns egui-wgpu's dithering off,
//! `PROBE_SIZE=WxH` sets the window's inner size (default 1280x770, the tours' size),
//! `PROBE_RENDERER=glow` draws through eframe's OpenGL renderer instead of wgpu.
//! At the end it prints the median and 95th percentile of the wall time between frames
//! and of eframe's CPU time per frame; the difference is the time spent submitting and
//! presenting (with llvmpipe, rasterising).

#[cfg(feature = "gui")]
fn main() {
    use std::time::{Duration, Instant};

    struct Probe {
        rects: usize,
        stop: Instant,
        last: Option<Instant>,
        gaps: Vec<f64>,
        cpus: Vec<f64>,
        /// The process's CPU ms (all threads) and llvmpipe's, when the last frame began.
        was: Option<(f64, f64)>,
        process: Vec<f64>,
        raster: Vec<f64>,
    }

    /// All threads' CPU ms so far, and llvmpipe's rasterising threads' (Linux `/proc`).
    fn process_cpu() -> Option<(f64, f64)> {
        let (mut all, mut raster) = (0.0, 0.0);
        for task in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
            let text = std::fs::read_to_string(task.path().join("schedstat")).ok()?;
            let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
            all += ns / 1e6;
            let name = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
            if name.starts_with("llvmpipe") {
                raster += ns / 1e6;
            }
        }
        Some((all, raster))
    }

    impl eframe::App for Probe {
        fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
            let now = Instant::now();
            if let Some(last) = self.last {
                self.gaps.push((now - last).as_secs_f64() * 1e3);
                if let Some(cpu) = frame.info().cpu_usage {
                    self.cpus.push(f64::from(cpu) * 1e3);
                }
            }
            self.last = Some(now);
            let cpu = process_cpu();
            if let (Some(now), Some(was)) = (cpu, self.was) {
                self.process.push(now.0 - was.0);
                self.raster.push(now.1 - was.1);
            }
            self.was = cpu;
            egui::CentralPanel::default().show(ui, |ui| {
                ui.label(format!("frame {}", self.gaps.len()));
                let rect = ui.max_rect();
                for k in 0..self.rects {
                    let shade = u8::try_from(k % 200).unwrap_or(0);
                    ui.painter().rect_filled(
                        rect,
                        0.0,
                        egui::Color32::from_rgba_unmultiplied(shade, 100, 50, 40),
                    );
                }
            });
            if now >= self.stop {
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            }
            ui.ctx().request_repaint();
        }
    }

    fn stats(name: &str, xs: &mut [f64]) {
        xs.sort_by(f64::total_cmp);
        if xs.is_empty() {
            println!("{name}: no frames");
            return;
        }
        let p95 = xs[((xs.len() - 1) as f64 * 0.95).round() as usize];
        println!(
            "{name}: n={} median {:.1} ms p95 {:.1} ms",
            xs.len(),
            xs[xs.len() / 2],
            p95
        );
    }

    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(8.0);
    let rects = std::env::var("PROBE_RECTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let (w, h) = std::env::var("PROBE_SIZE")
        .ok()
        .and_then(|s| {
            let (w, h) = s.split_once('x')?;
            Some((w.parse().ok()?, h.parse().ok()?))
        })
        .unwrap_or((1280.0, 770.0));
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([w, h])
            .with_title("probe"),
        dithering: std::env::var("PROBE_DITHER").as_deref() != Ok("0"),
        renderer: match std::env::var("PROBE_RENDERER").as_deref() {
            Ok("glow") => eframe::Renderer::Glow,
            _ => eframe::Renderer::Wgpu,
        },
        ..Default::default()
    };
    let result = std::sync::Arc::new(std::sync::Mutex::new((
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
    )));
    let out = result.clone();
    let started = eframe::run_native(
        "probe",
        options,
        Box::new(move |cc| {
            if let Some(device) = sandtable::app::renderer::device(cc) {
                println!("drawn by {}, software: {}", device.name, device.cpu);
            }
            Ok(Box::new(Guard {
                probe: Probe {
                    rects,
                    stop: Instant::now() + Duration::from_secs_f64(seconds),
                    last: None,
                    gaps: Vec::new(),
                    cpus: Vec::new(),
                    was: None,
                    process: Vec::new(),
                    raster: Vec::new(),
                },
                out,
            }))
        }),
    );
    if let Err(e) = started {
        eprintln!("error: no window: {e}");
        std::process::exit(2);
    }
    let (mut gaps, mut cpus, mut process, mut raster) =
        std::mem::take(&mut *result.lock().unwrap_or_else(|e| e.into_inner()));
    println!("window {w}x{h}, {rects} window-sized rectangles a frame");
    stats("between frames", &mut gaps);
    stats("eframe CPU per frame", &mut cpus);
    stats("process CPU per frame (all threads)", &mut process);
    stats("llvmpipe threads' CPU per frame", &mut raster);

    type Times = (Vec<f64>, Vec<f64>, Vec<f64>, Vec<f64>);

    /// Hands the times out when eframe drops the app.
    struct Guard {
        probe: Probe,
        out: std::sync::Arc<std::sync::Mutex<Times>>,
    }
    impl eframe::App for Guard {
        fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
            self.probe.ui(ui, frame);
        }
    }
    impl Drop for Guard {
        fn drop(&mut self) {
            let mut o = self.out.lock().unwrap_or_else(|e| e.into_inner());
            o.0 = std::mem::take(&mut self.probe.gaps);
            o.1 = std::mem::take(&mut self.probe.cpus);
            o.2 = std::mem::take(&mut self.probe.process);
            o.3 = std::mem::take(&mut self.probe.raster);
        }
    }
}

#[cfg(not(feature = "gui"))]
fn main() {
    eprintln!("empty_window needs the gui feature");
}
