//! The board's background image on the canvas (a module's printed map, a scan to
//! trace): decoded in a background thread with its progress shown, drawn under the
//! terrain as one texture small enough for any GPU (egui's `max_texture_side`), and,
//! zoomed in past that texture's sharpness, as full-resolution tiles of the part in
//! view, cut off the frame too. VASSAL allows boards of 32,767 pixels a side: neither
//! the decode nor a texture of it may stall a frame.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use egui::{Color32, ColorImage, Pos2, Rect, Shape, TextureHandle, TextureOptions, pos2, vec2};
use rustc_hash::{FxHashMap, FxHashSet};

use super::error::AppError;
use super::view::View;
use crate::board::Background;

/// The whole-image texture is at most this many pixels a side (less if the GPU's
/// limit is lower): 4096 keeps a 7,500 px board sharp at a fit-to-window zoom.
const OVERVIEW_SIDE: usize = 4096;
/// Full-resolution tiles are this many image pixels a side.
const TILE: u32 = 1024;
/// Tiles kept as textures at most (4 MB each).
const MAX_TILES: usize = 48;
/// Tiles cut at once, off the frame.
const TILES_IN_FLIGHT: usize = 4;
/// Screen pixels per overview texel past which the tiles are drawn: an overview
/// texel larger than a pixel loses detail the image has.
const BLURRY: f32 = 1.0;

/// Where a decode has got to, shown under the canvas's corner.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    pub stage: &'static str,
    /// 0..1, roughly.
    pub fraction: f32,
}

/// The decoded image, the overview's pixels (the image itself when it fits), and
/// whether the overview is smaller (so tiles serve close views).
struct Decoded {
    image: Arc<image::RgbaImage>,
    overview: ColorImage,
    tiled: bool,
}

/// Where the image's bytes come from: a file, or an import not yet saved.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Source {
    File(PathBuf),
    Memory(String),
}

enum State {
    Loading {
        rx: Receiver<Result<Decoded, AppError>>,
        progress: Arc<Mutex<Progress>>,
        started: Instant,
    },
    Ready(Box<Pictures>),
    Failed(String),
}

/// The textures of a decoded image.
struct Pictures {
    size: [u32; 2],
    overview: TextureHandle,
    /// The image itself (tiles are cut from it, the terrain sampled on it).
    full: Arc<image::RgbaImage>,
    tiled: bool,
    /// Full-resolution tiles by (column, row), with the frame each was last drawn.
    tiles: FxHashMap<(u32, u32), (TextureHandle, u64)>,
    asked: FxHashSet<(u32, u32)>,
    tile_tx: Sender<((u32, u32), ColorImage)>,
    tile_rx: Receiver<((u32, u32), ColorImage)>,
}

/// The background layer of the canvas: the user's choices (shown, opacity) and the
/// image as far as it has loaded.
pub struct BackdropView {
    /// View > Layers > Background image.
    pub shown: bool,
    /// The image's opacity, 0..1.
    pub opacity: f32,
    /// An imported image not saved yet, by the name the board gives it.
    pub memory: Option<(String, Arc<Vec<u8>>)>,
    loaded: Option<(Source, State)>,
    frame: u64,
}

impl Default for BackdropView {
    fn default() -> Self {
        BackdropView {
            shown: true,
            opacity: 1.0,
            memory: None,
            loaded: None,
            frame: 0,
        }
    }
}

/// What the canvas shows of the image's state.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    None,
    Loading(Progress),
    /// Decoded: the image's size in pixels, and whether tiles serve close views.
    Ready {
        size: [u32; 2],
        tiled: bool,
    },
    Failed(String),
}

impl BackdropView {
    /// The state of the image of the board now open.
    pub fn status(&self) -> Status {
        match &self.loaded {
            None => Status::None,
            Some((_, State::Loading { progress, .. })) => Status::Loading(lock(progress).clone()),
            Some((_, State::Ready(p))) => Status::Ready {
                size: p.size,
                tiled: p.tiled,
            },
            Some((_, State::Failed(e))) => Status::Failed(e.clone()),
        }
    }

