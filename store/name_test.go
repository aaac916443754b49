package store

import (
	"context"
	"strings"
	"testing"
)

// TestName checks that a database's name in messages never holds its
// password, in any of the forms a --db value gives it: the URL's user
// password (with an @ that is not percent-encoded too), a password or
// sslpassword parameter, a keyword=value string.
func TestName(t *testing.T) {
	tests := []struct{ dsn, want string }{
		{"arbiter.db", "arbiter.db"},
		{"/data/host=1.db", "/data/host=1.db"},
		{"postgres://arb:s3cret@db:5432/x", "postgres://arb:xxxxx@db:5432/x"},
		{"postgresql://arb@db/x?sslmode=disable", "postgresql://arb@db/x?sslmode=disable"},
		{"postgres://arb@db/x?password=s3cret", "postgres://arb@db/x?password=xxxxx"},
		{"postgres://arb@db/x?sslmode=require&sslpassword=s3cret&PASSWORD=s3cret", "postgres://arb@db/x?sslmode=require&sslpassword=xxxxx&PASSWORD=xxxxx"},
		{"postgres://arb@db/x?pass%77ord=s3cret", "postgres://arb@db/x?password=xxxxx"},
		{"postgres://arb:s3@cr:et@db:5432/x", "postgres://arb:xxxxx@db:5432/x"},
		{"postgres://arb:s3%zzcret@db/x", "postgres://…"},
		{"host=db port=5432 user=arb password=s3cret dbname=x", "host=… port=… user=… password=… dbname=…"},
		{"password='s3 cret' host=db", "password=… host=…"},
	}
	for _, tt := range tests {
		if got := Name(tt.dsn); got != tt.want || strings.Contains(got, "s3") {
			t.Errorf("Name(%q) = %q; want %q", tt.dsn, got, tt.want)
		}
	}
}

// TestOpenHidesPassword checks that opening a PostgreSQL database that
// cannot be reached or read says so without the password, whatever its
// form, and that a keyword=value string is refused with a hint rather
// than taken for a SQLite file of that name.
func TestOpenHidesPassword(t *testing.T) {
	tests := []struct{ dsn, want string }{
		{"postgres://arb@127.0.0.1:1/x?password=s3cret&connect_timeout=2", "database postgres://arb@127.0.0.1:1/x?password=xxxxx&connect_timeout=2: "},
		{"postgres://arb:s3@cr:et@127.0.0.1:1/x", "database postgres://arb:xxxxx@127.0.0.1:1/x: cannot read the URL"},
		{"postgres://arb:s3cret@127.0.0.1:notaport/x", "database postgres://…: cannot read the URL"},
		{"host=127.0.0.1 port=1 user=arb password=s3cret dbname=x", "database host=… port=… user=… password=… dbname=…: a keyword=value connection string is not taken: give a URL"},
	}
	for _, tt := range tests {
		for name, open := range map[string]func(context.Context, string) (*DB, error){"Open": Open, "OpenReader": OpenReader} {
			db, err := open(context.Background(), tt.dsn)
			if err == nil {
				db.Close()
				t.Errorf("%s(%q) opened", name, tt.dsn)
				continue
			}
			if msg := err.Error(); !strings.HasPrefix(msg, tt.want) || strings.Contains(msg, "s3") || strings.Contains(msg, "cr:") {
				t.Errorf("%s(%q) = %q; want it to start %q, without the password", name, tt.dsn, msg, tt.want)
			}
		}
	}
}
