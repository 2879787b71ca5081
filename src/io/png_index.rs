//! A PNG read a row at a time by an inflater of our own driving, and indexed on the
//! way: a PNG's pixels are one zlib stream of filtered rows (an interlaced one's seven
//! Adam7 passes one after another), which can only be read from its start. So the one
//! pass over the file notes, every so many image rows of each pass, what it
//! takes to go on from there (zran's way): the inflater's state, the last 32 KB it
//! wrote, the byte of the stream it reads next and the row above, unfiltered. Any band
//! of rows is then decoded from the file alone, from the note at its top: a big
//! board's tiles when they are wanted, none written to disk.
//!
//! The inflater is miniz_oxide's: its state is a plain value that can be copied at
//! any point between two calls (zlib's can be entered again only where a deflate
//! block starts, and through calls the safe wrappers do not offer), at about the
//! speed of zlib-rs on board images (0.48 s against 0.43 s of CPU for the 3.2 GB of
//! the 32,767 px test image, fdeflate's 0.57 s).
//!
//! Pixels come out as the `png` crate gives them with `EXPAND | STRIP_16` and then as
//! RGBA (low bit depths scaled up, palettes looked up, `tRNS` made alpha, 16 bits cut
//! to their high byte), so that the tiles are the ones a decode with it gives.

use std::io::{BufRead, Read, Seek, SeekFrom};
use std::ops::Range;

use miniz_oxide::inflate::TINFLStatus;
use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags};

/// How far back a deflate stream refers.
const WINDOW: usize = 32 << 10;
/// Stream bytes read from the file at a time.
const INPUT: usize = 64 << 10;

/// What decoding needs from the header chunks.
#[derive(Debug, Clone)]
pub struct Header {
    pub width: u32,
    pub height: u32,
    color: png::ColorType,
    depth: u8,
    pub interlaced: bool,
    /// RGBA of each palette index (opaque black past the palette).
    palette: Vec<[u8; 4]>,
    /// The transparent colour of a greyscale or RGB image, as the `png` crate keeps it
    /// (a byte a sample below 16 bits, two at 16).
    trns: Option<Vec<u8>>,
}

impl Header {
    pub fn new(info: &png::Info<'_>) -> Header {
        let mut palette = vec![[0, 0, 0, 255]; 256];
        if let Some(p) = &info.palette {
            for (entry, rgb) in palette.iter_mut().zip(p.chunks_exact(3)) {
                entry[..3].copy_from_slice(rgb);
            }
        }
        let indexed = info.color_type == png::ColorType::Indexed;
        if indexed && let Some(alpha) = &info.trns {
            for (entry, a) in palette.iter_mut().zip(alpha.iter()) {
                entry[3] = *a;
            }
        }
        Header {
            width: info.width,
            height: info.height,
            color: info.color_type,
            depth: info.bit_depth as u8,
            interlaced: info.interlaced,
            palette,
            trns: info.trns.as_ref().filter(|_| !indexed).map(|t| t.to_vec()),
        }
    }

    fn bits_per_pixel(&self) -> usize {
        self.color.samples() * usize::from(self.depth)
    }

    /// The passes: one for a plain PNG, Adam7's seven (some perhaps empty) for an
    /// interlaced one.
    pub fn passes(&self) -> Vec<Pass> {
        let plain = [(0, 0, 1, 1)];
        let grid: &[(u32, u32, u32, u32)] = if self.interlaced { &ADAM7 } else { &plain };
        grid.iter()
            .map(|&(x0, y0, dx, dy)| {
                let width = self.width.saturating_sub(x0).div_ceil(dx);
                let rows = self.height.saturating_sub(y0).div_ceil(dy);
                let bytes = (width as usize * self.bits_per_pixel()).div_ceil(8);
                Pass {
                    x0,
                    y0,
                    dx,
                    dy,
                    width,
                    rows: if width == 0 { 0 } else { rows },
                    stride: 1 + bytes,
                }
            })
            .collect()
    }

