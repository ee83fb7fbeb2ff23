//! The match cube model against gnubg's on gnubg's own probabilities (see
//! `benches/support/match_cube_model.rs`): for each score and cube of a 7-point match, how far
//! tavli's no-double and double/take match equities (in EMG, gnubg's normalised equity) are
//! from gnubg 0-ply's, and how often the proper cube action agrees. Not a test: it needs
//! gnubg (the test `match_cube_gnubg` checks the limits on fewer positions).
//!
//! Run: `cargo bench --bench gnubg_match_cube -- [POSITIONS] [SEED]` (default 60 positions
//! from 40 self-play games of seed 1). `TAVLI_MATCH_CUBE_WORST=N` prints the N states that
//! differ most and the first N whose proper actions differ (gnubg IDs).

#[path = "support/match_cube_model.rs"]
mod model;

use model::Comparison;

fn summary(label: &str, rows: &[&Comparison]) {
    let no_double: Vec<f64> = rows.iter().map(|row| row.no_double.abs()).collect();
    let take: Vec<f64> = rows
        .iter()
        .filter_map(|row| row.double_take)
        .map(f64::abs)
        .collect();
    let actions: Vec<bool> = rows.iter().filter_map(|row| row.agrees).collect();
    let cubeless: Vec<f64> = rows.iter().map(|row| row.cubeless.abs()).collect();
    let mean = |values: &[f64]| values.iter().sum::<f64>() / values.len().max(1) as f64;
    let max = |values: &[f64]| values.iter().copied().fold(0.0, f64::max);
    let agreed = actions.iter().filter(|&&same| same).count();
    println!(
        "{label:<36} {:>5} | {:>8.4} | {:>8.4} {:>8.4} | {:>8.4} {:>8.4} | {:>5}/{:<5}",
        rows.len(),
        max(&cubeless),
        mean(&no_double),
        max(&no_double),
        mean(&take),
        max(&take),
        agreed,
        actions.len()
    );
}

fn main() {
    if !std::path::Path::new(model::GNUBG).exists() {
        eprintln!("gnubg is not installed: nothing to compare");
        return;
    }
    let arguments: Vec<String> = std::env::args()
        .skip(1)
        .filter(|argument| !argument.starts_with('-'))
        .collect();
    let count = arguments
        .first()
        .and_then(|text| text.parse().ok())
        .unwrap_or(60);
    let seed = arguments
        .get(1)
        .and_then(|text| text.parse().ok())
        .unwrap_or(1);
    let positions = model::self_play_positions(40, seed, count);
    let contexts = model::contexts();
    let started = std::time::Instant::now();
    let rows = model::compare_all(&positions, &contexts);
    println!(
        "{} positions x {} contexts, {} compared ({:.1} s); |tavli - gnubg| in EMG",
        positions.len(),
        contexts.len(),
        rows.len(),
        started.elapsed().as_secs_f64()
    );
    println!(
        "{:<36} {:>5} | {:>8} | {:>8} {:>8} | {:>8} {:>8} | actions as good",
        "context", "n", "CL max", "ND mean", "ND max", "DT mean", "DT max"
    );
    for context in &contexts {
        let label = context.label();
        let of: Vec<&Comparison> = rows.iter().filter(|row| row.context == label).collect();
        summary(&label, &of);
    }
    for class in ["contact", "race", "bear-off"] {
        let of: Vec<&Comparison> = rows.iter().filter(|row| row.class == class).collect();
        summary(&format!("class {class}"), &of);
    }
    let all: Vec<&Comparison> = rows.iter().collect();
    summary("all", &all);
    let worst: usize = std::env::var("TAVLI_MATCH_CUBE_WORST")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(0);
    for row in all
        .iter()
        .filter(|row| row.agrees == Some(false))
        .take(worst)
    {
        println!(
            "action differs: {} {} {} (gnubg, tavli) as (double, take): {:?}",
            tavli::codec::gnubg_id::encode(&row.state),
            row.context,
            row.class,
            row.actions
        );
    }
    chequer_play(&positions);
    let mut sorted = all.clone();
    sorted.sort_by(|a, b| b.no_double.abs().total_cmp(&a.no_double.abs()));
    for row in sorted.iter().take(worst) {
        println!(
            "worst: {} {} {} no double {:+.4} double/take {:?} actions {:?}",
            tavli::codec::gnubg_id::encode(&row.state),
            row.context,
            row.class,
            row.no_double,
            row.double_take,
            row.actions
        );
    }
}

