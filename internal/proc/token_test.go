package proc

import (
	"slices"
	"testing"
)

func TestWithoutDB(t *testing.T) {
	tests := []struct {
		env, want []string
	}{
		{nil, []string{}},
		{[]string{"PATH=/bin", "HOME=/home/a"}, []string{"PATH=/bin", "HOME=/home/a"}},
		{[]string{"ARBITER_DB=postgres://a:secret@h/db", "PATH=/bin"}, []string{"PATH=/bin"}},
		{[]string{"PGPASSWORD=secret", "PGPASSFILE=/p", "PGSERVICE=s", "PGSERVICEFILE=/f", "PGUSER=u", "PGHOST=h",
			"PGDATABASE=d", "PGPORT=5432", "PGSSLKEY=/k", "PGAPPNAME=a", "HOME=/home/a"}, []string{"HOME=/home/a"}},
		// Only the database's own names go: another ARBITER_ variable, a
		// name with PG inside, a lower-case pg stay.
		{[]string{"ARBITER_DB_BACKUP=x", "ARBITER_ENGINE=1.2", "MYPGHOST=h", "pghost=h", "ARBITER_DB="},
			[]string{"ARBITER_DB_BACKUP=x", "ARBITER_ENGINE=1.2", "MYPGHOST=h", "pghost=h"}},
	}
	for _, tc := range tests {
		if got := withoutDB(tc.env); !slices.Equal(got, tc.want) {
			t.Errorf("withoutDB(%q) = %q; want %q", tc.env, got, tc.want)
		}
	}
}

func TestWithTokenNil(t *testing.T) {
	t.Setenv(DBEnv, "postgres://a:secret@h/db")
	t.Setenv("PGPASSWORD", "secret")
	t.Setenv("ARBITER_TEST_ORDINARY", "kept")
	env := WithToken(nil, "7.1")
	for _, kv := range env {
		if kv == DBEnv+"=postgres://a:secret@h/db" || kv == "PGPASSWORD=secret" {
			t.Errorf("WithToken(nil, ...) holds %q", kv)
		}
	}
	for _, want := range []string{"ARBITER_TEST_ORDINARY=kept", EngineEnv + "=7.1"} {
		if !slices.Contains(env, want) {
			t.Errorf("WithToken(nil, ...) lacks %q", want)
		}
	}
}
