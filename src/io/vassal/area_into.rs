//! An area map written back into the module it came from (`export --into`): the
//! module's zones and regions stay as they were (names, outlines, points, so that its
//! location names, at-start stacks and saved games stay valid), and what Sandtable knows
//! of each area goes into zone properties, as our own modules write them (see
//! [`super::area`]). An area that is a zone gets the properties in that zone; an area
//! that is a region gets a small zone of its own round the region's point, named as the
//! region, which names and snaps by the region grid as before. Areas drawn since the
//! import become zones of their own on a map of zones.

use super::area_in::{self, Origin, Place};
use super::into::{BoardAt, IntoError, element_span, with_child};
use super::{Zone, area, build_file, module};
use crate::board::AreaBoard;
use crate::io::xml::{self, Element};
use crate::rules::Ruleset;
use crate::scenario::Scenario;

/// The properties `--into` writes in an area's zone, replacing an earlier export's.
const OURS: [&str; 6] = [
    "id",
    "terrain",
    "elevation",
    "stacking",
    "point",
    "connections",
];

/// An area's properties, those whose key passes the filter.
type Properties<'a> = dyn Fn(hexx::Hex, &dyn Fn(&str) -> bool) -> Vec<(String, String)> + 'a;

/// One change to a text: the bytes `start..end` become `with`.
struct Change {
    start: usize,
    end: usize,
    with: String,
}

fn apply(text: &str, mut changes: Vec<Change>) -> String {
    changes.sort_by_key(|c| (c.start, c.end));
    let mut out = text.to_string();
    for c in changes.into_iter().rev() {
        out.replace_range(c.start..c.end, &c.with);
    }
    out
}

/// A span widened to the line it stands on, when nothing else is on that line before
/// it: the line goes with the element.
fn with_line(text: &str, (a, b): (usize, usize)) -> (usize, usize) {
    let a = text[..a]
        .rfind('\n')
        .filter(|i| text[*i..a].trim().is_empty())
        .unwrap_or(a);
    (a, b)
}

/// The build file's text `text` with the scenario's areas written into board `at`.
pub fn splice(
    scenario: &Scenario,
    ruleset: &Ruleset,
    board: &AreaBoard,
    text: &str,
    at: &BoardAt<'_>,
) -> Result<String, IntoError> {
    let fail = |m: String| IntoError::Board(m);
    let places = area_in::places(at.name, at.element)
        .map_err(|e| fail(e.to_string()))?
        .ok_or_else(|| {
            fail(format!(
                "board '{}' of the module has no zones or regions to hold the areas",
                at.name
            ))
        })?;
    let ids: Vec<String> = places
        .iter()
        .enumerate()
        .map(|(i, p)| area_in::place_id(p, i))
        .collect();
    let added: Vec<hexx::Hex> = board
        .cells()
        .filter(|c| !ids.contains(&board.label(*c)))
        .collect();
    let regions: Vec<&Place> = places
        .iter()
        .filter(|p| !matches!(p.origin, Origin::Zone(_)))
        .collect();
    if let Some(p) = regions
        .iter()
        .find(|p| matches!(p.origin, Origin::ZoneRegion(_)))
    {
        return Err(fail(format!(
            "the regions of board '{}' (such as '{}') are held by a zone of its zoned grid: \
             such a map does not go back into its module yet; export it as a module of its own",
            at.name, p.name
        )));
    }
    if let (Some(cell), false) = (added.first(), regions.is_empty()) {
        return Err(fail(format!(
            "area '{}' is no region of board '{}': a map of regions goes back with the regions \
             it had; export it as a module of its own",
            board.label(*cell),
            at.name
        )));
    }
    let properties = |cell: hexx::Hex, keep: &dyn Fn(&str) -> bool| {
        area::properties(scenario, ruleset, board, cell, at.map)
            .into_iter()
            .filter(|(k, _)| keep(k))
            .collect::<Vec<_>>()
    };
    let zoned_index = at
        .element
        .children
        .iter()
        .position(|c| c.name == module::ZONED_GRID);
    if places.iter().all(|p| p.origin == Origin::BoardRegion) {
        // The board's own region grid becomes the background of a zoned grid holding
        // a zone round each region's point.
        let gi = at
            .element
            .children
            .iter()
            .position(|c| c.name == module::REGION_GRID)
            .ok_or_else(|| fail(format!("board '{}' has no region grid", at.name)))?;
        let mut path = at.path.to_vec();
        path.push(gi);
        let (a, b) = element_span(text, &path)
            .ok_or_else(|| fail(format!("cannot find board '{}''s regions", at.name)))?;
        let zones = region_zones(board, &places, &ids, at, &properties);
        let mut with = format!("<{}>", module::ZONED_GRID);
        for z in &zones {
            with.push('\n');
            with.push_str(&fragment(&build_file::zone_element(z)));
        }
        with.push('\n');
        with.push_str(&text[a..b]);
        with.push_str(&format!("\n</{}>", module::ZONED_GRID));
        return Ok(apply(
            text,
            vec![Change {
                start: a,
                end: b,
                with,
            }],
        ));
    }
    let zi = zoned_index.ok_or_else(|| fail(format!("board '{}' has no zoned grid", at.name)))?;
    let zoned = &at.element.children[zi];
    let mut path = at.path.to_vec();
    path.push(zi);
    let (za, zb) = element_span(text, &path)
        .ok_or_else(|| fail(format!("cannot find board '{}''s zones", at.name)))?;
    let zoned_text = &text[za..zb];
    let span_of = |i: usize| {
        element_span(zoned_text, &[i]).ok_or_else(|| fail("cannot find a zone's text".into()))
    };
    let mut changes = Vec::new();
    for (place, id) in places.iter().zip(&ids) {
        let Some(cell) = board.cell(id) else {
            continue;
        };
        if let Some(i) = place.merged {
            // An earlier export's zone for the region: written anew below.
            let (a, b) = with_line(zoned_text, span_of(i)?);
            changes.push(Change {
                start: a,
                end: b,
                with: String::new(),
            });
        }
        if let Origin::Zone(i) = place.origin {
            let (a, b) = span_of(i)?;
            let zone = &zoned.children[i];
            let new = properties(cell, &|k| k != "polygon");
            changes.push(Change {
                start: a,
                end: b,
                with: zone_with(&zoned_text[a..b], zone, &new)?,
            });
        }
    }
    // The regions' zones first, so that a piece at a region's point reads them before
    // any zone of the module's own there; areas drawn since the import last.
    let start_tag = zoned_text.find('>').map_or(0, |i| i + 1);
    let mut first = String::new();
    for z in region_zones(board, &places, &ids, at, &properties) {
        first.push('\n');
        first.push_str(&fragment(&build_file::zone_element(&z)));
    }
    changes.push(Change {
        start: start_tag,
        end: start_tag,
        with: first,
    });
    let end_tag = zoned_text.rfind("</").unwrap_or(zoned_text.len());
    let mut last = String::new();
    for cell in added {
        let z = Zone {
            name: board.name(cell).unwrap_or_default().to_string(),
            path: board
                .outline(cell)
                .iter()
                .map(|p| super::px(at.map, *p))
                .collect(),
            properties: properties(cell, &|_| true),
            on_grid: false,
        };
        last.push_str(&fragment(&build_file::zone_element(&z)));
        last.push('\n');
    }
    changes.push(Change {
        start: end_tag,
        end: end_tag,
        with: last,
    });
    let zoned_new = apply(zoned_text, changes);
    Ok(apply(
        text,
        vec![Change {
            start: za,
            end: zb,
            with: zoned_new,
        }],
    ))
}

