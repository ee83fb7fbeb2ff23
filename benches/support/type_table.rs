//! The judge's errors by position type (the training classifier's `PositionType::of` on the
//! board before the play): per type, the count of decisions, the mean error with its 95%
//! interval, and the paired difference from another setting on the same decisions; and the
//! per-decision errors files of several runs read back and pooled.

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;
use tavli::codec::gnubg_id;
use tavli::rules::Variant;
use tavli::train::position_type::PositionType;

/// The name under which the errors files keep gnubg 0-ply's own choice.
pub const GNUBG_ZERO: &str = "gnubg 0-ply";

/// A mean over decisions with the half-width of its 95% interval (`NaN` under two values).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    pub count: usize,
    pub mean: f64,
    pub half: f64,
}

impl Summary {
    /// The summary of the finite values of `values`.
    pub fn of(values: &[f64]) -> Summary {
        let finite: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
        let count = finite.len();
        let n = count as f64;
        let mean = finite.iter().sum::<f64>() / n;
        let half = if count < 2 {
            f64::NAN
        } else {
            let variance = finite.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
            1.96 * (variance / n).sqrt()
        };
        Summary { count, mean, half }
    }
}

/// One position type's figures for a setting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TypeRow {
    pub position_type: PositionType,
    /// The setting's error per decision of the type.
    pub errors: Summary,
    /// The setting's error less the other setting's, on the decisions of the type where both
    /// are judged.
    pub against: Option<Summary>,
}

/// Per type that has a decision (in the classifier's order), the errors of a setting and its
/// paired difference from `other` (both indexed by decision, as `types`; `NaN`: not judged).
pub fn by_type(types: &[PositionType], errors: &[f64], other: Option<&[f64]>) -> Vec<TypeRow> {
    PositionType::ALL
        .iter()
        .filter_map(|&position_type| {
            let decisions: Vec<usize> = (0..types.len())
                .filter(|&index| types[index] == position_type)
                .collect();
            if decisions.is_empty() {
                return None;
            }
            let own: Vec<f64> = decisions.iter().map(|&index| errors[index]).collect();
            let against = other.map(|other| {
                let differences: Vec<f64> = decisions
                    .iter()
                    .map(|&index| errors[index] - other[index])
                    .collect();
                Summary::of(&differences)
            });
            Some(TypeRow {
                position_type,
                errors: Summary::of(&own),
                against,
            })
        })
        .collect()
}

/// A setting's errors per decision and the setting it is compared with (name, errors).
pub struct Setting<'a> {
    pub name: &'a str,
    pub errors: &'a [f64],
    pub compared: Option<(&'a str, &'a [f64])>,
}

