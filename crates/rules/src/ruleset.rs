//! Rulesets and their typed options (RULES.md, "Games and rulesets").

use crate::board::{Board, BoardKind};
use crate::error::OptionError;
use std::fmt;
use std::str::FromStr;

/// The games (families of rulesets) the app offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Srand and its relatives on the 9×9 alquerque board.
    Srand,
    /// Zamma.
    Zamma,
    /// Surakarta and Bas-basan sepur.
    Surakarta,
    /// Queah.
    Queah,
    /// Towers Alquerque.
    Towers,
    /// Alquerque (Alquerque de doze) in its four readings.
    Alquerque,
    /// Lasca, Lasker's column game.
    Lasca,
    /// Bashni, column draughts.
    Bashni,
}

impl GameKind {
    /// Every game, in menu order.
    pub const ALL: [GameKind; 8] = [
        GameKind::Srand,
        GameKind::Zamma,
        GameKind::Surakarta,
        GameKind::Queah,
        GameKind::Towers,
        GameKind::Alquerque,
        GameKind::Lasca,
        GameKind::Bashni,
    ];

    /// The game's id (the id of its default ruleset).
    pub fn id(self) -> &'static str {
        self.default_ruleset().id()
    }

    /// The game whose id ([`GameKind::id`]) is `id`, if any.
    pub fn from_id(id: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.id() == id)
    }

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Srand => "Srand",
            GameKind::Zamma => "Zamma",
            GameKind::Surakarta => "Surakarta",
            GameKind::Queah => "Queah",
            GameKind::Towers => "Towers Alquerque",
            GameKind::Alquerque => "Alquerque",
            GameKind::Lasca => "Lasca",
            GameKind::Bashni => "Bashni",
        }
    }

    /// The ruleset that follows the seed text.
    pub fn default_ruleset(self) -> RulesetId {
        self.rulesets()[0]
    }

    /// The rulesets of this game, default first.
    pub fn rulesets(self) -> &'static [RulesetId] {
        use RulesetId::*;
        match self {
            GameKind::Srand => &[
                Srand, DamDaman, Satoel, Crand1952, Ratti, Meurimueng, Satoel1919,
            ],
            GameKind::Zamma => &[Zamma, ZammaImmediate, Zamma1951],
            GameKind::Surakarta => &[
                Surakarta,
                BasBasanSepur,
                SurakartaOlympiad,
                SurakartaOrthogonal,
            ],
            GameKind::Queah => &[Queah, Queah1888],
            GameKind::Towers => &[Towers],
            GameKind::Alquerque => &[
                Alquerque,
                AlquerqueAlfonso,
                AlquerqueMurray,
                AlquerqueCovarrubias,
            ],
            GameKind::Lasca => &[Lasca],
            GameKind::Bashni => &[Bashni],
        }
    }
}

/// Every ruleset of RULES.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RulesetId {
    /// Srand, Mauritania (default).
    Srand,
    /// Dam-daman: capture not compulsory.
    DamDaman,
    /// Satoel, on the board with triangles.
    Satoel,
    /// Çrand, Hamidoun 1952.
    Crand1952,
    /// Ratti-chitti-bakri.
    Ratti,
    /// Meurimueng-rimueng peuet ploh.
    Meurimueng,
    /// Satoel, Jacobson 1919.
    Satoel1919,
    /// Zamma (deferred removal, majority).
    Zamma,
    /// Zamma, Mauritanian immediate removal.
    ZammaImmediate,
    /// Zamma, Monod 1951.
    Zamma1951,
    /// Surakarta.
    Surakarta,
    /// Surakarta, Computer Olympiad rules.
    SurakartaOlympiad,
    /// Bas-basan sepur, 7×7.
    BasBasanSepur,
    /// Surakarta, Korean/Chinese variant.
    SurakartaOrthogonal,
    /// Queah.
    Queah,
    /// Queah, Büttikofer 1888.
    Queah1888,
    /// Towers Alquerque (Quirkat-ul-Buruj).
    Towers,
    /// Alquerque as modern rule sheets give it: captures and chains compulsory.
    Alquerque,
    /// Alquerque after Alfonso X (1283): capturing and going on are free.
    AlquerqueAlfonso,
    /// Alquerque after Murray (1952): capture compulsory, chains optional.
    AlquerqueMurray,
    /// Alquerque after Covarrubias (1611): huffing, chains compulsory.
    AlquerqueCovarrubias,
    /// Lasca (Lasker 1911): columns on the 7×7 checkerboard.
    Lasca,
    /// Bashni: columns on the 8×8 checkerboard, flying kings.
    Bashni,
}

