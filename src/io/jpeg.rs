//! A baseline JPEG read a row of blocks at a time, so that a 32,767 px board never sits
//! whole in memory: the decoders at hand (zune-jpeg through `image`) give the whole
//! image or nothing, 3 GB for such a board. What this reads is what scanners and image
//! editors write by default: one interleaved baseline Huffman scan of greyscale or
//! YCbCr (any sampling), with or without restart markers. Anything else (progressive,
//! arithmetic coding, 12-bit, CMYK, one scan per component) is answered
//! [`Read::Unsupported`] before a row is given, for the caller to decode whole.
//!
//! [`Scale::Eighth`] reads the same scans for their DC coefficients alone: each 8 x 8
//! block's mean, a picture an eighth of the size a side with no inverse DCT (libjpeg's
//! `scale_denom 8`), still entropy decoding every coefficient (baseline JPEG has no way
//! to skip them; most are taken a lookup each). On the way it notes the decoder's state
//! every [`INDEX_PX`] pixels of each row of blocks (an [`Index`]), from which any
//! rectangle is later decoded at full size without the rest of the file: a big scan's
//! tiles when they are wanted, rather than all of them first.
//!
//! The inverse DCT is the integer one of stb_image (public domain), which zune-jpeg's
//! scalar path also uses; colour is upsampled by repeating samples (libjpeg's "fancy"
//! upsampling smooths chroma edges a little more).

use std::io::{BufRead, Read as _, Seek, SeekFrom};
use std::ops::Range;

/// How a read ended.
pub enum Read {
    Done,
    /// Read at [`Scale::Eighth`]: where each MCU row's coded data starts every
    /// [`INDEX_PX`] pixels, for [`Index::region`] to decode any part at full size later.
    Indexed(Box<Index>),
    /// Not a JPEG this reader takes (why), said before any row.
    Unsupported(String),
}

/// The picture read: the image at full size, or an eighth of it a side (rounded up).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    Full,
    Eighth,
}

/// What the caller answers to the size and to each row (RGBA, the picture's width:
/// the image's at [`Scale::Full`], an eighth of it rounded up at [`Scale::Eighth`]).
pub trait Rows {
    type Error;
    /// The image's size at full resolution, whatever the scale read.
    fn size(&mut self, w: u32, h: u32) -> Result<(), Self::Error>;
    fn row(&mut self, rgba: &[u8]) -> Result<(), Self::Error>;
    /// A damaged or cut file, with what was wrong.
    fn bad(&self, why: String) -> Self::Error;
}

const NATURAL: [usize; 64] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
    13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59,
    52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

/// The index of a [`Scale::Eighth`] read keeps a place in each MCU row this many pixels
/// apart (a multiple of every MCU's width: 8, 16, 24 or 32 px).
pub const INDEX_PX: usize = 512;

/// Bits looked up at once when decoding a Huffman code.
const FAST: u32 = 9;

#[derive(Clone)]
struct Huffman {
    /// By the next `FAST` bits: the code's length and its symbol (length 0: longer).
    fast: Vec<(u8, u8)>,
    /// By the next `FAST` bits, an AC coefficient whose code and value both fit in
    /// them (most of a scan's): its value, its run of zeros before and the bits both
    /// take, `value << 16 | run << 8 | bits` (0: not one).
    fast_ac: Vec<i32>,
    maxcode: [i32; 18],
    valptr: [i32; 17],
    mincode: [i32; 17],
    values: Vec<u8>,
}

impl Huffman {
    fn new(counts: &[u8; 16], values: Vec<u8>) -> Result<Huffman, String> {
        let mut fast = vec![(0u8, 0u8); 1 << FAST];
        let mut maxcode = [-1i32; 18];
        let mut valptr = [0i32; 17];
        let mut mincode = [0i32; 17];
        let (mut code, mut k) = (0i32, 0usize);
        for len in 1..=16usize {
            let n = usize::from(counts[len - 1]);
            valptr[len] = k as i32;
            mincode[len] = code;
            for _ in 0..n {
                let sym = *values
                    .get(k)
                    .ok_or("a Huffman table shorter than its counts")?;
                if len as u32 <= FAST {
                    let shift = FAST - len as u32;
                    let first = (code as usize) << shift;
                    for e in &mut fast[first..first + (1 << shift)] {
                        *e = (len as u8, sym);
                    }
                }
                code += 1;
                k += 1;
            }
            if n > 0 {
                maxcode[len] = code - 1;
            }
            if code > 1 << len {
                return Err("a Huffman table with too many codes".into());
            }
            code <<= 1;
        }
        maxcode[17] = i32::MAX;
        let fast_ac = fast
            .iter()
            .enumerate()
            .map(|(peek, &(len, sym))| {
                let (len, run, size) = (u32::from(len), i32::from(sym >> 4), u32::from(sym & 15));
                if len == 0 || size == 0 || len + size > FAST {
                    return 0;
                }
                let v = (peek as i32 >> (FAST - len - size)) & ((1 << size) - 1);
                extend(v, size) << 16 | run << 8 | (len + size) as i32
            })
            .map(|e| if plain() { 0 } else { e })
            .collect();
        Ok(Huffman {
            fast,
            fast_ac,
            maxcode,
            valptr,
            mincode,
            values,
        })
    }
}

/// A reader and how many bytes have been taken from it: the index's places.
struct Counted<'a> {
    r: &'a mut dyn BufRead,
    pos: u64,
}

impl std::io::Read for Counted<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.r.read(buf)?;
        self.pos += n as u64;
        Ok(n)
    }
}

impl BufRead for Counted<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.r.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        self.r.consume(n);
        self.pos += n as u64;
    }
}

/// The entropy-coded bits, past byte stuffing; a marker ends them (zeros follow).
struct Bits<'a> {
    r: Counted<'a>,
    acc: u64,
    n: u32,
    /// The marker met, not yet taken.
    marker: Option<u8>,
}

