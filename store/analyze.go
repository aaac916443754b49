package store

import (
	"context"
	"fmt"
)

// analyzeSQL brings the statistics of the tables a copy or an import
// writes up to date (game_pairs is filled by the triggers), on PostgreSQL.
const analyzeSQL = `VACUUM (ANALYZE) tournaments, engines, games, game_pairs, game_engine_stats, sprt, sprt_llr`

// Analyze brings the planner's statistics of the games tables up to date
// after many games were written at once (CopyTo does it; so does import). On
// PostgreSQL it is VACUUM (ANALYZE), outside any transaction: until
// autovacuum comes by, the planner does not know the tables' sizes and the
// report's index-only scans visit the table, and a report over 1,000,000
// copied games takes seconds rather than tenths (docs/database.md). On
// SQLite it does nothing: there the report does not need it.
func (db *DB) Analyze(ctx context.Context) error {
	if !db.dialect.shared {
		return nil
	}
	if _, err := db.ExecContext(ctx, analyzeSQL); err != nil {
		return fmt.Errorf("vacuum analyze: %w", describe(err))
	}
	return nil
}
