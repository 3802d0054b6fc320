//! Turning a view into JSON without the history events a connection
//! already has.
//!
//! [`to_value_skipping_history`] is `serde_json::to_value` with one change:
//! the first `skip` elements of the top-level `history` array are passed
//! over unserialized. A Strategy Chess view carries every move of the game;
//! serialized whole after every move, that was the server's main cost (a
//! tree of JSON maps per event, built and dropped again: about 1.5 ms a move
//! at 1,300 plies), and it grew with the game. Passing over an event costs
//! nothing but the step to the next one.
//!
//! It works through serde's data model alone, for any view type: the
//! top-level struct (or map) is watched for its `history` field, and that
//! field's sequence for its elements. Everything else is serde_json's own
//! value serializer, so the result is exactly `to_value`'s with the array
//! cut at its front.
//!
//! ```
//! use serde_json::json;
//! use headless::net::view_trail::skip::to_value_skipping_history;
//! let view = json!({"seat": 0, "history": ["a", "b", "c"]});
//! assert_eq!(to_value_skipping_history(&view, 2).unwrap(), json!({"seat": 0, "history": ["c"]}));
//! assert_eq!(to_value_skipping_history(&view, 9).unwrap(), json!({"seat": 0, "history": []}));
//! ```

use super::HISTORY_FIELD;
use serde::ser::{self, Impossible, Serialize, SerializeMap, SerializeSeq, SerializeStruct};
use serde_json::value::Serializer as ValueSerializer;
use serde_json::{Error, Value};

/// `serde_json::to_value(view)`, but the top-level `history` array leaves
/// out its first `skip` elements.
pub fn to_value_skipping_history<T: Serialize + ?Sized>(view: &T, skip: usize) -> Result<Value, Error> {
    view.serialize(Watch { skip, at: Depth::Top })
}

/// Where in the view the serializer is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Depth {
    /// The view itself: watch for the `history` field.
    Top,
    /// The value of the `history` field: skip the first elements of its
    /// sequence.
    History,
}

/// serde_json's value serializer, watching for the history.
#[derive(Clone, Copy)]
struct Watch {
    skip: usize,
    at: Depth,
}

/// Forwards a serializer method to serde_json's value serializer.
macro_rules! forward {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        $(fn $name(self, $($arg: $ty),*) -> Result<$ret, Error> {
            ValueSerializer.$name($($arg),*)
        })*
    };
}

impl ser::Serializer for Watch {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = Seq;
    type SerializeTuple = <ValueSerializer as ser::Serializer>::SerializeTuple;
    type SerializeTupleStruct = <ValueSerializer as ser::Serializer>::SerializeTupleStruct;
    type SerializeTupleVariant = <ValueSerializer as ser::Serializer>::SerializeTupleVariant;
    type SerializeMap = Map;
    type SerializeStruct = Struct;
    type SerializeStructVariant = <ValueSerializer as ser::Serializer>::SerializeStructVariant;

