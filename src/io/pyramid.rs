//! A board's background image kept as a tiled pyramid: read once into square tiles at
//! full resolution and at each halving down to an overview small enough for one
//! texture, so a 32,767 px scan never sits whole in memory: the designer draws the
//! tiles its view needs, the background sampler and `--redraw-board` read pixels of a
//! rectangle at full resolution, through a small cache.
//!
//! A PNG (`png_index`) and a big baseline JPEG (`jpeg::Index`) are not decoded into
//! tiles at all: one pass over the file makes the overview and notes, every 512 px,
//! where its decoder stood (a PNG's inflater state and the row above; a JPEG's entropy
//! decoder in each row of blocks), and a tile is decoded from the file itself when it
//! is asked for. Full detail is there as soon as the overview is. An interlaced PNG's
//! overview is shown whole after its first Adam7 pass. Other images (a smaller JPEG row
//! by row; progressive JPEG and GIF decoded whole first) are cut into tiles written to
//! a temporary folder that goes with the pyramid.

use std::collections::BTreeMap;
use std::hash::Hash;
use std::io::{BufRead, BufReader, Seek};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex};

use image::RgbaImage;
use rustc_hash::FxHashMap;

/// Tiles are this many pixels a side (less at a level's right and bottom edges).
pub const TILE: u32 = 512;
/// The overview is at most this many pixels a side unless asked for less (a texture
/// every GPU takes, and a 32,767 px scan halved three times).
pub const OVERVIEW_SIDE: u32 = 4096;
/// Tiles read back kept decoded in memory (1 MB each).
const CACHED: usize = 48;
/// Tiles waiting for the writing thread at most (1 MB each).
const QUEUED: usize = 16;
/// Rows of the overview gathered before they are handed on to be shown.
const OVERVIEW_BATCH: u32 = 64;
/// A baseline JPEG more than this many times the overview's side (16,384 px for the
/// designer's) is indexed rather than decoded: its overview is its eighth (its DC
/// coefficients, 3 halvings down) and its tiles are decoded from the file when asked
/// for. A smaller one is decoded in the 2 or 3 s its tiles take to write.
const INDEX_PAST: u32 = 4;
/// The halvings between a JPEG's full size and its eighth.
const EIGHTH: usize = 3;
/// A PNG's tiles decoded with the one asked for, either side of it in its row: a band
/// of rows is inflated whole whatever columns are taken from it, and a view or the
/// sampler next wants the tiles beside.
const NEIGHBOURS: u32 = 4;
/// At most this many bytes of an interlaced PNG's band are gathered (its passes come
/// one after another) before it is halved into tiles.
const INTERLACED_BAND: u64 = 64 << 20;
/// At most this many tiles of a row decoded in one run when a wide rectangle is read.
const WIDE_BAND: u32 = 64;
/// The reader's buffer when decoding a JPEG's tile: each row of blocks of a tile is a
/// few hundred bytes to a few KB of the file, reached by a seek.
const TILE_READ_BUFFER: usize = 16 << 10;

/// What went wrong, naming the image.
#[derive(Debug, thiserror::Error)]
pub enum PyramidError {
    #[error("{file}: {source}")]
    Io {
        file: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{file}: {message}")]
    Image { file: String, message: String },
    #[error("{file}: the image is empty (0 pixels)")]
    Empty { file: String },
    #[error("{file}: stopped before the image was read")]
    Stopped { file: String },
}

/// Where the image's bytes are: a file, or bytes already in memory (an import not
/// saved yet, a module's entry) under the name errors give.
#[derive(Debug, Clone)]
pub enum Input {
    File(PathBuf),
    Bytes { name: String, bytes: Arc<Vec<u8>> },
}

impl Input {
    /// The name errors give: the file's path or the bytes' name.
    pub fn name(&self) -> String {
        match self {
            Input::File(p) => p.display().to_string(),
            Input::Bytes { name, .. } => name.clone(),
        }
    }
}

/// What a build tells as it goes. Answering `false` to any of them stops it.
pub enum Event<'a> {
    /// The image's size and its overview's, known before any pixel is decoded.
    Started {
        size: (u32, u32),
        overview: (u32, u32),
    },
    /// Overview rows from `y` on (`rows`, RGBA, the overview's width), as they are made.
    Overview { y: u32, rows: &'a [u8] },
    /// The share of the image decoded (a big JPEG's: indexed), 0..1.
    Progress(f32),
}

/// One tile: the level (0 full resolution, each next one half the size) and its
/// column and row at that level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileKey {
    pub level: u8,
    pub col: u32,
    pub row: u32,
}

/// The most recently used values by key, at most `capacity` of them: the tiles read
/// back here, the tiles' textures in the designer.
pub struct TileCache<K, V> {
    capacity: usize,
    clock: u64,
    entries: FxHashMap<K, (V, u64)>,
    by_use: BTreeMap<u64, K>,
}

impl<K: Copy + Eq + Hash, V> TileCache<K, V> {
    pub fn new(capacity: usize) -> Self {
        TileCache {
            capacity: capacity.max(1),
            clock: 0,
            entries: FxHashMap::default(),
            by_use: BTreeMap::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Raises or lowers the bound (evicting the least recently used over it).
    pub fn set_capacity(&mut self, capacity: usize) {
        self.capacity = capacity.max(1);
        self.evict();
    }

    pub fn contains(&self, key: &K) -> bool {
        self.entries.contains_key(key)
    }

    /// The value, now the most recently used.
    pub fn get(&mut self, key: &K) -> Option<&V> {
        self.clock += 1;
        let (value, used) = self.entries.get_mut(key)?;
        self.by_use.remove(used);
        *used = self.clock;
        self.by_use.insert(self.clock, *key);
        Some(value)
    }

    /// Keeps `value` as the most recently used, evicting the least recently used past
    /// the capacity.
    pub fn insert(&mut self, key: K, value: V) {
        self.clock += 1;
        if let Some((_, used)) = self.entries.insert(key, (value, self.clock)) {
            self.by_use.remove(&used);
        }
        self.by_use.insert(self.clock, key);
        self.evict();
    }

    fn evict(&mut self) {
        while self.entries.len() > self.capacity {
            let Some((_, key)) = self.by_use.pop_first() else {
                break;
            };
            self.entries.remove(&key);
        }
    }
}

/// Pixels of a rectangle at full resolution: what sampling reads, from a decoded image
/// or a pyramid alike.
pub trait Pixels {
    /// The image's size in pixels.
    fn size(&self) -> (u32, u32);
    /// The pixels of the rectangle at (`x`, `y`), `w` x `h`, cut to the image.
    fn region(&self, x: u32, y: u32, w: u32, h: u32) -> Result<RgbaImage, PyramidError>;
}

impl Pixels for RgbaImage {
    fn size(&self) -> (u32, u32) {
        self.dimensions()
    }

    fn region(&self, x: u32, y: u32, w: u32, h: u32) -> Result<RgbaImage, PyramidError> {
        let (x, y) = (x.min(self.width()), y.min(self.height()));
        let (w, h) = (w.min(self.width() - x), h.min(self.height() - y));
        Ok(image::imageops::crop_imm(self, x, y, w, h).to_image())
    }
}

/// An image as tiles at every level and an overview in memory.
pub struct Pyramid {
    name: String,
    /// Each level's size; the last one is the overview's.
    levels: Vec<(u32, u32)>,
    overview: Arc<RgbaImage>,
    tiles: Tiles,
    cache: Mutex<TileCache<TileKey, Arc<RgbaImage>>>,
}

/// Where the tiles below the overview come from.
enum Tiles {
    /// None: the image is its own overview.
    None,
    /// Written to a temporary folder as the image was decoded, removed with the pyramid.
    Disk(tempfile::TempDir),
    /// Decoded from a baseline JPEG when asked for.
    Jpeg(Box<JpegTiles>),
    /// Decoded from a PNG when asked for, a band of rows at a time.
    Png(Box<PngTiles>),
}

/// A PNG's bytes, the marks its inflater goes on from, the file's length and time of
/// change when it was read, and a lock that keeps two threads from decoding the same
/// band at once (the second then finds its tile in the cache).
struct PngTiles {
    input: Input,
    index: Box<super::png_index::Index>,
    stamp: Option<Stamp>,
    decoding: Mutex<()>,
}

/// A JPEG's bytes, where its rows of blocks start, and the file's length and time of
/// change when it was read (a file changed since would decode to nonsense: its tiles
/// are then refused).
struct JpegTiles {
    input: Input,
    index: Box<super::jpeg::Index>,
    stamp: Option<Stamp>,
}

impl std::fmt::Debug for Pyramid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pyramid")
            .field("name", &self.name)
            .field("levels", &self.levels)
            .finish_non_exhaustive()
    }
}

impl Pyramid {
    /// Reads the image with an overview of at most [`OVERVIEW_SIDE`] pixels a side.
    pub fn open(input: &Input) -> Result<Pyramid, PyramidError> {
        Self::build(input, OVERVIEW_SIDE, &mut |_| true)
    }