    /// Pixels `i` of an unfiltered row as RGBA into `out` (4 bytes a pixel).
    pub fn rgba(&self, raw: &[u8], i: Range<usize>, out: &mut [u8]) {
        use png::ColorType as C;
        let out = &mut out[..i.len() * 4];
        let px = out.chunks_exact_mut(4);
        let trns = self.trns.as_deref();
        match (self.color, self.depth) {
            (C::Rgba, 8) => out.copy_from_slice(&raw[i.start * 4..i.end * 4]),
            (C::Rgb, 8) if trns.is_none() => {
                for (o, p) in px.zip(raw[i.start * 3..i.end * 3].chunks_exact(3)) {
                    o.copy_from_slice(&[p[0], p[1], p[2], 255]);
                }
            }
            (C::Rgb, 8) => {
                for (o, p) in px.zip(raw[i.start * 3..i.end * 3].chunks_exact(3)) {
                    o[..3].copy_from_slice(p);
                    o[3] = if Some(p) == trns { 0 } else { 255 };
                }
            }
            (C::GrayscaleAlpha, 8) => {
                for (o, p) in px.zip(raw[i.start * 2..i.end * 2].chunks_exact(2)) {
                    o.copy_from_slice(&[p[0], p[0], p[0], p[1]]);
                }
            }
            (C::Grayscale, 8) => {
                for (o, g) in px.zip(&raw[i]) {
                    let a = if Some(std::slice::from_ref(g)) == trns {
                        0
                    } else {
                        255
                    };
                    o.copy_from_slice(&[*g, *g, *g, a]);
                }
            }
            (C::Indexed, 8) => {
                for (o, v) in px.zip(&raw[i]) {
                    o.copy_from_slice(&self.palette[usize::from(*v)]);
                }
            }
            (_, 16) => {
                let n = self.color.samples();
                let from = &raw[i.start * n * 2..i.end * n * 2];
                for (o, p) in px.zip(from.chunks_exact(n * 2)) {
                    match self.color {
                        C::Rgba => o.copy_from_slice(&[p[0], p[2], p[4], p[6]]),
                        C::GrayscaleAlpha => o.copy_from_slice(&[p[0], p[0], p[0], p[2]]),
                        C::Rgb => {
                            let a = if Some(p) == trns { 0 } else { 255 };
                            o.copy_from_slice(&[p[0], p[2], p[4], a]);
                        }
                        _ => {
                            let a = if Some(p) == trns { 0 } else { 255 };
                            o.copy_from_slice(&[p[0], p[0], p[0], a]);
                        }
                    }
                }
            }
            (color, depth) => {
                // 1, 2 or 4 bits a pixel, greyscale or palette indexes.
                let d = usize::from(depth);
                let mask = (1u16 << d) - 1;
                let scale = (255 / mask) as u8;
                for (o, x) in px.zip(i) {
                    let bit = x * d;
                    let v = (u16::from(raw[bit / 8]) >> (8 - d - bit % 8)) & mask;
                    if color == C::Indexed {
                        o.copy_from_slice(&self.palette[usize::from(v)]);
                    } else {
                        let g = v as u8 * scale;
                        let a = if trns.and_then(|t| t.first()) == Some(&(v as u8)) {
                            0
                        } else {
                            255
                        };
                        o.copy_from_slice(&[g, g, g, a]);
                    }
                }
            }
        }
    }
}

/// Adam7's passes: the first pixel's column and row, and the steps between pixels.
pub const ADAM7: [(u32, u32, u32, u32); 7] = [
    (0, 0, 8, 8),
    (4, 0, 8, 8),
    (0, 4, 4, 8),
    (2, 0, 4, 4),
    (0, 2, 2, 4),
    (1, 0, 2, 2),
    (0, 1, 1, 2),
];

/// One pass over the image's rows: the whole image, or an Adam7 pass (every `dx`-th
/// pixel from `x0` of every `dy`-th row from `y0`).
#[derive(Debug, Clone, Copy)]
pub struct Pass {
    pub x0: u32,
    pub y0: u32,
    pub dx: u32,
    pub dy: u32,
    /// Its pixels a row and its rows (none when it is empty).
    pub width: u32,
    pub rows: u32,
    /// Bytes a row in the stream, the filter's byte included.
    stride: usize,
}

impl Pass {
    /// The first of its rows at or below image row `y`.
    pub fn row_at(&self, y: u32) -> u32 {
        y.saturating_sub(self.y0).div_ceil(self.dy).min(self.rows)
    }

    /// Its pixels that fall in image columns `x`.
    pub fn columns(&self, x: Range<u32>) -> Range<usize> {
        let at = |x: u32| x.saturating_sub(self.x0).div_ceil(self.dx).min(self.width) as usize;
        at(x.start)..at(x.end)
    }
}

