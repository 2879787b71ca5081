//! One effect section of a kind (`movement`, `battle`, `sight`, `zoc`, `charge`) with
//! each field written once: the engines' section holds every field, and each list's
//! section (a road's `movement`, a marker's `battle`) only those that work in that list,
//! so a misplaced field is a load error by construction.

/// `section! { $ picker; <section struct> lists { <list section>: [fields], ... } }` declares the
/// engines' section (every field; serialised as written) and, for each list, a section
/// holding the fields it names, read from files with `deny_unknown_fields` and turned
/// into the engines' section. The leading `$` and name let the macro write a helper (of
/// that name) that picks fields by name.
macro_rules! section {
    (
        $d:tt $picker:ident;
        $(#[$meta:meta])*
        pub struct $full:ident {
            $( $(#[$fmeta:meta])* pub $field:ident : $ty:ty ),* $(,)?
        }
        lists {
            $( $(#[$smeta:meta])* $sub:ident : [ $($pick:ident),* $(,)? ] )*
        }
    ) => {
        #[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
        $(#[$meta])*
        pub struct $full {
            $( $(#[$fmeta])* pub $field: $ty, )*
        }

        impl $full {
            /// Whether every field has its default, so a file need not write it.
            pub fn is_default(&self) -> bool {
                *self == Self::default()
            }
        }

        // Picks the named fields, with their documents and attributes, one at a time.
        macro_rules! $picker {
            (@ [$d($d m:tt)*] $d name:ident [$d($d acc:tt)*]) => {
                #[derive(Debug, Clone, Default, PartialEq, Deserialize, JsonSchema)]
                #[serde(deny_unknown_fields)]
                $d($d m)*
                pub struct $d name { $d($d acc)* }
            };
            $(
                (@ $d m:tt $d name:ident [$d($d acc:tt)*] $field $d($d rest:ident)*) => {
                    $picker!(@ $d m $d name [$d($d acc)* $(#[$fmeta])* pub $field: $ty,] $d($d rest)*);
                };
            )*
        }

        $(
            $picker!(@ [$(#[$smeta])*] $sub [] $($pick)*);

            #[allow(clippy::needless_update)]
            impl From<$sub> for $full {
                fn from(s: $sub) -> Self {
                    $full { $($pick: s.$pick,)* ..Default::default() }
                }
            }
        )*
    };
}

pub(crate) use section;
