//! The format-neutral match as written: what both readers (.mat and SGF) produce for the
//! replay, every written event with its span.

use super::super::ast::{ActionLabel, MoveText};
use super::super::diagnostic::Span;
use crate::rules::{Board, Side, Variant};

/// A match as written, before checking.
#[derive(Clone, Debug, Default)]
pub struct MatchInput {
    /// The match length (0 = money) and where it was written.
    pub length: Option<(u32, Span)>,
    /// Player names (from the first game's score line or the SGF root).
    pub players: [String; 2],
    /// The variant.
    pub variant: Variant,
    /// Jacoby rule (money).
    pub jacoby: bool,
    /// The file does not say whether the Jacoby rule applies (a `.mat` money session without a
    /// `Jacoby` header line): `jacoby` is an assumption the results may overturn.
    pub jacoby_assumed: bool,
    /// The Crawford rule is declared (SGF `RU[Crawford]`; always for .mat, as gnubg's
    /// `import mat` reads it).
    pub crawford_rule: bool,
    /// Match information for the record.
    pub info: Vec<(String, String)>,
    /// Comment lines.
    pub comment: Vec<String>,
    /// The games.
    pub games: Vec<GameInput>,
    /// gnubg's import of this format drops a game resigned before its first roll (`.mat`:
    /// `No game in progress`); its SGF loader keeps such a game.
    pub drops_opening_resignations: bool,
}

/// One game as written.
#[derive(Clone, Debug, Default)]
pub struct GameInput {
    /// The game header.
    pub header: Span,
    /// Score before the game as written, and where.
    pub score: Option<([u32; 2], Span)>,
    /// The written events in order.
    pub events: Vec<Event>,
    /// A declared result (SGF `RE[]`): winner, points, by resignation, where.
    pub declared: Option<(Side, u32, bool, Span)>,
    /// The last line or node of the game.
    pub end: Span,
    /// Whether the file marks this game as the Crawford game (SGF `RU[..:CrawfordGame]`),
    /// and where; `None` when the format does not say.
    pub declared_crawford: Option<(bool, Span)>,
}

/// One written event by one player.
#[derive(Clone, Debug)]
pub struct Event {
    /// The player whose column or colour it is written under.
    pub side: Side,
    /// What was written.
    pub kind: EventKind,
    /// Where.
    pub span: Span,
}

/// The kinds of written events.
#[derive(Clone, Debug)]
pub enum EventKind {
    /// A roll and its written moves.
    Roll {
        /// The dice digits as written.
        dice: [u8; 2],
        /// Where the dice are.
        dice_span: Span,
        /// The written moves.
        moves: Vec<(MoveText, Span)>,
        /// `Cannot Move` was written.
        cannot_move: bool,
        /// An Athroisma bear-off label written before the moves.
        label: Option<ActionLabel>,
        /// Written as dice alone, rolled and not played (SGF `;PL[W]DI[51]`): kept as a roll
        /// not played even when it has no play, as gnubg keeps it.
        dice_only: bool,
    },
    /// A double (to the value, when written).
    Double(Option<u32>),
    /// A take.
    Take,
    /// A drop.
    Drop,
    /// A beaver (to the value, when written).
    Beaver(Option<u32>),
    /// `Wins N points`.
    Wins {
        /// N.
        points: u32,
        /// `and the match` followed.
        and_match: bool,
    },
    /// `Losses N points` (the writer's side gave up N points).
    Losses(u32),
    /// A record that could not be read (the reader reported it).
    Unreadable,
    /// A board set up by editing (SGF `AE`/`AW`/`AB`), with the player on roll if given.
    SetBoard {
        /// The new position.
        board: Board,
        /// `PL[]`: who is to roll.
        on_roll: Option<Side>,
    },
}