    /// Reads the image into tiles and levels down to an overview of at most
    /// `overview_side` pixels a side, telling `on` how it goes.
    pub fn build(
        input: &Input,
        overview_side: u32,
        on: &mut dyn FnMut(Event<'_>) -> bool,
    ) -> Result<Pyramid, PyramidError> {
        let name = input.name();
        let mut source = open_source(input)?;
        let magic = source
            .fill_buf()
            .map_err(|e| io_error(&name, e))?
            .get(..8)
            .map(<[u8]>::to_vec)
            .unwrap_or_default();
        if magic.starts_with(b"\x89PNG") {
            let mut decoder = png::Decoder::new(source);
            // The image's own size decides what it takes: nothing whole is held.
            decoder.set_limits(png::Limits { bytes: usize::MAX });
            let reader = decoder.read_info().map_err(|e| image_error(&name, e))?;
            let header = super::png_index::Header::new(reader.info());
            drop(reader);
            return png_indexed(input, header, overview_side, on);
        }
        if magic.starts_with(&[0xFF, 0xD8]) {
            if let Some(p) = indexed(input, overview_side, on)? {
                return Ok(p);
            }
            let mut sink = JpegSink {
                name: name.clone(),
                overview_side,
                on: Some(&mut *on),
                builder: None,
            };
            match super::jpeg::read(&mut source, &mut sink, super::jpeg::Scale::Full)? {
                super::jpeg::Read::Done | super::jpeg::Read::Indexed(_) => {
                    return sink
                        .builder
                        .ok_or_else(|| image_error(&name, "no image data"))?
                        .finish();
                }
                // Progressive and the rarer kinds: decoded whole, below.
                super::jpeg::Read::Unsupported(why) => {
                    drop(sink);
                    let source = open_source(input)?;
                    return whole(&name, source, overview_side, on).map_err(|e| match e {
                        PyramidError::Image { file, message } => PyramidError::Image {
                            file,
                            message: format!("{message} (a JPEG of {why}, decoded whole)"),
                        },
                        e => e,
                    });
                }
            }
        }
        whole(&name, source, overview_side, on)
    }

    /// The name errors give.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The image's size at full resolution.
    pub fn size(&self) -> (u32, u32) {
        self.levels[0]
    }

    /// The overview's level: levels below it are tiles on disk.
    pub fn top(&self) -> u8 {
        (self.levels.len() - 1) as u8
    }

    /// A level's size in its own pixels.
    pub fn level_size(&self, level: u8) -> (u32, u32) {
        self.levels[usize::from(level).min(self.levels.len() - 1)]
    }

    /// The whole image at the overview's level.
    pub fn overview(&self) -> &Arc<RgbaImage> {
        &self.overview
    }

    /// Whether the image is bigger than its overview (and so has tiles).
    pub fn tiled(&self) -> bool {
        self.levels.len() > 1
    }

    /// A tile's pixels (the overview's tiles are cut from it).
    pub fn tile(&self, key: TileKey) -> Result<Arc<RgbaImage>, PyramidError> {
        if let Some(t) = lock(&self.cache).get(&key) {
            return Ok(t.clone());
        }
        let (w, h) = self.level_size(key.level);
        let (x, y) = (key.col * TILE, key.row * TILE);
        if x >= w || y >= h {
            return Err(PyramidError::Image {
                file: self.name.clone(),
                message: format!(
                    "tile {}/{}/{} lies outside the image",
                    key.level, key.col, key.row
                ),
            });
        }
        let tile = match &self.tiles {
            Tiles::Disk(dir) if key.level < self.top() => {
                Arc::new(read_tile(&tile_path(dir.path(), key))?)
            }
            Tiles::Jpeg(jpeg) if key.level < self.top() => Arc::new(self.jpeg_tile(jpeg, key)?),
            Tiles::Png(png) if key.level < self.top() => return self.png_tile(png, key),
            _ => Arc::new(self.overview.region(x, y, TILE, TILE)?),
        };
        lock(&self.cache).insert(key, tile.clone());
        Ok(tile)
    }

    /// Refuses a file changed since it was read (its tiles would decode to nonsense).
    fn unchanged(&self, input: &Input, stamp: Option<Stamp>) -> Result<(), PyramidError> {
        if stamp_of(input) != stamp {
            return Err(image_error(
                &self.name,
                "the file changed since it was read",
            ));
        }
        Ok(())
    }

    /// A JPEG's tile: its square at full size decoded from the file, halved down to
    /// the tile's level as the build halves its rows (so the same pixels).
    fn jpeg_tile(&self, jpeg: &JpegTiles, key: TileKey) -> Result<RgbaImage, PyramidError> {
        self.unchanged(&jpeg.input, jpeg.stamp)?;
        let mut source = open_source_with(&jpeg.input, TILE_READ_BUFFER)?;
        let span = (TILE as usize) << key.level;
        let (x, y) = (key.col as usize * span, key.row as usize * span);
        let w0 = (self.size().0 as usize).min(x + span) - x;
        let (w, h) = self.level_size(key.level);
        let (tw, th) = (TILE.min(w - key.col * TILE), TILE.min(h - key.row * TILE));
        let mut halvings = Halvings::new(w0 as u32, usize::from(key.level));
        let mut out = Vec::with_capacity(tw as usize * th as usize * 4);
        jpeg.index
            .region(&mut source, x..x + span, y..y + span, &mut |row| {
                halvings.push(0, row, &mut out);
            })
            .map_err(|e| image_error(&self.name, e))?;
        halvings.finish(&mut out);
        RgbaImage::from_raw(tw, th, out)
            .ok_or_else(|| image_error(&self.name, "a tile of the wrong size"))
    }

    /// A PNG's tile: the band of rows it lies in decoded from the file (from the mark
    /// at its top), with the tiles either side of it, which a view or a sampled hex
    /// next wants too (a band is inflated whole, whatever columns it gives).
    fn png_tile(&self, png: &PngTiles, key: TileKey) -> Result<Arc<RgbaImage>, PyramidError> {
        let _one = lock(&png.decoding);
        if let Some(t) = lock(&self.cache).get(&key) {
            return Ok(t.clone());
        }
        let cols = self.level_size(key.level).0.div_ceil(TILE);
        let span = u64::from(TILE) << key.level;
        let reach = if png.index.header.interlaced {
            // An interlaced band is gathered whole before it is halved.
            ((INTERLACED_BAND / (4 * span * span)).saturating_sub(1) / 2) as u32
        } else {
            NEIGHBOURS
        }
        .min(NEIGHBOURS);
        let from = key.col.saturating_sub(reach);
        let to = (key.col + reach + 1).min(cols);
        let tiles = self.png_band(png, key.level, key.row, from..to)?;
        let mut cache = lock(&self.cache);
        let mut want = None;
        for (col, tile) in (from..to).zip(tiles) {
            let tile = Arc::new(tile);
            if col == key.col {
                want = Some(tile);
            } else {
                cache.insert(TileKey { col, ..key }, tile);
            }
        }
        let want = want.ok_or_else(|| image_error(&self.name, "a tile not decoded"))?;
        cache.insert(key, want.clone());
        Ok(want)
    }

    /// The tiles `cols` of row `row` of `level`, decoded from the PNG: the band's rows
    /// at full resolution, those columns made RGBA and halved to the level as the
    /// build halves (so the same pixels as a pyramid built whole).
    fn png_band(
        &self,
        png: &PngTiles,
        level: u8,
        row: u32,
        cols: std::ops::Range<u32>,
    ) -> Result<Vec<RgbaImage>, PyramidError> {
        self.unchanged(&png.input, png.stamp)?;
        let index = &png.index;
        let header = &index.header;
        let (w, h) = self.size();
        let span = TILE << level;
        let (x0, x1) = (cols.start * span, (cols.end * span).min(w));
        let (y0, y1) = (row * span, ((row + 1) * span).min(h));
        let ww = (x1 - x0) as usize;
        let mut halvings = Halvings::new(ww as u32, usize::from(level));
        let mut out = Vec::new();
        let source = || open_source_with(&png.input, TILE_READ_BUFFER);
        let bad = |e: String| image_error(&self.name, e);
        let passes = header.passes();
        if let [pass] = passes.as_slice() {
            let mut rgba = vec![0; ww * 4];
            let columns = pass.columns(x0..x1);
            index
                .pass_rows(source()?, 0, y0..y1, &mut |r| {
                    header.rgba(r.raw, columns.clone(), &mut rgba);
                    halvings.push(0, &rgba, &mut out);
                })
                .map_err(bad)?;
        } else {
            let mut band = vec![0u8; ww * (y1 - y0) as usize * 4];
            for (p, pass) in passes.iter().enumerate() {
                let columns = pass.columns(x0..x1);
                let mut rgba = vec![0; columns.len() * 4];
                let rows = pass.row_at(y0)..pass.row_at(y1);
                index
                    .pass_rows(source()?, p, rows, &mut |r| {
                        header.rgba(r.raw, columns.clone(), &mut rgba);
                        let y = (pass.y0 + r.row * pass.dy - y0) as usize;
                        for (px, i) in rgba.chunks_exact(4).zip(columns.clone()) {
                            let x = (pass.x0 + i as u32 * pass.dx - x0) as usize;
                            let at = (y * ww + x) * 4;
                            band[at..at + 4].copy_from_slice(px);
                        }
                    })
                    .map_err(bad)?;
            }
            for r in band.chunks_exact(ww * 4) {
                halvings.push(0, r, &mut out);
            }
        }
        halvings.finish(&mut out);
        let (lw, lh) = self.level_size(level);
        let th = TILE.min(lh - row * TILE) as usize;
        let row_bytes = ww.div_ceil(1 << level) * 4;
        if out.len() != row_bytes * th {
            return Err(bad("a band of the wrong size".into()));
        }
        let mut tiles = Vec::new();
        for col in cols.clone() {
            let tw = TILE.min(lw - col * TILE) as usize;
            let at = (col - cols.start) as usize * TILE as usize * 4;
            let mut pixels = Vec::with_capacity(tw * th * 4);
            for r in out.chunks_exact(row_bytes) {
                pixels.extend_from_slice(&r[at..at + tw * 4]);
            }
            tiles.push(
                RgbaImage::from_raw(tw as u32, th as u32, pixels)
                    .ok_or_else(|| bad("a tile of the wrong size".into()))?,
            );
        }
        Ok(tiles)
    }

    /// A PNG's tiles of `keys` (level 0) in rows wider than [`Pyramid::png_tile`]
    /// decodes at once, each band decoded once in as few runs as its memory allows
    /// (`--redraw-board` reads the image a band at a time), not kept in the cache.
    fn png_rows(
        &self,
        keys: &[TileKey],
    ) -> Result<FxHashMap<TileKey, Arc<RgbaImage>>, PyramidError> {
        let mut out = FxHashMap::default();
        let Tiles::Png(png) = &self.tiles else {
            return Ok(out);
        };
        let mut rows: BTreeMap<u32, std::ops::Range<u32>> = BTreeMap::new();
        for k in keys {
            let r = rows.entry(k.row).or_insert(k.col..k.col + 1);
            *r = r.start.min(k.col)..r.end.max(k.col + 1);
        }
        let most = if png.index.header.interlaced {
            (INTERLACED_BAND / (4 * u64::from(TILE) * u64::from(TILE))) as u32
        } else {
            WIDE_BAND
        };
        for (row, cols) in rows {
            if cols.len() <= 2 * NEIGHBOURS as usize + 1 {
                continue;
            }
            let mut from = cols.start;
            while from < cols.end {
                let to = (from + most).min(cols.end);
                let tiles = self.png_band(png, 0, row, from..to)?;
                for (col, t) in (from..to).zip(tiles) {
                    out.insert(TileKey { level: 0, col, row }, Arc::new(t));
                }
                from = to;
            }
        }
        Ok(out)
    }

    /// The tiles of `level` that cover the rectangle `min`..`max` (in that level's
    /// pixels, cut to it), row by row.
    pub fn tiles_in(&self, level: u8, min: (f64, f64), max: (f64, f64)) -> Vec<TileKey> {
        let (w, h) = self.level_size(level);
        let span = |lo: f64, hi: f64, n: u32| {
            let last = n.div_ceil(TILE).saturating_sub(1);
            let a = (lo / f64::from(TILE)).floor().clamp(0.0, f64::from(last)) as u32;
            let b = (hi / f64::from(TILE)).floor().clamp(0.0, f64::from(last)) as u32;
            a..=b
        };
        if max.0 <= 0.0 || max.1 <= 0.0 || min.0 >= f64::from(w) || min.1 >= f64::from(h) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for row in span(min.1, max.1, h) {
            for col in span(min.0, max.0, w) {
                out.push(TileKey { level, col, row });
            }
        }
        out
    }
}

impl Pixels for Pyramid {
    fn size(&self) -> (u32, u32) {
        Pyramid::size(self)
    }

