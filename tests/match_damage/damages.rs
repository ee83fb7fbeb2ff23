//! The damages of the mutation test: each kind of damage a match file is given, where it is,
//! and what the oracle (gnubg, the arithmetic of the scores, the rules) says of it.

use crate::gnubg_fresh_matches::Random;

/// What the oracle says of a damaged record.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Expect {
    /// Wrong: flagged exactly at the line.
    WrongAt,
    /// Wrong, but the record may only become inconsistent on a later line.
    WrongFrom,
    /// A play changed: wrong when gnubg's import finds a new invalid move, else it may stand.
    AskGnubg,
    /// Not wrong, but said at the line (an error or a warning): the first game's score line
    /// changed, as a match saved after a score set by hand reads.
    SaidAt,
    /// Not decided (a byte flipped, a last game's result, a cut line): only the manners hold.
    Open,
}

/// One damaged copy: what was done, the text, the line the damage is on (1-based; no error
/// may come before it), the line the oracle expects the error on, and the oracle's verdict.
pub(super) struct Damage {
    pub(super) kind: &'static str,
    pub(super) text: Vec<u8>,
    pub(super) from: usize,
    pub(super) line: usize,
    pub(super) expect: Expect,
}

/// A play written in a .mat line: where its dice start and where its steps end.
struct WrittenPlay {
    line: usize,
    dice: usize,
    steps: std::ops::Range<usize>,
}

/// Every play of `lines` with at least one step: `DD: step step ...` up to two spaces.
fn written_plays(lines: &[&str]) -> Vec<WrittenPlay> {
    let mut plays = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let bytes = line.as_bytes();
        for (colon, _) in line.match_indices(": ") {
            if colon < 3
                || bytes[colon - 3] != b' '
                || !(b'1'..=b'6').contains(&bytes[colon - 2])
                || !(b'1'..=b'6').contains(&bytes[colon - 1])
            {
                continue;
            }
            let start = colon + 2;
            let length = line[start..].find("  ").unwrap_or(line.len() - start);
            let steps = line[start..start + length].trim_end();
            if steps.contains('/') {
                plays.push(WrittenPlay {
                    line: index,
                    dice: colon - 2,
                    steps: start..start + steps.len(),
                });
            }
        }
    }
    plays
}

/// Every `keyword` of `lines` followed by a number (`Wins 3`, `Losses 2`): its line and the
/// byte where the number starts.
fn numbers_after(lines: &[&str], keyword: &str) -> Vec<(usize, usize)> {
    lines
        .iter()
        .enumerate()
        .flat_map(|(index, line)| {
            line.match_indices(keyword)
                .map(move |(at, _)| (index, at + keyword.len()))
        })
        .filter(|&(index, start)| lines[index][start..].starts_with(|c: char| c.is_ascii_digit()))
        .collect()
}