impl Bits<'_> {
    fn refill(&mut self) -> Result<(), String> {
        while self.n <= 56 {
            if self.marker.is_some() {
                self.acc <<= 8;
                self.n += 8;
                continue;
            }
            let buf = self.r.fill_buf().map_err(|e| e.to_string())?;
            if buf.is_empty() {
                return Err("the file ends inside the image data".into());
            }
            // The plain bytes up to the next 0xFF, straight from the reader's buffer,
            // rather than two calls through the reader for each byte.
            let mut used = 0;
            while self.n <= 56 && used < buf.len() && buf[used] != 0xFF {
                self.acc = (self.acc << 8) | u64::from(buf[used]);
                self.n += 8;
                used += 1;
            }
            if used > 0 {
                self.r.consume(used);
                continue;
            }
            // 0xFF: stuffing (0xFF 0x00), fill bytes, or a marker.
            self.r.consume(1);
            let next = loop {
                let mut one = [0u8];
                self.r
                    .read_exact(&mut one)
                    .map_err(|_| "the file ends inside the image data")?;
                if one[0] != 0xFF {
                    break one[0];
                }
            };
            if next == 0 {
                self.acc = (self.acc << 8) | 0xFF;
                self.n += 8;
            } else {
                self.marker = Some(next);
            }
        }
        Ok(())
    }

    fn bits(&mut self, k: u32) -> Result<i32, String> {
        if k == 0 {
            return Ok(0);
        }
        if self.n < k {
            self.refill()?;
        }
        self.n -= k;
        Ok(((self.acc >> self.n) & ((1u64 << k) - 1)) as i32)
    }

    fn decode(&mut self, h: &Huffman) -> Result<u8, String> {
        if self.n < 16 {
            self.refill()?;
        }
        let peek = ((self.acc >> (self.n - FAST)) & ((1 << FAST) - 1)) as usize;
        let (len, sym) = h.fast[peek];
        if len > 0 {
            self.n -= u32::from(len);
            return Ok(sym);
        }
        let mut code = 0i32;
        for len in 1..=16 {
            code = (code << 1) | self.bits(1)?;
            if code <= h.maxcode[len] {
                let i = (h.valptr[len] + code - h.mincode[len]) as usize;
                return h
                    .values
                    .get(i)
                    .copied()
                    .ok_or_else(|| "a bad Huffman code".to_string());
            }
        }
        Err("a bad Huffman code".into())
    }

    /// A value of `s` bits, sign-extended as JPEG codes it.
    fn receive(&mut self, s: u8) -> Result<i32, String> {
        let s = u32::from(s);
        let v = self.bits(s)?;
        Ok(extend(v, s))
    }

    /// The next AC coefficient if its code and value fit in the next `FAST` bits
    /// (taken then): its value and run of zeros before.
    fn fast_ac(&mut self, h: &Huffman) -> Result<Option<(i32, usize)>, String> {
        if self.n < 16 {
            self.refill()?;
        }
        let peek = ((self.acc >> (self.n - FAST)) & ((1 << FAST) - 1)) as usize;
        let e = h.fast_ac[peek];
        if e == 0 {
            return Ok(None);
        }
        self.n -= (e & 255) as u32;
        Ok(Some((e >> 16, ((e >> 8) & 255) as usize)))
    }

    /// At a restart: the bits left are padding; the marker must be a restart.
    fn restart(&mut self) -> Result<(), String> {
        self.acc = 0;
        self.n = 0;
        if self.marker.is_none() {
            // Read up to the marker.
            self.refill()?;
            self.acc = 0;
            self.n = 0;
        }
        match self.marker.take() {
            Some(m) if (0xD0..=0xD7).contains(&m) => Ok(()),
            _ => Err("a restart marker missing".into()),
        }
    }
}

