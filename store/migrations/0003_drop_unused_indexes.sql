-- arbiter database, version 3: drop the indexes no query uses. The report
-- reads games_report (version 2); each index dropped here cost every insert,
-- and import is bound by insert work.
DROP INDEX games_game_result;
DROP INDEX games_white;
DROP INDEX games_black;
