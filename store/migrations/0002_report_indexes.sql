-- arbiter database, version 2: what `arbiter report` needs to summarise a
-- million games in about a second. See docs/reports.md.

-- games_report covers the main aggregate, GROUP BY tournament_id, game,
-- white, black, result, termination, read in index order without touching
-- the records. games_tournament was a prefix of it.
CREATE INDEX games_report ON games(tournament_id, game, white, black, result, termination, score_white, score_black);
DROP INDEX games_tournament;

-- game_pairs summarises each pair of a tournament (the games that share a
-- start with colours swapped), kept up to date by the triggers below, so that
-- the pentanomial counts are one indexed GROUP BY rather than a sort of every
-- pair. Only finished games count.
CREATE TABLE game_pairs (
    tournament_id INTEGER NOT NULL,
    pair          INTEGER NOT NULL,
    game          TEXT NOT NULL,
    a             TEXT NOT NULL,    -- the players, a < b
    b             TEXT NOT NULL,
    games         INTEGER NOT NULL, -- finished games stored (2 for a whole pair)
    a_white       INTEGER NOT NULL, -- of which a had White
    points        INTEGER NOT NULL, -- a's half-points over them (0..4 for a whole pair)
    same          INTEGER NOT NULL, -- 1 while every game is a against b, of one game type
    PRIMARY KEY (tournament_id, pair)
) WITHOUT ROWID;
CREATE INDEX game_pairs_report ON game_pairs(a, b, points, games, a_white, same, tournament_id, game);

-- A new finished game joins its pair.
CREATE TRIGGER games_pairs_insert AFTER INSERT ON games
WHEN NEW.pair IS NOT NULL AND NEW.tournament_id IS NOT NULL AND NEW.result != '*'
BEGIN
    INSERT INTO game_pairs (tournament_id, pair, game, a, b, games, a_white, points, same)
    VALUES (NEW.tournament_id, NEW.pair, NEW.game, min(NEW.white, NEW.black), max(NEW.white, NEW.black), 1,
        NEW.white < NEW.black,
        CASE WHEN NEW.result = '1/2-1/2' THEN 1 WHEN (NEW.result = '1-0') = (NEW.white < NEW.black) THEN 2 ELSE 0 END,
        NEW.white != NEW.black)
    ON CONFLICT (tournament_id, pair) DO UPDATE SET
        games = games + 1,
        a_white = a_white + excluded.a_white,
        points = points + excluded.points,
        same = same AND excluded.same AND a = excluded.a AND b = excluded.b AND game = excluded.game;
END;

-- Deleting or changing a game recomputes its pair from the games left.
CREATE TRIGGER games_pairs_delete AFTER DELETE ON games
WHEN OLD.pair IS NOT NULL AND OLD.tournament_id IS NOT NULL
BEGIN
    DELETE FROM game_pairs WHERE tournament_id = OLD.tournament_id AND pair = OLD.pair;
    INSERT INTO game_pairs (tournament_id, pair, game, a, b, games, a_white, points, same)
    SELECT tournament_id, pair, min(game), min(min(white, black)), max(max(white, black)), count(*),
        sum(white < black),
        sum(CASE WHEN result = '1/2-1/2' THEN 1 WHEN (result = '1-0') = (white < black) THEN 2 ELSE 0 END),
        count(DISTINCT min(white, black)) = 1 AND count(DISTINCT max(white, black)) = 1
            AND count(DISTINCT game) = 1 AND min(white != black)
    FROM games WHERE tournament_id = OLD.tournament_id AND pair = OLD.pair AND result != '*'
    GROUP BY tournament_id, pair;
END;

CREATE TRIGGER games_pairs_update AFTER UPDATE OF tournament_id, pair, game, white, black, result ON games
BEGIN
    DELETE FROM game_pairs WHERE (tournament_id = OLD.tournament_id AND pair = OLD.pair)
        OR (tournament_id = NEW.tournament_id AND pair = NEW.pair);
    INSERT INTO game_pairs (tournament_id, pair, game, a, b, games, a_white, points, same)
    SELECT tournament_id, pair, min(game), min(min(white, black)), max(max(white, black)), count(*),
        sum(white < black),
        sum(CASE WHEN result = '1/2-1/2' THEN 1 WHEN (result = '1-0') = (white < black) THEN 2 ELSE 0 END),
        count(DISTINCT min(white, black)) = 1 AND count(DISTINCT max(white, black)) = 1
            AND count(DISTINCT game) = 1 AND min(white != black)
    FROM games
    WHERE ((tournament_id = OLD.tournament_id AND pair = OLD.pair) OR (tournament_id = NEW.tournament_id AND pair = NEW.pair))
        AND pair IS NOT NULL AND tournament_id IS NOT NULL AND result != '*'
    GROUP BY tournament_id, pair;
END;

-- The pairs stored before this migration.
INSERT INTO game_pairs (tournament_id, pair, game, a, b, games, a_white, points, same)
SELECT tournament_id, pair, min(game), min(min(white, black)), max(max(white, black)), count(*),
    sum(white < black),
    sum(CASE WHEN result = '1/2-1/2' THEN 1 WHEN (result = '1-0') = (white < black) THEN 2 ELSE 0 END),
    count(DISTINCT min(white, black)) = 1 AND count(DISTINCT max(white, black)) = 1
        AND count(DISTINCT game) = 1 AND min(white != black)
FROM games WHERE pair IS NOT NULL AND tournament_id IS NOT NULL AND result != '*'
GROUP BY tournament_id, pair;