#[cfg(test)]
thread_local! {
    /// Tables made on this thread take every code the plain way (tests compare).
    static PLAIN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn plain() -> bool {
    #[cfg(test)]
    return PLAIN.with(std::cell::Cell::get);
    #[cfg(not(test))]
    false
}

/// `v`, a value of `s` bits, sign-extended as JPEG codes it.
fn extend(v: i32, s: u32) -> i32 {
    if s > 0 && v < 1 << (s - 1) {
        v - (1 << s) + 1
    } else {
        v
    }
}

#[derive(Clone)]
struct Component {
    id: u8,
    h: usize,
    v: usize,
    tq: usize,
    dc: usize,
    ac: usize,
}

/// A component as the pixel thread keeps it: one MCU row of samples, `stride` wide,
/// `v * 8` high.
struct Plane {
    h: usize,
    v: usize,
    plane: Vec<u8>,
    stride: usize,
}

fn u16_at(b: &[u8], i: usize) -> usize {
    usize::from(b[i]) << 8 | usize::from(b[i + 1])
}

/// Reads the JPEG from `r` (just past nothing: its first byte is the SOI marker's) at
/// `scale`.
pub fn read<T: Rows>(r: &mut dyn BufRead, out: &mut T, scale: Scale) -> Result<Read, T::Error> {
    let mut r = Counted { r, pos: 0 };
    match read_inner(&mut r, out, scale) {
        Ok(read) => Ok(read),
        Err(Failure::Bad(why)) => Err(out.bad(why)),
        Err(Failure::Caller(e)) => Err(e),
    }
}

enum Failure<E> {
    Bad(String),
    Caller(E),
}

impl<E> From<String> for Failure<E> {
    fn from(s: String) -> Self {
        Failure::Bad(s)
    }
}

impl<E> From<&str> for Failure<E> {
    fn from(s: &str) -> Self {
        Failure::Bad(s.to_string())
    }
}

fn segment(r: &mut dyn BufRead) -> Result<Vec<u8>, String> {
    let mut len = [0u8; 2];
    r.read_exact(&mut len)
        .map_err(|_| "the file ends in a header")?;
    let n = u16_at(&len, 0)
        .checked_sub(2)
        .ok_or("a header of a bad length")?;
    let mut body = vec![0u8; n];
    r.read_exact(&mut body)
        .map_err(|_| "the file ends in a header")?;
    Ok(body)
}

fn read_inner<T: Rows>(
    r: &mut Counted<'_>,
    out: &mut T,
    scale: Scale,
) -> Result<Read, Failure<T::Error>> {
    let mut soi = [0u8; 2];
    r.read_exact(&mut soi).map_err(|_| "not a JPEG")?;
    if soi != [0xFF, 0xD8] {
        return Err("not a JPEG".into());
    }
    let mut quant = [[0u16; 64]; 4];
    let mut dc_tables: [Option<Huffman>; 4] = Default::default();
    let mut ac_tables: [Option<Huffman>; 4] = Default::default();
    let mut comps: Vec<Component> = Vec::new();
    let (mut width, mut height) = (0usize, 0usize);
    let mut restart = 0usize;
    let mut adobe_rgb = false;
    loop {
        // The next marker (fill bytes skipped).
        let mut b = [0u8];
        r.read_exact(&mut b)
            .map_err(|_| "the file ends before the image")?;
        if b[0] != 0xFF {
            return Err("a header where a marker should be".into());
        }
        let mut m = 0xFF;
        while m == 0xFF {
            r.read_exact(&mut b)
                .map_err(|_| "the file ends before the image")?;
            m = b[0];
        }
        match m {
            0xDB => {
                let s = segment(r)?;
                let mut i = 0;
                while i < s.len() {
                    let (pq, tq) = (s[i] >> 4, usize::from(s[i] & 15));
                    let table = quant.get_mut(tq).ok_or("a bad quantisation table")?;
                    let size = if pq == 0 { 64 } else { 128 };
                    let body = s
                        .get(i + 1..i + 1 + size)
                        .ok_or("a short quantisation table")?;
                    for (k, q) in table.iter_mut().enumerate() {
                        *q = if pq == 0 {
                            u16::from(body[k])
                        } else {
                            u16_at(body, 2 * k) as u16
                        };
                    }
                    i += 1 + size;
                }
            }
            0xC4 => {
                let s = segment(r)?;
                let mut i = 0;
                while i < s.len() {
                    let (class, id) = (s[i] >> 4, usize::from(s[i] & 15));
                    let counts: [u8; 16] = s
                        .get(i + 1..i + 17)
                        .and_then(|c| c.try_into().ok())
                        .ok_or("a short Huffman table")?;
                    let n: usize = counts.iter().map(|&c| usize::from(c)).sum();
                    let values = s.get(i + 17..i + 17 + n).ok_or("a short Huffman table")?;
                    let table = Huffman::new(&counts, values.to_vec())?;
                    let slot = match class {
                        0 => dc_tables.get_mut(id),
                        _ => ac_tables.get_mut(id),
                    }
                    .ok_or("a bad Huffman table")?;
                    *slot = Some(table);
                    i += 17 + n;
                }
            }
            0xC0 | 0xC1 => {
                let s = segment(r)?;
                if s.len() < 6 {
                    return Err("a short frame header".into());
                }
                if s[0] != 8 {
                    return Ok(Read::Unsupported(format!("{}-bit samples", s[0])));
                }
                height = u16_at(&s, 1);
                width = u16_at(&s, 3);
                let n = usize::from(s[5]);
                if height == 0 {
                    return Ok(Read::Unsupported("a height given after the image".into()));
                }
                if width == 0 {
                    return Err("an image 0 pixels wide".into());
                }
                if n != 1 && n != 3 {
                    return Ok(Read::Unsupported(format!("{n} colour components")));
                }
                for c in 0..n {
                    let d = s.get(6 + 3 * c..9 + 3 * c).ok_or("a short frame header")?;
                    let (h, v) = (usize::from(d[1] >> 4), usize::from(d[1] & 15));
                    if !(1..=4).contains(&h) || !(1..=4).contains(&v) || d[2] > 3 {
                        return Err("bad sampling factors".into());
                    }
                    comps.push(Component {
                        id: d[0],
                        h,
                        v,
                        tq: usize::from(d[2]),
                        dc: 0,
                        ac: 0,
                    });
                }
            }
            0xC2 | 0xC3 | 0xC5..=0xC7 | 0xC9..=0xCB | 0xCD..=0xCF => {
                return Ok(Read::Unsupported(
                    "progressive, lossless or arithmetic coding".into(),
                ));
            }
            0xDD => {
                let s = segment(r)?;
                restart = u16_at(s.get(..2).ok_or("a short restart interval")?, 0);
            }
            0xEE => {
                let s = segment(r)?;
                // Adobe's marker: transform 0 is RGB as it is (3 components).
                if s.starts_with(b"Adobe") && s.len() >= 12 && s[11] == 0 {
                    adobe_rgb = true;
                }
            }
            0xDA => {
                let s = segment(r)?;
                if comps.is_empty() {
                    return Err("image data before the frame header".into());
                }
                let ns = usize::from(*s.first().ok_or("a short scan header")?);
                if ns != comps.len() {
                    return Ok(Read::Unsupported("one scan per colour component".into()));
                }
                for k in 0..ns {
                    let d = s.get(1 + 2 * k..3 + 2 * k).ok_or("a short scan header")?;
                    let c = comps
                        .iter_mut()
                        .find(|c| c.id == d[0])
                        .ok_or("a scan of an unknown component")?;
                    c.dc = usize::from(d[1] >> 4).min(3);
                    c.ac = usize::from(d[1] & 15).min(3);
                }
                let rgb = adobe_rgb
                    || (comps.len() == 3 && comps.iter().map(|c| c.id).eq([b'R', b'G', b'B']));
                out.size(width as u32, height as u32)
                    .map_err(Failure::Caller)?;
                let mut frame = Frame {
                    quant,
                    dc_tables,
                    ac_tables,
                    comps,
                    size: (width, height),
                    restart,
                    rgb,
                };
                let tables = (&frame.quant, &frame.dc_tables, &frame.ac_tables);
                let per_block = if scale == Scale::Full { 64 } else { 1 };
                let layout = Layout::new(&mut frame.comps, (width, height), tables, per_block)?;
                let pos = r.pos;
                let bits = Bits {
                    r: Counted { r, pos },
                    acc: 0,
                    n: 0,
                    marker: None,
                };
                match scale {
                    Scale::Full => {
                        scan(
                            bits,
                            out,
                            &frame.comps,
                            layout,
                            (width, height),
                            (restart, rgb),
                        )?;
                        return Ok(Read::Done);
                    }
                    Scale::Eighth => {
                        let (checkpoints, every) = scan_dc(bits, out, layout, &frame)?;
                        let per_row = width.div_ceil(8 * every * frame.hmax());
                        return Ok(Read::Indexed(Box::new(Index {
                            frame,
                            checkpoints,
                            per_row,
                            every,
                        })));
                    }
                }
            }
            0xD9 => return Err("no image before the end".into()),
            0xD0..=0xD7 | 0x01 => {}
            _ => {
                segment(r)?;
            }
        }
    }
}

/// What the headers say of the image and its scan, kept for decoding parts of it.
struct Frame {
    quant: [[u16; 64]; 4],
    dc_tables: [Option<Huffman>; 4],
    ac_tables: [Option<Huffman>; 4],
    comps: Vec<Component>,
    size: (usize, usize),
    restart: usize,
    rgb: bool,
}

impl Frame {
    fn hmax(&self) -> usize {
        self.comps.iter().map(|c| c.h).max().unwrap_or(1)
    }
}

/// The entropy decoder's state before an MCU: where its bytes go on, the bits taken
/// ahead, the marker met, the DC predictors.
#[derive(Clone, Copy)]
struct Checkpoint {
    pos: u64,
    acc: u64,
    n: u32,
    marker: Option<u8>,
    preds: [i32; 3],
}

/// A baseline JPEG's headers and, for each MCU row, its decoder's state every
/// [`INDEX_PX`] pixels: enough to decode any rectangle at full size from the file
/// without the rows above it or the columns left of its place (a few MB for a
/// 32,767 px scan; the decoder's bits cannot be entered anywhere else).
pub struct Index {
    frame: Frame,
    checkpoints: Vec<Checkpoint>,
    /// Places in one MCU row, and MCUs between two.
    per_row: usize,
    every: usize,
}

impl Index {
    /// Decodes columns `x` of rows `y` (cut to the image) at full size from `r`, the
    /// bytes this index was made from (at the same offsets), giving each row in RGBA
    /// to `row`: the same pixels as [`read`] at [`Scale::Full`].
    pub fn region<R: BufRead + Seek>(
        &self,
        r: &mut R,
        x: Range<usize>,
        y: Range<usize>,
        row: &mut dyn FnMut(&[u8]),
    ) -> Result<(), String> {
        let f = &self.frame;
        let (width, height) = f.size;
        let (x1, y1) = (x.end.min(width), y.end.min(height));
        if x.start >= x1 || y.start >= y1 {
            return Ok(());
        }
        let mut comps = f.comps.clone();
        let hmax = f.hmax();
        let vmax = comps.iter().map(|c| c.v).max().unwrap_or(1);
        let (mw, mh) = (8 * hmax, 8 * vmax);
        let mcus_x = width.div_ceil(mw);
        let (mx0, mx1) = (x.start / mw, x1.div_ceil(mw));
        let n = mx1 - mx0;
        let tables = (&f.quant, &f.dc_tables, &f.ac_tables);
        let Layout {
            mut coding,
            starts,
            total,
            ..
        } = Layout::new(&mut comps, (n * mw, height), tables, 64)?;
        let mut planes = planes(&comps, n);
        // The MCUs' pixels (the last may reach past the image's edge).
        let w = (mx1 * mw).min(width) - mx0 * mw;
        let columns = columns(&planes, w, hmax);
        let mut coefficients = vec![0i16; total];
        // The DC of each block of an MCU decoded past, left of the rectangle.
        let mut past = [0i16; 16];
        let mut rows = Vec::new();
        let bad = |e: Failure<std::convert::Infallible>| match e {
            Failure::Bad(why) => why,
            Failure::Caller(never) => match never {},
        };
        let first = mx0 / self.every * self.every;
        for my in y.start / mh..y1.div_ceil(mh) {
            let cp = self
                .checkpoints
                .get(my * self.per_row + mx0 / self.every)
                .ok_or("the index misses a row")?;
            r.seek(SeekFrom::Start(cp.pos)).map_err(|e| e.to_string())?;
            let mut bits = Bits {
                r: Counted { r, pos: cp.pos },
                acc: cp.acc,
                n: cp.n,
                marker: cp.marker,
            };
            for (c, &p) in coding.iter_mut().zip(&cp.preds) {
                c.pred = p;
            }
            coefficients.fill(0);
            for mx in first..mx1 {
                let mcu = my * mcus_x + mx;
                if f.restart > 0 && mcu > 0 && mcu.is_multiple_of(f.restart) {
                    bits.restart()?;
                    for c in coding.iter_mut() {
                        c.pred = 0;
                    }
                }
                for (c, start) in coding.iter_mut().zip(&starts) {
                    if mx < mx0 {
                        blocks::<_, true>(&mut bits, c, 0, 1, &mut past).map_err(bad)?;
                    } else {
                        let out = &mut coefficients[*start..];
                        blocks::<_, false>(&mut bits, c, mx - mx0, n, out).map_err(bad)?;
                    }
                }
            }
            let count = mh.min(height - my * mh);
            to_rows(
                &mut planes,
                &coefficients,
                &columns,
                (vmax, f.rgb),
                count,
                &mut rows,
            );
            for (i, line) in rows.chunks_exact(w * 4).enumerate() {
                if y.contains(&(my * mh + i)) {
                    row(&line[(x.start - mx0 * mw) * 4..(x1 - mx0 * mw) * 4]);
                }
            }
        }
        Ok(())
    }
}

type Tables<'a> = (
    &'a [[u16; 64]; 4],
    &'a [Option<Huffman>; 4],
    &'a [Option<Huffman>; 4],
);

