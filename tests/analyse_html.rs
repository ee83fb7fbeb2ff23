//! `tavli analyse --html`: the analysed match's page (an equity graph per game, the
//! statistics table of each player, a card for every doubtful or worse decision linked from
//! the graph and from its move), where the pages go, and the page opened in headless
//! Chromium (skipped without it): no console error, and every graph drawn.

use crate::report::{
    assert_self_contained, chromium, close, inline_svgs, real_match, run_chromium, url, WINDOW,
};
use resvg::tiny_skia::Pixmap;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn analyse(args: &[&str]) -> Output {
    Command::new(crate::support::tavli_binary())
        .arg("analyse")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("tavli runs")
}

/// The page of the real match, written by `tavli analyse --html FILE`.
fn real_page(dir: &Path) -> (PathBuf, String) {
    let out = dir.join("real.html");
    let input = real_match();
    let run = analyse(&[
        &input.display().to_string(),
        "--html",
        &out.display().to_string(),
    ]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        String::from_utf8_lossy(&run.stdout).contains("Chequer error rate"),
        "the text report is still written"
    );
    let page = std::fs::read_to_string(&out).expect("the page was written");
    (out, page)
}

/// The decisions `tavli analyse --json --decisions` marks doubtful or worse, per game.
fn marked_per_game(input: &Path) -> Vec<usize> {
    let run = analyse(&[&input.display().to_string(), "--json", "--decisions"]);
    let line: serde_json::Value = serde_json::from_slice(&run.stdout).expect("one NDJSON object");
    let games = line["games"].as_u64().expect("games") as usize;
    let mut marked = vec![0; games];
    for decision in line["decisions"].as_array().expect("decisions") {
        if decision["mark"] != "none" {
            let game = decision["game"].as_u64().expect("a game") as usize;
            marked[game - 1] += 1;
        }
    }
    marked
}

/// The values of `attribute="..."` in `text`, in order.
fn attribute_values<'a>(text: &'a str, attribute: &str) -> Vec<&'a str> {
    let needle = format!("{attribute}=\"");
    text.match_indices(&needle)
        .filter_map(|(at, _)| {
            let rest = &text[at + needle.len()..];
            Some(&rest[..rest.find('"')?])
        })
        .collect()
}

/// The slice of `page` from the element with id `id` to the end of that element's tag name
/// `tag`.
fn element<'a>(page: &'a str, tag: &str, id: &str) -> &'a str {
    let start = page
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no element {id}"));
    let start = page[..start].rfind(&format!("<{tag}")).expect("its start");
    let end = page[start..].find(&format!("</{tag}>")).expect("its end") + start;
    &page[start..end]
}

#[test]
fn analysed_page_has_a_graph_per_game_the_statistics_and_a_linked_card_per_error() {
    let dir = scratch("analyse-html");
    let (_, page) = real_page(&dir);
    assert_self_contained(&page);
    let marked = marked_per_game(&real_match());
    assert_eq!(marked.len(), 4, "the real match has four games");
    // Statistics: one table, a column per player, gnubg's blocks.
    assert_eq!(page.matches("<table class=\"statistics\">").count(), 1);
    for heading in ["lasse", "behzad92"] {
        assert!(page.contains(&format!("<th scope=\"col\">{heading}</th>")));
    }
    for block in ["Chequer play", "Luck", "Cube decisions", "Overall"] {
        assert!(
            page.contains(&format!("colspan=\"3\">{block}</th>")),
            "{block}"
        );
    }
    assert!(page.contains("<th scope=\"row\">Moves marked very bad</th>"));
    let mut cards_seen = 0;
    for (index, &errors) in marked.iter().enumerate() {
        let game = index + 1;
        // One graph per game, with a line, whose error points are the game's marked
        // decisions, each a link to a card of the game.
        let graph = element(&page, "svg", &format!("g{game}-graph"));
        assert_eq!(page.matches(&format!("id=\"g{game}-graph\"")).count(), 1);
        roxmltree::Document::parse(&format!("{graph}</svg>")).expect("well-formed graph");
        assert!(graph.contains("<polyline class=\"chances\""), "game {game}");
        assert!(
            graph.contains(&format!("data-marked=\"{errors}\"")),
            "game {game}"
        );
        let links: BTreeSet<&str> = attribute_values(graph, "href").into_iter().collect();
        assert_eq!(links.len(), errors, "game {game}: a link per error");
        let section = element(&page, "section", &format!("game-{game}"));
        let cards: BTreeSet<String> = section
            .match_indices("<article class=\"note decision")
            .map(|(at, _)| attribute_values(&section[at..], "id")[0].to_string())
            .collect();
        assert_eq!(cards.len(), errors, "game {game}: a card per error");
        let linked: BTreeSet<String> = links.iter().map(|l| l[1..].to_string()).collect();
        assert_eq!(linked, cards, "game {game}: the graph links every card");
        for card in &cards {
            let article = element(section, "article", card);
            // The board, the dice (or cube action), the play made and the best plays with
            // their equities.
            assert_eq!(inline_svgs(article).len(), 1, "{card}: one board");
            assert!(article.contains("class=\"tavli-board\""));
            assert!(
                article.contains("<dt>Dice</dt>") || article.contains("<dt>Cube action</dt>"),
                "{card}"
            );
            assert!(article.contains("<dt>Best</dt>"), "{card}");
            assert!(article.contains("<table class=\"candidates"), "{card}");
            assert_eq!(
                article.matches("<tr class=\"played\">").count(),
                1,
                "{card}"
            );
            // The card is linked from its move, and back.
            let back = attribute_values(article, "href")[0];
            assert!(back.starts_with(&format!("#g{game}-t")), "{card}: {back}");
            let row = element(section, "li", &back[1..]);
            assert!(row.contains(&format!("href=\"#{card}\"")), "{card}: {row}");
        }
        cards_seen += cards.len();
    }
    assert!(cards_seen > 5, "the real match has errors to show");
    assert_eq!(page.matches("class=\"equity-graph\"").count(), marked.len());
}

