//! Print-and-play PDF: the board's SVG converted once by `svg2pdf` into a form that
//! every sheet of the [`SheetPlan`] shows through its own window at 100%, with
//! alignment marks and the sheet's row and column in the margin (`pdf-writer`).

use std::collections::HashMap;

use pdf_writer::{Chunk, Content, Finish, Name, Pdf, Primitive, Rect, Ref, TextStr};
use resvg::usvg;

use super::sheets::{self, MARGIN_MM, OVERLAP_MM, SheetPlan};

/// Points (PDF units) per millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;
/// How far the alignment marks reach into the margin.
const MARK_MM: f64 = 6.0;

fn pt(mm: f64) -> f32 {
    (mm * PT_PER_MM) as f32
}

/// Why a PDF could not be made.
#[derive(Debug, thiserror::Error)]
#[error("cannot convert the drawing to PDF: {0}")]
pub struct PdfError(String);

/// The PDF of a board that measures `size_mm`, cut into sheets as `plan` says.
pub fn write(
    tree: &usvg::Tree,
    size_mm: (f64, f64),
    plan: &SheetPlan,
    title: &str,
) -> Result<Vec<u8>, PdfError> {
    let (chunk, board_ref) = form(tree)?;

    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let page_tree = alloc.bump();
    let info = alloc.bump();
    let (chunk, board_ref) = renumber(&chunk, board_ref, &mut alloc, "drawing")?;
    let pages: Vec<(Ref, Ref)> = plan
        .sheets
        .iter()
        .map(|_| (alloc.bump(), alloc.bump()))
        .collect();
    // Each sheet's caption is drawn by svg2pdf too, so that its font is embedded as the
    // labels' is (print shops refuse a PDF that only names a font).
    let mut captions = Vec::with_capacity(plan.sheets.len());
    for sheet in &plan.sheets {
        let (c, r) = caption_form(&caption(sheet, plan), plan)?;
        captions.push(renumber(&c, r, &mut alloc, "caption")?);
    }

    let mut pdf = document([catalog, page_tree, info], &pages, title);

    let (page_w, page_h) = plan.page_mm;
    for ((sheet, (page_ref, content_ref)), (_, caption_ref)) in
        plan.sheets.iter().zip(&pages).zip(&captions)
    {
        let mut page = pdf.page(*page_ref);
        page.media_box(Rect::new(0.0, 0.0, pt(page_w), pt(page_h)));
        page.parent(page_tree);
        page.contents(*content_ref);
        let mut resources = page.resources();
        // One /XObject dictionary holding both: each `x_objects()` call writes a
        // dictionary of its own, and poppler (Evince, Okular, pdftoppm) keeps only the
        // last of two, so the board went missing there.
        let mut x_objects = resources.x_objects();
        x_objects.pair(Name(b"Board"), board_ref);
        x_objects.pair(Name(b"Caption"), *caption_ref);
        x_objects.finish();
        resources.finish();
        page.finish();

        let content = sheet_content(sheet, size_mm, plan);
        pdf.stream(*content_ref, &content.finish());
    }
    pdf.extend(&chunk);
    for (c, _) in &captions {
        pdf.extend(c);
    }
    Ok(pdf.finish())
}

/// A drawing converted by svg2pdf into a form one point square, compressed.
fn form(tree: &usvg::Tree) -> Result<(Chunk, Ref), PdfError> {
    let convert = |compress| {
        let options = svg2pdf::ConversionOptions {
            compress,
            ..svg2pdf::ConversionOptions::default()
        };
        svg2pdf::to_chunk(tree, options).map_err(|e| PdfError(e.to_string()))
    };
    // svg2pdf compresses at a fixed, slow level: convert without, then compress fast.
    let (plain, root) = convert(false)?;
    match deflate_streams(&plain) {
        Some(chunk) => Ok((chunk, root)),
        None => convert(true),
    }
}

