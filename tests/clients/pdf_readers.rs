//! The print-and-play PDF as the readers users have show it: poppler (Evince, Okular,
//! `pdftoppm`, `pdftotext`) and MuPDF (`mutool`; zathura, SumatraPDF). Each reader must
//! take the file without a word on its error stream, draw the map's colours on every page
//! and find each page's caption as text. Issue 41: "Each page names its images under two
//! separate `/XObject` dictionaries; poppler ... keeps only one and reports `XObject
//! 'Board' is unknown`, so the pages show crop marks and the caption, no map".
//! `SANDTABLE_REQUIRE_PDF_READERS=1` (set by `.ci/run`) turns a missing reader from a
//! skip into a failure.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use resvg::tiny_skia::Pixmap;

use crate::common::sandtable;

use crate::common::examples;

fn run(program: &str, args: &[&str]) -> Output {
    Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} runs: {e}"))
}

fn readers_installed() -> Result<(), String> {
    for program in ["pdftoppm", "pdftotext", "mutool"] {
        let found = Command::new("sh")
            .args(["-c", &format!("command -v {program}")])
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false);
        if !found {
            return Err(format!(
                "{program} is not installed (apt-get install poppler-utils mupdf-tools)"
            ));
        }
    }
    Ok(())
}

/// Colours in buckets of 16 per channel, so a reader's anti-aliasing and rounding fall
/// into the same bucket as the exporter's own pixels.
fn bucket(p: [u8; 3]) -> [u8; 3] {
    p.map(|c| c / 16)
}

fn colour_shares(image: &Pixmap) -> HashMap<[u8; 3], f64> {
    let mut counts: HashMap<[u8; 3], usize> = HashMap::new();
    for p in image.pixels() {
        let c = p.demultiply();
        *counts
            .entry(bucket([c.red(), c.green(), c.blue()]))
            .or_default() += 1;
    }
    let total = image.pixels().len().max(1) as f64;
    counts
        .into_iter()
        .map(|(c, n)| (c, n as f64 / total))
        .collect()
}

/// The map's own colours: what covers at least 5% of the board drawn as PNG, less white
/// and near-greys (the paper, the grid and the marks, which a blank page also shows).
fn map_colours(example: &Path, dir: &Path) -> Vec<[u8; 3]> {
    let png = dir.join("board.png");
    let (code, _, stderr) = sandtable(&[
        "export",
        example.to_str().unwrap_or_default(),
        "--format",
        "png",
        "--output",
        png.to_str().unwrap_or_default(),
        "--dpi",
        "20",
    ]);
    assert_eq!(code, 0, "{}: {stderr}", example.display());
    let image = Pixmap::load_png(&png).expect("a png");
    let mut colours: Vec<[u8; 3]> = colour_shares(&image)
        .into_iter()
        .filter(|(c, share)| *share >= 0.05 && !grey(*c))
        .map(|(c, _)| c)
        .collect();
    colours.sort();
    colours
}

fn grey(c: [u8; 3]) -> bool {
    let (lo, hi) = (c.iter().min(), c.iter().max());
    matches!((lo, hi), (Some(lo), Some(hi)) if hi - lo <= 1)
}

/// Every page of `pngs` shows at least one of the map's colours over 2% of the page.
fn assert_map_on_every_page(reader: &str, example: &Path, pngs: &[PathBuf], map: &[[u8; 3]]) {
    for png in pngs {
        let page = Pixmap::load_png(png).expect("the reader's png");
        let shares = colour_shares(&page);
        let shown: f64 = map.iter().filter_map(|c| shares.get(c)).sum();
        assert!(
            shown >= 0.02,
            "{reader} shows none of the map's colours {map:?} on {} of {} ({:.1}% of the page)",
            png.display(),
            example.display(),
            shown * 100.0
        );
    }
}

fn pages_in(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("pages")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(prefix) && n.ends_with(".png"))
        })
        .collect();
    v.sort();
    v
}

