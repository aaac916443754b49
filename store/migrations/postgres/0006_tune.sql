-- arbiter database, version 10 (PostgreSQL: 6): SPSA tuning runs (arbiter tune). See docs/database.md.

-- A tuning run: its config, its parameters and its state, θ after the
-- pairs stored (done of them) and the next pair never handed out.
CREATE TABLE tune_runs (
    id          BIGSERIAL PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    game        TEXT NOT NULL,
    engine      TEXT NOT NULL,
    config      TEXT NOT NULL,
    config_hash TEXT NOT NULL,
    pairs       INTEGER NOT NULL,
    params      TEXT NOT NULL, -- JSON: [{"name","start","min","max"}]
    theta       TEXT NOT NULL, -- JSON: θ now, one number a parameter
    done        INTEGER NOT NULL DEFAULT 0,
    next_pair   INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);

-- A pair handed out (owner, lease_until: ms since 1970) and, once played,
-- stored (seq: its place among the pairs applied, from 1; with its
-- iteration, flips, the values each side was sent, the games' results,
-- the result of the + side and θ after it).
CREATE TABLE tune_pairs (
    run_id      BIGINT NOT NULL REFERENCES tune_runs(id) ON DELETE CASCADE,
    pair        INTEGER NOT NULL,
    owner       TEXT,
    lease_until BIGINT,
    seq         INTEGER,
    k           INTEGER,
    flips       TEXT,
    plus        TEXT,
    minus       TEXT,
    games       TEXT,
    result      INTEGER,
    theta       TEXT,
    stored_at   TEXT,
    PRIMARY KEY (run_id, pair)
);
CREATE UNIQUE INDEX tune_pairs_seq ON tune_pairs(run_id, seq);