/// A PDF of whole pages of `page_mm`, each drawing filling its page (the scenario
/// card's pages).
pub fn pages(trees: &[usvg::Tree], page_mm: (f64, f64), title: &str) -> Result<Vec<u8>, PdfError> {
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let page_tree = alloc.bump();
    let info = alloc.bump();
    let mut forms = Vec::with_capacity(trees.len());
    for tree in trees {
        let (chunk, root) = form(tree)?;
        forms.push(renumber(&chunk, root, &mut alloc, "page")?);
    }
    let refs: Vec<(Ref, Ref)> = forms.iter().map(|_| (alloc.bump(), alloc.bump())).collect();
    let mut pdf = document([catalog, page_tree, info], &refs, title);
    let (w, h) = page_mm;
    for ((page_ref, content_ref), (_, form_ref)) in refs.iter().zip(&forms) {
        let mut page = pdf.page(*page_ref);
        page.media_box(Rect::new(0.0, 0.0, pt(w), pt(h)));
        page.parent(page_tree);
        page.contents(*content_ref);
        page.resources().x_objects().pair(Name(b"Page"), *form_ref);
        page.finish();
        let mut c = Content::new();
        c.transform([pt(w), 0.0, 0.0, pt(h), 0.0, 0.0]);
        c.x_object(Name(b"Page"));
        pdf.stream(*content_ref, &c.finish());
    }
    for (chunk, _) in &forms {
        pdf.extend(chunk);
    }
    Ok(pdf.finish())
}

/// A PDF with its catalog, its tree of `pages` (each a page and its content) and its
/// title.
fn document([catalog, page_tree, info]: [Ref; 3], pages: &[(Ref, Ref)], title: &str) -> Pdf {
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(page_tree);
    pdf.pages(page_tree)
        .kids(pages.iter().map(|(page, _)| *page))
        .count(pages.len() as i32);
    pdf.document_info(info)
        .title(TextStr(title))
        .producer(TextStr("Sandtable"));
    pdf
}

/// A converted chunk with its objects numbered after ours, and where its root went.
fn renumber(
    chunk: &Chunk,
    root: Ref,
    alloc: &mut Ref,
    what: &str,
) -> Result<(Chunk, Ref), PdfError> {
    let mut renumbered = HashMap::new();
    let chunk = chunk.renumber(|old| *renumbered.entry(old).or_insert_with(|| alloc.bump()));
    let root = renumbered
        .get(&root)
        .copied()
        .ok_or_else(|| PdfError(format!("the converted {what} lost its root")))?;
    Ok((chunk, root))
}

/// One sheet: its window on the board, then the marks and its caption.
fn sheet_content(sheet: &sheets::Sheet, size_mm: (f64, f64), plan: &SheetPlan) -> Content {
    let page_h = plan.page_mm.1;
    // Page millimetres (y down from the top) to PDF points (y up from the bottom).
    let at = |x: f64, y: f64| (pt(x), pt(page_h - y));
    let window = sheet.page;
    let mut c = Content::new();

    c.save_state();
    let (x0, y1) = at(window.x, window.y + window.height);
    c.rect(x0, y1, pt(window.width), pt(window.height));
    c.clip_nonzero();
    c.end_path();
    // The board form is one point square: scale it to the board's size, then shift it
    // so that the sheet's part of the board lands in the window.
    let left = window.x - sheet.board.x;
    let top = window.y - sheet.board.y;
    let (e, f) = at(left, top + size_mm.1);
    c.transform([pt(size_mm.0), 0.0, 0.0, pt(size_mm.1), e, f]);
    c.x_object(Name(b"Board"));
    c.restore_state();

    c.set_stroke_gray(0.0);
    c.set_line_width(0.4);
    let single = plan.rows == 1 && plan.columns == 1;
    // Corner marks just outside the window, where a trimmed edge goes.
    let corners = [
        (window.x, window.y, -1.0, -1.0),
        (window.x + window.width, window.y, 1.0, -1.0),
        (window.x, window.y + window.height, -1.0, 1.0),
        (window.x + window.width, window.y + window.height, 1.0, 1.0),
    ];
    let reach = MARK_MM.min(MARGIN_MM - 1.0);
    for (x, y, dx, dy) in corners {
        let gap = 1.0;
        let (ax, ay) = at(x + dx * gap, y);
        let (bx, by) = at(x + dx * (gap + reach), y);
        c.move_to(ax, ay).line_to(bx, by);
        let (ax, ay) = at(x, y + dy * gap);
        let (bx, by) = at(x, y + dy * (gap + reach));
        c.move_to(ax, ay).line_to(bx, by);
    }
    c.stroke();
    if !single {
        // Where the next sheet's part starts: ticks in the margin at the overlap, to
        // lay one sheet's edge on the other's.
        c.set_line_width(0.3);
        let inner_x = window.x + window.width - OVERLAP_MM;
        let inner_y = window.y + window.height - OVERLAP_MM;
        if sheet.column + 1 < plan.columns {
            for y in [window.y - reach - 1.0, window.y + window.height + 1.0] {
                let (ax, ay) = at(inner_x, y);
                let (bx, by) = at(inner_x, y + reach);
                c.move_to(ax, ay).line_to(bx, by);
            }
        }
        if sheet.row + 1 < plan.rows {
            for x in [window.x - reach - 1.0, window.x + window.width + 1.0] {
                let (ax, ay) = at(x, inner_y);
                let (bx, by) = at(x + reach, inner_y);
                c.move_to(ax, ay).line_to(bx, by);
            }
        }
        c.stroke();
    }

    // The caption form is one point square, like the board's.
    c.save_state();
    let (e, f) = at(MARGIN_MM, caption_top(plan) + CAPTION_HEIGHT_MM);
    c.transform([
        pt(caption_width(plan)),
        0.0,
        0.0,
        pt(CAPTION_HEIGHT_MM),
        e,
        f,
    ]);
    c.x_object(Name(b"Caption"));
    c.restore_state();
    c
}