/// A ranking of plays: the mover's probabilities and the board after the play to a score.
type Ranking<'a> = dyn Fn(&tavli::engine::Probabilities, &tavli::rules::Board) -> f64 + 'a;

/// Chequer play at the score: gnubg 0-ply's plays of each position and roll, ranked by
/// tavli's cubeless match-winning chance, by its play value (cubeful in match play, the
/// opponent's no double) and by the opponent's best cube action after the play (the better
/// of his no double and his double, answered by the smaller of double/take and double/pass:
/// gnubg 0-ply's `hint` gives each play one minus that, measured in session 31), all on
/// gnubg's probabilities; how often each ranking's first play is not gnubg's best, and the
/// match-winning chance given up by gnubg's own figures.
fn chequer_play(positions: &[tavli::rules::MatchState]) {
    use tavli::engine::Stakes;
    let contexts = model::play_contexts();
    let cases = model::play_cases(positions, &contexts);
    let started = std::time::Instant::now();
    let decisions = model::gnubg_plays(&cases);
    println!(
        "\nchequer play: {} decisions ({:.1} s); tavli's first play not gnubg's best (count, \
         thousandths of a match lost per decision by gnubg's figures)",
        decisions.len(),
        started.elapsed().as_secs_f64()
    );
    println!(
        "{:<36} {:>5} | {:>16} | {:>16} | {:>16}",
        "context", "n", "cubeless", "play value", "cube decided"
    );
    let mut totals = [(0usize, 0.0f64); 3];
    let mut count = 0;
    for context in &contexts {
        let label = context.label();
        let mut rows = [(0usize, 0.0f64); 3];
        let mut n = 0;
        for decision in decisions
            .iter()
            .filter(|d| d.context == label && d.plays.len() > 1)
        {
            let stakes = Stakes::from_state(&decision.state);
            let mover = decision.state.on_roll;
            // The opponent's best cube action after the play, in EMG at the current cube
            // (the mover's EMG is its negative).
            let decided = |p: &tavli::engine::Probabilities, after: &tavli::rules::Board| {
                let opponent = mover.opponent();
                let at = stakes.at_position(after, opponent);
                -at.analyse_double(&p.inverted(), opponent).best_equity()
            };
            let rankings: [&Ranking<'_>; 3] = [
                &|p, _| stakes.cubeless_equity(p, mover),
                &|p, after| stakes.play_value(p, mover, after),
                &decided,
            ];
            n += 1;
            for (row, ranking) in rows.iter_mut().zip(rankings) {
                if let Some((differs, lost)) = model::play_choice(decision, ranking) {
                    row.0 += usize::from(differs);
                    row.1 += lost;
                }
            }
        }
        let per = |lost: f64| 1000.0 * lost / n.max(1) as f64;
        println!(
            "{label:<36} {n:>5} | {:>5} {:>10.3} | {:>5} {:>10.3} | {:>5} {:>10.3}",
            rows[0].0,
            per(rows[0].1),
            rows[1].0,
            per(rows[1].1),
            rows[2].0,
            per(rows[2].1)
        );
        count += n;
        for (total, row) in totals.iter_mut().zip(rows) {
            total.0 += row.0;
            total.1 += row.1;
        }
    }
    let per = |lost: f64| 1000.0 * lost / count.max(1) as f64;
    println!(
        "{:<36} {count:>5} | {:>5} {:>10.3} | {:>5} {:>10.3} | {:>5} {:>10.3}",
        "all",
        totals[0].0,
        per(totals[0].1),
        totals[1].0,
        per(totals[1].1),
        totals[2].0,
        per(totals[2].1)
    );
}