/// One MCU row's dequantised coefficients (each component's blocks in the order of its
/// plane's block rows), for the thread that turns them into pixels, and the buffer to
/// give its pixel rows in.
struct Job {
    coefficients: Vec<i16>,
    rows: Vec<u8>,
}

/// A job done: its pixel rows (RGBA, the image's width), the buffers handed back.
struct Done {
    coefficients: Vec<i16>,
    rows: Vec<u8>,
    count: usize,
}

/// The scan's MCU rows: the entropy decoding here (it is sequential), the inverse DCT
/// and colour conversion of the row before on a second thread, so that a big scan's
/// decode is shared by two cores; the rows go to `out` in order, on this thread.
fn scan<T: Rows>(
    mut bits: Bits<'_>,
    out: &mut T,
    comps: &[Component],
    layout: Layout<'_>,
    (width, height): (usize, usize),
    (restart, rgb): (usize, bool),
) -> Result<(), Failure<T::Error>> {
    let Layout {
        hmax,
        vmax,
        mcus_x,
        mcus_y,
        mut coding,
        starts,
        total,
    } = layout;
    let planes = planes(comps, mcus_x);
    std::thread::scope(|s| {
        let (jobs, take) = std::sync::mpsc::sync_channel::<Job>(2);
        // Unbounded: at most the jobs in flight wait in it, and the worker must never
        // block on it while this thread blocks handing it the next job.
        let (give, done) = std::sync::mpsc::channel::<Done>();
        let worker = s.spawn(move || {
            to_pixels(planes, &take, &give, (width, height), (hmax, vmax), rgb);
        });
        let mut spare: Vec<(Vec<i16>, Vec<u8>)> = Vec::new();
        let mut deliver =
            |d: Done, spare: &mut Vec<(Vec<i16>, Vec<u8>)>| -> Result<(), Failure<T::Error>> {
                for row in d.rows.chunks_exact(width * 4).take(d.count) {
                    out.row(row).map_err(Failure::Caller)?;
                }
                spare.push((d.coefficients, d.rows));
                Ok(())
            };
        let mut mcu = 0usize;
        let mut result = Ok(());
        'rows: for _ in 0..mcus_y {
            let (mut coefficients, rows) = spare.pop().unwrap_or_default();
            coefficients.clear();
            coefficients.resize(total, 0);
            for mx in 0..mcus_x {
                if restart > 0 && mcu > 0 && mcu.is_multiple_of(restart) {
                    if let Err(e) = bits.restart() {
                        result = Err(e.into());
                        break 'rows;
                    }
                    for c in coding.iter_mut() {
                        c.pred = 0;
                    }
                }
                mcu += 1;
                for (c, start) in coding.iter_mut().zip(&starts) {
                    let out = &mut coefficients[*start..];
                    if let Err(e) = blocks::<_, false>(&mut bits, c, mx, mcus_x, out) {
                        result = Err(e);
                        break 'rows;
                    }
                }
            }
            if jobs.send(Job { coefficients, rows }).is_err() {
                break;
            }
            while let Ok(d) = done.try_recv() {
                if let Err(e) = deliver(d, &mut spare) {
                    result = Err(e);
                    break 'rows;
                }
            }
        }
        drop(jobs);
        if result.is_ok() {
            for d in done.iter() {
                if let Err(e) = deliver(d, &mut spare) {
                    result = Err(e);
                    break;
                }
            }
        }
        drop(done);
        if worker.join().is_err() {
            return Err("the decoding thread failed".into());
        }
        result
    })
}

