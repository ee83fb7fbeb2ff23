//! A JSON Schema (draft 2020-12) validator for the keywords docs/schemas uses, so that checking
//! every output against its schema does not cost the test build the `jsonschema` crate's
//! hundred-odd thousand lines (it and its regex, big-number and URI crates were the largest
//! unit of a fresh-clone `cargo test`). A schema using a keyword this file does not implement is
//! refused when it is loaded, so no part of a schema is ever skipped silently.

mod pattern;

use pattern::Pattern;
use serde_json::Value;
use std::collections::BTreeMap;

/// Keywords that only annotate: they never make an instance invalid.
const ANNOTATIONS: &[&str] = &[
    "$schema",
    "$id",
    "$comment",
    "$defs",
    "title",
    "description",
    "examples",
    "default",
    "deprecated",
    "readOnly",
    "writeOnly",
    "format",
];

/// Keywords whose value is one subschema.
const ONE_SCHEMA: &[&str] = &["items", "additionalProperties", "not", "if", "then", "else"];

/// Keywords whose value is an array of subschemas.
const SCHEMA_ARRAYS: &[&str] = &["anyOf", "oneOf", "allOf", "prefixItems"];

/// Keywords whose value is an object of named subschemas.
const SCHEMA_MAPS: &[&str] = &["properties", "$defs"];

/// Assertions on the instance itself (their value is not a schema).
const ASSERTIONS: &[&str] = &[
    "$ref",
    "type",
    "enum",
    "const",
    "required",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minLength",
    "maxLength",
    "minProperties",
    "maxProperties",
    "dependentRequired",
    "pattern",
];

/// A set of schema documents that may refer to one another by `$id`.
pub struct Schemas {
    documents: BTreeMap<String, Value>,
}

impl Schemas {
    /// Registers every document under its `$id`; refuses a document without one, or one that
    /// uses a keyword this validator does not implement.
    pub fn new(documents: impl IntoIterator<Item = Value>) -> Result<Schemas, String> {
        let mut registered = BTreeMap::new();
        for document in documents {
            let id = document["$id"]
                .as_str()
                .ok_or("a schema document without a string $id")?
                .to_string();
            check_keywords(&document, &id)?;
            registered.insert(id, document);
        }
        let schemas = Schemas {
            documents: registered,
        };
        for (id, document) in &schemas.documents {
            schemas.check_references(id, document)?;
        }
        Ok(schemas)
    }

    /// Every way `instance` fails the schema whose `$id` is `id`, each with the instance's
    /// JSON pointer; empty when it is valid.
    pub fn errors(&self, id: &str, instance: &Value) -> Vec<String> {
        let mut errors = Vec::new();
        match self.documents.get(id) {
            Some(schema) => self.validate(id, schema, instance, "", &mut errors),
            None => errors.push(format!("no schema with $id {id}")),
        }
        errors
    }

    /// Every `$ref` in `schema` resolves to a schema.
    fn check_references(&self, base: &str, schema: &Value) -> Result<(), String> {
        match schema {
            Value::Object(map) => {
                if let Some(reference) = map.get("$ref") {
                    let reference = reference.as_str().ok_or("$ref is not a string")?;
                    self.resolve(base, reference)?;
                }
                map.values()
                    .try_for_each(|value| self.check_references(base, value))
            }
            Value::Array(items) => items
                .iter()
                .try_for_each(|value| self.check_references(base, value)),
            _ => Ok(()),
        }
    }

