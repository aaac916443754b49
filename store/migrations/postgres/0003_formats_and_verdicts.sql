-- arbiter database on PostgreSQL, version 3: a tournament's format, a
-- Swiss's byes, and when and at what LLR an SPRT answered (see the SQLite
-- migration 0007 and docs/database.md).
ALTER TABLE tournaments ADD COLUMN format TEXT NOT NULL DEFAULT '';

CREATE TABLE byes (
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    player        TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round)
);

ALTER TABLE sprt ADD COLUMN decided_at TEXT;
ALTER TABLE sprt ADD COLUMN decided_llr DOUBLE PRECISION;
