//! File > Import Tiled map...: a map whose tiles name no terrain (Tiled's own examples
//! and most public maps), or one the open game cannot take (a hex map while a table is
//! open), opens a window: the map's tiles, each with its picture cut from the
//! tileset's image, beside the ruleset's terrains; a tile is picked, then its terrain.
//! The choice is remembered per tileset file as a `--map` table beside it (see
//! [`crate::io::tiled::assign`]), which the next import of a map with that tileset
//! starts from and `sandtable import --map` reads.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use egui::Ui;

use super::window::{Desk, Outcome, Shown, Window};
use crate::board::Board;
use crate::io::tiled::assign::{self, UsedTile};
use crate::io::tiled::import::{self, Imported};
use crate::io::tiled::model::{TiledMap, prop};
use crate::io::tiled::reader::imported;
use crate::rules::{KindList, Ruleset, Rulesets};

/// The height of the lists of tiles and terrains: the window fits a small screen.
const LIST_HEIGHT: f32 = 320.0;

/// The widest a tile's picture is kept (a public map's tiles are 474 px wide).
const PICTURE_PX: u32 = 64;

/// The window giving a map's tiles their terrains and the map its ruleset.
pub struct TiledImport {
    pub path: PathBuf,
    map: TiledMap,
    /// The ruleset chosen (empty until one is).
    pub ruleset: String,
    /// The map names its ruleset: no choice is offered.
    named: bool,
    /// Why the open game is not offered (it plays on another kind of board).
    open_game: Option<String>,
    /// The tiles to give terrains, the most used first.
    pub tiles: Vec<UsedTile>,
    /// The terrain chosen for each tile, by tileset and id.
    pub chosen: BTreeMap<(usize, u32), String>,
    /// What the tilesets' remembered tables said.
    remembered: BTreeMap<(usize, u32), String>,
    /// The tile the next terrain picked goes to.
    pub selected: Option<usize>,
    /// Each tile's picture, once loaded (none for a tile without an image).
    pictures: Option<Vec<Option<egui::TextureHandle>>>,
    /// Why the last Import failed.
    problem: Option<String>,
}

/// Whether the game `r` plays on the kind of board the map is.
fn fits(kind: Option<import::MapKind>, r: &Ruleset) -> bool {
    kind.is_some_and(|k| r.board.kind() == k.board())
}

impl TiledImport {
    /// The window for `map`; `open` is the open document's ruleset.
    pub fn new(path: &Path, map: TiledMap, open: &str, rulesets: &Rulesets) -> Self {
        let named_id = prop(&map.properties, "ruleset")
            .filter(|id| rulesets.get(id).is_some())
            .map(str::to_string);
        let kind = import::kind_of_map(&map);
        let open_fits = rulesets.get(open).is_some_and(|r| fits(kind, r));
        let open_game = (!open_fits).then(|| {
            let name = rulesets.get(open).map_or(open, |r| r.name.as_str());
            let board = match rulesets.get(open).map(|r| &r.board) {
                Some(Board::Hex(_)) => "a hex board",
                Some(Board::Square(_)) => "a square board",
                _ => "a table",
            };
            let map_kind = match kind {
                Some(import::MapKind::Hex) => "a hex map",
                Some(import::MapKind::Square) => "a map of squares",
                _ => "a table",
            };
            format!("The open game, {name}, plays on {board}; this is {map_kind}: choose a game.")
        });
        // The most used first: the ground, then what stands on it.
        let mut tiles = assign::unassigned(&map);
        tiles.sort_by_key(|t| std::cmp::Reverse(t.cells));
        let mut remembered = BTreeMap::new();
        for (i, ts) in map.tilesets.iter().enumerate() {
            for (id, kind) in assign::remembered(path, ts).unwrap_or_default() {
                remembered.insert((i, id), kind);
            }
        }
        let ruleset = match &named_id {
            Some(id) => id.clone(),
            None if open_fits => open.to_string(),
            None => String::new(),
        };
        let mut w = TiledImport {
            path: path.to_path_buf(),
            map,
            ruleset,
            named: named_id.is_some(),
            open_game,
            selected: (!tiles.is_empty()).then_some(0),
            tiles,
            chosen: BTreeMap::new(),
            remembered,
            pictures: None,
            problem: None,
        };
        w.adopt(rulesets);
        w
    }

