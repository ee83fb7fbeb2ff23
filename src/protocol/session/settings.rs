//! The `set` commands that change settings: automatic actions, Crawford flags, the cube's use, beavers, players, seeds.

use super::*;
use crate::rules::game::Action;

impl Session {
    pub(super) fn set_command(
        &mut self,
        set: SetCommand,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        match set {
            SetCommand::Analysis(setting) => self.set_analysis(setting, out),
            SetCommand::Automatic(which, value) => self.set_automatic(which, value, out),
            SetCommand::Beavers(count) => {
                let count = count.ok_or_else(|| {
                    CommandError::bad_argument("You must specify the number of beavers to allow.")
                })?;
                self.set_beavers(count);
                out.reply(Reply::Beavers { count });
                Ok(())
            }
            SetCommand::Board(words) => self.set_board(&words, out),
            SetCommand::Rollout(setting) => self.set_rollout(setting, out),
            SetCommand::Evaluation(setting) => self.set_evaluation(setting, out),
            SetCommand::Clockwise(value) => {
                let on = require_toggle(value, "clockwise")?;
                self.settings.clockwise = on;
                out.reply(Reply::Clockwise { on });
                Ok(())
            }
            SetCommand::Crawford(value) => self.set_crawford(value, false, out),
            SetCommand::PostCrawford(value) => self.set_crawford(value, true, out),
            SetCommand::Cube(cube) => self.set_cube(cube, out),
            SetCommand::DefaultNames(names) => {
                let [first, second, ..] = names.as_slice() else {
                    return Err(CommandError::bad_argument(
                        "You must specify two player names.",
                    ));
                };
                let names = [first.clone(), second.clone()];
                if names == self.default_names {
                    // gnubg says nothing when the names do not change.
                    return Ok(());
                }
                self.default_names = names.clone();
                out.reply(Reply::DefaultNames { names });
                Ok(())
            }
            SetCommand::Dice(words) => self.set_dice(&words, out),
            SetCommand::GnubgId(text) => self.set_gnubg_id(&text, out),
            SetCommand::Jacoby(value) => {
                let on = require_toggle(value, "jacoby")?;
                self.settings.jacoby = on;
                // gnubg turns the rule off in the session being played, but turning it on
                // waits for the next session (checked live: `show score` still says "without
                // Jacoby rule", also after `new game`).
                if !self.is_match() && !on {
                    self.match_play.set_jacoby(false);
                }
                out.reply(Reply::JacobySet { on });
                Ok(())
            }
            SetCommand::MatchId(text) => self.set_match_id(&text, out),
            SetCommand::MatchLength(length) => {
                let length = length.ok_or_else(|| {
                    CommandError::bad_argument(
                        "Match length must be between 0 (unlimited session) and 64",
                    )
                })?;
                self.settings.match_length = length;
                out.reply(Reply::MatchLengthSet { points: length });
                Ok(())
            }
            SetCommand::Player(player, setting) => self.set_player(player, setting, out),
            SetCommand::Rng(choice) => match choice {
                RngChoice::Mersenne => Err(CommandError::not_now(
                    "You are already using the Mersenne Twister generator.",
                )),
                RngChoice::Manual => Err(CommandError::new(
                    ErrorKind::Unsupported,
                    "tavli has no manual dice generator; use `set dice'.",
                )),
            },
            SetCommand::Score(words) => self.set_score(&words, out),
            SetCommand::Seed(seed) => match seed {
                None => {
                    self.rng = DiceRng::from_entropy();
                    out.reply(Reply::SystemSeed);
                    Ok(())
                }
                Some(Ok(seed)) => {
                    self.rng = DiceRng::seeded(seed);
                    out.reply(Reply::Seed { seed });
                    Ok(())
                }
                Some(Err(_)) => Err(CommandError::bad_argument(
                    "You must specify a valid seed (see `help set seed').",
                )),
            },
            SetCommand::Turn(word) => self.set_turn(word.as_deref(), out),
            SetCommand::Variation(name) => {
                self.set_variation(name, out);
                Ok(())
            }
            SetCommand::Xgid(text) => self.set_xgid(&text, out),
        }
    }

