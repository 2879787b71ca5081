//! Importing a board that is a map of places rather than cells: a `ZonedGrid` whose
//! zones hold no grid (each zone an area, its polygon the area's outline) or a
//! `RegionGrid` (each region a point of a point-to-point map, on the board or in a
//! zone). An area's id is the zone's `id` property (our own modules write it), else its
//! name made into an id; its terrain, elevation, printed stacking limit and
//! connections come from the properties our modules write (see [`super::area`]).
//! VASSAL has no connections of its own: a module that did not come from Sandtable
//! brings its areas without them, and the `connected-areas` check lists each.

use super::import::{ImportError, MM_PER_PIXEL, grid_error, slug, zone_bounds};
use super::module::{self, BoardEntry};
use crate::board::area::{Area, AreaBoard, Connection};
use crate::board::background::{Background, VassalBoard};
use crate::board::freeform::Point;
use crate::io::xml::Element;
use crate::rules::Ruleset;
use crate::scenario::HexCell;

/// An area map read from a board, with each area's terrain (by index) where a zone
/// gives one other than the ruleset's default.
pub struct AreasIn {
    pub board: AreaBoard,
    pub cells: Vec<(usize, HexCell)>,
}

/// One place found on the board, in pixels, with its properties.
pub(super) struct Place {
    pub name: String,
    pub polygon: Vec<(f64, f64)>,
    pub point: Option<(f64, f64)>,
    pub properties: Vec<(String, String)>,
    pub origin: Origin,
    /// A region's zone that an earlier `export --into` wrote its properties in (its
    /// child index in the board's `ZonedGrid`).
    pub merged: Option<usize>,
}

/// Where a place is in the board's element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Origin {
    /// The zone at this child index of the board's `ZonedGrid`.
    Zone(usize),
    /// A region of the board's own `RegionGrid`.
    BoardRegion,
    /// A region of the `ZonedGrid`'s background `RegionGrid`.
    ZonedRegion,
    /// A region of the `RegionGrid` held by the zone at this child index.
    ZoneRegion(usize),
}

fn regions(grid: &Element, origin: Origin) -> impl Iterator<Item = Place> + '_ {
    grid.all(module::REGION).filter_map(move |r| {
        let at = |k: &str| r.get(k).and_then(|v| v.trim().parse::<f64>().ok());
        Some(Place {
            name: r.get("name").unwrap_or("").to_string(),
            polygon: Vec::new(),
            point: Some((at("originx")?, at("originy")?)),
            properties: Vec::new(),
            origin,
            merged: None,
        })
    })
}

/// Whether an element holds a grid of cells (hexes or squares).
fn has_cells(e: &Element) -> bool {
    e.first(module::HEX_GRID).is_some() || e.first(module::SQUARE_GRID).is_some()
}

/// Whether a zone's properties are those `export --into` writes for a region: they
/// name the area and its terrain.
fn region_properties(properties: &[(String, String)]) -> bool {
    let has = |key: &str| properties.iter().any(|(k, _)| k == key);
    has("id") && has("terrain")
}

/// The places of the board, or `None` when it is no map of places (it has cells, or
/// nothing). A zone carrying our properties (see [`region_properties`]) under a
/// region's name gives that region its properties and is no place of its own.
pub(super) fn places(board_name: &str, board: &Element) -> Result<Option<Vec<Place>>, ImportError> {
    if has_cells(board) {
        return Ok(None);
    }
    if let Some(g) = board.first(module::REGION_GRID) {
        return Ok(Some(regions(g, Origin::BoardRegion).collect()));
    }
    let Some(zoned) = board.first(module::ZONED_GRID) else {
        return Ok(None);
    };
    if has_cells(zoned) || zoned.all(module::ZONE).any(has_cells) {
        return Ok(None);
    }
    let background = zoned.first(module::REGION_GRID);
    let mut out: Vec<Place> = background
        .map(|g| regions(g, Origin::ZonedRegion).collect())
        .unwrap_or_default();
    // With a background of regions, zones are only read for the regions' properties.
    let mut for_regions = Vec::new();
    for (i, z) in zoned
        .children
        .iter()
        .enumerate()
        .filter(|(_, c)| c.name == module::ZONE)
    {
        let name = z.get("name").unwrap_or("").to_string();
        // A zone holding regions is a frame for its points, not an area of its own.
        if let Some(g) = z.first(module::REGION_GRID) {
            if background.is_none() {
                out.extend(regions(g, Origin::ZoneRegion(i)));
            }
            continue;
        }
        let properties = super::zones_in::zone_properties(z);
        if background.is_some() {
            for_regions.push((i, name, properties));
            continue;
        }
        let text = z.get("path").unwrap_or("");
        zone_bounds(text)
            .ok_or_else(|| grid_error(board_name, format!("zone '{name}' has no readable path")))?;
        out.push(Place {
            name,
            polygon: super::zones_in::zone_path(text),
            point: None,
            properties,
            origin: Origin::Zone(i),
            merged: None,
        });
    }
    let is_region = |p: &Place| !matches!(p.origin, Origin::Zone(_));
    let names: std::collections::HashSet<String> = out
        .iter()
        .filter(|p| is_region(p))
        .map(|p| p.name.clone())
        .collect();
    let ours = |p: &Place| {
        matches!(p.origin, Origin::Zone(_))
            && region_properties(&p.properties)
            && names.contains(&p.name)
    };
    let taken: Vec<Place> = out.extract_if(.., |p| ours(p)).collect();
    let taken = taken.into_iter().filter_map(|p| match p.origin {
        Origin::Zone(i) => Some((i, p.name, p.properties)),
        _ => None,
    });
    let extra = for_regions
        .into_iter()
        .filter(|(_, _, props)| region_properties(props));
    for (i, name, properties) in taken.chain(extra) {
        if let Some(r) = out
            .iter_mut()
            .find(|p| is_region(p) && p.merged.is_none() && p.name == name)
        {
            r.properties = properties;
            r.merged = Some(i);
        }
    }
    Ok((!out.is_empty()).then_some(out))
}

