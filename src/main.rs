use std::path::PathBuf;

fn main() {
    // `sandtable ... | head` closes the pipe early: stop quietly, as other tools do,
    // instead of reporting a panic from `println!`.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.contains("Broken pipe") {
            std::process::exit(0);
        }
        default_hook(info);
    }));
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // `--ruleset-file PATH` (repeatable) goes to the designer as to every command.
    let (rest, rulesets) = ruleset_files(&args);
    // No arguments: the designer on the sample. One argument naming a scenario file: the
    // designer on that file. Anything else: the command line.
    let code = match rest.as_slice() {
        [_] => designer(None, rulesets),
        [_, file] if is_scenario_file(file) => designer(Some(PathBuf::from(file)), rulesets),
        [_, file] if names_scenario_file(file) => {
            // Meant for the designer, not a command: say what is wrong with the file.
            let path = std::path::Path::new(file);
            if path.exists() {
                eprintln!("error: {} is not a file", path.display());
            } else {
                eprintln!("error: {} does not exist", path.display());
            }
            2
        }
        _ => sandtable::cli::run(args),
    };
    std::process::exit(code);
}

/// The arguments without their `--ruleset-file PATH` (or `--ruleset-file=PATH`) pairs,
/// and those paths.
fn ruleset_files(args: &[std::ffi::OsString]) -> (Vec<std::ffi::OsString>, Vec<PathBuf>) {
    let (mut rest, mut files) = (Vec::new(), Vec::new());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.to_str() {
            Some("--ruleset-file") => match it.next() {
                Some(p) => files.push(PathBuf::from(p)),
                // A flag with no path: the command line says what is missing.
                None => rest.push(a.clone()),
            },
            Some(s) if s.starts_with("--ruleset-file=") => {
                files.push(PathBuf::from(&s["--ruleset-file=".len()..]));
            }
            _ => rest.push(a.clone()),
        }
    }
    (rest, files)
}

fn is_scenario_file(arg: &std::ffi::OsStr) -> bool {
    std::path::Path::new(arg).is_file() && names_scenario_file(arg)
}

/// Whether the argument has a scenario file's extension (.ron, .json).
fn names_scenario_file(arg: &std::ffi::OsStr) -> bool {
    sandtable::source::TextFormat::from_path(std::path::Path::new(arg)).is_some()
}

#[cfg(feature = "gui")]
fn designer(open: Option<PathBuf>, rulesets: Vec<PathBuf>) -> i32 {
    sandtable::app::run(open, rulesets)
}

#[cfg(not(feature = "gui"))]
fn designer(_open: Option<PathBuf>, _rulesets: Vec<PathBuf>) -> i32 {
    eprintln!(
        "error: this sandtable was built without the designer (the `gui` feature); \
         rebuild with `cargo build --features gui` (on by default), or run \
         `sandtable --help` for the commands this build has"
    );
    2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruleset_files_are_taken_out_for_the_designer() {
        let args: Vec<std::ffi::OsString> = [
            "sandtable",
            "--ruleset-file",
            "game.ron",
            "map.ron",
            "--ruleset-file=other.ron",
        ]
        .iter()
        .map(Into::into)
        .collect();
        let (rest, files) = ruleset_files(&args);
        assert_eq!(rest, ["sandtable", "map.ron"]);
        assert_eq!(
            files,
            [PathBuf::from("game.ron"), PathBuf::from("other.ron")]
        );
    }
}
