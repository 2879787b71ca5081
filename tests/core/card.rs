//! The printed scenario card (issue 43, "A scenario, not only a map"): a page that reads
//! like a published scenario, as PDF (text searchable, fonts embedded), SVG and PNG.

use std::path::Path;
use std::process::Command;

use sandtable::io::card;
use sandtable::io::export::{ExportJob, ExportOptions, export_to};
use sandtable::io::format;
use sandtable::io::raster;
use sandtable::io::sheets::Paper;
use sandtable::rules::Rulesets;
use sandtable::scenario::Scenario;
use sandtable::scenario::plan::Plan;

const REINFORCEMENTS: &str = "assets/scenarios/battle-cry-reinforcements.json";

fn load(path: &str, rulesets: &Rulesets) -> Scenario {
    sandtable::io::load_scenario(Path::new(path), rulesets).expect("example loads")
}

/// The card of `s` written to `name` in a fresh directory, by the output's extension.
fn export(s: &Scenario, rulesets: &Rulesets, options: &ExportOptions, name: &str) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    let job = ExportJob::new(s, rulesets.get(&s.ruleset).unwrap(), options);
    export_to(format::by_name("card").unwrap(), &job, &path).unwrap();
    std::fs::read(&path).unwrap()
}

/// The PDF's text as `pdftotext` reads it, lower case and with its lines joined (a
/// wrapped sentence reads whole); `None` when poppler is not installed and not required.
fn pdf_text(pdf: &[u8]) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("card.pdf");
    std::fs::write(&path, pdf).unwrap();
    match Command::new("pdftotext").arg(&path).arg("-").output() {
        Ok(out) => {
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let text = String::from_utf8_lossy(&out.stdout).to_lowercase();
            Some(text.split_whitespace().collect::<Vec<_>>().join(" "))
        }
        Err(_) if std::env::var_os("SANDTABLE_REQUIRE_PDF_READERS").is_none() => {
            eprintln!("pdftotext is not installed: the card's text is not read back");
            None
        }
        Err(e) => panic!("pdftotext: {e}"),
    }
}

#[test]
fn the_card_pdf_says_the_title_forces_turns_victory_and_briefing_as_text() {
    let rulesets = Rulesets::built_in();
    let s = load(REINFORCEMENTS, &rulesets);
    let pdf = export(&s, &rulesets, &ExportOptions::default(), "card.pdf");
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    assert_eq!(doc.get_pages().len(), 1, "the example fits one page");
    let Some(text) = pdf_text(&pdf) else { return };
    let mut wanted = vec![
        s.title.to_lowercase(),
        "edge, e1 to g1 turn 3".into(),
        "12 turns. confederate moves first.".into(),
        "first to 6 points (units, objectives)".into(),
        "the union holds the fence line".into(),
        "temporary victory banner".into(),
        "avalon hill".into(),
        "4 command cards".into(),
        "5 command cards".into(),
        "leaves turn 8".into(),
    ];
    wanted.extend(s.units.iter().map(|u| u.name.to_lowercase()));
    for w in wanted {
        assert!(text.contains(&w), "the card lacks {w:?}: {text}");
    }
}

#[test]
fn every_font_of_the_card_is_embedded() {
    let rulesets = Rulesets::built_in();
    let s = load(REINFORCEMENTS, &rulesets);
    let pdf = export(&s, &rulesets, &ExportOptions::default(), "card.pdf");
    crate::export::assert_every_font_embedded(&pdf);
}

#[test]
fn the_card_svg_parses_and_the_png_is_the_page_at_its_dpi() {
    let rulesets = Rulesets::built_in();
    let s = load(REINFORCEMENTS, &rulesets);
    let options = ExportOptions {
        dpi: 60,
        paper: Paper::Letter,
        ..ExportOptions::default()
    };
    let svg = export(&s, &rulesets, &options, "card.svg");
    let svg = String::from_utf8(svg).unwrap();
    let tree = raster::parse(&svg).expect("the card's SVG parses");
    assert!(svg.contains("width=\"215.9mm\""), "{}", &svg[..200]);
    assert!(tree.size().width() > 0.0);
    let png = export(&s, &rulesets, &options, "card.png");
    let image = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    assert_eq!(
        (image.width(), image.height()),
        raster::pixel_size(Paper::Letter.size_mm(), 60)
    );
}

