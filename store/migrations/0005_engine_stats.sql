-- arbiter database, version 5: what each engine's search said in each game
-- a tournament played (see docs/database.md). One row per game that has
-- them; imported games have none. The game's players, tournament and game
-- type are repeated here so that the report reads this small table alone;
-- the trigger keeps them in step with games.
CREATE TABLE game_engine_stats (
    game_id       INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    tournament_id INTEGER,
    game          TEXT NOT NULL,
    white         TEXT NOT NULL,
    black         TEXT NOT NULL,
    white_moves   INTEGER NOT NULL, -- moves White's engine played (book moves excluded)
    white_depth   REAL,             -- mean depth over the moves that reported one; NULL if none did
    white_move_ms REAL,             -- mean thinking time per move; NULL without moves
    white_nodes   INTEGER,          -- nodes searched over the game, as reported; NULL if never
    white_nps     INTEGER,          -- mean nodes per second, as reported (else nodes over time); NULL if unknown
    black_moves   INTEGER NOT NULL,
    black_depth   REAL,
    black_move_ms REAL,
    black_nodes   INTEGER,
    black_nps     INTEGER
);
CREATE INDEX game_engine_stats_tournament ON game_engine_stats(tournament_id, game);

CREATE TRIGGER games_engine_stats_update AFTER UPDATE OF tournament_id, game, white, black ON games
BEGIN
    UPDATE game_engine_stats SET tournament_id = NEW.tournament_id, game = NEW.game,
        white = NEW.white, black = NEW.black
    WHERE game_id = NEW.id;
END;