    fn region(&self, x: u32, y: u32, w: u32, h: u32) -> Result<RgbaImage, PyramidError> {
        if !self.tiled() {
            return self.overview.region(x, y, w, h);
        }
        let (iw, ih) = self.size();
        let (x, y) = (x.min(iw), y.min(ih));
        let (w, h) = (w.min(iw - x), h.min(ih - y));
        let mut out = RgbaImage::new(w, h);
        if w == 0 || h == 0 {
            return Ok(out);
        }
        let keys = self.tiles_in(
            0,
            (f64::from(x), f64::from(y)),
            (f64::from(x + w - 1), f64::from(y + h - 1)),
        );
        let mut wide = self.png_rows(&keys)?;
        for key in keys {
            let tile = match wide.remove(&key) {
                Some(t) => t,
                None => self.tile(key)?,
            };
            let (tx, ty) = (key.col * TILE, key.row * TILE);
            // The overlap of the tile and the rectangle, in image pixels.
            let (x0, y0) = (x.max(tx), y.max(ty));
            let x1 = (x + w).min(tx + tile.width());
            let y1 = (y + h).min(ty + tile.height());
            let row_bytes = (x1 - x0) as usize * 4;
            for yy in y0..y1 {
                let from = ((yy - ty) as usize * tile.width() as usize + (x0 - tx) as usize) * 4;
                let to = ((yy - y) as usize * w as usize + (x0 - x) as usize) * 4;
                out.as_mut()[to..to + row_bytes]
                    .copy_from_slice(&tile.as_raw()[from..from + row_bytes]);
            }
        }
        Ok(out)
    }
}

/// A file's length and time of change (none for bytes in memory).
type Stamp = (u64, std::time::SystemTime);

fn stamp_of(input: &Input) -> Option<Stamp> {
    match input {
        Input::File(p) => std::fs::metadata(p)
            .ok()
            .and_then(|m| Some((m.len(), m.modified().ok()?))),
        Input::Bytes { .. } => None,
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn io_error(name: &str, source: std::io::Error) -> PyramidError {
    PyramidError::Io {
        file: name.to_string(),
        source,
    }
}

fn image_error(name: &str, e: impl std::fmt::Display) -> PyramidError {
    PyramidError::Image {
        file: name.to_string(),
        message: e.to_string(),
    }
}

/// Bytes in memory, readable through a cursor.
struct Shared(Arc<Vec<u8>>);

impl AsRef<[u8]> for Shared {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

trait Source: BufRead + Seek + Send {}
impl<T: BufRead + Seek + Send> Source for T {}

fn open_source(input: &Input) -> Result<Box<dyn Source>, PyramidError> {
    open_source_with(input, 1 << 20)
}

/// The input through a buffer of `buffer` bytes (a file's).
fn open_source_with(input: &Input, buffer: usize) -> Result<Box<dyn Source>, PyramidError> {
    Ok(match input {
        Input::File(p) => {
            let f = std::fs::File::open(p).map_err(|e| io_error(&input.name(), e))?;
            Box::new(BufReader::with_capacity(buffer, f))
        }
        Input::Bytes { bytes, .. } => Box::new(std::io::Cursor::new(Shared(bytes.clone()))),
    })
}

/// Rows of a PNG handed from its inflating thread to the builder at once.
const PNG_BATCH: usize = 32;
/// An interlaced PNG's overview is shown after these of its passes (0-based): the
/// first (every 8th pixel of every 8th row, 1/64 of the data), the fifth (every other
/// pixel of every other row, a quarter) and the last.
const SHOW_AFTER_PASS: [usize; 3] = [0, 4, 6];

/// A batch of a pass's rows made RGBA: the pass, its first row, the pixels (a buffer
/// kept from batch to batch, perhaps longer) and how many rows.
type PngBatch = (usize, u32, Vec<u8>, usize);

/// A PNG read once, top to bottom, for its overview and its index: inflated and
/// unfiltered on a thread of its own, made RGBA there, halved to the overview on this
/// one (an interlaced one's passes summed into it). Nothing at full resolution is
/// kept or written: the tiles are decoded from the file when asked for
/// ([`Pyramid::png_tile`]).
fn png_indexed(
    input: &Input,
    header: super::png_index::Header,
    overview_side: u32,
    on: &mut dyn FnMut(Event<'_>) -> bool,
) -> Result<Pyramid, PyramidError> {
    let name = input.name();
    let stamp = stamp_of(input);
    let size = (header.width, header.height);
    let levels = level_sizes(size, overview_side);
    let top = levels.len() - 1;
    let mut source = open_source(input)?;
    source
        .seek(std::io::SeekFrom::Start(super::png_index::AFTER_HEADER))
        .map_err(|e| io_error(&name, e))?;
    let passes = header.passes();
    let mut overview = if header.interlaced {
        if !on(Event::Started {
            size,
            overview: levels[top],
        }) {
            return Err(PyramidError::Stopped { file: name });
        }
        Overview::Summed(Box::new(Sums::new(&passes, size, top)), on)
    } else {
        Overview::Halved(
            Box::new(Builder::new(&name, size, overview_side, top, on)?),
            Halvings::new(size.0, top),
            Vec::new(),
        )
    };
    let index = std::thread::scope(|s| {
        let (give, take) = sync_channel::<PngBatch>(2);
        // Unbounded, yet never more than the batches in flight.
        let (back, spare) = channel::<Vec<u8>>();
        let reader_header = header.clone();
        let file = name.clone();
        let inflater = s.spawn(move || {
            let h = &reader_header;
            let passes = h.passes();
            let mut batch: Option<PngBatch> = None;
            let send = |b: PngBatch| give.send(b).is_ok();
            let read = super::png_index::read(
                source,
                super::png_index::AFTER_HEADER,
                h.clone(),
                TILE,
                &mut |r| {
                    let width = passes[r.pass].width as usize;
                    if let Some(b) = batch.take_if(|b| b.0 != r.pass || b.3 >= PNG_BATCH)
                        && !send(b)
                    {
                        return false;
                    }
                    let b = batch.get_or_insert_with(|| {
                        (r.pass, r.row, spare.try_recv().unwrap_or_default(), 0)
                    });
                    let (at, to) = (b.3 * width * 4, (b.3 + 1) * width * 4);
                    if b.2.len() < to {
                        // Grown once: a kept buffer is written over, not cleared first.
                        b.2.resize(to, 0);
                    }
                    h.rgba(r.raw, 0..width, &mut b.2[at..to]);
                    b.3 += 1;
                    true
                },
            );
            if let Some(b) = batch.take() {
                send(b);
            }
            read.map_err(|e| image_error(&file, e))
        });
        let mut built = Ok(());
        let mut shown = 0;
        'batches: for (pass, first, buffer, n) in &take {
            let width = passes[pass].width as usize * 4;
            if let Err(e) = overview.take(&name, &passes, pass, first, &buffer[..n * width]) {
                built = Err(e);
                break 'batches;
            }
            // Show an interlaced image's overview once a pass ends (whole at the first).
            let ended = first as usize + n == passes[pass].rows as usize;
            if let Overview::Summed(sums, on) = &mut overview
                && ended
                && SHOW_AFTER_PASS.contains(&pass)
            {
                shown = pass;
                if !sums.show(pass, *on) {
                    built = Err(PyramidError::Stopped { file: name.clone() });
                    break 'batches;
                }
            }
            // The reader may have ended: the buffer is then simply dropped.
            let _ = back.send(buffer);
        }
        drop(take);
        let read = inflater
            .join()
            .map_err(|_| image_error(&name, "the thread decoding it failed"))?;
        built?;
        let index = read?.ok_or_else(|| PyramidError::Stopped { file: name.clone() })?;
        if let Overview::Summed(sums, on) = &mut overview
            && shown != passes.len() - 1
            && !sums.show(passes.len() - 1, *on)
        {
            return Err(PyramidError::Stopped { file: name.clone() });
        }
        Ok::<_, PyramidError>(index)
    })?;
    let mut pyramid = match overview {
        Overview::Halved(mut builder, mut halvings, mut out) => {
            halvings.finish(&mut out);
            let width = levels[top].0 as usize * 4;
            for row in out.chunks_exact(width) {
                builder.push(row)?;
            }
            builder.finish()?
        }
        Overview::Summed(sums, on) => {
            if !on(Event::Progress(1.0)) {
                return Err(PyramidError::Stopped { file: name });
            }
            Pyramid {
                name: name.clone(),
                levels,
                overview: Arc::new(sums.image),
                tiles: Tiles::None,
                cache: Mutex::new(TileCache::new(CACHED)),
            }
        }
    };
    if pyramid.tiled() {
        pyramid.tiles = Tiles::Png(Box::new(PngTiles {
            input: input.clone(),
            index: Box::new(index),
            stamp,
            decoding: Mutex::new(()),
        }));
    }
    Ok(pyramid)
}

/// Each level's size, from the image's down to the first no more than `overview_side`
/// a side.
fn level_sizes(size: (u32, u32), overview_side: u32) -> Vec<(u32, u32)> {
    let mut levels = vec![size];
    let side = overview_side.max(1);
    while let Some(&(w, h)) = levels.last()
        && w.max(h) > side
    {
        levels.push((w.div_ceil(2), h.div_ceil(2)));
    }
    levels
}

/// How a PNG's overview is made as its rows come.
enum Overview<'a> {
    /// A plain PNG's rows in order: halved level by level (the rows of the overview
    /// gathered in the vector), as the build of any image halves them.
    Halved(Box<Builder<'a>>, Halvings, Vec<u8>),
    /// An interlaced one's passes: each pixel added to the overview pixel it falls in,
    /// and whom to tell.
    Summed(Box<Sums>, &'a mut dyn FnMut(Event<'_>) -> bool),
}

impl Overview<'_> {
    /// Takes rows of `pass` from its row `first` on, RGBA.
    fn take(
        &mut self,
        name: &str,
        passes: &[super::png_index::Pass],
        pass: usize,
        first: u32,
        rows: &[u8],
    ) -> Result<(), PyramidError> {
        match self {
            Overview::Halved(builder, halvings, out) => {
                halvings.push_rows(rows, out);
                if !out.is_empty() {
                    let width = builder.bands[builder.first].size.0 as usize * 4;
                    for r in out.chunks_exact(width) {
                        builder.push(r)?;
                    }
                    out.clear();
                }
                Ok(())
            }
            Overview::Summed(sums, on) => {
                let width = passes[pass].width as usize * 4;
                for (row, rgba) in (first..).zip(rows.chunks_exact(width)) {
                    sums.add(&passes[pass], row, rgba);
                }
                let row = first + (rows.len() / width) as u32;
                let (done, all) = (sums.done(passes, pass, row), sums.pixels);
                if !on(Event::Progress(done as f32 / all as f32)) {
                    return Err(PyramidError::Stopped { file: name.into() });
                }
                Ok(())
            }
        }
    }
}

/// An interlaced PNG's overview made as its passes come: the sum of the pixels read
/// in each overview pixel's square, and how many each pass puts there (known from the
/// passes' grids), so that the mean of what is read so far can be shown after any
/// pass: after the first, every 8th pixel of every 8th row. Its overview is each
/// square's mean (rounded once), not the halving of halvings of the tiles, a level
/// apart at most.
struct Sums {
    top: usize,
    /// Sums of the pixels' values shifted right by `shift` (none for an overview
    /// pixel of up to 16 x 16 px: 256 x 255 fits), half the memory of `u32`s (134 MB
    /// for a 4,096 px overview).
    sums: Vec<u16>,
    shift: u32,
    /// Per pass, how many of its pixels each overview column and row takes.
    across: Vec<Vec<u32>>,
    down: Vec<Vec<u32>>,
    image: RgbaImage,
    /// The image's pixels, for the progress.
    pixels: u64,
}

impl Sums {
    fn new(passes: &[super::png_index::Pass], size: (u32, u32), top: usize) -> Sums {
        let (ow, oh) = (size.0.div_ceil(1 << top), size.1.div_ceil(1 << top));
        let count = |n: u32, from: u32, step: u32, cells: u32| {
            let mut c = vec![0u32; cells as usize];
            for v in (from..n).step_by(step as usize) {
                c[(v >> top) as usize] += 1;
            }
            c
        };
        Sums {
            top,
            sums: vec![0; ow as usize * oh as usize * 4],
            shift: (2 * top as u32).saturating_sub(8),
            across: passes
                .iter()
                .map(|p| count(size.0, p.x0, p.dx, ow))
                .collect(),
            down: passes
                .iter()
                .map(|p| count(size.1, p.y0, p.dy, oh))
                .collect(),
            image: RgbaImage::new(ow, oh),
            pixels: u64::from(size.0) * u64::from(size.1),
        }
    }

    fn add(&mut self, pass: &super::png_index::Pass, row: u32, rgba: &[u8]) {
        let ow = self.image.width() as usize;
        let y = pass.y0 + row * pass.dy;
        let line = &mut self.sums[(y >> self.top) as usize * ow * 4..][..ow * 4];
        let side = 1usize << self.top;
        let dx = pass.dx as usize;
        if side.is_multiple_of(dx) {
            // Each overview pixel takes the same run of the pass's pixels (the pass's
            // first lies left of its step): summed a run at a time.
            for (sum, run) in line.chunks_exact_mut(4).zip(rgba.chunks(side / dx * 4)) {
                let mut s = [0u16; 4];
                for px in run.chunks_exact(4) {
                    for c in 0..4 {
                        s[c] += u16::from(px[c] >> self.shift);
                    }
                }
                for c in 0..4 {
                    sum[c] += s[c];
                }
            }
            return;
        }
        for (i, px) in rgba.chunks_exact(4).enumerate() {
            let x = pass.x0 as usize + i * pass.dx as usize;
            let at = (x >> self.top) * 4;
            for c in 0..4 {
                line[at + c] += u16::from(px[c] >> self.shift);
            }
        }
    }

    /// The image's pixels read before row `row` of pass `pass`.
    fn done(&self, passes: &[super::png_index::Pass], pass: usize, row: u32) -> u64 {
        let before: u64 = passes[..pass]
            .iter()
            .map(|p| u64::from(p.width) * u64::from(p.rows))
            .sum();
        before + u64::from(passes[pass].width) * u64::from(row)
    }

    /// Makes the overview the mean of what passes up to `last` put in each of its
    /// pixels and hands it on whole; a pixel they put nothing in yet takes the one
    /// at the corner of the 8 x 8 px square of the image it lies in.
    fn show(&mut self, last: usize, on: &mut dyn FnMut(Event<'_>) -> bool) -> bool {
        let (ow, oh) = self.image.dimensions();
        let step = (8u32 >> self.top.min(3)).max(1);
        for oy in 0..oh {
            for ox in 0..ow {
                let n: u32 = (0..=last)
                    .map(|p| self.across[p][ox as usize] * self.down[p][oy as usize])
                    .sum();
                let px = if n == 0 {
                    *self.image.get_pixel(ox - ox % step, oy - oy % step)
                } else {
                    let at = (oy as usize * ow as usize + ox as usize) * 4;
                    let s = &self.sums[at..at + 4];
                    let mean = |c: usize| ((u32::from(s[c]) << self.shift) + n / 2) / n;
                    image::Rgba(std::array::from_fn(|c| mean(c).min(255) as u8))
                };
                self.image.put_pixel(ox, oy, px);
            }
        }
        on(Event::Overview {
            y: 0,
            rows: self.image.as_raw(),
        })
    }
}

/// A baseline JPEG's rows into the pyramid as they are decoded.
struct JpegSink<'a> {
    name: String,
    overview_side: u32,
    /// Handed to the builder once the size is known.
    on: Option<&'a mut dyn FnMut(Event<'_>) -> bool>,
    builder: Option<Builder<'a>>,
}

impl<'a> super::jpeg::Rows for JpegSink<'a> {
    type Error = PyramidError;

