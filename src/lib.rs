//! Sandtable: a rules-aware editor for wargame maps and scenarios.
//!
//! Layers, each using only those before it (nothing imports upward): [`board`]
//! (geometry, including how a hexside is named) -> [`scenario`] (the document, its
//! edits and the findings about it, [`scenario::diagnostic`]) -> [`rules`] (the rules
//! core, including the structural checks against a ruleset, [`rules::check`]) -> [`scene`]
//! (one drawing of a scenario) -> [`io`] (files and exports) -> [`cli`] (the command
//! line) and `app` (the designer, behind the default `gui` feature). Only `app` uses
//! egui. [`source`], [`colour`], `strenum` and `labelmap` are helpers any layer may use.

#[cfg(feature = "gui")]
pub mod app;
pub mod board;
pub mod cli;
pub mod colour;
pub mod io;
mod labelmap;
pub mod rules;
pub mod scenario;
pub mod scene;
pub mod source;
mod strenum;

pub use strenum::UnknownName;