impl RulesetId {
    /// Every ruleset, in RULES.md order.
    pub const ALL: [RulesetId; 23] = [
        RulesetId::Srand,
        RulesetId::DamDaman,
        RulesetId::Satoel,
        RulesetId::Crand1952,
        RulesetId::Ratti,
        RulesetId::Meurimueng,
        RulesetId::Satoel1919,
        RulesetId::Zamma,
        RulesetId::ZammaImmediate,
        RulesetId::Zamma1951,
        RulesetId::Surakarta,
        RulesetId::BasBasanSepur,
        RulesetId::SurakartaOlympiad,
        RulesetId::SurakartaOrthogonal,
        RulesetId::Queah,
        RulesetId::Queah1888,
        RulesetId::Towers,
        RulesetId::Alquerque,
        RulesetId::AlquerqueAlfonso,
        RulesetId::AlquerqueMurray,
        RulesetId::AlquerqueCovarrubias,
        RulesetId::Lasca,
        RulesetId::Bashni,
    ];

    /// The id used in RULES.md, URLs and position strings.
    pub fn id(self) -> &'static str {
        use RulesetId::*;
        match self {
            Srand => "srand",
            DamDaman => "dam-daman",
            Satoel => "satoel",
            Crand1952 => "crand-1952",
            Ratti => "ratti",
            Meurimueng => "meurimueng",
            Satoel1919 => "satoel-1919",
            Zamma => "zamma",
            ZammaImmediate => "zamma-immediate",
            Zamma1951 => "zamma-1951",
            Surakarta => "surakarta",
            SurakartaOlympiad => "surakarta-olympiad",
            BasBasanSepur => "bas-basan-sepur",
            SurakartaOrthogonal => "surakarta-orthogonal",
            Queah => "queah",
            Queah1888 => "queah-1888",
            Towers => "towers",
            Alquerque => "alquerque",
            AlquerqueAlfonso => "alquerque-alfonso",
            AlquerqueMurray => "alquerque-murray",
            AlquerqueCovarrubias => "alquerque-covarrubias",
            Lasca => "lasca",
            Bashni => "bashni",
        }
    }

    /// Display name.
    pub fn name(self) -> &'static str {
        use RulesetId::*;
        match self {
            Srand => "Srand",
            DamDaman => "Dam-daman",
            Satoel => "Satoel",
            Crand1952 => "Çrand (Hamidoun 1952)",
            Ratti => "Ratti-chitti-bakri",
            Meurimueng => "Meurimueng-rimueng peuet ploh",
            Satoel1919 => "Satoel (Jacobson 1919)",
            Zamma => "Zamma",
            ZammaImmediate => "Zamma, Mauritanian",
            Zamma1951 => "Zamma (Monod 1951)",
            Surakarta => "Surakarta",
            SurakartaOlympiad => "Surakarta, Computer Olympiad",
            BasBasanSepur => "Bas-basan sepur",
            SurakartaOrthogonal => "Surakarta, Korean/Chinese",
            Queah => "Queah",
            Queah1888 => "Queah (Büttikofer 1888)",
            Towers => "Towers Alquerque",
            Alquerque => "Alquerque",
            AlquerqueAlfonso => "Alquerque (Alfonso X 1283)",
            AlquerqueMurray => "Alquerque (Murray 1952)",
            AlquerqueCovarrubias => "Alquerque (Covarrubias 1611)",
            Lasca => "Lasca",
            Bashni => "Bashni",
        }
    }

    /// One line: where the game is played and where this reading comes from.
    pub fn origin(self) -> &'static str {
        use RulesetId::*;
        match self {
            Srand => {
                "Mauritania and the western Sahara; rules as commonly recorded (Pentagames, 1990)"
            }
            DamDaman => {
                "Java, Indonesia (also Punjab and Sumatra); Srand without compulsory capture"
            }
            Satoel => "Simalur island, Sumatra; Srand on a board with two triangles",
            Crand1952 => "Mauritania; historical reading after Hamidoun (1952)",
            Ratti => "Punjab, India; historical reading with moves in every direction",
            Meurimueng => "Aceh, Sumatra; historical reading with optional chains",
            Satoel1919 => "Simalur island, Sumatra; historical reading after Jacobson (1919)",
            Zamma => "North Africa; deferred removal and the majority capture rule",
            ZammaImmediate => "Mauritania; Zamma with captured pieces removed at once",
            Zamma1951 => "Western Sahara; historical reading after Monod (1951)",
            Surakarta => "Central Java, Indonesia; captures travel round the corner loops",
            SurakartaOlympiad => "Computer Olympiad tournament rules for Surakarta",
            BasBasanSepur => "Yogyakarta, Java; the 7×7 relative of Surakarta",
            SurakartaOrthogonal => {
                "Rural China and Korea; orthogonal steps and travel on the outer circuit"
            }
            Queah => "The Queah people of Liberia, after Murray; compulsory capture",
            Queah1888 => "Liberia; historical reading after Büttikofer (1888), capture optional",
            Towers => "Quirkat-ul-Buruj, invented in 2012; Alquerque with Bashni stacks",
            Alquerque => {
                "Spain and the Arab world (Alquerque de doze); the reading of modern rule sheets, \
                 e.g. the English Wikipedia: captures and chains compulsory"
            }
            AlquerqueAlfonso => {
                "Castile; historical reading after Alfonso X, Libro de los juegos (1283): \
                 capturing and going on are free"
            }
            AlquerqueMurray => {
                "Historical reading after H. J. R. Murray, A History of Board-Games other than \
                 Chess (1952), p. 65: capture compulsory, further captures may follow"
            }
            AlquerqueCovarrubias => {
                "Spain; historical reading after S. de Covarrubias, Tesoro de la lengua castellana \
                 (1611): several pieces taken in one move, a piece that fails to capture is huffed"
            }
            Lasca => "Emanuel Lasker, The Rules of Lasca (1911): columns on a 7×7 board",
            Bashni => {
                "Russia, 19th century (Viskovatov 1875): column draughts with flying kings on the \
                 8×8 board"
            }
        }
    }

    /// The game this ruleset belongs to.
    pub fn game(self) -> GameKind {
        use RulesetId::*;
        match self {
            Srand | DamDaman | Satoel | Crand1952 | Ratti | Meurimueng | Satoel1919 => {
                GameKind::Srand
            }
            Zamma | ZammaImmediate | Zamma1951 => GameKind::Zamma,
            Surakarta | SurakartaOlympiad | BasBasanSepur | SurakartaOrthogonal => {
                GameKind::Surakarta
            }
            Queah | Queah1888 => GameKind::Queah,
            Towers => GameKind::Towers,
            Alquerque | AlquerqueAlfonso | AlquerqueMurray | AlquerqueCovarrubias => {
                GameKind::Alquerque
            }
            Lasca => GameKind::Lasca,
            Bashni => GameKind::Bashni,
        }
    }

    /// Whether RULES.md marks this ruleset historical (another published reading).
    pub fn historical(self) -> bool {
        use RulesetId::*;
        matches!(
            self,
            Crand1952
                | Ratti
                | Meurimueng
                | Satoel1919
                | Zamma1951
                | Queah1888
                | AlquerqueAlfonso
                | AlquerqueMurray
                | AlquerqueCovarrubias
        )
    }

    /// The options this ruleset takes, in display order.
    pub fn options(self) -> &'static [OptionKey] {
        use OptionKey::*;
        use RulesetId::*;
        match self {
            Towers => &[Enforcement, NoRejump, Limit, Repetition],
            Alquerque | AlquerqueAlfonso | AlquerqueMurray | AlquerqueCovarrubias => {
                &[Enforcement, OptionKey::Chains, Limit, Repetition]
            }
            Lasca => &[Rejump, Limit, Repetition],
            Bashni => &[MenCapture, Limit, Repetition],
            Srand | Satoel => &[Enforcement, Limit, Repetition],
            BasBasanSepur => &[MiddleCircuit, Limit, Repetition],
            Queah | Queah1888 => &[DropEndsTurn, Limit, Repetition],
            _ => &[Limit, Repetition],
        }
    }

    /// The values `key` takes in this ruleset, as text (see [`OptionKey::values`]): `enforcement=free`
    /// is Alquerque's alone.
    pub fn option_values(self, key: OptionKey) -> &'static [&'static str] {
        if key == OptionKey::Enforcement && self.game() != GameKind::Alquerque {
            return &["compulsory", "huffing"];
        }
        key.values()
    }

    /// The default options of this ruleset.
    pub fn default_options(self) -> Options {
        use RulesetId::*;
        Options {
            enforcement: match self {
                AlquerqueAlfonso => Enforcement::Free,
                AlquerqueCovarrubias => Enforcement::Huffing,
                _ => Enforcement::Compulsory,
            },
            chains: match self {
                AlquerqueAlfonso | AlquerqueMurray => Chains::Optional,
                _ => Chains::Compulsory,
            },
            rejump: false,
            men_capture: MenCapture::All,
            limit: if self == RulesetId::SurakartaOlympiad {
                50
            } else {
                100
            },
            repetition: true,
            middle_circuit: false,
            drop_ends_turn: false,
            no_rejump: false,
        }
    }
}