    fn size(&mut self, w: u32, h: u32) -> Result<(), PyramidError> {
        let on = self
            .on
            .take()
            .ok_or_else(|| image_error(&self.name, "two frames in one image"))?;
        self.builder = Some(Builder::new(&self.name, (w, h), self.overview_side, 0, on)?);
        Ok(())
    }

    fn row(&mut self, rgba: &[u8]) -> Result<(), PyramidError> {
        match &mut self.builder {
            Some(b) => b.push(rgba),
            None => Err(image_error(&self.name, "image data before its size")),
        }
    }

    fn bad(&self, why: String) -> PyramidError {
        image_error(&self.name, why)
    }
}

/// A big baseline JPEG indexed rather than decoded: its eighth (the DC coefficients)
/// made into the overview as it is read, its tiles left to [`Pyramid::jpeg_tile`].
/// `None` for a smaller image or a JPEG the row reader does not take (decoded then);
/// a damaged file's error is the decode's.
fn indexed(
    input: &Input,
    overview_side: u32,
    on: &mut dyn FnMut(Event<'_>) -> bool,
) -> Result<Option<Pyramid>, PyramidError> {
    let stamp = stamp_of(input);
    let mut sink = EighthSink {
        name: input.name(),
        overview_side,
        on: Some(on),
        builder: None,
    };
    let mut source = open_source(input)?;
    let index = match super::jpeg::read(&mut source, &mut sink, super::jpeg::Scale::Eighth) {
        Ok(super::jpeg::Read::Indexed(index)) => index,
        Ok(_) | Err(None) => return Ok(None),
        Err(Some(e)) => return Err(e),
    };
    let builder = sink
        .builder
        .ok_or_else(|| image_error(&input.name(), "no image data"))?;
    let mut pyramid = builder.finish()?;
    pyramid.tiles = Tiles::Jpeg(Box::new(JpegTiles {
        input: input.clone(),
        index,
        stamp,
    }));
    Ok(Some(pyramid))
}

/// A big JPEG's eighth into the levels from the third halving on: the overview.
struct EighthSink<'a> {
    name: String,
    overview_side: u32,
    on: Option<&'a mut dyn FnMut(Event<'_>) -> bool>,
    builder: Option<Builder<'a>>,
}

/// `None`: the image is not big enough to be indexed, not an error.
impl<'a> super::jpeg::Rows for EighthSink<'a> {
    type Error = Option<PyramidError>;

    fn size(&mut self, w: u32, h: u32) -> Result<(), Self::Error> {
        if w.max(h) <= INDEX_PAST.saturating_mul(self.overview_side) {
            return Err(None);
        }
        let on = self
            .on
            .take()
            .ok_or_else(|| Some(image_error(&self.name, "two frames in one image")))?;
        let side = self.overview_side;
        self.builder = Some(Builder::new(&self.name, (w, h), side, EIGHTH, on)?);
        Ok(())
    }

    fn row(&mut self, rgba: &[u8]) -> Result<(), Self::Error> {
        match &mut self.builder {
            Some(b) => Ok(b.push(rgba)?),
            None => Err(Some(image_error(&self.name, "image data before its size"))),
        }
    }

