//! The terrain a module's zones give its cells, read back: VASSAL gives a piece the
//! properties of the first zone of the board's `ZonedGrid` whose polygon holds it, so
//! each cell takes those of the first zone holding its centre. The properties are the
//! ones our own modules write per cell (`terrain`, `elevation`, `hexsides`, `markers`,
//! `facing`); a module with other properties, or no zones, leaves the cells as the
//! ruleset's default.

use std::collections::HashMap;

use super::import::{ImportError, zone_bounds};
use super::module;
use crate::board::Side;
use crate::io::xml::Element;
use crate::rules::Ruleset;
use crate::scenario::{HexCell, HexsideAttrs, Scenario};

/// A zone's polygon, bounds and the properties we read.
struct ZoneIn {
    name: String,
    path: Vec<(f64, f64)>,
    bounds: (i32, i32, i32, i32),
    properties: Vec<(String, String)>,
}

/// Pixels on a side of a bucket of the index that finds the zones near a point.
const BUCKET: i32 = 64;

fn zones(board: &Element) -> Vec<ZoneIn> {
    let Some(zoned) = board.first(module::ZONED_GRID) else {
        return Vec::new();
    };
    zoned
        .all(module::ZONE)
        .filter_map(|z| {
            let path_text = z.get("path").unwrap_or("");
            let bounds = zone_bounds(path_text)?;
            let path = zone_path(path_text);
            let properties = zone_properties(z);
            Some(ZoneIn {
                name: z.get("name").unwrap_or("").to_string(),
                path,
                bounds,
                properties,
            })
        })
        .collect()
}

/// A zone's `path` (`x,y;x,y;...`) as points, the unreadable ones left out.
pub(super) fn zone_path(text: &str) -> Vec<(f64, f64)> {
    text.split(';')
        .filter_map(|p| {
            let (x, y) = p.split_once(',')?;
            Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
        })
        .collect()
}

/// A zone's properties (name, initial value).
pub(super) fn zone_properties(z: &Element) -> Vec<(String, String)> {
    z.all(module::ZONE_PROPERTY)
        .filter_map(|p| {
            Some((
                p.get("name")?.to_string(),
                p.get("initialValue")?.to_string(),
            ))
        })
        .collect()
}

/// Whether the polygon holds the point (crossings counted, as `java.awt.Polygon`).
fn holds(path: &[(f64, f64)], (x, y): (f64, f64)) -> bool {
    let mut inside = false;
    for (i, a) in path.iter().enumerate() {
        let b = path[(i + 1) % path.len()];
        if (a.1 > y) != (b.1 > y) && x < a.0 + (y - a.1) * (b.0 - a.0) / (b.1 - a.1) {
            inside = !inside;
        }
    }
    inside
}

