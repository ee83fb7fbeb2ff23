//! A game's equity graph as inline SVG: the first player's chance of winning the game after
//! every decision, one line from the first decision to the last, each marked error a point
//! on it linked to the card of its decision. No script: the links are anchors and the
//! points' titles are the tooltips. The SVG is a labelled group, not an image, so that
//! screen readers reach its links.

use super::super::picture::xml_escape;
use std::fmt::Write;

/// The graph's size in SVG units (it is scaled to the page's width).
const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 230.0;
/// The plot area's margins: left (the percentages), right, top and bottom (the decisions).
const LEFT: f64 = 48.0;
const RIGHT: f64 = 14.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 34.0;

/// One game's graph as data.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EquityGraph {
    /// The players' names, first player (O, whose chances are drawn) first.
    pub names: [String; 2],
    /// The decisions in order.
    pub points: Vec<GraphPoint>,
}

/// One decision on the graph.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GraphPoint {
    /// The first player's chance of winning the game after the decision (0 to 1); `None`
    /// where the analysis has no figure (the line joins the neighbours).
    pub chance: Option<f64>,
    /// What the decision was, for its title: `gnubg: 62: 13/7 13/11`.
    pub label: String,
    /// The mark of an error (`doubtful`, `bad`, `very bad`), empty for none.
    pub mark: String,
    /// The anchor (element id) of the decision's card, for a marked decision.
    pub link: Option<String>,
}

/// The CSS class of a mark: `very bad` is `very-bad`.
fn mark_class(mark: &str) -> String {
    mark.replace(' ', "-")
}

/// Where decision `index` of `count` goes across the plot.
fn x_of(index: usize, count: usize) -> f64 {
    let width = WIDTH - LEFT - RIGHT;
    if count <= 1 {
        LEFT + width / 2.0
    } else {
        LEFT + width * index as f64 / (count - 1) as f64
    }
}

/// Where a chance goes up the plot.
fn y_of(chance: f64) -> f64 {
    TOP + (HEIGHT - TOP - BOTTOM) * (1.0 - chance.clamp(0.0, 1.0))
}

/// Every ~10th decision number under the plot (1 and the last always).
fn ticks(count: usize) -> Vec<usize> {
    let step = match count {
        0..=20 => 5,
        21..=60 => 10,
        61..=150 => 20,
        _ => 50,
    };
    let mut ticks: Vec<usize> = (0..count).filter(|i| (i + 1) % step == 0).collect();
    ticks.insert(0, 0);
    if count > 1 && ticks.last() != Some(&(count - 1)) {
        // The last decision, unless it would crowd the tick before it.
        if ticks
            .last()
            .is_some_and(|&last| count - 1 - last < step / 2)
        {
            ticks.pop();
        }
        ticks.push(count - 1);
    }
    ticks.dedup();
    ticks
}

