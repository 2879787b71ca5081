//! Building a scene: the layers shown, each filled by the board's kind of drawing.

use super::layer::LayerBuilder;
use super::{Item, Layer, LayerId, Scene, SceneOptions};
use crate::board::Board;
use crate::rules::{KindList, Pattern, Ruleset};
use crate::scenario::Scenario;

/// The drawing of `s` under the ruleset's styles. An id the ruleset lacks is drawn in
/// a loud fallback colour (the validator reports it); nothing here fails.
pub fn build(s: &Scenario, r: &Ruleset, o: &SceneOptions) -> Scene {
    match &s.board {
        Board::Hex(b) => super::hex::build(s, r, b.into(), o),
        Board::Square(b) => super::hex::build(s, r, b.into(), o),
        Board::Area(b) => super::hex::build(s, r, crate::board::Grid::Area(b), o),
        Board::Freeform(t) => super::table::build(s, r, t, o),
    }
}

/// The layers under construction; a hidden layer takes nothing.
pub(super) struct Layers {
    layers: Vec<(LayerBuilder, bool)>,
}

impl Layers {
    pub fn new(o: &SceneOptions) -> Self {
        Layers {
            layers: LayerId::ALL
                .iter()
                .map(|id| (LayerBuilder::new(*id), o.shows(*id)))
                .collect(),
        }
    }

    /// The builder of a layer, if it is shown.
    pub fn on(&mut self, id: LayerId) -> Option<&mut LayerBuilder> {
        self.layers
            .get_mut(id as usize)
            .filter(|(_, shown)| *shown)
            .map(|(b, _)| b)
    }

    /// Room for `n` items in a layer, if it is shown (saves a big board's regrowth).
    pub fn reserve(&mut self, id: LayerId, n: usize) {
        if let Some(l) = self.on(id) {
            l.reserve(n);
        }
    }

    /// Appends another part of the drawing, layer by layer, after what is here.
    pub fn append(&mut self, other: Layers) {
        for ((mine, _), (theirs, _)) in self.layers.iter_mut().zip(other.layers) {
            mine.append(theirs);
        }
    }

    /// Adds an item of no one cell to a layer, if it is shown.
    pub fn free(&mut self, id: LayerId, item: Item) {
        if let Some(l) = self.on(id) {
            l.free(item);
        }
    }

    pub fn finish(self, cells: usize) -> Vec<Layer> {
        self.layers
            .into_iter()
            .map(|(b, _)| b.finish(cells))
            .collect()
    }
}

/// A kind's look: colour (a loud fallback for an unknown id), pattern, icon.
pub(super) struct Look<'r> {
    pub colour: super::Rgba,
    pub pattern: Option<Pattern>,
    /// What the drawing knows its icon by ([`super::icons::drawn_as`]).
    pub icon: Option<String>,
    pub name: &'r str,
}

pub(super) fn look<'r>(r: &'r Ruleset, list: KindList, id: &'r str) -> Look<'r> {
    match r.kind(list, id) {
        Some(k) => Look {
            colour: k.colour.into(),
            pattern: k.pattern,
            icon: k.icon.as_deref().map(|f| super::icons::drawn_as(r, f)),
            name: &k.name,
        },
        None => Look {
            colour: super::style::UNKNOWN,
            pattern: None,
            icon: None,
            name: id,
        },
    }
}