    pub(super) fn set_automatic(
        &mut self,
        which: AutomaticSetting,
        value: Option<String>,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        let automatic = &mut self.settings.automatic;
        if which == AutomaticSetting::Doubles {
            let count = value.and_then(|word| word.parse::<u32>().ok()).ok_or_else(|| {
                CommandError::bad_argument(
                    "You must specify how many automatic doubles to use (see `help set automatic double').",
                )
            })?;
            automatic.doubles = count;
            out.reply(Reply::AutomaticDoublesSet {
                count,
                match_play: self.is_match(),
                cube_use: self.settings.cube_use,
            });
            return Ok(());
        }
        let name = match which {
            AutomaticSetting::Bearoff => "bearoff",
            AutomaticSetting::Crawford => "crawford",
            AutomaticSetting::Game => "game",
            AutomaticSetting::Move => "move",
            AutomaticSetting::Roll | AutomaticSetting::Doubles => "roll",
        };
        let on = match value.as_deref() {
            Some("on") => true,
            Some("off") => false,
            _ => {
                return Err(CommandError::bad_argument(format!(
                    "You must specify whether to set 'automatic {name}' on or off."
                )))
            }
        };
        let slot = match which {
            AutomaticSetting::Bearoff => &mut automatic.bearoff,
            AutomaticSetting::Crawford => &mut automatic.crawford,
            AutomaticSetting::Game => &mut automatic.game,
            AutomaticSetting::Move => &mut automatic.moves,
            AutomaticSetting::Roll | AutomaticSetting::Doubles => &mut automatic.roll,
        };
        *slot = on;
        if which == AutomaticSetting::Crawford {
            self.match_play.set_automatic_crawford(on);
        }
        out.reply(Reply::AutomaticSet { setting: which, on });
        Ok(())
    }

    pub(super) fn set_crawford(
        &mut self,
        value: Toggle,
        post: bool,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        let name = if post { "postcrawford" } else { "crawford" };
        self.refuse_without_cube()?;
        if !self.is_match() {
            return Err(CommandError::not_now(if post {
                "Cannot set post-Crawford play for money sessions."
            } else {
                "Cannot set Crawford play for money sessions."
            }));
        }
        let on = require_toggle(value, name)?;
        let context = self.match_play.context();
        // gnubg lets a Crawford flag standing at a score with nobody 1-away be set again or
        // cleared (checked live); post-Crawford play needs somebody 1-away.
        if !context.somebody_one_away() && (post || !context.crawford) {
            return Err(CommandError::not_now(if post {
                "Cannot set whether this is post-Crawford play\nas none of the players are 1-away from winning."
            } else {
                "Cannot set whether this is the Crawford game\nas none of the players are 1-away from winning."
            }));
        }
        self.match_play.set_crawford(if post { !on } else { on });
        out.reply(if post {
            Reply::PostCrawfordSet { on }
        } else {
            Reply::CrawfordSet { on }
        });
        Ok(())
    }

