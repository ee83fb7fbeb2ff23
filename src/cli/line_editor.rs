//! The REPL's line editor on a terminal: rustyline, bounded so that a huge typed line is
//! refused promptly and the keys typed after it are kept.
//!
//! Two things went wrong with the plain editor (a 70 KB line typed on a pseudo-terminal):
//! - its read-ahead buffer was dropped at the end of each line, and with it the keys typed
//!   meanwhile (the next lines were never answered). rustyline's `buffer-redux` feature keeps
//!   that buffer from one line to the next.
//! - it redraws the whole line at each wrap, so the work grows with the square of the line's
//!   length (about 32 MB drawn for 70 KB, minutes for a megabyte). [`LineBound`] stops the
//!   line from growing once it is past [`MAX_LINE_BYTES`]: the line stays over the bound (the
//!   REPL refuses it when Enter comes) and the redrawing stays bounded.

use crate::protocol::repl::MAX_LINE_BYTES;
use rustyline::{
    Cmd, ConditionalEventHandler, DefaultEditor, Event, EventContext, EventHandler, KeyCode,
    KeyEvent, Modifiers, RepeatCount,
};

/// Builds the REPL's editor with the bound on a line's length.
///
/// # Errors
/// rustyline's, when the terminal cannot be set up.
pub fn bounded_editor() -> rustyline::Result<DefaultEditor> {
    let mut editor = DefaultEditor::new()?;
    editor.bind_sequence(Event::Any, EventHandler::Conditional(Box::new(LineBound)));
    Ok(editor)
}

/// Drops a typed character once the line is past [`MAX_LINE_BYTES`]; every other key does
/// what it always does (Enter ends the line, which the REPL then refuses as too long).
struct LineBound;

impl ConditionalEventHandler for LineBound {
    fn handle(
        &self,
        event: &Event,
        _count: RepeatCount,
        _positive: bool,
        context: &EventContext,
    ) -> Option<Cmd> {
        let typed_character = matches!(
            event.get(0),
            Some(KeyEvent(KeyCode::Char(_), Modifiers::NONE))
        );
        (typed_character && context.line().len() > MAX_LINE_BYTES).then_some(Cmd::Noop)
    }
}
