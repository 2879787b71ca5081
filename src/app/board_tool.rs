//! The one trait every canvas tool implements, on a hex board or a freeform table: the
//! canvas reads the pointer once per frame in the board's terms and hands it to the
//! tool in hand, so a new tool (a preview, say) plugs in without touching the others.

/// A kind of board: what its tools see of the pointer, and what they work on.
pub trait BoardKind {
    type Input<'a>;
    type Target<'a>;
}

/// A tool of the canvas on boards of kind `K`.
pub trait BoardTool<K: BoardKind> {
    /// Called every frame the pointer is over the canvas.
    fn input(&mut self, t: &mut K::Target<'_>, p: &K::Input<'_>);
    /// The pointer left the canvas: finish whatever is under way.
    fn leave(&mut self, _t: &mut K::Target<'_>) {}
    /// Enter or Escape pressed (wherever the pointer is): finish or drop what is under
    /// way.
    fn keys(&mut self, _t: &mut K::Target<'_>, _enter: bool, _escape: bool) {}
    /// What the tool does, for the status bar.
    fn hint(&self) -> &'static str;
}
