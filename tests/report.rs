//! The HTML report of `tavli validate --html`: its content for a real match and for one
//! with an illegal move, and both pages opened in headless Chromium (skipped without it).

use resvg::tiny_skia::Pixmap;
use std::path::{Path, PathBuf};
use std::process::Command;
use tavli::matchfile::check_bytes;
use tavli::render::html_report::from_match::report_of;
use tavli::render::html_report::render_report;
use tavli::render::picture::PictureOptions;

/// A real match from the shared fixtures (`../shared/fixtures/matches`, beside the repo),
/// or this repo's copy of the same file when shared/ is not there.
pub(crate) fn real_match() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let name = "backgammon-galaxy/match11274186.txt";
    let shared = root.join("../shared/fixtures/matches").join(name);
    if shared.exists() {
        shared
    } else {
        eprintln!("note: ../shared/fixtures/matches is missing; using fixtures/mat/real");
        root.join("fixtures/mat/real").join(name)
    }
}

fn illegal_match() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mat/corrupt/illegal-blocked.mat")
}

fn page_of(path: &Path) -> String {
    let bytes = std::fs::read(path).expect("the fixture is there");
    let checked = check_bytes(&path.display().to_string(), &bytes, None);
    render_report(&report_of(&checked), &PictureOptions::default())
}

/// The inline SVG documents of a page.
pub(crate) fn inline_svgs(page: &str) -> Vec<&str> {
    page.match_indices("<svg ")
        .filter_map(|(start, _)| {
            let end = page[start..].find("</svg>")? + start + "</svg>".len();
            Some(&page[start..end])
        })
        .collect()
}

pub(crate) fn assert_self_contained(page: &str) {
    assert!(page.starts_with("<!DOCTYPE html>"));
    for banned in ["<script", "<img", "<link", "@import", "url(http", "src="] {
        assert!(!page.contains(banned), "the page has {banned}");
    }
    let outside = page
        .match_indices("http")
        .filter(|(at, _)| !page[*at..].starts_with("http://www.w3.org/2000/svg"))
        .count();
    assert_eq!(outside, 0, "the page refers to nothing outside it");
    assert!(page.contains("name=\"viewport\""));
    assert!(page.contains("@media print"));
    for svg in inline_svgs(page) {
        roxmltree::Document::parse(svg).expect("every board is well-formed SVG");
    }
}

#[test]
fn report_of_a_real_match_has_every_game_and_its_final_board() {
    let page = page_of(&real_match());
    assert_self_contained(&page);
    assert!(
        page.contains("5-point match of standard backgammon"),
        "header"
    );
    assert!(page.contains("Final score: lasse 5, behzad92 1"));
    assert!(page.contains("class=\"verdict valid\""));
    for game in 1..=4 {
        assert!(page.contains(&format!("id=\"game-{game}\"")), "game {game}");
        assert!(page.contains(&format!("After the last move of game {game}")));
    }
    assert!(page.contains("62: 24/18 13/11"), "the first move is listed");
    assert_eq!(
        inline_svgs(&page).len(),
        4,
        "one board per game, no diagnostics"
    );
    assert!(!page.contains("class=\"note"));
}

#[test]
fn report_of_an_illegal_move_shows_the_board_before_it_and_the_closest_plays() {
    let page = page_of(&illegal_match());
    assert_self_contained(&page);
    assert!(page.contains("class=\"verdict invalid\""));
    assert!(page.contains("<dt>Written</dt><dd><code>53: 24/19 6/3</code></dd>"));
    assert!(page.contains("<dt>Dice</dt><dd><code>5-3</code></dd>"));
    assert!(page.contains("which the opponent holds with 5 checkers"));
    assert!(page.contains("The legal plays that come closest"));
    assert!(
        page.contains("<li><code>13/8 6/3</code></li>"),
        "a close legal play"
    );
    // One card for the record (the warning about it is folded in), with the board before.
    assert_eq!(page.matches("<article class=\"note").count(), 1);
    let svgs = inline_svgs(&page);
    assert_eq!(svgs.len(), 3, "the board before the error and one per game");
    assert!(
        svgs[0].contains("O (gnubg) to play 5-3"),
        "{}",
        &svgs[0][..600]
    );
}

