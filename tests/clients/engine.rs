//! VASSAL's engine run by `vassal-check`, one way for every client test.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::Value;

use sandtable::io::export::{ExportJob, ExportOptions};
use sandtable::io::vassal;
use sandtable::rules::Ruleset;
use sandtable::scenario::Scenario;

/// The checker with its JVM told to stop at the first compiler tier and to collect
/// garbage on the thread that made it: a check is one short run, and the optimising
/// compiler's threads were half its CPU (4.8 s of CPU a check before, 2.5 s after, the
/// same report), the default collector's threads another 10 to 20% of what was left.
pub fn command(checker: &Path) -> Command {
    let mut c = Command::new(checker);
    c.env(
        "JAVA_TOOL_OPTIONS",
        "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC",
    );
    c
}

/// The checker's report on `vmod` with every hex and no component tree, asking the
/// extra `args` (probe points, labels); a report that is not JSON fails with the
/// checker's stderr.
pub fn report(checker: &Path, vmod: &Path, args: &[String]) -> Value {
    let out = command(checker)
        .arg(vmod)
        .args(["--all-hexes", "--no-tree"])
        .args(args)
        .output()
        .unwrap();
    parse(vmod, &out)
}

fn parse(vmod: &Path, out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{vmod:?}: {e}\n{}", String::from_utf8_lossy(&out.stderr)))
}

/// An example scenario as a module (`vassal::write` at 60 dpi) and VASSAL's report on it
/// with the scenario's predefined setup opened: the report keeps the New Game's pieces
/// too, so the tests that read the examples through VASSAL share one engine start each.
pub struct Example {
    pub module: Vec<u8>,
    pub report: Value,
}

/// The resolution `example` exports at.
pub const EXAMPLE_DPI: u32 = 60;

/// The options `example` exports with.
pub fn example_options() -> ExportOptions {
    ExportOptions {
        dpi: EXAMPLE_DPI,
        ..ExportOptions::default()
    }
}

/// The check of the example at `path`, made once per test process; a second test asking
/// for it while the first one's check runs waits for that check.
pub fn example(checker: &Path, path: &Path, s: &Scenario, r: &Ruleset) -> Arc<Example> {
    type Checks = Mutex<HashMap<PathBuf, Arc<OnceLock<Arc<Example>>>>>;
    static CHECKS: OnceLock<Checks> = OnceLock::new();
    let cell = CHECKS
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(path.to_path_buf())
        .or_default()
        .clone();
    cell.get_or_init(|| {
        let module = vassal::write(&ExportJob::new(s, r, &example_options())).expect("exports");
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("m.vmod");
        std::fs::write(&file, &module).unwrap();
        let report = report(checker, &file, &["--setup".into(), s.title.clone()]);
        Arc::new(Example { module, report })
    })
    .clone()
}
