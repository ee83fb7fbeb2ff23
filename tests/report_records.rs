//! The HTML report of a match file with errors lists every record of the file once, in file
//! order, with the error on the failing record's row, and ends each game as the file writes
//! it. The file is read here without tavli's reader (lines, columns and SGF values), and the
//! page is read through the `data-line`, `data-written` and `data-board` attributes of its rows.

use std::path::{Path, PathBuf};
use tavli::matchfile::diagnostic::Severity;
use tavli::matchfile::{check_bytes, Format, Verdict};
use tavli::render::html_report::from_match::report_of;
use tavli::render::html_report::render_report;
use tavli::render::picture::PictureOptions;

/// One row of a page's move lists.
#[derive(Debug)]
struct Row {
    game: usize,
    line: usize,
    written: String,
    class: String,
    board: String,
    shown: String,
}

/// One game's result paragraph.
#[derive(Debug)]
struct Ending {
    line: Option<usize>,
    written: String,
    text: String,
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The value of attribute `name` in the tag `tag`.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = tag[start..].find('"')? + start;
    Some(unescape(&tag[start..end]))
}

/// The opening tags starting with `prefix` and what follows each up to `close`.
fn tags<'a>(page: &'a str, prefix: &str, close: &str) -> Vec<(&'a str, &'a str)> {
    page.match_indices(prefix)
        .map(|(at, _)| {
            let tag_end = page[at..].find('>').map_or(page.len(), |end| at + end + 1);
            let body_end = page[tag_end..]
                .find(close)
                .map_or(page.len(), |end| tag_end + end);
            (&page[at..tag_end], &page[tag_end..body_end])
        })
        .collect()
}

fn rows(page: &str) -> Vec<Row> {
    tags(page, "<li id=\"g", "</li>")
        .into_iter()
        .filter(|(tag, _)| tag.contains("-t") && tag.contains("data-written"))
        .map(|(tag, body)| {
            let id = attribute(tag, "id").expect("an id");
            let game = id[1..id.find('-').expect("g<game>-t<row>")]
                .parse()
                .expect("a game number");
            Row {
                game,
                line: attribute(tag, "data-line")
                    .and_then(|line| line.parse().ok())
                    .expect("data-line"),
                written: attribute(tag, "data-written").expect("data-written"),
                class: attribute(tag, "class").unwrap_or_default(),
                board: attribute(tag, "data-board").expect("data-board"),
                shown: unescape(body),
            }
        })
        .collect()
}

