//! Our exports checked by the real clients (Tiled, tmxrasterizer, VASSAL's engine) and
//! the imports of what they write.

mod engine;
mod tiled;
mod vassal;
mod vassal_import;
#[path = "../common/vmod.rs"]
mod vmod;