/// Where a scan's blocks go: the MCU grid, each component's coding, and where each
/// component's blocks start in one MCU row's coefficients (`per_block` of them a block:
/// 64, or the DC alone).
struct Layout<'a> {
    hmax: usize,
    vmax: usize,
    mcus_x: usize,
    mcus_y: usize,
    coding: Vec<Coding<'a>>,
    starts: Vec<usize>,
    total: usize,
}

impl<'a> Layout<'a> {
    fn new(
        comps: &mut [Component],
        (width, height): (usize, usize),
        (quant, dc_tables, ac_tables): Tables<'a>,
        per_block: usize,
    ) -> Result<Layout<'a>, String> {
        // One component: its blocks in raster order, whatever its sampling factors.
        if comps.len() == 1 {
            comps[0].h = 1;
            comps[0].v = 1;
        }
        let hmax = comps.iter().map(|c| c.h).max().unwrap_or(1);
        let vmax = comps.iter().map(|c| c.v).max().unwrap_or(1);
        let mcus_x = width.div_ceil(8 * hmax);
        let mcus_y = height.div_ceil(8 * vmax);
        let mut coding = Vec::with_capacity(comps.len());
        let mut starts = Vec::with_capacity(comps.len());
        let mut total = 0;
        for c in comps.iter() {
            let (Some(dc), Some(ac)) = (&dc_tables[c.dc], &ac_tables[c.ac]) else {
                return Err("a scan naming a Huffman table not given".into());
            };
            coding.push(Coding {
                tables: (&quant[c.tq], dc, ac),
                h: c.h,
                v: c.v,
                pred: 0,
            });
            starts.push(total);
            total += mcus_x * c.h * c.v * per_block;
        }
        Ok(Layout {
            hmax,
            vmax,
            mcus_x,
            mcus_y,
            coding,
            starts,
            total,
        })
    }
}

/// The scan's DC coefficients alone, as a picture an eighth of the size a side: each
/// block's mean sample (what the inverse DCT of its DC gives), each component's block
/// repeated over the pixels it covers, colour converted; all on this thread (there is
/// no inverse DCT to share out). Gives the decoder's state every [`INDEX_PX`] pixels
/// of each MCU row, and how many MCUs that is.
fn scan_dc<T: Rows>(
    mut bits: Bits<'_>,
    out: &mut T,
    layout: Layout<'_>,
    frame: &Frame,
) -> Result<(Vec<Checkpoint>, usize), Failure<T::Error>> {
    let ((width, height), restart, rgb) = (frame.size, frame.restart, frame.rgb);
    let (hmax, vmax) = (layout.hmax, layout.vmax);
    let every = INDEX_PX / (8 * hmax);
    let mut checkpoints = Vec::with_capacity(layout.mcus_y * layout.mcus_x.div_ceil(every));
    let (mcus_x, mcus_y) = (layout.mcus_x, layout.mcus_y);
    let mut dcs = vec![0i16; layout.total];
    let Layout {
        mut coding, starts, ..
    } = layout;
    let (w, h) = (width.div_ceil(8), height.div_ceil(8));
    // Each picture column's block in each component's row of blocks.
    let columns: Vec<Vec<usize>> = coding
        .iter()
        .map(|c| (0..w).map(|x| x * c.h / hmax).collect())
        .collect();
    let mut samples: Vec<Vec<u8>> = coding.iter().map(|c| vec![0u8; mcus_x * c.h]).collect();
    let mut row = vec![0u8; w * 4];
    let mut mcu = 0usize;
    for my in 0..mcus_y {
        for mx in 0..mcus_x {
            if mx.is_multiple_of(every) {
                let mut preds = [0; 3];
                for (p, c) in preds.iter_mut().zip(&coding) {
                    *p = c.pred;
                }
                checkpoints.push(Checkpoint {
                    pos: bits.r.pos,
                    acc: bits.acc,
                    n: bits.n,
                    marker: bits.marker,
                    preds,
                });
            }
            if restart > 0 && mcu > 0 && mcu.is_multiple_of(restart) {
                bits.restart()?;
                for c in coding.iter_mut() {
                    c.pred = 0;
                }
            }
            mcu += 1;
            for (c, start) in coding.iter_mut().zip(&starts) {
                blocks::<_, true>(&mut bits, c, mx, mcus_x, &mut dcs[*start..])?;
            }
        }
        for y in 0..vmax.min(h - my * vmax) {
            for ((c, start), s) in coding.iter().zip(&starts).zip(&mut samples) {
                let blocks_x = mcus_x * c.h;
                let by = y * c.v / vmax;
                let dc = &dcs[start + by * blocks_x..start + (by + 1) * blocks_x];
                for (o, &d) in s.iter_mut().zip(dc) {
                    *o = flat(d);
                }
            }
            pixels(&samples, &columns, rgb, &mut row);
            out.row(&row).map_err(Failure::Caller)?;
        }
    }
    Ok((checkpoints, every))
}

/// A component as the entropy decoding keeps it: its quantisation and Huffman tables,
/// its sampling and its DC predictor.
struct Coding<'a> {
    tables: (&'a [u16; 64], &'a Huffman, &'a Huffman),
    h: usize,
    v: usize,
    pred: i32,
}

/// Decodes the blocks of MCU `mx` of component `c` into its place in `out` (the
/// component's part of a job's coefficients; with `DC_ONLY` each block's DC alone, its
/// AC coefficients decoded past and dropped).
fn blocks<E, const DC_ONLY: bool>(
    bits: &mut Bits<'_>,
    c: &mut Coding<'_>,
    mx: usize,
    mcus_x: usize,
    out: &mut [i16],
) -> Result<(), Failure<E>> {
    let (q, dc, ac) = c.tables;
    let blocks_x = mcus_x * c.h;
    let per_block = if DC_ONLY { 1 } else { 64 };
    for by in 0..c.v {
        for bx in 0..c.h {
            let at = (by * blocks_x + mx * c.h + bx) * per_block;
            let block = &mut out[at..at + per_block];
            let t = bits.decode(dc)?;
            if t > 11 {
                return Err("a bad DC coefficient".into());
            }
            // Bounded, so a damaged file cannot overflow what follows (a valid one
            // stays far within).
            c.pred = (c.pred + bits.receive(t)?).clamp(-(1 << 15), 1 << 15);
            block[0] = dequantised(c.pred, q[0]);
            let mut k = 1;
            while k < 64 {
                if let Some((value, run)) = bits.fast_ac(ac)? {
                    k += run;
                    if k > 63 {
                        return Err("a bad AC coefficient".into());
                    }
                    if !DC_ONLY {
                        block[NATURAL[k]] = dequantised(value, q[k]);
                    }
                    k += 1;
                    continue;
                }
                let rs = bits.decode(ac)?;
                let (run, size) = (usize::from(rs >> 4), rs & 15);
                if size == 0 {
                    if run != 15 {
                        break;
                    }
                    k += 16;
                    continue;
                }
                k += run;
                if k > 63 {
                    return Err("a bad AC coefficient".into());
                }
                if DC_ONLY {
                    bits.bits(u32::from(size))?;
                } else {
                    block[NATURAL[k]] = dequantised(bits.receive(size)?, q[k]);
                }
                k += 1;
            }
        }
    }
    Ok(())
}

