//! The segments' columns a database keeps decoded for the next query,
//! under a limit in bytes, so that a query's memory does not grow with the
//! collection: a collection of a hundred million games has some 1,500
//! segments of 10-20 MB each decoded, far more than a machine holds.
//!
//! A query reads each segment's columns through [`ColumnCache::get`]:
//! decoded columns are kept, the least recently used going first once
//! their bytes pass the limit. A query on a collection larger than the
//! limit decodes some segments again on its next run; one that fits keeps
//! them all (the app following a game in the explorer asks the same
//! segments move after move).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::blob::Part;
use super::late::LateStates;
use super::popular::{Entry, Row};
use super::segment::{HeaderColumns, MoveBlock, NewNames, Outcomes, SearchColumns};
use super::store::SegmentInfo;
use crate::tally::Tally;

/// The default limit: some five segments' search and header columns
/// (about 330,000 games). Measured with `chess-db` on collections of 1 and
/// 3 million games: a query peaks at 165-200 MB with it (80-100 MB with
/// none kept, 270-420 MB with 160 MiB), a little more with 3 million than
/// with 1 (docs/collections.md, "Memory").
pub const DEFAULT_LIMIT: usize = 64 << 20;

/// A segment's columns of one group, decoded.
#[derive(Clone, Debug)]
pub(crate) enum Columns {
    /// What searches read first.
    Search(Arc<SearchColumns>),
    /// A run of games' moves.
    Moves(Arc<MoveBlock>),
    /// What the explorer counts.
    Outcomes(Arc<Outcomes>),
    /// The names a segment added.
    Names(Arc<NewNames>),
    /// What filters read and where the games are (with the outcomes and
    /// the names).
    Headers(Arc<HeaderColumns>),
    /// The states a segment's games hold after the opening table's plies.
    Late(Arc<LateStates>),
    /// A position's entries in a segment's opening table (`None`: the
    /// table does not have it).
    Opening(Arc<Option<Row>>),
    /// The explorer's counts kept for a position's row (`None`: none kept).
    Tally(Arc<Option<Tally>>),
}

impl Columns {
    /// About how many bytes of memory they take.
    fn bytes(&self) -> usize {
        match self {
            Columns::Search(c) => c.heap_bytes(),
            Columns::Moves(c) => c.heap_bytes(),
            Columns::Outcomes(c) => c.heap_bytes(),
            Columns::Names(c) => c.heap_bytes(),
            Columns::Headers(c) => c.heap_bytes(),
            Columns::Late(c) => c.heap_bytes(),
            Columns::Opening(c) => {
                64 + c
                    .as_ref()
                    .as_ref()
                    .map_or(0, |row| row.entries.capacity() * size_of::<Entry>())
            }
            Columns::Tally(c) => 64 + c.as_ref().as_ref().map_or(0, |t| 64 * (t.moves.len() + t.top.len())),
        }
    }
}

/// A group of columns the cache keeps: how it goes into [`Columns`] and
/// comes back out.
pub(crate) trait Group: Sized {
    /// The group as the cache keeps it.
    fn wrap(group: Arc<Self>) -> Columns;
    /// The group, if `columns` hold this one.
    fn unwrap(columns: Columns) -> Option<Arc<Self>>;
}

macro_rules! groups {
    ($($variant:ident($group:ty)),* $(,)?) => {$(
        impl Group for $group {
            fn wrap(group: Arc<Self>) -> Columns {
                Columns::$variant(group)
            }

            fn unwrap(columns: Columns) -> Option<Arc<Self>> {
                match columns {
                    Columns::$variant(group) => Some(group),
                    _ => None,
                }
            }
        }
    )*};
}

groups!(
    Search(SearchColumns),
    Moves(MoveBlock),
    Outcomes(Outcomes),
    Names(NewNames),
    Headers(HeaderColumns),
    Late(LateStates),
    Opening(Option<Row>),
    Tally(Option<Tally>),
);

/// Which columns: the file (its number in the cache), the segment (as its
/// row says it, so a segment written again differently is another key) and
/// the part.
type Key = (u64, SegmentInfo, Part);

