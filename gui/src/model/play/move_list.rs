//! The move list as the panel shows it (main line and variations, in
//! reading order) and the edits of its variations.

use chess_core::NodeId;

use super::Play;

/// A piece of the move list as it is shown: a move, or the start or end
/// of a variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveToken {
    /// A move, with its number when it needs one ("1.", "1...").
    Move {
        /// The node the move leads to.
        node: NodeId,
        /// "1. e4", "1... e5" or just "Nf3".
        text: String,
        /// Whether it is on the main line.
        mainline: bool,
    },
    /// "(".
    Open,
    /// ")".
    Close,
}

impl Play {
    /// Moves the variation through `node` one place up (to the main
    /// continuation if it is the first variation).
    pub fn promote_variation(&mut self, node: NodeId) -> bool {
        let at = self.variation_start(node);
        self.edit(|g| g.promote(at), |&changed| changed)
    }

    /// Makes the line through `node` the main line.
    pub fn make_main_line(&mut self, node: NodeId) -> bool {
        self.edit(|g| g.promote_to_main(node), |&changed| changed)
    }

    /// Deletes `node` and every move after it.
    pub fn delete_from(&mut self, node: NodeId) -> bool {
        self.edit(|g| g.delete(node), |&changed| changed)
    }

    /// The first move of the variation `node` is in (where it branches off).
    fn variation_start(&self, node: NodeId) -> NodeId {
        let mut at = node;
        while let Some(parent) = self.game.parent(at) {
            if self.game.children(parent).first() != Some(&at) {
                return at;
            }
            at = parent;
        }
        node
    }

    /// The move list: main line and variations, in reading order.
    pub fn move_tokens(&self) -> Vec<MoveToken> {
        let mut out = Vec::new();
        if let Some(&first) = self.game.children(NodeId::ROOT).first() {
            self.line_tokens(first, true, &mut out);
        }
        out
    }

    fn line_tokens(&self, first: NodeId, mainline: bool, out: &mut Vec<MoveToken>) {
        let mut node = first;
        let mut need_number = true;
        loop {
            let parent = self.game.parent(node).unwrap_or(NodeId::ROOT);
            let before = self.game.position_at(parent);
            let san = self.game.san_at(node).unwrap_or_default();
            let text = match before.move_number(need_number) {
                Some(number) => format!("{number} {san}"),
                None => san,
            };
            out.push(MoveToken::Move { node, text, mainline });
            need_number = false;
            let siblings = self.game.children(parent);
            if siblings.first() == Some(&node) {
                for &variation in &siblings[1..] {
                    out.push(MoveToken::Open);
                    self.line_tokens(variation, false, out);
                    out.push(MoveToken::Close);
                    need_number = true;
                }
            }
            match self.game.children(node).first() {
                Some(&next) => node = next,
                None => break,
            }
        }
    }
}