    fn bad(&self, why: String) -> Self::Error {
        Some(image_error(&self.name, why))
    }
}

/// Rows halved `levels` times as they come (a pair of rows makes one, a last row
/// alone is halved with itself), as the build makes each level from the one below;
/// each level's buffers kept from row to row (fresh ones were fresh pages, the
/// kernel zeroing them, for every row of a 32,767 px image).
struct Halvings {
    levels: Vec<HalfLevel>,
}

struct HalfLevel {
    width: u32,
    /// The row waiting for its pair, if one is.
    above: Vec<u8>,
    waiting: bool,
    half: Vec<u8>,
}

impl Halvings {
    fn new(width: u32, levels: usize) -> Halvings {
        let mut w = width;
        let levels = (0..levels)
            .map(|_| {
                let level = HalfLevel {
                    width: w,
                    above: Vec::new(),
                    waiting: false,
                    half: Vec::new(),
                };
                w = w.div_ceil(2);
                level
            })
            .collect();
        Halvings { levels }
    }

    /// Takes a row of `level`; the rows of the last level go to `out`.
    fn push(&mut self, level: usize, row: &[u8], out: &mut Vec<u8>) {
        let Some(l) = self.levels.get_mut(level) else {
            out.extend_from_slice(row);
            return;
        };
        if !l.waiting {
            l.above.clear();
            l.above.extend_from_slice(row);
            l.waiting = true;
            return;
        }
        l.waiting = false;
        let mut half = std::mem::take(&mut l.half);
        halve_into(&l.above, row, l.width, &mut half);
        self.push(level + 1, &half, out);
        self.levels[level].half = half;
    }

    /// Takes rows of the first level at once: pairs of them halved where they lie, not
    /// copied first (a copy of every other row of a 32,767 px image was a sixth of its
    /// pass).
    fn push_rows(&mut self, rows: &[u8], out: &mut Vec<u8>) {
        let Some(first) = self.levels.first() else {
            out.extend_from_slice(rows);
            return;
        };
        let (w, n) = (first.width, first.width as usize * 4);
        let mut rows = rows;
        if first.waiting && rows.len() >= n {
            self.push(0, &rows[..n], out);
            rows = &rows[n..];
        }
        let mut half = std::mem::take(&mut self.levels[0].half);
        let mut pairs = rows.chunks_exact(2 * n);
        for pair in &mut pairs {
            halve_into(&pair[..n], &pair[n..], w, &mut half);
            self.push(1, &half, out);
        }
        self.levels[0].half = half;
        for row in pairs.remainder().chunks_exact(n) {
            self.push(0, row, out);
        }
    }

    /// The rows left at the foot of each level, halved with themselves.
    fn finish(&mut self, out: &mut Vec<u8>) {
        for level in 0..self.levels.len() {
            let l = &mut self.levels[level];
            if l.waiting {
                l.waiting = false;
                let above = std::mem::take(&mut l.above);
                let half = halve(&above, &above, l.width);
                self.push(level + 1, &half, out);
            }
        }
    }
}

/// Opaque RGB to RGBA.
fn expand_rgb(rgb: &[u8], rgba: &mut [u8]) {
    for (o, p) in rgba.chunks_exact_mut(4).zip(rgb.chunks_exact(3)) {
        o[..3].copy_from_slice(p);
        o[3] = 255;
    }
}

/// An image no row-by-row reader serves here (progressive JPEG, GIF): decoded
/// whole (a JPEG as RGB, 3 bytes a pixel), then cut into the pyramid a row at a time.
fn whole(
    name: &str,
    source: Box<dyn Source>,
    overview_side: u32,
    on: &mut dyn FnMut(Event<'_>) -> bool,
) -> Result<Pyramid, PyramidError> {
    let mut reader = image::ImageReader::new(source)
        .with_guessed_format()
        .map_err(|e| io_error(name, e))?;
    // VASSAL's boards reach 32,767 px a side: more than the crate's default 512 MB.
    reader.no_limits();
    let decoded = reader.decode().map_err(|e| image_error(name, e))?;
    let (w, h) = (decoded.width(), decoded.height());
    let mut builder = Builder::new(name, (w, h), overview_side, 0, on)?;
    let mut rgba = vec![0u8; w as usize * 4];
    match decoded {
        image::DynamicImage::ImageRgb8(img) => {
            for row in img.as_raw().chunks_exact(w as usize * 3) {
                expand_rgb(row, &mut rgba);
                builder.push(&rgba)?;
            }
        }
        other => {
            let img = other.into_rgba8();
            for row in img.as_raw().chunks_exact(w as usize * 4) {
                builder.push(row)?;
            }
        }
    }
    builder.finish()
}

/// One level's rows being gathered into a band of tiles.
struct Band {
    size: (u32, u32),
    /// Up to [`TILE`] rows of the level, RGBA.
    rows: Vec<u8>,
    /// The level's rows taken so far.
    done: u32,
    /// The buffer of the next level's row made from the band's last two.
    half: Vec<u8>,
}

/// The thread writing tiles to disk, where to send them, and the buffers of tiles
/// written, handed back for the next tiles (fresh memory for every tile was most of
/// a big image's system time: the kernel zeroing new pages).
type Writer = (
    SyncSender<(PathBuf, RgbaImage)>,
    std::thread::JoinHandle<Result<(), PyramidError>>,
    Receiver<Vec<u8>>,
);

/// Takes an image's rows in order and makes its pyramid.
struct Builder<'a> {
    name: String,
    bands: Vec<Band>,
    /// The level the rows come in at: 0, or [`EIGHTH`] for a JPEG's eighth (whose
    /// tiles below the overview are decoded from the file, none written).
    first: usize,
    overview: RgbaImage,
    /// Overview rows not yet handed on.
    shown: u32,
    dir: Option<tempfile::TempDir>,
    writer: Option<Writer>,
    on: &'a mut dyn FnMut(Event<'_>) -> bool,
}

impl<'a> Builder<'a> {
    fn new(
        name: &str,
        size: (u32, u32),
        overview_side: u32,
        first: usize,
        on: &'a mut dyn FnMut(Event<'_>) -> bool,
    ) -> Result<Self, PyramidError> {
        if size.0 == 0 || size.1 == 0 {
            return Err(PyramidError::Empty { file: name.into() });
        }
        let levels = level_sizes(size, overview_side);
        let top = levels[levels.len() - 1];
        let first = first.min(levels.len() - 1);
        if !on(Event::Started {
            size,
            overview: top,
        }) {
            return Err(PyramidError::Stopped { file: name.into() });
        }
        let (dir, writer) = if levels.len() > 1 && first == 0 {
            let dir = tempfile::Builder::new()
                .prefix("sandtable-tiles-")
                .tempdir()
                .map_err(|e| io_error(name, e))?;
            let (tx, rx) = sync_channel(QUEUED);
            // Unbounded, yet never more than the tiles in flight.
            let (back, spare) = channel();
            let file = name.to_string();
            let handle = std::thread::spawn(move || write_tiles(&file, &rx, &back));
            (Some(dir), Some((tx, handle, spare)))
        } else {
            (None, None)
        };
        let bands = levels
            .iter()
            .map(|&size| Band {
                size,
                rows: Vec::new(),
                done: 0,
                half: Vec::new(),
            })
            .collect();
        Ok(Builder {
            name: name.into(),
            bands,
            first,
            overview: RgbaImage::new(top.0, top.1),
            shown: 0,
            dir,
            writer,
            on,
        })
    }

    /// Takes the next row of the first level.
    fn push(&mut self, row: &[u8]) -> Result<(), PyramidError> {
        self.push_at(self.first, row)?;
        let first = &self.bands[self.first];
        let (done, h) = (first.done, first.size.1);
        if done % 64 == 0 || done == h {
            let keep = (self.on)(Event::Progress(done as f32 / h as f32));
            if !keep {
                return Err(PyramidError::Stopped {
                    file: self.name.clone(),
                });
            }
        }
        Ok(())
    }

    fn push_at(&mut self, level: usize, row: &[u8]) -> Result<(), PyramidError> {
        let top = self.bands.len() - 1;
        let band = &mut self.bands[level];
        let (w, h) = band.size;
        let y = band.done;
        band.done += 1;
        let last = band.done == h;
        if level == top {
            let at = y as usize * w as usize * 4;
            self.overview.as_mut()[at..at + row.len()].copy_from_slice(row);
            if band.done - self.shown >= OVERVIEW_BATCH || last {
                let from = self.shown as usize * w as usize * 4;
                let rows = &self.overview.as_raw()[from..at + row.len()];
                if !(self.on)(Event::Overview {
                    y: self.shown,
                    rows,
                }) {
                    return Err(PyramidError::Stopped {
                        file: self.name.clone(),
                    });
                }
                self.shown = band.done;
            }
            return Ok(());
        }
        band.rows.extend_from_slice(row);
        let row_bytes = w as usize * 4;
        let n = band.rows.len() / row_bytes;
        let full = n == TILE as usize;
        // A pair of rows (or a last row alone) makes a row of the next level; bands
        // start at even rows, so the pair is the band's last two.
        let half = (y % 2 == 1 || last).then(|| {
            let mut half = std::mem::take(&mut band.half);
            let below = &band.rows[(n - 1) * row_bytes..];
            let above = if y % 2 == 1 {
                &band.rows[(n - 2) * row_bytes..(n - 1) * row_bytes]
            } else {
                below
            };
            halve_into(above, below, w, &mut half);
            half
        });
        if full || last {
            // The band's buffer is kept for the next band (a fresh 64 MB is fresh pages).
            let mut rows = std::mem::take(&mut self.bands[level].rows);
            let n = (rows.len() / (w as usize * 4)) as u32;
            self.write_band(level, y + 1 - n, &rows)?;
            rows.clear();
            self.bands[level].rows = rows;
        }
        if let Some(half) = half {
            self.push_at(level + 1, &half)?;
            self.bands[level].half = half;
        }
        Ok(())
    }

    /// Cuts a band of `level` starting at row `y` into tiles for the writer.
    fn write_band(&self, level: usize, y: u32, rows: &[u8]) -> Result<(), PyramidError> {
        let (Some(dir), Some((tx, _, spare))) = (&self.dir, &self.writer) else {
            return Ok(());
        };
        let w = self.bands[level].size.0;
        let band_h = (rows.len() / (w as usize * 4)) as u32;
        for col in 0..w.div_ceil(TILE) {
            let x = col * TILE;
            let tw = TILE.min(w - x);
            let mut buffer = spare.try_recv().unwrap_or_default();
            buffer.clear();
            buffer.resize(tw as usize * band_h as usize * 4, 0);
            let mut tile = RgbaImage::from_raw(tw, band_h, buffer)
                .ok_or_else(|| image_error(&self.name, "a tile of the wrong size"))?;
            let n = tw as usize * 4;
            for (r, out) in tile.as_mut().chunks_exact_mut(n).enumerate() {
                let from = (r * w as usize + x as usize) * 4;
                out.copy_from_slice(&rows[from..from + n]);
            }
            let key = TileKey {
                level: level as u8,
                col,
                row: y / TILE,
            };
            if tx.send((tile_path(dir.path(), key), tile)).is_err() {
                // The writer stopped on an error: `finish` reports it.
                break;
            }
        }
        Ok(())
    }

    fn finish(mut self) -> Result<Pyramid, PyramidError> {
        if let Some((tx, handle, _)) = self.writer.take() {
            drop(tx);
            handle
                .join()
                .map_err(|_| image_error(&self.name, "the thread writing its tiles failed"))??;
        }
        let levels = self.bands.iter().map(|b| b.size).collect();
        if self.bands[self.first..].iter().any(|b| b.done < b.size.1) {
            return Err(image_error(&self.name, "the image ended early"));
        }
        Ok(Pyramid {
            name: self.name,
            levels,
            overview: Arc::new(self.overview),
            tiles: self.dir.map_or(Tiles::None, Tiles::Disk),
            cache: Mutex::new(TileCache::new(CACHED)),
        })
    }
}