    /// Whether the map imports as it is: its tiles name their terrains and the game is
    /// known and fits.
    pub fn needs_nothing(&self) -> bool {
        self.tiles.is_empty() && !self.ruleset.is_empty()
    }

    /// Keeps the choices the chosen ruleset has terrains for, and fills in the
    /// remembered ones it has.
    fn adopt(&mut self, rulesets: &Rulesets) {
        let Some(r) = rulesets.get(&self.ruleset) else {
            return;
        };
        let known = |k: &String| r.kind(KindList::Terrain, k).is_some();
        self.chosen.retain(|_, k| known(k));
        for t in &self.tiles {
            if let Some(k) = self.remembered.get(&(t.tileset, t.id)).filter(|k| known(k)) {
                self.chosen
                    .entry((t.tileset, t.id))
                    .or_insert_with(|| k.clone());
            }
        }
    }

    /// A tile's name in the list: its id (and tileset, on a map with several) and how
    /// many cells show it.
    fn tile_name(&self, t: &UsedTile) -> String {
        let tileset = if self.map.tilesets.len() > 1 {
            self.map
                .tilesets
                .get(t.tileset)
                .map_or(String::new(), |ts| format!(" of '{}'", ts.name))
        } else {
            String::new()
        };
        format!(
            "tile {}{tileset} ({})",
            t.id,
            super::words::counted(t.cells, "cell")
        )
    }

    /// Cuts every tile's picture out of its tileset's image (or takes its own, in an
    /// image collection), small: a list of pictures, not the map.
    fn load_pictures(&mut self, ctx: &egui::Context) {
        let mut images: BTreeMap<PathBuf, Option<image::RgbaImage>> = BTreeMap::new();
        let mut out = Vec::new();
        for (n, t) in self.tiles.iter().enumerate() {
            let found = self
                .map
                .tilesets
                .get(t.tileset)
                .and_then(|ts| assign::picture(&self.path, ts, t.id));
            let picture = found.and_then(|(path, rect)| {
                let image = images
                    .entry(path.clone())
                    .or_insert_with(|| image::open(&path).ok().map(|i| i.to_rgba8()))
                    .as_ref()?;
                let tile = match rect {
                    // The tileset may say another size than its image has.
                    Some((x, y, w, h)) if x + w <= image.width() && y + h <= image.height() => {
                        image::imageops::crop_imm(image, x, y, w, h).to_image()
                    }
                    Some(_) => return None,
                    None => image.clone(),
                };
                let tile = if tile.width() > PICTURE_PX {
                    let h = (tile.height() * PICTURE_PX / tile.width()).max(1);
                    image::imageops::thumbnail(&tile, PICTURE_PX, h)
                } else {
                    tile
                };
                let colour = egui::ColorImage::from_rgba_unmultiplied(
                    [tile.width() as usize, tile.height() as usize],
                    tile.as_raw(),
                );
                Some(ctx.load_texture(
                    format!("tiled import {} tile {n}", self.path.display()),
                    colour,
                    egui::TextureOptions::NEAREST,
                ))
            });
            out.push(picture);
        }
        self.pictures = Some(out);
    }