impl fmt::Display for RulesetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for RulesetId {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        RulesetId::ALL
            .into_iter()
            .find(|r| r.id() == lower)
            .ok_or_else(|| OptionError::UnknownRuleset(s.chars().take(40).collect()))
    }
}

/// How compulsory capture is enforced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Enforcement {
    /// A player who can capture must.
    Compulsory,
    /// Captures are not forced; a missed capture may be huffed.
    Huffing,
    /// Capturing is never required and never punished (Alquerque only).
    Free,
}

/// Which way men capture (Bashni's option `men_capture`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MenCapture {
    /// In all four diagonal directions.
    All,
    /// Diagonally forward only.
    Forward,
}

/// The sentence on `enforcement`'s two values that every ruleset taking it has, as a literal (so
/// that `concat!` can add Alquerque's third).
macro_rules! compulsory_or_huffing {
    () => {
        "Compulsory: a player who can capture must. Huffing: captures are not forced, but a player \
         who misses one may have a piece that could have captured removed by the opponent."
    };
}

/// The `limit` option's sentence, naming what counts as progress (RULES.md, "End of game").
macro_rules! limit_without {
    ($progress:literal) => {
        concat!(
            "The game ends after this many plies without ",
            $progress,
            ", and is scored; 0 switches the limit off."
        )
    };
}

