//! The terrains of a many-hex edit in runs: a flood fill gives a million hexes one
//! terrain, and its undo gives them back the one or few they had, so a run of equal
//! terrains is stored once instead of once a hex.

use super::model::Terrain;

/// A sequence of terrains, `None` meaning "no entry" (plain default terrain), stored as
/// runs of equal values.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TerrainRuns {
    /// Each value with how many times in a row it comes.
    runs: Vec<(Option<Terrain>, u32)>,
    len: usize,
}

impl TerrainRuns {
    /// Appends one value (cloned only when it starts a run).
    pub fn push(&mut self, terrain: Option<&Terrain>) {
        match self.runs.last_mut() {
            Some((t, n)) if t.as_ref() == terrain && *n < u32::MAX => *n += 1,
            _ => self.runs.push((terrain.cloned(), 1)),
        }
        self.len += 1;
    }

    /// How many values it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = Option<&Terrain>> {
        self.runs
            .iter()
            .flat_map(|(t, n)| std::iter::repeat_n(t.as_ref(), *n as usize))
    }

    /// The values in reverse order (an edit's inverse undoes its hexes last first, so
    /// that a hex listed twice ends as it began).
    pub fn reversed(mut self) -> Self {
        self.runs.reverse();
        self
    }
}

impl<'a> FromIterator<Option<&'a Terrain>> for TerrainRuns {
    fn from_iter<I: IntoIterator<Item = Option<&'a Terrain>>>(iter: I) -> Self {
        let mut runs = TerrainRuns::default();
        for t in iter {
            runs.push(t);
        }
        runs
    }
}

impl FromIterator<Option<Terrain>> for TerrainRuns {
    fn from_iter<I: IntoIterator<Item = Option<Terrain>>>(iter: I) -> Self {
        let mut runs = TerrainRuns::default();
        for t in iter {
            runs.push(t.as_ref());
        }
        runs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_neighbours_share_a_run_and_reversing_keeps_the_values() {
        let (a, b) = (Terrain::from("woods"), Terrain::from("hill"));
        let values = [Some(&a), Some(&a), None, None, None, Some(&b), Some(&a)];
        let runs: TerrainRuns = values.iter().copied().collect();
        assert_eq!(runs.runs.len(), 4);
        assert_eq!(runs.len(), 7);
        assert!(runs.iter().eq(values.iter().copied()));
        let back = runs.clone().reversed();
        assert!(back.iter().eq(values.iter().rev().copied()));
    }
}