/// Where the inflater can go on from: the start of row `row` of pass `pass`.
struct Mark {
    pass: usize,
    row: u32,
    /// The stream's byte read next (counted over the IDAT chunks' data).
    input: u64,
    state: Box<DecompressorOxide>,
    /// The last bytes inflated (up to 32 KB), which the stream refers back into.
    window: Vec<u8>,
    /// The row above, unfiltered (empty at a pass's first row).
    above: Vec<u8>,
}

/// A PNG's header, where its image data lies in the file and the marks to go on from:
/// enough to decode any band of rows later (about 130 KB a mark for a 32,767 px RGB
/// image: 9 MB for its 64 marks a pass).
pub struct Index {
    pub header: Header,
    /// Each IDAT chunk's data: its offset in the file and in the stream, its length.
    chunks: Vec<(u64, u64, u32)>,
    marks: Vec<Mark>,
}

/// The IDAT chunks' data read as one stream, chunk after chunk.
struct Idat<'a, R> {
    r: R,
    /// Bytes left in the current chunk, and whether another may follow.
    left: u64,
    more: bool,
    /// Where the reader is in the file and in the stream.
    file: u64,
    at: u64,
    /// The chunks met, noted when reading the file for the first time.
    chunks: Option<&'a mut Vec<(u64, u64, u32)>>,
    /// Whether an IDAT chunk was met (the first ends the chunks skipped).
    seen: bool,
}

impl<R: BufRead> Idat<'_, R> {
    /// Reads up to `buf.len()` bytes of the stream; 0 at its end.
    fn read(&mut self, buf: &mut [u8]) -> Result<usize, String> {
        loop {
            if self.left == 4 {
                self.skip_crc()?;
            }
            if self.left > 0 {
                break;
            }
            if !self.more {
                return Ok(0);
            }
            let mut head = [0; 8];
            self.r.read_exact(&mut head).map_err(ends)?;
            self.file += 8;
            let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]);
            if &head[4..] == b"IDAT" {
                if let Some(chunks) = self.chunks.as_deref_mut() {
                    chunks.push((self.file, self.at, len));
                }
                self.seen = true;
            } else if self.seen || &head[4..] == b"IEND" {
                // The image data is one run of IDAT chunks.
                self.more = false;
                return Ok(0);
            } else {
                // A chunk before the image data (a palette, text): the `png` crate
                // has read what matters of it.
                let skip = u64::from(len) + 4;
                let skipped = std::io::copy(&mut (&mut self.r).take(skip), &mut std::io::sink())
                    .map_err(ends)?;
                if skipped < skip {
                    return Err("the image data ends early".into());
                }
                self.file += skip;
                continue;
            }
            self.left = u64::from(len) + 4;
        }
        let n = buf.len().min((self.left - 4) as usize);
        self.r.read_exact(&mut buf[..n]).map_err(ends)?;
        self.left -= n as u64;
        self.file += n as u64;
        self.at += n as u64;
        Ok(n)
    }

    fn skip_crc(&mut self) -> Result<(), String> {
        let mut crc = [0; 4];
        self.r.read_exact(&mut crc).map_err(ends)?;
        self.file += 4;
        self.left = 0;
        Ok(())
    }
}

fn ends(e: std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::UnexpectedEof {
        "the image data ends early".into()
    } else {
        e.to_string()
    }
}

const FLAGS: u32 = inflate_flags::TINFL_FLAG_PARSE_ZLIB_HEADER
    | inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF
    | inflate_flags::TINFL_FLAG_IGNORE_ADLER32;

/// The stream inflated a row at a time into a buffer that keeps the last 32 KB before
/// the row handed out (what later bytes may copy from).
struct Inflater<'a, R> {
    input: Idat<'a, R>,
    state: Box<DecompressorOxide>,
    buf: Vec<u8>,
    /// Input read but not yet taken by the inflater.
    pending: Range<usize>,
    out: Vec<u8>,
    /// The next row starts at `start`; bytes are inflated up to `end`.
    start: usize,
    end: usize,
    /// The stream's end was met.
    done: bool,
}

