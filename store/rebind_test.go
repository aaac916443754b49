package store

import "testing"

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
