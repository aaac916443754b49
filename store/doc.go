// Package store keeps tournaments and finished games in a SQLite database
// (modernc.org/sqlite, no cgo). The schema is embedded as numbered
// migrations, applied one per transaction; the database runs in WAL mode with
// a busy timeout so that a report can read while a tournament writes.
package store