/// Each game's result paragraph, by game number (1-based).
fn endings(page: &str) -> Vec<(usize, Ending)> {
    tags(page, "<section class=\"game\"", "</section>")
        .into_iter()
        .map(|(tag, body)| {
            let game = attribute(tag, "data-game")
                .and_then(|game| game.parse().ok())
                .expect("data-game");
            let (tag, text) = tags(body, "<p class=\"result\"", "</p>")
                .into_iter()
                .next()
                .unwrap_or_else(|| panic!("game {game} has a result paragraph"));
            let ending = Ending {
                line: attribute(tag, "data-line").and_then(|line| line.parse().ok()),
                written: attribute(tag, "data-written").unwrap_or_default(),
                text: unescape(text),
            };
            (game, ending)
        })
        .collect()
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A .mat game as this test reads it: its record lines (line number and text without move
/// numbers) and its written ending (line and text).
#[derive(Debug, Default)]
struct MatGame {
    lines: Vec<(usize, String)>,
    ending: Option<(usize, String)>,
}

fn is_game_header(line: &str) -> bool {
    line.trim_start().strip_prefix("Game").is_some_and(|rest| {
        rest.starts_with([' ', '\t']) && rest.trim_start().starts_with(|c: char| c.is_ascii_digit())
    })
}

/// `name : 3   name : 0`: two colons each followed by a number, the line ending on one.
fn is_score_line(line: &str) -> bool {
    let trimmed = line.trim_end();
    let numbers_after_colons = trimmed
        .match_indices(':')
        .filter(|(at, _)| {
            trimmed[at + 1..]
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit())
        })
        .count();
    numbers_after_colons >= 2 && trimmed.ends_with(|c: char| c.is_ascii_digit())
}

fn is_move_number(token: &str) -> bool {
    token
        .strip_suffix(')')
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// `Wins 2 points ...` or `Losses 1 point` in `text`: the word and the text from it.
fn result_in(text: &str) -> Option<(&'static str, String)> {
    for word in ["Wins", "Losses"] {
        if let Some(at) = text.find(&format!("{word} ")) {
            let rest = &text[at..];
            let end = rest.find("  ").unwrap_or(rest.len());
            return Some((word, collapse(&rest[..end])));
        }
    }
    None
}

/// `N point match`.
fn is_length_line(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() == 3
        && words[0].bytes().all(|b| b.is_ascii_digit())
        && words[1].eq_ignore_ascii_case("point")
        && words[2].eq_ignore_ascii_case("match")
}

/// The games of a .mat file. Before the first `Game N` line, a score line or a numbered
/// move line starts game 1; the line just before it, when it is neither a comment nor the
/// match length, is game 1's header written wrong and one of its records.
fn mat_games(text: &str) -> Vec<MatGame> {
    let mut games: Vec<MatGame> = Vec::new();
    let mut expect_score = false;
    let mut before: Option<(usize, &str)> = None;
    for (number, raw) in text.lines().enumerate() {
        let line = number + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            continue;
        }
        if is_game_header(raw) {
            games.push(MatGame::default());
            expect_score = true;
            continue;
        }
        if games.is_empty() {
            let numbered = trimmed
                .split_whitespace()
                .next()
                .is_some_and(is_move_number);
            if !is_score_line(raw) && !numbered {
                before = Some((line, trimmed));
                continue;
            }
            let mut game = MatGame::default();
            if let Some((header_line, header)) = before.filter(|(_, header)| {
                !header.starts_with(';') && !header.starts_with('#') && !is_length_line(header)
            }) {
                game.lines.push((header_line, collapse(header)));
            }
            games.push(game);
            expect_score = true;
        }
        let Some(game) = games.last_mut() else {
            continue;
        };
        if std::mem::take(&mut expect_score) && is_score_line(raw) {
            continue;
        }
        if trimmed.starts_with(';') || trimmed.starts_with('#') {
            continue;
        }
        let tokens: Vec<&str> = trimmed
            .split_whitespace()
            .filter(|token| !is_move_number(token))
            .collect();
        // `1 )` with a space: the reader takes that for a move number too.
        let mut record = tokens.join(" ");
        if let Some(rest) = record
            .split_once(' ')
            .filter(|(n, rest)| n.bytes().all(|b| b.is_ascii_digit()) && rest.starts_with(')'))
        {
            record = collapse(&rest.1[1..]);
        }
        if record.is_empty() {
            continue;
        }
        if let Some((word, written)) = result_in(&record) {
            // The first `Wins` ends the game (or the first `Losses` without one).
            let keep = match &game.ending {
                Some((_, earlier)) => word == "Wins" && earlier.starts_with("Losses"),
                None => true,
            };
            if keep {
                game.ending = Some((line, written));
            }
        }
        game.lines.push((line, record));
    }
    games
}

/// An SGF game tree as this test reads it: its root's `RE` value, its move values with
/// their lines, and whether the tree is complete (the file may end inside it).
type SgfGame = (Option<String>, Vec<(usize, String)>, bool);

/// The W/B values of every SGF game tree, the last one as far as the file holds it (a value
/// the file ends inside of is taken as written).
fn sgf_games(text: &str) -> Vec<SgfGame> {
    let mut games = Vec::new();
    let mut depth = 0usize;
    let mut current: Option<SgfGame> = None;
    let mut nodes = 0usize;
    let mut identifier = String::new();
    let mut last_identifier = String::new();
    let bytes = text.as_bytes();
    let mut at = 0;
    let mut line = 1;
    while at < bytes.len() {
        match bytes[at] {
            b'\n' => line += 1,
            b'(' => {
                // A game tree whose `)` is missing ends where the next one (`(;` with `GM`
                // in its first node) starts, as the reader reads it.
                let first_node = text[at + 1..].split([';', '(', ')']).nth(1).unwrap_or("");
                if depth == 1 && text[at + 1..].starts_with(';') && first_node.contains("GM[") {
                    games.extend(current.take().map(|(re, moves, _)| (re, moves, true)));
                    depth = 0;
                }
                if depth == 0 {
                    current = Some((None, Vec::new(), false));
                    nodes = 0;
                }
                depth += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    games.extend(current.take().map(|(re, moves, _)| (re, moves, true)));
                }
            }
            b';' => {
                nodes += 1;
                identifier.clear();
            }
            b'[' => {
                let start = at + 1;
                let value_line = line;
                let mut end = start;
                while end < bytes.len() && bytes[end] != b']' {
                    if bytes[end] == b'\\' {
                        end += 1;
                    }
                    if bytes.get(end) == Some(&b'\n') {
                        line += 1;
                    }
                    end += 1;
                }
                if !identifier.is_empty() {
                    last_identifier = std::mem::take(&mut identifier);
                }
                let value = text.get(start..end.min(bytes.len())).unwrap_or("");
                if let Some((re, moves, _)) = current.as_mut() {
                    match last_identifier.as_str() {
                        "RE" if nodes == 1 => *re = Some(value.to_string()),
                        "W" | "B" if nodes > 1 && depth == 1 => {
                            moves.push((value_line, value.to_string()));
                        }
                        _ => {}
                    }
                }
                at = end;
            }
            c if c.is_ascii_uppercase() => identifier.push(char::from(c)),
            _ => {}
        }
        at += 1;
    }
    // The file ends inside this tree.
    games.extend(current.filter(|_| depth > 0));
    games
}

