//! Stores in memory for the tests of what the page keeps (the library, the lessons' progress).

use super::KeyValue;
use std::collections::BTreeMap;

/// A store in a map.
#[derive(Default)]
pub struct Map(pub BTreeMap<String, String>);

impl KeyValue for Map {
    fn get(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        self.0.insert(key.into(), value.into());
        Ok(())
    }
    fn remove(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn keys(&self) -> Vec<String> {
        self.0.keys().cloned().collect()
    }
}

/// A store whose keys under `refused` cannot be written (a full quota for them).
pub struct Refusing {
    pub map: Map,
    pub refused: &'static str,
}

impl KeyValue for Refusing {
    fn get(&self, key: &str) -> Option<String> {
        self.map.get(key)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        if key.starts_with(self.refused) {
            return Err("the quota is used up".into());
        }
        self.map.set(key, value)
    }
    fn remove(&mut self, key: &str) {
        self.map.remove(key);
    }
    fn keys(&self) -> Vec<String> {
        self.map.keys()
    }
}