    /// The window's body; `Some(true)`: Import was pressed, `Some(false)`: Cancel.
    fn ui(&mut self, ui: &mut Ui, rulesets: &Rulesets) -> Option<bool> {
        let mut answer = None;
        ui.label(self.path.display().to_string());
        if !self.named {
            ui.separator();
            if let Some(why) = &self.open_game {
                ui.label(why);
            }
            ui.strong("Game");
            let kind = import::kind_of_map(&self.map);
            let before = self.ruleset.clone();
            for r in rulesets.iter().filter(|r| fits(kind, r)) {
                ui.radio_value(&mut self.ruleset, r.id.clone(), &r.name);
            }
            if self.ruleset != before {
                self.adopt(rulesets);
            }
        }
        let ruleset = rulesets.get(&self.ruleset);
        if !self.tiles.is_empty() {
            ui.separator();
            let rest = ruleset
                .and_then(|r| r.default_terrain.as_deref())
                .and_then(|d| ruleset.and_then(|r| r.kind(KindList::Terrain, d)))
                .map_or(String::new(), |k| {
                    format!(" Tiles left without one are {}.", k.name)
                });
            ui.label(format!(
                "These tiles name no terrain: pick a tile, then the terrain it shows.{rest}"
            ));
            ui.horizontal_top(|ui| {
                self.tile_list(ui, ruleset);
                ui.add_space(16.0);
                self.terrain_list(ui, ruleset);
            });
            if let Some(ts) = self.map.tilesets.first() {
                let file = assign::memory_path(&self.path, ts);
                let more = if self.map.tilesets.len() > 1 {
                    " (and beside each other tileset)"
                } else {
                    ""
                };
                ui.weak(format!(
                    "Kept in {}{more} for the next import of a map with these tiles, and for \
                     `sandtable import --map`.",
                    file.display()
                ));
            }
        }
        if let Some(p) = &self.problem {
            ui.colored_label(ui.visuals().error_fg_color, p);
        }
        ui.separator();
        ui.horizontal(|ui| {
            let all = ruleset.is_some_and(|r| r.default_terrain.is_some())
                || self
                    .tiles
                    .iter()
                    .all(|t| self.chosen.contains_key(&(t.tileset, t.id)));
            if ui
                .add_enabled(ruleset.is_some() && all, egui::Button::new("Import"))
                .clicked()
            {
                answer = Some(true);
            }
            if ui.button("Cancel").clicked() {
                answer = Some(false);
            }
        });
        answer
    }

    fn tile_list(&mut self, ui: &mut Ui, ruleset: Option<&Ruleset>) {
        let pictures = self.pictures.take().unwrap_or_default();
        ui.vertical(|ui| {
            ui.strong("Tiles");
            egui::ScrollArea::vertical()
                .max_height(LIST_HEIGHT)
                .min_scrolled_height(LIST_HEIGHT)
                .id_salt("tiled import tiles")
                .show(ui, |ui| {
                    let mut clicked = None;
                    for (i, t) in self.tiles.iter().enumerate() {
                        ui.horizontal(|ui| {
                            let size = egui::vec2(32.0, 32.0);
                            match pictures.get(i).and_then(Option::as_ref) {
                                Some(tex) => {
                                    ui.add(
                                        egui::Image::from_texture(
                                            egui::load::SizedTexture::from_handle(tex),
                                        )
                                        .fit_to_exact_size(size),
                                    );
                                }
                                None => {
                                    ui.allocate_exact_size(size, egui::Sense::hover());
                                }
                            }
                            let name = self.tile_name(t);
                            if ui
                                .selectable_label(self.selected == Some(i), name)
                                .clicked()
                            {
                                clicked = Some(i);
                            }
                            let kind = self.chosen.get(&(t.tileset, t.id));
                            let shown = kind.map(|k| {
                                ruleset
                                    .and_then(|r| r.kind(KindList::Terrain, k))
                                    .map_or(k.as_str(), |k| k.name.as_str())
                            });
                            match shown {
                                Some(name) => ui.label(format!("is {name}")),
                                None => ui.weak("no terrain yet"),
                            };
                        });
                    }
                    if clicked.is_some() {
                        self.selected = clicked;
                    }
                });
        });
        self.pictures = Some(pictures);
    }