/// The option keys of RULES.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptionKey {
    /// `enforcement`: `compulsory` or `huffing`.
    Enforcement,
    /// `limit`: plies without progress that end the game (0 = off).
    Limit,
    /// `repetition`: `on` or `off`.
    Repetition,
    /// `middle_circuit`: Bas-basan sepur's third circuit.
    MiddleCircuit,
    /// `drop_ends_turn`: a Queah drop is the whole turn.
    DropEndsTurn,
    /// `no_rejump`: in towers, a point may be jumped at most once per turn.
    NoRejump,
    /// `chains`: Alquerque's `compulsory`, `optional` or `none`.
    Chains,
    /// `rejump`: in Lasca, a column still commanded by the enemy may be jumped again.
    Rejump,
    /// `men_capture`: in Bashni, `all` or `forward`.
    MenCapture,
}

impl OptionKey {
    /// Every option key.
    pub const ALL: [OptionKey; 9] = [
        OptionKey::Enforcement,
        OptionKey::Limit,
        OptionKey::Repetition,
        OptionKey::MiddleCircuit,
        OptionKey::DropEndsTurn,
        OptionKey::NoRejump,
        OptionKey::Chains,
        OptionKey::Rejump,
        OptionKey::MenCapture,
    ];

    /// The key as written in `KEY=VALUE`.
    pub fn key(self) -> &'static str {
        match self {
            OptionKey::Enforcement => "enforcement",
            OptionKey::Limit => "limit",
            OptionKey::Repetition => "repetition",
            OptionKey::MiddleCircuit => "middle_circuit",
            OptionKey::DropEndsTurn => "drop_ends_turn",
            OptionKey::NoRejump => "no_rejump",
            OptionKey::Chains => "chains",
            OptionKey::Rejump => "rejump",
            OptionKey::MenCapture => "men_capture",
        }
    }

    /// The values it takes in some ruleset, as text; `limit` takes any whole number in the range it
    /// shows. [`RulesetId::option_values`] gives those of one ruleset.
    pub fn values(self) -> &'static [&'static str] {
        match self {
            OptionKey::Enforcement => &["compulsory", "huffing", "free"],
            OptionKey::Chains => &["compulsory", "optional", "none"],
            OptionKey::MenCapture => &["all", "forward"],
            OptionKey::Limit => &["0-65535"],
            OptionKey::Repetition => &["on", "off"],
            _ => &["false", "true"],
        }
    }

    /// The sentence that explains the option in `ruleset`: as [`OptionKey::describe`], but
    /// `enforcement` leaves out `free` where the ruleset does not take it (every game but
    /// Alquerque), and `limit` names as progress only what the ruleset has: a promotion where men
    /// are promoted, a huff where the ruleset huffs or huffing can be chosen; in Queah it says that
    /// a drop is no progress.
    pub fn describe_in(self, ruleset: RulesetId) -> &'static str {
        let takes = |key: OptionKey, value| {
            ruleset.options().contains(&key) && ruleset.option_values(key).contains(&value)
        };
        let rules = Rules::new(ruleset);
        match self {
            OptionKey::Enforcement if !takes(self, "free") => compulsory_or_huffing!(),
            OptionKey::Limit if rules.family == Family::Queah => {
                limit_without!("a capture (a drop is not one)")
            }
            OptionKey::Limit => match (
                rules.promotion,
                rules.capture == CaptureRule::Huffing || takes(OptionKey::Enforcement, "huffing"),
            ) {
                (true, true) => self.describe(),
                (true, false) => limit_without!("a capture or a promotion"),
                (false, true) => limit_without!("a capture or a huff"),
                (false, false) => limit_without!("a capture"),
            },
            _ => self.describe(),
        }
    }

    /// One sentence that explains the option.
    pub fn describe(self) -> &'static str {
        match self {
            OptionKey::Enforcement => concat!(
                compulsory_or_huffing!(),
                " Free (Alquerque): capturing is never required and never punished."
            ),
            OptionKey::Chains => {
                "Compulsory: after each leap the piece goes on capturing while it can. Optional: \
                 every landing point may end the move. None: a capture is one short leap."
            }
            OptionKey::Rejump => {
                "A column still commanded by the enemy may be jumped again in the same move, even \
                 straight back over it (Lasker forbids it; it only matters for officers)."
            }
            OptionKey::MenCapture => {
                "All: men capture in all four diagonal directions. Forward: men capture diagonally \
                 forward only."
            }
            OptionKey::Limit => limit_without!("a capture, a promotion or a huff"),
            OptionKey::Repetition => {
                "When on, a position that comes back ends the game and it is scored: the third \
                 time (the second in the Olympiad's Surakarta)."
            }
            OptionKey::MiddleCircuit => {
                "Adds a third circuit along rank 4 and file d, with four wide loops."
            }
            OptionKey::DropEndsTurn => {
                "A piece dropped from the reserve after a loss is the whole turn."
            }
            OptionKey::NoRejump => "A stack may be jumped at most once in the same turn.",
        }
    }
}