/// The graph of `graph` as an inline SVG element whose ids start with `id` (`g2-graph`).
#[must_use]
pub fn graph_svg(graph: &EquityGraph, id: &str) -> String {
    let count = graph.points.len();
    let marked = graph.points.iter().filter(|p| !p.mark.is_empty()).count();
    let first = xml_escape(&graph.names[0]);
    let second = xml_escape(&graph.names[1]);
    let mut svg = String::with_capacity(8 * 1024 + 300 * marked);
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"equity-graph\" id=\"{id}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"group\" aria-labelledby=\"{id}-title {id}-desc\" \
         data-points=\"{count}\" data-marked=\"{marked}\" font-family=\"DejaVu Sans, Verdana, sans-serif\">"
    );
    let _ = writeln!(
        svg,
        "<title id=\"{id}-title\">{first}'s chance of winning the game after each decision</title>\n\
         <desc id=\"{id}-desc\">{count} decision{} from left to right; 100% at the top is a sure win \
         for {first}, 0% at the bottom a sure win for {second}; {marked} error{} marked, each \
         linked to its decision.</desc>",
        super::plural(count),
        super::plural(marked),
    );
    // The plot area, its grid and its scale.
    let (right, bottom) = (WIDTH - RIGHT, HEIGHT - BOTTOM);
    let _ = writeln!(
        svg,
        "<rect class=\"plot\" x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\" stroke=\"#d5c7b0\"/>",
        right - LEFT,
        bottom - TOP
    );
    for (chance, label) in [
        (1.0, "100%"),
        (0.75, "75%"),
        (0.5, "50%"),
        (0.25, "25%"),
        (0.0, "0%"),
    ] {
        let y = y_of(chance);
        let style = if label == "50%" {
            "stroke=\"#9a8468\" stroke-dasharray=\"5 4\""
        } else {
            "stroke=\"#ece3d3\""
        };
        let _ = writeln!(
            svg,
            "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{right}\" y2=\"{y:.1}\" {style}/>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\" fill=\"#5a4a3a\">{label}</text>",
            LEFT - 6.0,
            y + 4.0
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"#5a4a3a\">{first} wins</text>\
         <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"#5a4a3a\">{second} wins</text>",
        LEFT + 6.0,
        TOP + 13.0,
        LEFT + 6.0,
        bottom - 6.0
    );
    for index in ticks(count) {
        let x = x_of(index, count);
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{bottom}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#9a8468\"/>\
             <text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#5a4a3a\">{}</text>",
            bottom + 4.0,
            bottom + 16.0,
            index + 1
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#5a4a3a\">decision</text>",
        LEFT + (right - LEFT) / 2.0,
        HEIGHT - 3.0
    );
    // The line through every decision with a figure.
    let line: Vec<String> = graph
        .points
        .iter()
        .enumerate()
        .filter_map(|(index, point)| {
            let chance = point.chance?;
            Some(format!("{:.1},{:.1}", x_of(index, count), y_of(chance)))
        })
        .collect();
    if !line.is_empty() {
        let _ = writeln!(
            svg,
            "<polyline class=\"chances\" points=\"{}\" fill=\"none\" stroke=\"#5b3a21\" \
             stroke-width=\"2\" stroke-linejoin=\"round\"/>",
            line.join(" ")
        );
    }
    // The errors, worst drawn last (on top), each a link to its card.
    let mut errors: Vec<(usize, &GraphPoint)> = graph
        .points
        .iter()
        .enumerate()
        .filter(|(_, point)| !point.mark.is_empty())
        .collect();
    errors.sort_by_key(|(_, point)| match point.mark.as_str() {
        "doubtful" => 0,
        "bad" => 1,
        _ => 2,
    });
    for (index, point) in errors {
        let x = x_of(index, count);
        let y = y_of(point.chance.unwrap_or(0.5));
        let class = mark_class(&point.mark);
        let (radius, colour) = match point.mark.as_str() {
            "doubtful" => (4.5, "#d4ac0d"),
            "bad" => (5.5, "#e67e22"),
            _ => (6.5, "#c0392b"),
        };
        let title = format!("Decision {}: {} ({})", index + 1, point.label, point.mark);
        let circle = format!(
            "<circle class=\"error {class}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{radius}\" fill=\"{colour}\" \
             stroke=\"#1f1a16\" stroke-width=\"1\"><title>{}</title></circle>",
            xml_escape(&title)
        );
        match &point.link {
            Some(link) => {
                let _ = writeln!(
                    svg,
                    "<a href=\"#{}\" aria-label=\"{}\">{circle}</a>",
                    xml_escape(link),
                    xml_escape(&title)
                );
            }
            None => {
                let _ = writeln!(svg, "{circle}");
            }
        }
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(chance: Option<f64>, mark: &str, link: Option<&str>) -> GraphPoint {
        GraphPoint {
            chance,
            label: "gnubg: 62: 13/7 13/11".to_string(),
            mark: mark.to_string(),
            link: link.map(str::to_string),
        }
    }

    #[test]
    fn the_line_joins_the_decisions_with_figures_and_errors_link_to_their_cards() {
        let graph = EquityGraph {
            names: ["gnubg".to_string(), "A & B".to_string()],
            points: vec![
                point(Some(0.5), "", None),
                point(None, "", None),
                point(Some(1.0), "very bad", Some("g1-n0")),
                point(Some(0.0), "", None),
            ],
        };
        let svg = graph_svg(&graph, "g1-graph");
        roxmltree::Document::parse(&svg).expect("well-formed SVG");
        assert!(svg.contains("data-points=\"4\" data-marked=\"1\""));
        let polyline = svg
            .split("class=\"chances\" points=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_default();
        assert_eq!(polyline.split(' ').count(), 3, "{polyline}");
        assert!(polyline.starts_with(&format!("{LEFT:.1},{:.1}", y_of(0.5))));
        assert!(svg.contains("<a href=\"#g1-n0\""));
        assert!(svg.contains("class=\"error very-bad\""));
        assert!(svg.contains("A &amp; B wins"));
        assert!(svg.contains("<title id=\"g1-graph-title\">"));
    }

    #[test]
    fn ticks_number_the_first_the_last_and_round_decisions() {
        assert_eq!(ticks(1), vec![0]);
        assert_eq!(ticks(12), vec![0, 4, 9, 11]);
        assert_eq!(ticks(41), vec![0, 9, 19, 29, 40]);
        assert!(ticks(0).len() <= 1);
    }

    #[test]
    fn chances_map_to_the_plot_from_top_to_bottom() {
        assert!((y_of(1.0) - TOP).abs() < 1e-9);
        assert!((y_of(0.0) - (HEIGHT - BOTTOM)).abs() < 1e-9);
        assert!((x_of(0, 1) - x_of(5, 11)).abs() < 1e-9);
    }
}
