//! Issue 45 item 2: a big board image kept as a tiled pyramid. The per-frame work of
//! drawing it (which tiles the view needs, the tile cache's lookups and evictions), a
//! tile read back from disk (off the frame in the designer), and a hex-sized rectangle
//! at full resolution (what sampling reads), on a 4,096 px image in 512 px tiles. The
//! target is a frame under 16 ms while panning and zooming over a 32,767 px image.

#![allow(clippy::unwrap_used)] // A bench's helpers unwrap: a panic is its report.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::io::pyramid::{Event, Input, Pixels, Pyramid, TileCache, TileKey};

/// A 4,096 px square with a grid and colour bands (what `scripts/big_scan.py` draws).
fn image() -> Vec<u8> {
    let img = image::RgbaImage::from_fn(4096, 4096, |x, y| {
        if x % 150 < 3 || y % 150 < 3 {
            image::Rgba([60, 50, 40, 255])
        } else if (x / 600 + y / 1024) % 3 == 0 {
            image::Rgba([90, 150, 80, 255])
        } else {
            image::Rgba([232, 220, (x ^ y) as u8, 255])
        }
    });
    let mut out = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// With `SANDTABLE_BIG_IMAGE=FILE` set, reads that image into a pyramid once and says
/// when its first overview rows, its whole overview and the pyramid were ready (every
/// tile written; a big JPEG's index made, its tiles decoded when asked for), then how
/// long the tiles of a view at its centre take at each level (the real-window figures
/// of docs/performance.md come with these; run under `/usr/bin/time -v` for CPU time
/// and peak memory).
fn big_image() {
    let Ok(path) = std::env::var("SANDTABLE_BIG_IMAGE") else {
        return;
    };
    let start = std::time::Instant::now();
    let (mut first, mut whole) = (None, None);
    let mut overview = (0, 0);
    let input = Input::File(path.into());
    let p = Pyramid::build(&input, 4096, &mut |e| {
        match e {
            Event::Started { overview: o, .. } => overview = o,
            Event::Overview { y, rows } => {
                first.get_or_insert(start.elapsed());
                let (w, h) = (overview.0 as usize, overview.1 as usize);
                if (y as usize * w) * 4 + rows.len() >= w * h * 4 {
                    whole = Some(start.elapsed());
                }
            }
            _ => {}
        }
        true
    })
    .unwrap();
    let built = start.elapsed();
    // Full detail where a view is: the tiles a 1280 x 800 view at the image's centre
    // needs at each level below the overview, read one after another as the designer's
    // reading thread reads them.
    let mut views = String::new();
    for level in 0..p.top() {
        let (w, h) = p.level_size(level);
        let (x, y) = (f64::from(w) / 2.0, f64::from(h) / 2.0);
        let keys = p.tiles_in(level, (x - 640.0, y - 400.0), (x + 640.0, y + 400.0));
        let t = std::time::Instant::now();
        for key in &keys {
            p.tile(*key).unwrap();
        }
        views += &format!(
            "\n  level {level}: the {} tiles of a view at its centre in {:.2?}",
            keys.len(),
            t.elapsed()
        );
    }
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let peak = status
        .lines()
        .find(|l| l.starts_with("VmHWM"))
        .unwrap_or("");
    let at = |t: Option<std::time::Duration>| t.map_or("none".into(), |t| format!("{t:.2?}"));
    println!(
        "{}: {:?} px, first overview rows after {}, the \
         whole overview after {}, built (every tile written, or a JPEG indexed) after \
         {built:.2?}, {peak}{views}",
        p.name(),
        p.size(),
        at(first),
        at(whole),
    );
}

fn bench(c: &mut Criterion) {
    big_image();
    let input = Input::Bytes {
        name: "bench.png".into(),
        bytes: Arc::new(image()),
    };
    let pyramid = Pyramid::build(&input, 512, &mut |_| true).unwrap();
    let mut group = c.benchmark_group("pyramid");
    // A pan across a 32,767 px image at full resolution: a 1280 x 800 view (4 x 3
    // tiles, 6 x 4 when straddling) moving 64 px a frame, its tiles looked up in the
    // cache of textures and the ones it no longer shows evicted.
    group.bench_function("frame: a pan's tiles looked up and evicted", |b| {
        let mut cache: TileCache<TileKey, u64> = TileCache::new(64);
        let mut x = 0u32;
        b.iter(|| {
            x = (x + 64) % (32_767 - 1280);
            let (c0, c1) = (x / 512, (x + 1280) / 512);
            let mut drawn = 0;
            for row in 10..=11 {
                for col in c0..=c1 {
                    let key = TileKey { level: 0, col, row };
                    if cache.get(&key).is_none() {
                        cache.insert(key, u64::from(col));
                    }
                    drawn += 1;
                }
            }
            black_box(drawn)
        });
    });
    group.bench_function("frame: the tiles a view needs", |b| {
        b.iter(|| black_box(pyramid.tiles_in(0, black_box((700.0, 900.0)), (1980.0, 1700.0))));
    });
    group.bench_function("a tile read back from disk", |b| {
        let mut i = 0u32;
        b.iter(|| {
            // 64 distinct tiles, more than the cache keeps: each read goes to disk.
            i = (i + 1) % 64;
            black_box(
                pyramid
                    .tile(TileKey {
                        level: 0,
                        col: i % 8,
                        row: i / 8,
                    })
                    .unwrap(),
            )
        });
    });
    group.bench_function("a tile from the cache", |b| {
        let key = TileKey {
            level: 0,
            col: 3,
            row: 3,
        };
        b.iter(|| black_box(pyramid.tile(key).unwrap()));
    });
    group.bench_function("a hex's square at full resolution (sampling)", |b| {
        b.iter(|| black_box(pyramid.region(1000, 1000, 60, 60).unwrap()));
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