#[test]
fn pages_go_to_a_directory_a_file_or_standard_output() {
    let dir = scratch("analyse-html-targets");
    let pages = dir.join("pages");
    let _ = std::fs::remove_dir_all(&pages);
    let run = analyse(&[
        "fixtures/mat/seed08-1pt.mat",
        "fixtures/mat/seed07-1pt.mat",
        "--json",
        "--html",
        &pages.display().to_string(),
    ]);
    assert_eq!(run.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&run.stdout).lines().count(), 2);
    for name in ["seed08-1pt.html", "seed07-1pt.html"] {
        let page = std::fs::read_to_string(pages.join(name)).expect("a page per file");
        assert!(page.contains("class=\"equity-graph\""), "{name}");
    }
    // `-`: the page in place of the report, for one file only.
    let run = analyse(&["fixtures/mat/seed08-1pt.mat", "--html", "-"]);
    assert_eq!(run.status.code(), Some(0));
    let page = String::from_utf8(run.stdout).expect("UTF-8");
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<h1>fixtures/mat/seed08-1pt.mat: analysis</h1>"));
    let two = analyse(&[
        "fixtures/mat/seed08-1pt.mat",
        "fixtures/mat/seed07-1pt.mat",
        "--html",
        "-",
    ]);
    assert_eq!(two.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&two.stderr).contains("--html - writes the page of one"));
    // An invalid file has no page and is reported as the validator reports it.
    let invalid = dir.join("invalid.html");
    let run = analyse(&[
        "fixtures/mat/corrupt/illegal-blocked.mat",
        "--html",
        &invalid.display().to_string(),
    ]);
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("illegal-move"));
    assert!(!invalid.exists());
}

/// What the browser made of a page: the errors and resource loads a script in a copy of
/// the page saw, and each equity graph's box, line length and error points.
#[derive(serde::Deserialize, Debug)]
struct Probe {
    errors: Vec<String>,
    resources: usize,
    graphs: Vec<GraphProbe>,
}

#[derive(serde::Deserialize, Debug)]
struct GraphProbe {
    rect: [f64; 4],
    line: f64,
    points: usize,
    marked: usize,
    drawn_marks: usize,
}

fn probe(browser: &Path, dir: &Path, page: &str) -> Probe {
    let watch = "<script>window.seen=[];addEventListener('error',e=>seen.push(String(e.message||\
                 (e.target&&(e.target.src||e.target.href))||'error')),true);\
                 const original=console.error;console.error=(...a)=>{seen.push(a.join(' '));\
                 original(...a);};</script>";
    let measure = "<pre id=\"probe\"></pre><script>document.getElementById('probe').textContent=\
                   JSON.stringify({errors:seen,resources:performance.getEntriesByType('resource').length,\
                   graphs:[...document.querySelectorAll('svg.equity-graph')].map(g=>{const r=g.getBoundingClientRect();\
                   const l=g.querySelector('polyline.chances');return {rect:[r.x,r.y,r.width,r.height],\
                   line:l?l.getTotalLength():0,points:l?l.points.numberOfItems:0,marked:+g.dataset.marked,\
                   drawn_marks:[...g.querySelectorAll('a circle.error')].filter(c=>c.getBBox().width>0).length};})});</script></body>";
    let copy = page
        .replacen("<head>", &format!("<head>{watch}"), 1)
        .replace("</body>", measure);
    let path = dir.join("probe.html");
    std::fs::write(&path, copy).expect("write the probe");
    let output = run_chromium(
        browser,
        dir,
        "analysis",
        &["--dump-dom".to_string(), url(&path)],
    );
    let dom = String::from_utf8_lossy(&output.stdout);
    let start = dom.find("<pre id=\"probe\">").expect("the probe ran") + "<pre id=\"probe\">".len();
    let end = dom[start..].find("</pre>").expect("the probe's end") + start;
    serde_json::from_str(&dom[start..end].replace("&quot;", "\"")).expect("the probe's JSON")
}

