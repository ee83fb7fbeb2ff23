//! A match file as one self-contained HTML page: header, games, moves, and notes with boards.
//!
//! The page is built in two steps so that more than the validator can write on it: a
//! [`Report`] holds plain data (the header, each game's moves, and [`Note`]s, each tied to a
//! game and optionally to one of its moves, with an optional board), and [`render_report`]
//! turns it into HTML. [`from_match::report_of`] fills a report from a checked file with one
//! note per diagnostic; a later analysis adds its marked decisions as notes of
//! [`NoteKind::Decision`] with [`Report::add_note`], and they appear on the page the same
//! way: a card in the game's section, linked both ways with the move it is about.
//!
//! The page has no scripts, no external fonts, images or style sheets: the boards are inline
//! SVG ([`crate::render::picture`]). It reflows to one column on a phone and prints each card
//! on one page.

pub mod analysis;
pub mod decision_card;
pub mod equity_graph;
pub mod from_match;
pub mod statistics_table;
pub mod table;

use super::picture::{board_svg_fragment, xml_escape, PictureOptions};
pub use crate::matchfile::written::BoardKnowledge;
use crate::rules::{MatchState, Side};
use equity_graph::{graph_svg, EquityGraph};
use std::fmt::Write;
use table::{write_table, Table};

/// The style sheet, inlined in every page.
const STYLE: &str = include_str!("style.css");

/// The whole page as data.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The page title and main heading (the file name).
    pub title: String,
    /// Lines under the heading: match length, variant, players, match information.
    pub header: Vec<String>,
    /// The verdict in words and its class (`valid`, `valid-with-warnings`, `invalid`).
    pub verdict: (String, String),
    /// The final score in words.
    pub final_score: String,
    /// The players' names (O, X), for the pictures.
    pub names: [String; 2],
    /// Notes about the file as a whole (not about a game).
    pub file_notes: Vec<Note>,
    /// Tables about the whole match (an analysis' statistics per player), shown before the
    /// games.
    pub tables: Vec<Table>,
    /// The games in order.
    pub games: Vec<GameSection>,
}

/// One game on the page.
#[derive(Clone, Debug, Default)]
pub struct GameSection {
    /// Its heading: `Game 2: gnubg 1, root 0 (Crawford game)`.
    pub heading: String,
    /// Every record of the game in order: who and what (`31: 8/5 6/5`), as written where
    /// the board is not known.
    pub moves: Vec<MoveRow>,
    /// How the game ended, in words.
    pub result: String,
    /// The written ending the result is read from (its text and line), when there is one.
    pub result_written: Option<(String, usize)>,
    /// The notes about this game, in move order.
    pub notes: Vec<Note>,
    /// The position after the last move, with its caption.
    pub final_board: Option<(MatchState, String)>,
    /// An analysis' equity graph of the game and its caption.
    pub graph: Option<(EquityGraph, String)>,
}

/// One row of a game's move list: one record of the file.
#[derive(Clone, Debug)]
pub struct MoveRow {
    /// Who (`None` for text that no column or colour holds).
    pub side: Option<Side>,
    /// What is shown: the play in the replay's notation where the board is known, the
    /// record as written otherwise.
    pub text: String,
    /// The record exactly as written (white space runs made one space), for tools.
    pub written: String,
    /// Its line in the file (1-based; 0 when it comes from no file).
    pub line: usize,
    /// What was known of the board there.
    pub board: BoardKnowledge,
}

impl MoveRow {
    /// A row of a known board whose written text is `text` (an analysis of a game played
    /// in a session, for example).
    #[must_use]
    pub fn known(side: Side, text: String) -> MoveRow {
        MoveRow {
            side: Some(side),
            written: text.clone(),
            text,
            line: 0,
            board: BoardKnowledge::Known,
        }
    }
}

/// The `data-board` word and the words shown beside a row, by what was known of the board.
fn board_words(board: BoardKnowledge) -> (&'static str, &'static str) {
    match board {
        BoardKnowledge::Known => ("known", ""),
        BoardKnowledge::Unknown => ("unknown", "as written; the board is not known here"),
        BoardKnowledge::AfterEnd => ("after-end", "written after the game ended"),
        BoardKnowledge::NotReplayed => ("not-replayed", "as written; not replayed"),
    }
}