/// The table: gnubg 0-ply's own errors per type, then each setting's, with its paired
/// difference from gnubg 0-ply and from the setting it is compared with.
pub fn print_table(judge: &str, types: &[PositionType], gnubg_zero: &[f64], settings: &[Setting]) {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for position_type in types {
        *counts.entry(position_type.name()).or_default() += 1;
    }
    println!(
        "  by position type (mEMG per decision by {judge}; {} decisions: {}):",
        types.len(),
        PositionType::ALL
            .iter()
            .filter_map(|t| counts.get(t.name()).map(|count| format!("{t} {count}")))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!("  {GNUBG_ZERO} (its own choice)");
    for row in by_type(types, gnubg_zero, None) {
        println!("      {}", describe(row.position_type.name(), row.errors));
    }
    println!("      {}", describe("all", Summary::of(gnubg_zero)));
    for setting in settings {
        println!("  {}", setting.name);
        let against_gnubg = by_type(types, setting.errors, Some(gnubg_zero));
        let against_compared = setting
            .compared
            .map(|(_, errors)| by_type(types, setting.errors, Some(errors)));
        for (index, row) in against_gnubg.iter().enumerate() {
            let mut line = describe(row.position_type.name(), row.errors);
            if let Some(difference) = row.against {
                line.push_str(&format!("; - gnubg 0-ply {}", signed(difference)));
            }
            if let (Some((name, _)), Some(rows)) = (setting.compared, &against_compared) {
                if let Some(difference) = rows[index].against {
                    line.push_str(&format!("; - {name} {}", signed(difference)));
                }
            }
            println!("      {line}");
        }
        let mut line = describe("all", Summary::of(setting.errors));
        line.push_str(&format!(
            "; - gnubg 0-ply {}",
            signed(Summary::of(&differences(setting.errors, gnubg_zero)))
        ));
        if let Some((name, errors)) = setting.compared {
            line.push_str(&format!(
                "; - {name} {}",
                signed(Summary::of(&differences(setting.errors, errors)))
            ));
        }
        println!("      {line}");
    }
}

/// `errors - other`, decision by decision (`NaN` where either is not judged).
fn differences(errors: &[f64], other: &[f64]) -> Vec<f64> {
    errors.iter().zip(other).map(|(a, b)| a - b).collect()
}

fn describe(label: &str, errors: Summary) -> String {
    format!(
        "{:<16} {:5} decisions {:6.2} ± {:5.2}",
        label, errors.count, errors.mean, errors.half
    )
}

fn signed(summary: Summary) -> String {
    format!("{:+.2} ± {:.2}", summary.mean, summary.half)
}

/// Errors files (`TAVLI_JUDGE_ERRORS`) of several runs, their decisions one after the other.
#[derive(Debug, Default)]
pub struct Pooled {
    /// The type of each decision.
    pub types: Vec<PositionType>,
    /// Per setting in the order first seen, its error per decision (`NaN`: none).
    pub settings: Vec<(String, Vec<f64>)>,
}

/// Reads errors files' texts (lines `setting\tdecision\tgnubg ID\tmEMG\tdepth`): each
/// decision's type from its gnubg ID. A line that does not read is an error naming it.
pub fn pool(texts: &[String]) -> Result<Pooled, String> {
    let mut pooled = Pooled::default();
    for (file, text) in texts.iter().enumerate() {
        let offset = pooled.types.len();
        let mut types: BTreeMap<usize, PositionType> = BTreeMap::new();
        let mut rows: Vec<(String, usize, f64)> = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let place = || format!("file {} line {}", file + 1, number + 1);
            let fields: Vec<&str> = line.split('\t').collect();
            let [name, index, id, error, ..] = fields[..] else {
                return Err(format!("{}: not five tab-separated fields", place()));
            };
            let index: usize = index
                .parse()
                .map_err(|_| format!("{}: decision `{index}` is not a number", place()))?;
            let error: f64 = error
                .parse()
                .map_err(|_| format!("{}: error `{error}` is not a number", place()))?;
            if let Entry::Vacant(entry) = types.entry(index) {
                let state = gnubg_id::decode(id, Variant::Standard)
                    .map_err(|problem| format!("{}: gnubg ID `{id}`: {problem}", place()))?;
                entry.insert(PositionType::of(&state.board));
            }
            rows.push((name.to_string(), index, error));
        }
        let count = types.keys().next_back().map_or(0, |last| last + 1);
        for index in 0..count {
            let Some(&position_type) = types.get(&index) else {
                return Err(format!("file {}: decision {index} is missing", file + 1));
            };
            pooled.types.push(position_type);
        }
        for (name, index, error) in rows {
            let at = match pooled.settings.iter().position(|(seen, _)| *seen == name) {
                Some(at) => at,
                None => {
                    pooled.settings.push((name, Vec::new()));
                    pooled.settings.len() - 1
                }
            };
            let errors = &mut pooled.settings[at].1;
            errors.resize(pooled.types.len(), f64::NAN);
            errors[offset + index] = error;
        }
    }
    let total = pooled.types.len();
    for (_, errors) in &mut pooled.settings {
        errors.resize(total, f64::NAN);
    }
    Ok(pooled)
}

/// The setting a weight file's setting is compared with in the bench: the built-in network
/// at the same plies.
pub fn built_in_counterpart(name: &str) -> Option<&'static str> {
    if name.starts_with("net ") || name == GNUBG_ZERO || name.starts_with("pubeval") {
        None
    } else if name.ends_with(" 0-ply") {
        Some("net 0-ply")
    } else if name.ends_with(" 2-ply") {
        Some("net 2-ply (no budget)")
    } else {
        None
    }
}
