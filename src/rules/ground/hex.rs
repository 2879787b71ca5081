//! A hex board as a [`Ground`]: places are hexes, distances are whole hexes. Its
//! features are the connected groups of each terrain a scenario paints (the default
//! terrain of unlisted hexes is ground, not a feature), its tokens and its roads.
//! Distances count steps from the nearest hex of one to the nearest of the other: 0
//! when they share a hex, 1 when they lie next to each other.

use hexx::Hex;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::{FeatureRef, Form, Ground};
use crate::board::HexBoard;
use crate::rules::model::{KindList, Ruleset};
use crate::rules::validate::groups;
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::{Scenario, Unit};

/// One feature of a hex board.
#[derive(Debug, Clone)]
struct HexFeature {
    id: String,
    kind: String,
    name: String,
    form: Form,
    /// Its hexes in reading order.
    hexes: Vec<Hex>,
    /// Those with a neighbour outside it: distances and extents are measured between
    /// these, so a large wood costs its outline, not its area.
    rim: Vec<Hex>,
    /// Its axial box (x, y and z = -x-y).
    lo: [i32; 3],
    hi: [i32; 3],
}

fn cube(h: Hex) -> [i32; 3] {
    [h.x, h.y, -h.x - h.y]
}

impl HexFeature {
    fn new(id: String, kind: &str, name: String, form: Form, hexes: Vec<Hex>) -> Self {
        let set: HashSet<Hex> = hexes.iter().copied().collect();
        let rim = hexes
            .iter()
            .copied()
            .filter(|h| h.all_neighbors().iter().any(|n| !set.contains(n)))
            .collect();
        let mut lo = [i32::MAX; 3];
        let mut hi = [i32::MIN; 3];
        for h in &hexes {
            for (k, v) in cube(*h).into_iter().enumerate() {
                lo[k] = lo[k].min(v);
                hi[k] = hi[k].max(v);
            }
        }
        HexFeature {
            id,
            kind: kind.to_string(),
            name,
            form,
            hexes,
            rim,
            lo,
            hi,
        }
    }

    /// The fewest steps any hex of it is from any hex of `o` can be (the boxes' gap).
    fn box_gap(&self, o: &HexFeature) -> i32 {
        (0..3)
            .map(|k| (o.lo[k] - self.hi[k]).max(self.lo[k] - o.hi[k]).max(0))
            .max()
            .unwrap_or(0)
    }
}

/// A hex board's features and where they lie.
pub struct HexGround<'a> {
    board: &'a HexBoard,
    features: Vec<HexFeature>,
    by_hex: HashMap<Hex, Vec<usize>>,
}

impl<'a> HexGround<'a> {
    /// Every feature of the scenario.
    pub fn new(s: &Scenario, r: &Ruleset, board: &'a HexBoard) -> Self {
        Self::build(s, r, board, None)
    }

    /// The features of these kinds only (what one constraint reads).
    pub fn of_kinds(s: &Scenario, r: &Ruleset, board: &'a HexBoard, kinds: &[&str]) -> Self {
        Self::build(s, r, board, Some(kinds))
    }

    fn build(s: &Scenario, r: &Ruleset, board: &'a HexBoard, kinds: Option<&[&str]>) -> Self {
        let wanted = |k: &str| kinds.is_none_or(|ks| ks.contains(&k));
        let name = |list, id: &str| {
            r.kind(list, id)
                .map_or(id.to_string(), |k| k.name.to_lowercase())
        };
        let order = |h: &Hex| board.reading_order(*h);
        let mut features = Vec::new();
        for t in r.terrains.iter().filter(|t| wanted(&t.id)) {
            let hexes = s
                .hexes
                .iter()
                .filter(|(_, c)| c.terrain == t.id)
                .map(|(h, _)| *h);
            let mut gs = groups(hexes);
            for g in &mut gs {
                g.sort_by_key(order);
            }
            gs.sort_by_key(|g| order(&g[0]));
            for g in gs {
                let id = board.label(g[0]);
                features.push(HexFeature::new(
                    id,
                    &t.id,
                    t.name.to_lowercase(),
                    Form::Area,
                    g,
                ));
            }
        }
        for t in s.tokens.iter().filter(|t| wanted(&t.kind)) {
            let n = name(KindList::Token, &t.kind);
            features.push(HexFeature::new(
                t.id.clone(),
                &t.kind,
                n,
                Form::Spot,
                vec![t.hex],
            ));
        }
        for road in s.roads.iter().filter(|r| wanted(&r.kind)) {
            let n = name(KindList::Road, &road.kind);
            features.push(HexFeature::new(
                road.id.clone(),
                &road.kind,
                n,
                Form::Line,
                road.hexes.clone(),
            ));
        }
        let mut by_hex: HashMap<Hex, Vec<usize>> = HashMap::default();
        for (i, f) in features.iter().enumerate() {
            for h in &f.hexes {
                let at = by_hex.entry(*h).or_default();
                if at.last() != Some(&i) {
                    at.push(i);
                }
            }
        }
        HexGround {
            board,
            features,
            by_hex,
        }
    }

