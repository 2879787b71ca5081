//! A board of cells seen from far: one colour per hex or square, worked out from the
//! scenario as the scene would draw the cell (its terrain's fill, shaded by height,
//! under its first unit's counter and a finding's outline). A 1000 x 1000 board's full
//! scene is about a gigabyte of shapes; its colours are four megabytes, made in a
//! fraction of the time.

use hexx::Hex;

use super::build::look;
use super::style::SideColours;
use super::{LayerId, Rgba, SceneOptions, Window};
use crate::board::Grid;
use crate::rules::{KindList, Ruleset};
use crate::scenario::Scenario;

/// The colour of every hex of the board's rectangle, in reading order (`row * columns +
/// column`; hexes marked off the board get `background`), over `background`.
pub fn hex_colours<'s, 'b>(
    s: &'s Scenario,
    r: &'s Ruleset,
    board: impl Into<Grid<'b>>,
    o: &SceneOptions,
    background: Rgba,
) -> Vec<Rgba> {
    let board = board.into();
    let mut out = vec![background; board.area()];
    colours_of(s, r, board, o, background, board.cells(), None, &mut out);
    out
}

/// [`hex_colours`] worked out again at the hexes `set` only, into `out` (the colours of
/// the board before those hexes were set, or their findings' outlines moved, under the
/// same options): a hex painted on a board seen whole changes one colour, not a
/// million. Returns the cells it changed.
pub fn hex_colours_at<'s, 'b>(
    s: &'s Scenario,
    r: &'s Ruleset,
    board: impl Into<Grid<'b>>,
    o: &SceneOptions,
    background: Rgba,
    set: &[Hex],
    out: &mut [Rgba],
) -> Vec<usize> {
    let board = board.into();
    let whole = Window::whole(board);
    let hexes: Vec<Hex> = set.iter().copied().filter(|h| board.contains(*h)).collect();
    let only: rustc_hash::FxHashSet<usize> =
        hexes.iter().filter_map(|h| whole.cell(board, *h)).collect();
    colours_of(
        s,
        r,
        board,
        o,
        background,
        hexes.into_iter(),
        Some(&only),
        out,
    );
    only.into_iter().collect()
}

/// The colours of `hexes` (and of the units and findings of the cells `only`, or of
/// all) into `out`.
#[allow(clippy::too_many_arguments)]
fn colours_of<'s>(
    s: &'s Scenario,
    r: &'s Ruleset,
    board: Grid<'_>,
    o: &SceneOptions,
    background: Rgba,
    hexes: impl Iterator<Item = Hex>,
    only: Option<&rustc_hash::FxHashSet<usize>>,
    out: &mut [Rgba],
) {
    let whole = Window::whole(board);
    let wanted = |i: usize| only.is_none_or(|o| o.contains(&i));
    let cell = |h: Hex| whole.cell(board, h).filter(|i| wanted(*i));
    let default = r.default_terrain.as_deref().unwrap_or("");
    let mut looks: rustc_hash::FxHashMap<&str, Rgba> = Default::default();
    let mut terrain_colour = |id: &'s str| -> Rgba {
        *looks.entry(id).or_insert_with(|| {
            if id.is_empty() {
                Rgba::rgb(220, 220, 210)
            } else {
                look(r, KindList::Terrain, id).colour
            }
        })
    };
    let terrain = o.shows(LayerId::Terrain);
    let elevation = o.shows(LayerId::Elevation);
    for hex in hexes {
        let Some(i) = cell(hex) else { continue };
        let data = s.hexes.get(&hex);
        let mut c = background;
        if terrain {
            c = terrain_colour(data.map_or(default, |d| d.terrain.as_str()));
        }
        let e = data.map_or(0, |d| d.elevation);
        if elevation && e > 0 {
            c = c.darker((14 * e.min(6)) as f32 / 255.0);
        }
        out[i] = c;
    }
    if o.shows(LayerId::Units) {
        let mut sides = SideColours::new(s);
        let mut seen = rustc_hash::FxHashSet::default();
        for u in &s.units {
            let Some(i) = u.hex.and_then(cell) else {
                continue;
            };
            // The first unit of a hex is the counter seen on top of the stack's colour.
            if seen.insert(i) {
                out[i] = sides.of(&u.side);
            }
        }
    }
    if o.shows(LayerId::Findings) {
        let mut seen = rustc_hash::FxHashSet::default();
        for f in &o.findings {
            for h in &f.hexes {
                if let Some(i) = cell(*h)
                    && seen.insert(i)
                {
                    out[i] = f.colour;
                }
            }
        }
    }
}
