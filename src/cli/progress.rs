//! Progress bars of the long commands: drawn on standard error when it is a terminal, hidden
//! otherwise. A bar may be moved from any thread; it takes the standard error lock only while
//! it draws, so no caller may hold that lock across a run (see `main.rs`).

use std::io::IsTerminal;

/// A bar of `length` steps counted in `unit`, with the elapsed time, an ETA and a message.
#[must_use]
pub fn bar(length: u64, unit: &str) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(length);
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit} {{elapsed}} ETA {{eta}} {{msg}}");
    if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    // The first frame at once, so that even a short run shows that it started.
    bar.tick();
    bar
}