impl FromStr for OptionKey {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        OptionKey::ALL
            .into_iter()
            .find(|k| k.key() == lower)
            .ok_or_else(|| OptionError::UnknownOption(s.chars().take(40).collect()))
    }
}

/// The option values of a game. Which keys apply depends on the ruleset ([`RulesetId::options`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// `enforcement`.
    pub enforcement: Enforcement,
    /// `limit` (0 = off).
    pub limit: u16,
    /// `repetition`.
    pub repetition: bool,
    /// `middle_circuit`.
    pub middle_circuit: bool,
    /// `drop_ends_turn`.
    pub drop_ends_turn: bool,
    /// `no_rejump`.
    pub no_rejump: bool,
    /// `chains` (Alquerque).
    pub chains: Chains,
    /// `rejump` (Lasca).
    pub rejump: bool,
    /// `men_capture` (Bashni).
    pub men_capture: MenCapture,
}

impl Options {
    /// The value of `key` as text.
    pub fn get(&self, key: OptionKey) -> String {
        match key {
            OptionKey::Enforcement => match self.enforcement {
                Enforcement::Compulsory => "compulsory".into(),
                Enforcement::Huffing => "huffing".into(),
                Enforcement::Free => "free".into(),
            },
            OptionKey::Chains => match self.chains {
                Chains::Compulsory => "compulsory".into(),
                Chains::Optional => "optional".into(),
                Chains::Single => "none".into(),
            },
            OptionKey::Rejump => self.rejump.to_string(),
            OptionKey::MenCapture => match self.men_capture {
                MenCapture::All => "all".into(),
                MenCapture::Forward => "forward".into(),
            },
            OptionKey::Limit => self.limit.to_string(),
            OptionKey::Repetition => if self.repetition { "on" } else { "off" }.into(),
            OptionKey::MiddleCircuit => self.middle_circuit.to_string(),
            OptionKey::DropEndsTurn => self.drop_ends_turn.to_string(),
            OptionKey::NoRejump => self.no_rejump.to_string(),
        }
    }