    /// The document id and the schema a reference names, relative to the document `base`.
    fn resolve<'a>(&'a self, base: &str, reference: &str) -> Result<(String, &'a Value), String> {
        let (address, fragment) = reference.split_once('#').unwrap_or((reference, ""));
        let document_id = if address.is_empty() {
            base.to_string()
        } else if address.contains("://") {
            address.to_string()
        } else {
            let folder = base.rfind('/').map_or("", |slash| &base[..=slash]);
            format!("{folder}{address}")
        };
        let document = self
            .documents
            .get(&document_id)
            .ok_or_else(|| format!("$ref {reference}: no schema with $id {document_id}"))?;
        let target = if fragment.is_empty() {
            Some(document)
        } else {
            document.pointer(fragment)
        };
        let target = target.ok_or_else(|| format!("$ref {reference}: nothing at {fragment}"))?;
        Ok((document_id, target))
    }

    fn validate(
        &self,
        base: &str,
        schema: &Value,
        instance: &Value,
        path: &str,
        errors: &mut Vec<String>,
    ) {
        let map = match schema {
            Value::Bool(true) => return,
            Value::Bool(false) => {
                errors.push(format!("{path}: no value is allowed here"));
                return;
            }
            Value::Object(map) => map,
            _ => {
                errors.push(format!("{path}: the schema is not an object"));
                return;
            }
        };
        let mut fail = |message: String| errors.push(format!("{}: {message}", display(path)));
        let mut nested = Vec::new();
        if let Some(Value::String(reference)) = map.get("$ref") {
            match self.resolve(base, reference) {
                Ok((document, target)) => {
                    self.validate(&document, target, instance, path, &mut nested)
                }
                Err(message) => fail(message),
            }
        }
        if let Some(expected) = map.get("type") {
            let names: Vec<&str> = match expected {
                Value::String(name) => vec![name.as_str()],
                Value::Array(names) => names.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            if !names.iter().any(|name| has_type(instance, name)) {
                fail(format!("{instance} is not of type {expected}"));
            }
        }
        if let Some(Value::Array(allowed)) = map.get("enum") {
            if !allowed.iter().any(|value| same(value, instance)) {
                fail(format!(
                    "{instance} is not one of {}",
                    Value::Array(allowed.clone())
                ));
            }
        }
        if let Some(expected) = map.get("const") {
            if !same(expected, instance) {
                fail(format!("{instance} is not {expected}"));
            }
        }
        if let Some(number) = instance.as_f64() {
            let bound = |key: &str| map.get(key).and_then(Value::as_f64);
            if bound("minimum").is_some_and(|minimum| number < minimum) {
                fail(format!("{number} is below the minimum {}", map["minimum"]));
            }
            if bound("maximum").is_some_and(|maximum| number > maximum) {
                fail(format!("{number} is above the maximum {}", map["maximum"]));
            }
            if bound("exclusiveMinimum").is_some_and(|minimum| number <= minimum) {
                fail(format!("{number} is not above {}", map["exclusiveMinimum"]));
            }
            if bound("exclusiveMaximum").is_some_and(|maximum| number >= maximum) {
                fail(format!("{number} is not below {}", map["exclusiveMaximum"]));
            }
        }
        if let Some(text) = instance.as_str() {
            if let Some(Value::String(pattern)) = map.get("pattern") {
                match Pattern::parse(pattern) {
                    Ok(compiled) if compiled.is_found_in(text) => {}
                    Ok(_) => fail(format!("{instance} does not match {pattern}")),
                    Err(error) => fail(error),
                }
            }
            let length = text.chars().count() as u64;
            if let Some(minimum) = map.get("minLength").and_then(Value::as_u64) {
                if length < minimum {
                    fail(format!("{instance} is shorter than {minimum}"));
                }
            }
            if let Some(maximum) = map.get("maxLength").and_then(Value::as_u64) {
                if length > maximum {
                    fail(format!("{instance} is longer than {maximum}"));
                }
            }
        }
        if let Value::Array(items) = instance {
            let count = items.len() as u64;
            if let Some(minimum) = map.get("minItems").and_then(Value::as_u64) {
                if count < minimum {
                    fail(format!("{count} items, fewer than {minimum}"));
                }
            }
            if let Some(maximum) = map.get("maxItems").and_then(Value::as_u64) {
                if count > maximum {
                    fail(format!("{count} items, more than {maximum}"));
                }
            }
            if map.get("uniqueItems") == Some(&Value::Bool(true)) {
                let repeated = items
                    .iter()
                    .enumerate()
                    .any(|(index, item)| items[..index].iter().any(|other| same(item, other)));
                if repeated {
                    fail("items are not unique".to_string());
                }
            }
            let prefix = match map.get("prefixItems") {
                Some(Value::Array(schemas)) => schemas.as_slice(),
                _ => &[],
            };
            for (index, item) in items.iter().enumerate() {
                let item_path = format!("{path}/{index}");
                if let Some(item_schema) = prefix.get(index) {
                    self.validate(base, item_schema, item, &item_path, &mut nested);
                } else if let Some(item_schema) = map.get("items") {
                    self.validate(base, item_schema, item, &item_path, &mut nested);
                }
            }
        }
        if let Value::Object(members) = instance {
            let count = members.len() as u64;
            if let Some(minimum) = map.get("minProperties").and_then(Value::as_u64) {
                if count < minimum {
                    fail(format!("{count} members, fewer than {minimum}"));
                }
            }
            if let Some(maximum) = map.get("maxProperties").and_then(Value::as_u64) {
                if count > maximum {
                    fail(format!("{count} members, more than {maximum}"));
                }
            }
            if let Some(Value::Array(required)) = map.get("required") {
                for name in required.iter().filter_map(Value::as_str) {
                    if !members.contains_key(name) {
                        fail(format!("\"{name}\" is required"));
                    }
                }
            }
            if let Some(Value::Object(dependencies)) = map.get("dependentRequired") {
                for (present, needed) in dependencies {
                    if !members.contains_key(present) {
                        continue;
                    }
                    for name in needed
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(Value::as_str)
                    {
                        if !members.contains_key(name) {
                            fail(format!("\"{name}\" is required with \"{present}\""));
                        }
                    }
                }
            }
            let properties = map.get("properties").and_then(Value::as_object);
            for (name, value) in members {
                let member_path = format!("{path}/{}", escape(name));
                match properties.and_then(|properties| properties.get(name)) {
                    Some(member_schema) => {
                        self.validate(base, member_schema, value, &member_path, &mut nested)
                    }
                    None => {
                        if let Some(additional) = map.get("additionalProperties") {
                            if additional == &Value::Bool(false) {
                                fail(format!("\"{name}\" is not allowed"));
                            } else {
                                self.validate(base, additional, value, &member_path, &mut nested);
                            }
                        }
                    }
                }
            }
        }
        if let Some(Value::Array(schemas)) = map.get("allOf") {
            for part in schemas {
                self.validate(base, part, instance, path, &mut nested);
            }
        }
        if let Some(Value::Array(schemas)) = map.get("anyOf") {
            if !schemas
                .iter()
                .any(|part| self.accepts(base, part, instance))
            {
                fail(format!("{instance} matches none of anyOf"));
            }
        }
        if let Some(Value::Array(schemas)) = map.get("oneOf") {
            let matching = schemas
                .iter()
                .filter(|part| self.accepts(base, part, instance))
                .count();
            if matching != 1 {
                fail(format!(
                    "{instance} matches {matching} of oneOf, not exactly one"
                ));
            }
        }
        if let Some(part) = map.get("not") {
            if self.accepts(base, part, instance) {
                fail(format!("{instance} matches a schema it must not"));
            }
        }
        if let Some(condition) = map.get("if") {
            let branch = if self.accepts(base, condition, instance) {
                map.get("then")
            } else {
                map.get("else")
            };
            if let Some(branch) = branch {
                self.validate(base, branch, instance, path, &mut nested);
            }
        }
        errors.extend(nested);
    }

    fn accepts(&self, base: &str, schema: &Value, instance: &Value) -> bool {
        let mut errors = Vec::new();
        self.validate(base, schema, instance, "", &mut errors);
        errors.is_empty()
    }
}

