//! The questions a collection answers. Each runs over the index's segments
//! on every core, and gives plain values (game numbers, explorer rows);
//! printing them, as text, JSON or through the C API, is for their callers.

pub mod explore;
pub mod filter;
pub mod material;
pub mod output;
pub mod position;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::Error;
use crate::index::Database;
use crate::index::segment::{HeaderColumns, SearchColumns};
use filter::Filter;

/// A segment's columns as a query reads them.
pub(crate) struct View {
    /// The number (from 0) of its first game.
    pub first: u32,
    /// What searches read.
    pub search: Arc<SearchColumns>,
    /// The header values, when the query asked for them.
    pub headers: Option<Arc<HeaderColumns>>,
}

impl Database {
    /// Runs `each` on every segment (on every core), with the games a
    /// `filter` lets through, and gives the results in file order.
    pub(crate) fn each_segment<T: Send>(
        &self,
        filter: Option<&Filter>,
        each: impl Fn(&SearchColumns, u32, Option<&[bool]>) -> Result<Vec<T>, Error> + Sync,
    ) -> Result<Vec<T>, Error> {
        self.each_view(filter, false, |view, allowed| each(&view.search, view.first, allowed))
    }

    /// [`Database::each_segment`] with the header columns at hand too when
    /// `headers` asks for them.
    pub(crate) fn each_view<T: Send>(
        &self,
        filter: Option<&Filter>,
        headers: bool,
        each: impl Fn(&View, Option<&[bool]>) -> Result<Vec<T>, Error> + Sync,
    ) -> Result<Vec<T>, Error> {
        let segments = self.segments();
        let filter = filter.filter(|f| !f.is_empty());
        let compiled = match filter {
            Some(f) => Some(f.compile(&*self.names()?)),
            None => None,
        };
        let need_headers = headers || filter.is_some_and(Filter::needs_headers);
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(segments.len())
            .max(1);
        let next = AtomicUsize::new(0);
        // One slot per segment, so results come back in the file's order.
        type Slot<T> = std::sync::Mutex<Option<Result<Vec<T>, Error>>>;
        let results: Vec<Slot<T>> = segments.iter().map(|_| std::sync::Mutex::new(None)).collect();
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        loop {
                            let k = next.fetch_add(1, Ordering::Relaxed);
                            let Some(segment) = segments.get(k) else { break };
                            let run = || -> Result<Vec<T>, Error> {
                                let view = View {
                                    first: segment.info.first,
                                    search: self.search_columns(segment)?,
                                    headers: if need_headers {
                                        Some(self.header_columns(segment)?)
                                    } else {
                                        None
                                    },
                                };
                                let allowed = compiled.as_ref().map(|c| {
                                    c.games(Some(&view.search), view.headers.as_deref(), segment.info.games as usize)
                                });
                                each(&view, allowed.as_deref())
                            };
                            let result = run();
                            if let Ok(mut slot) = results[k].lock() {
                                *slot = Some(result);
                            }
                        }
                    })
                })
                .collect();
            // Joined one by one, not only waited for at the scope's end: a
            // join waits until the thread has wholly exited, so a C program
            // that exits right after a search leaves no thread half gone
            // (valgrind saw its stack as "possibly lost", now and then).
            for worker in workers {
                let _ = worker.join();
            }
        });
        let mut out = Vec::new();
        for slot in results {
            match slot.into_inner().ok().flatten() {
                Some(Ok(part)) => out.extend(part),
                Some(Err(e)) => return Err(e),
                None => return Err(Error::Index("a segment was not searched".into())),
            }
        }
        Ok(out)
    }

    /// The games that pass `filter` (every readable game for an empty
    /// one), by number, in file order.
    pub fn filter(&self, filter: &Filter) -> Result<Vec<u64>, Error> {
        self.each_view(Some(filter), false, |view, allowed| {
            let games = view.search.len();
            Ok((0..games)
                .filter(|&i| {
                    allowed.is_none_or(|a| a[i]) && view.search.flags[i] & crate::index::segment::UNREADABLE == 0
                })
                .map(|i| u64::from(view.first) + i as u64 + 1)
                .collect())
        })
    }
}
