package store

import (
	"strconv"
	"strings"
	"testing"
)

func TestRebind(t *testing.T) {
	tests := []struct{ in, want string }{
		{"SELECT 1", "SELECT 1"},
		{"SELECT id FROM t WHERE a = ? AND b = ?", "SELECT id FROM t WHERE a = $1 AND b = $2"},
		{"VALUES (?,?),(?,?)", "VALUES ($1,$2),($3,$4)"},
		{"SELECT ?2, ?1, ?12", "SELECT $2, $1, $12"},
		{"SELECT '?', \"a?\", ? -- why?\n, ?", "SELECT '?', \"a?\", $1 -- why?\n, $2"},
		{"SELECT 'it''s ?', ?", "SELECT 'it''s ?', $1"},
		{"SELECT 'unterminated ?", "SELECT 'unterminated ?"},
		{"SELECT ? --?", "SELECT $1 --?"},
	}
	for _, tt := range tests {
		if got := rebind(tt.in); got != tt.want {
			t.Errorf("rebind(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzRebind checks that rebind never panics, leaves text without a ?
// alone, and turns every unnumbered ? outside quotes and comments into the
// next $n: the output has as many $ placeholders, numbered 1, 2, ... .
func FuzzRebind(f *testing.F) {
	for _, s := range []string{"SELECT ? FROM t WHERE a = ? -- ?\n", "'?' \"?\" ?", "?1 ?2 ?", "'", "--", "?"} {
		f.Add(s)
	}
	pg := &DB{dialect: postgresDialect}
	for _, s := range []string{pg.insertSQL(gamesTable, 3), pg.insertSQL(statsTable, 2), copyTables[2].columns} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		got := rebind(q)
		if !strings.Contains(q, "?") && got != q {
			t.Fatalf("rebind(%q) = %q; want it unchanged", q, got)
		}
		if strings.Contains(q, "$") {
			return // the input's own $ would be counted
		}
		// Count the plain placeholders of q as rebind should see them.
		n := 0
		for i := 0; i < len(q); i++ {
			switch c := q[i]; {
			case c == '\'' || c == '"':
				j := strings.IndexByte(q[i+1:], c)
				if j < 0 {
					i = len(q)
				} else {
					i += j + 1
				}
			case c == '-' && i+1 < len(q) && q[i+1] == '-':
				j := strings.IndexByte(q[i:], '\n')
				if j < 0 {
					i = len(q)
				} else {
					i += j
				}
			case c == '?' && (i+1 == len(q) || q[i+1] < '0' || q[i+1] > '9'):
				n++
			}
		}
		for k := 1; k <= n; k++ {
			if !strings.Contains(got, "$"+strconv.Itoa(k)) {
				t.Fatalf("rebind(%q) = %q: no $%d for its %d placeholders", q, got, k, n)
			}
		}
	})
}
