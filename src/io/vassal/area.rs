//! An area map as VASSAL's `ZonedGrid`: a zone per area, its polygon the area's outline
//! and its name the area's name as printed, so that VASSAL names the place a piece
//! stands by it. The zone's properties carry what VASSAL has no element for, the way a
//! hex board's zones carry terrain and hexsides: `id`, `terrain`, `elevation`,
//! `stacking`, `point` (pixels), `polygon` (`none` for a point's zone) and `connections` (`OTHER=KIND+COST` for each connection the area is the
//! first of, so that each is written once).

use super::grid::PixelMap;
use super::{Zone, px};
use crate::board::AreaBoard;
use crate::rules::Ruleset;
use crate::scenario::Scenario;

/// A connection as a zone property writes it: `other`, `other=kind`, `other+cost` or
/// `other=kind+cost`.
pub fn connection_text(other: &str, kind: Option<&str>, cost: u32) -> String {
    let mut t = other.to_string();
    if let Some(k) = kind {
        t.push('=');
        t.push_str(k);
    }
    if cost > 0 {
        t.push_str(&format!("+{cost}"));
    }
    t
}

/// Reads [`connection_text`] back: (other, kind, cost), or `None` for a malformed cost.
pub fn parse_connection(text: &str) -> Option<(String, Option<String>, u32)> {
    let (rest, cost) = match text.rsplit_once('+') {
        Some((rest, cost)) => (rest, cost.trim().parse().ok()?),
        None => (text, 0),
    };
    let (other, kind) = match rest.split_once('=') {
        Some((o, k)) => (o.trim(), Some(k.trim().to_string())),
        None => (rest.trim(), None),
    };
    Some((other.to_string(), kind, cost))
}

/// A zone for each area, in the map's order.
pub fn zones(s: &Scenario, r: &Ruleset, board: &AreaBoard, map: &PixelMap) -> Vec<Zone> {
    board
        .cells()
        .zip(&board.areas)
        .map(|(cell, area)| Zone {
            name: board.name(cell).unwrap_or(&area.id).to_string(),
            path: board.outline(cell).iter().map(|p| px(map, *p)).collect(),
            properties: properties(s, r, board, cell, map),
            on_grid: false,
        })
        .collect()
}

/// What an area's zone says of it: `id`, `terrain`, `elevation`, `stacking` (when the
/// map prints one), `point` (pixels, when it has one), `polygon` (`none` for a point's
/// zone) and `connections`.
pub fn properties(
    s: &Scenario,
    r: &Ruleset,
    board: &AreaBoard,
    cell: hexx::Hex,
    map: &PixelMap,
) -> Vec<(String, String)> {
    let Some(area) = board.area(cell) else {
        return Vec::new();
    };
    let default = r.default_terrain.as_deref().unwrap_or("");
    let here = s.hexes.get(&cell);
    let mut properties = vec![
        ("id".to_string(), area.id.clone()),
        (
            "terrain".to_string(),
            here.map_or(default, |c| c.terrain.as_str()).to_string(),
        ),
        (
            "elevation".to_string(),
            here.map_or(0, |c| c.elevation).to_string(),
        ),
    ];
    if let Some(n) = area.stacking {
        properties.push(("stacking".into(), n.to_string()));
    }
    // A point-to-point map's point, in the board's pixels as a region's is; the zone
    // around it is a counter's octagon.
    if area.point.is_some() {
        let (x, y) = px(map, board.centre(cell));
        properties.push(("point".into(), format!("{x},{y}")));
    }
    if area.polygon.is_empty() {
        properties.push(("polygon".into(), "none".into()));
    }
    let links: Vec<String> = board
        .connections
        .iter()
        .filter(|c| c.between[0] == area.id)
        .map(|c| connection_text(&c.between[1], c.kind.as_deref(), c.cost))
        .collect();
    properties.push(("connections".into(), links.join(",")));
    properties
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_reads_back_as_written() {
        for (other, kind, cost) in [
            ("mill", None, 0),
            ("mill", Some("road"), 0),
            ("high-pass", Some("road"), 1),
            ("ford", None, 2),
        ] {
            let t = connection_text(other, kind, cost);
            assert_eq!(
                parse_connection(&t),
                Some((other.to_string(), kind.map(str::to_string), cost)),
                "{t}"
            );
        }
        assert_eq!(parse_connection("a+x"), None);
    }
}
