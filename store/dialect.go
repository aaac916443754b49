package store

// dialect is everything that differs between the backends: the spelling of
// a few SQL constructs and what a backend offers. The rest of the store runs
// one code path on both; a DB holds its dialect, and a new backend is one
// more dialect value (see docs/architecture.md).
type dialect struct {
	name string
	// insertIgnore is the INSERT of head ("INTO t (cols) VALUES …") that
	// skips a row whose unique key is stored already.
	insertIgnore func(head string) string
	// total is a float sum of expr that is 0 over no rows.
	total func(expr string) string
	// countIf counts the rows of an aggregate where cond holds.
	countIf func(cond string) string
	// matchOp and controlPattern find a control character in a column:
	// col matchOp controlPattern.
	matchOp, controlPattern string
	// registerLock, when set, runs first in a tournament's registration,
	// with the lock's key as its argument, so that runners starting
	// together register one tournament.
	registerLock string

	// shared: runners on several machines share the database. Slots are
	// leased (Leases), the games in play are listed, a statement that lost
	// its connection is tried again, an import ends with VACUUM ANALYZE,
	// and a game's insert marks its slot stored.
	shared bool
	// file: the database is a local file: checked for damage (quick_check,
	// the check's stamp), and a damaged page is reported as such.
	file bool
	// writerKeys: a writer (Batch, Inserter) holds a connection of its own
	// with foreign keys off and checks a game's tournament itself, since
	// SQLite's own check makes it keep a statement journal for each insert.
	writerKeys bool
	// copyFrom: a copy into the database streams rows with COPY FROM.
	copyFrom bool
}

// sqliteDialect is SQLite's (modernc.org/sqlite).
var sqliteDialect = &dialect{
	name:           "sqlite",
	insertIgnore:   func(head string) string { return "INSERT OR IGNORE " + head },
	total:          func(expr string) string { return "total(" + expr + ")" },
	countIf:        func(cond string) string { return "total(" + cond + ")" },
	matchOp:        "GLOB",
	controlPattern: "*[\x01-\x1f\x7f\u0080-\u009f]*",
	file:           true,
	writerKeys:     true,
}

// postgresDialect is PostgreSQL's (pgx, with ? placeholders rebound).
var postgresDialect = &dialect{
	name:           "postgres",
	insertIgnore:   func(head string) string { return "INSERT " + head + " ON CONFLICT DO NOTHING" },
	total:          func(expr string) string { return "coalesce(sum(" + expr + "), 0)::float8" },
	countIf:        func(cond string) string { return "count(*) FILTER (WHERE " + cond + ")" },
	matchOp:        "~",
	controlPattern: "[\x01-\x1f\x7f\u0080-\u009f]",
	registerLock:   `SELECT pg_advisory_xact_lock(?)`,
	shared:         true,
	copyFrom:       true,
}