/// What MuPDF said about the file: Debian's build notes once that it was built without
/// colour management, whatever the file holds; that line is about the reader.
fn mupdf_said(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| !l.contains("ICC support is not available"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn page_count(pdf: &Path) -> usize {
    let out = run("pdfinfo", &[pdf.to_str().unwrap_or_default()]);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("pdfinfo names the page count")
}

#[test]
fn poppler_and_mupdf_show_the_map_and_the_caption_on_every_page() {
    if let Err(why) = readers_installed() {
        assert!(
            std::env::var_os("SANDTABLE_REQUIRE_PDF_READERS").is_none(),
            "the PDF readers are required here: {why}"
        );
        eprintln!("skipped: {why}");
        return;
    }
    for example in examples() {
        let dir = tempfile::tempdir().expect("tempdir");
        let pdf = dir.path().join("board.pdf");
        let (code, _, stderr) = sandtable(&[
            "export",
            example.to_str().unwrap_or_default(),
            "--format",
            "pdf",
            "--output",
            pdf.to_str().unwrap_or_default(),
        ]);
        assert_eq!(code, 0, "{}: {stderr}", example.display());
        let map = map_colours(&example, dir.path());
        assert!(!map.is_empty(), "{}: no map colour", example.display());
        let pages = page_count(&pdf);
        let pdf_arg = pdf.to_str().unwrap_or_default();

        // poppler: the pages drawn, and their text.
        let prefix = dir.path().join("poppler");
        let out = run(
            "pdftoppm",
            &[
                "-r",
                "15",
                "-png",
                pdf_arg,
                prefix.to_str().unwrap_or_default(),
            ],
        );
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "pdftoppm: {said}");
        assert!(
            said.trim().is_empty(),
            "pdftoppm on {}: {said}",
            example.display()
        );
        let drawn = pages_in(dir.path(), "poppler");
        assert_eq!(drawn.len(), pages, "pdftoppm drew every page");
        assert_map_on_every_page("poppler", &example, &drawn, &map);
        let out = run("pdftotext", &["-layout", pdf_arg, "-"]);
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            said.trim().is_empty(),
            "pdftotext on {}: {said}",
            example.display()
        );
        let text = String::from_utf8_lossy(&out.stdout).to_lowercase();
        // pdftotext ends each page with a form feed.
        let texts: Vec<&str> = text
            .split('\u{c}')
            .filter(|t| !t.trim().is_empty())
            .collect();
        assert_eq!(
            texts.len(),
            pages,
            "poppler finds text on every page: {text}"
        );
        for t in texts {
            assert!(t.contains("printed at 100%"), "poppler's caption: {t}");
        }

        // MuPDF: the same pages drawn, and the same text.
        let pattern = dir.path().join("mupdf-%03d.png");
        let out = run(
            "mutool",
            &[
                "draw",
                "-q",
                "-r",
                "15",
                "-o",
                pattern.to_str().unwrap_or_default(),
                pdf_arg,
            ],
        );
        let said = mupdf_said(&out);
        assert!(out.status.success(), "mutool: {said}");
        assert!(
            said.trim().is_empty(),
            "mutool on {}: {said}",
            example.display()
        );
        let drawn = pages_in(dir.path(), "mupdf-");
        assert_eq!(drawn.len(), pages, "mutool drew every page");
        assert_map_on_every_page("mupdf", &example, &drawn, &map);
        let txt = dir.path().join("mupdf.txt");
        let out = run(
            "mutool",
            &[
                "draw",
                "-q",
                "-F",
                "txt",
                "-o",
                txt.to_str().unwrap_or_default(),
                pdf_arg,
            ],
        );
        assert!(
            out.status.success(),
            "mutool text: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(&txt).expect("text").to_lowercase();
        assert_eq!(
            text.matches("printed at 100%").count(),
            pages,
            "mupdf finds a caption on every page: {text}"
        );
    }
}