impl<'a, R: BufRead> Inflater<'a, R> {
    fn new(input: Idat<'a, R>, state: Box<DecompressorOxide>, window: &[u8], row: usize) -> Self {
        let mut out = vec![0; WINDOW + 2 * row + (256 << 10)];
        out[..window.len()].copy_from_slice(window);
        Inflater {
            input,
            state,
            buf: vec![0; INPUT],
            pending: 0..0,
            out,
            start: window.len(),
            end: window.len(),
            done: false,
        }
    }

    /// The next `n` bytes of the stream, inflating no further than `until` bytes from
    /// here (so that a mark can be taken there).
    fn next(&mut self, n: usize, until: usize) -> Result<&[u8], String> {
        if self.start + n > self.out.len() {
            let keep = self.start.min(self.end.saturating_sub(WINDOW));
            self.out.copy_within(keep..self.end, 0);
            self.start -= keep;
            self.end -= keep;
        }
        while self.end < self.start + n {
            if self.done {
                return Err("the image data ends early".into());
            }
            if self.pending.is_empty() {
                let got = self.input.read(&mut self.buf)?;
                self.pending = 0..got;
            }
            let more = if self.pending.is_empty() {
                0
            } else {
                inflate_flags::TINFL_FLAG_HAS_MORE_INPUT
            };
            let limit = self.out.len().min(self.start.saturating_add(until.max(n)));
            let (status, took, made) = decompress(
                &mut self.state,
                &self.buf[self.pending.clone()],
                &mut self.out[..limit],
                self.end,
                FLAGS | more,
            );
            self.pending.start += took;
            self.end += made;
            match status {
                TINFLStatus::Done => self.done = true,
                TINFLStatus::NeedsMoreInput if more == 0 => {
                    return Err("the image data ends early".into());
                }
                TINFLStatus::NeedsMoreInput | TINFLStatus::HasMoreOutput => {}
                other => return Err(format!("damaged image data ({other:?})")),
            }
        }
        let row = &self.out[self.start..self.start + n];
        self.start += n;
        Ok(row)
    }

    /// A mark at this point, which must be where a row starts with nothing inflated
    /// past it.
    fn mark(&self, pass: usize, row: u32, above: &[u8]) -> Mark {
        debug_assert_eq!(self.start, self.end);
        Mark {
            pass,
            row,
            input: self.input.at - self.pending.len() as u64,
            state: self.state.clone(),
            window: self.out[self.end.saturating_sub(WINDOW)..self.end].to_vec(),
            above: above.to_vec(),
        }
    }
}

/// Undoes a row's filter (its first byte) into `row`, given the row above unfiltered
/// (empty for a pass's first row) and the bytes a pixel takes (at least 1).
fn unfilter(filtered: &[u8], above: &[u8], bpp: usize, row: &mut Vec<u8>) -> Result<(), String> {
    let (kind, data) = filtered.split_first().ok_or("an empty row")?;
    row.clear();
    row.extend_from_slice(data);
    let n = row.len();
    let up = |i: usize| above.get(i).copied().unwrap_or(0);
    match kind {
        0 => {}
        1 => {
            for i in bpp..n {
                row[i] = row[i].wrapping_add(row[i - bpp]);
            }
        }
        2 => {
            if !above.is_empty() {
                for (r, a) in row.iter_mut().zip(above) {
                    *r = r.wrapping_add(*a);
                }
            }
        }
        3 => {
            for i in 0..n {
                let left = if i >= bpp { u16::from(row[i - bpp]) } else { 0 };
                row[i] = row[i].wrapping_add(((left + u16::from(up(i))) / 2) as u8);
            }
        }
        4 => {
            for i in 0..n {
                let (a, b) = if i >= bpp {
                    (row[i - bpp], up(i))
                } else {
                    (0, up(i))
                };
                let c = if i >= bpp { up(i - bpp) } else { 0 };
                row[i] = row[i].wrapping_add(paeth(a, b, c));
            }
        }
        k => return Err(format!("a row filtered with unknown type {k}")),
    }
    Ok(())
}

/// The Paeth predictor (the tests' encoder filters with it too).
pub(super) fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let p = i16::from(a) + i16::from(b) - i16::from(c);
    let (pa, pb, pc) = (
        (p - i16::from(a)).abs(),
        (p - i16::from(b)).abs(),
        (p - i16::from(c)).abs(),
    );
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// A row as it is read: its pass, its place in the pass and its pixels unfiltered (in
/// the PNG's own format, for [`Header::rgba`]).
pub struct Row<'r> {
    pub pass: usize,
    pub row: u32,
    pub raw: &'r [u8],
}

