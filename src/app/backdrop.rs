//! The board's background image on the canvas (a module's printed map, a scan to
//! trace), read into a tiled pyramid (`io::pyramid`) in a background thread with its
//! progress shown: the overview, one texture small enough for any GPU (egui's
//! `max_texture_side`), fills in as the image is decoded; zoomed in past its sharpness,
//! the tiles of the level the view needs are read off the frame and drawn over it,
//! and the least recently drawn tile textures are let go. VASSAL allows boards of
//! 32,767 pixels a side: neither the decode, nor a texture, nor reading a tile may
//! stall a frame, and the image never sits whole in memory.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use egui::{Color32, ColorImage, Pos2, Rect, Shape, TextureHandle, TextureOptions, pos2, vec2};
use rustc_hash::FxHashSet;

use super::view::View;
use crate::board::Background;
use crate::io::pyramid::{self, Event, Input, Pyramid, TILE, TileCache, TileKey};

/// Tile textures kept at least (1 MB each); more when the view shows more at once.
const MAX_TILES: usize = 64;
/// Tiles being read at once, off the frame.
const TILES_IN_FLIGHT: usize = 4;
/// Tiles made textures in one frame at most: an upload each, the frame stays short.
const UPLOADS_PER_FRAME: usize = 4;
/// Screen pixels per texel past which a finer level is drawn: a texel larger than a
/// pixel loses detail the image has.
const BLURRY: f32 = 1.0;

/// Where a decode has got to, shown under the canvas's corner.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    pub stage: &'static str,
    /// 0..1, roughly.
    pub fraction: f32,
}

/// How often a frame is drawn while an image loads and nothing else asks for one: the
/// progress and the overview as far as it is. A frame drawn in software (Mesa's llvmpipe)
/// over a big image costs about 0.2 s of CPU: at 4 a second they took half the
/// machine's two cores from the decode, which ended after 36 s instead of 13 s.
const LOADING_FRAMES: Duration = Duration::from_secs(1);

/// What the decoding thread hands the frame.
enum Msg {
    Started {
        size: [u32; 2],
        overview: [u32; 2],
    },
    /// Overview rows from `y` on.
    Rows {
        y: u32,
        image: ColorImage,
    },
    Done(Result<Pyramid, String>),
}

/// Where the image's bytes come from: a file, or an import not yet saved.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Source {
    File(PathBuf),
    Memory(String),
}

enum State {
    Loading {
        rx: Receiver<Msg>,
        progress: Arc<Mutex<Progress>>,
        started: Instant,
        /// The image's size and its overview as far as it is decoded, once known.
        partial: Option<([u32; 2], TextureHandle)>,
        /// Overview rows taken so far, and the overview's height.
        rows: (u32, u32),
        /// Dropped with the state: the thread then stops.
        _alive: Arc<()>,
    },
    Ready(Box<Pictures>),
    Failed(String),
}

type TileResult = (TileKey, Result<ColorImage, String>);

/// The textures of a decoded image.
struct Pictures {
    pyramid: Arc<Pyramid>,
    overview: TextureHandle,
    /// Tile textures, the least recently drawn let go first.
    tiles: TileCache<TileKey, TextureHandle>,
    asked: FxHashSet<TileKey>,
    /// Tiles to read, to the reading thread (which ends when this goes).
    ask: Sender<TileKey>,
    read: Receiver<TileResult>,
    /// Tiles that could not be read (the overview stands in), and why.
    failed: FxHashSet<TileKey>,
    problem: Option<String>,
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
}

impl Default for BackdropView {
    fn default() -> Self {
        BackdropView {
            shown: true,
            opacity: 1.0,
            memory: None,
            loaded: None,
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
            Some((_, State::Ready(p))) => {
                let (w, h) = p.pyramid.size();
                Status::Ready {
                    size: [w, h],
                    tiled: p.pyramid.tiled(),
                }
            }
            Some((_, State::Failed(e))) => Status::Failed(e.clone()),
        }
    }

    /// The image's pyramid (its pixels at full resolution), once it is read.
    pub fn image(&self) -> Option<Arc<Pyramid>> {
        match &self.loaded {
            Some((_, State::Ready(p))) => Some(p.pyramid.clone()),
            _ => None,
        }
    }

    /// Tiles held as textures now.
    pub fn tiles(&self) -> usize {
        match &self.loaded {
            Some((_, State::Ready(p))) => p.tiles.len(),
            _ => 0,
        }
    }

