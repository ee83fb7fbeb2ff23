//! `tavli rollout` beside gnubg's `rollout` on random bear-offs (needs gnubg and `script`;
//! about 20 seconds): both sides' checkers on their home points, five to fifteen a side, the
//! seed drawn from the clock (`TAVLI_ROLLOUT_SEED` replays one). Both programs roll out 1,296
//! trials cubeless, 0-ply chequer play, variance reduction on, seed 1, with no truncation
//! (gnubg's bear-off truncations off). There both play the bear-off nearly perfectly, so the
//! winning chance and the cubeless equity must agree within three combined standard errors
//! plus 0.003: the difference docs/rollouts.md measured between the play that needs the
//! fewest rolls (the one-sided database's) and the play with the best chance to win.

use crate::support::terminal::on_a_pseudo_terminal;
use crate::support::{gnubg_available, tavli, GNUBG};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::process::Command;

/// The GNUbg position ID of a board: 25 counts a side (points 1..24 and the bar), the
/// player not on roll first; each count as that many 1 bits and a 0, 80 bits little-endian.
fn position_id(not_on_roll: &[u8; 25], on_roll: &[u8; 25]) -> String {
    let mut bits = Vec::new();
    for side in [not_on_roll, on_roll] {
        for &count in side {
            bits.extend(std::iter::repeat_n(true, usize::from(count)));
            bits.push(false);
        }
    }
    let mut bytes = [0u8; 10];
    for (index, bit) in bits.iter().enumerate() {
        if *bit {
            bytes[index / 8] |= 1 << (index % 8);
        }
    }
    // Base64 of the 80 bits, six at a time: 14 characters, no padding.
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut text = String::new();
    for chunk in bytes.chunks(3) {
        let word = chunk.iter().enumerate().fold(0u32, |word, (index, &byte)| {
            word | u32::from(byte) << (16 - 8 * index)
        });
        for sextet in 0..=chunk.len() {
            text.push(char::from(
                ALPHABET[(word >> (18 - 6 * sextet) & 63) as usize],
            ));
        }
    }
    text
}

/// Five to fifteen checkers on the home points (1..6), at random.
fn home_board(random: &mut StdRng) -> [u8; 25] {
    let mut side = [0u8; 25];
    for _ in 0..random.gen_range(5..=15) {
        side[random.gen_range(0..6)] += 1;
    }
    side
}

/// gnubg's rollout of `id`: win, cubeless equity and their standard errors. The Jacoby rule
/// is off: gnubg's rollout plays by cubeful equity, where under Jacoby a gammon at a centred
/// cube is worth nothing, while tavli's cubeless rollout plays for gammons.
fn gnubg_rollout(id: &str, directory: &std::path::Path) -> Option<[f64; 4]> {
    let script = format!(
        "set jacoby off\nset automatic roll off\nnew session\nset board {id}\nset output digits 5\n\
         set rollout trials 1296\nset rollout cubeful off\nset rollout seed 1\n\
         set rollout chequerplay plies 0\nset rollout bearofftruncation exact off\n\
         set rollout bearofftruncation onesided off\nset rollout varredn on\nrollout\n"
    );
    let path = directory.join(format!("{id}.gnubg").replace('/', "_"));
    std::fs::write(&path, script).unwrap();
    // gnubg prints a rollout's result only to a terminal: run it under script(1).
    let output = on_a_pseudo_terminal(&format!("{GNUBG} -t -q < {}", path.display()))
        .env("LC_ALL", "C")
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&output.stdout).replace('\r', "");
    // The final result follows `Rollout done` (the progress shown before has the same lines).
    let mut lines = text
        .lines()
        .skip_while(|line| !line.starts_with("Rollout done"))
        .skip_while(|line| !line.starts_with("Current Position:"));
    lines.next()?;
    let numbers = |line: &str| -> Vec<f64> {
        line.split(|c: char| c.is_whitespace() || c == '[' || c == ']')
            .filter_map(|word| word.parse().ok())
            .collect()
    };
    let values = numbers(lines.next()?);
    let errors = numbers(lines.next()?);
    // Win, W(g), W(bg), lose, L(g), L(bg), cubeless equity.
    Some([
        *values.first()?,
        *values.get(6)?,
        *errors.first()?,
        *errors.get(6)?,
    ])
}

/// tavli's rollout of `id`: win, cubeless equity and their standard errors.
fn tavli_rollout(id: &str) -> [f64; 4] {
    let output = tavli(
        &[
            "rollout",
            id,
            "--cubeless",
            "--trials",
            "1296",
            "--seed",
            "1",
            "--threads",
            "1",
            "--json",
        ],
        "",
    );
    assert!(output.status.success(), "{id}: {output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let number = |value: &serde_json::Value| value.as_f64().unwrap();
    [
        number(&json["probabilities"]["win"]),
        number(&json["cubeless_equity"]),
        number(&json["standard_errors"]["win"]),
        number(&json["standard_errors"]["cubeless_equity"]),
    ]
}

#[test]
fn bear_off_rollouts_agree_with_gnubg_within_their_standard_errors() {
    let has_script = Command::new("script").arg("--version").output().is_ok();
    if !gnubg_available() || !has_script {
        eprintln!("gnubg or script(1) not installed: skipped");
        return;
    }
    let seed: u64 = std::env::var("TAVLI_ROLLOUT_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |elapsed| elapsed.as_secs() % 1_000_000)
        });
    let directory =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("rollout-gnubg-{seed}"));
    std::fs::create_dir_all(&directory).unwrap();
    let mut random = StdRng::seed_from_u64(seed);
    for _ in 0..4 {
        let not_on_roll = home_board(&mut random);
        let on_roll = home_board(&mut random);
        let id = position_id(&not_on_roll, &on_roll);
        assert_eq!(id.len(), 14, "{id}");
        let ours = tavli_rollout(&id);
        let theirs = gnubg_rollout(&id, &directory)
            .unwrap_or_else(|| panic!("TAVLI_ROLLOUT_SEED={seed} {id}: no gnubg result"));
        for (figure, name) in [(0, "win"), (1, "cubeless equity")] {
            let standard_error = (ours[figure + 2].powi(2) + theirs[figure + 2].powi(2)).sqrt();
            let difference = (ours[figure] - theirs[figure]).abs();
            assert!(
                difference <= 3.0 * standard_error + 0.003,
                "TAVLI_ROLLOUT_SEED={seed} {id}: {name} tavli {:.5} ± {:.5}, gnubg {:.5} ± {:.5}",
                ours[figure],
                ours[figure + 2],
                theirs[figure],
                theirs[figure + 2]
            );
        }
    }
    let _ = std::fs::remove_dir_all(&directory);
}
