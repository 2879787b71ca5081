//! A small element tree written and read with `quick-xml`, for the XML the client
//! formats hold (VASSAL's `buildFile.xml` and `moduledata`, Tiled's TMX).

use quick_xml::Reader;
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};

/// One element: name, attributes in order, children, and its text.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Element {
    pub name: String,
    pub attributes: Vec<(String, String)>,
    pub children: Vec<Element>,
    pub text: String,
}

impl Element {
    pub fn new(name: impl Into<String>) -> Self {
        Element {
            name: name.into(),
            ..Element::default()
        }
    }

    /// Adds an attribute.
    pub fn attr(mut self, key: &str, value: impl ToString) -> Self {
        self.attributes.push((key.to_string(), value.to_string()));
        self
    }

    pub fn child(mut self, child: Element) -> Self {
        self.children.push(child);
        self
    }

    pub fn with_text(mut self, text: impl Into<String>) -> Self {
        self.text = text.into();
        self
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Children named `name`.
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// The first child named `name`.
    pub fn first(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    /// Every element of the tree named `name`, depth first.
    pub fn descendants<'a>(&'a self, name: &str, out: &mut Vec<&'a Element>) {
        for c in &self.children {
            if c.name == name {
                out.push(c);
            }
            c.descendants(name, out);
        }
    }
}

/// Escapes text content; tabs and line breaks as character references so that no
/// reader folds them.
fn escape_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\t' => out.push_str("&#9;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            c => out.push(c),
        }
    }
    out
}

/// The document as UTF-8 text with an XML declaration, indented by `indent` spaces.
pub fn write(root: &Element, indent: usize, standalone: Option<&str>) -> Vec<u8> {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', indent);
    // Writing into a Vec cannot fail.
    let _ = w.write_event(Event::Decl(BytesDecl::new(
        "1.0",
        Some("UTF-8"),
        standalone,
    )));
    write_element(&mut w, root);
    let mut out = w.into_inner();
    out.push(b'\n');
    out
}

/// One element as text, without a declaration or indentation.
pub fn write_fragment(e: &Element) -> Vec<u8> {
    let mut w = Writer::new(Vec::new());
    write_element(&mut w, e);
    w.into_inner()
}

fn write_element(w: &mut Writer<Vec<u8>>, e: &Element) {
    let start = BytesStart::new(e.name.as_str())
        .with_attributes(e.attributes.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    if e.children.is_empty() && e.text.is_empty() {
        let _ = w.write_event(Event::Empty(start));
        return;
    }
    let _ = w.write_event(Event::Start(start));
    if !e.text.is_empty() {
        let _ = w.write_event(Event::Text(BytesText::from_escaped(escape_text(&e.text))));
    }
    for c in &e.children {
        write_element(w, c);
    }
    let _ = w.write_event(Event::End(BytesEnd::new(e.name.as_str())));
}

/// Why a document could not be read: the message and the byte offset.
#[derive(Debug, Clone, PartialEq)]
pub struct XmlError {
    pub message: String,
    pub offset: u64,
}

/// Line and column (1-based) of a byte offset in `text`.
pub fn line_column(text: &str, offset: u64) -> (usize, usize) {
    let upto = &text.as_bytes()[..(offset as usize).min(text.len())];
    let line = upto.iter().filter(|b| **b == b'\n').count() + 1;
    let column = upto.iter().rev().take_while(|b| **b != b'\n').count() + 1;
    (line, column)
}

/// Parses a document into its root element.
pub fn parse(text: &str) -> Result<Element, XmlError> {
    let mut reader = Reader::from_str(text);
    let mut stack: Vec<Element> = Vec::new();
    let mut root = None;
    let fail = |reader: &Reader<&[u8]>, message: String| XmlError {
        message,
        offset: reader.buffer_position(),
    };
    loop {
        let event = reader
            .read_event()
            .map_err(|e| fail(&reader, e.to_string()))?;
        let is_empty = matches!(event, Event::Empty(_));
        match event {
            Event::Start(s) | Event::Empty(s) => {
                let mut e = Element::new(String::from_utf8_lossy(s.name().as_ref()).into_owned());
                for a in s.attributes() {
                    let a = a.map_err(|e| fail(&reader, e.to_string()))?;
                    let value = a
                        .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                        .map_err(|e| fail(&reader, e.to_string()))?;
                    e.attributes.push((
                        String::from_utf8_lossy(a.key.as_ref()).into_owned(),
                        value.into_owned(),
                    ));
                }
                if is_empty {
                    match stack.last_mut() {
                        Some(parent) => parent.children.push(e),
                        None => root = Some(e),
                    }
                } else {
                    stack.push(e);
                }
            }
            Event::End(_) => {
                let Some(mut e) = stack.pop() else {
                    return Err(fail(&reader, "unexpected end tag".into()));
                };
                // Indentation between children is not the element's text.
                if e.text.trim().is_empty() {
                    e.text.clear();
                }
                match stack.last_mut() {
                    Some(parent) => parent.children.push(e),
                    None => root = Some(e),
                }
            }
            Event::Text(t) => {
                if let Some(e) = stack.last_mut() {
                    let s = t.decode().map_err(|e| fail(&reader, e.to_string()))?;
                    e.text.push_str(&s);
                }
            }
            Event::CData(t) => {
                if let Some(e) = stack.last_mut() {
                    e.text.push_str(&String::from_utf8_lossy(&t));
                }
            }
            Event::GeneralRef(r) => {
                if let Some(e) = stack.last_mut() {
                    let c = match r.resolve_char_ref() {
                        Ok(Some(c)) => Some(c),
                        _ => match &*r as &[u8] {
                            b"amp" => Some('&'),
                            b"lt" => Some('<'),
                            b"gt" => Some('>'),
                            b"quot" => Some('"'),
                            b"apos" => Some('\''),
                            _ => None,
                        },
                    };
                    match c {
                        Some(c) => e.text.push(c),
                        None => {
                            return Err(fail(
                                &reader,
                                format!("unknown entity &{};", String::from_utf8_lossy(&r)),
                            ));
                        }
                    }
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if !stack.is_empty() {
        return Err(fail(&reader, "the document ends inside an element".into()));
    }
    root.ok_or_else(|| XmlError {
        message: "no root element".into(),
        offset: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_with_tabs_and_entities_reads_back() {
        let root = Element::new("a")
            .attr("k", "x<\"y\"")
            .child(Element::new("b").with_text("p\tq & r"));
        let text = write(&root, 2, None);
        let back = parse(std::str::from_utf8(&text).unwrap()).unwrap();
        assert_eq!(back, root);
    }
}
