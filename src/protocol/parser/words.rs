//! A cursor over the words of a command line (blank-separated, or double-quoted to hold
//! blanks), with the byte offset of each for error spans.

use nom::branch::alt;
use nom::bytes::complete::{take_till, take_till1, take_while};
use nom::character::complete::char;
use nom::combinator::opt;
use nom::sequence::{delimited, preceded};
use nom::IResult;

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t' || c == '\r' || c == '\n'
}

/// One word: a double-quoted string (quotes removed) or a run of non-blank characters.
fn word(input: &str) -> IResult<&str, &str> {
    preceded(
        take_while(is_blank),
        alt((
            delimited(char('"'), take_till(|c| c == '"'), opt(char('"'))),
            take_till1(is_blank),
        )),
    )(input)
}

/// A cursor over the words of a line, keeping byte offsets for error spans.
pub(super) struct Words<'a> {
    line: &'a str,
    rest: &'a str,
}

impl<'a> Words<'a> {
    pub(super) fn new(line: &'a str) -> Words<'a> {
        Words { line, rest: line }
    }

    fn offset_of(&self, rest: &str) -> usize {
        self.line.len() - rest.len()
    }

    pub(super) fn peek(&self) -> Option<(String, usize)> {
        let (_, found) = word(self.rest).ok()?;
        let start = self.offset_of(self.rest.trim_start_matches(is_blank));
        Some((found.to_string(), start))
    }

    pub(super) fn next(&mut self) -> Option<(String, usize)> {
        let start = self.offset_of(self.rest.trim_start_matches(is_blank));
        let (rest, found) = word(self.rest).ok()?;
        self.rest = rest;
        Some((found.to_string(), start))
    }

    /// Everything left, without leading and trailing blanks.
    pub(super) fn rest(&mut self) -> String {
        let rest = self.rest.trim_matches(is_blank).to_string();
        self.rest = "";
        rest
    }

    /// Everything left after leading blanks, trailing blanks kept (gnubg keeps them in names).
    pub(super) fn rest_raw(&mut self) -> &'a str {
        let rest = self.rest.trim_start_matches(is_blank);
        self.rest = "";
        rest.trim_end_matches(['\r', '\n'])
    }

    pub(super) fn collect_all(&mut self) -> Vec<String> {
        let mut all = Vec::new();
        while let Some((found, _)) = self.next() {
            all.push(found);
        }
        all
    }
}
