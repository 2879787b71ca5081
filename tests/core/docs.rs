//! The manual holds together without building it (mdBook is not in CI): every relative
//! link and image of README.md and docs/ leads to a file of the repository, and every
//! `#anchor` to a heading of that file by the slug rule GitHub and mdBook share; every
//! chapter is in docs/SUMMARY.md; the README stays a front page, not a manual.

use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The README's longest: what Sandtable is, the two commands, the features, where to
/// read on.
const README_MAX_LINES: usize = 220;

/// The text outside fenced code blocks, with inline code spans blanked out (they may
/// show link syntax as an example), lines kept so that positions still count.
fn prose(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut fence: Option<(char, usize)> = None;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        let run = |c: char| t.chars().take_while(|&x| x == c).count();
        let opens = ['`', '~']
            .into_iter()
            .map(|c| (c, run(c)))
            .find(|&(_, n)| n >= 3);
        match (fence, opens) {
            (None, Some(f)) => fence = Some(f),
            (Some((c, n)), Some((c2, n2))) if c == c2 && n2 >= n && t.trim_end().len() == n2 => {
                fence = None
            }
            _ => {}
        }
        if fence.is_some() || opens.is_some() {
            out.extend(line.chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
        } else {
            out.push_str(line);
        }
    }
    blank_code_spans(&out)
}

/// Blanks inline code: a run of backticks up to the next run of the same length, across
/// line ends as Markdown allows within a paragraph; a run with no match is text.
fn blank_code_spans(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = chars.clone();
    let run_at = |i: usize| chars[i..].iter().take_while(|&&c| c == '`').count();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            i += 1;
            continue;
        }
        let n = run_at(i);
        let mut j = i + n;
        let close = loop {
            if j >= chars.len() {
                break None;
            }
            if chars[j] == '`' {
                let m = run_at(j);
                if m == n {
                    break Some(j);
                }
                j += m;
            } else {
                j += 1;
            }
        };
        match close {
            Some(j) => {
                for c in &mut out[i..j + n] {
                    if *c != '\n' {
                        *c = ' ';
                    }
                }
                i = j + n;
            }
            None => i += n,
        }
    }
    out.into_iter().collect()
}

/// Every link and image target of a Markdown text, with its line: inline
/// `[text](target)` and `![alt](target)`, reference definitions `[id]: target`, and
/// HTML `src="..."` and `href="..."`.
fn targets(text: &str) -> Vec<(usize, String)> {
    let text = prose(text);
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let mut found = Vec::new();
    for (at, _) in text.match_indices("](") {
        let rest = text[at + 2..].trim_start();
        let target = if let Some(inner) = rest.strip_prefix('<') {
            inner.split('>').next().unwrap_or_default().to_string()
        } else {
            let mut depth = 0;
            rest.chars()
                .take_while(|&c| match c {
                    '(' => {
                        depth += 1;
                        true
                    }
                    ')' if depth == 0 => false,
                    ')' => {
                        depth -= 1;
                        true
                    }
                    c => !c.is_whitespace(),
                })
                .collect()
        };
        found.push((line_of(at), target));
    }
    for (n, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if let Some(close) = t.strip_prefix('[').and_then(|r| r.find("]: ")) {
            let target = t[close + 4..].split_whitespace().next().unwrap_or_default();
            found.push((n + 1, target.trim_matches(['<', '>']).to_string()));
        }
        for attr in ["src=\"", "href=\""] {
            for (at, _) in line.match_indices(attr) {
                let value = line[at + attr.len()..]
                    .split('"')
                    .next()
                    .unwrap_or_default();
                found.push((n + 1, value.to_string()));
            }
        }
    }
    found
}

/// A heading's anchor as GitHub and mdBook make it: the heading's text (code spans,
/// emphasis and link targets dropped) in lower case, letters, digits, `_` and `-` kept,
/// spaces turned into `-`, everything else dropped.
fn slug(heading: &str) -> String {
    let mut text = String::new();
    let mut rest = heading;
    // A link in a heading counts by its text only.
    while let Some(open) = rest.find("](") {
        text.push_str(&rest[..open]);
        rest = &rest[open + 2..];
        rest = rest.split_once(')').map_or("", |(_, after)| after);
    }
    text.push_str(rest);
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '_' || c == '-' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown text's ATX headings, outside code; a repeated one gets
/// `-1`, `-2`... as on GitHub and in mdBook.
fn anchors(text: &str) -> HashSet<String> {
    let mut seen = HashSet::new();
    for line in prose(text).lines() {
        let t = line.trim_start();
        let level = t.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&level) || !t[level..].starts_with(' ') {
            continue;
        }
        let title = t[level..].trim().trim_end_matches('#').trim();
        let base = slug(title);
        let mut s = base.clone();
        let mut n = 0;
        while seen.contains(&s) {
            n += 1;
            s = format!("{base}-{n}");
        }
        seen.insert(s);
    }
    seen
}