/// The id of the `i`th place: its `id` property (our own modules write it), else its
/// name made into an id, else `area-N`.
pub(super) fn place_id(p: &Place, i: usize) -> String {
    prop(p, "id")
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| match slug(&p.name) {
            s if s.is_empty() => format!("area-{}", i + 1),
            s => s,
        })
}

fn prop(p: &Place, key: &str) -> Option<String> {
    p.properties
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.trim().to_string())
}

/// The board as an area map, if it is a map of places; what cannot be read (a property
/// naming what the ruleset lacks, two places of one id) is refused naming the place.
pub fn find(
    entry: &BoardEntry,
    board: &Element,
    size: (u32, u32),
    ruleset: &Ruleset,
) -> Result<Option<AreasIn>, ImportError> {
    let name = entry.board.as_str();
    let Some(places) = places(name, board)? else {
        return Ok(None);
    };
    let fault = |place: &str, reason: String| ImportError::Zone {
        board: name.to_string(),
        reason: format!("'{place}': {reason}"),
    };
    let mm = |(x, y): (f64, f64)| Point::new(x * MM_PER_PIXEL, y * MM_PER_PIXEL);
    let mut areas = Vec::new();
    let mut cells = Vec::new();
    let mut links = Vec::new();
    let default = ruleset.default_terrain.as_deref().unwrap_or("");
    for (i, p) in places.iter().enumerate() {
        let id = place_id(p, i);
        let stacking = match prop(p, "stacking") {
            Some(v) => Some(v.parse::<usize>().map_err(|_| {
                fault(&p.name, format!("its stacking '{v}' is not a whole number"))
            })?),
            None => None,
        };
        let mut here = HexCell::terrain(default);
        if let Some(t) = prop(p, "terrain") {
            if !ruleset.terrains.iter().any(|k| k.id == t) {
                return Err(fault(
                    &p.name,
                    format!("its terrain '{t}' is no terrain of ruleset {}", ruleset.id),
                ));
            }
            here.terrain = t.as_str().into();
        }
        if let Some(e) = prop(p, "elevation") {
            here.elevation = e.parse().map_err(|_| {
                fault(
                    &p.name,
                    format!("its elevation '{e}' is not a whole number"),
                )
            })?;
        }
        if here.terrain != default || here.elevation != 0 {
            cells.push((i, here));
        }
        for text in prop(p, "connections")
            .iter()
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            let (other, kind, cost) = super::area::parse_connection(text).ok_or_else(|| {
                fault(
                    &p.name,
                    format!("its connection '{text}' is not AREA, AREA=KIND or AREA=KIND+COST"),
                )
            })?;
            if let Some(k) = &kind
                && !ruleset.hexsides.iter().any(|h| h.id == *k)
            {
                return Err(fault(
                    &p.name,
                    format!(
                        "its connection's kind '{k}' is not one of ruleset {}'s hexside kinds",
                        ruleset.id
                    ),
                ));
            }
            links.push(Connection {
                between: [id.clone(), other],
                kind,
                cost,
            });
        }
        // A zone our own modules wrote around a point is the point again.
        let point = match prop(p, "point") {
            Some(v) => Some(
                v.split_once(',')
                    .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)))
                    .ok_or_else(|| fault(&p.name, format!("its point '{v}' is not X,Y")))?,
            ),
            None => p.point,
        };
        let polygon = if prop(p, "polygon").as_deref() == Some("none") {
            Vec::new()
        } else {
            p.polygon.iter().map(|q| mm(*q)).collect()
        };
        areas.push(Area {
            name: (p.name != id && !p.name.is_empty()).then(|| p.name.clone()),
            id,
            polygon,
            point: point.map(mm),
            stacking,
        });
    }
    let (w, h) = (
        f64::from(size.0.max(1)) * MM_PER_PIXEL,
        f64::from(size.1.max(1)) * MM_PER_PIXEL,
    );
    let refuse = |e: crate::board::area::AreaBoardError| grid_error(name, e.to_string());
    let mut board = AreaBoard::new(w, h, areas).map_err(refuse)?;
    for c in links {
        board.connect(c).map_err(refuse)?;
    }
    board.background = Some(Box::new(Background {
        image: String::new(),
        at: Point::new(0.0, 0.0),
        scale: MM_PER_PIXEL,
        vassal: Some(VassalBoard {
            map: entry.map.clone(),
            board: entry.board.clone(),
            zone: None,
            module: None,
        }),
        measure: None,
    }));
    Ok(Some(AreasIn { board, cells }))
}
