//! VASSAL's engine run by `vassal-check`, one way for every client test.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

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