/// The cells' terrain, elevation, sides, markers and facing from the zones holding
/// their centres. A property naming what the ruleset lacks is refused, naming the zone.
///
/// `turned`: the board's size when the map lays it out reversed. VASSAL finds a zone at
/// a point of the board as it lies (`Map.findZone` does not turn the point back as the
/// grid's names do), so a reversed board's zones lie turned over its image, and name
/// their sides and facing as the board lies: turned back to the board as printed.
pub fn read_terrain(
    board_name: &str,
    board: &Element,
    ruleset: &Ruleset,
    scenario: &mut Scenario,
    turned: Option<(u32, u32)>,
) -> Result<(), ImportError> {
    let zones = zones(board);
    if zones.iter().all(|z| z.properties.is_empty()) {
        return Ok(());
    }
    let mut index: HashMap<(i32, i32), Vec<usize>> = HashMap::new();
    for (i, z) in zones.iter().enumerate() {
        let (a, b, c, d) = z.bounds;
        for bx in a.div_euclid(BUCKET)..=c.div_euclid(BUCKET) {
            for by in b.div_euclid(BUCKET)..=d.div_euclid(BUCKET) {
                index.entry((bx, by)).or_default().push(i);
            }
        }
    }
    let board_kind = scenario.board.clone();
    let (Some(grid), Some(bg)) = (board_kind.grid(), board_kind.background()) else {
        return Ok(());
    };
    let layout = grid.layout();
    let fault = |z: &ZoneIn, reason: String| ImportError::Zone {
        board: board_name.to_string(),
        reason: format!("zone '{}': {reason}", z.name),
    };
    let default = ruleset.default_terrain.as_deref().unwrap_or("");
    let as_printed = |side: Side| {
        if turned.is_some() {
            grid.turned_half(side)
        } else {
            side
        }
    };
    for cell in grid.cells() {
        let c = layout.centre(cell);
        let (x, y) = bg.to_pixels((f64::from(c.x), f64::from(c.y)));
        let p = match turned {
            Some((w, h)) => ((f64::from(w) - x).round(), (f64::from(h) - y).round()),
            None => (x.round(), y.round()),
        };
        let key = (
            (p.0 as i32).div_euclid(BUCKET),
            (p.1 as i32).div_euclid(BUCKET),
        );
        let Some(z) = index.get(&key).and_then(|near| {
            near.iter().map(|i| &zones[*i]).find(|z| {
                let (a, b, c, d) = z.bounds;
                p.0 >= f64::from(a)
                    && p.0 <= f64::from(c)
                    && p.1 >= f64::from(b)
                    && p.1 <= f64::from(d)
                    && holds(&z.path, p)
            })
        }) else {
            continue;
        };
        let mut here = HexCell::terrain(default);
        for (key, value) in &z.properties {
            let list = || value.split(',').map(str::trim).filter(|v| !v.is_empty());
            match key.as_str() {
                "terrain" => {
                    if !ruleset.terrains.iter().any(|k| k.id == *value) {
                        return Err(fault(
                            z,
                            format!(
                                "its terrain '{value}' is no terrain of ruleset {} ({})",
                                ruleset.id,
                                ruleset
                                    .terrains
                                    .iter()
                                    .map(|k| k.id.as_str())
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        ));
                    }
                    here.terrain = value.as_str().into();
                }
                "elevation" => {
                    here.elevation = value.trim().parse().map_err(|_| {
                        fault(z, format!("its elevation '{value}' is not a whole number"))
                    })?;
                }
                "markers" => here.markers = list().map(str::to_string).collect(),
                "facing" => {
                    for v in list() {
                        let side = v
                            .parse::<Side>()
                            .map_err(|_| fault(z, format!("its facing '{v}' is not a side")))?;
                        here.facing.push(as_printed(side));
                    }
                }
                "hexsides" => {
                    for v in list() {
                        let (side, kind) = v
                            .split_once('=')
                            .and_then(|(s, k)| Some((s.parse::<Side>().ok()?, k)))
                            .ok_or_else(|| fault(z, format!("its side '{v}' is not SIDE=KIND")))?;
                        let side_key = grid.side_key(cell, as_printed(side)).ok_or_else(|| {
                            fault(
                                z,
                                format!("'{side}' in '{v}' is no side of a {}", grid.noun()),
                            )
                        })?;
                        if !ruleset.hexsides.iter().any(|k| k.id == kind) {
                            return Err(fault(
                                z,
                                format!(
                                    "its side kind '{kind}' is not one of ruleset {}",
                                    ruleset.id
                                ),
                            ));
                        }
                        scenario
                            .hexsides
                            .insert((side_key, kind.to_string()), HexsideAttrs { up: None });
                    }
                }
                _ => {}
            }
        }
        let plain = here.terrain == default
            && here.elevation == 0
            && here.markers.is_empty()
            && here.facing.is_empty();
        if !plain {
            scenario.hexes.insert(cell, here);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_is_in_a_square_zone_only_inside_it() {
        let sq = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
        assert!(holds(&sq, (5.0, 5.0)));
        assert!(!holds(&sq, (15.0, 5.0)));
        assert!(!holds(&sq, (5.0, -1.0)));
    }
}