/// `path` with `.` and `..` taken out, or `None` when it climbs above its start.
fn normal(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(p) => out.push(p),
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

/// What is wrong with the links of `file` (relative to `root`) whose text is `text`,
/// one line each, naming the file and line.
fn broken_links(root: &Path, file: &Path, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let dir = file.parent().unwrap_or(Path::new(""));
    for (line, target) in targets(text) {
        let at = format!("{}:{line}: {target}", file.display());
        if target.is_empty() {
            out.push(format!("{at}: an empty link"));
            continue;
        }
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (path, fragment) = target.split_once('#').unwrap_or((&target, ""));
        if path.is_empty() {
            if !anchors(text).contains(fragment) {
                out.push(format!("{at}: no heading here has the anchor #{fragment}"));
            }
            continue;
        }
        let Some(linked) = normal(&dir.join(path)) else {
            out.push(format!("{at}: leads outside the repository"));
            continue;
        };
        let full = root.join(&linked);
        if !full.exists() {
            out.push(format!("{at}: {} does not exist", linked.display()));
            continue;
        }
        if fragment.is_empty() {
            continue;
        }
        let Some(heads) = (linked.extension().is_some_and(|e| e == "md"))
            .then(|| std::fs::read_to_string(&full).ok())
            .flatten()
            .map(|t| anchors(&t))
        else {
            out.push(format!("{at}: an anchor into a file that is not Markdown"));
            continue;
        };
        if !heads.contains(fragment) {
            out.push(format!(
                "{at}: {} has no heading with the anchor #{fragment}",
                linked.display()
            ));
        }
    }
    out
}

/// README.md and every Markdown file under docs/, relative to the root.
fn pages() -> Vec<PathBuf> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().file_name())
            .collect();
        entries.sort();
        for name in entries {
            let rel = dir.join(name);
            if root.join(&rel).is_dir() {
                walk(root, &rel, out);
            } else if rel.extension().is_some_and(|e| e == "md") {
                out.push(rel);
            }
        }
    }
    let mut out = vec![PathBuf::from("README.md")];
    walk(&root(), Path::new("docs"), &mut out);
    out
}

fn read(rel: &Path) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{}: {e}", rel.display()))
}

#[test]
fn every_link_and_image_of_the_readme_and_the_manual_resolves() {
    let root = root();
    let problems: Vec<String> = pages()
        .iter()
        .flat_map(|p| broken_links(&root, p, &read(p)))
        .collect();
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

#[test]
fn every_chapter_of_docs_is_in_the_summary() {
    let summary = Path::new("docs/SUMMARY.md");
    let listed: HashSet<PathBuf> = targets(&read(summary))
        .into_iter()
        .filter_map(|(_, t)| normal(&Path::new("docs").join(t.split('#').next()?)))
        .collect();
    let missing: Vec<String> = pages()
        .into_iter()
        .filter(|p| p.starts_with("docs") && p.as_path() != summary && !listed.contains(p))
        .map(|p| p.display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "chapters not in docs/SUMMARY.md: {missing:?}"
    );
}

#[test]
fn the_readme_is_a_front_page() {
    let text = read(Path::new("README.md"));
    let lines = text.lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines, more than {README_MAX_LINES}: the manual belongs in docs/"
    );
    // CI and other pages name "the README's test command".
    assert!(
        text.contains("\ncargo test "),
        "README.md lost its test command"
    );
}

#[test]
fn the_book_builds_from_docs_itself_into_an_ignored_folder() {
    let book = read(Path::new("docs/book.toml"));
    assert!(
        book.contains("src = \".\""),
        "docs/book.toml: src must be docs/ itself"
    );
    let dir = book
        .lines()
        .find_map(|l| l.trim().strip_prefix("build-dir"))
        .and_then(|v| v.split('"').nth(1))
        .expect("docs/book.toml names its build-dir");
    let built = normal(&Path::new("docs").join(dir)).expect("build-dir inside the repository");
    assert!(
        !built.starts_with("docs"),
        "build-dir {dir} lies among the sources"
    );
    let ignored = read(Path::new(".gitignore"));
    let name = built.display().to_string();
    assert!(
        ignored.lines().any(|l| l.trim_matches('/') == name),
        ".gitignore does not ignore the book's build-dir {name}"
    );
}

#[test]
fn docs_link_check_finds_what_is_broken_and_passes_what_is_not() {
    let root = root();
    let file = Path::new("docs/page.md");
    let text = "# A page\n\n## The command line's JSON\n\n\
        [ok](format.md) ![ok](clients/vassal-grid.png) [ok](../README.md)\n\
        [ok](#the-command-lines-json) [ok](format.md#top-level)\n\
        `[not a link](nowhere.md)` and\n```\n[not a link](nowhere.md)\n```\n\
        [gone](nowhere.md)\n[bad anchor](format.md#no-such-heading)\n\
        [out](../../outside.md)\n![alt text\nover two lines](gone.png)\n\
        [web](https://example.org/x.md)\n";
    let found = broken_links(&root, file, text);
    let lines: Vec<&str> = found
        .iter()
        .map(|p| p.split(": ").next().unwrap())
        .collect();
    assert_eq!(
        lines,
        [
            "docs/page.md:11",
            "docs/page.md:12",
            "docs/page.md:13",
            "docs/page.md:15"
        ],
        "{found:#?}"
    );
}

#[test]
fn docs_slugs_follow_the_github_and_mdbook_rule() {
    assert_eq!(slug("The command line's JSON"), "the-command-lines-json");
    assert_eq!(slug("Freeform boards (tables)"), "freeform-boards-tables");
    assert_eq!(slug("`sandtable path`: costs"), "sandtable-path-costs");
    assert_eq!(
        slug("Step 1: the board and the kinds"),
        "step-1-the-board-and-the-kinds"
    );
    assert_eq!(slug("[Linked](x.md) heading"), "linked-heading");
    let heads = anchors("# A\n## A\n```\n# Not a heading\n```\n#hashtag\n");
    assert_eq!(heads, HashSet::from(["a".to_string(), "a-1".to_string()]));
}