    /// Starts reading the image `bg` names (relative to the scenario at `path`) if it
    /// is not the one loaded, and takes what the reading thread has made.
    pub fn update(&mut self, ctx: &egui::Context, bg: Option<&Background>, path: Option<&Path>) {
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
        let State::Loading {
            rx, partial, rows, ..
        } = state
        else {
            return;
        };
        loop {
            match rx.try_recv() {
                Ok(Msg::Started { size, overview }) => {
                    *rows = (0, overview[1]);
                    let blank = ColorImage::filled(
                        [overview[0] as usize, overview[1] as usize],
                        Color32::TRANSPARENT,
                    );
                    let t = ctx.load_texture("backdrop", blank, TextureOptions::LINEAR);
                    *partial = Some((size, t));
                }
                Ok(Msg::Rows { y, image }) => {
                    if rows.0 == 0 {
                        super::frame_log::event("background first rows");
                    }
                    rows.0 = y + image.height() as u32;
                    if rows.0 == rows.1 {
                        super::frame_log::event("background overview");
                    }
                    if let Some((_, t)) = partial {
                        t.set_partial([0, y as usize], image, TextureOptions::LINEAR);
                    }
                }
                Ok(Msg::Done(Ok(p))) => {
                    let overview = match partial.take() {
                        Some((_, t)) => t,
                        None => ctx.load_texture(
                            "backdrop",
                            colour_image(p.overview()),
                            TextureOptions::LINEAR,
                        ),
                    };
                    *state = State::Ready(Box::new(Pictures::new(ctx, p, overview)));
                    super::frame_log::event("background done");
                    ctx.request_repaint();
                    return;
                }
                Ok(Msg::Done(Err(e))) => {
                    *state = State::Failed(e);
                    return;
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    *state = State::Failed("the decoding thread stopped".into());
                    return;
                }
            }
        }
        // The thread wakes the UI for the first picture, the first overview rows and
        // the end; the rest (progress, more rows) waits for the next of these frames.
        ctx.request_repaint_after(LOADING_FRAMES);
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
        let max = ctx
            .input(|i| i.max_texture_side)
            .min(pyramid::OVERVIEW_SIDE as usize) as u32;
        let input = match source {
            Source::File(p) => Some(Input::File(p.clone())),
            Source::Memory(name) => self.memory.as_ref().map(|(_, b)| Input::Bytes {
                name: name.clone(),
                bytes: b.clone(),
            }),
        };
        let name = source_path(source);
        let alive = Arc::new(());
        let weak = Arc::downgrade(&alive);
        let repaint = ctx.clone();
        std::thread::spawn(move || {
            let result = match input {
                Some(input) => build(&input, max, &tx, &weak, &at, &repaint),
                None => Err(format!("{name}: not in memory")),
            };
            // The app may have gone (window closed): nobody to tell.
            let _ = tx.send(Msg::Done(result));
            repaint.request_repaint();
        });
        State::Loading {
            rx,
            progress,
            started: Instant::now(),
            partial: None,
            rows: (0, 0),
            _alive: alive,
        }
    }