#[test]
fn a_map_without_a_plan_still_has_a_card_with_its_title_map_and_forces_at_the_start() {
    let rulesets = Rulesets::built_in();
    let mut s = load(REINFORCEMENTS, &rulesets);
    s.plan = Plan::default();
    s.description.clear();
    for u in &mut s.units {
        u.arrives = None;
        u.leaves = None;
    }
    let job_options = ExportOptions::default();
    let job = ExportJob::new(&s, rulesets.get(&s.ruleset).unwrap(), &job_options);
    let layout = card::layout(&job).unwrap();
    assert_eq!(layout.pages.len(), 1);
    let svg = layout.svg();
    assert!(svg.contains("layer-units"), "the map is drawn on the card");
    let pdf = export(&s, &rulesets, &job_options, "card.pdf");
    let Some(text) = pdf_text(&pdf) else { return };
    assert!(text.contains(&s.title.to_lowercase()));
    assert!(text.contains("union forces") && text.contains("33rd virginia"));
    assert!(text.contains("start"));
    for absent in ["victory", "briefing", "special rules"] {
        assert!(!text.contains(absent), "{absent} on a card without a plan");
    }
    // Word by word: the table's "Turn" heading runs into "33rd Virginia".
    let words: Vec<&str> = text.split(' ').collect();
    assert!(
        !words.windows(2).any(|w| w == ["turn", "3"]),
        "an arrival on a card without a plan: {text}"
    );
}

#[test]
fn every_example_has_a_card_whose_svg_parses() {
    let rulesets = Rulesets::built_in();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let s = sandtable::io::load_scenario(&path, &rulesets).unwrap();
        let options = ExportOptions::default();
        let job = ExportJob::new(&s, rulesets.get(&s.ruleset).unwrap(), &options);
        let layout = card::layout(&job).unwrap();
        raster::parse(&layout.svg())
            .unwrap_or_else(|e| panic!("{}: the card's SVG: {e}", path.display()));
    }
}

#[test]
fn a_long_briefing_runs_on_to_a_second_page() {
    let rulesets = Rulesets::built_in();
    let mut s = load(REINFORCEMENTS, &rulesets);
    s.plan.briefing = "The regiments march all night down the pike. ".repeat(120);
    let options = ExportOptions::default();
    let pdf = export(&s, &rulesets, &options, "card.pdf");
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    assert_eq!(doc.get_pages().len(), 2);
    let Some(text) = pdf_text(&pdf) else { return };
    assert!(text.contains("page 2 of 2"));
}

/// Issue 43: the card "reads like a published scenario page". On a table an objective
/// area is named by its terrain and where it lies, and a unit's place carries the
/// table's unit: a player never sees "area village1" or "[71, 108]".
#[test]
fn a_table_card_names_areas_by_terrain_and_places_in_the_tables_unit() {
    let rulesets = Rulesets::built_in();
    let s = load("assets/scenarios/mini-nap-by-hand.ron", &rulesets);
    let pdf = export(&s, &rulesets, &ExportOptions::default(), "card.pdf");
    let Some(text) = pdf_text(&pdf) else { return };
    for w in [
        "saint-amand: the village area about",
        "bois de la garenne: the woods area about",
        "71, 108 cm",
        "grenadiers scovaud infantry 161, 8 cm turn 3",
    ] {
        assert!(text.contains(w), "the card lacks {w:?}: {text}");
    }
    assert!(!text.contains("area village"), "{text}");
    assert!(!text.contains('['), "{text}");
}
