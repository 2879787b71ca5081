//! Starting the designer from the command line: a missing file is named, and the help
//! says how to open the designer.

use crate::common;

use common::sandtable;

#[test]
fn a_missing_scenario_file_is_named_not_taken_for_a_command() {
    let (code, _, err) = sandtable(&["missing.ron"]);
    assert_eq!(code, 2);
    assert!(err.contains("missing.ron does not exist"), "{err}");
    assert!(!err.contains("unrecognized subcommand"), "{err}");
}

#[test]
fn help_says_that_a_file_alone_opens_the_designer() {
    let (code, out, _) = sandtable(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("sandtable [FILE]"), "{out}");
    assert!(out.contains("opens the designer"), "{out}");
}