/// Chromium, if installed (`apt-get install chromium`; CI's `.ci/run` does).
pub(crate) fn chromium() -> Option<PathBuf> {
    [
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/bin/google-chrome",
    ]
    .into_iter()
    .map(PathBuf::from)
    .find(|path| path.exists())
}

pub(crate) const WINDOW: (u32, u32) = (1000, 2600);

pub(crate) fn run_chromium(
    browser: &Path,
    dir: &Path,
    tag: &str,
    args: &[String],
) -> std::process::Output {
    Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--force-device-scale-factor=1",
            &format!("--window-size={},{}", WINDOW.0, WINDOW.1),
            &format!(
                "--user-data-dir={}",
                dir.join(format!("profile-{tag}")).display()
            ),
        ])
        .args(args)
        .output()
        .expect("chromium runs")
}

/// Where the browser lays out each board: `[x, y, width, height]` in CSS pixels, measured
/// on a copy of the page with a script added at its end (the page itself has none).
fn board_rects(browser: &Path, dir: &Path, page: &str, tag: &str) -> Vec<[f64; 4]> {
    let probe = page.replace(
        "</body>",
        "<pre id=\"probe\"></pre><script>document.getElementById('probe').textContent = \
         JSON.stringify([...document.querySelectorAll('svg.tavli-board')].map(s => { \
         const r = s.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }));\
         </script></body>",
    );
    let path = dir.join(format!("{tag}-probe.html"));
    std::fs::write(&path, probe).expect("write the probe");
    let output = run_chromium(browser, dir, tag, &["--dump-dom".to_string(), url(&path)]);
    let dom = String::from_utf8_lossy(&output.stdout);
    let start = dom.find("<pre id=\"probe\">").expect("the probe ran") + "<pre id=\"probe\">".len();
    let end = dom[start..].find("</pre>").expect("the probe's end") + start;
    serde_json::from_str(&dom[start..end]).expect("rectangles as JSON")
}

pub(crate) fn url(path: &Path) -> String {
    format!("file://{}", path.display())
}

pub(crate) fn close(pixel: [u8; 3], colour: [u8; 3]) -> bool {
    pixel.iter().zip(colour).all(|(a, b)| a.abs_diff(b) <= 16)
}

/// Opens the page, takes a screenshot, checks that it is not blank and that each board the
/// layout places on the screen shows the board's frame and playing surface there.
fn check_in_browser(browser: &Path, page: &str, tag: &str, boards: usize) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-browser");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let html = dir.join(format!("{tag}.html"));
    std::fs::write(&html, page).expect("write the page");
    let rects = board_rects(browser, &dir, page, tag);
    assert_eq!(rects.len(), boards, "{tag}: boards laid out");
    let shot = dir.join(format!("{tag}.png"));
    let output = run_chromium(
        browser,
        &dir,
        tag,
        &[format!("--screenshot={}", shot.display()), url(&html)],
    );
    let bytes = std::fs::read(&shot)
        .unwrap_or_else(|_| panic!("no screenshot: {}", String::from_utf8_lossy(&output.stderr)));
    let pixmap = Pixmap::decode_png(&bytes).expect("the screenshot decodes");
    assert_eq!((pixmap.width(), pixmap.height()), WINDOW);
    let at = |x: f64, y: f64| -> [u8; 3] {
        let pixel = pixmap
            .pixel(x.round() as u32, y.round() as u32)
            .expect("inside the screenshot");
        [pixel.red(), pixel.green(), pixel.blue()]
    };
    let background = [0xff, 0xfd, 0xf8];
    let inked = pixmap
        .pixels()
        .iter()
        .filter(|p| !close([p.red(), p.green(), p.blue()], background))
        .count();
    let share = inked as f64 / f64::from(WINDOW.0 * WINDOW.1);
    assert!(
        share > 0.05,
        "{tag}: the page looks blank ({share:.3} inked)"
    );
    let mut seen = 0;
    for [x, y, width, height] in rects {
        if y + height > f64::from(WINDOW.1) || width < 100.0 {
            continue;
        }
        seen += 1;
        let frame = at(x + width * 0.01, y + height * 0.5);
        let surface = at(x + width * 0.15, y + height * 0.5);
        assert!(
            close(frame, [0x5b, 0x3a, 0x21]),
            "{tag}: frame at {x},{y} is {frame:?}"
        );
        assert!(
            close(surface, [0xe9, 0xdc, 0xbc]),
            "{tag}: surface at {x},{y} is {surface:?}"
        );
    }
    assert!(seen > 0, "{tag}: a board is on the first screen");
}

