//! Syntax trees of match files (.mat and SGF) with spans; no game state, no legality.

use super::diagnostic::Span;
pub use crate::notation::variant_move::ActionLabel;

/// A value and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Its place in the source.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Wraps `value` found at `span`.
    pub fn new(value: T, span: Span) -> Spanned<T> {
        Spanned { value, span }
    }
}

/// A whole Jellyfish .mat file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatFile {
    /// `; [Key "value"]` lines and other comment lines before the first game.
    pub header: Vec<HeaderLine>,
    /// The ` N point match` line (0 = money session).
    pub length: Option<Spanned<u32>>,
    /// The games in file order.
    pub games: Vec<MatGame>,
}

/// One comment line of the header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderLine {
    /// The key of a `[Key "value"]` line, `None` for free comment text.
    pub key: Option<String>,
    /// The value (or the comment text).
    pub value: String,
    /// The whole line.
    pub span: Span,
}

/// One ` Game N` section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatGame {
    /// The number after `Game`, and the header line's span.
    pub number: Spanned<u32>,
    /// The `name : score   name : score` line, if it could be read.
    pub score_line: Option<ScoreLine>,
    /// The actions in file order, each with its column.
    pub cells: Vec<Cell>,
    /// Span of the last line that belongs to this game.
    pub end: Span,
}

/// The score line under a game header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreLine {
    /// Names of player 0 (left column) and player 1 (right column).
    pub names: [Spanned<String>; 2],
    /// Their scores before the game.
    pub scores: [Spanned<u32>; 2],
    /// The whole line.
    pub span: Span,
}

/// Which player's column a cell is in: 0 = left (player 0), 1 = right (player 1).
pub type Column = usize;

/// One action written in one column of a move line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// 0 for the left column (player 0), 1 for the right (player 1).
    pub column: Column,
    /// The move number of the line, if it had one.
    pub move_number: Option<u32>,
    /// What was written.
    pub action: Action,
    /// The action's text.
    pub span: Span,
}

/// A written action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `DD: moves`: a roll and the play made with it (no moves: could not move, or not yet
    /// moved).
    Roll {
        /// The two digits as written (not checked to be 1..6).
        dice: Spanned<[u8; 2]>,
        /// The written half-moves.
        moves: Vec<Spanned<MoveText>>,
        /// `Cannot Move` or `???` was written instead of moves.
        cannot_move: bool,
        /// An Athroisma bear-off label (`sum 3:`) before the moves (files of tavli's variants).
        label: Option<ActionLabel>,
    },
    /// `Doubles => N` (N absent for a bare `Double`).
    Double(Option<u32>),
    /// `Takes`.
    Take,
    /// `Drops` / `Passes`.
    Drop,
    /// `Beavers => N`.
    Beaver(Option<u32>),
    /// `Raccoons => N`.
    Raccoon(Option<u32>),
    /// `Wins N point(s) [and the match]`.
    Wins {
        /// N.
        points: u32,
        /// `and the match` followed.
        and_match: bool,
    },
    /// `Losses N point(s)` (Backgammon Galaxy: the player who resigned or forfeited).
    Losses(u32),
    /// Text that could not be read (a syntax diagnostic was reported for it).
    Unreadable,
}

/// One written move token: a checker path like `13/7*/5`, `bar/22`, `6/off(2)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The points of the path, in the mover's numbering: 25 = bar, 0 = off.
    pub points: Vec<u8>,
    /// For each point, whether a contact mark followed it: `*` (a hit), and in files of
    /// tavli's variants also `^` (a Plakoto pin) or `x` (an Athroisma capture).
    pub hits: Vec<bool>,
    /// The `(n)` repeat count, 1 when absent.
    pub count: u8,
}

/// An SGF collection: one game tree per backgammon game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SgfCollection {
    /// The game trees in file order (only the main line of each: first variation).
    pub trees: Vec<SgfTree>,
}

/// One game tree, flattened to its main line of nodes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SgfTree {
    /// The nodes; the first is the root (game information).
    pub nodes: Vec<SgfNode>,
    /// The whole tree.
    pub span: Span,
}

/// One node: its properties in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SgfNode {
    /// The properties.
    pub properties: Vec<SgfProperty>,
    /// The node from `;` to its last value.
    pub span: Span,
}

/// One property: identifier and values (unescaped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfProperty {
    /// The identifier (`B`, `MI`, ...).
    pub identifier: String,
    /// The values, unescaped, each with its span (inside the brackets).
    pub values: Vec<Spanned<String>>,
    /// From the identifier to the last `]`.
    pub span: Span,
}

impl SgfNode {
    /// The first property called `identifier`.
    #[must_use]
    pub fn property(&self, identifier: &str) -> Option<&SgfProperty> {
        self.properties
            .iter()
            .find(|property| property.identifier == identifier)
    }
}
