-- arbiter database on PostgreSQL, version 2: the shared schedule of
-- tournaments played by many runners at once (see docs/scaling.md). One row
-- per slot; a runner claims a free slot (or one whose lease has expired)
-- with SELECT ... FOR UPDATE SKIP LOCKED, renews its lease while it plays,
-- and marks the slot stored in the transaction that stores the game.
CREATE TABLE slots (
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    slot          INTEGER NOT NULL,
    stored        BOOLEAN NOT NULL DEFAULT false,
    owner         TEXT,        -- the runner holding the lease; NULL when free
    lease_until   TIMESTAMPTZ, -- when the lease ends unless renewed
    PRIMARY KEY (tournament_id, slot)
);
CREATE INDEX slots_free ON slots(tournament_id, slot) WHERE NOT stored;
