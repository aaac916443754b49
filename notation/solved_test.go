package notation

import "testing"

// TestParseSolved reads the solver's closing comment alone and after a
// move's own, and refuses what is not one; what it reads prints back as
// the same text.
func TestParseSolved(t *testing.T) {
	for _, tc := range []struct {
		comment string
		want    Solved
		ok      bool
	}{
		{"solved: White wins in at most 7 plies, proof of 183211 nodes within 1000000", Solved{"1-0", 7, 183211, 1000000}, true},
		{"+0.35/12 0.120s; solved: Black wins in at most 0 plies, proof of 1 nodes within 5", Solved{"0-1", 0, 1, 5}, true},
		{"solved: draw in at most 12 plies, proof of 40 nodes within 40", Solved{"1/2-1/2", 12, 40, 40}, true},
		{"book; solved: Black wins in at most 11 plies, proof of 13695 nodes within 20000; proven: Black wins", Solved{"0-1", 11, 13695, 20000}, true},
		{"x; solved: White wins in at most 1 plies, proof of 2 nodes within 3; solved: bad", Solved{"1-0", 1, 2, 3}, true},
		{"solved: White wins in at most 7 plies, proof of 183211 nodes within", Solved{}, false},
		{"solved: White wins in at most 7 plies, proof of 183211 nodes within 1e6", Solved{}, false},
		{"solved: White wins in at most 7 plies, proof of 183211 nodes within +5", Solved{}, false},
		{"solved: White wins in at most x plies, proof of 1 nodes within 5", Solved{}, false},
		{"solved: Red wins in at most 7 plies, proof of 1 nodes within 5", Solved{}, false},
		{"unsolved: White wins in at most 7 plies, proof of 1 nodes within 5", Solved{}, false},
		{"solved: White wins in at most 7 plies, proof of 1 nodes within 99999999999999999999", Solved{}, false},
		{"", Solved{}, false},
	} {
		got, ok := ParseSolved(tc.comment)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseSolved(%q) = %+v, %v; want %+v, %v", tc.comment, got, ok, tc.want, tc.ok)
		}
		if ok {
			if again, ok := ParseSolved(got.String()); !ok || again != got {
				t.Errorf("ParseSolved(%q) = %+v, %v; want %+v (String of the first reading)", got.String(), again, ok, got)
			}
		}
	}
}

// FuzzParseSolved checks that what ParseSolved reads prints back as a
// comment it reads the same, and that it never panics.
func FuzzParseSolved(f *testing.F) {
	for _, s := range []string{
		"solved: White wins in at most 7 plies, proof of 183211 nodes within 1000000",
		"+0.35/12 0.120s; solved: draw in at most 0 plies, proof of 1 nodes within 5",
		"solved: Black wins in at most 3 plies, proof of 9 nodes within",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, comment string) {
		s, ok := ParseSolved(comment)
		if !ok {
			return
		}
		if again, ok := ParseSolved(s.String()); !ok || again != s {
			t.Errorf("ParseSolved(%q) = %+v, %v; want %+v (from %q)", s.String(), again, ok, s, comment)
		}
	})
}