/// The caption's box height and where its baseline is below its top, in millimetres.
const CAPTION_HEIGHT_MM: f64 = 4.0;
const CAPTION_BASELINE_MM: f64 = 3.0;

fn caption_width(plan: &SheetPlan) -> f64 {
    (plan.page_mm.0 - 2.0 * MARGIN_MM).max(10.0)
}

/// The top of the caption's box: its baseline where the margin's middle is.
fn caption_top(plan: &SheetPlan) -> f64 {
    plan.page_mm.1 - MARGIN_MM / 2.0 + 1.0 - CAPTION_BASELINE_MM
}

/// What the margin of a sheet says.
fn caption(sheet: &sheets::Sheet, plan: &SheetPlan) -> String {
    if plan.rows == 1 && plan.columns == 1 {
        "Printed at 100%: do not scale to fit".to_string()
    } else {
        format!(
            "Row {} of {}, column {} of {} - printed at 100%; overlap {} mm",
            sheet.row + 1,
            plan.rows,
            sheet.column + 1,
            plan.columns,
            OVERLAP_MM
        )
    }
}

/// A caption as a form of its own, converted from SVG with its font embedded.
fn caption_form(text: &str, plan: &SheetPlan) -> Result<(Chunk, Ref), PdfError> {
    let (w, h) = (caption_width(plan), CAPTION_HEIGHT_MM);
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}"><text x="0" y="{CAPTION_BASELINE_MM}" font-size="2.82" font-family="sans-serif" fill="black">{text}</text></svg>"#
    );
    let tree = super::raster::parse(&svg).map_err(|e| PdfError(e.to_string()))?;
    svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
        .map_err(|e| PdfError(e.to_string()))
}

/// Bytes written into a chunk as they are: an object's body copied from another chunk.
struct Raw<'a>(&'a [u8]);

impl Primitive for Raw<'_> {
    fn write(self, buf: &mut Vec<u8>) {
        buf.extend_from_slice(self.0);
    }
}

/// `chunk` with every stream that has no filter compressed by zlib at level 2 (zlib-rs's
/// level 1 packs text poorly; level 2 is near level 6's size at a fraction of its time):
/// a big board's drawing is tens of megabytes of path operators, and svg2pdf's level
/// took most of the export. The objects are read in the layout pdf-writer writes them
/// (`N 0 obj`, a dictionary closed by `>>` at the start of a line, `stream` with
/// `/Length` bytes); `None` if anything differs, and the caller lets svg2pdf compress.
fn deflate_streams(chunk: &Chunk) -> Option<Chunk> {
    const DICT_END: &[u8] = b"\n>>\n";
    const STREAM: &[u8] = b"stream\n";
    const END_STREAM: &[u8] = b"\nendstream\nendobj\n";
    const END_OBJ: &[u8] = b"\nendobj\n";
    let bytes = chunk.as_bytes();
    let mut out = Chunk::with_capacity(bytes.len() / 4);
    let mut pos = 0;
    for id in chunk.refs() {
        let header = format!("{} 0 obj\n", id.get());
        let start = pos + memchr::memmem::find(&bytes[pos..], header.as_bytes())?;
        let body = &bytes[start + header.len()..];
        let dict_end = body
            .starts_with(b"<<\n")
            .then(|| memchr::memmem::find(body, DICT_END))
            .flatten();
        let stream_at = dict_end.map(|d| d + DICT_END.len());
        match (dict_end, stream_at) {
            (Some(dict_end), Some(at)) if body[at..].starts_with(STREAM) => {
                let dict = &body[..dict_end];
                let data_at = at + STREAM.len();
                let length = stream_length(dict)?;
                let data = body.get(data_at..data_at + length)?;
                if !body[data_at + length..].starts_with(END_STREAM) {
                    return None;
                }
                pos = start + header.len() + data_at + length + END_STREAM.len();
                if memchr::memmem::find(dict, b"/Filter").is_some() {
                    out.indirect(id)
                        .primitive(Raw(&body[..data_at + length + b"\nendstream".len()]));
                    continue;
                }
                let packed = zlib(data)?;
                // The dictionary's first entry is its length: write the new one, the
                // filter, then the rest as it was.
                let rest = &dict[memchr::memchr(b'\n', &dict[3..])? + 3..];
                let mut object = Vec::with_capacity(packed.len() + dict.len() + 64);
                object.extend_from_slice(b"<<\n  /Length ");
                object.extend_from_slice(itoa::Buffer::new().format(packed.len()).as_bytes());
                object.extend_from_slice(b"\n  /Filter /FlateDecode");
                object.extend_from_slice(rest);
                object.extend_from_slice(DICT_END);
                object.extend_from_slice(STREAM);
                object.extend_from_slice(&packed);
                object.extend_from_slice(b"\nendstream");
                out.indirect(id).primitive(Raw(&object));
            }
            _ => {
                let end = memchr::memmem::find(body, END_OBJ)?;
                out.indirect(id).primitive(Raw(&body[..end]));
                pos = start + header.len() + end + END_OBJ.len();
            }
        }
    }
    Some(out)
}