/// What a note is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// An error in the file.
    Error,
    /// A warning about the file.
    Warning,
    /// A decision marked by an analysis (a doubtful move or cube action).
    Decision,
}

impl NoteKind {
    /// The CSS class and the word shown.
    #[must_use]
    pub fn class(self) -> &'static str {
        match self {
            NoteKind::Error => "error",
            NoteKind::Warning => "warning",
            NoteKind::Decision => "decision",
        }
    }
}

/// A card on the page: a diagnostic, or a marked decision.
#[derive(Clone, Debug)]
pub struct Note {
    /// What it is.
    pub kind: NoteKind,
    /// The move it is about (index into the game's moves), when it is about one.
    pub turn: Option<usize>,
    /// Whether the note is about move `turn` itself (marked in the move list) or about a
    /// record just before it that left no move (an unusable play).
    pub on_move: bool,
    /// Its heading: `line 12, column 5: illegal-move`.
    pub heading: String,
    /// Labelled lines: (`Written`, `62: 13/7 7/5`), (`Why`, ...), shown in order.
    pub details: Vec<(String, String)>,
    /// Labelled lists: (`Closest legal plays`, [..]).
    pub lists: Vec<(String, Vec<String>)>,
    /// Tables (an analysed decision's best plays with their equities).
    pub tables: Vec<Table>,
    /// The word beside the move and on the card's class (an analysis' mark: `very bad`);
    /// empty for the kind's word.
    pub mark: String,
    /// A board to show and its caption.
    pub board: Option<(MatchState, String)>,
}

impl Note {
    /// The CSS classes of the note and of its mark: its kind, and its mark's (`very-bad`).
    fn classes(&self) -> String {
        if self.mark.is_empty() {
            self.kind.class().to_string()
        } else {
            format!("{} {}", self.kind.class(), self.mark.replace(' ', "-"))
        }
    }

    /// The word beside its move: the mark, or the kind.
    fn word(&self) -> &str {
        if self.mark.is_empty() {
            self.kind.class()
        } else {
            &self.mark
        }
    }
}

impl Report {
    /// Adds `note` to game `game` (0-based; notes for games that do not exist go to the file
    /// notes), keeping the game's notes in move order.
    pub fn add_note(&mut self, game: usize, note: Note) {
        match self.games.get_mut(game) {
            Some(section) => {
                let at = section
                    .notes
                    .iter()
                    .position(|other| other.turn.unwrap_or(0) > note.turn.unwrap_or(0))
                    .unwrap_or(section.notes.len());
                section.notes.insert(at, note);
            }
            None => self.file_notes.push(note),
        }
    }
}

/// The page. Board pictures use `picture` (its names are replaced by the report's).
#[must_use]
pub fn render_report(report: &Report, picture: &PictureOptions) -> String {
    let picture = PictureOptions {
        names: report.names.clone(),
        ..picture.clone()
    };
    let mut page = Page {
        html: String::with_capacity(64 * 1024),
        boards: 0,
        picture,
    };
    page.head(report);
    if !report.file_notes.is_empty() {
        page.html
            .push_str("<section class=\"file-notes\" id=\"file\">\n<h2>The file</h2>\n");
        page.notes(&report.file_notes, None);
        page.html.push_str("</section>\n");
    }
    if !report.tables.is_empty() {
        page.html
            .push_str("<section class=\"statistics\" id=\"statistics\">\n<h2>Statistics</h2>\n");
        for table in &report.tables {
            write_table(&mut page.html, table);
        }
        page.html.push_str("</section>\n");
    }
    for (index, game) in report.games.iter().enumerate() {
        page.game(index, game);
    }
    let _ = writeln!(
        page.html,
        "<footer><p>Written by tavli {}; {} board picture{}.</p></footer>\n</body>\n</html>",
        env!("CARGO_PKG_VERSION"),
        page.boards,
        if page.boards == 1 { "" } else { "s" }
    );
    page.html
}

