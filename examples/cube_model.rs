//! tavli's cube model on given probabilities, for `scripts/cube-model-vs-gnubg.py`: each stdin
//! line is a state and the five probabilities of its player on roll, each stdout line the cube
//! model's figures for him, so that another program's probabilities (gnubg's) can be valued by
//! tavli's model alone, with no net in the comparison.
//!
//! Input line: `GNUBGID WIN WIN_GAMMON WIN_BACKGAMMON LOSE_GAMMON LOSE_BACKGAMMON`, the GNUbg ID
//! (`POSITIONID:MATCHID`) as gnubg prints it (its Match ID holds the score, the cube, the
//! Crawford game and the Jacoby rule), the gammon and backgammon figures cumulative as gnubg
//! prints them.
//! Output line: `CLASS EFFICIENCY CUBELESS NO_DOUBLE DOUBLE_TAKE DOUBLE_PASS MAY_DOUBLE`, the
//! equities in units of the current cube (match play: gnubg's normalised equity, EMG), the
//! efficiency that of the cube as it stands; or `error: ...` for a line it cannot read.
//!
//! Run: `cargo run --release --example cube_model < cases.txt`.

use std::io::{BufRead, Write};
use tavli::codec::gnubg_id;
use tavli::engine::cube::{cubeful_equity, Stakes};
use tavli::engine::cube_efficiency::CubeEfficiency;
use tavli::engine::Probabilities;
use tavli::rules::Variant;

/// The model's figures for one input line, or why it cannot be read.
fn figures(line: &str) -> Result<String, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let [id, numbers @ ..] = words.as_slice() else {
        return Err("expected GNUBGID and five probabilities".into());
    };
    let numbers: Vec<f64> = numbers
        .iter()
        .map(|word| {
            word.parse::<f64>()
                .map_err(|_| format!("not a number: {word}"))
        })
        .collect::<Result<_, _>>()?;
    let Ok(outputs) = <[f64; 5]>::try_from(numbers.as_slice()) else {
        return Err(format!("{} probabilities, expected 5", numbers.len()));
    };
    let state = gnubg_id::decode_as_gnubg_reads(id, Variant::Standard)
        .map_err(|error| format!("{id}: {error}"))?;
    let probabilities = Probabilities::from(outputs);
    let stakes = Stakes::from_state(&state);
    let roller = state.on_roll;
    let analysis = stakes.analyse_double(&probabilities, roller);
    let cubeless = stakes.equity_in_units(roller, stakes.cubeless_equity(&probabilities, roller));
    // The no double as the cube model values it (the same as the analysis's, checked here).
    let no_double = stakes.equity_in_units(roller, cubeful_equity(&stakes, &probabilities, roller));
    if stakes.is_match() && (no_double - analysis.no_double).abs() > 1e-9 {
        return Err(format!(
            "no double {no_double} against the analysis's {}",
            analysis.no_double
        ));
    }
    let class = match stakes.efficiency {
        CubeEfficiency::Contact => "contact",
        CubeEfficiency::Race { .. } => "race",
        CubeEfficiency::BearOff => "bear-off",
        CubeEfficiency::TwoSided(_) => "two-sided",
    };
    Ok(format!(
        "{class} {:.5} {cubeless:.6} {:.6} {:.6} {:.6} {}",
        stakes.efficiency.value_for(stakes.cube_owner),
        analysis.no_double,
        analysis.double_take,
        analysis.double_pass,
        u8::from(analysis.double_allowed)
    ))
}

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let text = figures(&line).unwrap_or_else(|error| format!("error: {error}"));
        if writeln!(out, "{text}").is_err() {
            break;
        }
    }
}