#[test]
fn reports_render_in_headless_chromium() {
    let Some(browser) = chromium() else {
        eprintln!(
            "skipping the browser test: chromium is not installed (apt-get install chromium)"
        );
        return;
    };
    check_in_browser(&browser, &page_of(&real_match()), "real", 4);
    check_in_browser(&browser, &page_of(&illegal_match()), "illegal", 3);
    // The print style sheet gives a document too (cards kept whole, no navigation).
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-browser");
    let pdf = dir.join("illegal.pdf");
    let html = dir.join("illegal.html");
    run_chromium(
        &browser,
        &dir,
        "print",
        &[format!("--print-to-pdf={}", pdf.display()), url(&html)],
    );
    let bytes = std::fs::read(&pdf).expect("a PDF was printed");
    assert!(
        bytes.starts_with(b"%PDF") && bytes.len() > 10_000,
        "{} bytes",
        bytes.len()
    );
}

#[test]
fn validate_html_writes_the_page_and_keeps_the_exit_status() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-cli");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let out = dir.join("illegal.html");
    let run = Command::new(crate::support::tavli_binary())
        .args([
            "validate",
            "fixtures/mat/corrupt/illegal-blocked.mat",
            "--html",
        ])
        .arg(&out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("tavli runs");
    assert_eq!(
        run.status.code(),
        Some(1),
        "an invalid file is still rejected"
    );
    assert!(String::from_utf8_lossy(&run.stdout).contains("illegal-move"));
    let page = std::fs::read_to_string(&out).expect("the page was written");
    assert!(page.contains("<h1>fixtures/mat/corrupt/illegal-blocked.mat</h1>"));
    let two = Command::new(crate::support::tavli_binary())
        .args([
            "validate",
            "fixtures/mat/seed08-1pt.mat",
            "fixtures/mat/seed07-1pt.mat",
            "--html",
        ])
        .arg(dir.join("two.html"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("tavli runs");
    assert_eq!(two.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&two.stderr).contains("--html writes the report of one"));
}

/// `--html -` writes the page to standard output (it once wrote a file named `-`); a game that
/// ended shows nobody on roll; every picture names its variant and has its Position ID as
/// text to copy.
#[test]
fn validate_html_to_standard_output_ends_games_and_names_variants() {
    let run = Command::new(crate::support::tavli_binary())
        .args(["validate", "--html", "-", "fixtures/mat/seed08-1pt.mat"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("tavli runs");
    assert_eq!(run.status.code(), Some(0));
    assert!(!Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/-")).exists());
    let page = String::from_utf8(run.stdout).expect("UTF-8 page");
    assert!(
        page.starts_with("<!DOCTYPE html>"),
        "{}",
        &page[..80.min(page.len())]
    );
    assert!(
        page.contains("the game is over"),
        "the final board ends the game"
    );
    assert!(!page.contains("X on roll") && !page.contains("O on roll"));
    assert!(
        page.contains("Backgammon, Position ID: <code class=\"position-id\">CAAA/F0bAAAAAA</code>")
    );
}

/// The boards before each move (`matchfile::positions`) follow the record of every valid
/// fixture: each play is one of the legal plays of the board before it, and each board
/// after is the next board before.
#[test]
fn boards_before_each_move_follow_the_record() {
    use tavli::matchfile::positions::game_turns;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mat");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("fixtures/mat")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "mat"))
        .collect();
    files.extend(
        ["plakoto", "fevga", "athroisma", "portes", "old-english"]
            .map(|name| dir.join(format!("variants/{name}.mat"))),
    );
    let mut plays = 0;
    for path in files {
        let bytes = std::fs::read(&path).expect("read");
        let checked = check_bytes(&path.display().to_string(), &bytes, None);
        let Some(record) = &checked.record else {
            continue;
        };
        if checked.report.verdict == tavli::matchfile::Verdict::Invalid {
            continue;
        }
        for turns in game_turns(record) {
            for pair in turns.windows(2) {
                assert_eq!(pair[0].after, pair[1].before.board, "{}", path.display());
            }
            for turn in &turns {
                assert!(turn.checked, "{}: {}", path.display(), turn.text);
                plays += usize::from(turn.before.dice.is_some());
            }
        }
    }
    assert!(plays > 500, "{plays} plays followed");
}