    fn terrain_list(&mut self, ui: &mut Ui, ruleset: Option<&Ruleset>) {
        ui.vertical(|ui| {
            let tile = self.selected.and_then(|i| self.tiles.get(i));
            ui.strong(match tile {
                Some(t) => format!("Terrain of tile {}", t.id),
                None => "Terrain".to_string(),
            });
            let Some(r) = ruleset else {
                ui.weak("Choose a game first.");
                return;
            };
            let mut picked = None;
            egui::ScrollArea::vertical()
                .max_height(LIST_HEIGHT)
                .min_scrolled_height(LIST_HEIGHT)
                .id_salt("tiled import terrains")
                .show(ui, |ui| {
                    for k in &r.terrains {
                        ui.horizontal(|ui| {
                            let (rect, _) = ui
                                .allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                            let [cr, cg, cb] = k.colour.0;
                            ui.painter().rect_filled(
                                rect,
                                2.0,
                                egui::Color32::from_rgb(cr, cg, cb),
                            );
                            if ui
                                .add_enabled(tile.is_some(), egui::Button::new(&k.name))
                                .clicked()
                            {
                                picked = Some(k.id.clone());
                            }
                        });
                    }
                });
            if let (Some(kind), Some(i)) = (picked, self.selected) {
                if let Some(t) = self.tiles.get(i) {
                    self.chosen.insert((t.tileset, t.id), kind);
                }
                // On to the next tile without a terrain, as one paints down a list.
                let n = self.tiles.len();
                self.selected = (1..=n).map(|d| (i + d) % n).find(|j| {
                    let t = &self.tiles[*j];
                    !self.chosen.contains_key(&(t.tileset, t.id))
                });
            }
        });
    }

    /// Imports the map with the choices made (tiles left without a terrain are the
    /// ruleset's default) and remembers them beside each tileset; a table that cannot
    /// be written is said among the warnings.
    pub fn import(&self, rulesets: &Rulesets) -> Result<Imported, String> {
        let r = rulesets
            .get(&self.ruleset)
            .ok_or_else(|| format!("unknown ruleset '{}'", self.ruleset))?;
        let mut chosen = self.chosen.clone();
        if let Some(d) = &r.default_terrain {
            for t in &self.tiles {
                chosen.entry((t.tileset, t.id)).or_insert_with(|| d.clone());
            }
        }
        let table = (!chosen.is_empty()).then(|| assign::table(&self.map, &self.path, &chosen));
        let mut imported = import::to_scenario(
            &self.map,
            Some(&self.ruleset),
            table.as_ref(),
            rulesets,
            &self.path,
        )
        .map_err(|e| e.to_string())?;
        for (i, ts) in self.map.tilesets.iter().enumerate() {
            let mut ids = assign::remembered(&self.path, ts).unwrap_or_default();
            let before = ids.clone();
            ids.extend(
                chosen
                    .iter()
                    .filter(|((t, _), _)| *t == i)
                    .map(|((_, id), k)| (*id, k.clone())),
            );
            if ids != before
                && let Err(e) = assign::remember(&self.path, ts, &self.ruleset, &ids)
            {
                imported.warnings.push(e);
            }
        }
        Ok(imported)
    }
}

impl Window for TiledImport {
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        if self.pictures.is_none() {
            self.load_pictures(ctx);
        }
        let mut answer = None;
        // Its top left stays put (as File > New's): centred, it moved as its lists
        // changed, and the next click landed on another tile.
        let id = egui::Id::unique("import tiled");
        let left = ctx.content_rect().center().x - 300.0;
        let area = egui::Modal::default_area(id).anchor(egui::Align2::LEFT_TOP, [left, 60.0]);
        egui::Modal::new(id).area(area).show(ctx, |ui| {
            ui.heading("Import Tiled map");
            answer = self.ui(ui, desk.rulesets);
        });
        match answer {
            None => Shown::open(),
            Some(false) => Shown::closed(),
            Some(true) => match self.import(desk.rulesets) {
                Ok(i) => Shown::done(Outcome::Imported(self.path.clone(), Box::new(imported(i)))),
                Err(e) => {
                    // Said in the window, which stays for another choice.
                    self.problem = Some(e);
                    Shown::open()
                }
            },
        }
    }
}
