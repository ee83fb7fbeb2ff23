//! The command keyword tree as data, and the resolution of typed words against it.
//!
//! gnubg resolves an abbreviation to the *first* entry of its command table that starts with
//! the typed letters (any case), so `d` means `decline`, `sh s` `show score`, `sh st` `show
//! statistics` and `sh c` `show calibration`. [`resolve_child`] follows that rule under a
//! keyword that carries the order of gnubg's table ([`Keyword::gnubg_order`]: `show` and
//! `set`, read from gnubg 1.07's `help show` and `help set`, whose lists are in table order,
//! and checked live on many prefixes): an exact name wins, then the first of gnubg's names
//! that starts with the word; when that is a command tavli does not implement (`sh d` is
//! `show delay`) the word is refused naming it ([`KeywordError::NotInTavli`]), never taken as
//! another command. Elsewhere ([`resolve`]) an exact name wins, then a gnubg abbreviation
//! listed in `aliases` (so the short forms scripts use, `r`, `t`, `a`, ..., mean what they
//! mean in gnubg), then the only keyword starting with the word; a word that starts several
//! keywords is an error naming them.

/// One keyword of the command tree.
#[derive(Debug)]
pub struct Keyword {
    /// The full keyword.
    pub name: &'static str,
    /// gnubg abbreviations that resolve to this keyword even though they start other keywords.
    pub aliases: &'static [&'static str],
    /// Sub-keywords (empty for a keyword that takes free arguments or none).
    pub children: &'static [Keyword],
    /// One line of help.
    pub help: &'static str,
    /// The order of gnubg's own table of `children`, where tavli knows it (`show` and `set`):
    /// an abbreviation among them means the first of gnubg's names it starts (see the
    /// module's documentation and [`resolve_child`]).
    pub gnubg_order: Option<&'static [&'static str]>,
}

const fn leaf(name: &'static str, help: &'static str) -> Keyword {
    Keyword {
        name,
        aliases: &[],
        children: &[],
        help,
        gnubg_order: None,
    }
}

const fn aliased(
    name: &'static str,
    aliases: &'static [&'static str],
    help: &'static str,
) -> Keyword {
    Keyword {
        name,
        aliases,
        children: &[],
        help,
        gnubg_order: None,
    }
}

const fn group(name: &'static str, children: &'static [Keyword], help: &'static str) -> Keyword {
    Keyword {
        name,
        aliases: &[],
        children,
        help,
        gnubg_order: None,
    }
}

const AUTOMATIC: &[Keyword] = &[
    leaf("bearoff", "bear off automatically when there is no contact"),
    leaf("crawford", "enable the Crawford game by match score"),
    leaf(
        "doubles",
        "turn the cube when the opening roll is a double (N times)",
    ),
    leaf("game", "start the next game after a win"),
    leaf("move", "play forced moves automatically"),
    leaf("roll", "roll for a player who cannot double"),
];

const CUBE: &[Keyword] = &[
    leaf("center", "centre the cube"),
    leaf("centre", "centre the cube"),
    leaf("owner", "give the cube to player 0 or 1"),
    leaf("use", "enable or disable the doubling cube"),
    leaf("value", "set the cube value (a power of two)"),
];

const RNG: &[Keyword] = &[
    leaf("manual", "enter the dice by hand"),
    leaf("mersenne", "use the Mersenne Twister (the default)"),
];

const VARIATION: &[Keyword] = &[
    leaf("1-chequer-hypergammon", "hypergammon with one checker each"),
    leaf(
        "2-chequer-hypergammon",
        "hypergammon with two checkers each",
    ),
    leaf(
        "3-chequer-hypergammon",
        "hypergammon with three checkers each",
    ),
    leaf(
        "athroisma",
        "tavli's Athroisma: doubles move 8 - n checkers, bear off by the sum",
    ),
    leaf(
        "fevga",
        "Greek tavli game 3: both sides move the same way round",
    ),
    leaf("nackgammon", "Nack Ballard's variant"),
    leaf(
        "old-english",
        "five checkers a point at most, free use of the dice",
    ),
    leaf(
        "plakoto",
        "Greek tavli game 2: blots are pinned instead of hit",
    ),
    leaf(
        "portes",
        "Greek tavli game 1: standard play, no cube, no backgammon",
    ),
    leaf("standard", "standard backgammon"),
    leaf(
        "tavli",
        "Portes, Plakoto and Fevga in rotation, one per game",
    ),
];

