-- arbiter database, version 7: what the formats whose pairings depend on
-- results and the SPRT's verdict need to be read back. See
-- docs/database.md.

-- A tournament's format (round-robin, gauntlet, knockout, swiss); '' for
-- imported games and tournaments stored before.
ALTER TABLE tournaments ADD COLUMN format TEXT NOT NULL DEFAULT '';

-- The byes of a Swiss: the player who sat out each round, worth a point.
-- Written by the runner when it makes the round, once (a round has one).
CREATE TABLE byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    player        TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round)
) WITHOUT ROWID;

-- When an SPRT's bound was reached (RFC 3339, UTC), and the LLR that
-- reached it; NULL before.
ALTER TABLE sprt ADD COLUMN decided_at TEXT;
ALTER TABLE sprt ADD COLUMN decided_llr REAL;
