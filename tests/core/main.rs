//! The library and the command line as users and other clients meet them: one test
//! binary (each module was a binary of its own, each linking the whole library).

#![allow(clippy::unwrap_used)] // A test's helpers unwrap: a panic is its report.

mod big_files;
mod brook_and_battery;
mod card;
mod chequer_field;
mod cli;
#[path = "../common/mod.rs"]
mod common;
mod designer_cli;
mod docs;
mod dun_valley;
mod edits;
mod export;
mod files;
mod ford_and_ridge;
mod ground;
mod incremental;
mod layers;
mod mini_nap;
mod mini_nap_cli;
mod module_file;
mod movement;
mod multiboard;
mod multiboard_square;
mod overlay;
mod pbs;
mod pbs_effects;
mod play;
mod printed_maps;
mod renderers;
mod rules;
mod rulesets;
mod scenario_plan;
mod scene;
mod schema;
mod shapes;
mod sight;
mod table_field;
mod table_game;
mod tiled_import;
mod user_game;
mod vassal_import;
#[path = "../common/vmod.rs"]
mod vmod;