/// Reads every row of the PNG whose header is `header` (each pass in turn), `r` being
/// at the first chunk after IHDR's, handing each row to `row` (which answers `false`
/// to stop: `Ok(None)`), and makes its index, marking each pass every `every` image
/// rows.
pub fn read<R: BufRead>(
    r: R,
    file: u64,
    header: Header,
    every: u32,
    row: &mut dyn FnMut(Row<'_>) -> bool,
) -> Result<Option<Index>, String> {
    let mut chunks = Vec::new();
    let mut marks = Vec::new();
    let passes = header.passes();
    let widest = passes.iter().map(|p| p.stride).max().unwrap_or(1);
    let bpp = header.bits_per_pixel().div_ceil(8);
    {
        let input = Idat {
            r,
            left: 0,
            more: true,
            file,
            at: 0,
            chunks: Some(&mut chunks),
            seen: false,
        };
        let mut z = Inflater::new(input, Box::default(), &[], widest);
        let (mut above, mut cur) = (Vec::new(), Vec::new());
        for (p, pass) in passes.iter().enumerate() {
            above.clear();
            // The rows where marks are wanted, in this pass's rows.
            let mut next_mark = 0;
            let mut marked = 0u32;
            for j in 0..pass.rows {
                if j == next_mark {
                    marks.push(z.mark(p, j, &above));
                    while next_mark <= j {
                        marked += 1;
                        next_mark = pass.row_at(marked.saturating_mul(every));
                    }
                }
                let until = (next_mark - j) as usize * pass.stride;
                let filtered = z.next(pass.stride, until)?;
                unfilter(filtered, &above, bpp, &mut cur)?;
                if !row(Row {
                    pass: p,
                    row: j,
                    raw: &cur,
                }) {
                    return Ok(None);
                }
                std::mem::swap(&mut above, &mut cur);
            }
        }
    }
    Ok(Some(Index {
        header,
        chunks,
        marks,
    }))
}

impl Index {
    /// Decodes the rows of pass `pass` from its row `rows.start` (which must be where
    /// a mark is: a pass's first row at or below a multiple of [`Index::every`]) to
    /// `rows.end` from `r`, the bytes this index was made from (at the same offsets),
    /// handing each to `row` unfiltered.
    pub fn pass_rows<R: BufRead + Seek>(
        &self,
        mut r: R,
        pass: usize,
        rows: Range<u32>,
        row: &mut dyn FnMut(Row<'_>),
    ) -> Result<(), String> {
        let passes = self.header.passes();
        let p = passes.get(pass).ok_or("no such pass")?;
        let rows = rows.start..rows.end.min(p.rows);
        if rows.is_empty() {
            return Ok(());
        }
        let mark = self
            .marks
            .iter()
            .find(|m| m.pass == pass && m.row == rows.start)
            .ok_or_else(|| format!("no mark at row {} of pass {pass}", rows.start))?;
        // The chunk holding the mark's byte, entered at it.
        let at = self.chunks.partition_point(|c| c.1 <= mark.input);
        let (file, from, len) = *self
            .chunks
            .get(at.saturating_sub(1))
            .ok_or("no image data")?;
        let into = mark.input - from;
        r.seek(SeekFrom::Start(file + into))
            .map_err(|e| e.to_string())?;
        let input = Idat {
            r,
            left: u64::from(len) - into + 4,
            more: true,
            file: file + into,
            at: mark.input,
            chunks: None,
            seen: true,
        };
        let mut z = Inflater::new(input, mark.state.clone(), &mark.window, p.stride);
        let bpp = self.header.bits_per_pixel().div_ceil(8);
        let (mut above, mut cur) = (mark.above.clone(), Vec::new());
        for j in rows {
            let filtered = z.next(p.stride, usize::MAX)?;
            unfilter(filtered, &above, bpp, &mut cur)?;
            row(Row {
                pass,
                row: j,
                raw: &cur,
            });
            std::mem::swap(&mut above, &mut cur);
        }
        Ok(())
    }
}

/// Where the chunk after the header's starts (IHDR comes first, 13 bytes long).
pub const AFTER_HEADER: u64 = 8 + 8 + 13 + 4;
