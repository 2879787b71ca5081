//! VASSAL's `SequenceEncoder`: fields joined by one delimiter, a delimiter inside a field
//! escaped by a backslash, a field that starts with a backslash (or is wrapped in single
//! quotes) wrapped in single quotes. Piece definitions are nested sequences of these.

/// Joins `fields` as VASSAL's `SequenceEncoder(delim)` would.
pub fn encode<S: AsRef<str>>(fields: &[S], delim: char) -> String {
    let mut out = String::new();
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            out.push(delim);
        }
        let s = field.as_ref();
        if s.is_empty() {
            continue;
        }
        let quoted =
            s.starts_with('\\') || (s.len() > 1 && s.starts_with('\'') && s.ends_with('\''));
        if quoted {
            out.push('\'');
        }
        for c in s.chars() {
            if c == delim {
                out.push('\\');
            }
            out.push(c);
        }
        if quoted {
            out.push('\'');
        }
    }
    out
}

/// Splits a sequence as VASSAL's `SequenceEncoder.Decoder` does (the inverse of
/// [`encode`]).
pub fn decode(text: &str, delim: char) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek() == Some(&delim) {
            field.push(delim);
            chars.next();
        } else if c == delim {
            fields.push(unquote(std::mem::take(&mut field)));
        } else {
            field.push(c);
        }
    }
    fields.push(unquote(field));
    fields
}

fn unquote(s: String) -> String {
    if s.len() > 1 && s.starts_with('\'') && s.ends_with('\'') {
        s[1..s.len() - 1].to_string()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_delimiter_inside_a_field_is_escaped_and_read_back() {
        let fields = ["piece", "", "a;b", "\\x", "'q'"];
        let text = encode(&fields, ';');
        assert_eq!(text, "piece;;a\\;b;'\\x';''q''");
        assert_eq!(decode(&text, ';'), fields);
    }
}