/// One row of half the width from two rows (`w` pixels, RGBA): each pixel the mean of
/// a 2 x 2 square (the last column repeated when `w` is odd).
fn halve(a: &[u8], b: &[u8], w: u32) -> Vec<u8> {
    let mut out = Vec::new();
    halve_into(a, b, w, &mut out);
    out
}

/// [`halve`] into `out`'s buffer.
fn halve_into(a: &[u8], b: &[u8], w: u32, out: &mut Vec<u8>) {
    let w = w as usize;
    out.clear();
    out.resize(w.div_ceil(2) * 4, 0);
    let mean = |s: [u8; 4]| ((s.iter().map(|v| u16::from(*v)).sum::<u16>() + 2) / 4) as u8;
    // Pairs of pixels, in a loop the compiler can widen.
    let pairs = w / 2;
    for ((o, pa), pb) in out
        .chunks_exact_mut(4)
        .zip(a[..pairs * 8].chunks_exact(8))
        .zip(b[..pairs * 8].chunks_exact(8))
    {
        for c in 0..4 {
            o[c] = mean([pa[c], pa[c + 4], pb[c], pb[c + 4]]);
        }
    }
    if w % 2 == 1 {
        // The last column alone, repeated.
        let (x, o) = ((w - 1) * 4, pairs * 4);
        for c in 0..4 {
            out[o + c] = mean([a[x + c], a[x + c], b[x + c], b[x + c]]);
        }
    }
}

fn tile_path(dir: &Path, key: TileKey) -> PathBuf {
    dir.join(format!("{}-{}-{}.png", key.level, key.col, key.row))
}

/// The writing thread: each tile as a PNG of the fastest compression (rows filtered
/// against the row above, then fdeflate's: a flat map shrinks to almost nothing, a busy
/// scan to about half, at a fraction of the CPU of the adaptive filters).
fn write_tiles(
    name: &str,
    rx: &Receiver<(PathBuf, RgbaImage)>,
    back: &Sender<Vec<u8>>,
) -> Result<(), PyramidError> {
    let mut out = Vec::new();
    for (path, tile) in rx {
        out.clear();
        let mut encoder = png::Encoder::new(&mut out, tile.width(), tile.height());
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Fastest);
        encoder
            .write_header()
            .and_then(|mut w| w.write_image_data(tile.as_raw()))
            .map_err(|e| image_error(name, e))?;
        std::fs::write(&path, &out).map_err(|e| io_error(&path.display().to_string(), e))?;
        // The builder may have finished: the buffer is then simply dropped.
        let _ = back.send(tile.into_raw());
    }
    Ok(())
}