/// Refuses a schema that uses a keyword not implemented here.
fn check_keywords(schema: &Value, at: &str) -> Result<(), String> {
    let map = match schema {
        Value::Bool(_) => return Ok(()),
        Value::Object(map) => map,
        _ => return Err(format!("{at}: a schema must be an object or a boolean")),
    };
    for (keyword, value) in map {
        let here = format!("{at}/{keyword}");
        if ONE_SCHEMA.contains(&keyword.as_str()) {
            check_keywords(value, &here)?;
        } else if SCHEMA_ARRAYS.contains(&keyword.as_str()) {
            let parts = value.as_array().ok_or(format!("{here}: not an array"))?;
            for (index, part) in parts.iter().enumerate() {
                check_keywords(part, &format!("{here}/{index}"))?;
            }
        } else if SCHEMA_MAPS.contains(&keyword.as_str()) {
            let parts = value.as_object().ok_or(format!("{here}: not an object"))?;
            for (name, part) in parts {
                check_keywords(part, &format!("{here}/{name}"))?;
            }
        } else if keyword == "pattern" {
            let pattern = value.as_str().ok_or(format!("{here}: not a string"))?;
            Pattern::parse(pattern).map_err(|error| format!("{here}: {error}"))?;
        } else if !ASSERTIONS.contains(&keyword.as_str())
            && !ANNOTATIONS.contains(&keyword.as_str())
        {
            return Err(format!(
                "{here}: the keyword {keyword} is not implemented by tests/support/json_schema.rs"
            ));
        }
    }
    Ok(())
}

/// Whether `instance` is of the JSON Schema type `name`.
fn has_type(instance: &Value, name: &str) -> bool {
    match name {
        "null" => instance.is_null(),
        "boolean" => instance.is_boolean(),
        "object" => instance.is_object(),
        "array" => instance.is_array(),
        "string" => instance.is_string(),
        "number" => instance.is_number(),
        "integer" => {
            instance.is_i64()
                || instance.is_u64()
                || instance
                    .as_f64()
                    .is_some_and(|number| number.fract() == 0.0)
        }
        _ => false,
    }
}

