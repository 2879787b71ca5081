//! Sandtable: a rules-aware editor for wargame maps and scenarios.
//!
//! Layers, each using only those before it: [`board`] (geometry) -> [`scenario`]
//! (the document and its edits) -> [`rules`] (the rules core) -> [`io`] (files) ->
//! [`cli`] (the command line) and [`app`] (the designer). Only [`app`] draws.

pub mod app;
pub mod board;
pub mod cli;
pub mod colour;
pub mod diagnostic;
pub mod io;
mod labelmap;
pub mod rules;
pub mod scenario;
pub mod scene;
pub mod source;
mod strenum;

pub use strenum::UnknownName;
