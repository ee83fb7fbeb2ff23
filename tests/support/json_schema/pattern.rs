//! The `pattern` keyword's regular expressions, of the small kind docs/schemas uses.

/// A regular expression of the small kind schemas use: literals, `.`, classes such as `[0-9]`
/// or `[^a-z]`, the escapes `\d` and `\` before a punctuation character, the quantifiers `?`, `*`
/// and `+`, and the anchors `^` (first) and `$` (last). Groups, alternatives and counted
/// repetitions are refused, so a pattern is never half understood.
pub(super) struct Pattern {
    anchored_start: bool,
    anchored_end: bool,
    atoms: Vec<(Atom, Repeat)>,
}

enum Atom {
    Any,
    Literal(char),
    Class {
        negated: bool,
        ranges: Vec<(char, char)>,
    },
}

#[derive(Clone, Copy, PartialEq)]
enum Repeat {
    One,
    Optional,
    Many,
    AtLeastOne,
}

impl Atom {
    fn matches(&self, character: char) -> bool {
        match self {
            Atom::Any => character != '\n',
            Atom::Literal(literal) => *literal == character,
            Atom::Class { negated, ranges } => {
                ranges
                    .iter()
                    .any(|(low, high)| (*low..=*high).contains(&character))
                    != *negated
            }
        }
    }
}

impl Pattern {
    pub(super) fn parse(text: &str) -> Result<Pattern, String> {
        let refuse = |what: &str| format!("pattern {text:?}: {what} is not implemented");
        let mut characters: Vec<char> = text.chars().collect();
        let anchored_start = characters.first() == Some(&'^');
        if anchored_start {
            characters.remove(0);
        }
        let anchored_end = characters.last() == Some(&'$')
            && !(characters.len() >= 2 && characters[characters.len() - 2] == '\\');
        if anchored_end {
            characters.pop();
        }
        let mut atoms = Vec::new();
        let mut index = 0;
        while index < characters.len() {
            let character = characters[index];
            index += 1;
            let atom = match character {
                '.' => Atom::Any,
                '\\' => {
                    let escaped = *characters.get(index).ok_or_else(|| refuse("a final \\"))?;
                    index += 1;
                    escaped_atom(escaped).ok_or_else(|| refuse(&format!("\\{escaped}")))?
                }
                '[' => {
                    let negated = characters.get(index) == Some(&'^');
                    if negated {
                        index += 1;
                    }
                    let mut ranges = Vec::new();
                    loop {
                        let low = *characters.get(index).ok_or_else(|| refuse("an open ["))?;
                        index += 1;
                        if low == ']' && !ranges.is_empty() {
                            break;
                        }
                        let low = if low == '\\' {
                            let escaped =
                                *characters.get(index).ok_or_else(|| refuse("a final \\"))?;
                            index += 1;
                            match escaped_atom(escaped) {
                                Some(Atom::Literal(literal)) => literal,
                                Some(Atom::Class { ranges: inner, .. }) => {
                                    ranges.extend(inner);
                                    continue;
                                }
                                _ => return Err(refuse(&format!("\\{escaped} in a class"))),
                            }
                        } else {
                            low
                        };
                        if characters.get(index) == Some(&'-')
                            && characters.get(index + 1).is_some_and(|next| *next != ']')
                        {
                            ranges.push((low, characters[index + 1]));
                            index += 2;
                        } else {
                            ranges.push((low, low));
                        }
                    }
                    Atom::Class { negated, ranges }
                }
                '(' | ')' | '|' | '{' | '}' | '^' | '$' | '?' | '*' | '+' => {
                    return Err(refuse(&format!("{character:?} here")))
                }
                literal => Atom::Literal(literal),
            };
            let repeat = match characters.get(index) {
                Some('?') => Repeat::Optional,
                Some('*') => Repeat::Many,
                Some('+') => Repeat::AtLeastOne,
                _ => Repeat::One,
            };
            if repeat != Repeat::One {
                index += 1;
            }
            atoms.push((atom, repeat));
        }
        Ok(Pattern {
            anchored_start,
            anchored_end,
            atoms,
        })
    }

    /// Whether the pattern matches somewhere in `text` (JSON Schema patterns are not anchored
    /// unless they say so).
    pub(super) fn is_found_in(&self, text: &str) -> bool {
        let characters: Vec<char> = text.chars().collect();
        let starts = if self.anchored_start {
            0..=0
        } else {
            0..=characters.len()
        };
        starts
            .into_iter()
            .any(|start| self.matches_at(&characters, start, 0))
    }

    fn matches_at(&self, text: &[char], position: usize, atom: usize) -> bool {
        let Some((current, repeat)) = self.atoms.get(atom) else {
            return !self.anchored_end || position == text.len();
        };
        let (least, most) = match repeat {
            Repeat::One => (1, 1),
            Repeat::Optional => (0, 1),
            Repeat::Many => (0, usize::MAX),
            Repeat::AtLeastOne => (1, usize::MAX),
        };
        let mut count = 0;
        while count < most
            && position + count < text.len()
            && current.matches(text[position + count])
        {
            count += 1;
        }
        (least..=count)
            .rev()
            .any(|taken| self.matches_at(text, position + taken, atom + 1))
    }
}

/// The atom an escaped character stands for: `\d` a digit, `\` before punctuation that character.
fn escaped_atom(character: char) -> Option<Atom> {
    match character {
        'd' => Some(Atom::Class {
            negated: false,
            ranges: vec![('0', '9')],
        }),
        other if other.is_ascii_punctuation() => Some(Atom::Literal(other)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::Pattern;

    #[test]
    fn patterns_match_as_regular_expressions_do() {
        let cases = [
            ("^-?[0-9]+$", "-120", true),
            ("^-?[0-9]+$", "12a", false),
            ("^-?[0-9]+$", "", false),
            ("[a-c]x", "zzbx", true),
            ("^[^0-9]*$", "abc", true),
            ("^[^0-9]*$", "ab1", false),
            ("^a.c$", "abc", true),
            ("^\\d+\\.\\d$", "3.5", true),
            ("^\\d+\\.\\d$", "35", false),
        ];
        for (pattern, text, expected) in cases {
            assert_eq!(
                Pattern::parse(pattern).expect("parses").is_found_in(text),
                expected,
                "{pattern} on {text:?}"
            );
        }
    }
}
