-- arbiter database, version 8: the sha256 of each engine's file, so that a
-- resume with a rebuilt engine can be told and refused. See
-- docs/database.md.

-- The sha256 (hex) of the file the engine's command ran when the
-- tournament was started, or when a resume last recorded it; '' for
-- engines stored before, recorded by their next resume.
ALTER TABLE engines ADD COLUMN digest TEXT NOT NULL DEFAULT '';
