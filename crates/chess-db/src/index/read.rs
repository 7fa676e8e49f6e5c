//! How queries read a segment's groups of columns: each from its blob,
//! checked, through the database's column cache (see `columns`), so that a
//! question reads only the parts it asks about, and again only what the
//! cache let go.

use std::sync::Arc;

use super::blob::{self, Part};
use super::columns::Group;
use super::late::LateStates;
use super::popular::Row;
use super::segment::{self, HeaderColumns, MoveBlock, NewNames, Outcomes, SearchColumns};
use super::shapes;
use super::store::SegmentInfo;
use super::{FileIndex, Segment, damaged};
use crate::tally::Tally;
use crate::{Corrupt, Error};

impl FileIndex {
    /// A segment's group of columns `part`, from the cache, or made by
    /// `load` and kept.
    fn group<T: Group>(
        &self,
        segment: &Segment,
        part: Part,
        load: impl FnOnce() -> Result<T, Error>,
    ) -> Result<Arc<T>, Error> {
        let columns = self.shared.columns.get(self.shared.file_key, segment.info, part, || {
            load().map(|g| T::wrap(Arc::new(g)))
        })?;
        T::unwrap(columns).ok_or_else(|| Error::Index("the column cache mixed up its groups".into()))
    }

    /// A segment's group of columns `part`, read from its blob and checked
    /// by `decode` (or kept from an earlier query).
    fn stored<T: Group>(
        &self,
        segment: &Segment,
        part: Part,
        decode: impl FnOnce(&[u8], &SegmentInfo) -> Result<T, Corrupt>,
    ) -> Result<Arc<T>, Error> {
        self.group(segment, part, || {
            let blob = self.shared.must_blob(segment.info.id, part)?;
            decode(&blob, &segment.info).map_err(damaged)
        })
    }

    /// A segment's part that it may not have (an opening table's position,
    /// its kept counts), read from its blob and checked by `decode` (or
    /// kept from an earlier query): `None` when the segment has no such
    /// blob.
    fn stored_if_any<T>(
        &self,
        segment: &Segment,
        part: Part,
        decode: impl FnOnce(&[u8], &SegmentInfo) -> Result<T, Corrupt>,
    ) -> Result<Arc<Option<T>>, Error>
    where
        Option<T>: Group,
    {
        self.group(segment, part, || {
            match self.shared.load_blob(segment.info.id, part)? {
                Some(blob) => decode(&blob, &segment.info).map(Some).map_err(damaged),
                None => Ok(None),
            }
        })
    }

    /// A segment's search columns.
    pub(crate) fn search_columns(&self, segment: &Segment) -> Result<Arc<SearchColumns>, Error> {
        self.stored(segment, Part::Search, SearchColumns::from_blob)
    }

    /// A segment's outcomes (what the explorer counts).
    pub(crate) fn outcomes(&self, segment: &Segment) -> Result<Arc<Outcomes>, Error> {
        self.stored(segment, Part::Outcomes, Outcomes::from_blob)
    }

    /// The names a segment added to the lists.
    pub(crate) fn new_names(&self, segment: &Segment) -> Result<Arc<NewNames>, Error> {
        self.stored(segment, Part::Names, NewNames::from_blob)
    }

    /// The states a segment's games hold after the opening table's plies.
    pub(crate) fn late_states(&self, segment: &Segment) -> Result<Arc<LateStates>, Error> {
        self.stored(segment, Part::Late, LateStates::from_blob)
    }

    /// The moves of the run of games that holds game `i` of a segment.
    pub(crate) fn move_block(&self, segment: &Segment, i: usize) -> Result<Arc<MoveBlock>, Error> {
        let block_games = segment::move_block_games(self.shared.segment_games);
        let number = (i / block_games) as u32;
        self.stored(segment, Part::Moves(number), |blob, info| {
            MoveBlock::from_blob(blob, info, number, block_games)
        })
    }

    /// A segment's header columns (with the outcomes and the names).
    pub(crate) fn header_columns(&self, segment: &Segment) -> Result<Arc<HeaderColumns>, Error> {
        let info = segment.info;
        self.group(segment, Part::Headers, || {
            let [headers, outcomes, names] =
                [Part::Headers, Part::Outcomes, Part::Names].map(|part| self.shared.must_blob(info.id, part));
            HeaderColumns::from_blobs(&headers?, &outcomes?, &names?, &info).map_err(damaged)
        })
    }

    /// The explorer's counts kept for the opening row of the position
    /// `key` in a segment, if it has a row of that many games (read by key:
    /// not the row's games).
    pub(crate) fn kept_tally(&self, segment: &Segment, key: u64) -> Result<Arc<Option<Tally>>, Error> {
        self.stored_if_any(segment, Part::Tally(key), |blob, info| {
            blob::opening_tally(blob, key, info)
        })
    }

    /// Whether some game of a segment may pass through the shape `key`
    /// (see `crate::shape`): `false` for sure, `true` wrongly now and then.
    /// One bucket of the segment's shapes is read, and not kept.
    pub(crate) fn may_have_shape(&self, segment: &Segment, key: u32) -> Result<bool, Error> {
        let info = segment.info;
        let buckets = shapes::buckets(info.games as usize);
        let bucket = shapes::bucket_of(key, buckets) as u32;
        let blob = self.shared.must_blob(info.id, Part::Shapes(bucket))?;
        let coded = blob::shape_bucket(&blob, &info, bucket).map_err(damaged)?;
        shapes::may_hold(&coded, buckets, key).map_err(damaged)
    }

    /// The entries of a segment's opening table for the position `key`, if
    /// the table has it (read by key: nothing else of the segment).
    pub(crate) fn opening(&self, segment: &Segment, key: u64) -> Result<Arc<Option<Row>>, Error> {
        self.stored_if_any(segment, Part::Opening(key), |blob, info| {
            blob::opening_row(blob, key, info)
        })
    }
}