fn page_of(name: &str, bytes: &[u8]) -> (tavli::matchfile::CheckedFile, String) {
    let checked = check_bytes(name, bytes, None);
    let page = render_report(&report_of(&checked), &PictureOptions::default());
    (checked, page)
}

/// The checks of one file; returns how many records it compared.
fn check_file(name: &str, bytes: &[u8]) -> usize {
    let (checked, page) = page_of(name, bytes);
    let rows = rows(&page);
    // File order: the rows' lines never go back.
    for pair in rows.windows(2) {
        assert!(
            (pair[0].game, pair[0].line) <= (pair[1].game, pair[1].line),
            "{name}: rows out of order: {pair:?}"
        );
    }
    for row in rows.iter().filter(|row| row.board != "known") {
        assert!(
            row.written.is_empty()
                || row.shown.contains(&row.written)
                || checked.format == Format::Sgf,
            "{name}: a record where the board is not known is shown as written: {row:?}"
        );
    }
    let endings = endings(&page);
    if checked.format == Format::Sgf {
        let games = sgf_games(&checked.text);
        for (index, (re, moves, complete)) in games.iter().enumerate() {
            let game = index + 1;
            let shown: Vec<(usize, String)> = rows
                .iter()
                .filter(|row| row.game == game && !row.written.starts_with(';'))
                .map(|row| (row.line, row.written.clone()))
                .collect();
            if checked.report.games > 0 {
                assert_eq!(&shown, moves, "{name}: game {game}'s records");
            }
            let ending = endings.iter().find(|(g, _)| *g == game).map(|(_, e)| e);
            match (re, ending) {
                // A tree the file ends inside of stops there: its `RE` is not the game's end.
                (_, Some(ending)) if !complete => assert!(
                    ending.written.is_empty() && ending.text.contains("stops here"),
                    "{name}: game {game} is cut: {ending:?}"
                ),
                (Some(re), Some(ending)) => {
                    assert_eq!(&ending.written, re, "{name}: game {game}'s ending");
                }
                _ => {}
            }
        }
        return rows.len();
    }
    let games = mat_games(&checked.text);
    if checked.record.is_none() {
        assert!(rows.is_empty(), "{name}: an unreadable file has no rows");
        return 0;
    }
    assert_eq!(endings.len(), games.len(), "{name}: one section per game");
    // A long run of unreadable lines ends in one row for the rest of the run (`1997 more
    // lines the reader could not read: lines 78 to 2074`): (game, first line, last line).
    let grouped: Vec<(usize, usize, usize)> = rows
        .iter()
        .filter_map(|row| {
            let (_, range) = row.written.split_once(" the reader could not read: line")?;
            let numbers: Vec<usize> = range
                .split(|c: char| !c.is_ascii_digit())
                .filter_map(|word| word.parse().ok())
                .collect();
            Some((row.game, *numbers.first()?, *numbers.last()?))
        })
        .collect();
    let in_group = |game: usize, line: usize| {
        grouped
            .iter()
            .any(|&(of, first, last)| of == game && (first..=last).contains(&line))
    };
    let mut compared = 0;
    for (index, game) in games.iter().enumerate() {
        let number = index + 1;
        let shown: Vec<&Row> = rows.iter().filter(|row| row.game == number).collect();
        for (line, record) in &game.lines {
            if in_group(number, *line) {
                continue;
            }
            let on_line: Vec<&str> = shown
                .iter()
                .filter(|row| row.line == *line)
                .map(|row| row.written.as_str())
                .collect();
            assert_eq!(
                on_line.join(" "),
                *record,
                "{name}: line {line} of game {number}"
            );
            compared += on_line.len();
        }
        for row in &shown {
            assert!(
                game.lines.iter().any(|(line, _)| *line == row.line),
                "{name}: a row for line {} that holds no record of game {number}",
                row.line
            );
        }
        let (_, ending) = &endings[index];
        match &game.ending {
            Some((line, written)) => {
                assert_eq!(
                    ending.line,
                    Some(*line),
                    "{name}: game {number}'s ending line"
                );
                assert_eq!(&ending.written, written, "{name}: game {number}'s ending");
                let points = written.split_whitespace().nth(1).expect("points");
                assert!(
                    ending.text.contains(&format!(" {points} point")),
                    "{name}: game {number}: {} for {written}",
                    ending.text
                );
                if shown.iter().any(|row| row.board == "unknown") {
                    assert!(
                        !ending.text.contains("resignation (a"),
                        "{name}: game {number}: an unchecked ending is read from the file: {}",
                        ending.text
                    );
                }
            }
            None => assert!(
                ending.written.is_empty() && ending.text.contains("stops here")
                    || ending.text.contains("wins"),
                "{name}: game {number} has no written ending: {}",
                ending.text
            ),
        }
    }
    // Each error on a record sits on that record's row.
    for located in &checked.report.diagnostics {
        if located.severity != Severity::Error {
            continue;
        }
        let Some(game) = games
            .iter()
            .position(|game| game.lines.iter().any(|(line, _)| *line == located.line))
        else {
            continue;
        };
        if in_group(game + 1, located.line) {
            continue;
        }
        let at = located
            .source_line
            .get(located.column.saturating_sub(1)..)
            .unwrap_or("");
        let word = at.split_whitespace().next().unwrap_or("");
        let marked = rows.iter().any(|row| {
            row.game == game + 1
                && row.line == located.line
                && row.class.contains("error")
                && row.written.contains(word)
        });
        assert!(
            marked,
            "{name}: the error at {}:{} ({}) has no marked row",
            located.line, located.column, located.message
        );
    }
    compared
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .flat_map(|path| {
            if path.is_dir() {
                files_in(&path)
            } else {
                vec![path]
            }
        })
        .filter(|path| path.extension().is_some_and(|ext| ext != "tsv"))
        .collect();
    files.sort();
    files
}

