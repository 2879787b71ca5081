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
    // With no arguments this will open the designer; until it exists, it prints help.
    std::process::exit(sandtable::cli::run(std::env::args_os()));
}