    /// The decoded image, once it is.
    pub fn image(&self) -> Option<Arc<image::RgbaImage>> {
        match &self.loaded {
            Some((_, State::Ready(p))) => Some(p.full.clone()),
            _ => None,
        }
    }

    /// Full-resolution tiles held as textures now.
    pub fn tiles(&self) -> usize {
        match &self.loaded {
            Some((_, State::Ready(p))) => p.tiles.len(),
            _ => 0,
        }
    }

    /// Starts decoding the image `bg` names (relative to the scenario at `path`) if it
    /// is not the one loaded, and takes a finished decode.
    pub fn update(&mut self, ctx: &egui::Context, bg: Option<&Background>, path: Option<&Path>) {
        self.frame += 1;
        let Some(bg) = bg else {
            self.loaded = None;
            return;
        };
        let source = self.source(bg, path);
        if self.loaded.as_ref().is_none_or(|(s, _)| *s != source) {
            let state = self.start(ctx, &source);
            self.loaded = Some((source, state));
        }
        let Some((_, state)) = &mut self.loaded else {
            return;
        };
        if let State::Loading { rx, .. } = state {
            let done = match rx.try_recv() {
                Ok(r) => Some(r),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => {
                    Some(Err(AppError::Stopped("the decoding thread")))
                }
            };
            match done {
                Some(Ok(d)) => {
                    let (tile_tx, tile_rx) = mpsc::channel();
                    *state = State::Ready(Box::new(Pictures {
                        size: [d.image.width(), d.image.height()],
                        overview: ctx.load_texture("backdrop", d.overview, TextureOptions::LINEAR),
                        full: d.image,
                        tiled: d.tiled,
                        tiles: FxHashMap::default(),
                        asked: FxHashSet::default(),
                        tile_tx,
                        tile_rx,
                    }));
                    ctx.request_repaint();
                }
                Some(Err(e)) => *state = State::Failed(e.to_string()),
                // The thread does not wake the UI: look again soon.
                None => ctx.request_repaint_after(Duration::from_millis(100)),
            }
        }
    }

    fn source(&self, bg: &Background, path: Option<&Path>) -> Source {
        if path.is_none()
            && let Some((name, _)) = &self.memory
            && *name == bg.image
        {
            return Source::Memory(name.clone());
        }
        let dir = path.and_then(Path::parent).unwrap_or(Path::new(""));
        Source::File(dir.join(&bg.image))
    }

    fn start(&self, ctx: &egui::Context, source: &Source) -> State {
        let progress = Arc::new(Mutex::new(Progress {
            stage: "Reading the image",
            fraction: 0.0,
        }));
        let (tx, rx) = mpsc::channel();
        let at = progress.clone();
        let max = ctx.input(|i| i.max_texture_side).min(OVERVIEW_SIDE);
        let source = source.clone();
        let memory = self.memory.as_ref().map(|(_, b)| b.clone());
        let repaint = ctx.clone();
        std::thread::spawn(move || {
            let bytes = match &source {
                Source::File(p) => read(p, &at).map(Arc::new),
                Source::Memory(name) => memory.ok_or_else(|| AppError::NotInMemory(name.clone())),
            };
            let result = bytes.and_then(|b| {
                decode(&b, max, &at).map_err(|e| AppError::Image {
                    name: source_path(&source),
                    source: e,
                })
            });
            // The app may have gone (window closed): nobody to tell.
            let _ = tx.send(result);
            repaint.request_repaint();
        });
        State::Loading {
            rx,
            progress,
            started: Instant::now(),
        }
    }

