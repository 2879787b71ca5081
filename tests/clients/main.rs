//! Our exports checked by the real clients (Tiled, tmxrasterizer, VASSAL's engine) and
//! the imports of what they write.

#![allow(clippy::unwrap_used)] // A test's helpers unwrap: a panic is its report.

mod engine;
mod tiled;
mod vassal;
mod vassal_import;
#[path = "../common/vmod.rs"]
mod vmod;
