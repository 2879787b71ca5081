//! Where a feature named by id lies on a hex board, so that a finding about a road,
//! token or unit can be shown on the board like one about a hex.

use hexx::Hex;

use super::Scenario;

/// The hexes of the road, token, unit or objective with `id` (none for table features
/// or an unknown id).
pub fn hexes_of(s: &Scenario, id: &str) -> Vec<Hex> {
    if let Some(r) = s.roads.iter().find(|r| r.id == id) {
        return r.hexes.clone();
    }
    if let Some(t) = s.tokens.iter().find(|t| t.id == id) {
        return vec![t.hex];
    }
    if let Some(u) = s.units.iter().find(|u| u.id == id) {
        return u.hex.into_iter().collect();
    }
    objective_hexes(s, id)
}

/// The hexes an objective names (none for a table's).
fn objective_hexes(s: &Scenario, id: &str) -> Vec<Hex> {
    s.plan
        .objective(id)
        .map(|o| o.at.named_hexes().into_iter().copied().collect())
        .unwrap_or_default()
}

/// [`hexes_of`] for every road, token, unit and objective at once, for placing many findings: one
/// pass over the scenario instead of one per finding.
pub fn hexes_by_id(s: &Scenario) -> rustc_hash::FxHashMap<&str, Vec<Hex>> {
    let mut out: rustc_hash::FxHashMap<&str, Vec<Hex>> = Default::default();
    // The first of an id wins, roads before tokens before units before objectives, as
    // in `hexes_of`.
    for r in &s.roads {
        out.entry(&r.id).or_insert_with(|| r.hexes.clone());
    }
    for t in &s.tokens {
        out.entry(&t.id).or_insert_with(|| vec![t.hex]);
    }
    for u in &s.units {
        out.entry(&u.id)
            .or_insert_with(|| u.hex.into_iter().collect());
    }
    for o in &s.plan.objectives {
        out.entry(&o.id)
            .or_insert_with(|| objective_hexes(s, &o.id));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, HexBoard, Orientation, Stagger};
    use crate::scenario::{Road, Unit};

    #[test]
    fn a_road_is_found_at_its_hexes_and_a_unit_at_its_hex() {
        let b = HexBoard::new(Orientation::Pointy, 5, 5, Stagger::Odd).unwrap();
        let mut s = Scenario::new("t", "morne-plaine", Board::Hex(b));
        let path = vec![Hex::new(0, 0), Hex::new(1, 0)];
        s.roads.push(Road {
            id: "r1".into(),
            kind: "road".into(),
            hexes: path.clone(),
        });
        let mut u = Unit::new("u1", "infantry");
        u.hex = Some(Hex::new(2, 1));
        s.units.push(u);
        assert_eq!(hexes_of(&s, "r1"), path);
        assert_eq!(hexes_of(&s, "u1"), [Hex::new(2, 1)]);
        assert!(hexes_of(&s, "nothing").is_empty());
        let all = hexes_by_id(&s);
        assert_eq!(all["r1"], path);
        assert_eq!(all["u1"], [Hex::new(2, 1)]);
    }
}