fn read_tile(path: &Path) -> Result<RgbaImage, PyramidError> {
    let name = path.display().to_string();
    let f = std::fs::File::open(path).map_err(|e| io_error(&name, e))?;
    let mut reader = png::Decoder::new(BufReader::new(f))
        .read_info()
        .map_err(|e| image_error(&name, e))?;
    let (w, h) = (reader.info().width, reader.info().height);
    let mut buf = vec![0u8; w as usize * h as usize * 4];
    reader
        .next_frame(&mut buf)
        .map_err(|e| image_error(&name, e))?;
    RgbaImage::from_raw(w, h, buf).ok_or_else(|| image_error(&name, "a tile of the wrong size"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `w` x `h` image with no two neighbouring pixels alike (so a misplaced row or
    /// column shows), half transparent in one corner.
    fn busy(w: u32, h: u32) -> RgbaImage {
        RgbaImage::from_fn(w, h, |x, y| {
            let a = if x < 40 && y < 40 { 128 } else { 255 };
            image::Rgba([
                (x * 7 + y * 3) as u8,
                ((x * 13) ^ (y * 5)) as u8,
                (x / 3 + y * 11) as u8,
                a,
            ])
        })
    }

    fn png_bytes(img: &RgbaImage) -> Vec<u8> {
        let mut out = Vec::new();
        img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
            .unwrap();
        out
    }

    fn saved(dir: &Path, name: &str, bytes: &[u8]) -> Input {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        Input::File(path)
    }

    /// Each level made from the one below as the pyramid makes it, for comparison.
    fn halved(img: &RgbaImage) -> RgbaImage {
        let (w, h) = img.dimensions();
        let mut out = Vec::new();
        for y in (0..h).step_by(2) {
            let a = &img.as_raw()[(y * w * 4) as usize..((y + 1) * w * 4) as usize];
            let y1 = (y + 1).min(h - 1);
            let b = &img.as_raw()[(y1 * w * 4) as usize..((y1 + 1) * w * 4) as usize];
            out.extend(halve(a, b, w));
        }
        RgbaImage::from_raw(w.div_ceil(2), h.div_ceil(2), out).unwrap()
    }

    #[test]
    fn the_tiles_at_full_resolution_are_the_decoded_images_pixels_and_each_level_halves_it() {
        let dir = tempfile::tempdir().unwrap();
        let img = busy(1500, 1100);
        let input = saved(dir.path(), "busy.png", &png_bytes(&img));
        let mut started = None;
        let mut overview_rows = 0;
        let mut last_progress = 0.0;
        let p = Pyramid::build(&input, 300, &mut |e| {
            match e {
                Event::Started { size, overview } => started = Some((size, overview)),
                Event::Overview { rows, .. } => overview_rows += rows.len() / (188 * 4),
                Event::Progress(f) => last_progress = f,
            }
            true
        })
        .unwrap();
        assert_eq!(started, Some(((1500, 1100), (188, 138))));
        assert_eq!(overview_rows, 138, "every overview row handed on once");
        assert_eq!(last_progress, 1.0);
        assert_eq!(p.top(), 3);
        assert!(p.tiled());
        // The whole image and some rectangles across tile edges.
        for (x, y, w, h) in [(500, 500, 30, 30), (1000, 0, 600, 1100), (1499, 1099, 9, 9)] {
            let want = img.region(x, y, w, h).unwrap();
            assert!(p.region(x, y, w, h).unwrap() == want, "{x},{y} {w}x{h}");
        }
        // Each tile of a level is that level cut at the tile grid, the top one too.
        tiles_match(&p, &img, "busy", p.top());
        assert!(**p.overview() == halved(&halved(&halved(&img))));
    }

    #[test]
    fn a_jpeg_gives_the_pixels_zune_jpeg_gives_whole() {
        let dir = tempfile::tempdir().unwrap();
        let img = image::DynamicImage::ImageRgba8(busy(1100, 700)).into_rgb8();
        let mut bytes = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 90)
            .encode_image(&img)
            .unwrap();
        let decoded = image::load_from_memory(&bytes).unwrap().into_rgba8();
        let input = saved(dir.path(), "scan.jpg", &bytes);
        let p = Pyramid::build(&input, 256, &mut |_| true).unwrap();
        assert_eq!(p.size(), (1100, 700));
        // Read row by row here, whole by zune-jpeg there: a level or two apart.
        let near = |a: &RgbaImage, b: &RgbaImage| {
            a.dimensions() == b.dimensions()
                && a.as_raw()
                    .iter()
                    .zip(b.as_raw())
                    .all(|(x, y)| x.abs_diff(*y) <= 3)
        };
        assert!(near(&p.region(0, 0, 1100, 700).unwrap(), &decoded));
        // From memory too (an import not saved yet).
        let input = Input::Bytes {
            name: "scan.jpg".into(),
            bytes: Arc::new(bytes),
        };
        let p = Pyramid::build(&input, 256, &mut |_| true).unwrap();
        let part = p.region(300, 200, 600, 400).unwrap();
        assert!(near(&part, &decoded.region(300, 200, 600, 400).unwrap()));
    }

    /// A JPEG more than 4 overviews wide is indexed, not decoded: its overview is its
    /// eighth halved (each pixel about the mean of the square it stands for), ready
    /// when the pass over the file ends, and each tile decoded from the file when asked
    /// for is the very tile the decoded JPEG's pyramid writes, at every level, on every
    /// edge, from a file or from memory; a smaller one is decoded and written.
    #[test]
    fn a_big_jpeg_is_indexed_and_its_tiles_are_the_decoded_pyramids() {
        let dir = tempfile::tempdir().unwrap();
        let img = image::RgbImage::from_fn(1100, 1301, |x, y| {
            image::Rgb([(x / 5) as u8, (y / 6) as u8, ((x + y) / 10) as u8])
        });
        let mut bytes = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 90)
            .encode_image(&img)
            .unwrap();
        let decoded = image::load_from_memory(&bytes).unwrap().into_rgba8();
        // Written: 1,301 px is not more than 4 x 400.
        let written = Pyramid::build(
            &Input::Bytes {
                name: "scan.jpg".into(),
                bytes: Arc::new(bytes.clone()),
            },
            400,
            &mut |_| true,
        )
        .unwrap();
        assert!(matches!(written.tiles, Tiles::Disk(_)));
        for input in [
            saved(dir.path(), "scan.jpg", &bytes),
            Input::Bytes {
                name: "scan.jpg".into(),
                bytes: Arc::new(bytes.clone()),
            },
        ] {
            let mut seen = Vec::new();
            let p = Pyramid::build(&input, 100, &mut |e| {
                if let Event::Started { size, overview } = e {
                    seen.push(format!("{size:?} {overview:?}"));
                }
                true
            })
            .unwrap();
            assert_eq!(seen, ["(1100, 1301) (69, 82)"]);
            assert!(matches!(p.tiles, Tiles::Jpeg(_)));
            assert_eq!(p.top(), 4);
            // Each overview pixel is about the mean of the 16 x 16 px square it stands for.
            let overview = p.overview();
            let worst = (0..82u32)
                .flat_map(|y| (0..69u32).map(move |x| (x, y)))
                .map(|(x, y)| {
                    let square = decoded.region(x * 16, y * 16, 16, 16).unwrap();
                    let n = square.pixels().count() as u32;
                    (0..3)
                        .map(|c| {
                            let mean = square.pixels().map(|p| u32::from(p[c])).sum::<u32>() / n;
                            mean.abs_diff(u32::from(overview.get_pixel(x, y)[c]))
                        })
                        .max()
                        .unwrap_or(0)
                })
                .max()
                .unwrap_or(0);
            assert!(worst <= 6, "{worst} levels apart");
            for level in 0..=written.top() {
                let keys = p.tiles_in(level, (0.0, 0.0), (1e9, 1e9));
                assert_eq!(keys, written.tiles_in(level, (0.0, 0.0), (1e9, 1e9)));
                for key in keys {
                    let (a, b) = (p.tile(key).unwrap(), written.tile(key).unwrap());
                    assert!(a == b, "{} {key:?}", input.name());
                }
            }
            assert!(
                p.region(0, 0, 1100, 1301).unwrap() == written.region(0, 0, 1100, 1301).unwrap()
            );
        }
    }

    /// A JPEG's and a PNG's tiles are decoded from the file: changed since, it is
    /// refused rather than decoded to nonsense.
    #[test]
    fn a_file_changed_since_it_was_read_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let mut jpeg = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 80)
            .encode_image(&image::DynamicImage::ImageRgba8(busy(900, 600)).into_rgb8())
            .unwrap();
        for (name, bytes) in [
            ("scan.jpg", jpeg),
            ("board.png", png_bytes(&busy(900, 600))),
        ] {
            let input = saved(dir.path(), name, &bytes);
            let p = Pyramid::build(&input, 100, &mut |_| true).unwrap();
            let key = TileKey {
                level: 0,
                col: 1,
                row: 1,
            };
            let Input::File(path) = &input else {
                unreachable!()
            };
            std::fs::write(path, &bytes[..bytes.len() - 100]).unwrap();
            let e = p.tile(key).unwrap_err().to_string();
            assert!(e.contains(name) && e.contains("changed"), "{e}");
        }
    }

    /// Chunks to write between the header and the data: a palette, a `tRNS`.
    type Chunks<'a> = Vec<(&'a [u8; 4], Vec<u8>)>;

    /// A PNG written here the way encoders may write one: any colour type and bit
    /// depth, interlaced or not, its rows filtered with each of the five filters in
    /// turn, its data cut into IDAT chunks of `chunk` bytes (an empty one among them)
    /// after a text chunk. `sample(x, y, i)` gives sample `i` of a pixel.
    fn encoded_png(
        (w, h): (u32, u32),
        color: png::ColorType,
        depth: u8,
        interlaced: bool,
        extra: &[(&[u8; 4], Vec<u8>)],
        chunk: usize,
        sample: &dyn Fn(u32, u32, usize) -> u16,
    ) -> Vec<u8> {
        use std::io::Write;
        let n = color.samples();
        let bits = n * usize::from(depth);
        let bpp = bits.div_ceil(8);
        let grid: &[(u32, u32, u32, u32)] = if interlaced {
            &super::super::png_index::ADAM7
        } else {
            &[(0, 0, 1, 1)]
        };
        let mut raw = Vec::new();
        let mut k = 0;
        for &(x0, y0, dx, dy) in grid {
            let xs: Vec<u32> = (x0..w).step_by(dx as usize).collect();
            if xs.is_empty() {
                continue;
            }
            let mut above = vec![0u8; (xs.len() * bits).div_ceil(8)];
            for y in (y0..h).step_by(dy as usize) {
                let mut row = vec![0u8; above.len()];
                for (i, &x) in xs.iter().enumerate() {
                    for c in 0..n {
                        let v = sample(x, y, c) & ((1u32 << depth) - 1) as u16;
                        let bit = (i * n + c) * usize::from(depth);
                        if depth == 16 {
                            row[bit / 8..bit / 8 + 2].copy_from_slice(&v.to_be_bytes());
                        } else {
                            row[bit / 8] |= (v as u8) << (8 - usize::from(depth) - bit % 8);
                        }
                    }
                }
                let kind = k % 5;
                k += 1;
                raw.push(kind as u8);
                for i in 0..row.len() {
                    let a = if i >= bpp { row[i - bpp] } else { 0 };
                    let c = if i >= bpp { above[i - bpp] } else { 0 };
                    let b = above[i];
                    let predicted = match kind {
                        0 => 0,
                        1 => a,
                        2 => b,
                        3 => ((u16::from(a) + u16::from(b)) / 2) as u8,
                        _ => super::super::png_index::paeth(a, b, c),
                    };
                    raw.push(row[i].wrapping_sub(predicted));
                }
                above = row;
            }
        }
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(6));
        z.write_all(&raw).unwrap();
        let data = z.finish().unwrap();
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut put = |kind: &[u8; 4], body: &[u8]| {
            out.extend_from_slice(&(body.len() as u32).to_be_bytes());
            let mut crc = flate2::Crc::new();
            crc.update(kind);
            crc.update(body);
            out.extend_from_slice(kind);
            out.extend_from_slice(body);
            out.extend_from_slice(&crc.sum().to_be_bytes());
        };
        let mut ihdr = Vec::new();
        ihdr.extend_from_slice(&w.to_be_bytes());
        ihdr.extend_from_slice(&h.to_be_bytes());
        ihdr.extend_from_slice(&[depth, color as u8, 0, 0, u8::from(interlaced)]);
        put(b"IHDR", &ihdr);
        put(b"tEXt", b"Comment\0chunks before the data");
        for (kind, body) in extra {
            put(kind, body);
        }
        for (i, part) in data.chunks(chunk).enumerate() {
            if i == 1 {
                put(b"IDAT", &[]);
            }
            put(b"IDAT", part);
        }
        put(b"IEND", &[]);
        out
    }

    /// What the `png` crate makes of a PNG whole (`EXPAND | STRIP_16`), as RGBA.
    fn png_crate_rgba(bytes: &[u8]) -> RgbaImage {
        let mut d = png::Decoder::new(std::io::Cursor::new(bytes));
        d.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut r = d.read_info().unwrap();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        let (w, h) = (info.width, info.height);
        let n = info.color_type.samples();
        let mut out = Vec::new();
        for p in buf[..info.buffer_size()].chunks_exact(n) {
            out.extend_from_slice(&match n {
                1 => [p[0], p[0], p[0], 255],
                2 => [p[0], p[0], p[0], p[1]],
                3 => [p[0], p[1], p[2], 255],
                _ => [p[0], p[1], p[2], p[3]],
            });
        }
        RgbaImage::from_raw(w, h, out).unwrap()
    }

    /// Each tile of each level of `p` up to `last` is that level of `img` (halved as
    /// the build halves) cut at the tile grid, and the whole image reads back.
    fn tiles_match(p: &Pyramid, img: &RgbaImage, what: &str, last: u8) {
        let (w, h) = img.dimensions();
        assert!(
            p.region(0, 0, w, h).unwrap() == *img,
            "{what}: the whole image"
        );
        let mut level = img.clone();
        for l in 0..=last {
            assert_eq!(p.level_size(l), level.dimensions(), "{what}");
            for key in p.tiles_in(l, (0.0, 0.0), (1e9, 1e9)) {
                let t = p.tile(key).unwrap();
                let want = level
                    .region(key.col * TILE, key.row * TILE, TILE, TILE)
                    .unwrap();
                assert!(*t == want, "{what}: {key:?}");
            }
            level = halved(&level);
        }
    }

    /// A PNG is indexed, not decoded into tiles: each tile decoded from the file
    /// through the index (from the mark at its band's top, its neighbours with it)
    /// is the full decode's, at every level, for every colour type and bit depth the
    /// `png` crate reads, plain and interlaced, at an odd size, from a file or from
    /// memory; nothing is written to disk.
    #[test]
    fn a_pngs_tiles_through_its_index_are_the_full_decodes() {
        use png::ColorType as C;
        let dir = tempfile::tempdir().unwrap();
        let busy = |x: u32, y: u32, i: usize| {
            u16::from(((x * 7 + y * 3 + i as u32 * 50) ^ (x / 5 + y * 11 * (i as u32 + 1))) as u8)
                * 0x0101
        };
        let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, 255 - i, i / 2]).collect();
        let alphas: Vec<u8> = (0..=255u8).map(|i| i.wrapping_mul(3)).collect();
        let kinds: &[(C, u8, Chunks<'_>)] = &[
            (C::Rgb, 8, vec![]),
            (C::Rgb, 8, vec![(b"tRNS", vec![0, 10, 0, 20, 0, 30])]),
            (C::Rgb, 16, vec![(b"tRNS", vec![1, 2, 3, 4, 5, 6])]),
            (C::Rgba, 8, vec![]),
            (C::Rgba, 16, vec![]),
            (C::Grayscale, 1, vec![]),
            (C::Grayscale, 2, vec![(b"tRNS", vec![0, 2])]),
            (C::Grayscale, 4, vec![]),
            (C::Grayscale, 8, vec![(b"tRNS", vec![0, 77])]),
            (C::Grayscale, 16, vec![(b"tRNS", vec![0x4d, 0x4d])]),
            (C::GrayscaleAlpha, 8, vec![]),
            (C::GrayscaleAlpha, 16, vec![]),
            (C::Indexed, 1, vec![(b"PLTE", palette[..6].to_vec())]),
            (C::Indexed, 2, vec![(b"PLTE", palette[..12].to_vec())]),
            (C::Indexed, 4, vec![(b"PLTE", palette[..48].to_vec())]),
            (
                C::Indexed,
                8,
                vec![(b"PLTE", palette.clone()), (b"tRNS", alphas.clone())],
            ),
        ];
        for interlaced in [false, true] {
            for (color, depth, extra) in kinds {
                let what = format!("{color:?} {depth} bits, interlaced {interlaced}");
                let bytes = encoded_png((601, 533), *color, *depth, interlaced, extra, 4000, &busy);
                let img = png_crate_rgba(&bytes);
                let input = saved(dir.path(), "kinds.png", &bytes);
                let p = Pyramid::build(&input, 80, &mut |_| true).unwrap();
                assert!(matches!(p.tiles, Tiles::Png(_)), "{what}");
                assert_eq!(p.top(), 3, "{what}");
                // Below the top: an indexed PNG's top level is its overview, summed
                // from the rows as they come (checked apart for the bigger images below).
                tiles_match(&p, &img, &what, p.top() - 1);
            }
        }
        // Bigger, so that bands start at marks past the first, from memory too.
        for interlaced in [false, true] {
            let bytes = encoded_png((1100, 1301), C::Rgb, 8, interlaced, &[], 65536, &busy);
            let img = png_crate_rgba(&bytes);
            let input = Input::Bytes {
                name: "big.png".into(),
                bytes: Arc::new(bytes),
            };
            let mut shown = Vec::new();
            let p = Pyramid::build(&input, 100, &mut |e| {
                if let Event::Overview { y, rows } = e {
                    shown.push((y, rows.len()));
                }
                true
            })
            .unwrap();
            let what = format!("1100 x 1301, interlaced {interlaced}");
            tiles_match(&p, &img, &what, p.top() - 1);
            let cascade = halved(&halved(&halved(&halved(&img))));
            // Inside the edges (where halvings repeat a last odd column or row).
            let overview = p.overview();
            let worst = (0..81)
                .flat_map(|y| (0..68).map(move |x| (x, y)))
                .flat_map(|(x, y)| {
                    let (a, b) = (overview.get_pixel(x, y), cascade.get_pixel(x, y));
                    (0..4).map(move |c| a[c].abs_diff(b[c]))
                })
                .max()
                .unwrap_or(0);
            if interlaced {
                // The overview whole after the first pass, then twice more.
                let whole = 69 * 82 * 4;
                assert_eq!(shown, [(0, whole), (0, whole), (0, whole)]);
                // Each square's mean, not halvings of halvings.
                assert!(worst <= 2, "{worst} levels apart");
            } else {
                assert!(**p.overview() == cascade);
            }
        }
    }

    /// The first picture of an interlaced PNG is its first pass: every 8th pixel of
    /// every 8th row, shown whole before the rest of the file is read.
    #[test]
    fn an_interlaced_pngs_first_picture_is_its_first_pass() {
        let flat = |x: u32, y: u32, i: usize| ((x / 8 * 8 + y / 8 * 8 * 3 + i as u32) % 256) as u16;
        let bytes = encoded_png(
            (1024, 1024),
            png::ColorType::Rgb,
            8,
            true,
            &[],
            1 << 20,
            &flat,
        );
        let input = Input::Bytes {
            name: "adam7.png".into(),
            bytes: Arc::new(bytes),
        };
        let mut first = None;
        Pyramid::build(&input, 128, &mut |e| {
            if let Event::Overview { rows, .. } = e {
                first.get_or_insert_with(|| rows.to_vec());
            }
            true
        })
        .unwrap();
        let first = first.unwrap();
        for (i, px) in first.chunks_exact(4).enumerate() {
            let (x, y) = ((i % 128) as u32 * 8, (i / 128) as u32 * 8);
            let want: Vec<u8> = (0..3).map(|c| flat(x, y, c) as u8).chain([255]).collect();
            assert_eq!(px, &want[..], "at {x},{y}");
        }
    }

    /// A PNG's rows are read the whole width of a band at a time when a wide rectangle
    /// is asked for (`--redraw-board` reads the image so): the same pixels.
    #[test]
    fn a_wide_rectangle_of_a_png_is_read_a_band_at_a_time() {
        let grey = |x: u32, y: u32, _| ((x * 3 + y * 5) ^ (x / 7)) as u16;
        let bytes = encoded_png(
            (5200, 530),
            png::ColorType::Grayscale,
            8,
            false,
            &[],
            1 << 16,
            &grey,
        );
        let img = png_crate_rgba(&bytes);
        let input = Input::Bytes {
            name: "wide.png".into(),
            bytes: Arc::new(bytes),
        };
        let p = Pyramid::build(&input, 1000, &mut |_| true).unwrap();
        assert!(p.region(0, 0, 5200, 530).unwrap() == img);
        assert!(p.region(100, 500, 5000, 30).unwrap() == img.region(100, 500, 5000, 30).unwrap());
    }

    #[test]
    fn a_small_image_is_its_own_overview_with_nothing_on_disk() {
        let img = busy(300, 200);
        let input = Input::Bytes {
            name: "small.png".into(),
            bytes: Arc::new(png_bytes(&img)),
        };
        let p = Pyramid::open(&input).unwrap();
        assert!(!p.tiled());
        assert!(matches!(p.tiles, Tiles::None));
        assert!(**p.overview() == img);
        assert!(p.region(10, 10, 50, 50).unwrap() == img.region(10, 10, 50, 50).unwrap());
    }

    #[test]
    fn the_tiles_on_disk_go_with_the_pyramid() {
        // A GIF is decoded whole and its tiles written (a PNG or a big JPEG is indexed).
        let mut bytes = Vec::new();
        image::DynamicImage::ImageRgba8(busy(700, 300))
            .write_to(
                &mut std::io::Cursor::new(&mut bytes),
                image::ImageFormat::Gif,
            )
            .unwrap();
        let input = Input::Bytes {
            name: "wide.gif".into(),
            bytes: Arc::new(bytes),
        };
        let p = Pyramid::build(&input, 200, &mut |_| true).unwrap();
        let Tiles::Disk(dir) = &p.tiles else {
            panic!("a GIF's tiles are written");
        };
        let dir = dir.path().to_path_buf();
        assert!(std::fs::read_dir(&dir).unwrap().count() > 0);
        drop(p);
        assert!(!dir.exists(), "{} left behind", dir.display());
    }

    #[test]
    fn bad_truncated_and_missing_files_say_which_file() {
        let dir = tempfile::tempdir().unwrap();
        let bytes = png_bytes(&busy(900, 900));
        let cut = saved(dir.path(), "cut.png", &bytes[..bytes.len() / 2]);
        let e = Pyramid::build(&cut, 256, &mut |_| true)
            .unwrap_err()
            .to_string();
        assert!(e.contains("cut.png"), "{e}");
        let junk = saved(dir.path(), "junk.png", b"not an image at all");
        let e = Pyramid::open(&junk).unwrap_err().to_string();
        assert!(e.contains("junk.png"), "{e}");
        let gone = Input::File(dir.path().join("gone.jpg"));
        let e = Pyramid::open(&gone).unwrap_err().to_string();
        assert!(e.contains("gone.jpg"), "{e}");
        let jpeg = {
            let mut b = Vec::new();
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut b, 90)
                .encode_image(&image::DynamicImage::ImageRgba8(busy(400, 400)).into_rgb8())
                .unwrap();
            b
        };
        let cut = saved(dir.path(), "cut.jpg", &jpeg[..jpeg.len() / 3]);
        let e = Pyramid::open(&cut).unwrap_err().to_string();
        assert!(e.contains("cut.jpg") && e.contains("ends"), "{e}");
    }

    #[test]
    fn a_build_answered_no_stops_and_says_so() {
        let input = Input::Bytes {
            name: "big.png".into(),
            bytes: Arc::new(png_bytes(&busy(600, 600))),
        };
        let e = Pyramid::build(&input, 100, &mut |e| !matches!(e, Event::Progress(_))).unwrap_err();
        assert!(matches!(e, PyramidError::Stopped { .. }), "{e}");
    }

    #[test]
    fn the_cache_keeps_the_most_recently_used_up_to_its_capacity() {
        let mut cache = TileCache::new(8);
        let key = |i: u32| TileKey {
            level: 0,
            col: i,
            row: 0,
        };
        for i in 0..100 {
            cache.insert(key(i), i);
            // The first one kept in use all along.
            assert_eq!(cache.get(&key(0)), Some(&0));
            assert!(cache.len() <= 8);
        }
        assert_eq!(cache.len(), 8);
        assert!(cache.contains(&key(0)));
        assert!((93..100).all(|i| cache.contains(&key(i))));
        assert!(!cache.contains(&key(50)));
        cache.set_capacity(2);
        assert_eq!(cache.len(), 2);
        assert!(cache.contains(&key(99)) && cache.contains(&key(0)));
    }

    #[test]
    fn reading_tiles_keeps_the_cache_bounded() {
        let input = Input::Bytes {
            name: "big.png".into(),
            bytes: Arc::new(png_bytes(&busy(2600, 2600))),
        };
        let p = Pyramid::build(&input, 300, &mut |_| true).unwrap();
        for key in p.tiles_in(0, (0.0, 0.0), (2600.0, 2600.0)) {
            p.tile(key).unwrap();
        }
        let n = p.tiles_in(0, (0.0, 0.0), (2600.0, 2600.0)).len();
        assert!(n > CACHED / 2, "{n} tiles");
        p.region(0, 0, 2600, 2600).unwrap();
        assert!(lock(&p.cache).len() <= CACHED);
    }
}