    /// Draws the image (if shown and decoded, or its overview as far as it is) under
    /// the scene, placed as `bg` says.
    pub fn shapes(
        &mut self,
        ctx: &egui::Context,
        bg: &Background,
        view: &View,
        rect: Rect,
    ) -> Vec<Shape> {
        let (shown, opacity) = (self.shown, self.opacity);
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
        let uv = Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0));
        let p = match &mut self.loaded {
            Some((_, State::Ready(p))) => p,
            Some((_, State::Loading { partial, .. })) => {
                // The overview as far as it is decoded.
                return partial
                    .iter()
                    .map(|(size, t)| {
                        let whole = board_rect(0.0, 0.0, f64::from(size[0]), f64::from(size[1]));
                        Shape::image(t.id(), whole, uv, tint)
                    })
                    .collect();
            }
            _ => return Vec::new(),
        };
        let (w, h) = p.pyramid.size();
        let whole = board_rect(0.0, 0.0, f64::from(w), f64::from(h));
        let mut out = vec![Shape::image(p.overview.id(), whole, uv, tint)];
        p.take_read(ctx);
        if !p.pyramid.tiled() {
            return out;
        }
        // Physical screen pixels an image pixel covers, and the level whose texels
        // are no larger than a pixel (full resolution when zoomed in further).
        let scale = whole.width() / w as f32 * ctx.pixels_per_point();
        let top = p.pyramid.top();
        if scale * (1u32 << top) as f32 <= BLURRY {
            return out;
        }
        let level = ((BLURRY / scale).log2().floor().max(0.0) as u8).min(top - 1);
        let k = f64::from(1u32 << level);
        let vis = view.visible(rect);
        let a = bg.to_pixels((f64::from(vis.min.x), f64::from(vis.min.y)));
        let b = bg.to_pixels((f64::from(vis.max.x), f64::from(vis.max.y)));
        let keys = p
            .pyramid
            .tiles_in(level, (a.0 / k, a.1 / k), (b.0 / k, b.1 / k));
        // Enough textures for the view (and the one before it) whatever the window.
        p.tiles.set_capacity(MAX_TILES.max(2 * keys.len()));
        let wanted = keys.len();
        // Where a tile is not read yet, a coarser one already read stands in for it.
        let mut stand_ins = Vec::new();
        let mut sharp = Vec::new();
        for key in keys {
            if let Some(t) = p.tiles.get(&key) {
                sharp.push((key, t.id()));
                continue;
            }
            p.ask(ctx, key);
            let mut up = key;
            while up.level + 1 < top {
                up = TileKey {
                    level: up.level + 1,
                    col: up.col / 2,
                    row: up.row / 2,
                };
                if let Some(t) = p.tiles.get(&up) {
                    if !stand_ins.iter().any(|(k, _)| *k == up) {
                        stand_ins.push((up, t.id()));
                    }
                    break;
                }
            }
        }
        // Every tile of the view sharp: the overview under them is never seen, and a
        // frame drawn in software spends its time on such layers.
        if stand_ins.is_empty() && sharp.len() == wanted {
            out.clear();
        }
        for (key, id) in stand_ins.into_iter().chain(sharp) {
            let k = f64::from(1u32 << key.level);
            let (tw, th) = p.pyramid.level_size(key.level);
            let (x0, y0) = (key.col * TILE, key.row * TILE);
            let (x1, y1) = ((x0 + TILE).min(tw), (y0 + TILE).min(th));
            let at = board_rect(
                f64::from(x0) * k,
                f64::from(y0) * k,
                (f64::from(x1) * k).min(f64::from(w)),
                (f64::from(y1) * k).min(f64::from(h)),
            );
            out.push(Shape::image(id, at, uv, tint));
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
            Some((_, State::Ready(p))) if p.problem.is_some() => {
                painter.text(
                    at,
                    egui::Align2::LEFT_BOTTOM,
                    format!(
                        "Background image shown blurred in places: {}",
                        p.problem.as_deref().unwrap_or_default()
                    ),
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

fn colour_image(img: &image::RgbaImage) -> ColorImage {
    ColorImage::from_rgba_unmultiplied([img.width() as usize, img.height() as usize], img.as_raw())
}

/// Reads the image into its pyramid, handing the overview's rows to the frame as they
/// are made; stops when the frame no longer wants it (`alive` gone).
fn build(
    input: &Input,
    max: u32,
    tx: &Sender<Msg>,
    alive: &Weak<()>,
    at: &Mutex<Progress>,
    repaint: &egui::Context,
) -> Result<Pyramid, String> {
    let mut overview_width = 0;
    let mut shown = false;
    Pyramid::build(input, max, &mut |e| {
        match e {
            Event::Started { size, overview } => {
                overview_width = overview.0 as usize;
                *lock(at) = Progress {
                    stage: "Decoding",
                    fraction: 0.0,
                };
                let _ = tx.send(Msg::Started {
                    size: [size.0, size.1],
                    overview: [overview.0, overview.1],
                });
            }
            Event::Overview { y, rows } => {
                let n = rows.len() / 4 / overview_width.max(1);
                let image = ColorImage::from_rgba_unmultiplied([overview_width, n], rows);
                let _ = tx.send(Msg::Rows { y, image });
                // The first rows at once; the next with the next frame.
                if !shown {
                    shown = true;
                    repaint.request_repaint();
                }
            }
            Event::Progress(f) => lock(at).fraction = f,
        }
        alive.strong_count() > 0
    })
    .map_err(|e| e.to_string())
}

impl Pictures {
    fn new(ctx: &egui::Context, pyramid: Pyramid, overview: TextureHandle) -> Pictures {
        let pyramid = Arc::new(pyramid);
        let (ask, asked_rx) = mpsc::channel::<TileKey>();
        let (read_tx, read) = mpsc::channel();
        if pyramid.tiled() {
            let (p, repaint) = (pyramid.clone(), ctx.clone());
            std::thread::spawn(move || {
                for key in asked_rx {
                    let tile = p
                        .tile(key)
                        .map(|t| colour_image(&t))
                        .map_err(|e| e.to_string());
                    if read_tx.send((key, tile)).is_err() {
                        break;
                    }
                    repaint.request_repaint();
                }
            });
        }
        Pictures {
            pyramid,
            overview,
            tiles: TileCache::new(MAX_TILES),
            asked: FxHashSet::default(),
            ask,
            read,
            failed: FxHashSet::default(),
            problem: None,
        }
    }

    /// Makes textures of the tiles read since, a few a frame.
    fn take_read(&mut self, ctx: &egui::Context) {
        for _ in 0..UPLOADS_PER_FRAME {
            let Ok((key, tile)) = self.read.try_recv() else {
                return;
            };
            self.asked.remove(&key);
            match tile {
                Ok(img) => {
                    let name = format!("backdrop-{}-{}-{}", key.level, key.col, key.row);
                    let t = ctx.load_texture(name, img, TextureOptions::LINEAR);
                    self.tiles.insert(key, t);
                }
                Err(e) => {
                    self.failed.insert(key);
                    self.problem = Some(e);
                }
            }
        }
        // Perhaps more read than taken: the next frame takes them.
        ctx.request_repaint();
    }

    /// Asks for a tile to be read unless it is already, or enough are.
    fn ask(&mut self, ctx: &egui::Context, key: TileKey) {
        if self.failed.contains(&key) {
            return;
        }
        if self.asked.len() < TILES_IN_FLIGHT && self.asked.insert(key) {
            let _ = self.ask.send(key);
        } else {
            ctx.request_repaint_after(Duration::from_millis(50));
        }
    }
}