    pub(super) fn set_cube(
        &mut self,
        cube: CubeSetting,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        if let CubeSetting::Use(value) = cube {
            let on = require_toggle(value, "cube use")?;
            self.settings.cube_use = on;
            let withdrawn = !on && self.playing() && self.centre_cube_at_one();
            out.reply(Reply::CubeUse {
                on,
                crawford_game: self.playing() && self.match_play.context().crawford,
                money_jacoby: self.match_play.context().jacoby && !self.is_match(),
            });
            if withdrawn {
                self.board(out);
            }
            return Ok(());
        }
        self.require_playing("There must be a game in progress to set the cube.")?;
        self.refuse_without_cube()?;
        if self.match_play.context().crawford {
            return Err(CommandError::not_now(
                "The cube is disabled during the Crawford game.",
            ));
        }
        if !self.settings.cube_use {
            return Err(CommandError::not_now(
                "The cube is disabled (see `help set cube use').",
            ));
        }
        match cube {
            CubeSetting::Value(word) => {
                let value = word
                    .and_then(|word| word.parse::<u32>().ok())
                    .filter(|value| value.is_power_of_two() && *value <= MAX_MONEY_CUBE)
                    .ok_or_else(|| {
                        CommandError::bad_argument(
                            "You must specify a legal cube value (see `help set cube value').",
                        )
                    })?;
                self.apply_checked(Action::SetCubeValue(value));
                out.reply(Reply::CubeValueSet { value });
            }
            CubeSetting::Owner(word) => {
                let side = word.as_deref().and_then(|word| self.player_by_word(word)).ok_or_else(
                    || {
                        CommandError::bad_argument(
                            "You must specify which player owns the cube (see `help set cube owner').",
                        )
                    },
                )?;
                self.apply_checked(Action::SetCubeOwner(Some(side)));
                out.reply(Reply::CubeOwnerSet {
                    side: NamedSide::new(side, self.name(side)),
                });
            }
            CubeSetting::Centre | CubeSetting::Use(_) => {
                self.apply_checked(Action::SetCubeOwner(None));
                out.reply(Reply::CubeCentred);
            }
        }
        Ok(())
    }

    pub(super) fn set_player(
        &mut self,
        player: Option<String>,
        setting: PlayerSetting,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        let Some(player) = player else {
            return Err(CommandError::bad_argument(
                "You must specify a player (see `help set player').",
            ));
        };
        let sides: Vec<Side> = match player.as_str() {
            "0" => vec![Side::O],
            "1" => vec![Side::X],
            word if "both".starts_with(&word.to_ascii_lowercase()) && !word.is_empty() => {
                vec![Side::O, Side::X]
            }
            _ => {
                return Err(CommandError::bad_argument(format!(
                    "Unknown player `{}' (see `help set player').",
                    crate::echo::echoed(&player)
                )))
            }
        };
        match setting {
            PlayerSetting::Missing => Err(CommandError::new(
                ErrorKind::Incomplete,
                "Incomplete command.",
            )),
            PlayerSetting::Unknown(word) => Err(CommandError::new(
                ErrorKind::UnknownKeyword,
                format!("Unknown keyword `{}'.", crate::echo::echoed(&word)),
            )),
            PlayerSetting::Plies(decision, word) => {
                self.set_player_depth(&sides, decision, word.as_deref(), out)
            }
            PlayerSetting::Name(None) => Err(CommandError::bad_argument(
                "You must specify a name to use.",
            )),
            PlayerSetting::Name(Some(name)) => {
                // gnubg refuses the other player's name, in any case (`ROOT` for `root`),
                // side by side: `both` names player 0 and then refuses player 1.
                const IN_USE: &str = "That name is already in use by the other player.";
                let mut names = self.names.clone();
                let mut named = Vec::new();
                for side in sides {
                    let taken = names[side.opponent().index()].eq_ignore_ascii_case(&name);
                    if !taken {
                        names[side.index()] = name.clone();
                    }
                    named.push((side, !taken));
                }
                if named.iter().all(|&(_, done)| !done) {
                    return Err(CommandError::bad_argument(IN_USE));
                }
                self.names = names;
                for (side, done) in named {
                    if done {
                        out.reply(Reply::PlayerName {
                            player: side.index(),
                            name: name.clone(),
                        });
                    } else {
                        out.line(IN_USE);
                    }
                }
                Ok(())
            }
            PlayerSetting::Kind(kind) => {
                for side in sides {
                    self.players[side.index()] = kind;
                    out.reply(Reply::PlayerKindSet {
                        side: NamedSide::new(side, self.name(side)),
                        kind,
                    });
                }
                Ok(())
            }
        }
    }
}

pub(super) fn require_toggle(value: Toggle, name: &str) -> Result<bool, CommandError> {
    value.ok_or_else(|| {
        CommandError::bad_argument(format!(
            "You must specify whether to set '{name}' on or off."
        ))
    })
}