/// Every corrupt fixture of the repository (`fixtures/{mat,sgf}/corrupt`), and every real
/// match that is not valid (the files gnubg rejects among the shared fixtures are copied in
/// `fixtures/mat/real`; those it warns about are here too), and with `TAVLI_MORE_MATCHES=DIR`
/// every file under DIR that is not valid.
#[test]
fn every_record_of_every_corrupt_fixture_is_shown_once_in_order_with_its_ending() {
    let mut files = files_in(&root().join("fixtures/mat/corrupt"));
    files.extend(files_in(&root().join("fixtures/sgf/corrupt")));
    let mut real = 0;
    for path in files_in(&root().join("fixtures/mat/real")) {
        let bytes = std::fs::read(&path).expect("read");
        if check_bytes("", &bytes, None).report.verdict != Verdict::Valid {
            real += 1;
            files.push(path);
        }
    }
    assert!(real >= 3, "the three matches gnubg rejects");
    // More files to check (the shared collection, files acceptance holds back): every file
    // under the folder `TAVLI_MORE_MATCHES` names that tavli does not find valid.
    if let Some(more) = std::env::var_os("TAVLI_MORE_MATCHES") {
        for path in files_in(Path::new(&more)) {
            let bytes = std::fs::read(&path).expect("read");
            if check_bytes("", &bytes, None).report.verdict != Verdict::Valid {
                files.push(path);
            }
        }
    }
    let mut records = 0;
    for path in &files {
        let bytes = std::fs::read(path).expect("read");
        records += check_file(&path.display().to_string(), &bytes);
    }
    assert!(records > 1000, "{records} records compared");
}