    forward! {
        serialize_bool(v: bool) -> Value;
        serialize_i8(v: i8) -> Value;
        serialize_i16(v: i16) -> Value;
        serialize_i32(v: i32) -> Value;
        serialize_i64(v: i64) -> Value;
        serialize_i128(v: i128) -> Value;
        serialize_u8(v: u8) -> Value;
        serialize_u16(v: u16) -> Value;
        serialize_u32(v: u32) -> Value;
        serialize_u64(v: u64) -> Value;
        serialize_u128(v: u128) -> Value;
        serialize_f32(v: f32) -> Value;
        serialize_f64(v: f64) -> Value;
        serialize_char(v: char) -> Value;
        serialize_str(v: &str) -> Value;
        serialize_bytes(v: &[u8]) -> Value;
        serialize_none() -> Value;
        serialize_unit() -> Value;
        serialize_unit_struct(name: &'static str) -> Value;
        serialize_unit_variant(name: &'static str, index: u32, variant: &'static str) -> Value;
        serialize_tuple(len: usize) -> Self::SerializeTuple;
        serialize_tuple_struct(name: &'static str, len: usize) -> Self::SerializeTupleStruct;
        serialize_tuple_variant(name: &'static str, index: u32, variant: &'static str, len: usize)
            -> Self::SerializeTupleVariant;
        serialize_struct_variant(name: &'static str, index: u32, variant: &'static str, len: usize)
            -> Self::SerializeStructVariant;
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Value, Error> {
        value.serialize(self)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        ValueSerializer.serialize_newtype_variant(name, index, variant, value)
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Seq, Error> {
        let skip = if self.at == Depth::History { self.skip } else { 0 };
        let inner = ValueSerializer.serialize_seq(len.map(|n| n.saturating_sub(skip)))?;
        Ok(Seq { inner, skip })
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Map, Error> {
        Ok(Map { inner: ValueSerializer.serialize_map(len)?, watch: self, key: None })
    }

    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Struct, Error> {
        Ok(Struct { inner: ValueSerializer.serialize_struct(name, len)?, watch: self })
    }
}

/// A sequence that passes over its first `skip` elements.
struct Seq {
    inner: <ValueSerializer as ser::Serializer>::SerializeSeq,
    skip: usize,
}

impl SerializeSeq for Seq {
    type Ok = Value;
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        if self.skip > 0 {
            self.skip -= 1;
            return Ok(());
        }
        self.inner.serialize_element(value)
    }

    fn end(self) -> Result<Value, Error> {
        self.inner.end()
    }
}

/// The value of a field: the history is serialized by a watching
/// serializer one level down, anything else as serde_json would.
fn field_value<T: Serialize + ?Sized>(watch: Watch, key: &str, value: &T) -> Result<Option<Value>, Error> {
    if watch.at == Depth::Top && key == HISTORY_FIELD {
        return value.serialize(Watch { skip: watch.skip, at: Depth::History }).map(Some);
    }
    Ok(None)
}

/// A struct whose `history` field (at the top level) is cut.
struct Struct {
    inner: <ValueSerializer as ser::Serializer>::SerializeStruct,
    watch: Watch,
}

impl SerializeStruct for Struct {
    type Ok = Value;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        match field_value(self.watch, key, value)? {
            Some(cut) => self.inner.serialize_field(key, &cut),
            None => self.inner.serialize_field(key, value),
        }
    }

    fn end(self) -> Result<Value, Error> {
        SerializeStruct::end(self.inner)
    }
}

/// A map whose `history` entry (at the top level) is cut: a view may be a
/// map rather than a struct (a `serde_json::Value`, say).
struct Map {
    inner: <ValueSerializer as ser::Serializer>::SerializeMap,
    watch: Watch,
    key: Option<String>,
}

impl SerializeMap for Map {
    type Ok = Value;
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        if self.watch.at == Depth::Top {
            self.key = key.serialize(KeyText).ok();
        }
        self.inner.serialize_key(key)
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self.key.take();
        match key.as_deref().map(|k| field_value(self.watch, k, value)).transpose()?.flatten() {
            Some(cut) => self.inner.serialize_value(&cut),
            None => self.inner.serialize_value(value),
        }
    }

    fn end(self) -> Result<Value, Error> {
        SerializeMap::end(self.inner)
    }
}

/// Reads a map key that is a string; anything else is not the history.
struct KeyText;

impl ser::Serializer for KeyText {
    type Ok = String;
    type Error = Error;
    type SerializeSeq = Impossible<String, Error>;
    type SerializeTuple = Impossible<String, Error>;
    type SerializeTupleStruct = Impossible<String, Error>;
    type SerializeTupleVariant = Impossible<String, Error>;
    type SerializeMap = Impossible<String, Error>;
    type SerializeStruct = Impossible<String, Error>;
    type SerializeStructVariant = Impossible<String, Error>;

    fn serialize_str(self, v: &str) -> Result<String, Error> {
        Ok(v.to_string())
    }

    fn serialize_bool(self, _: bool) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_i8(self, _: i8) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_i16(self, _: i16) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_i32(self, _: i32) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_i64(self, _: i64) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_u8(self, _: u8) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_u16(self, _: u16) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_u32(self, _: u32) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_u64(self, _: u64) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_f32(self, _: f32) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_f64(self, _: f64) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_char(self, _: char) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_none(self) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_unit(self) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(not_text())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(not_text())
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Error> {
        Err(not_text())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(not_text())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(not_text())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Err(not_text())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(not_text())
    }
}

fn not_text() -> Error {
    ser::Error::custom("not a text key")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;
    use serde_json::json;

    #[derive(Serialize)]
    struct Event {
        from: &'static str,
        to: Option<u8>,
    }

    #[derive(Serialize)]
    struct View {
        seat: u8,
        nested: Nested,
        history: Vec<Event>,
        moves: Vec<u8>,
    }

    #[derive(Serialize)]
    struct Nested {
        history: Vec<u8>,
    }

    fn view() -> View {
        View {
            seat: 1,
            nested: Nested { history: vec![1, 2, 3] },
            history: vec![
                Event { from: "a1", to: None },
                Event { from: "b2", to: Some(3) },
                Event { from: "c3", to: Some(4) },
            ],
            moves: vec![7, 8, 9],
        }
    }

    #[test]
    fn only_the_top_level_history_loses_its_front() {
        let whole = serde_json::to_value(view()).unwrap();
        for skip in 0..5 {
            let mut expected = whole.clone();
            let history = expected["history"].as_array_mut().unwrap();
            history.drain(..skip.min(history.len()));
            assert_eq!(to_value_skipping_history(&view(), skip).unwrap(), expected, "skip {skip}");
        }
        let cut = to_value_skipping_history(&view(), 2).unwrap();
        assert_eq!(cut["nested"]["history"], json!([1, 2, 3]), "a nested history is untouched");
        assert_eq!(cut["moves"], json!([7, 8, 9]));
    }

    #[test]
    fn views_without_a_history_and_maps_come_out_as_to_value() {
        #[derive(Serialize)]
        struct Plain {
            position: String,
            seat: u8,
        }
        let plain = Plain { position: "2 1 : first".into(), seat: 0 };
        assert_eq!(to_value_skipping_history(&plain, 3).unwrap(), serde_json::to_value(&plain).unwrap());
        let map = json!({"history": [1, 2, 3], "x": {"history": [4, 5]}});
        assert_eq!(
            to_value_skipping_history(&map, 1).unwrap(),
            json!({"history": [2, 3], "x": {"history": [4, 5]}})
        );
        assert_eq!(to_value_skipping_history(&json!([1, 2]), 1).unwrap(), json!([1, 2]));
    }
}
