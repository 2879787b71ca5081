//! A map written as a JSON object (RON map) whose entry order is kept and whose
//! duplicate keys are all kept: the reader that resolves the labels into hexes finds a
//! hex given twice (by the same label or two spellings of it) for free, where a set of
//! a million labels here cost a third of a big board's load.

use std::fmt;
use std::marker::PhantomData;

use schemars::JsonSchema;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A hex label: inline (no allocation) up to 23 bytes, which every scheme's labels are.
pub type Label = smol_str::SmolStr;

/// Entries keyed by label, in file order.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelMap<V>(pub Vec<(Label, V)>);

impl<V> Default for LabelMap<V> {
    fn default() -> Self {
        LabelMap(Vec::new())
    }
}

impl<V> LabelMap<V> {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<V: Serialize> Serialize for LabelMap<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for LabelMap<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for Entries<V> {
            type Value = LabelMap<V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map from hex labels to hexes")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
                // Capped: a size hint is the file's claim, not a promise.
                let hint = access.size_hint().unwrap_or(0).min(1 << 16);
                let mut entries: Vec<(Label, V)> = Vec::with_capacity(hint);
                while let Some(entry) = access.next_entry::<Label, V>()? {
                    entries.push(entry);
                }
                Ok(LabelMap(entries))
            }
        }
        d.deserialize_map(Entries(PhantomData))
    }
}

impl<V: JsonSchema> JsonSchema for LabelMap<V> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        format!("LabelMap_of_{}", V::schema_name()).into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let value = generator.subschema_for::<V>();
        schemars::json_schema!({ "type": "object", "additionalProperties": value })
    }
}