/// Decoded columns kept, least recently used first out.
#[derive(Debug)]
pub(crate) struct ColumnCache {
    limit: usize,
    state: Mutex<State>,
    /// The next file's number.
    files: std::sync::atomic::AtomicU64,
}

#[derive(Debug, Default)]
struct State {
    /// Each entry's columns, size and when it was last asked for.
    entries: HashMap<Key, (Columns, usize, u64)>,
    bytes: usize,
    clock: u64,
}

impl ColumnCache {
    /// A cache of at most `limit` bytes of columns (beyond those queries
    /// are reading at the moment, which they hold themselves).
    pub(crate) fn new(limit: usize) -> ColumnCache {
        ColumnCache {
            limit,
            state: Mutex::new(State::default()),
            files: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// A number for a file whose columns this cache keeps.
    pub(crate) fn file_key(&self) -> u64 {
        self.files.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    }

    /// The columns of `segment`'s `part`, from the cache or decoded by
    /// `load` (outside the lock: other segments are read meanwhile) and
    /// kept.
    pub(crate) fn get<E>(
        &self,
        file: u64,
        segment: SegmentInfo,
        part: Part,
        load: impl FnOnce() -> Result<Columns, E>,
    ) -> Result<Columns, E> {
        let key = (file, segment, part);
        if let Ok(mut state) = self.state.lock() {
            state.clock += 1;
            let now = state.clock;
            if let Some((columns, _, used)) = state.entries.get_mut(&key) {
                *used = now;
                return Ok(columns.clone());
            }
        }
        let columns = load()?;
        let size = columns.bytes();
        if size <= self.limit
            && let Ok(mut state) = self.state.lock()
        {
            state.clock += 1;
            let now = state.clock;
            if let Some((_, old, _)) = state.entries.insert(key, (columns.clone(), size, now)) {
                // Decoded twice at once: the first copy is let go.
                state.bytes -= old;
            }
            state.bytes += size;
            while state.bytes > self.limit {
                let Some((&oldest, _)) = state.entries.iter().min_by_key(|(_, (_, _, used))| *used) else {
                    break;
                };
                if let Some((_, gone, _)) = state.entries.remove(&oldest) {
                    state.bytes -= gone;
                }
            }
        }
        Ok(columns)
    }

    /// The bytes of columns kept now.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.state.lock().map_or(0, |s| s.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(id: u32) -> SegmentInfo {
        SegmentInfo {
            id,
            first: id * 10,
            games: 10,
            start: 0,
            start_line: 1,
        }
    }

    fn headers(games: usize) -> Columns {
        Columns::Headers(Arc::new(HeaderColumns {
            offsets: vec![0; games],
            ..HeaderColumns::default()
        }))
    }

    #[test]
    fn columns_past_the_limit_go_least_recently_used_first() {
        let one = headers(1000).bytes();
        let cache = ColumnCache::new(2 * one);
        let loads = std::cell::Cell::new(0);
        let get = |id| {
            cache
                .get(0, info(id), Part::Headers, || {
                    loads.set(loads.get() + 1);
                    Ok::<_, ()>(headers(1000))
                })
                .unwrap()
        };
        get(0);
        get(1);
        get(0); // 1 is now the least recently used
        get(2); // and goes
        assert_eq!(loads.get(), 3);
        assert!(cache.bytes() <= 2 * one);
        get(0);
        get(2);
        assert_eq!(loads.get(), 3, "0 and 2 were kept");
        get(1);
        assert_eq!(loads.get(), 4, "1 was not");
    }

    #[test]
    fn columns_larger_than_the_limit_are_read_and_not_kept() {
        let cache = ColumnCache::new(100);
        let got = cache
            .get(0, info(0), Part::Headers, || Ok::<_, ()>(headers(1000)))
            .unwrap();
        assert!(matches!(got, Columns::Headers(h) if h.offsets.len() == 1000));
        assert_eq!(cache.bytes(), 0);
    }
}