    /// Sets `key` from text, checking the value.
    pub fn set(&mut self, key: OptionKey, value: &str) -> Result<(), OptionError> {
        let v = value.trim().to_ascii_lowercase();
        let bad = || OptionError::BadValue {
            key: key.key(),
            value: value.chars().take(40).collect(),
        };
        let boolean = |v: &str| match v {
            "true" | "on" | "yes" | "1" => Ok(true),
            "false" | "off" | "no" | "0" => Ok(false),
            _ => Err(bad()),
        };
        match key {
            OptionKey::Enforcement => {
                self.enforcement = match v.as_str() {
                    "compulsory" => Enforcement::Compulsory,
                    "huffing" => Enforcement::Huffing,
                    "free" => Enforcement::Free,
                    _ => return Err(bad()),
                }
            }
            OptionKey::Chains => {
                self.chains = match v.as_str() {
                    "compulsory" => Chains::Compulsory,
                    "optional" => Chains::Optional,
                    "none" => Chains::Single,
                    _ => return Err(bad()),
                }
            }
            OptionKey::Rejump => self.rejump = boolean(&v)?,
            OptionKey::MenCapture => {
                self.men_capture = match v.as_str() {
                    "all" => MenCapture::All,
                    "forward" => MenCapture::Forward,
                    _ => return Err(bad()),
                }
            }
            OptionKey::Limit => self.limit = v.parse::<u16>().map_err(|_| bad())?,
            OptionKey::Repetition => self.repetition = boolean(&v)?,
            OptionKey::MiddleCircuit => self.middle_circuit = boolean(&v)?,
            OptionKey::DropEndsTurn => self.drop_ends_turn = boolean(&v)?,
            OptionKey::NoRejump => self.no_rejump = boolean(&v)?,
        }
        Ok(())
    }
}

/// How captures are forced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureRule {
    /// A player who can capture must.
    Compulsory,
    /// Capturing is a free choice.
    Optional,
    /// Not forced, but a missed capture may be huffed.
    Huffing,
}

/// Whether a capture may go on from its landing point (also Alquerque's option `chains`, where
/// `none` is [`Chains::Single`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chains {
    /// One capture per move.
    Single,
    /// The chain goes on while the piece can capture.
    Compulsory,
    /// Every landing point may end the move.
    Optional,
}

/// How a game stopped by the limits is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// More pieces (on board and in reserve) wins; equal is a draw.
    Majority,
    /// Always a draw.
    Draw,
}

/// The engine family of a ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Steps and leaps along lines, with men and kings (Srand, Zamma).
    Leap,
    /// Queah: steps and single short leaps in every direction, no promotion, and a drop from the
    /// reserve after losing a piece. Its rules are fixed by the family: the options and flags of
    /// [`Rules`] that Queah does not use (chains, promotion, majority, huffing) keep the values that
    /// say so, for the leap family's generator that its tests compare with.
    Queah,
    /// Columns that capture by taking the jumped column's top piece under them (RULES.md,
    /// "Columns"): Towers' stacks, and Lasca's and Bashni's columns of men and kings.
    Towers,
    /// Steps, and captures round the circuits.
    Surakarta,
}

