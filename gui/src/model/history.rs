//! Undo and redo over snapshots: the game in play mode and the setup in the
//! editor both keep one.

/// The values a thing had before its last changes, and the ones undo took
/// back, so redo can restore them.
#[derive(Clone, Debug)]
pub struct History<T> {
    undo: Vec<T>,
    redo: Vec<T>,
    /// How many steps back are remembered (the oldest are forgotten).
    limit: usize,
}

impl<T> History<T> {
    /// An empty history that remembers up to `limit` steps.
    pub fn new(limit: usize) -> History<T> {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
            limit,
        }
    }

    /// Records `before`, the value as it was before a change; what undo had
    /// taken back can no longer be redone.
    pub fn record(&mut self, before: T) {
        self.undo.push(before);
        if self.undo.len() > self.limit {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The value undo would bring back.
    pub fn last(&self) -> Option<&T> {
        self.undo.last()
    }

    /// Puts the value before the last change into `current` (which redo can
    /// bring back). False when there is nothing to undo.
    pub fn undo(&mut self, current: &mut T) -> bool {
        let Some(previous) = self.undo.pop() else { return false };
        self.redo.push(std::mem::replace(current, previous));
        true
    }

    /// Brings back into `current` what undo took back. False when there is
    /// nothing to redo.
    pub fn redo(&mut self, current: &mut T) -> bool {
        let Some(next) = self.redo.pop() else { return false };
        self.undo.push(std::mem::replace(current, next));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::History;

    #[test]
    fn undo_redo_and_the_limit() {
        let mut history = History::new(2);
        let mut value = 1;
        for next in 2..=4 {
            history.record(value);
            value = next;
        }
        assert!(history.undo(&mut value) && value == 3);
        assert!(history.undo(&mut value) && value == 2);
        assert!(!history.undo(&mut value), "only two steps are remembered");
        assert!(history.redo(&mut value) && value == 3);
        history.record(value);
        value = 10;
        assert!(!history.can_redo(), "a new change drops what was undone");
        assert!(history.undo(&mut value) && value == 3);
    }
}
