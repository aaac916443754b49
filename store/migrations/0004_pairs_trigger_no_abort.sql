-- arbiter database, version 4: the pair trigger of version 2, rewritten so
-- that inserting games can run without a statement journal.
--
-- SQLite keeps a statement journal (a copy of every page a statement
-- changes, so that it can undo that statement alone) for a statement that
-- writes several rows, or fires a trigger, and "may abort". An UPSERT's
-- DO UPDATE and any function call (min, max) may abort. The trigger now
-- creates the pair row if missing and adds the game to it in two statements
-- that cannot abort, with CASE instead of min/max. It computes the same rows.
DROP TRIGGER games_pairs_insert;
CREATE TRIGGER games_pairs_insert AFTER INSERT ON games
WHEN NEW.pair IS NOT NULL AND NEW.tournament_id IS NOT NULL AND NEW.result != '*'
BEGIN
    INSERT OR IGNORE INTO game_pairs (tournament_id, pair, game, a, b, games, a_white, points, same)
    VALUES (NEW.tournament_id, NEW.pair, NEW.game,
        CASE WHEN NEW.white < NEW.black THEN NEW.white ELSE NEW.black END,
        CASE WHEN NEW.white < NEW.black THEN NEW.black ELSE NEW.white END,
        0, 0, 0, 1);
    UPDATE OR IGNORE game_pairs SET
        games = games + 1,
        a_white = a_white + (NEW.white < NEW.black),
        points = points + CASE WHEN NEW.result = '1/2-1/2' THEN 1 WHEN (NEW.result = '1-0') = (NEW.white < NEW.black) THEN 2 ELSE 0 END,
        same = same AND NEW.white != NEW.black AND game = NEW.game
            AND a = CASE WHEN NEW.white < NEW.black THEN NEW.white ELSE NEW.black END
            AND b = CASE WHEN NEW.white < NEW.black THEN NEW.black ELSE NEW.white END
    WHERE tournament_id = NEW.tournament_id AND pair = NEW.pair;
END;