/// Each component's plane for one MCU row of `mcus_x` MCUs.
fn planes(comps: &[Component], mcus_x: usize) -> Vec<Plane> {
    comps
        .iter()
        .map(|c| {
            let stride = mcus_x * c.h * 8;
            Plane {
                h: c.h,
                v: c.v,
                plane: vec![0u8; stride * c.v * 8],
                stride,
            }
        })
        .collect()
}

/// Each of `width` pixels' sample column in each component's plane.
fn columns(planes: &[Plane], width: usize, hmax: usize) -> Vec<Vec<usize>> {
    planes
        .iter()
        .map(|c| (0..width).map(|x| x * c.h / hmax).collect())
        .collect()
}

/// The pixel thread: each job's blocks through the inverse DCT into the planes, then
/// its pixel rows colour converted, handed back in order.
fn to_pixels(
    mut comps: Vec<Plane>,
    take: &std::sync::mpsc::Receiver<Job>,
    give: &std::sync::mpsc::Sender<Done>,
    (width, height): (usize, usize),
    (hmax, vmax): (usize, usize),
    rgb: bool,
) {
    let columns = columns(&comps, width, hmax);
    for (my, job) in take.iter().enumerate() {
        let Job {
            coefficients,
            mut rows,
        } = job;
        let count = (vmax * 8).min(height - my * vmax * 8);
        to_rows(
            &mut comps,
            &coefficients,
            &columns,
            (vmax, rgb),
            count,
            &mut rows,
        );
        if give
            .send(Done {
                coefficients,
                rows,
                count,
            })
            .is_err()
        {
            return;
        }
    }
}

/// One MCU row's blocks through the inverse DCT into the planes, then its first
/// `count` pixel rows colour converted into `rows` (RGBA, as wide as `columns`).
fn to_rows(
    comps: &mut [Plane],
    coefficients: &[i16],
    columns: &[Vec<usize>],
    (vmax, rgb): (usize, bool),
    count: usize,
    rows: &mut Vec<u8>,
) {
    let mut block = [0i32; 64];
    let mut at = 0;
    for c in comps.iter_mut() {
        let blocks_x = c.stride / 8;
        for by in 0..c.v {
            for bx in 0..blocks_x {
                let coefficients = &coefficients[at..at + 64];
                at += 64;
                let out = &mut c.plane[by * 8 * c.stride + bx * 8..];
                // A block of one colour (flat paper, a filled area: most of a
                // printed map) is its DC alone, what the inverse DCT gives it.
                if coefficients[1..].iter().all(|&v| v == 0) {
                    let sample = flat(coefficients[0]);
                    for row in out.chunks_mut(c.stride).take(8) {
                        row[..8].fill(sample);
                    }
                    continue;
                }
                for (b, &v) in block.iter_mut().zip(coefficients) {
                    *b = i32::from(v);
                }
                idct(&block, out, c.stride);
            }
        }
    }
    let width = columns[0].len();
    rows.resize(count * width * 4, 0);
    for (y, row) in rows.chunks_exact_mut(width * 4).enumerate() {
        convert(comps, columns, vmax, y, rgb, row);
    }
}

/// Row `y` of the MCU row, in RGBA: each component's sample repeated over the pixels
/// it covers.
fn convert(
    comps: &[Plane],
    columns: &[Vec<usize>],
    vmax: usize,
    y: usize,
    rgb: bool,
    out: &mut [u8],
) {
    fn row(c: &Plane, y: usize, vmax: usize) -> &[u8] {
        let r = y * c.v / vmax;
        &c.plane[r * c.stride..(r + 1) * c.stride]
    }
    let rows: Vec<&[u8]> = comps.iter().map(|c| row(c, y, vmax)).collect();
    pixels(&rows, columns, rgb, out);
}

/// One row of pixels in RGBA from each component's row of samples: greyscale, RGB as
/// it is, or JFIF's YCbCr; `columns` gives each pixel's sample in each component's row.
fn pixels<R: AsRef<[u8]>>(rows: &[R], columns: &[Vec<usize>], rgb: bool, out: &mut [u8]) {
    if rows.len() == 1 {
        for (o, &g) in out.chunks_exact_mut(4).zip(rows[0].as_ref()) {
            o.copy_from_slice(&[g, g, g, 255]);
        }
        return;
    }
    let (a, b, c) = (rows[0].as_ref(), rows[1].as_ref(), rows[2].as_ref());
    for (x, o) in out.chunks_exact_mut(4).enumerate() {
        let (p0, p1, p2) = (a[columns[0][x]], b[columns[1][x]], c[columns[2][x]]);
        if rgb {
            o.copy_from_slice(&[p0, p1, p2, 255]);
            continue;
        }
        // JFIF's YCbCr, in 16.16 fixed point.
        let (yy, cb, cr) = (
            i32::from(p0) << 16,
            i32::from(p1) - 128,
            i32::from(p2) - 128,
        );
        let half = 1 << 15;
        let r = i64::from((yy + 91_881 * cr + half) >> 16);
        let g = i64::from((yy - 22_554 * cb - 46_802 * cr + half) >> 16);
        let bl = i64::from((yy + 116_130 * cb + half) >> 16);
        o.copy_from_slice(&[clamp(r), clamp(g), clamp(bl), 255]);
    }
}

/// The sample of every pixel of a block whose AC coefficients are all 0: what
/// [`idct`] gives it, (DC + 4) / 8 + 128 (each pass's scaling and rounding worked
/// through), clamped.
fn flat(dc: i16) -> u8 {
    clamp(((i64::from(dc) + 4) >> 3) + 128)
}

fn clamp(v: i64) -> u8 {
    v.clamp(0, 255) as u8
}

/// A coefficient times its quantiser, kept to 16 bits as decoders store it.
fn dequantised(v: i32, q: u16) -> i16 {
    (i64::from(v) * i64::from(q)).clamp(i64::from(i16::MIN), i64::from(i16::MAX)) as i16
}

