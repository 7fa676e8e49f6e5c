//! Counts of what the search did: how often the table answered, how often
//! each pruning and reduction fired, how often the first move cut off. For
//! profiling the search (`examples/profile.rs`), not for playing.

/// What one search did, counted (over every thread's search).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of the quiescence search (the rest of the nodes are the main
    /// search's).
    pub qnodes: u64,
    /// Main-search nodes that looked in the transposition table.
    pub tt_probes: u64,
    /// Of those, the ones that found their position there.
    pub tt_hits: u64,
    /// Of those, the ones the entry settled without a search.
    pub tt_cutoffs: u64,
    /// Null-move searches tried.
    pub null_tries: u64,
    /// Null-move searches that failed high (the node was cut).
    pub null_cutoffs: u64,
    /// Nodes cut by reverse futility (static evaluation far above beta).
    pub rfp_cutoffs: u64,
    /// Nodes razored (far below alpha, and quiescence found no rescue).
    pub razored: u64,
    /// Quiet moves skipped by futility pruning.
    pub futility_pruned: u64,
    /// Quiet moves skipped by late-move pruning.
    pub lmp_pruned: u64,
    /// Moves skipped by SEE pruning (they lose material on their square).
    pub see_pruned: u64,
    /// Moves searched with a late-move reduction.
    pub reduced: u64,
    /// Of those, the ones that beat alpha and were searched again in full.
    pub re_searched: u64,
    /// Main-search nodes that failed high (a beta cutoff).
    pub cutoffs: u64,
    /// Of those, the ones where the first move searched cut off.
    pub first_move_cutoffs: u64,
    /// Root searches that fell outside their aspiration window.
    pub aspiration_fails: u64,
    /// Hash moves searched a ply deeper as singular (every other move
    /// fell well below them).
    pub singular_extensions: u64,
}

impl Stats {
    /// Adds another search's counts (a helper thread's).
    pub fn add(&mut self, other: &Stats) {
        self.qnodes += other.qnodes;
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
        self.tt_cutoffs += other.tt_cutoffs;
        self.null_tries += other.null_tries;
        self.null_cutoffs += other.null_cutoffs;
        self.rfp_cutoffs += other.rfp_cutoffs;
        self.razored += other.razored;
        self.futility_pruned += other.futility_pruned;
        self.lmp_pruned += other.lmp_pruned;
        self.see_pruned += other.see_pruned;
        self.reduced += other.reduced;
        self.re_searched += other.re_searched;
        self.cutoffs += other.cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        self.aspiration_fails += other.aspiration_fails;
        self.singular_extensions += other.singular_extensions;
    }
}