#[test]
fn analysed_page_loads_in_headless_chromium_with_its_graphs_drawn() {
    let Some(browser) = chromium() else {
        eprintln!(
            "skipping the browser test: chromium is not installed (apt-get install chromium)"
        );
        return;
    };
    let dir = scratch("analyse-html-browser");
    let (html, page) = real_page(&dir);
    // The page itself, with the browser's console on standard error: it says nothing (the
    // page has no script, so whatever it said would be a complaint).
    let output = run_chromium(
        &browser,
        &dir,
        "console",
        &[
            "--enable-logging=stderr".to_string(),
            "--v=0".to_string(),
            "--dump-dom".to_string(),
            url(&html),
        ],
    );
    let console: Vec<String> = String::from_utf8_lossy(&output.stderr)
        .lines()
        .filter(|line| line.contains("CONSOLE"))
        .map(str::to_string)
        .collect();
    assert!(console.is_empty(), "console messages: {console:?}");
    assert!(String::from_utf8_lossy(&output.stdout).contains("equity-graph"));
    let probe = probe(&browser, &dir, &page);
    assert!(probe.errors.is_empty(), "errors: {:?}", probe.errors);
    assert_eq!(probe.resources, 0, "the page loads nothing else");
    assert_eq!(probe.graphs.len(), 4, "{probe:?}");
    for graph in &probe.graphs {
        let [_, _, width, height] = graph.rect;
        assert!(width > 300.0 && height > 90.0, "{graph:?}");
        assert!(graph.points > 10 && graph.line > width / 2.0, "{graph:?}");
        assert_eq!(graph.drawn_marks, graph.marked, "{graph:?}");
    }
    // The first graph on a screenshot: its line is inked where the layout put it.
    let shot = dir.join("analysis.png");
    run_chromium(
        &browser,
        &dir,
        "shot",
        &[format!("--screenshot={}", shot.display()), url(&html)],
    );
    let pixmap = Pixmap::decode_png(&std::fs::read(&shot).expect("a screenshot")).expect("a PNG");
    assert_eq!((pixmap.width(), pixmap.height()), WINDOW);
    let [x, y, width, height] = probe.graphs[0].rect;
    assert!(
        y + height < f64::from(WINDOW.1),
        "the first graph is on the screen"
    );
    let mut line = 0;
    for py in y as u32..(y + height) as u32 {
        for px in x as u32..(x + width) as u32 {
            if let Some(pixel) = pixmap.pixel(px, py) {
                line += usize::from(close(
                    [pixel.red(), pixel.green(), pixel.blue()],
                    [0x5b, 0x3a, 0x21],
                ));
            }
        }
    }
    assert!(line > 500, "{line} pixels of the line in the graph's box");
}

/// In money play the statistics table shows each total's points beside its EMG (as the JSON
/// and gnubg's `show statistics` do), in match play its match-winning chance.
#[test]
fn money_play_totals_show_their_points_and_match_play_their_mwc() {
    let statistics = |input: &str| {
        let run = analyse(&[input, "--luck", "position", "--html", "-"]);
        assert_eq!(run.status.code(), Some(0), "{input}");
        let page = String::from_utf8(run.stdout).expect("UTF-8");
        let start = page
            .find("<table class=\"statistics\">")
            .expect("a statistics table");
        let end = start + page[start..].find("</table>").expect("its end");
        page[start..end].to_string()
    };
    let money = statistics("fixtures/mat/seed21-money.mat");
    assert!(money.contains(" points)</td>"), "{money}");
    assert!(!money.contains("MWC)"), "{money}");
    let matched = statistics("fixtures/mat/seed11-5pt.mat");
    assert!(matched.contains("% MWC)</td>"), "{matched}");
    assert!(!matched.contains(" points)"), "{matched}");
}
