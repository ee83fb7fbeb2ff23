//! Development harness: validates files and compares final scores with a MANIFEST.tsv.

use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = Path::new(&args[0]);
    let manifest = std::fs::read_to_string(root.join("MANIFEST.tsv")).unwrap_or_default();
    let verbose = args.get(1).is_some_and(|a| a == "-v");
    let filter = args.get(2).cloned().unwrap_or_default();
    let (mut agree, mut disagree) = (0, 0);
    for line in manifest.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (file, status, games, score) = (fields[0], fields[6], fields[7], fields[8]);
        if !file.contains(&filter) {
            continue;
        }
        let report = tavli::matchfile::validate_path(&root.join(file));
        let ours = format!(
            "{} {}, {} {}",
            report.players[0], report.final_score[0], report.players[1], report.final_score[1]
        );
        let same = if status == "rejected" {
            report.verdict == tavli::matchfile::Verdict::Invalid
        } else {
            (score.starts_with(&format!("{ours} ("))
                || (report.players[1].is_empty()
                    && score.contains(&format!(" {} (", report.final_score[1]))))
                && games == report.finished_games.to_string()
        };
        if same {
            agree += 1
        } else {
            disagree += 1
        }
        if !same || verbose {
            println!(
                "{} {file}\n  gnubg: {status} {games} {score}\n  tavli: {}",
                if same { "OK" } else { "DIFF" },
                report.summary()
            );
            for d in &report.diagnostics {
                println!("  {d}");
            }
        }
    }
    println!("agree {agree} disagree {disagree}");
}
