-- arbiter database, version 1. See docs/database.md.
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    game        TEXT NOT NULL,            -- game id: lines-of-action, tank-battle, knight-fight
    config      TEXT NOT NULL DEFAULT '', -- the YAML config as given ('' for imports)
    config_hash TEXT NOT NULL DEFAULT '', -- sha256 of the normalised config
    total_games INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL             -- RFC 3339, UTC
);

CREATE TABLE engines (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    cmd           TEXT NOT NULL,
    args          TEXT NOT NULL DEFAULT '[]', -- JSON array
    dir           TEXT NOT NULL DEFAULT '',
    options       TEXT NOT NULL DEFAULT '{}', -- JSON object
    UNIQUE (tournament_id, name)
);

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER REFERENCES tournaments(id) ON DELETE CASCADE,
    slot          INTEGER,           -- schedule slot in its tournament; NULL for imports
    pair          INTEGER,           -- games sharing a start with colours swapped share a pair; NULL if none
    game          TEXT NOT NULL,     -- game id
    white         TEXT NOT NULL,
    black         TEXT NOT NULL,
    result        TEXT NOT NULL,     -- 1-0, 0-1, 1/2-1/2, *
    score_white   INTEGER,           -- points, for games that score them
    score_black   INTEGER,
    termination   TEXT NOT NULL DEFAULT 'normal',
    plies         INTEGER NOT NULL,
    duration_ms   INTEGER NOT NULL DEFAULT 0,
    white_ms      INTEGER NOT NULL DEFAULT 0, -- thinking time used by White
    black_ms      INTEGER NOT NULL DEFAULT 0,
    started_at    TEXT NOT NULL DEFAULT '',
    record        TEXT NOT NULL,     -- the full record in arbiter's notation
    record_hash   TEXT NOT NULL,     -- sha256 of the canonical record (without volatile tags), for dedupe on import
    UNIQUE (tournament_id, slot)
);
CREATE UNIQUE INDEX games_record_hash ON games(record_hash);
CREATE INDEX games_tournament ON games(tournament_id, game);
CREATE INDEX games_game_result ON games(game, result);
CREATE INDEX games_white ON games(white, result);
CREATE INDEX games_black ON games(black, result);
