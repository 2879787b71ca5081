//! Our exports checked by the real clients (Tiled, tmxrasterizer, VASSAL's engine) and
//! the imports of what they write, and the PDF in the readers users print from.

#![allow(clippy::unwrap_used)] // A test's helpers unwrap: a panic is its report.

mod areas;
#[path = "../common/mod.rs"]
mod common;
mod engine;
mod multiboard;
mod pdf_readers;
mod setup;
mod squares;
mod tiled;
mod vassal;
mod vassal_import;
#[path = "../common/vmod.rs"]
mod vmod;
