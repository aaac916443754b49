package stats

import (
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rating"
)

// blockOf writes the result block of the pairs for names.
func blockOf(t *testing.T, pairs []*Pair, names []string, penta bool) string {
	t.Helper()
	r := &Report{Pairs: pairs}
	var b strings.Builder
	if err := r.WriteResults(&b, names, "10+0.1, book.agn", penta); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func pentaPtr(pt [5]int) *[5]int { return &pt }

// TestFastchessBlock: the blocks are fastchess's, line for line, with the
// numbers fastchess's own code prints for the same counts. The example
// pair has 7 WL and 7 DD pairs among its 14 1-1 pairs: 24 wins, 18
// losses, 38 draws.
func TestFastchessBlock(t *testing.T) {
	example := &Pair{A: "a", B: "b", Games: 80, Wins: 24, Losses: 18, Draws: 38, Pentanomial: pentaPtr([5]int{0, 11, 14, 13, 2})}
	rule := blockRule + "\n"
	for _, tc := range []struct {
		name  string
		pairs []*Pair
		names []string
		penta bool
		want  string
	}{
		{"penta", []*Pair{example}, []string{"a", "b"}, true, rule +
			"Results of a vs b (10+0.1, book.agn):\n" +
			"Elo: 26.11 +/- 48.05, nElo: 41.79 +/- 76.13\n" +
			"LOS: 85.90 %, DrawRatio: 35.00 %, PairsRatio: 1.36\n" +
			"Games: 80, Wins: 24, Losses: 18, Draws: 38, Points: 43.0 (53.75 %)\n" +
			"Ptnml(0-2): [0, 11, 14, 13, 2], WL/DD Ratio: 1.00\n" + rule},
		{"wdl", []*Pair{example}, []string{"a", "b"}, false, rule +
			"Results of a vs b (10+0.1, book.agn):\n" +
			"Elo: 26.11 +/- 55.66, nElo: 36.16 +/- 76.13\n" +
			"LOS: 82.40 %, DrawRatio: 47.50 %\n" +
			"Games: 80, Wins: 24, Losses: 18, Draws: 38, Points: 43.0 (53.75 %)\n" + rule},
		{"other side", []*Pair{example}, []string{"b", "a"}, true, rule +
			"Results of b vs a (10+0.1, book.agn):\n" +
			"Elo: -26.11 +/- 48.05, nElo: -41.79 +/- 76.13\n" +
			"LOS: 14.10 %, DrawRatio: 35.00 %, PairsRatio: 0.73\n" +
			"Games: 80, Wins: 18, Losses: 24, Draws: 38, Points: 37.0 (46.25 %)\n" +
			"Ptnml(0-2): [2, 13, 14, 11, 0], WL/DD Ratio: 1.00\n" + rule},
		{"drawn pairs", []*Pair{{A: "a", B: "b", Games: 10, Draws: 10, Pentanomial: pentaPtr([5]int{0, 0, 5, 0, 0})}},
			[]string{"a", "b"}, true, rule +
				"Results of a vs b (10+0.1, book.agn):\n" +
				"Elo: -0.00 +/- 0.00, nElo: -nan +/- -nan\n" +
				"LOS: -nan %, DrawRatio: 100.00 %, PairsRatio: -nan\n" +
				"Games: 10, Wins: 0, Losses: 0, Draws: 10, Points: 5.0 (50.00 %)\n" +
				"Ptnml(0-2): [0, 0, 5, 0, 0], WL/DD Ratio: 0.00\n" + rule},
		{"swept", []*Pair{{A: "a", B: "b", Games: 2, Wins: 2, Pentanomial: pentaPtr([5]int{0, 0, 0, 0, 1})}},
			[]string{"a", "b"}, true, rule +
				"Results of a vs b (10+0.1, book.agn):\n" +
				"Elo: inf +/- -nan, nElo: inf +/- -nan\n" +
				"LOS: 100.00 %, DrawRatio: 0.00 %, PairsRatio: inf\n" +
				"Games: 2, Wins: 2, Losses: 0, Draws: 0, Points: 2.0 (100.00 %)\n" +
				"Ptnml(0-2): [0, 0, 0, 0, 1], WL/DD Ratio: -nan\n" + rule},
		{"won-lost pairs only", []*Pair{{A: "a", B: "b", Games: 6, Wins: 3, Losses: 3, Pentanomial: pentaPtr([5]int{0, 0, 3, 0, 0})}},
			[]string{"a", "b"}, true, rule +
				"Results of a vs b (10+0.1, book.agn):\n" +
				"Elo: -0.00 +/- 0.00, nElo: -nan +/- -nan\n" +
				"LOS: -nan %, DrawRatio: 100.00 %, PairsRatio: -nan\n" +
				"Games: 6, Wins: 3, Losses: 3, Draws: 0, Points: 3.0 (50.00 %)\n" +
				"Ptnml(0-2): [0, 0, 3, 0, 0], WL/DD Ratio: inf\n" + rule},
		{"no pair finished", []*Pair{{A: "a", B: "b", Games: 1, Wins: 1}}, []string{"a", "b"}, true, rule +
			"Results of a vs b (10+0.1, book.agn):\n" +
			"Elo: -nan +/- -nan, nElo: -nan +/- -nan\n" +
			"LOS: -nan %, DrawRatio: -nan %, PairsRatio: -nan\n" +
			"Games: 1, Wins: 1, Losses: 0, Draws: 0, Points: 1.0 (100.00 %)\n" +
			"Ptnml(0-2): [0, 0, 0, 0, 0], WL/DD Ratio: -\n" + rule},
		{"a game outside the pairs", []*Pair{{A: "a", B: "b", Games: 81, Wins: 25, Losses: 18, Draws: 38, Pentanomial: example.Pentanomial}},
			[]string{"a", "b"}, true, rule +
				"Results of a vs b (10+0.1, book.agn):\n" +
				"Elo: 26.11 +/- 48.05, nElo: 41.79 +/- 76.13\n" +
				"LOS: 85.90 %, DrawRatio: 35.00 %, PairsRatio: 1.36\n" +
				"Games: 81, Wins: 25, Losses: 18, Draws: 38, Points: 44.0 (54.32 %)\n" +
				"Ptnml(0-2): [0, 11, 14, 13, 2], WL/DD Ratio: -\n" + rule},
		{"no game", nil, []string{"a", "b"}, true, rule +
			"Results of a vs b (10+0.1, book.agn):\n" +
			"No finished game yet.\n" + rule},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := blockOf(t, tc.pairs, tc.names, tc.penta); got != tc.want {
				t.Errorf("block:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestFastchessTable: with three engines the block is fastchess's table,
// each engine's counts summed over its opponents from its side, best Elo
// first, with the numbers fastchess's own code prints for those sums.
func TestFastchessTable(t *testing.T) {
	pairs := []*Pair{
		{A: "x", B: "y", Games: 20, Wins: 7, Losses: 5, Draws: 8, Pentanomial: pentaPtr([5]int{1, 2, 3, 2, 2})},
		{A: "x", B: "z", Games: 8, Wins: 2, Losses: 1, Draws: 5, Pentanomial: pentaPtr([5]int{0, 1, 1, 2, 0})},
		{A: "z", B: "y", Games: 8, Wins: 5, Losses: 3, Draws: 0, Pentanomial: pentaPtr([5]int{1, 0, 1, 0, 2})},
	}
	names := []string{"y", "z", "x", "w"}
	head := "Rank Name                             Elo        +/-       nElo        +/-      Games      Score       Draw           Ptnml(0-2)\n"
	for _, tc := range []struct {
		name  string
		penta bool
		want  []string
	}{
		{"penta", true, []string{
			"   1 x                              37.37     108.97      45.97     128.69         28      55.4%      28.6%      [1, 3, 4, 4, 2]",
			"   2 z                              21.74     179.38      22.52     170.24         16      53.1%      25.0%      [1, 2, 2, 1, 2]",
			"   3 y                             -49.98     135.57     -50.68     128.69         28      42.9%      28.6%      [4, 2, 4, 2, 2]",
			"   4 w                               -nan       -nan       -nan       -nan          0      -nan%      -nan%      [0, 0, 0, 0, 0]",
		}},
		{"wdl", false, []string{
			"   1 x                              37.37      96.77      51.41     128.69         28      55.4%      46.4%                     ",
			"   2 z                              21.74     150.11      26.26     170.24         16      53.1%      31.2%                     ",
			"   3 y                             -49.98     113.56     -59.58     128.69         28      42.9%      28.6%                     ",
			"   4 w                               -nan       -nan       -nan       -nan          0      -nan%      -nan%                     ",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := blockRule + "\n" + head + strings.Join(tc.want, "\n") + "\n" + blockRule + "\n"
			if got := blockOf(t, pairs, names, tc.penta); got != want {
				t.Errorf("block:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestEloTextNamesEstimate: an SPRT's Elo line says whose estimate it is
// and over what, since it stands beside the standings' Elo.
func TestEloTextNamesEstimate(t *testing.T) {
	elo, nelo := 12.34, 20.06
	for _, tc := range []struct {
		name string
		pt   *[5]int
		want string
	}{
		{"pairs", pentaPtr([5]int{1, 2, 3, 2, 1}), "Elo 12.3 +/- -, nElo 20.1 +/- - (fastchess's, over the pairs)"},
		{"games", nil, "Elo 12.3 +/- -, nElo 20.1 +/- - (fastchess's, over the games)"},
	} {
		s := &SPRTResult{Pentanomial: tc.pt, Elo: &elo, NElo: &nelo}
		if got := s.EloText(); got != tc.want {
			t.Errorf("%s: EloText() = %q; want %q", tc.name, got, tc.want)
		}
	}
}

// TestFastchessRatioText: the WL/DD ratio prints as fastchess prints it,
// "inf" without a DD pair and "-nan" without either.
func TestFastchessRatioText(t *testing.T) {
	for _, tc := range []struct {
		wl, dd int
		want   string
	}{{7, 7, "1.00"}, {3, 2, "1.50"}, {0, 5, "0.00"}, {3, 0, "inf"}, {0, 0, "-nan"}} {
		if got := fcNum(rating.FastchessWLDDRatio(tc.wl, tc.dd), 2); got != tc.want {
			t.Errorf("WL/DD ratio of %d WL, %d DD = %s; want %s", tc.wl, tc.dd, got, tc.want)
		}
	}
}
