//! How the designer words what it shows: counts with their nouns, table units, sides
//! by name. Shared by panels and windows alike, so it imports nothing of theirs.

use crate::board::TableUnit;
use crate::scenario::PlayerSide;

/// "1 error", "2 errors": a count with its noun.
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A count with its thousands grouped: "12,345".
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A table unit as the designer writes it: base widths are "BW" everywhere.
pub fn unit_label(unit: TableUnit) -> &'static str {
    match unit {
        TableUnit::Bw => "BW",
        u => u.as_str(),
    }
}

/// A side's name for its id in the designer's lists: "-" for none, else as
/// [`PlayerSide::name_of`] says.
pub fn side_name(sides: &[PlayerSide], id: &str) -> String {
    if id.is_empty() {
        return "-".into();
    }
    PlayerSide::name_of(sides, id).to_string()
}

/// A text written for hex boards, worded for the board's cells (`cell`: the board's
/// kind or its cell's noun): on a square board the whole words "hex" and "hexes"
/// (either case) are "square" and "squares" and a "hexside" is a "side", on an area
/// map "hex" is "area"; the rest is left as it is.
pub fn for_cells<'t>(text: &'t str, cell: &str) -> std::borrow::Cow<'t, str> {
    let (one, many, one_up, many_up) = match cell {
        "square" => ("square", "squares", "Square", "Squares"),
        "area" => ("area", "areas", "Area", "Areas"),
        _ => return std::borrow::Cow::Borrowed(text),
    };
    if !text.contains("ex") {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while !rest.is_empty() {
        let word_end = rest
            .find(|c: char| !c.is_alphanumeric())
            .unwrap_or(rest.len());
        let (word, after) = if word_end == 0 {
            let n = rest.chars().next().map_or(1, char::len_utf8);
            rest.split_at(n)
        } else {
            rest.split_at(word_end)
        };
        let square = one == "square";
        out.push_str(match word {
            "hex" => one,
            "hexes" => many,
            "Hex" => one_up,
            "Hexes" => many_up,
            "hexside" if square => "side",
            "hexsides" if square => "sides",
            "Hexside" if square => "Side",
            "Hexsides" if square => "Sides",
            w => w,
        });
        rest = after;
    }
    if one == "area" {
        // "a hex" reads "an area".
        out = format!(" {out}")
            .replace(" a area", " an area")
            .replace(" A area", " An area")[1..]
            .to_string();
    }
    std::borrow::Cow::Owned(out)
}

fn board_kind_id() -> egui::Id {
    egui::Id::unique("sandtable-board-kind")
}

/// Notes this frame's board kind (`Board::kind`), so texts drawn far from the document
/// (menu entries' tooltips) can be worded by [`for_cells`].
pub fn note_cells(ctx: &egui::Context, kind: &'static str) {
    ctx.data_mut(|d| d.insert_temp(board_kind_id(), kind));
}

/// The board kind [`note_cells`] noted this frame ("hex" before any).
pub fn board_kind(ctx: &egui::Context) -> &'static str {
    ctx.data(|d| d.get_temp(board_kind_id())).unwrap_or("hex")
}

#[cfg(test)]
mod cell_word_tests {
    use super::for_cells;

    #[test]
    fn a_square_board_says_square_where_a_hex_board_says_hex() {
        let text = "Hex C3: click a hex, 3 hexes; hexside features stay";
        assert_eq!(for_cells(text, "hex"), text);
        assert_eq!(
            for_cells(text, "square"),
            "Square C3: click a square, 3 squares; side features stay"
        );
        assert_eq!(
            for_cells("A hex: hover a hex in the data hex", "area"),
            "An area: hover an area in the data area"
        );
    }
}
