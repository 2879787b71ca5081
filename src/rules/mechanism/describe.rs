//! A mechanism described as data for a user interface, read from the two things the
//! code already declares: its parameters' order (serde's field list) and their schema
//! (documentation, type, range, and the `x-kinds` lists of the kinds a parameter
//! names). Nothing here is written twice.

use schemars::JsonSchema;
use serde::de::{self, Deserialize, Visitor};
use serde::{Serialize, Serializer};
use serde_json::Value;

use super::Boards;
use crate::rules::model::KindList;

/// One mechanism as a parameter sheet shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Description {
    /// The name written after `mechanism:`.
    pub name: &'static str,
    /// What it checks (its type's documentation).
    pub doc: String,
    /// The boards it runs on.
    pub boards: Boards,
    /// Its parameters, in the order they are declared.
    pub params: Vec<Param>,
}

/// One parameter of a mechanism.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Param {
    /// The key written in a ruleset.
    pub name: String,
    /// What it means.
    pub doc: String,
    /// What values it takes.
    pub ty: ParamType,
    /// Whether a ruleset must give it.
    pub required: bool,
    /// The least value a number may take, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum: Option<f64>,
}

/// What a parameter holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ParamType {
    /// A whole number from 0.
    Count,
    /// A whole number.
    Integer,
    /// A number (a distance in the board's measure).
    Number,
    /// Yes or no.
    Flag,
    /// The id of one kind of these lists.
    Kind(#[serde(serialize_with = "keys")] Vec<KindList>),
    /// Ids of kinds of these lists.
    Kinds(#[serde(serialize_with = "keys")] Vec<KindList>),
    /// Any other text.
    Text,
}

fn keys<S: Serializer>(lists: &[KindList], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(lists.iter().map(|l| l.key()))
}

/// Describes the mechanism whose parameters are `T`.
pub fn describe<'de, T: JsonSchema + Deserialize<'de>>(
    name: &'static str,
    boards: Boards,
) -> Description {
    let schema = schemars::SchemaGenerator::default()
        .into_root_schema_for::<T>()
        .to_value();
    let doc = text(&schema, "description");
    let props = schema.get("properties").and_then(Value::as_object);
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let params = fields::<T>()
        .iter()
        .map(|f| {
            let p = props.and_then(|p| p.get(*f)).unwrap_or(&Value::Null);
            Param {
                name: f.to_string(),
                doc: text(p, "description"),
                ty: param_type(p),
                required: required.contains(f),
                minimum: p.get("minimum").and_then(Value::as_f64),
            }
        })
        .collect();
    Description {
        name,
        doc,
        boards,
        params,
    }
}

fn text(v: &Value, key: &str) -> String {
    v.get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

fn param_type(p: &Value) -> ParamType {
    // `Option<T>` is `["T", "null"]`.
    let ty = match p.get("type") {
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).find(|t| *t != "null"),
        Some(t) => t.as_str(),
        None => None,
    };
    let lists: Vec<KindList> = p
        .get("x-kinds")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .filter_map(|k| KindList::ALL.into_iter().find(|l| l.key() == k))
                .collect()
        })
        .unwrap_or_default();
    match ty {
        Some("integer") if p.get("minimum").and_then(Value::as_f64) == Some(0.0) => {
            ParamType::Count
        }
        Some("integer") => ParamType::Integer,
        Some("number") => ParamType::Number,
        Some("boolean") => ParamType::Flag,
        Some("array") => ParamType::Kinds(lists),
        Some("string") if !lists.is_empty() => ParamType::Kind(lists),
        _ => ParamType::Text,
    }
}

/// The fields of `T` in the order they are declared: serde hands them to
/// `deserialize_struct`, which is all this deserializer answers.
fn fields<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    let mut found = None;
    let _ = T::deserialize(Fields(&mut found));
    found.unwrap_or_default()
}

struct Fields<'f>(&'f mut Option<&'static [&'static str]>);

#[derive(Debug)]
struct Stop;

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("fields read")
    }
}

impl std::error::Error for Stop {}

impl de::Error for Stop {
    fn custom<M: std::fmt::Display>(_: M) -> Self {
        Stop
    }
}

impl<'de> de::Deserializer<'de> for Fields<'_> {
    type Error = Stop;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
        Err(Stop)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Stop> {
        *self.0 = Some(fields);
        Err(Stop)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
        identifier ignored_any
    }
}