/// The page being written.
struct Page {
    html: String,
    boards: usize,
    picture: PictureOptions,
}

impl Page {
    fn head(&mut self, report: &Report) {
        let title = xml_escape(&report.title);
        let _ = write!(
            self.html,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <meta name=\"generator\" content=\"tavli {}\">\n<title>{title}: match report</title>\n\
             <style>\n{STYLE}</style>\n</head>\n<body>\n<header>\n<h1>{title}</h1>\n",
            env!("CARGO_PKG_VERSION")
        );
        for line in &report.header {
            let _ = writeln!(self.html, "<p>{}</p>", xml_escape(line));
        }
        let _ = writeln!(
            self.html,
            "<p class=\"verdict {}\">{}</p>\n<p class=\"final-score\">{}</p>",
            xml_escape(&report.verdict.1),
            xml_escape(&report.verdict.0),
            xml_escape(&report.final_score)
        );
        if !report.games.is_empty() {
            self.html.push_str("<nav><ol class=\"games\">");
            for (index, game) in report.games.iter().enumerate() {
                let marks = if game.notes.is_empty() {
                    String::new()
                } else {
                    format!(" ({} note{})", game.notes.len(), plural(game.notes.len()))
                };
                let _ = write!(
                    self.html,
                    "<li><a href=\"#game-{}\">{}</a>{marks}</li>",
                    index + 1,
                    xml_escape(&game.heading)
                );
            }
            self.html.push_str("</ol>");
            if !report.tables.is_empty() {
                self.html.push_str(
                    "<p class=\"to-statistics\"><a href=\"#statistics\">Statistics</a></p>",
                );
            }
            self.html.push_str("</nav>\n");
        }
        self.html.push_str("</header>\n");
    }

    fn game(&mut self, index: usize, game: &GameSection) {
        let number = index + 1;
        let _ = writeln!(
            self.html,
            "<section class=\"game\" id=\"game-{number}\" data-game=\"{number}\">\n<h2>{}</h2>",
            xml_escape(&game.heading)
        );
        if let Some((graph, caption)) = &game.graph {
            let _ = write!(
                self.html,
                "<figure class=\"graph\">\n{}<figcaption>{}</figcaption>\n</figure>\n",
                graph_svg(graph, &format!("g{number}-graph")),
                xml_escape(caption)
            );
        }
        if game.moves.is_empty() {
            self.html
                .push_str("<p class=\"empty\">No moves recorded.</p>\n");
        } else {
            self.html.push_str("<ol class=\"moves\">\n");
            for (turn, row) in game.moves.iter().enumerate() {
                let marked: Vec<usize> = game
                    .notes
                    .iter()
                    .enumerate()
                    .filter(|(_, note)| note.on_move && note.turn == Some(turn))
                    .map(|(k, _)| k)
                    .collect();
                let worst =
                    marked
                        .iter()
                        .map(|&k| game.notes[k].kind)
                        .min_by_key(|kind| match kind {
                            NoteKind::Error => 0,
                            NoteKind::Warning => 1,
                            NoteKind::Decision => 2,
                        });
                let class = match worst {
                    None => String::new(),
                    Some(kind) => format!(" class=\"marked {}\"", kind.class()),
                };
                let (who_class, who) = match row.side {
                    Some(side) => (
                        side.letter().to_ascii_lowercase().to_string(),
                        self.picture.names[side.index()].clone(),
                    ),
                    None => ("unknown".to_string(), "?".to_string()),
                };
                let (board, aside) = board_words(row.board);
                let _ = write!(
                    self.html,
                    "<li id=\"g{number}-t{turn}\"{class} data-side=\"{}\" data-line=\"{}\" data-board=\"{board}\" data-written=\"{}\"><span class=\"who {who_class}\">{}</span> {}",
                    row.side.map_or(String::new(), |side| side.letter().to_string()),
                    row.line,
                    xml_escape(&row.written),
                    xml_escape(&who),
                    xml_escape(&row.text)
                );
                if !aside.is_empty() {
                    let _ = write!(self.html, " <span class=\"aside\">({aside})</span>");
                }
                for k in marked {
                    let note = &game.notes[k];
                    let _ = write!(
                        self.html,
                        " <a class=\"mark {}\" href=\"#g{number}-n{k}\">{}</a>",
                        note.classes(),
                        xml_escape(note.word())
                    );
                }
                self.html.push_str("</li>\n");
            }
            self.html.push_str("</ol>\n");
        }
        if !game.result.is_empty() {
            let written = match &game.result_written {
                Some((text, line)) => {
                    format!(
                        " data-line=\"{line}\" data-written=\"{}\"",
                        xml_escape(text)
                    )
                }
                None => " data-written=\"\"".to_string(),
            };
            let _ = writeln!(
                self.html,
                "<p class=\"result\"{written}>{}</p>",
                xml_escape(&game.result)
            );
        }
        self.notes(&game.notes, Some(number));
        if let Some((state, caption)) = &game.final_board {
            self.html.push_str("<div class=\"final\">\n");
            self.figure(state, caption, &format!("g{number}-final"));
            self.html.push_str("</div>\n");
        }
        self.html.push_str("</section>\n");
    }