fn fragment(e: &Element) -> String {
    String::from_utf8_lossy(&xml::write_fragment(e)).into_owned()
}

/// A zone's text with our properties (an earlier export's) taken out and `new` put in.
fn zone_with(text: &str, zone: &Element, new: &[(String, String)]) -> Result<String, IntoError> {
    let mut changes = Vec::new();
    for (k, c) in zone.children.iter().enumerate() {
        let ours = c.name == module::ZONE_PROPERTY && OURS.contains(&c.get("name").unwrap_or(""));
        if ours {
            let span = element_span(text, &[k])
                .ok_or_else(|| IntoError::Board("cannot find a zone property's text".into()))?;
            changes.push(Change {
                start: with_line(text, span).0,
                end: span.1,
                with: String::new(),
            });
        }
    }
    let kept = apply(text, changes);
    let mut props = String::new();
    for (key, value) in new {
        props.push_str(&fragment(&build_file::zone_property(key, value)));
    }
    Ok(with_child(&kept, &props))
}

/// A zone round each region's point (for the regions whose area the map still has),
/// named as the region and naming by the region grid, as small as keeps it off every
/// other region's point: a piece there reads its area's properties.
fn region_zones(
    board: &AreaBoard,
    places: &[Place],
    ids: &[String],
    at: &BoardAt<'_>,
    properties: &Properties<'_>,
) -> Vec<Zone> {
    let points: Vec<(f64, f64)> = places
        .iter()
        .filter(|p| !matches!(p.origin, Origin::Zone(_)))
        .filter_map(|p| p.point)
        .collect();
    let counter = board.counter_mm * 0.75 * at.map.scale.0;
    places
        .iter()
        .zip(ids)
        .filter(|(p, _)| !matches!(p.origin, Origin::Zone(_)))
        .filter_map(|(p, id)| {
            let cell = board.cell(id)?;
            let (x, y) = p.point?;
            let nearest = points
                .iter()
                .map(|q| ((q.0 - x).powi(2) + (q.1 - y).powi(2)).sqrt())
                .filter(|d| *d > 0.0)
                .fold(f64::INFINITY, f64::min);
            let r = counter.min(0.45 * nearest).max(2.0);
            let path = (0..8)
                .map(|i| {
                    let t = std::f64::consts::TAU * (f64::from(i) + 0.5) / 8.0;
                    (
                        (x + r * t.cos()).round() as i32,
                        (y + r * t.sin()).round() as i32,
                    )
                })
                .collect();
            Some(Zone {
                name: p.name.clone(),
                path,
                properties: properties(cell, &|k| k != "polygon" && k != "point"),
                on_grid: true,
            })
        })
        .collect()
}
