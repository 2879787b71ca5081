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
    // No arguments: the designer on the sample. One argument naming a scenario file: the
    // designer on that file. Anything else: the command line.
    let code = match args.as_slice() {
        [_] => designer(None),
        [_, file] if is_scenario_file(file) => designer(Some(PathBuf::from(file))),
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

fn is_scenario_file(arg: &std::ffi::OsStr) -> bool {
    std::path::Path::new(arg).is_file() && names_scenario_file(arg)
}

/// Whether the argument has a scenario file's extension (.ron, .json).
fn names_scenario_file(arg: &std::ffi::OsStr) -> bool {
    sandtable::source::TextFormat::from_path(std::path::Path::new(arg)).is_some()
}

#[cfg(feature = "gui")]
fn designer(open: Option<PathBuf>) -> i32 {
    sandtable::app::run(open)
}

#[cfg(not(feature = "gui"))]
fn designer(_open: Option<PathBuf>) -> i32 {
    eprintln!(
        "error: this sandtable was built without the designer (the `gui` feature); \
         rebuild with `cargo build --features gui` (on by default), or run \
         `sandtable --help` for the commands this build has"
    );
    2
}