/// `line` with the number that starts at byte `start` replaced by another from 1 to 8.
fn with_other_number(line: &str, start: usize, random: &mut Random) -> String {
    let length = line[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .count();
    let old: u32 = line[start..start + length].parse().unwrap();
    let new = (1..=8)
        .filter(|&value| value != old)
        .nth(random.below(7))
        .unwrap();
    format!("{}{new}{}", &line[..start], &line[start + length..])
}

/// The .mat damages of `text`: one of each kind that applies.
pub(super) fn mat_damages(text: &str, random: &mut Random) -> Vec<Damage> {
    let lines: Vec<&str> = text.split('\n').collect();
    let with_line = |index: usize, new: String| {
        let mut changed: Vec<String> = lines.iter().map(ToString::to_string).collect();
        changed[index] = new;
        changed.join("\n").into_bytes()
    };
    let mut found = Vec::new();
    let plays = written_plays(&lines);
    if !plays.is_empty() {
        // A die changed.
        let play = &plays[random.below(plays.len())];
        let line = lines[play.line];
        let at = play.dice + random.below(2);
        let old = line.as_bytes()[at] - b'0';
        let new = [1, 2, 3, 4, 5, 6]
            .into_iter()
            .filter(|&die| die != old)
            .nth(random.below(5))
            .unwrap();
        found.push(Damage {
            kind: "a die changed",
            text: with_line(
                play.line,
                format!("{}{new}{}", &line[..at], &line[at + 1..]),
            ),
            from: play.line + 1,
            line: play.line + 1,
            expect: Expect::AskGnubg,
        });
        // A point of a step changed.
        let play = &plays[random.below(plays.len())];
        let line = lines[play.line];
        let numbers: Vec<(usize, usize)> = line[play.steps.clone()]
            .char_indices()
            .filter(|&(at, c)| {
                c.is_ascii_digit()
                    && (at == 0
                        || !line[play.steps.start + at - 1..]
                            .starts_with(|c: char| c.is_ascii_digit()))
            })
            .map(|(at, _)| {
                let start = play.steps.start + at;
                let length = line[start..]
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(line.len() - start);
                (start, length)
            })
            .collect();
        let (start, length) = numbers[random.below(numbers.len())];
        let old: usize = line[start..start + length].parse().unwrap();
        let new = (1..=24)
            .filter(|&point| point != old)
            .nth(random.below(23))
            .unwrap();
        found.push(Damage {
            kind: "a point changed",
            text: with_line(
                play.line,
                format!("{}{new}{}", &line[..start], &line[start + length..]),
            ),
            from: play.line + 1,
            line: play.line + 1,
            expect: Expect::AskGnubg,
        });
        // A step written twice.
        let play = &plays[random.below(plays.len())];
        let line = lines[play.line];
        let steps: Vec<&str> = line[play.steps.clone()].split(' ').collect();
        let twice = steps[random.below(steps.len())];
        found.push(Damage {
            kind: "a step written twice",
            text: with_line(
                play.line,
                format!(
                    "{} {twice}{}",
                    &line[..play.steps.end],
                    &line[play.steps.end..]
                ),
            ),
            from: play.line + 1,
            line: play.line + 1,
            expect: Expect::AskGnubg,
        });
    }
    // A step dropped from a play of several: fewer dice played than the roll allows (the
    // play written used them all), wrong whatever the position, unless a step left bears
    // off: gnubg (and tavli) read `5/0` alone for 62 as 5/3/0, a legal play of both dice
    // when the 3 point is open (a run on another machine's gnubg games dropped `2/0` from
    // `62: 5/0 2/0`, and the record stood).
    let several: Vec<&WrittenPlay> = plays
        .iter()
        .filter(|play| lines[play.line][play.steps.clone()].contains(' '))
        .collect();
    if !several.is_empty() {
        let play = several[random.below(several.len())];
        let line = lines[play.line];
        let steps: Vec<&str> = line[play.steps.clone()].split(' ').collect();
        let dropped = random.below(steps.len());
        let kept: Vec<&str> = steps
            .iter()
            .enumerate()
            .filter(|&(index, _)| index != dropped)
            .map(|(_, step)| *step)
            .collect();
        found.push(Damage {
            kind: "a step dropped",
            text: with_line(
                play.line,
                format!(
                    "{}{}{}",
                    &line[..play.steps.start],
                    kept.join(" "),
                    &line[play.steps.end..]
                ),
            ),
            from: play.line + 1,
            line: play.line + 1,
            expect: if kept.iter().any(|step| bears_off(step)) {
                Expect::Open
            } else {
                Expect::WrongAt
            },
        });
    }
    // A double and its answer: the double removed leaves the answer with no double offered;
    // the two swapped on their line answer a double before it is offered.
    let answers = ["Takes", "Drops", "Beavers"];
    let doubles: Vec<(usize, usize, usize)> = lines
        .iter()
        .enumerate()
        .flat_map(|(index, line)| {
            line.match_indices("Doubles => ")
                .map(move |(at, _)| (index, at))
        })
        .filter_map(|(index, at)| {
            (index..(index + 3).min(lines.len())).find_map(|answer_line| {
                let search_from = if answer_line == index { at } else { 0 };
                answers
                    .iter()
                    .find_map(|answer| lines[answer_line][search_from..].find(answer))
                    .map(|_| (index, at, answer_line))
            })
        })
        .collect();
    if !doubles.is_empty() {
        let (index, at, answer_line) = doubles[random.below(doubles.len())];
        let line = lines[index];
        let length = "Doubles => ".len()
            + line[at + 11..]
                .chars()
                .take_while(char::is_ascii_digit)
                .count();
        found.push(Damage {
            kind: "a double removed",
            text: with_line(
                index,
                format!(
                    "{}{}{}",
                    &line[..at],
                    " ".repeat(length),
                    &line[at + length..]
                ),
            ),
            from: index + 1,
            line: answer_line + 1,
            expect: Expect::WrongAt,
        });
        if answer_line == index {
            let double = &line[at..at + length];
            let rest = &line[at + length..];
            let (answer_at, answer) = answers
                .iter()
                .find_map(|answer| rest.find(answer).map(|found| (found, *answer)))
                .unwrap();
            let gap = &rest[..answer_at];
            let swapped = format!(
                "{}{answer}{}{double}{}",
                &line[..at],
                " ".repeat(gap.len() + double.len() - answer.len()),
                &rest[answer_at + answer.len()..]
            );
            found.push(Damage {
                kind: "a double swapped with its answer",
                text: with_line(index, swapped),
                from: index + 1,
                line: index + 1,
                expect: Expect::WrongAt,
            });
        }
    }
    // The game headers: a score changed (the results before it fix it), a header dropped.
    let headers: Vec<usize> = (0..lines.len())
        .filter(|&index| lines[index].trim_start().starts_with("Game "))
        .filter(|&index| {
            lines
                .get(index + 1)
                .is_some_and(|next| next.contains(" : "))
        })
        .collect();
    if !headers.is_empty() {
        let header = headers[random.below(headers.len())];
        let index = header + 1;
        let line = lines[index];
        let scores: Vec<usize> = line
            .match_indices(": ")
            .map(|(at, _)| at + 2)
            .filter(|&at| line[at..].starts_with(|c: char| c.is_ascii_digit()))
            .collect();
        if !scores.is_empty() {
            let at = scores[random.below(scores.len())];
            let length = line[at..].chars().take_while(char::is_ascii_digit).count();
            let old: u32 = line[at..at + length].parse().unwrap();
            let new = if old == 0 || random.below(2) == 0 {
                old + 1 + random.below(2) as u32
            } else {
                old - 1
            };
            found.push(Damage {
                kind: "a score changed",
                text: with_line(
                    index,
                    format!("{}{new}{}", &line[..at], &line[at + length..]),
                ),
                from: index + 1,
                line: index + 1,
                // The first game's score is where the match starts: a match saved after a
                // score set by hand (gnubg's `set score`) starts there too, and gnubg loads
                // it, so the changed line is said, as a warning; a later game's score line
                // that no longer adds up after it is that game's error.
                expect: if header == headers[0] {
                    Expect::SaidAt
                } else {
                    Expect::WrongAt
                },
            });
        }
        let header = headers[random.below(headers.len())];
        let mut without: Vec<&str> = lines.clone();
        without.remove(header);
        found.push(Damage {
            kind: "a game header dropped",
            text: without.join("\n").into_bytes(),
            from: header + 1,
            line: header + 1,
            expect: Expect::WrongAt,
        });
    }
    // A `Wins N` changed: the next game's score no longer adds up (the last game's result is
    // left open: a resignation may be worth another value).
    let wins = numbers_after(&lines, "Wins ");
    if !wins.is_empty() {
        let (index, start) = wins[random.below(wins.len())];
        let next_header = headers.iter().find(|&&header| header > index);
        found.push(Damage {
            kind: "a Wins changed",
            text: with_line(index, with_other_number(lines[index], start, random)),
            from: index + 1,
            line: index + 1,
            expect: if next_header.is_some() {
                Expect::WrongFrom
            } else {
                Expect::Open
            },
        });
    }
    // A `Losses N` (Galaxy's other half of a result) changed: the `Wins` line after it no
    // longer agrees, nor the board when the game was borne off.
    let losses: Vec<(usize, usize)> = numbers_after(&lines, "Losses ")
        .into_iter()
        .filter(|&(index, _)| {
            lines[index..(index + 3).min(lines.len())]
                .iter()
                .any(|line| line.contains("Wins "))
        })
        .collect();
    if !losses.is_empty() {
        let (index, start) = losses[random.below(losses.len())];
        found.push(Damage {
            kind: "a Losses changed",
            text: with_line(index, with_other_number(lines[index], start, random)),
            from: index + 1,
            line: index + 1,
            expect: Expect::WrongFrom,
        });
    }
    // A move line cut in the second half: a play cut short is wrong there, a column lost is
    // only found on a later line.
    let numbered: Vec<usize> = (0..lines.len())
        .filter(|&index| {
            let trimmed = lines[index].trim_start();
            let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
            digits > 0 && trimmed[digits..].starts_with(')') && lines[index].trim_end().len() > 10
        })
        .collect();
    if !numbered.is_empty() {
        let index = numbered[random.below(numbered.len())];
        let line = lines[index].trim_end();
        let cut = line.len() / 2 + random.below(line.len() - line.len() / 2);
        found.push(Damage {
            kind: "a line cut",
            text: with_line(index, line[..cut].to_string()),
            from: index + 1,
            line: index + 1,
            expect: Expect::Open,
        });
    }
    found
}

/// The .sgf damages of `text`: a move node dropped or written twice (one side then plays
/// twice running, wrong whatever the position), a line cut.
pub(super) fn sgf_damages(text: &str, random: &mut Random) -> Vec<Damage> {
    let lines: Vec<&str> = text.split('\n').collect();
    let moves: Vec<usize> = (0..lines.len())
        .filter(|&index| {
            let line = lines[index];
            // Not a game's last node: its line closes the game tree too.
            (line.starts_with(";B[") || line.starts_with(";W["))
                && line[3..].starts_with(|c: char| c.is_ascii_digit())
                && !line.trim_end().ends_with(')')
        })
        .collect();
    let mut found = Vec::new();
    if !moves.is_empty() {
        let index = moves[random.below(moves.len())];
        let mut changed = lines.clone();
        changed.remove(index);
        found.push(Damage {
            kind: "an SGF move dropped",
            text: changed.join("\n").into_bytes(),
            from: index + 1,
            line: index + 1,
            expect: Expect::WrongFrom,
        });
        let index = moves[random.below(moves.len())];
        let mut changed = lines.clone();
        changed.insert(index, lines[index]);
        found.push(Damage {
            kind: "an SGF move written twice",
            text: changed.join("\n").into_bytes(),
            from: index + 2,
            line: index + 2,
            expect: Expect::WrongFrom,
        });
        let index = moves[random.below(moves.len())];
        let line = lines[index];
        let cut = 1 + random.below(line.len() - 1);
        found.push(Damage {
            kind: "a line cut",
            text: {
                let mut changed = lines.clone();
                changed[index] = &line[..cut];
                changed.join("\n").into_bytes()
            },
            from: index + 1,
            line: index + 1,
            expect: Expect::Open,
        });
    }
    found
}

/// A byte of `text` after its first `skip` bytes with one to three bits flipped.
pub(super) fn flipped(text: &[u8], skip: usize, random: &mut Random) -> Damage {
    let at = skip + random.below(text.len() - skip);
    let mut changed = text.to_vec();
    for _ in 0..=random.below(3) {
        changed[at] ^= 1 << random.below(8);
    }
    let line = text[..at].iter().filter(|&&byte| byte == b'\n').count() + 1;
    Damage {
        kind: "bytes flipped",
        text: changed,
        from: line,
        line,
        expect: Expect::Open,
    }
}

/// Whether a written step ends off the board (`5/0`, `3/off`, `6/0(2)`): one such step may
/// stand for a play of two dice.
fn bears_off(step: &str) -> bool {
    let to = step.rsplit('/').next().unwrap_or("");
    let to = to.split('(').next().unwrap_or("").trim_end_matches('*');
    to == "0" || to.eq_ignore_ascii_case("off")
}
