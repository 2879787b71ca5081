//! A board's background: an image (a module's printed map, a scanned map to trace)
//! drawn under the terrain, placed in board units.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::freeform::Point;

/// The optional `background` of a board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Background {
    /// The image file (PNG, JPEG or GIF), relative to the scenario file.
    pub image: String,
    /// Where the image's top-left corner lies, in board units (millimetres on a hex
    /// board).
    #[serde(default)]
    pub at: Point,
    /// Board units per image pixel.
    pub scale: f64,
    /// The VASSAL module board this image and grid came from, for exporting back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vassal: Option<VassalBoard>,
    /// Two points of the image a known distance apart that gave `scale` (a scanned
    /// table or a photo measured with a tape), kept so that they can be shown and
    /// moved again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measure: Option<Measure>,
}

/// Two points of a background image and their distance on the board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Measure {
    /// The first point, in image pixels.
    pub from: Point,
    /// The second point, in image pixels.
    pub to: Point,
    /// How far apart the two points are on the board, in board units.
    pub distance: f64,
}

impl Measure {
    /// The board units per image pixel the two points give; `None` when they coincide
    /// or the distance is not a positive number.
    pub fn scale(&self) -> Option<f64> {
        let px = (self.to.x - self.from.x).hypot(self.to.y - self.from.y);
        (px.is_finite() && px > 0.0 && self.distance.is_finite() && self.distance > 0.0)
            .then(|| self.distance / px)
    }
}

/// Where in a VASSAL module a board came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VassalBoard {
    /// The Map's name (`mapName`).
    pub map: String,
    /// The Board's name.
    pub board: String,
    /// In a `ZonedGrid`, the zone whose grid the board is; `None`: the board's grid
    /// (or the zoned grid's background grid).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    /// The module file itself (relative to the scenario's folder, or absolute), so that
    /// File > Export can write a new module from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub module: Option<String>,
}

impl VassalBoard {
    /// How a scenario at `scenario` names the module at `module`: relative when the
    /// module lies in the scenario's folder or below it, else absolute.
    pub fn module_name(scenario: Option<&std::path::Path>, module: &std::path::Path) -> String {
        let module = std::path::absolute(module).unwrap_or_else(|_| module.to_path_buf());
        let dir = scenario
            .and_then(|s| std::path::absolute(s).ok())
            .and_then(|s| s.parent().map(std::path::Path::to_path_buf));
        match dir.as_deref().and_then(|d| module.strip_prefix(d).ok()) {
            Some(rel) => rel.to_string_lossy().into_owned(),
            None => module.to_string_lossy().into_owned(),
        }
    }

    /// The module's path for a scenario at `scenario` (`None`: unsaved, so the name is
    /// taken as it is).
    pub fn module_path(&self, scenario: Option<&std::path::Path>) -> Option<std::path::PathBuf> {
        let name = std::path::Path::new(self.module.as_deref()?);
        Some(match scenario.and_then(std::path::Path::parent) {
            Some(dir) if name.is_relative() => dir.join(name),
            _ => name.to_path_buf(),
        })
    }
}

/// Why a background cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BackgroundError {
    /// The scale is not a positive number.
    #[error("background: scale must be a positive number, not {0}")]
    Scale(f64),
    /// The image's place is not a finite point.
    #[error("background: the image's place must be a finite point")]
    At,
    /// No image file is named.
    #[error("background: the image needs a file name")]
    Image,
    /// The two measured points coincide, or their distance is not positive.
    #[error("background: measure needs two different points and a positive distance")]
    Measure,
    /// The scale is not the one the two measured points give.
    #[error("background: scale {scale} is not the {measured} that measure gives")]
    MeasuredScale {
        /// The scale the file gives.
        scale: f64,
        /// The scale the two points give.
        measured: f64,
    },
}

impl Background {
    /// Checks the numbers a reader must refuse.
    pub fn check(&self) -> Result<(), BackgroundError> {
        if !(self.scale.is_finite() && self.scale > 0.0) {
            return Err(BackgroundError::Scale(self.scale));
        }
        if !self.at.is_finite() {
            return Err(BackgroundError::At);
        }
        if self.image.trim().is_empty() {
            return Err(BackgroundError::Image);
        }
        if let Some(m) = &self.measure {
            let measured = m.scale().ok_or(BackgroundError::Measure)?;
            if ((measured - self.scale) / measured).abs() > 1e-6 {
                return Err(BackgroundError::MeasuredScale {
                    scale: self.scale,
                    measured,
                });
            }
        }
        Ok(())
    }

    /// Board units of an image pixel position.
    pub fn to_board(&self, px: (f64, f64)) -> (f64, f64) {
        (self.at.x + px.0 * self.scale, self.at.y + px.1 * self.scale)
    }

    /// Image pixels of a board position.
    pub fn to_pixels(&self, p: (f64, f64)) -> (f64, f64) {
        (
            (p.0 - self.at.x) / self.scale,
            (p.1 - self.at.y) / self.scale,
        )
    }
}