    /// Draws the image (if shown and decoded) under the scene, placed as `bg` says.
    pub fn shapes(
        &mut self,
        ctx: &egui::Context,
        bg: &Background,
        view: &View,
        rect: Rect,
    ) -> Vec<Shape> {
        let frame = self.frame;
        let (shown, opacity) = (self.shown, self.opacity);
        let Some((_, State::Ready(p))) = &mut self.loaded else {
            return Vec::new();
        };
        if !shown || opacity <= 0.0 {
            return Vec::new();
        }
        let tint = Color32::WHITE.gamma_multiply(opacity.clamp(0.0, 1.0));
        let board_rect = |x0: f64, y0: f64, x1: f64, y1: f64| {
            let a = bg.to_board((x0, y0));
            let b = bg.to_board((x1, y1));
            Rect::from_min_max(
                view.to_screen(rect, vec2(a.0 as f32, a.1 as f32)),
                view.to_screen(rect, vec2(b.0 as f32, b.1 as f32)),
            )
        };
        let [w, h] = p.size;
        let whole = board_rect(0.0, 0.0, f64::from(w), f64::from(h));
        let uv = Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0));
        let mut out = vec![Shape::image(p.overview.id(), whole, uv, tint)];
        if !p.tiled {
            return out;
        }
        let full = p.full.clone();
        // Physical pixels an overview texel covers on screen.
        let texel = whole.width() / p.overview.size()[0] as f32 * ctx.pixels_per_point();
        while let Ok((key, img)) = p.tile_rx.try_recv() {
            p.asked.remove(&key);
            let t = ctx.load_texture(format!("backdrop-{key:?}"), img, TextureOptions::LINEAR);
            p.tiles.insert(key, (t, frame));
        }
        if texel <= BLURRY {
            return out;
        }
        // The tiles of the part in view.
        let vis = view.visible(rect);
        let a = bg.to_pixels((f64::from(vis.min.x), f64::from(vis.min.y)));
        let b = bg.to_pixels((f64::from(vis.max.x), f64::from(vis.max.y)));
        let cols = w.div_ceil(TILE);
        let rows = h.div_ceil(TILE);
        let span = |lo: f64, hi: f64, n: u32| {
            let first = (lo / f64::from(TILE)).floor().max(0.0) as u32;
            let last = ((hi / f64::from(TILE)).floor().max(0.0) as u32).min(n.saturating_sub(1));
            first..=last
        };
        for r in span(a.1, b.1, rows) {
            for c in span(a.0, b.0, cols) {
                let (x0, y0) = (c * TILE, r * TILE);
                let (x1, y1) = ((x0 + TILE).min(w), (y0 + TILE).min(h));
                match p.tiles.get_mut(&(c, r)) {
                    Some((t, seen)) => {
                        *seen = frame;
                        let at =
                            board_rect(f64::from(x0), f64::from(y0), f64::from(x1), f64::from(y1));
                        out.push(Shape::image(t.id(), at, uv, tint));
                    }
                    None if p.asked.len() < TILES_IN_FLIGHT && !p.asked.contains(&(c, r)) => {
                        p.asked.insert((c, r));
                        let (tx, full, repaint) = (p.tile_tx.clone(), full.clone(), ctx.clone());
                        std::thread::spawn(move || {
                            let view =
                                image::imageops::crop_imm(full.as_ref(), x0, y0, x1 - x0, y1 - y0);
                            let img = view.to_image();
                            let size = [img.width() as usize, img.height() as usize];
                            let _ = tx.send((
                                (c, r),
                                ColorImage::from_rgba_unmultiplied(size, img.as_raw()),
                            ));
                            repaint.request_repaint();
                        });
                    }
                    None => ctx.request_repaint_after(Duration::from_millis(50)),
                }
            }
        }
        // The tiles least recently drawn go first.
        if p.tiles.len() > MAX_TILES {
            let mut by_age: Vec<((u32, u32), u64)> =
                p.tiles.iter().map(|(k, (_, s))| (*k, *s)).collect();
            by_age.sort_by_key(|(_, s)| *s);
            for (k, _) in by_age.iter().take(p.tiles.len() - MAX_TILES) {
                p.tiles.remove(k);
            }
        }
        out
    }

    /// The progress of a decode, or why the image could not be shown, over the
    /// canvas's bottom-left corner.
    pub fn notice(&self, painter: &egui::Painter, rect: Rect) {
        let at = rect.left_bottom() + vec2(12.0, -12.0);
        let font = egui::FontId::proportional(14.0);
        match &self.loaded {
            Some((
                source,
                State::Loading {
                    progress, started, ..
                },
            )) => {
                let p = lock(progress).clone();
                let text = format!(
                    "Background {}: {}... {:.1} s",
                    source_name(source),
                    p.stage,
                    started.elapsed().as_secs_f32()
                );
                let bar = Rect::from_min_size(at + vec2(0.0, -6.0), vec2(240.0, 6.0));
                painter.rect_filled(bar, 2.0, Color32::from_gray(90));
                let done = Rect::from_min_size(bar.min, vec2(240.0 * p.fraction, 6.0));
                painter.rect_filled(done, 2.0, Color32::from_rgb(90, 160, 240));
                painter.text(
                    at + vec2(0.0, -12.0),
                    egui::Align2::LEFT_BOTTOM,
                    text,
                    font,
                    Color32::WHITE,
                );
            }
            Some((_, State::Failed(e))) => {
                painter.text(
                    at,
                    egui::Align2::LEFT_BOTTOM,
                    format!("Background image not shown: {e}"),
                    font,
                    Color32::from_rgb(255, 90, 90),
                );
            }
            _ => {}
        }
    }

    /// The layer's toggle and opacity, for View > Layers.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        ui.checkbox(&mut self.shown, "Background image");
        ui.add_enabled(
            self.shown,
            egui::Slider::new(&mut self.opacity, 0.0..=1.0).text("Image opacity"),
        );
    }
}