/// Corruptions of a valid match that no fixture has: an error in the first record, in a
/// cube action, in a later game's header or score line, mid-game, a line lost, and the file
/// cut at many places.
#[test]
fn every_record_of_a_corrupted_match_is_shown_once_in_order_with_its_ending() {
    let path = root().join("fixtures/mat/seed13-7pt.mat");
    let text = std::fs::read_to_string(&path).expect("read");
    let lines: Vec<&str> = text.lines().collect();
    let replace_line = |number: usize, with: &str| {
        let mut copy = lines.clone();
        copy[number - 1] = with;
        copy.join("\n") + "\n"
    };
    let mut cases: Vec<(String, String)> = vec![
        (
            "first record".into(),
            replace_line(7, "  1) 54: 13/8 24/20 zz       62: 13/11 11/5*"),
        ),
        (
            "first line garbled".into(),
            replace_line(7, "  1) ?? !! 62: 13/11 11/5*"),
        ),
        (
            "a run of unreadable lines".into(),
            replace_line(
                9,
                &format!(
                    "{}\n{}",
                    lines[8],
                    (0..12)
                        .map(|k| format!("  junk {k} !!"))
                        .collect::<Vec<_>>()
                        .join("\n")
                ),
            ),
        ),
        (
            "cube".into(),
            text.replacen("Doubles => 2", "Doubles => 3", 1),
        ),
        (
            "take twice".into(),
            text.replacen("Takes", "Takes Takes", 1),
        ),
        (
            "mid-game".into(),
            text.replacen("13/10 8/5 5/2* 5/2", "13/9 8/5 5/2* 5/2", 1),
        ),
        (
            "blocked".into(),
            text.replacen("41: 6/5 5/1*", "41: 24/20 24/23", 1),
        ),
        ("game header".into(), text.replacen(" Game 2", " Gme 2", 1)),
        (
            "first game header".into(),
            text.replacen(" Game 1\n", " Gme 1\n", 1),
        ),
        (
            "first game header lost".into(),
            text.replacen(" Game 1\n", "", 1),
        ),
        (
            "score line".into(),
            text.replacen(" gnubg : 2 ", " gnubg : x ", 1),
        ),
        (
            "wrong winner".into(),
            text.replacen(
                "     Wins 2 points",
                "                                  Wins 2 points",
                1,
            ),
        ),
        ("a line lost".into(), {
            let mut copy = lines.clone();
            copy.remove(15);
            copy.join("\n") + "\n"
        }),
        (
            "second number".into(),
            text.replacen("  8) 51:", "  8) 8) 51:", 1),
        ),
    ];
    for cut in (40..text.len()).step_by(97) {
        let mut at = cut;
        while !text.is_char_boundary(at) {
            at += 1;
        }
        cases.push((format!("cut at {at}"), text[..at].to_string()));
    }
    for (what, corrupted) in &cases {
        assert_ne!(corrupted, &text, "{what}: the corruption applies");
        let name = format!("seed13-7pt.mat ({what})");
        let records = check_file(&name, corrupted.as_bytes());
        if !what.starts_with("cut") {
            assert!(records > 50, "{name}: {records} records");
        }
    }
}

