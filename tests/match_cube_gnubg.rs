//! Differential test of the match cube model against live gnubg: positions from gnubg 0-ply
//! self-play at scores and cubes of a 7-point match (0-0, 2-away 2-away, 3a-2a, 2a-4a,
//! 4a-4a, 5a-3a, the Crawford game, post-Crawford, the cube at 2 owned by either player, the
//! cube at 4), gnubg 0-ply's `eval` against tavli's cube model given gnubg's own
//! probabilities: the cubeful match equities (no double, double/take) within 0.01 EMG of
//! gnubg's, and the cube action as good as gnubg's proper action in at least 95% of the
//! states where the player on roll may double. Skipped when `/usr/games/gnubg` is not
//! installed. `cargo bench --bench gnubg_match_cube` prints the figures by score.

// Shared with the bench, which prints more than this test checks.
#[allow(dead_code)]
#[path = "../benches/support/match_cube_model.rs"]
mod model;

/// The most a cubeful equity may differ from gnubg's (EMG).
const EQUITY: f64 = 0.01;
/// The least share of cube actions as good as gnubg's.
const ACTIONS: f64 = 0.95;

#[test]
fn match_cube_model_agrees_with_gnubg_at_zero_ply() {
    if !std::path::Path::new(model::GNUBG).exists() {
        eprintln!("gnubg is not installed: skipped");
        return;
    }
    let positions = model::self_play_positions(12, 3, 16);
    let contexts = model::contexts();
    let rows = model::compare_all(&positions, &contexts);
    assert!(
        positions.len() >= 12 && rows.len() == positions.len() * contexts.len(),
        "{} positions, {} of {} states compared",
        positions.len(),
        rows.len(),
        positions.len() * contexts.len()
    );
    let mut largest: f64 = 0.0;
    for row in &rows {
        let id = tavli::codec::gnubg_id::encode(&row.state);
        assert!(
            row.cubeless.abs() < 1e-3,
            "{id} {}: cubeless {:+.5}",
            row.context,
            row.cubeless
        );
        for difference in std::iter::once(row.no_double).chain(row.double_take) {
            largest = largest.max(difference.abs());
            assert!(
                difference.abs() <= EQUITY,
                "{id} {} ({}): no double {:+.5}, double/take {:?}",
                row.context,
                row.class,
                row.no_double,
                row.double_take
            );
        }
    }
    let judged: Vec<bool> = rows.iter().filter_map(|row| row.agrees).collect();
    let agreeing = judged.iter().filter(|&&same| same).count();
    eprintln!(
        "{} states, largest difference {largest:.5} EMG, actions as good as gnubg's {agreeing} of {}",
        rows.len(),
        judged.len()
    );
    assert!(judged.len() >= 200, "{} cube actions judged", judged.len());
    assert!(
        agreeing as f64 >= ACTIONS * judged.len() as f64,
        "{agreeing} of {} actions as good as gnubg's",
        judged.len()
    );
}