fn lock(p: &Mutex<Progress>) -> std::sync::MutexGuard<'_, Progress> {
    p.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn source_name(s: &Source) -> String {
    match s {
        Source::File(p) => p
            .file_name()
            .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into()),
        Source::Memory(n) => n.clone(),
    }
}

fn source_path(s: &Source) -> String {
    match s {
        Source::File(p) => p.display().to_string(),
        Source::Memory(n) => n.clone(),
    }
}

fn set(at: &Mutex<Progress>, stage: &'static str, fraction: f32) {
    *lock(at) = Progress { stage, fraction };
}

/// Reads the file in pieces, saying how much is read.
fn read(path: &Path, at: &Mutex<Progress>) -> Result<Vec<u8>, AppError> {
    use std::io::Read;
    let mut f = std::fs::File::open(path).map_err(AppError::file(path))?;
    let len = f.metadata().map(|m| m.len()).unwrap_or(0).max(1);
    let mut out = Vec::with_capacity(len as usize);
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = f.read(&mut buf).map_err(AppError::file(path))?;
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
        set(at, "Reading the image", 0.3 * out.len() as f32 / len as f32);
    }
    Ok(out)
}

/// Decodes the image and makes its overview (at most `max` pixels a side).
fn decode(bytes: &[u8], max: usize, at: &Mutex<Progress>) -> Result<Decoded, image::ImageError> {
    set(at, "Decoding", 0.3);
    let mut reader = image::ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format()?;
    // VASSAL's boards reach 32,767 px a side: more than the crate's default 512 MB.
    reader.no_limits();
    let img = reader.decode()?.into_rgba8();
    let (w, h) = img.dimensions();
    let side = w.max(h) as usize;
    if side <= max {
        set(at, "Preparing", 0.9);
        let overview = ColorImage::from_rgba_unmultiplied([w as usize, h as usize], img.as_raw());
        return Ok(Decoded {
            image: Arc::new(img),
            overview,
            tiled: false,
        });
    }
    set(at, "Scaling", 0.7);
    let k = max as f64 / side as f64;
    let (ow, oh) = (
        ((f64::from(w) * k).round() as u32).max(1),
        ((f64::from(h) * k).round() as u32).max(1),
    );
    let small = image::imageops::thumbnail(&img, ow, oh);
    set(at, "Preparing", 0.9);
    let overview = ColorImage::from_rgba_unmultiplied([ow as usize, oh as usize], small.as_raw());
    Ok(Decoded {
        image: Arc::new(img),
        overview,
        tiled: true,
    })
}
