//! A man page's roff as plain text, for a terminal without `man(1)`: headings, indented
//! paragraphs and option lists, font escapes removed (lines are not refilled).

/// Body text is indented as man(1) indents it.
const BODY_INDENT: usize = 7;
/// A `.TP` paragraph's text sits this much further in than its tag.
const TAG_INDENT: usize = 7;
/// `.RS` moves in this much (whatever its argument).
const RELATIVE_INDENT: usize = 4;

/// The page `roff` (as `tavli man` writes it) as plain text.
#[must_use]
pub fn plain_text(roff: &str) -> String {
    let mut text = String::new();
    let mut indent = BODY_INDENT;
    let mut relative = 0;
    // After `.TP` the next text line is the tag, the lines after it the paragraph.
    let mut tag_next = false;
    let mut in_tag_paragraph = false;
    let mut blank_pending = false;
    // After `.IP`: the item's mark and indent, put before its text line.
    let mut item: Option<String> = None;
    for line in roff.lines() {
        if let Some(request) = line.strip_prefix('.') {
            let (name, argument) = request.split_once(' ').unwrap_or((request, ""));
            match name {
                "TH" => {
                    let mut words = argument.split_whitespace();
                    let title = words.next().unwrap_or("").trim_matches('"');
                    let section = words.next().unwrap_or("").trim_matches('"');
                    text.push_str(&format!("{}({section})\n", unescape(title)));
                    blank_pending = true;
                }
                "SH" | "SS" => {
                    text.push('\n');
                    text.push_str(&unescape(argument.trim().trim_matches('"')));
                    text.push('\n');
                    indent = BODY_INDENT;
                    relative = 0;
                    in_tag_paragraph = false;
                    blank_pending = false;
                }
                "PP" | "LP" | "P" => {
                    blank_pending = true;
                    in_tag_paragraph = false;
                }
                "TP" => {
                    blank_pending = true;
                    tag_next = true;
                    in_tag_paragraph = false;
                }
                "IP" => {
                    // `.IP \(bu 2`: an item; its text follows on the mark's line.
                    let mark = unescape(argument.split_whitespace().next().unwrap_or(""));
                    let mut prefix = " ".repeat(indent + relative);
                    if !mark.is_empty() {
                        prefix.push_str(&mark);
                        prefix.push(' ');
                    }
                    item = Some(prefix);
                    tag_next = false;
                    in_tag_paragraph = false;
                }
                "RS" => relative += RELATIVE_INDENT,
                "RE" => relative = relative.saturating_sub(RELATIVE_INDENT),
                // `.br`, `.nf`, `.fi`, string definitions and conditions: nothing to show
                // (lines are never refilled, so every text line is its own line).
                _ => {}
            }
            continue;
        }
        let content = unescape(line);
        if content.trim().is_empty() {
            continue;
        }
        if blank_pending {
            text.push('\n');
            blank_pending = false;
        }
        if let Some(prefix) = item.take() {
            text.push_str(&prefix);
            text.push_str(content.trim_start());
            text.push('\n');
            continue;
        }
        let extra = if tag_next {
            tag_next = false;
            in_tag_paragraph = true;
            0
        } else if in_tag_paragraph {
            TAG_INDENT
        } else {
            0
        };
        text.push_str(&" ".repeat(indent + relative + extra));
        text.push_str(&content);
        text.push('\n');
    }
    text
}

/// Removes roff's escapes: fonts (`\fB`), `\-`, `\e`, `\&`, `\*(Aq` and `\(xx` characters.
fn unescape(line: &str) -> String {
    let mut plain = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            plain.push(c);
            continue;
        }
        match chars.next() {
            Some('f') => {
                // `\fB`, `\fI`, `\fR`, `\fP`, or `\f(XX`.
                let long_name = chars.next() == Some('(');
                chars
                    .by_ref()
                    .take(if long_name { 2 } else { 0 })
                    .for_each(drop);
            }
            Some('-') => plain.push('-'),
            Some('e' | '\\') => plain.push('\\'),
            Some('&') => {}
            Some('*') => {
                // `\*(Aq`: the apostrophe string the page defines.
                let name: String = if chars.peek() == Some(&'(') {
                    chars.next();
                    chars.by_ref().take(2).collect()
                } else {
                    chars.next().map(String::from).unwrap_or_default()
                };
                if name == "Aq" {
                    plain.push('\'');
                }
            }
            Some('(') => {
                let name: String = chars.by_ref().take(2).collect();
                match name.as_str() {
                    "aq" => plain.push('\''),
                    "bu" => plain.push('•'),
                    "em" => plain.push('—'),
                    _ => {}
                }
            }
            Some(other) => plain.push(other),
            None => {}
        }
    }
    plain
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_options_and_escapes() {
        let roff = ".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n.TH tavli-man 1  \"tavli 0.1.0\" \n.SH NAME\ntavli\\-man \\- Print a man page\n.SH OPTIONS\n.TP\n\\fB\\-\\-dir\\fR \\fI<DIR>\\fR\nWrite every page\n.br\n\n.br\n\\fIPossible values:\\fR\n.RS 14\n.IP \\(bu 2\nauto: On a terminal\n.RE\n.SH \"EXIT STATUS\"\n.TP\n0\nsuccess; tavli\\*(Aqs own\n.SH EXAMPLES\n.PP\n.nf\ntavli man \\-\\-dir /tmp\n.fi\n";
        let text = plain_text(roff);
        assert_eq!(
            text,
            "tavli-man(1)\n\nNAME\n       tavli-man - Print a man page\n\nOPTIONS\n\n       --dir <DIR>\n              Write every page\n              Possible values:\n           • auto: On a terminal\n\nEXIT STATUS\n\n       0\n              success; tavli's own\n\nEXAMPLES\n\n       tavli man --dir /tmp\n"
        );
    }
}