const ANALYSE: &[Keyword] = &[
    leaf("game", "analyse the game in progress or the last one"),
    leaf("match", "analyse every game of the match"),
    leaf("move", "analyse the last move recorded"),
    leaf("session", "analyse the session (the match)"),
];

const STATISTICS: &[Keyword] = &[
    leaf("game", "the game in progress or the last one"),
    leaf("match", "the whole match"),
    leaf("session", "the session (the match)"),
];

const THRESHOLD: &[Keyword] = &[
    leaf("bad", "equity lost from which a move is bad"),
    leaf("doubtful", "equity lost from which a move is doubtful"),
    leaf("lucky", "luck from which a roll is lucky"),
    leaf("unlucky", "bad luck from which a roll is unlucky"),
    leaf("verybad", "equity lost from which a move is very bad"),
    leaf("verylucky", "luck from which a roll is very lucky"),
    leaf("veryunlucky", "bad luck from which a roll is very unlucky"),
];

const ANALYSIS: &[Keyword] = &[
    group("chequerplay", DEPTH, "how deep the analysis judges plays"),
    group(
        "cubedecision",
        DEPTH,
        "how deep the analysis judges cube decisions",
    ),
    leaf("luck", "analyse the luck of the dice"),
    group("threshold", THRESHOLD, "the marks' thresholds"),
];

const PLIES: &[Keyword] = &[leaf("plies", "how many plies to look ahead (0 to 3)")];

const DEPTH: &[Keyword] = &[group("evaluation", PLIES, "neural net evaluation settings")];

/// `set evaluation ...` (also the part of `set player N ...` after the player).
pub const EVALUATION: &[Keyword] = &[
    group("chequerplay", DEPTH, "how plays are chosen and ranked"),
    group(
        "cubedecision",
        DEPTH,
        "how cube and resignation decisions are judged",
    ),
    leaf(
        "evaluator",
        "the evaluator everything judges with: net or pubeval (tavli's own)",
    ),
];

const ROLLOUT: &[Keyword] = &[
    group(
        "chequerplay",
        &[leaf("plies", "plies of the evaluator inside rollouts")],
        "how plays are chosen in rollouts",
    ),
    leaf("cubeful", "play the cube in rollouts"),
    leaf("seed", "seed the rollout dice"),
    leaf("trials", "how many games a rollout plays"),
    group(
        "truncation",
        &[
            leaf("enable", "stop rollout games after a fixed number of plies"),
            leaf("plies", "the plies after which rollout games stop"),
        ],
        "truncated rollouts",
    ),
    leaf("varredn", "take each roll's luck off the rollout's results"),
];

const SET: &[Keyword] = &[
    group("analysis", ANALYSIS, "how `analyse' judges"),
    group("automatic", AUTOMATIC, "automatic actions"),
    leaf("beavers", "how many beavers/raccoons money sessions allow"),
    leaf("board", "set the position (Position ID or `simple` list)"),
    leaf("clockwise", "draw the board mirrored"),
    leaf("crawford", "mark this game as the Crawford game"),
    group("cube", CUBE, "set the cube"),
    leaf("defaultnames", "names used by new matches"),
    leaf("dice", "set the dice"),
    group("evaluation", EVALUATION, "how `hint' and `eval' judge"),
    leaf("gnubgid", "set position and match from a GNUbg ID"),
    leaf("jacoby", "use the Jacoby rule in money sessions"),
    leaf("matchid", "set the match state from a Match ID"),
    leaf("matchlength", "default length of new matches"),
    leaf("player", "set a player's name or who plays it"),
    leaf("postcrawford", "mark this game as post-Crawford"),
    group("rng", RNG, "choose the dice generator"),
    group("rollout", ROLLOUT, "how `rollout' plays"),
    leaf("score", "set the score"),
    leaf("seed", "seed the dice generator"),
    leaf("turn", "set the player on roll"),
    group("variation", VARIATION, "choose the variant for new games"),
    leaf("xgid", "set position and match from an XGID"),
];