    fn notes(&mut self, notes: &[Note], game: Option<usize>) {
        if notes.is_empty() {
            return;
        }
        self.html.push_str("<div class=\"notes\">\n");
        for (k, note) in notes.iter().enumerate() {
            let id = match game {
                Some(number) => format!("g{number}-n{k}"),
                None => format!("file-n{k}"),
            };
            let _ = write!(
                self.html,
                "<article class=\"note {}\" id=\"{id}\">\n<h3>{}</h3>\n",
                note.classes(),
                xml_escape(&note.heading)
            );
            if let (Some(number), Some(turn)) = (game, note.turn) {
                let _ = writeln!(
                    self.html,
                    "<p class=\"at\"><a href=\"#g{number}-t{turn}\">{}move {} of game {number}</a></p>",
                    if note.on_move { "" } else { "before " },
                    turn + 1
                );
            }
            if !note.details.is_empty() {
                self.html.push_str("<dl>\n");
                for (label, value) in &note.details {
                    let _ = writeln!(
                        self.html,
                        "<dt>{}</dt><dd><code>{}</code></dd>",
                        xml_escape(label),
                        xml_escape(value)
                    );
                }
                self.html.push_str("</dl>\n");
            }
            for (label, items) in &note.lists {
                let _ = write!(
                    self.html,
                    "<p class=\"list-label\">{}</p>\n<ul>",
                    xml_escape(label)
                );
                for item in items {
                    let _ = write!(self.html, "<li><code>{}</code></li>", xml_escape(item));
                }
                self.html.push_str("</ul>\n");
            }
            for table in &note.tables {
                write_table(&mut self.html, table);
            }
            if let Some((state, caption)) = &note.board {
                self.figure(state, caption, &format!("{id}-board"));
            }
            self.html.push_str("</article>\n");
        }
        self.html.push_str("</div>\n");
    }

    fn figure(&mut self, state: &MatchState, caption: &str, id: &str) {
        self.boards += 1;
        let _ = write!(
            self.html,
            "<figure class=\"board\">\n{}<figcaption>{}<br>{}: <code class=\"position-id\">{}</code></figcaption>\n</figure>\n",
            board_svg_fragment(state, &self.picture, id),
            xml_escape(caption),
            xml_escape(&variant_label(state)),
            xml_escape(&crate::codec::tavli_position::position_text(
                state.variant,
                &state.board,
                state.on_roll
            ))
        );
    }
}

/// The variant and the kind of position string under a picture: `Backgammon, Position ID`.
fn variant_label(state: &MatchState) -> String {
    let variant = state.variant;
    let name = super::picture::variant_title(variant);
    let kind = if variant.has_gnubg_position_id() && state.board.pinned == [0, 0] {
        "Position ID"
    } else {
        "position"
    };
    format!("{name}, {kind}")
}

/// `s` for a count other than one.
#[must_use]
pub fn plural(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}
