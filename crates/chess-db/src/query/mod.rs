//! The questions a collection answers. Each runs over the index's segments
//! on every core, and gives plain values (game numbers, explorer rows);
//! printing them, as text, JSON or through the C API, is for their callers.

pub mod explore;
pub mod filter;
pub mod material;
pub mod position;
pub mod read_out;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::Database;
use crate::Error;
use crate::index::popular::Row;
use crate::index::segment::{HeaderColumns, MoveBlock, Outcomes, SearchColumns};
use crate::index::{FileIndex, Segment};
use filter::Filter;

/// A segment's columns as a query reads them.
pub(crate) struct View {
    /// The collection's number (from 0) of its first game.
    pub first: u64,
    /// The file's index (its name lists, for players' names).
    pub index: Arc<FileIndex>,
    /// The segment.
    pub segment: Arc<Segment>,
    /// What searches read first, once asked for.
    search: std::sync::OnceLock<Arc<SearchColumns>>,
    /// The header values, when the query asked for them.
    pub headers: Option<Arc<HeaderColumns>>,
}

impl View {
    /// The segment's search columns (read the first time they are asked
    /// for).
    pub fn search(&self) -> Result<&SearchColumns, Error> {
        if let Some(s) = self.search.get() {
            return Ok(s);
        }
        let read = self.index.search_columns(&self.segment)?;
        Ok(self.search.get_or_init(|| read))
    }

    /// The segment's outcomes (results, ratings, dates, players).
    pub fn outcomes(&self) -> Result<Arc<Outcomes>, Error> {
        self.index.outcomes(&self.segment)
    }

    /// Whether some game of the segment may hold `state` after the
    /// opening table's plies (see `index::late`).
    pub fn late_may_hold(&self, state: u32) -> Result<bool, Error> {
        Ok(self.index.late_states(&self.segment)?.may_hold(state))
    }

    /// The explorer's counts kept for the segment's opening row of the
    /// position `key`, if it has a row that large.
    pub fn kept_tally(&self, key: u64) -> Result<Arc<Option<crate::tally::Tally>>, Error> {
        self.index.kept_tally(&self.segment, key)
    }

    /// Whether some game of the segment may pass through the shape `key`
    /// (see `crate::shape`): `false` for sure.
    pub fn may_have_shape(&self, key: u32) -> Result<bool, Error> {
        self.index.may_have_shape(&self.segment, key)
    }

    /// The moves of the segment's games, read a run of games at a time as
    /// they are asked for.
    pub fn moves(&self) -> Moves<'_> {
        Moves {
            view: self,
            block: None,
        }
    }

    /// The segment's opening table's entries for the position `key`, if it
    /// has them.
    pub fn opening(&self, key: u64) -> Result<Arc<Option<Row>>, Error> {
        self.index.opening(&self.segment, key)
    }
}

/// A segment's moves as a query reads them: the run of games of the last
/// game asked for is kept at hand.
pub(crate) struct Moves<'a> {
    view: &'a View,
    block: Option<Arc<MoveBlock>>,
}

impl Moves<'_> {
    /// The moves of game `i` of the segment.
    pub fn of(&mut self, i: usize) -> Result<&[u8], Error> {
        let held = self
            .block
            .as_ref()
            .is_some_and(|b| i >= b.first && i < b.first + b.len());
        if !held {
            self.block = Some(self.view.index.move_block(&self.view.segment, i)?);
        }
        Ok(self.block.as_ref().map(|b| b.moves_of(i)).unwrap_or_default())
    }
}

