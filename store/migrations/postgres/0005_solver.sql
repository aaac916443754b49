-- arbiter database on PostgreSQL, version 5: the solver's time and nodes
-- per game (see the SQLite migration 0009 and docs/database.md).
ALTER TABLE game_engine_stats ADD COLUMN solver_ms DOUBLE PRECISION;
ALTER TABLE game_engine_stats ADD COLUMN solver_nodes BIGINT;
CREATE INDEX game_engine_stats_solver ON game_engine_stats(tournament_id, game) WHERE solver_ms IS NOT NULL;