/// A ruleset with its options, resolved into the parameters the engine reads.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The ruleset.
    pub ruleset: RulesetId,
    /// Its options.
    pub options: Options,
    /// The board graph.
    pub board: &'static Board,
    /// Engine family.
    pub family: Family,
    /// Men step forward only (else in every direction).
    pub men_forward: bool,
    /// Surakarta steps: diagonal as well as orthogonal.
    pub diagonal_steps: bool,
    /// Capture enforcement.
    pub capture: CaptureRule,
    /// Capture chains.
    pub chains: Chains,
    /// Only the moves that capture the most are legal.
    pub majority: bool,
    /// Captured pieces stay until the chain ends.
    pub deferred: bool,
    /// Men are promoted on the far rank.
    pub promotion: bool,
    /// Kings capture by flying leap (else by short leap).
    pub king_flying_capture: bool,
    /// Surakarta-orthogonal: travel without capture on the outer circuit.
    pub travel: bool,
    /// How limited games are scored.
    pub scoring: Scoring,
    /// Occurrences of a position that end the game (0 = off).
    pub repetitions: u8,
    /// Columns: which columns a capture chain may jump again.
    pub rejump: Rejump,
    /// Columns of men and kings (Lasca, Bashni): men capture diagonally forward only.
    pub men_capture_forward: bool,
    /// Bashni: a man that lands on the far rank during a chain is promoted at once and goes on as
    /// a king (else promotion waits for the end of the move).
    pub promote_mid_chain: bool,
}

/// Which columns a chain may jump again (RULES.md: Towers, Lasca, Bashni).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejump {
    /// Never a column jumped before in the same move (Lasca; towers with `no_rejump`).
    Never,
    /// Not the column the previous leap jumped, but again after jumping another (Towers, Bashni).
    NotLast,
    /// Any column still commanded by the enemy, even straight back (Lasca with `rejump=true`).
    Always,
}

impl Rules {
    /// Resolves a ruleset with its default options.
    pub fn new(ruleset: RulesetId) -> Rules {
        Rules::with_options(ruleset, ruleset.default_options()).expect("default options are valid")
    }

