//! Exporting a scenario: the options every format shares, the drawing made once from
//! the scene, and the atomic write of the result.

use std::cell::OnceCell;
use std::path::Path;

use super::format::MapFormat;
use super::pdf::PdfError;
use super::raster::{self, RasterError};
use super::sheets::{self, Paper, SheetPlan};
use super::svg::{SvgOptions, write_svg};
use crate::rules::Ruleset;
use crate::scenario::Scenario;
use crate::scene::asked::Asked;
use crate::scene::overlay;
use crate::scene::table_overlay;
use crate::scene::{self, LayerId, Scene, SceneOptions};

/// What the user chose besides the format.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportOptions {
    /// Dots per inch of a raster image.
    pub dpi: u32,
    /// The paper a PDF's sheets are.
    pub paper: Paper,
    /// The layers drawn; `None`: all.
    pub layers: Option<Vec<LayerId>>,
    /// Previews drawn over the map, in the `overlays` layer, with the values given
    /// where the ruleset has none (`--overlay arcs:u1:range=12`).
    pub overlays: Vec<Asked>,
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions {
            dpi: raster::DEFAULT_DPI,
            paper: Paper::A4,
            layers: None,
            overlays: Vec::new(),
        }
    }
}

/// Parses a list of layer names, as `--layers terrain,units` gives them.
pub fn parse_layers<S: AsRef<str>>(names: &[S]) -> Result<Vec<LayerId>, ExportError> {
    names
        .iter()
        .map(|n| n.as_ref().trim())
        .filter(|n| !n.is_empty())
        .map(|n| {
            n.parse::<LayerId>()
                .map_err(|_| ExportError::UnknownLayer(n.to_string()))
        })
        .collect()
}

/// The board drawn as SVG, with its true size.
#[derive(Debug, Clone)]
pub struct Drawing {
    pub svg: String,
    pub size_mm: (f64, f64),
}

/// One export: the scenario, its ruleset and the options; the drawing is made at most
/// once, when a format first asks for it.
pub struct ExportJob<'a> {
    pub scenario: &'a Scenario,
    pub ruleset: &'a Ruleset,
    pub options: &'a ExportOptions,
    scene: OnceCell<Scene>,
    drawing: OnceCell<Drawing>,
}

impl<'a> ExportJob<'a> {
    pub fn new(scenario: &'a Scenario, ruleset: &'a Ruleset, options: &'a ExportOptions) -> Self {
        ExportJob {
            scenario,
            ruleset,
            options,
            scene: OnceCell::new(),
            drawing: OnceCell::new(),
        }
    }

    /// The scene of the chosen layers with the previews asked for: what every image of
    /// the export draws.
    pub fn scene(&self) -> Result<&Scene, ExportError> {
        if let Some(s) = self.scene.get() {
            return Ok(s);
        }
        let layers = self
            .options
            .layers
            .clone()
            .unwrap_or_else(|| LayerId::ALL.to_vec());
        let draws_overlays = layers.contains(&LayerId::Overlays);
        let scene_options = SceneOptions {
            layers,
            ..SceneOptions::default()
        };
        let mut scene = scene::build(self.scenario, self.ruleset, &scene_options);
        for ask in &self.options.overlays {
            let items = match &scene.layout {
                Some((layout, board)) => {
                    let preview = ask
                        .on_hexes()
                        .and_then(|given| ask.ask.answer_given(self.scenario, self.ruleset, given))
                        .map_err(|e| ExportError::Overlay(e.0))?;
                    overlay::draw(&preview, board, layout)
                }
                // A table's scene is in board units: a thin line is a millimetre.
                None => {
                    let given = ask.on_a_table();
                    let answer =
                        table_overlay::answer_given(&ask.ask, self.scenario, self.ruleset, &given)
                            .map_err(|e| ExportError::Overlay(e.0))?;
                    table_overlay::draw(&answer, 1.0 / scene.mm_per_unit, Some(scene.size))
                }
            };
            if draws_overlays {
                scene.add_overlay(items);
            }
        }
        Ok(self.scene.get_or_init(|| scene))
    }

    /// The scene as SVG (the SVG and PDF exports).
    pub fn drawing(&self) -> Result<&Drawing, ExportError> {
        if let Some(d) = self.drawing.get() {
            return Ok(d);
        }
        let scene = self.scene()?;
        let svg = write_svg(
            scene,
            &SvgOptions {
                layers: None,
                title: Some(self.scenario.title.clone()),
                ..SvgOptions::default()
            },
        );
        let size = scene.size_mm();
        Ok(self.drawing.get_or_init(|| Drawing {
            svg,
            size_mm: (f64::from(size.x), f64::from(size.y)),
        }))
    }

    /// The board's size in millimetres.
    pub fn size_mm(&self) -> Result<(f64, f64), ExportError> {
        let size = self.scene()?.size_mm();
        Ok((f64::from(size.x), f64::from(size.y)))
    }

    /// How the board is cut into sheets of the chosen paper.
    pub fn sheets(&self) -> Result<SheetPlan, ExportError> {
        Ok(sheets::plan(self.size_mm()?, self.options.paper))
    }
}

/// Why an export failed. Nothing is left at the output path.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("unknown format '{0}' (known: {known})", known = super::format::names().join(", "))]
    UnknownFormat(String),
    #[error("unknown layer '{0}' (known: {known})", known = LayerId::NAMES.join(", "))]
    UnknownLayer(String),
    /// The scenario could not be written as its text format.
    #[error("cannot write the scenario: {0}")]
    Text(#[from] super::TextError),
    /// The scenario could not be written as JSON (a Tiled map's properties).
    #[error("cannot write the scenario: {0}")]
    Json(#[from] serde_json::Error),
    /// The module's zip archive could not be written.
    #[error("cannot write the scenario: cannot write the module: {0}")]
    Module(#[from] zip::result::ZipError),
    #[error("{0}")]
    Raster(#[from] RasterError),
    #[error("{0}")]
    Pdf(#[from] PdfError),
    /// A preview that cannot be drawn (the message names it and why).
    #[error("{0}")]
    Overlay(String),
    /// The board is larger than the target client takes (the message says the limit).
    #[error("{0}")]
    TooLarge(String),
    #[error("{path}: cannot write the export: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
}

/// Writes the scenario in `format` to `path`, atomically: on any error the previous
/// file (if any) is left as it was and no partial file is left.
pub fn export_to(format: &dyn MapFormat, job: &ExportJob, path: &Path) -> Result<(), ExportError> {
    // Every file is made before any is written; companions (a tileset image) go first,
    // so that the main file never names one that is not there.
    for (file, bytes) in format.files(job, path)? {
        super::atomic::write(&file, &bytes).map_err(|source| ExportError::Write {
            path: file.display().to_string(),
            source,
        })?;
    }
    Ok(())
}
