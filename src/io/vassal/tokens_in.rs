//! At-start pieces that are tokens (entrenchments, fieldworks): a piece whose Marker
//! says `Kind` `token` and `Class` a token kind of the ruleset (as our own modules
//! write them), or whose name holds a token kind's id or name. Its front sides are those
//! its Marker lists under `Front` (as our own modules write them) while the piece still
//! points where they do; else they come back from its rotation alone: our modules turn a
//! token to the mean direction of its front sides, so the fewest contiguous sides
//! (within the kind's facing) whose mean that direction is are its front.

use hexx::Hex;

use super::module;
use crate::board::{Grid, Side};
use crate::io::xml::Element;
use crate::rules::Ruleset;
use crate::scenario::Token;

/// The value of the property `key` of the piece's Marker trait, if it has one.
fn marked(slot: &Element, key: &str) -> Option<String> {
    module::piece_traits(slot).iter().find_map(|(t, s)| {
        let keys = super::sequence::decode(t.strip_prefix("mark;")?, ',');
        let values = super::sequence::decode(s, ',');
        Some(values.get(keys.iter().position(|x| x == key)?)?.clone())
    })
}

/// The token kind a piece is, if it is one.
pub fn kind_of(slot: &Element, name: &str, ruleset: &Ruleset) -> Option<String> {
    let marked = (marked(slot, "Kind").as_deref() == Some("token"))
        .then(|| marked(slot, "Class"))
        .flatten();
    if let Some(kind) = marked.filter(|k| ruleset.tokens.iter().any(|t| t.id == *k)) {
        return Some(kind);
    }
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let have = words(name);
    let holds = |phrase: &str| {
        let p = words(phrase);
        !p.is_empty() && have.windows(p.len()).any(|w| w == p.as_slice())
    };
    ruleset
        .tokens
        .iter()
        .find(|k| holds(&k.id) || holds(&k.name))
        .map(|k| k.id.clone())
}

/// Degrees clockwise from north a piece is turned (its rotation trait's state: free
/// rotation's angle, VASSAL's positive angle counter-clockwise; or the index of one of
/// `n` angles, each a step clockwise).
pub fn rotation(slot: &Element) -> f64 {
    for (t, s) in module::piece_traits(slot) {
        let Some(rest) = t.strip_prefix("rotate;") else {
            continue;
        };
        let n: u32 = super::sequence::decode(rest, ';')
            .first()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(1);
        let v: f64 = s.trim().parse().unwrap_or(0.0);
        let deg = if n <= 1 { -v } else { v * 360.0 / f64::from(n) };
        return deg.rem_euclid(360.0);
    }
    0.0
}

/// The front sides of a token of `kind` on `hex` turned `deg` clockwise: the fewest
/// contiguous sides its kind allows whose mean direction is `deg` (in the grid's turn
/// from the first), else the nearest; none for a kind without facing.
pub fn facing(grid: Grid<'_>, ruleset: &Ruleset, kind: &str, hex: Hex, deg: f64) -> Vec<Side> {
    let Some(spec) = ruleset
        .tokens
        .iter()
        .find(|k| k.id == kind)
        .and_then(|k| k.facing())
    else {
        return Vec::new();
    };
    let sides = grid.sides();
    let n = sides.len();
    let off = |a: f64| {
        let d = (a - deg).rem_euclid(360.0);
        d.min(360.0 - d)
    };
    let mut best: Option<(f64, Vec<Side>)> = None;
    for k in usize::from(spec.min.max(1))..=usize::from(spec.max).min(n) {
        for first in 0..n {
            let run: Vec<Side> = (0..k).map(|i| sides[(first + i) % n]).collect();
            let t = Token {
                id: String::new(),
                kind: kind.to_string(),
                hex,
                facing: run.clone(),
            };
            let d = off(super::pieces::token_facing(grid, &t));
            if d < 1.0 {
                return run;
            }
            if best.as_ref().is_none_or(|(b, _)| d < *b) {
                best = Some((d, run));
            }
        }
    }
    best.map(|(_, run)| run).unwrap_or_default()
}

/// The front sides the piece's Marker lists (see [`super::pieces::FRONT`]: as the map
/// lies), named on its board as printed: turned half round on a board laid out `turned`,
/// as its rotation is. None when it lists none, names a side `grid` lacks, or the piece
/// no longer points where they do (`deg`, its rotation on the printed board: it was
/// turned after it was written), so that its rotation decides.
pub fn written_front(
    slot: &Element,
    grid: Grid<'_>,
    hex: Hex,
    turned: bool,
    deg: f64,
) -> Option<Vec<Side>> {
    let listed = marked(slot, super::pieces::FRONT)?;
    let mut sides = Vec::new();
    for name in listed.split_whitespace() {
        let side: Side = name.parse().ok()?;
        grid.side_index(side)?;
        sides.push(if turned { grid.turned_half(side) } else { side });
    }
    let agrees = super::pieces::front_direction(grid, hex, &sides).is_none_or(|d| {
        let off = (d - deg).rem_euclid(360.0);
        off.min(360.0 - off) < 1.0
    });
    (!sides.is_empty() && agrees).then_some(sides)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{HexBoard, Orientation, Stagger};
    use crate::io::vassal::pieces::{PieceKind, What, token_facing, type_and_state};

    /// An at-start piece slot of an entrenchment turned `deg` clockwise, its Marker
    /// listing `front`.
    fn slot(deg: f64, front: &[Side]) -> Element {
        let kind = PieceKind {
            what: What::Token {
                kind: "entrenchment".into(),
            },
            name: "Entrenchment".into(),
            image: "token-entrenchment.png".into(),
            png: Vec::new(),
            size: (10, 10),
            list: "Tokens".into(),
        };
        let (t, s) = type_and_state(&kind, "Entrenchment", "1", (deg, front), (0, 0));
        Element::new("VASSAL.build.widget.PieceSlot").with_text(super::super::sequence::encode(
            &["+", "null", t.as_str(), s.as_str()],
            '/',
        ))
    }

    #[test]
    fn the_written_front_decides_while_the_piece_points_where_it_does() {
        let board = HexBoard::new(Orientation::Pointy, 5, 5, Stagger::Odd).unwrap();
        let grid = Grid::from(&board);
        let hex = board.hex_at("C3").unwrap();
        let front = vec![Side::W, Side::NW, Side::NE];
        let t = Token {
            id: "t1".into(),
            kind: "entrenchment".into(),
            hex,
            facing: front.clone(),
        };
        let deg = token_facing(grid, &t);
        let s = slot(deg, &front);
        assert_eq!(rotation(&s), deg);
        assert_eq!(
            written_front(&s, grid, hex, false, deg),
            Some(front.clone())
        );
        // On a board laid out reversed, as its rotation is: turned half round.
        let turned: Vec<Side> = front.iter().map(|f| grid.turned_half(*f)).collect();
        let back = (deg + 180.0).rem_euclid(360.0);
        assert_eq!(written_front(&s, grid, hex, true, back), Some(turned));
        // Turned since it was written (in VASSAL's editor): its rotation decides.
        assert_eq!(written_front(&s, grid, hex, false, deg + 60.0), None);
        // A piece with no list, or one naming a side the grid lacks (`N` on pointy hexes).
        assert_eq!(written_front(&slot(deg, &[]), grid, hex, false, deg), None);
        assert_eq!(
            written_front(&slot(0.0, &[Side::N]), grid, hex, false, 0.0),
            None
        );
    }
}
