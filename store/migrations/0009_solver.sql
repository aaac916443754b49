-- arbiter database, version 9: what adjudication by the solver spent on
-- each tournament game (see docs/database.md): the runner's own time and
-- the positions the solver visited, over all its calls in the game. NULL
-- for a game played without the solver, and for imported games.
ALTER TABLE game_engine_stats ADD COLUMN solver_ms REAL;
ALTER TABLE game_engine_stats ADD COLUMN solver_nodes INTEGER;

-- The report sums them up over the few games that have them.
CREATE INDEX game_engine_stats_solver ON game_engine_stats(tournament_id, game) WHERE solver_ms IS NOT NULL;