impl Database {
    /// Runs `each` on every segment (on every core), with the columns
    /// header columns when `headers` asks for them (the search columns,
    /// the outcomes, the moves and the opening table are read as it goes:
    /// a position the opening table answers whole needs none of its games)
    /// and the games a `filter` lets through, and gives the
    /// results in the collection's order. The segments of every file of
    /// the collection are shared out among the cores together; a file
    /// whose index fails (damaged, or the file changed) is left out of a
    /// folder's answer and named in its problems.
    pub(crate) fn each_view<T: Send>(
        &self,
        filter: Option<&Filter>,
        headers: bool,
        each: impl Fn(&View, Option<&[bool]>) -> Result<Vec<T>, Error> + Sync,
    ) -> Result<Vec<T>, Error> {
        let parts = self.parts()?;
        let filter = filter.filter(|f| !f.is_empty());
        let need_headers = headers || filter.is_some_and(Filter::needs_headers);
        // Each file's filter, on its name lists.
        let mut compiled = Vec::with_capacity(parts.len());
        let mut failed: Vec<Option<Error>> = vec![None; parts.len()];
        for (k, part) in parts.iter().enumerate() {
            compiled.push(match filter {
                Some(f) => match part.index.names() {
                    Ok(names) => Some(f.compile(&names)),
                    Err(e) => {
                        failed[k] = Some(e);
                        None
                    }
                },
                None => None,
            });
        }
        // Every segment of every file: (its file, the segment).
        let segments: Vec<(usize, Arc<crate::index::Segment>)> = parts
            .iter()
            .enumerate()
            .filter(|(k, _)| failed[*k].is_none())
            .flat_map(|(k, part)| part.index.segments().into_iter().map(move |s| (k, s)))
            .collect();
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(segments.len())
            .max(1);
        let next = AtomicUsize::new(0);
        // One slot per segment, so results come back in the collection's order.
        type Slot<T> = std::sync::Mutex<Option<Result<Vec<T>, Error>>>;
        let results: Vec<Slot<T>> = segments.iter().map(|_| std::sync::Mutex::new(None)).collect();
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        loop {
                            let k = next.fetch_add(1, Ordering::Relaxed);
                            let Some((file, segment)) = segments.get(k) else { break };
                            let part = &parts[*file];
                            let run = || -> Result<Vec<T>, Error> {
                                let view = View {
                                    first: part.offset + u64::from(segment.info.first),
                                    index: part.index.clone(),
                                    segment: segment.clone(),
                                    search: std::sync::OnceLock::new(),
                                    headers: if need_headers {
                                        Some(part.index.header_columns(segment)?)
                                    } else {
                                        None
                                    },
                                };
                                let allowed = match compiled[*file].as_ref() {
                                    Some(c) => Some(c.games(
                                        Some(view.search()?),
                                        view.headers.as_deref(),
                                        segment.info.games as usize,
                                    )),
                                    None => None,
                                };
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
        // A file any of whose segments failed answers nothing.
        let mut answers: Vec<Vec<Vec<T>>> = parts.iter().map(|_| Vec::new()).collect();
        for ((file, _), slot) in segments.iter().zip(results) {
            match slot.into_inner().ok().flatten() {
                Some(Ok(part)) => answers[*file].push(part),
                Some(Err(e)) => {
                    failed[*file].get_or_insert(e);
                }
                None => {
                    failed[*file].get_or_insert(Error::Index("a segment was not searched".into()));
                }
            }
        }
        let mut out = Vec::new();
        for ((part, answer), failure) in parts.iter().zip(answers).zip(failed) {
            match failure {
                Some(e) => self.left_out(part, e)?,
                None => out.extend(answer.into_iter().flatten()),
            }
        }
        Ok(out)
    }

    /// The games that pass `filter` (every readable game for an empty
    /// one), by number, in file order.
    pub fn filter(&self, filter: &Filter) -> Result<Vec<u64>, Error> {
        self.each_view(Some(filter), false, |view, allowed| {
            let search = view.search()?;
            let games = search.len();
            Ok((0..games)
                .filter(|&i| allowed.is_none_or(|a| a[i]) && search.flags[i] & crate::index::segment::UNREADABLE == 0)
                .map(|i| view.first + i as u64 + 1)
                .collect())
        })
    }
}
