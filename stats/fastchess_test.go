package stats

import (
	"math"
	"math/rand"
	"strings"
	"testing"
)

// refFigures computes fastchess's figures the textbook way, independently
// of fastchess.go: the mean and variance of the outcomes from exact
// integer sums (n·Σx² − (Σx)² over n², so that a variance of 0 is exactly
// 0), the Elo of a score as 400·log10(s / (1 − s)), the LOS as the normal
// distribution's Φ of the score's z-value. values are the outcomes in
// units of 1/scale points: 0..4 quarters for pairs, 0..2 halves for games.
// A pair's score has half a game's variance, so nElo divides by
// √(perGame × variance).
func refFigures(counts []int, scale int, perGame float64) fastchessFigures {
	var n, sum, sumSq int64
	for k, c := range counts {
		n += int64(c)
		sum += int64(c) * int64(k)
		sumSq += int64(c) * int64(k) * int64(k)
	}
	nf := float64(n)
	score := float64(sum) / float64(scale) / nf
	variance := float64(n*sumSq-sum*sum) / float64(scale*scale) / (nf * nf)
	sd := math.Sqrt(variance / nf)
	elo := func(s float64) float64 { return 400 * math.Log10(s/(1-s)) }
	nelo := func(s float64) float64 { return (s - 0.5) / math.Sqrt(perGame*variance) * 800 / math.Ln10 }
	lo, hi := score-z95*sd, score+z95*sd
	phi := func(z float64) float64 { return 0.5 * math.Erfc(-z/math.Sqrt2) }
	return fastchessFigures{
		Elo:       elo(score),
		EloError:  (elo(hi) - elo(lo)) / 2,
		NElo:      nelo(score),
		NEloError: (nelo(hi) - nelo(lo)) / 2,
		LOS:       100 * phi((score-0.5)/sd),
		DrawRatio: 100 * float64(counts[len(counts)/2]) / nf,
	}
}

// sameNumber reports whether got and want agree: both NaN, the same
// infinity, or within a relative 1e-9.
func sameNumber(got, want float64) bool {
	switch {
	case math.IsNaN(want) || math.IsNaN(got):
		return math.IsNaN(want) && math.IsNaN(got)
	case math.IsInf(want, 0) || math.IsInf(got, 0):
		return got == want
	}
	return math.Abs(got-want) <= 1e-9*max(1, math.Abs(want))
}

func checkFigures(t *testing.T, what string, got, want fastchessFigures) {
	t.Helper()
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"Elo", got.Elo, want.Elo}, {"Elo error", got.EloError, want.EloError},
		{"nElo", got.NElo, want.NElo}, {"nElo error", got.NEloError, want.NEloError},
		{"LOS", got.LOS, want.LOS}, {"DrawRatio", got.DrawRatio, want.DrawRatio},
	} {
		if !sameNumber(c.got, c.want) {
			t.Errorf("%s: %s = %v; want %v", what, c.name, c.got, c.want)
		}
	}
}

// TestFastchessRandom checks the figures of random counts, pentanomial and
// win/draw/loss, against the textbook computation, many of them with
// empty categories so that the variance and the denominators reach 0.
func TestFastchessRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(20261206))
	count := func() int {
		if rng.Intn(4) == 0 {
			return 0
		}
		return rng.Intn([]int{3, 30, 3000}[rng.Intn(3)])
	}
	for i := 0; i < 2000; i++ {
		pt := [5]int{count(), count(), count(), count(), count()}
		checkFigures(t, "penta "+fmtPenta(pt), fastchessPenta(pt), refFigures(pt[:], 4, 2))
		if got, want := fastchessPairsRatio(pt), float64(pt[3]+pt[4])/float64(pt[0]+pt[1]); !sameNumber(got, want) {
			t.Errorf("PairsRatio of %v = %v; want %v", pt, got, want)
		}
		w, d, l := count(), count(), count()
		checkFigures(t, "wdl", fastchessWDL(w, d, l), refFigures([]int{l, d, w}, 2, 1))
	}
}

// TestFastchessEdges: the counts where fastchess's formulas divide by 0 or
// reach a score of 0 or 1 give the values fastchess prints for them.
func TestFastchessEdges(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, tc := range []struct {
		name string
		pt   [5]int
		want fastchessFigures
	}{
		{"all drawn", [5]int{0, 0, 5, 0, 0}, fastchessFigures{0, 0, nan, nan, nan, 100}},
		{"all won", [5]int{0, 0, 0, 0, 5}, fastchessFigures{inf, nan, inf, nan, 100, 0}},
		{"all lost", [5]int{5, 0, 0, 0, 0}, fastchessFigures{-inf, nan, -inf, nan, 0, 0}},
		{"one pair", [5]int{0, 1, 0, 0, 0}, fastchessFigures{-190.848501887865, 0, -inf, nan, 0, 0}},
		{"zero pairs", [5]int{}, fastchessFigures{nan, nan, nan, nan, nan, nan}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkFigures(t, tc.name, fastchessPenta(tc.pt), tc.want)
		})
	}
	for _, tc := range []struct {
		wl, dd int
		want   string
	}{{7, 7, "1.00"}, {3, 2, "1.50"}, {0, 5, "0.00"}, {3, 0, "inf"}, {0, 0, "-nan"}} {
		if got := fcNum(fastchessWLDDRatio(tc.wl, tc.dd), 2); got != tc.want {
			t.Errorf("WL/DD ratio of %d WL, %d DD = %s; want %s", tc.wl, tc.dd, got, tc.want)
		}
	}
}

// TestFastchessExample: the match fastchess's users compare with,
// Ptnml(0-2) [0, 11, 14, 13, 2], prints fastchess's numbers.
func TestFastchessExample(t *testing.T) {
	f := fastchessPenta([5]int{0, 11, 14, 13, 2})
	for _, c := range []struct{ name, got, want string }{
		{"Elo", fcNum(f.Elo, 2), "26.11"},
		{"Elo error", fcNum(f.EloError, 2), "48.05"},
		{"nElo", fcNum(f.NElo, 2), "41.79"},
		{"nElo error", fcNum(f.NEloError, 2), "76.13"},
		{"LOS", fcNum(f.LOS, 2), "85.90"},
		{"DrawRatio", fcNum(f.DrawRatio, 2), "35.00"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %s; want %s", c.name, c.got, c.want)
		}
	}
}

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
