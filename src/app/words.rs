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
