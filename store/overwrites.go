package store

import "github.com/arbiter-games/arbiter/internal/outfile"

// Overwrites says what of the database dsn an output written to path
// would replace: "the database DB", or "the database's file DB-wal" for
// one of its companion files (-wal, -shm, -journal), under the same name
// or another one (see outfile.Same); "" when none (path "" or "-" is
// stdout, and a PostgreSQL database has no file).
func Overwrites(path, dsn string) string {
	if path == "" || path == "-" || IsPostgres(dsn) {
		return ""
	}
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		if name := dsn + suffix; outfile.Same(path, name) {
			if suffix != "" {
				return "the database's file " + name
			}
			return "the database " + dsn
		}
	}
	return ""
}