const SHOW: &[Keyword] = &[
    leaf("analysis", "the analysis settings"),
    leaf("automatic", "the automatic settings"),
    leaf("beavers", "how many beavers are allowed"),
    leaf("board", "the board"),
    leaf("crawford", "whether this is the Crawford game"),
    leaf("cube", "the cube"),
    leaf("dice", "the dice"),
    leaf("evaluation", "how `hint' and `eval' judge"),
    leaf("jacoby", "the Jacoby rule setting"),
    leaf("matchlength", "the default match length"),
    leaf("pipcount", "the pip counts"),
    leaf("postcrawford", "whether this is post-Crawford play"),
    leaf("rng", "the dice generator"),
    leaf("score", "the score"),
    leaf("seed", "the dice generator's seed"),
    group(
        "statistics",
        STATISTICS,
        "the statistics of an analysed match",
    ),
    leaf("turn", "who is to act"),
    leaf("variation", "the variant"),
    leaf("version", "the program version"),
];

const NEW: &[Keyword] = &[
    leaf("game", "start a new game"),
    leaf("match", "start a new match of N points"),
    leaf("session", "start a new money session"),
];

/// What `next` and `previous` step over.
const STRIDE: &[Keyword] = &[
    leaf("game", "to the start of another game"),
    leaf("marked", "to a move the analysis marked doubtful or worse"),
    leaf("roll", "to a roll, before the dice"),
    leaf("rolled", "to a roll, the dice rolled"),
];

/// The top level of the command tree.
pub const COMMANDS: &[Keyword] = &[
    aliased("accept", &["a", "acc"], "accept a cube or resignation"),
    Keyword {
        name: "analyse",
        aliases: &["an", "ana", "anal", "analy", "analys"],
        children: ANALYSE,
        help: "analyse the match's plays, cube decisions and luck",
        gnubg_order: None,
    },
    // gnubg's hidden synonym (`help analysis`: "analysis - Run analysis"), after `analyse` in
    // its table, so `analys` stays `analyse`.
    group(
        "analysis",
        ANALYSE,
        "analyse the match's plays, cube decisions and luck",
    ),
    group(
        "analyze",
        ANALYSE,
        "analyse the match's plays, cube decisions and luck",
    ),
    leaf("agree", "accept a resignation"),
    aliased(
        "beaver",
        &["be"],
        "redouble immediately after being doubled",
    ),
    aliased("decline", &["d"], "decline a resignation"),
    aliased("double", &["do"], "offer a double"),
    aliased("drop", &["dr"], "refuse a double"),
    group(
        "end",
        &[leaf("game", "play the game to the end")],
        "play to the end",
    ),
    leaf("eval", "evaluate the position with tavli's evaluator"),
    leaf("exit", "leave tavli"),
    group(
        "export",
        &[
            group(
                "match",
                &[leaf("mat", "as a Jellyfish .mat file")],
                "the whole match",
            ),
            group(
                "position",
                &[
                    leaf("png", "as a PNG picture"),
                    leaf("svg", "as an SVG picture"),
                ],
                "the current position",
            ),
        ],
        "write the match or the position to a file",
    ),
    group(
        "first",
        &[
            leaf("game", "the start of the match's first game"),
            leaf("move", "the start of the current game"),
        ],
        "go to the first game or move",
    ),
    aliased("help", &["h"], "describe commands"),
    leaf("hint", "list the legal plays, best first"),
    group(
        "import",
        &[leaf("mat", "a Jellyfish .mat file")],
        "read a match from a file",
    ),
    group(
        "list",
        &[leaf("game", "the moves of this game")],
        "list records",
    ),
    group(
        "load",
        &[
            leaf("game", "the first game of a gnubg .sgf file"),
            leaf("match", "a gnubg .sgf match"),
            leaf("position", "a gnubg .sgf position"),
        ],
        "read a match, game or position from an SGF file",
    ),
    aliased("move", &["m", "mo"], "make a move"),
    // gnubg resolves `ne` to `new` (before `next`); `n` and `p` are its own hidden commands
    // for `next` and `previous` (`help n`: "n - Step ahead within the game").
    Keyword {
        name: "new",
        aliases: &["ne"],
        children: NEW,
        help: "start a game, match or session",
        gnubg_order: None,
    },
    Keyword {
        name: "next",
        aliases: &["n"],
        children: STRIDE,
        help: "step ahead within the game (count: how many)",
        gnubg_order: None,
    },
    aliased("pass", &["pa"], "refuse a double"),
    leaf("play", "make the computer player move now"),
    Keyword {
        name: "previous",
        aliases: &["p"],
        children: STRIDE,
        help: "step back within the game (count: how many)",
        gnubg_order: None,
    },
    aliased("quit", &["q"], "leave tavli"),
    aliased("redouble", &["re"], "redouble (beaver)"),
    aliased("reject", &["rej"], "reject a cube or resignation"),
    aliased("resign", &["res"], "offer to resign"),
    aliased("roll", &["r", "ro", "rol"], "roll the dice"),
    leaf("rollout", "roll out the current position"),
    group(
        "save",
        &[
            leaf("match", "the whole match"),
            leaf("position", "the current position"),
        ],
        "write the match or position as a gnubg .sgf file",
    ),
    Keyword {
        name: "set",
        aliases: &["se"],
        children: SET,
        help: "change a setting",
        gnubg_order: Some(GNUBG_SET),
    },
    Keyword {
        name: "show",
        aliases: &["sh"],
        children: SHOW,
        help: "show a setting or the board",
        gnubg_order: Some(GNUBG_SHOW),
    },
    group(
        "swap",
        &[leaf("players", "exchange the two players")],
        "swap",
    ),
    aliased("take", &["t", "ta"], "accept a double"),
];