/// The example of issue 31: after the unusable play of `illegal-blocked.mat` the page goes on
/// with every play as written, says the board is not known, and ends the game as the file
/// writes it.
#[test]
fn plays_after_an_unusable_play_are_shown_as_written() {
    let path = root().join("fixtures/mat/corrupt/illegal-blocked.mat");
    let bytes = std::fs::read(&path).expect("read");
    let (_, page) = page_of("illegal-blocked.mat", &bytes);
    assert!(page.contains(
        "data-line=\"9\" data-board=\"known\" data-written=\"53: 24/19 6/3\"><span class=\"who o\">gnubg</span> 53: 24/19 6/3 <a class=\"mark error\""
    ));
    assert!(page.contains("data-written=\"52: 5/0 2/0\"><span class=\"who x\">user</span> 52: 5/0 2/0 <span class=\"aside\">(as written; the board is not known here)</span>"));
    assert!(!page.contains("(no play recorded)"));
    assert!(page.contains("gnubg wins 1 point when the double was dropped, as the file writes (`Wins 1 point`, line 26). The board is not known from line 9 on"));
    assert!(page.contains("The last board known in game 1: after line 8"));
}

/// The line (1-based) of byte `offset` of `text`.
fn line_of(text: &str, offset: usize) -> usize {
    1 + text[..offset].matches('\n').count()
}

/// An analysed gnubg SGF cut at many places (inside a move value, inside an annotation,
/// between nodes, before a tree's `)`): every record read before the cut is shown once and
/// in order, the cut game stops there, and the truncation is reported where the file breaks
/// (the unfinished value's `[`, or the end of the file).
#[test]
fn every_record_of_a_cut_sgf_is_shown_once_in_order_and_the_cut_is_located() {
    let text = std::fs::read_to_string(root().join("fixtures/sgf/seed07-3pt.sgf")).expect("read");
    let first_tree_end = text.find("\n(;").expect("a second game tree");
    let mut cuts = 0;
    for cut in (first_tree_end + 2..text.len()).step_by(1499) {
        let cut_text = &text[..cut];
        let name = format!("seed07-3pt.sgf (cut at {cut})");
        let records = check_file(&name, cut_text.as_bytes());
        let checked = check_bytes(&name, cut_text.as_bytes(), None);
        // Inside a value when the last `[` before the cut is not closed.
        let open = cut_text
            .rfind('[')
            .filter(|&at| !cut_text[at..].contains(']'));
        let break_line = line_of(cut_text, open.unwrap_or(cut));
        let located = checked.report.diagnostics.iter().any(|d| {
            d.severity == Severity::Error
                && matches!(d.kind.name(), "truncated" | "syntax")
                && d.line == break_line
        });
        assert!(
            located,
            "{name}: no truncation at line {break_line}: {:#?}",
            checked.report.diagnostics
        );
        assert!(records > 30, "{name}: the first game's records at least");
        cuts += 1;
    }
    assert!(cuts > 50, "{cuts} cuts");
}

/// `truncated-move.sgf` ends inside a move value (`;W[65qk`): the moves before it are rows,
/// the unfinished one has its own row with the error, and the game stops there.
#[test]
fn an_sgf_that_ends_inside_a_move_keeps_the_moves_before_it() {
    let path = root().join("fixtures/sgf/corrupt/truncated-move.sgf");
    let bytes = std::fs::read(&path).expect("read");
    let (checked, page) = page_of("truncated-move.sgf", &bytes);
    let rows = rows(&page);
    let second: Vec<&Row> = rows.iter().filter(|row| row.game == 2).collect();
    assert_eq!(second.len(), 15, "{second:#?}");
    assert_eq!(second[13].written, "take");
    let last = second[14];
    assert_eq!((last.line, last.written.as_str()), (55, "65qk"));
    assert!(last.class.contains("error"), "{last:?}");
    let truncation = checked
        .report
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("an error");
    assert_eq!(
        (truncation.kind.name(), truncation.line, truncation.column),
        ("truncated", 55, 4)
    );
    let endings = endings(&page);
    assert_eq!(endings.len(), 2);
    assert!(endings[1].1.text.contains("stops here"), "{:?}", endings[1]);
    assert!(endings[0].1.text.contains("gnubg wins 1 point"));
}