/// The `/Length` a stream's dictionary starts with.
fn stream_length(dict: &[u8]) -> Option<usize> {
    let line = dict.strip_prefix(b"<<\n  /Length ")?;
    let digits = &line[..line.iter().position(|b| !b.is_ascii_digit())?];
    std::str::from_utf8(digits).ok()?.parse().ok()
}

fn zlib(data: &[u8]) -> Option<Vec<u8>> {
    use std::io::Write as _;
    let mut z = flate2::write::ZlibEncoder::new(
        Vec::with_capacity(data.len() / 4),
        flate2::Compression::new(2),
    );
    z.write_all(data).ok()?;
    z.finish().ok()
}

#[cfg(test)]
mod tests {
    use super::super::raster;
    use super::super::sheets::{Paper, plan};
    use super::*;

    #[test]
    fn a_large_board_makes_one_page_a_sheet_of_the_paper_asked() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="600mm" height="400mm" viewBox="0 0 600 400"><rect width="600" height="400" fill="#33aa33"/></svg>"##;
        let tree = raster::parse(svg).expect("valid svg");
        let p = plan((600.0, 400.0), Paper::Letter);
        let bytes = write(&tree, (600.0, 400.0), &p, "test").expect("converts");
        let doc = lopdf::Document::load_mem(&bytes).expect("a pdf");
        assert_eq!(doc.get_pages().len(), p.sheets.len());
        assert!(p.sheets.len() > 1);
    }

    #[test]
    fn the_drawing_is_compressed_and_reads_back_whole() {
        let mut svg = String::from(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="200mm" height="100mm" viewBox="0 0 200 100"><path fill="#33aa33" d=""##,
        );
        for i in 0..2000 {
            let (x, y) = (f64::from(i % 100) * 2.0, f64::from(i / 100) * 5.0);
            svg.push_str(&format!("M{x},{y}L{},{y}L{x},{}Z", x + 1.5, y + 4.0));
        }
        svg.push_str(
            r##""/><text x="20" y="20" font-size="8" font-family="sans-serif">A1</text></svg>"##,
        );
        let tree = raster::parse(&svg).expect("valid svg");
        let p = plan((200.0, 100.0), Paper::A4);
        let bytes = write(&tree, (200.0, 100.0), &p, "test").expect("converts");
        let doc = lopdf::Document::load_mem(&bytes).expect("a pdf");
        // The board's form: compressed, and its operators all there once inflated.
        let form = doc
            .objects
            .values()
            .filter_map(|o| o.as_stream().ok())
            .find(|s| s.dict.get(b"Subtype").and_then(|v| v.as_name()).ok() == Some(b"Form"))
            .expect("the board form");
        assert_eq!(
            form.dict.get(b"Filter").and_then(|v| v.as_name()).ok(),
            Some(&b"FlateDecode"[..])
        );
        let content = form.decompressed_content().expect("inflates");
        assert!(content.len() > 2 * form.content.len());
        let text = String::from_utf8_lossy(&content);
        assert_eq!(text.matches(" m\n").count(), 2000);
        assert!(text.contains("Tj"));
    }
}