    fn shares(&self, i: usize, j: usize) -> bool {
        self.features[i]
            .hexes
            .iter()
            .any(|h| self.by_hex.get(h).is_some_and(|v| v.contains(&j)))
    }
}

impl Ground for HexGround<'_> {
    type Place = Hex;
    type Distance = u32;

    fn len(&self) -> usize {
        self.features.len()
    }

    fn feature(&self, i: usize) -> FeatureRef<'_> {
        let f = &self.features[i];
        FeatureRef {
            id: &f.id,
            kind: &f.kind,
            name: &f.name,
            form: f.form,
        }
    }

    fn describe(&self, i: usize) -> String {
        let f = &self.features[i];
        match f.form {
            Form::Area => format!("{} at {}", f.name, f.id),
            _ => format!("{} {}", f.name, f.id),
        }
    }

    fn within(&self, i: usize, reach: f64) -> Vec<usize> {
        let f = &self.features[i];
        (0..self.features.len())
            .filter(|j| *j != i && f64::from(f.box_gap(&self.features[*j])) <= reach)
            .collect()
    }

    fn gap(&self, i: usize, j: usize) -> u32 {
        if self.shares(i, j) {
            return 0;
        }
        let (a, b) = (&self.features[i], &self.features[j]);
        a.rim
            .iter()
            .flat_map(|p| b.rim.iter().map(move |q| p.unsigned_distance_to(*q)))
            .min()
            .unwrap_or(u32::MAX)
    }

    fn overlaps(&self, i: usize, j: usize) -> bool {
        self.shares(i, j)
    }

    /// In hexes across: the widest is the most steps between two of its hexes, plus
    /// one; the narrowest, the fewest rows it spans along any of the three axes.
    fn extent(&self, i: usize) -> (u32, u32) {
        let f = &self.features[i];
        if f.hexes.is_empty() {
            return (0, 0);
        }
        let widest = f
            .rim
            .iter()
            .enumerate()
            .flat_map(|(k, p)| f.rim[k..].iter().map(move |q| p.unsigned_distance_to(*q)))
            .max()
            .unwrap_or(0)
            + 1;
        let narrowest = (0..3)
            .map(|k| (f.hi[k] - f.lo[k]).unsigned_abs() + 1)
            .min()
            .unwrap_or(1);
        match f.form {
            // A road is one hex wide.
            Form::Line => (1, 1),
            _ => (narrowest, widest),
        }
    }

    fn show(&self, d: f64) -> String {
        let n = d.round();
        if n == 1.0 {
            "1 hex".to_string()
        } else {
            format!("{n} hexes")
        }
    }

    fn mark(&self, mut d: Diagnostic, features: &[usize]) -> Diagnostic {
        for i in features {
            let f = &self.features[*i];
            if f.form != Form::Area {
                d = d.with_feature(f.id.as_str());
            }
            for h in &f.hexes {
                d = d.with_hex(*h);
            }
        }
        // A group is found in the file by its first hex's label, others by their id.
        if let Some(f) = features.first().map(|i| &self.features[*i]) {
            d = d.at(f.id.as_str());
        }
        d
    }

    fn features_at(&self, p: Hex) -> Vec<usize> {
        self.by_hex.get(&p).cloned().unwrap_or_default()
    }

    fn features_between(&self, a: Hex, b: Hex) -> Vec<usize> {
        let ends: Vec<usize> = self
            .features_at(a)
            .into_iter()
            .chain(self.features_at(b))
            .collect();
        let mut out: Vec<usize> = a
            .line_to(b)
            .filter(|h| *h != a && *h != b)
            .flat_map(|h| self.features_at(h))
            .filter(|i| !ends.contains(i))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    fn place_distance(&self, a: Hex, b: Hex) -> u32 {
        a.unsigned_distance_to(b)
    }

    fn touched_by(&self, u: &Unit) -> Vec<usize> {
        u.hex.map(|h| self.features_at(h)).unwrap_or_default()
    }
}

impl HexGround<'_> {
    /// The label of a hex on this board.
    pub fn label(&self, h: Hex) -> String {
        self.board.label(h)
    }
}
