-- arbiter database on PostgreSQL, version 4: the sha256 of each engine's
-- file (see the SQLite migration 0008 and docs/database.md).
ALTER TABLE engines ADD COLUMN digest TEXT NOT NULL DEFAULT '';
