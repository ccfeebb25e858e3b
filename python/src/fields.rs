//! A report's top-level keys read one at a time from its serde form: one key's value written, or the names of its keys, without writing the rest.
//!
//! An attribute read from Python wants one key of an answer (a 5×5 Lights
//! Out solve read for its `press_count`): writing the whole answer as JSON,
//! then as a dict, would cost more than the solve. [`pick`] walks the
//! report's serialisation through a serializer that keeps the one key asked
//! for and passes over the others without writing them; [`keys`] keeps their
//! names. The report's own `Serialize` decides the keys, so they are the
//! command's `--json` keys (an internally tagged enum's `mode`, a flattened
//! struct's fields) and the value picked is the JSON's value of that key.

use serde::ser::{self, Impossible, Serialize};
use serde_json::Value;

type Error = serde_json::Error;

/// The value of `key` in `report`'s JSON object (`None`: no such key, or the
/// report is not an object).
pub fn pick<T: Serialize + ?Sized>(report: &T, key: &str) -> Result<Option<Value>, Error> {
    let mut walk = Walk {
        want: Some(key),
        found: None,
        next_is_wanted: false,
        names: Vec::new(),
    };
    report.serialize(&mut walk)?;
    Ok(walk.found)
}

/// The keys of `report`'s JSON object, in the order it writes them.
pub fn keys<T: Serialize + ?Sized>(report: &T) -> Result<Vec<String>, Error> {
    let mut walk = Walk {
        want: None,
        found: None,
        next_is_wanted: false,
        names: Vec::new(),
    };
    report.serialize(&mut walk)?;
    Ok(walk.names)
}

/// The walk over the top-level keys: picking one (`want`) or naming them all.
struct Walk<'k> {
    want: Option<&'k str>,
    found: Option<Value>,
    /// The map key just written is the one wanted: its value is kept.
    next_is_wanted: bool,
    names: Vec<String>,
}

impl Walk<'_> {
    /// Meets key `name`: names it, or says whether its value is the one wanted.
    fn meet(&mut self, name: &str) -> bool {
        match self.want {
            Some(want) => want == name,
            None => {
                self.names.push(name.to_owned());
                false
            }
        }
    }
}

/// A report whose JSON is no object has no keys to read.
fn not_an_object() -> Error {
    ser::Error::custom("the report is not a JSON object")
}

impl ser::SerializeStruct for &mut Walk<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<V: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &V,
    ) -> Result<(), Error> {
        if self.meet(key) {
            self.found = Some(serde_json::to_value(value)?);
        }
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

impl ser::SerializeMap for &mut Walk<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<K: Serialize + ?Sized>(&mut self, key: &K) -> Result<(), Error> {
        self.next_is_wanted = key.serialize(Key(self))?;
        Ok(())
    }

    fn serialize_value<V: Serialize + ?Sized>(&mut self, value: &V) -> Result<(), Error> {
        if std::mem::take(&mut self.next_is_wanted) {
            self.found = Some(serde_json::to_value(value)?);
        }
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

/// Refuses a value of another form than the one expected (`Ok`: what the
/// serializer gives).
macro_rules! refuse {
    ($ok:ty; $($name:ident($($arg:ty),*)),* $(,)?) => {
        $(fn $name(self, $(_: $arg),*) -> Result<$ok, Error> {
            Err(not_an_object())
        })*
    };
}

/// Refuses every value but a string (`Ok`: what the serializer gives).
macro_rules! refuse_scalars {
    ($ok:ty) => {
        refuse!($ok;
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_bytes(&[u8]),
        serialize_none(),
        serialize_unit(),
        serialize_unit_struct(&'static str),
        serialize_unit_variant(&'static str, u32, &'static str),
        );
    };
}

/// Refuses every sequence, and a struct variant.
macro_rules! refuse_compounds {
    () => {
        refuse!(Self::SerializeSeq; serialize_seq(Option<usize>));
        refuse!(Self::SerializeTuple; serialize_tuple(usize));
        refuse!(Self::SerializeTupleStruct; serialize_tuple_struct(&'static str, usize));
        refuse!(Self::SerializeTupleVariant;
            serialize_tuple_variant(&'static str, u32, &'static str, usize));
        refuse!(Self::SerializeStructVariant;
            serialize_struct_variant(&'static str, u32, &'static str, usize));
    };
}

/// A map's key met by the walk, read without being written: whether it is
/// the key wanted (a key that is not a string is no key of the JSON's).
struct Key<'w, 'k>(&'w mut Walk<'k>);

impl ser::Serializer for Key<'_, '_> {
    type Ok = bool;
    type Error = Error;
    type SerializeSeq = Impossible<bool, Error>;
    type SerializeTuple = Impossible<bool, Error>;
    type SerializeTupleStruct = Impossible<bool, Error>;
    type SerializeTupleVariant = Impossible<bool, Error>;
    type SerializeMap = Impossible<bool, Error>;
    type SerializeStruct = Impossible<bool, Error>;
    type SerializeStructVariant = Impossible<bool, Error>;

    fn serialize_str(self, name: &str) -> Result<bool, Error> {
        Ok(self.0.meet(name))
    }

    refuse_scalars!(bool);
    refuse_compounds!();
    refuse!(Self::SerializeMap; serialize_map(Option<usize>));
    refuse!(Self::SerializeStruct; serialize_struct(&'static str, usize));

    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<bool, Error> {
        Err(not_an_object())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<bool, Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<bool, Error> {
        Err(not_an_object())
    }
}

impl ser::Serializer for &mut Walk<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), Error>;

    refuse_scalars!(());
    refuse!((); serialize_str(&str));

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(not_an_object())
    }

    refuse_compounds!();

    fn serialize_map(self, _: Option<usize>) -> Result<Self, Error> {
        Ok(self)
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Error> {
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    #[derive(Serialize)]
    struct Setup {
        rows: usize,
        cols: usize,
    }

    #[derive(Serialize)]
    #[serde(tag = "mode", rename_all = "kebab-case")]
    enum Answer {
        Solve {
            #[serde(flatten)]
            setup: Setup,
            presses: Vec<Vec<u8>>,
        },
        Count {
            total: String,
        },
    }

    #[test]
    fn a_key_is_the_jsons_value_and_the_keys_its_keys() {
        let answers = [
            Answer::Solve {
                setup: Setup { rows: 1, cols: 2 },
                presses: vec![vec![1, 0]],
            },
            Answer::Count { total: "12".into() },
        ];
        for answer in &answers {
            let json = serde_json::to_value(answer).unwrap();
            let names = keys(answer).unwrap();
            let object = json.as_object().unwrap();
            assert_eq!(names.len(), object.len());
            for name in &names {
                assert_eq!(pick(answer, name).unwrap().as_ref(), object.get(name));
            }
            assert_eq!(pick(answer, "absent").unwrap(), None);
        }
        assert_eq!(pick(&answers[0], "mode").unwrap(), Some("solve".into()));
        assert!(keys(&3).is_err());
    }
}
