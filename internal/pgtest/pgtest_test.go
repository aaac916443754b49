package pgtest

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"testing"
	"time"
)

// orphanEnv makes the test binary start a server, print its folder and
// wait to be killed (TestReapStale).
const orphanEnv = "PGTEST_ORPHAN"

func TestMain(m *testing.M) {
	if os.Getenv(orphanEnv) == "1" {
		s, err := start()
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println(s.dir)
		time.Sleep(time.Hour)
	}
	os.Exit(Run(m))
}

// TestURL checks that two databases of the server are separate and usable.
func TestURL(t *testing.T) {
	ctx := context.Background()
	var dbs []*sql.DB
	for range 2 {
		db, err := sql.Open("pgx", URL(t))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		dbs = append(dbs, db)
	}
	if _, err := dbs[0].ExecContext(ctx, "CREATE TABLE x (i int)"); err != nil {
		t.Fatal(err)
	}
	if _, err := dbs[1].ExecContext(ctx, "CREATE TABLE x (i int)"); err != nil {
		t.Errorf("CREATE TABLE in the second database: %v; want a fresh database", err)
	}
	var n int
	if err := dbs[0].QueryRowContext(ctx, "SELECT count(*) FROM x").Scan(&n); err != nil || n != 0 {
		t.Errorf("count = %d, %v; want 0, nil", n, err)
	}
}
