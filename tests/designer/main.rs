//! The designer driven as a user would, through egui_kittest (and the real window for
//! crash recovery): one test binary, built only with the `gui` feature.

#![allow(clippy::unwrap_used)] // A test's helpers unwrap: a panic is its report.

mod areas;
mod backdrop;
mod basics;
mod big;
mod boards;
mod counters;
#[path = "../designer_kit/mod.rs"]
mod designer_kit;
mod export;
mod files;
mod import;
mod inputs;
mod keys;
mod layers;
mod lean;
mod module_editor;
mod palette;
mod pbs;
mod preview;
mod properties;
mod recovery;
mod scenario_plan;
mod squares;
mod table;
mod undo;
#[path = "../common/vmod.rs"]
mod vmod;
mod windows;
