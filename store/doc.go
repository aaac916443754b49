// Package store keeps tournaments and finished games, and runs every query
// arbiter makes of them: the runner's writes, import, export, copy and the
// reports' reads (stats computes from the typed rows it returns).
//
// A database is a SQLite file (modernc.org/sqlite, no cgo), in WAL mode
// with a busy timeout so that a report can read while a tournament writes,
// or a PostgreSQL database named by a postgres:// URL (pgx through its
// database/sql adapter), which many tournament runners can share (see
// Leases). The schema of each is embedded as numbered migrations, applied
// one per transaction. The statements are written once, with ? placeholders
// that the PostgreSQL connections rewrite to $n; where the dialects differ,
// the store asks DB.Postgres.
//
//	db, err := store.Open(ctx, "postgres://arbiter@db.example/arbiter") // or "arbiter.db"
package store
