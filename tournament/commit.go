package tournament

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/arbiter-games/arbiter/tournament/store"
)

// committer stores finished games, each in a transaction of its own
// committed before insert returns, as store.InsertTx does, but with every
// statement prepared once for the run: parsing the INSERT again for each game
// was about a quarter of the commit's CPU, which runs while other games play.
// Use it from one goroutine.
type committer struct {
	db    *store.DB
	stmts map[string]*sql.Stmt
	tx    *sql.Tx // the transaction of the insert under way
}

func newCommitter(db *store.DB) *committer {
	return &committer{db: db, stmts: map[string]*sql.Stmt{}}
}

// insert stores g and commits; it returns store.ErrDuplicate when the game
// is stored already.
func (c *committer) insert(ctx context.Context, g *store.Game) error {
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store game %s vs %s: %w", g.White, g.Black, err)
	}
	defer tx.Rollback()
	c.tx = tx
	defer func() { c.tx = nil }()
	if err := store.Insert(ctx, c, g); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store game %s vs %s: %w", g.White, g.Black, err)
	}
	return nil
}

// ExecContext implements store.Execer: it runs query in the insert's
// transaction, prepared the first time it is seen.
func (c *committer) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st := c.stmts[query]
	if st == nil {
		var err error
		if st, err = c.db.PrepareContext(ctx, query); err != nil {
			return nil, err
		}
		c.stmts[query] = st
	}
	return c.tx.StmtContext(ctx, st).ExecContext(ctx, args...)
}

// close releases the prepared statements.
func (c *committer) close() {
	for q, st := range c.stmts {
		st.Close()
		delete(c.stmts, q)
	}
}
