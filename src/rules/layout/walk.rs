//! The pre-battle walk of 8.C-8.D: the army counter on a territory's 5 x 5 map, moved
//! each day by the winner of two PBS cards "according to the difference in the two PBS
//! cards played", as the territory's "PBS Card Difference" lines say ("2 Better = 1
//! side-to-side or diagonal").
//!
//! Readings (the text prints the moves, not how to walk them):
//! - "N side-to-side" is N steps, each to a cell sharing a side; "or diagonal" lets a
//!   step go to a cell sharing a corner too. The counter takes exactly N steps, never
//!   entering a cell twice (so it ends on a cell other than where it started), and
//!   stays on the map.
//! - Equal cards move nothing; a difference larger than the largest printed one moves
//!   as the largest.

use super::{Layout, LayoutError, Territory};

/// A cell of the map: (row, column), each 1 to 5.
pub type Cell = (usize, usize);

/// One printed line of a territory's card difference: "3 Better = 2 side-to-side".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardMove {
    /// How many places better the winner's card is.
    pub better: usize,
    /// How many steps the counter takes.
    pub steps: usize,
    /// Whether a step may be diagonal.
    pub diagonal: bool,
}

/// A printed line read as a move; `None` when it is not of the form "N Better = M
/// side-to-side[ or diagonal]".
pub fn parse_move(line: &str) -> Option<CardMove> {
    let (better, rest) = line.split_once("Better =")?;
    let better = better.trim().trim_start_matches('-').trim().parse().ok()?;
    let rest = rest.trim();
    let (steps, kind) = rest.split_once(' ')?;
    let diagonal = match kind.trim() {
        "side-to-side" => false,
        "side-to-side or diagonal" => true,
        _ => return None,
    };
    Some(CardMove {
        better,
        steps: steps.parse().ok()?,
        diagonal,
    })
}

impl Territory {
    /// Its card-difference lines as moves, in printed order; an unreadable line is
    /// named in the error.
    pub fn card_moves(&self) -> Result<Vec<CardMove>, LayoutError> {
        self.card_difference
            .iter()
            .map(|l| {
                parse_move(l).ok_or_else(|| LayoutError::CardDifference {
                    territory: self.name.clone(),
                    text: l.clone(),
                })
            })
            .collect()
    }

    /// The move for a card difference: `None` for equal cards; a difference beyond
    /// the largest printed moves as the largest.
    pub fn card_move(&self, difference: usize) -> Result<Option<CardMove>, LayoutError> {
        if difference == 0 {
            return Ok(None);
        }
        let moves = self.card_moves()?;
        Ok(moves
            .iter()
            .find(|m| m.better == difference)
            .or_else(|| moves.iter().max_by_key(|m| m.better))
            .copied())
    }
}

impl Layout {
    /// A card by id or name (case ignored).
    fn card_rank(&self, card: &str) -> Result<usize, LayoutError> {
        self.cards
            .iter()
            .position(|c| c.id.eq_ignore_ascii_case(card) || c.name.eq_ignore_ascii_case(card))
            .ok_or_else(|| {
                let names: Vec<&str> = self.cards.iter().map(|c| c.id.as_str()).collect();
                LayoutError::Card {
                    card: card.to_string(),
                    cards: names.join(", "),
                }
            })
    }

    /// How many places apart two played cards are.
    pub fn card_difference(&self, a: &str, b: &str) -> Result<usize, LayoutError> {
        Ok(self.card_rank(a)?.abs_diff(self.card_rank(b)?))
    }
}

/// The cells a counter on `from` may end on after `m`.
pub fn destinations(from: Cell, m: CardMove) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut path = vec![from];
    walk(&mut path, m, &mut out);
    out.sort_unstable();
    out.dedup();
    out
}

fn walk(path: &mut Vec<Cell>, m: CardMove, out: &mut Vec<Cell>) {
    let Some(&(r, c)) = path.last() else {
        return;
    };
    if path.len() == m.steps + 1 {
        out.push((r, c));
        return;
    }
    for (dr, dc) in [
        (-1, 0),
        (1, 0),
        (0, -1),
        (0, 1),
        (-1, -1),
        (-1, 1),
        (1, -1),
        (1, 1),
    ] {
        if !m.diagonal && dr != 0 && dc != 0 {
            continue;
        }
        let (nr, nc) = (r as i64 + dr, c as i64 + dc);
        if !(1..=5).contains(&nr) || !(1..=5).contains(&nc) {
            continue;
        }
        let next = (nr as usize, nc as usize);
        if path.contains(&next) {
            continue;
        }
        path.push(next);
        walk(path, m, out);
        path.pop();
    }
}

/// The cells the day's winner may move the counter on `from` to, when the two cards
/// `a` and `b` are played in `territory`: empty for equal cards.
pub fn legal_moves(
    l: &Layout,
    territory: &Territory,
    from: Cell,
    a: &str,
    b: &str,
) -> Result<Vec<Cell>, LayoutError> {
    let d = l.card_difference(a, b)?;
    Ok(territory
        .card_move(d)?
        .map_or_else(Vec::new, |m| destinations(from, m)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_the_printed_lines() {
        assert_eq!(
            parse_move("2 Better = 1 side-to-side or diagonal"),
            Some(CardMove {
                better: 2,
                steps: 1,
                diagonal: true
            })
        );
        assert_eq!(
            parse_move("- 3 Better = 2 side-to-side").map(|m| m.steps),
            Some(2)
        );
        assert_eq!(parse_move("3 Better = 2 sideways"), None);
    }

    #[test]
    fn destinations_take_exactly_the_steps_on_the_map() {
        let one = CardMove {
            better: 1,
            steps: 1,
            diagonal: false,
        };
        assert_eq!(destinations((1, 1), one), [(1, 2), (2, 1)]);
        let two = CardMove { steps: 2, ..one };
        assert_eq!(destinations((1, 1), two), [(1, 3), (2, 2), (3, 1)]);
        let king = CardMove {
            steps: 1,
            diagonal: true,
            ..one
        };
        assert_eq!(destinations((3, 3), king).len(), 8);
    }
}