/// gnubg 1.07's `show` subcommands in the order of its table (`help show`), which decides
/// what an abbreviation means.
#[rustfmt::skip]
const GNUBG_SHOW: &[&str] = &[
    "aliases", "analysis", "autosave", "automatic", "beavers", "bearoff", "board", "buildinfo",
    "browser", "calibration", "cheat", "clockwise", "commands", "confirm", "copying",
    "crawford", "credits", "cube", "cubeefficiency", "delay", "dice", "display", "engine",
    "evaluation", "fullboard", "gammonvalues", "export", "geometry", "isight", "jacoby", "8912",
    "keith", "kleinman", "lang", "manual", "marketwindow", "matchequitytable", "matchinfo",
    "matchlength", "matchresult", "met", "onesidedrollout", "output", "panels", "pipcount",
    "player", "postcrawford", "prompt", "ratingoffset", "rng", "rollout", "rolls", "score",
    "scoresheet", "seed", "sound", "statistics", "temperaturemap", "scoremap", "threads",
    "thorp", "turn", "version", "tutor", "variation", "warning", "warranty",
];

/// gnubg 1.07's `set` subcommands in the order of its table (`help set`).
#[rustfmt::skip]
const GNUBG_SET: &[&str] = &[
    "analysis", "annotation", "appearance", "automatic", "beavers", "board", "browser", "cache",
    "calibration", "cheat", "clockwise", "colours", "commandwindow", "confirm", "crawford",
    "cube", "cubeefficiency", "delay", "dice", "display", "dockpanels", "evaluation", "export",
    "fullscreen", "gamelist", "geometry", "gotofirstgame", "gui", "import", "sgf", "invert",
    "jacoby", "defaultnames", "aliases", "lang", "matchequitytable", "matchid", "gnubgid",
    "xgid", "matchinfo", "matchlength", "message", "met", "output", "panels", "panelwidth",
    "player", "postcrawford", "priority", "prompt", "ratingoffset", "record", "rng", "rollout",
    "score", "seed", "sound", "styledgamelist", "theorywindow", "threads", "toolbar", "turn",
    "tutor", "variation", "vsync3d", "warning", "autosave",
];

