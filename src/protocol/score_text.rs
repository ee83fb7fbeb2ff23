//! gnubg's text for where the match stands and what a game ended with: the score line, the
//! points a game won, and `end game`'s summary.

use super::event_text::{counted, resignation_word};
use super::reply::ScoreReport;
use crate::rules::Resignation;

/// gnubg's score line (`show score`, `set score` and after each game): the games played,
/// the scores, and the match length with the Crawford state, or the money session's Jacoby
/// rule. In match play gnubg ends it without a newline.
#[must_use]
pub fn score_line(report: &ScoreReport) -> String {
    let games = counted(report.games, "game");
    let [first, second] = &report.names;
    let scores = format!("{first} {}, {second} {}", report.score[0], report.score[1]);
    if report.length > 0 {
        let suffix = if report.crawford {
            ", Crawford game"
        } else if report.post_crawford {
            ", post-Crawford play"
        } else {
            ""
        };
        format!(
            "The score (after {games}) is: {scores} (match to {}{suffix})",
            counted(report.length, "point")
        )
    } else {
        format!(
            "The score (after {games}) is: {scores} (money session, {} Jacoby rule).",
            if report.jacoby { "with" } else { "without" }
        )
    }
}

/// What a game won counts as in the match and its points.
#[must_use]
pub fn game_scored_line(winner: &str, counted_as: Resignation, points: u32) -> String {
    format!(
        "{winner} wins a {} and {}.",
        resignation_word(counted_as),
        counted(points, "point")
    )
}

/// `end game`'s summary: the game is complete, and who gained how many points.
#[must_use]
pub fn game_complete_lines(winner: Option<&(String, u32)>) -> Vec<String> {
    let mut lines = vec!["Game complete.".to_string()];
    if let Some((name, points)) = winner {
        lines.push(format!("{name} wins {}", counted(*points, "point")));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(length: u32) -> ScoreReport {
        ScoreReport {
            names: ["gnubg".to_string(), "root".to_string()],
            score: [1, 2],
            games: 1,
            length,
            crawford: false,
            post_crawford: true,
            jacoby: true,
        }
    }

    #[test]
    fn the_score_line_names_the_match_or_the_money_session() {
        assert_eq!(
            score_line(&report(3)),
            "The score (after 1 game) is: gnubg 1, root 2 (match to 3 points, post-Crawford play)"
        );
        assert_eq!(
            score_line(&report(0)),
            "The score (after 1 game) is: gnubg 1, root 2 (money session, with Jacoby rule)."
        );
    }

    #[test]
    fn a_game_is_scored_in_gnubgs_words() {
        assert_eq!(
            game_scored_line("root", Resignation::Gammon, 4),
            "root wins a gammon and 4 points."
        );
        assert_eq!(
            game_complete_lines(Some(&("gnubg".to_string(), 1))),
            ["Game complete.", "gnubg wins 1 point"]
        );
    }
}