    /// Resolves a ruleset with options, refusing options the ruleset does not take.
    pub fn with_options(ruleset: RulesetId, options: Options) -> Result<Rules, OptionError> {
        let defaults = ruleset.default_options();
        for key in OptionKey::ALL {
            if !ruleset.options().contains(&key) && options.get(key) != defaults.get(key) {
                return Err(OptionError::NotForRuleset {
                    key: key.key(),
                    ruleset: ruleset.id(),
                });
            }
        }
        use RulesetId::*;
        let huffing = options.enforcement == Enforcement::Huffing;
        let compulsory = if huffing {
            CaptureRule::Huffing
        } else {
            CaptureRule::Compulsory
        };
        if options.enforcement == Enforcement::Free
            && !ruleset.options().contains(&OptionKey::Chains)
        {
            return Err(OptionError::BadValue {
                key: OptionKey::Enforcement.key(),
                value: "free".to_string(),
            });
        }
        let mut r = Rules {
            ruleset,
            options,
            board: Board::get(BoardKind::Alquerque9),
            family: Family::Leap,
            men_forward: true,
            diagonal_steps: true,
            capture: compulsory,
            chains: Chains::Compulsory,
            majority: false,
            deferred: false,
            promotion: true,
            king_flying_capture: true,
            travel: false,
            scoring: Scoring::Majority,
            repetitions: if options.repetition { 3 } else { 0 },
            rejump: if options.no_rejump {
                Rejump::Never
            } else {
                Rejump::NotLast
            },
            men_capture_forward: false,
            promote_mid_chain: false,
        };
        match ruleset {
            Srand => {}
            DamDaman => {
                r.capture = CaptureRule::Optional;
                r.chains = Chains::Optional;
            }
            Satoel => r.board = Board::get(BoardKind::Satoel),
            Crand1952 => {
                r.board = Board::get(BoardKind::Square9x);
                r.capture = CaptureRule::Optional;
                r.chains = Chains::Single;
                r.king_flying_capture = false;
            }
            Ratti | Meurimueng => {
                r.men_forward = false;
                r.capture = CaptureRule::Optional;
                r.chains = if ruleset == Ratti {
                    Chains::Single
                } else {
                    Chains::Optional
                };
                r.promotion = false;
            }
            Satoel1919 => {
                r.board = Board::get(BoardKind::Satoel);
                r.men_forward = false;
                r.capture = CaptureRule::Optional;
                r.chains = Chains::Optional;
                r.promotion = false;
            }
            Zamma => {
                r.majority = true;
                r.deferred = true;
            }
            ZammaImmediate => r.majority = true,
            Zamma1951 => {
                r.capture = CaptureRule::Huffing;
                r.chains = Chains::Single;
            }
            Surakarta | SurakartaOlympiad | BasBasanSepur | SurakartaOrthogonal => {
                r.family = Family::Surakarta;
                r.board = Board::get(match ruleset {
                    BasBasanSepur if options.middle_circuit => BoardKind::Surakarta7Middle,
                    BasBasanSepur => BoardKind::Surakarta7,
                    _ => BoardKind::Surakarta6,
                });
                r.capture = CaptureRule::Optional;
                r.promotion = false;
                r.diagonal_steps = ruleset != SurakartaOrthogonal;
                r.travel = ruleset == SurakartaOrthogonal;
                if ruleset == SurakartaOlympiad && options.repetition {
                    r.repetitions = 2;
                }
            }
            Queah | Queah1888 => {
                r.family = Family::Queah;
                r.board = Board::get(BoardKind::Queah);
                r.men_forward = false;
                r.chains = Chains::Single;
                r.promotion = false;
                if ruleset == Queah1888 {
                    r.capture = CaptureRule::Optional;
                }
            }
            Towers => {
                r.family = Family::Towers;
                r.board = Board::get(BoardKind::Alquerque5);
                r.men_forward = false;
                r.promotion = false;
                r.majority = !huffing;
                r.scoring = Scoring::Draw;
            }
            Alquerque | AlquerqueAlfonso | AlquerqueMurray | AlquerqueCovarrubias => {
                // RULES.md, "Alquerque": the leap family's rules on the 5×5 board, every direction,
                // no promotion, immediate removal, no majority; the two options decide the rest
                r.board = Board::get(BoardKind::Alquerque5);
                r.men_forward = false;
                r.promotion = false;
                r.scoring = Scoring::Draw;
                r.capture = match options.enforcement {
                    Enforcement::Compulsory => CaptureRule::Compulsory,
                    Enforcement::Huffing => CaptureRule::Huffing,
                    Enforcement::Free => CaptureRule::Optional,
                };
                r.chains = options.chains;
            }
            Lasca | Bashni => {
                // RULES.md, "Lasca", "Bashni": columns of men and kings, men forward, capture and
                // chains compulsory, no majority
                r.family = Family::Towers;
                r.scoring = Scoring::Draw;
                if ruleset == Lasca {
                    r.board = Board::get(BoardKind::Checker7);
                    r.king_flying_capture = false;
                    r.men_capture_forward = true;
                    r.rejump = if options.rejump {
                        Rejump::Always
                    } else {
                        Rejump::Never
                    };
                } else {
                    r.board = Board::get(BoardKind::Checker8);
                    r.men_capture_forward = options.men_capture == MenCapture::Forward;
                    r.promote_mid_chain = true;
                    r.rejump = Rejump::NotLast;
                }
            }
        }
        Ok(r)
    }

    /// Whether the pieces are columns of men and kings (Lasca, Bashni): a towers-family ruleset
    /// with promotion.
    #[inline(always)]
    pub fn ranked_columns(&self) -> bool {
        self.family == Family::Towers && self.promotion
    }

    /// Options as `KEY=VALUE` pairs, only those that differ from the ruleset's defaults.
    pub fn changed_options(&self) -> Vec<(OptionKey, String)> {
        let defaults = self.ruleset.default_options();
        self.ruleset
            .options()
            .iter()
            .filter(|k| self.options.get(**k) != defaults.get(**k))
            .map(|k| (*k, self.options.get(*k)))
            .collect()
    }

    /// Parses `KEY=VALUE` pairs over the ruleset's defaults.
    pub fn from_pairs<'a>(
        ruleset: RulesetId,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Rules, OptionError> {
        let mut options = ruleset.default_options();
        for (k, v) in pairs {
            let key: OptionKey = k.parse()?;
            if !ruleset.options().contains(&key) {
                return Err(OptionError::NotForRuleset {
                    key: key.key(),
                    ruleset: ruleset.id(),
                });
            }
            options.set(key, v)?;
        }
        Rules::with_options(ruleset, options)
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Self) -> bool {
        self.ruleset == other.ruleset && self.options == other.options
    }
}
impl Eq for Rules {}