/// JSON equality, with numbers equal by value (1 and 1.0 are the same number).
fn same(left: &Value, right: &Value) -> bool {
    match (left, right) {
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(key, x)| b.get(key).is_some_and(|y| same(x, y)))
        }
        _ => left == right,
    }
}

/// A member name as a JSON pointer token.
fn escape(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

fn display(path: &str) -> &str {
    if path.is_empty() {
        "/"
    } else {
        path
    }
}

#[cfg(test)]
mod tests {
    use super::Schemas;
    use serde_json::json;

    const ID: &str = "https://example.invalid/schemas/thing.schema.json";
    const SHARED: &str = "https://example.invalid/schemas/shared.schema.json";

    fn schemas() -> Schemas {
        Schemas::new([
            json!({
                "$id": SHARED,
                "$defs": {
                    "dice": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}, "minItems": 2, "maxItems": 2},
                    "player": {"enum": [0, 1]}
                }
            }),
            json!({
                "$id": ID,
                "type": "object",
                "required": ["dice", "kind"],
                "additionalProperties": false,
                "properties": {
                    "dice": {"$ref": "shared.schema.json#/$defs/dice"},
                    "player": {"$ref": "https://example.invalid/schemas/shared.schema.json#/$defs/player"},
                    "kind": {"const": "roll"},
                    "note": {"type": ["string", "null"], "maxLength": 3},
                    "equity": {"anyOf": [{"type": "number", "exclusiveMinimum": -3}, {"type": "null"}]},
                    "one": {"oneOf": [{"type": "integer"}, {"type": "number", "minimum": 0}]},
                    "local": {"$ref": "#/$defs/local"}
                },
                "$defs": {"local": {"type": "boolean"}}
            }),
        ])
        .expect("the schemas load")
    }

    #[test]
    fn a_valid_instance_has_no_error() {
        let instance = json!({"dice": [6, 4], "player": 1, "kind": "roll", "note": null, "equity": 0.5, "one": -2, "local": true});
        assert_eq!(schemas().errors(ID, &instance), Vec::<String>::new());
    }

    #[test]
    fn each_keyword_refuses_what_it_should() {
        let schemas = schemas();
        let cases = [
            (json!({"kind": "roll"}), "\"dice\" is required"),
            (json!({"dice": [6], "kind": "roll"}), "fewer than 2"),
            (json!({"dice": [6, 7], "kind": "roll"}), "above the maximum"),
            (json!({"dice": [6, 4.5], "kind": "roll"}), "not of type"),
            (json!({"dice": [6, 4], "kind": "move"}), "is not \"roll\""),
            (
                json!({"dice": [6, 4], "kind": "roll", "player": 2}),
                "not one of",
            ),
            (
                json!({"dice": [6, 4], "kind": "roll", "extra": 1}),
                "\"extra\" is not allowed",
            ),
            (
                json!({"dice": [6, 4], "kind": "roll", "note": "long"}),
                "longer than 3",
            ),
            (
                json!({"dice": [6, 4], "kind": "roll", "equity": -3}),
                "none of anyOf",
            ),
            (
                json!({"dice": [6, 4], "kind": "roll", "one": 2}),
                "matches 2 of oneOf",
            ),
            (
                json!({"dice": [6, 4], "kind": "roll", "local": 1}),
                "not of type",
            ),
        ];
        for (instance, expected) in cases {
            let errors = schemas.errors(ID, &instance);
            assert!(
                errors.iter().any(|error| error.contains(expected)),
                "{instance}: expected {expected:?}, got {errors:?}"
            );
        }
    }

    #[test]
    fn errors_name_the_place_in_the_instance() {
        let errors = schemas().errors(ID, &json!({"dice": [6, 0], "kind": "roll"}));
        assert!(
            errors.iter().any(|error| error.starts_with("/dice/1:")),
            "{errors:?}"
        );
    }

    #[test]
    fn an_unimplemented_keyword_or_a_dangling_reference_is_refused() {
        let pattern = Schemas::new([json!({"$id": ID, "type": "string", "pattern": "^(a|b)$"})]);
        assert!(pattern.is_err_and(|error| error.contains("pattern")));
        let unknown = Schemas::new([json!({"$id": ID, "type": "object", "patternProperties": {}})]);
        assert!(unknown.is_err_and(|error| error.contains("patternProperties")));
        let dangling = Schemas::new([json!({"$id": ID, "$ref": "other.schema.json"})]);
        assert!(dangling.is_err_and(|error| error.contains("other.schema.json")));
    }
}