/// Why a word did not resolve to one keyword.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeywordError {
    /// No keyword starts with the word.
    Unknown(String),
    /// gnubg takes the word for one of its commands that tavli does not implement.
    NotInTavli {
        /// The word typed.
        word: String,
        /// gnubg's command it means.
        gnubg: &'static str,
    },
    /// Several keywords start with the word.
    Ambiguous {
        /// The word typed.
        word: String,
        /// The keywords it could mean.
        candidates: Vec<&'static str>,
    },
}

impl std::fmt::Display for KeywordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KeywordError::Unknown(word) => {
                write!(f, "Unknown keyword `{}'.", crate::echo::echoed(word))
            }
            KeywordError::NotInTavli { word, gnubg } => write!(
                f,
                "`{}' is gnubg's `{gnubg}', which tavli does not implement.",
                crate::echo::echoed(word)
            ),
            KeywordError::Ambiguous { word, candidates } => write!(
                f,
                "Ambiguous keyword `{word}' (could be: {}).",
                candidates.join(", ")
            ),
        }
    }
}

impl std::error::Error for KeywordError {}

/// Resolves `word` (any case) among `parent`'s children: exact name, then gnubg's first
/// match where `parent` carries the order of gnubg's table ([`Keyword::gnubg_order`]),
/// otherwise as [`resolve`].
pub fn resolve_child<'a>(parent: &'a Keyword, word: &str) -> Result<&'a Keyword, KeywordError> {
    let table = parent.children;
    let Some(order) = parent.gnubg_order else {
        return resolve(table, word);
    };
    let lower = word.to_ascii_lowercase();
    if let Some(exact) = table.iter().find(|keyword| keyword.name == lower) {
        return Ok(exact);
    }
    if lower.is_empty() {
        return Err(KeywordError::Unknown(word.to_string()));
    }
    // tavli's keywords missing from gnubg's table (tavli's own) come after gnubg's.
    let tavli_only = table
        .iter()
        .map(|keyword| keyword.name)
        .filter(|name| !order.contains(name));
    let first = order
        .iter()
        .copied()
        .chain(tavli_only)
        .find(|name| name.starts_with(&lower));
    match first {
        None => Err(KeywordError::Unknown(word.to_string())),
        Some(name) => {
            table
                .iter()
                .find(|keyword| keyword.name == name)
                .ok_or(KeywordError::NotInTavli {
                    word: word.to_string(),
                    gnubg: name,
                })
        }
    }
}

/// Resolves `word` (any case) among `table`: exact name, then alias, then unique prefix (for
/// the children of `show` and `set`, gnubg's first match: see [`resolve_child`]).
pub fn resolve<'a>(table: &'a [Keyword], word: &str) -> Result<&'a Keyword, KeywordError> {
    let lower = word.to_ascii_lowercase();
    if let Some(exact) = table.iter().find(|keyword| keyword.name == lower) {
        return Ok(exact);
    }
    if let Some(alias) = table
        .iter()
        .find(|keyword| keyword.aliases.contains(&lower.as_str()))
    {
        return Ok(alias);
    }
    let candidates: Vec<&Keyword> = table
        .iter()
        .filter(|keyword| !lower.is_empty() && keyword.name.starts_with(&lower))
        .collect();
    match candidates.as_slice() {
        [only] => Ok(only),
        [] => Err(KeywordError::Unknown(word.to_string())),
        many => Err(KeywordError::Ambiguous {
            word: word.to_string(),
            candidates: many.iter().map(|keyword| keyword.name).collect(),
        }),
    }
}

/// Every keyword path of the tree (`["set", "cube", "value"]`, ...), for help and fuzzing.
#[must_use]
pub fn all_paths() -> Vec<Vec<&'static str>> {
    fn walk(table: &'static [Keyword], prefix: &[&'static str], out: &mut Vec<Vec<&'static str>>) {
        for keyword in table {
            let mut path = prefix.to_vec();
            path.push(keyword.name);
            if keyword.children.is_empty() {
                out.push(path);
            } else {
                walk(keyword.children, &path, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(COMMANDS, &[], &mut out);
    out
}

#[cfg(test)]
#[path = "keywords_tests.rs"]
mod tests;
