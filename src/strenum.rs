//! Closed vocabularies (orientation, compass sides, units...) written as plain strings.
//!
//! A derived serde enum is written by RON as a bare identifier (`pointy`), which does not
//! mirror the JSON shape (`"pointy"`) and reads back as `null` through a generic value.
//! These enums serialize as strings in every format so RON and JSON stay field for field.

/// Declares a fieldless enum whose values are written as the given strings.
macro_rules! string_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// Every value's written form, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($text),+];

            /// The written form of this value.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::strenum::UnknownName;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s {
                    $($text => Ok($name::$variant),)+
                    _ => Err($crate::strenum::UnknownName {
                        what: stringify!($name),
                        found: s.to_string(),
                        expected: Self::NAMES,
                    }),
                }
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl serde::de::Visitor<'_> for V {
                    type Value = $name;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(f, "one of {}", $name::NAMES.join(", "))
                    }
                    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<$name, E> {
                        s.parse().map_err(|_| E::unknown_variant(s, $name::NAMES))
                    }
                }
                d.deserialize_str(V)
            }
        }

        impl schemars::JsonSchema for $name {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!({ "type": "string", "enum": $name::NAMES })
            }
        }
    };
}
pub(crate) use string_enum;

/// A word that is not one of a vocabulary's values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{found}' (expected one of: {})", expected.join(", "))]
pub struct UnknownName {
    pub what: &'static str,
    pub found: String,
    pub expected: &'static [&'static str],
}
