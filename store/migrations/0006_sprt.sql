-- arbiter database, version 6: the SPRT of a match (a tournament with an
-- sprt key), kept by the runner as it stores the games. See docs/database.md.
-- Everything here follows from the config and the stored games: the runner
-- writes it again from them when it resumes. IF NOT EXISTS: applied again
-- (a database made while this was the fifth migration, before 0005 came),
-- it changes nothing.

-- One row per SPRT match.
CREATE TABLE IF NOT EXISTS sprt (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,
    player        TEXT NOT NULL,    -- the engine tested (the config's first)
    opponent      TEXT NOT NULL,    -- the engine it is tested against
    elo0          REAL NOT NULL,
    elo1          REAL NOT NULL,
    alpha         REAL NOT NULL,
    beta          REAL NOT NULL,
    model         TEXT NOT NULL,    -- normalized, logistic or bayesian
    pentanomial   INTEGER NOT NULL, -- 1: over the pentanomial counts of pairs, 0: over wins, draws and losses
    lower         REAL NOT NULL,    -- ln(beta / (1 - alpha))
    upper         REAL NOT NULL,    -- ln((1 - beta) / alpha)
    games         INTEGER NOT NULL DEFAULT 0, -- games stored
    llr           REAL NOT NULL DEFAULT 0,    -- the LLR over all of them
    verdict       TEXT NOT NULL DEFAULT '',   -- '' (running), 'H0 accepted', 'H1 accepted', 'stopped at the cap'
    decided_after INTEGER,          -- the games, in slot order, after which a bound was reached; NULL before
    updated_at    TEXT NOT NULL DEFAULT ''    -- RFC 3339, UTC
);

-- The LLR trajectory: the LLR after each game, in slot order, over the
-- games of the slots before it (complete pairs only when pentanomial).
CREATE TABLE IF NOT EXISTS sprt_llr (
    tournament_id INTEGER NOT NULL REFERENCES sprt(tournament_id) ON DELETE CASCADE,
    games         INTEGER NOT NULL, -- games counted (slots 0 .. games-1)
    llr           REAL NOT NULL,
    PRIMARY KEY (tournament_id, games)
) WITHOUT ROWID;
