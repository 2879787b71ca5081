fn main() {
    // With no arguments this will open the designer; until it exists, it prints help.
    std::process::exit(sandtable::cli::run(std::env::args_os()));
}
