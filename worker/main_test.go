package worker

import "testing"

func TestIs(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"arbiter", "tournament-worker"}, true},
		{[]string{"/usr/local/bin/arbiter", "tournament-worker"}, true},
		{[]string{"arbiter"}, false},
		{[]string{"arbiter", "tournament"}, false},
		{[]string{"arbiter", "tournament-worker", "--help"}, false},
		{[]string{"arbiter", "--", "tournament-worker"}, false},
	}
	for _, tt := range tests {
		if got := Is(tt.args); got != tt.want {
			t.Errorf("Is(%q) = %v; want %v", tt.args, got, tt.want)
		}
	}
}
