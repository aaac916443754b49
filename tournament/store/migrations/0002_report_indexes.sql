-- arbiter database, version 2: covering indexes for `arbiter report`, so that
-- the report aggregates a million games from the indexes alone, in index
-- order, without reading the records or sorting.
-- games_report serves the per game type / player / pair / termination
-- aggregate (GROUP BY tournament_id, game, white, black, result, termination);
-- games_pairs serves the pentanomial grouping of colour-swapped pairs.
CREATE INDEX games_report ON games(tournament_id, game, white, black, result, termination, score_white, score_black);
CREATE INDEX games_pairs ON games(tournament_id, pair, game, white, black, result) WHERE pair IS NOT NULL;