/// stb_image's integer IDCT of one dequantised block into 8 rows of `out`, `stride`
/// apart (in 64 bits: a damaged file's coefficients cannot overflow it).
fn idct(d: &[i32; 64], out: &mut [u8], stride: usize) {
    // Its constants: cosines times 4096, rounded as stb_image's `stbi__f2f` rounds.
    fn pass(s: [i64; 8]) -> ([i64; 4], [i64; 4]) {
        let p1 = (s[2] + s[6]) * 2217;
        let t2 = p1 + s[6] * -7567;
        let t3 = p1 + s[2] * 3135;
        let t0 = (s[0] + s[4]) * 4096;
        let t1 = (s[0] - s[4]) * 4096;
        let x = [t0 + t3, t1 + t2, t1 - t2, t0 - t3];
        let (t0, t1, t2, t3) = (s[7], s[5], s[3], s[1]);
        let p3 = t0 + t2;
        let p4 = t1 + t3;
        let p1 = t0 + t3;
        let p2 = t1 + t2;
        let p5 = (p3 + p4) * 4816;
        let t0 = t0 * 1223;
        let t1 = t1 * 8410;
        let t2 = t2 * 12586;
        let t3 = t3 * 6149;
        let p1 = p5 + p1 * -3685;
        let p2 = p5 + p2 * -10497;
        let p3 = p3 * -8034;
        let p4 = p4 * -1597;
        (x, [t0 + p1 + p3, t1 + p2 + p4, t2 + p2 + p3, t3 + p1 + p4])
    }
    let mut v = [0i64; 64];
    for i in 0..8 {
        let col = [0, 8, 16, 24, 32, 40, 48, 56].map(|k| i64::from(d[i + k]));
        if col[1..].iter().all(|&c| c == 0) {
            for k in 0..8 {
                v[i + 8 * k] = col[0] * 4;
            }
            continue;
        }
        let (x, t) = pass(col);
        let x = x.map(|x| x + 512);
        v[i] = (x[0] + t[3]) >> 10;
        v[i + 56] = (x[0] - t[3]) >> 10;
        v[i + 8] = (x[1] + t[2]) >> 10;
        v[i + 48] = (x[1] - t[2]) >> 10;
        v[i + 16] = (x[2] + t[1]) >> 10;
        v[i + 40] = (x[2] - t[1]) >> 10;
        v[i + 24] = (x[3] + t[0]) >> 10;
        v[i + 32] = (x[3] - t[0]) >> 10;
    }
    for r in 0..8 {
        let row: [i64; 8] = v[r * 8..r * 8 + 8].try_into().unwrap_or([0; 8]);
        let (x, t) = pass(row);
        let x = x.map(|x| x + 65_536 + (128 << 17));
        let o = &mut out[r * stride..r * stride + 8];
        o[0] = clamp((x[0] + t[3]) >> 17);
        o[7] = clamp((x[0] - t[3]) >> 17);
        o[1] = clamp((x[1] + t[2]) >> 17);
        o[6] = clamp((x[1] - t[2]) >> 17);
        o[2] = clamp((x[2] + t[1]) >> 17);
        o[5] = clamp((x[2] - t[1]) >> 17);
        o[3] = clamp((x[3] + t[0]) >> 17);
        o[4] = clamp((x[3] - t[0]) >> 17);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Collects the rows.
    #[derive(Default)]
    struct Image {
        size: (u32, u32),
        rgba: Vec<u8>,
    }

    impl Rows for Image {
        type Error = String;
        fn size(&mut self, w: u32, h: u32) -> Result<(), String> {
            self.size = (w, h);
            Ok(())
        }
        fn row(&mut self, rgba: &[u8]) -> Result<(), String> {
            self.rgba.extend_from_slice(rgba);
            Ok(())
        }
        fn bad(&self, why: String) -> String {
            why
        }
    }

    fn decode(bytes: &[u8]) -> Result<(Read, Image), String> {
        let mut out = Image::default();
        let read = read(&mut std::io::Cursor::new(bytes), &mut out, Scale::Full)?;
        Ok((read, out))
    }

    /// A binary PPM or PGM (what `djpeg -pnm` writes) as RGBA.
    fn pnm(bytes: &[u8]) -> Vec<u8> {
        // "P6\n61 45\n255\n": four fields, then the samples.
        let mut fields = 0;
        let mut at = 0;
        while fields < 4 {
            while bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            while !bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            fields += 1;
        }
        let samples = &bytes[at + 1..];
        let grey = bytes[1] == b'5';
        let mut out = Vec::new();
        if grey {
            for &g in samples {
                out.extend([g, g, g, 255]);
            }
        } else {
            for p in samples.chunks_exact(3) {
                out.extend([p[0], p[1], p[2], 255]);
            }
        }
        out
    }

    /// The largest difference of any channel, and the mean one.
    fn differences(a: &[u8], b: &[u8]) -> (u8, f64) {
        assert_eq!(a.len(), b.len());
        let d = a.iter().zip(b).map(|(x, y)| x.abs_diff(*y));
        let max = d.clone().max().unwrap_or(0);
        (max, d.map(f64::from).sum::<f64>() / a.len() as f64)
    }

    /// libjpeg's own decode (`djpeg -nosmooth`: chroma repeated, as here) of each
    /// fixture: 4:2:0 with a restart marker every 3 MCUs, 4:2:2, and greyscale, each
    /// 61 x 45 (no whole MCU at the right and bottom).
    #[test]
    fn the_rows_are_libjpegs_for_each_sampling_and_with_restart_markers() {
        for name in ["grad420r", "grad422", "gradgray"] {
            let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/jpeg/");
            let jpeg = std::fs::read(format!("{dir}{name}.jpg")).unwrap();
            let want = pnm(&std::fs::read(format!("{dir}{name}.pnm")).unwrap());
            let (read, got) = decode(&jpeg).unwrap();
            assert!(matches!(read, Read::Done), "{name}");
            assert_eq!(got.size, (61, 45), "{name}");
            let (max, mean) = differences(&got.rgba, &want);
            // Two integer IDCTs and colour conversions: a level or two apart.
            assert!(max <= 3 && mean < 0.6, "{name}: max {max}, mean {mean}");
        }
    }

    #[test]
    fn the_rows_are_the_image_crates_for_its_own_jpeg() {
        let img = image::RgbImage::from_fn(203, 77, |x, y| {
            image::Rgb([(x * 5) as u8, (y * 3 + x) as u8, ((x ^ y) * 7) as u8])
        });
        let mut bytes = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 85)
            .encode_image(&img)
            .unwrap();
        let want = image::load_from_memory(&bytes).unwrap().into_rgba8();
        let (_, got) = decode(&bytes).unwrap();
        let (max, mean) = differences(&got.rgba, want.as_raw());
        assert!(max <= 3 && mean < 0.6, "max {max}, mean {mean}");
    }

    /// The eighth is each 8 x 8 block's mean of the full decode, for each sampling, with
    /// restart markers, at a size not a multiple of 8: its luma within a few levels; its
    /// colour a few levels apart on a smooth image (subsampled chroma is its own
    /// block's mean, 16 px wide in 4:2:0, where libjpeg's 1/8 scaling takes a 2 x 2
    /// inverse DCT of it: the fixtures' steep colour gradients differ by up to 63).
    #[test]
    fn the_eighth_is_the_mean_of_each_block_of_the_full_decode() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/jpeg/");
        let mut jpegs: Vec<(String, Vec<u8>)> = ["grad420r", "grad422", "gradgray"]
            .iter()
            .map(|n| {
                (
                    n.to_string(),
                    std::fs::read(format!("{dir}{n}.jpg")).unwrap(),
                )
            })
            .collect();
        let img = image::RgbImage::from_fn(203, 77, |x, y| {
            image::Rgb([((x + y) / 2) as u8, (255 - x) as u8, (y * 3) as u8])
        });
        let mut bytes = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 85)
            .encode_image(&img)
            .unwrap();
        jpegs.push(("image crate's".into(), bytes));
        for (name, jpeg) in jpegs {
            let (_, full) = decode(&jpeg).unwrap();
            let mut eighth = Image::default();
            let read = read(&mut std::io::Cursor::new(&jpeg), &mut eighth, Scale::Eighth).unwrap();
            assert!(matches!(read, Read::Indexed(_)), "{name}");
            let (w, h) = full.size;
            assert_eq!(eighth.size, (w, h), "{name}: the full size given");
            let (w8, h8) = (w.div_ceil(8) as usize, h.div_ceil(8) as usize);
            assert_eq!(eighth.rgba.len(), w8 * h8 * 4, "{name}");
            let mut means = Vec::new();
            for by in 0..h8 {
                for bx in 0..w8 {
                    for c in 0..4 {
                        let (mut sum, mut n) = (0u32, 0u32);
                        for y in by * 8..(by * 8 + 8).min(h as usize) {
                            for x in bx * 8..(bx * 8 + 8).min(w as usize) {
                                sum += u32::from(full.rgba[(y * w as usize + x) * 4 + c]);
                                n += 1;
                            }
                        }
                        means.push(((sum + n / 2) / n) as u8);
                    }
                }
            }
            // The luma within a few levels (the colour conversion undone; clamped after
            // the mean rather than before where a block crosses a hard edge), the colours
            // near on the smooth image.
            let luma = |rgba: &[u8]| -> Vec<u8> {
                rgba.chunks_exact(4)
                    .map(|p| {
                        let y = 0.299 * f64::from(p[0]) + 0.587 * f64::from(p[1]);
                        (y + 0.114 * f64::from(p[2])).round() as u8
                    })
                    .collect()
            };
            let (max, mean) = differences(&luma(&eighth.rgba), &luma(&means));
            assert!(
                max <= 8 && mean < 1.0,
                "{name}: luma max {max}, mean {mean}"
            );
            if name == "image crate's" {
                let (max, mean) = differences(&eighth.rgba, &means);
                assert!(max <= 12 && mean < 3.0, "{name}: max {max}, mean {mean}");
            }
        }
    }

    /// Any rectangle decoded through the index of an eighth's read is the full
    /// decode's pixels there: for each sampling, with restart markers (every 7 MCUs in
    /// the 1,300 px wide fixture, across the index's places 512 px apart), on every
    /// edge.
    #[test]
    fn a_region_decoded_from_the_index_is_the_full_decodes() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/jpeg/");
        for name in ["wide420r", "grad420r", "grad422", "gradgray"] {
            let jpeg = std::fs::read(format!("{dir}{name}.jpg")).unwrap();
            let (_, full) = decode(&jpeg).unwrap();
            let mut eighth = Image::default();
            let mut r = std::io::Cursor::new(&jpeg);
            let Read::Indexed(index) = read(&mut r, &mut eighth, Scale::Eighth).unwrap() else {
                panic!("{name}: not indexed");
            };
            let (w, h) = (full.size.0 as usize, full.size.1 as usize);
            let mut rects = vec![(0, 0, w, h), (1, 2, 6, 9), (w - 3, h - 5, w + 40, h + 9)];
            if w > 1000 {
                rects.extend([(500, 17, 1100, 60), (512, 0, 1024, 16), (1290, 3, 1300, 4)]);
            }
            for (x0, y0, x1, y1) in rects {
                let mut got = Vec::new();
                index
                    .region(&mut r, x0..x1, y0..y1, &mut |row| {
                        got.extend_from_slice(row)
                    })
                    .unwrap();
                let mut want = Vec::new();
                for y in y0..y1.min(h) {
                    want.extend_from_slice(&full.rgba[(y * w + x0) * 4..(y * w + x1.min(w)) * 4]);
                }
                assert!(got == want, "{name}: {x0},{y0} to {x1},{y1}");
            }
        }
    }

    /// The AC coefficients whose code and value fit in a lookup are taken at once; the
    /// same files decoded with every code taken bit by bit give the same pixels, at
    /// full size and at an eighth.
    #[test]
    fn the_fast_ac_lookup_decodes_as_the_plain_path() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/jpeg/");
        let mut jpegs: Vec<Vec<u8>> = ["wide420r", "grad420r", "grad422", "gradgray"]
            .iter()
            .map(|n| std::fs::read(format!("{dir}{n}.jpg")).unwrap())
            .collect();
        let img = image::RgbImage::from_fn(203, 77, |x, y| {
            image::Rgb([(x * 5) as u8, (y * 3 + x) as u8, ((x ^ y) * 7) as u8])
        });
        let mut bytes = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 95)
            .encode_image(&img)
            .unwrap();
        jpegs.push(bytes);
        let both = |jpeg: &[u8]| {
            let (_, full) = decode(jpeg).unwrap();
            let mut eighth = Image::default();
            read(&mut std::io::Cursor::new(jpeg), &mut eighth, Scale::Eighth).unwrap();
            (full.rgba, eighth.rgba)
        };
        for (i, jpeg) in jpegs.iter().enumerate() {
            let fast = both(jpeg);
            PLAIN.with(|p| p.set(true));
            let plain = both(jpeg);
            PLAIN.with(|p| p.set(false));
            assert!(fast == plain, "file {i}");
        }
    }

    /// The shortcut for a block of one colour gives what the inverse DCT gives it.
    #[test]
    fn a_block_of_its_dc_alone_is_flat_as_the_inverse_dct_makes_it() {
        for dc in (i16::MIN..=i16::MAX)
            .step_by(7)
            .chain([-1032, -1028, -4, -3, 0, 3, 4, 1016])
        {
            let mut block = [0i32; 64];
            block[0] = i32::from(dc);
            let mut out = [0u8; 64];
            idct(&block, &mut out, 8);
            assert!(out.iter().all(|&v| v == flat(dc)), "DC {dc}: {out:?}");
        }
    }

    #[test]
    fn a_progressive_jpeg_is_left_to_the_whole_decoder_and_a_cut_one_fails() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/jpeg/");
        let mut jpeg = std::fs::read(format!("{dir}grad420r.jpg")).unwrap();
        let cut = decode(&jpeg[..jpeg.len() / 2]).err().unwrap();
        assert!(cut.contains("ends"), "{cut}");
        let sof = jpeg.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
        jpeg[sof + 1] = 0xC2;
        let (read, got) = decode(&jpeg).unwrap();
        assert!(matches!(read, Read::Unsupported(why) if why.contains("progressive")));
        assert!(got.rgba.is_empty(), "no row before it says so");
        assert!(decode(b"\xFF\xD8\xFF\xD9").is_err());
        assert!(decode(b"not a jpeg").is_err());
    }
}
