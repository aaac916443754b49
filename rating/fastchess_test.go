package rating

import (
	"fmt"
	"math"
	"math/rand"
	"strconv"
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
func refFigures(counts []int, scale int, perGame float64) FastchessFigures {
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
	return FastchessFigures{
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

func checkFigures(t *testing.T, what string, got, want FastchessFigures) {
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
		checkFigures(t, fmt.Sprint("penta ", pt), FastchessPenta(pt), refFigures(pt[:], 4, 2))
		if got, want := FastchessPairsRatio(pt), float64(pt[3]+pt[4])/float64(pt[0]+pt[1]); !sameNumber(got, want) {
			t.Errorf("PairsRatio of %v = %v; want %v", pt, got, want)
		}
		w, d, l := count(), count(), count()
		checkFigures(t, "wdl", FastchessWDL(w, d, l), refFigures([]int{l, d, w}, 2, 1))
	}
}

// TestFastchessEdges: the counts where fastchess's formulas divide by 0 or
// reach a score of 0 or 1 give the values fastchess prints for them.
func TestFastchessEdges(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, tc := range []struct {
		name string
		pt   [5]int
		want FastchessFigures
	}{
		{"all drawn", [5]int{0, 0, 5, 0, 0}, FastchessFigures{0, 0, nan, nan, nan, 100}},
		{"all won", [5]int{0, 0, 0, 0, 5}, FastchessFigures{inf, nan, inf, nan, 100, 0}},
		{"all lost", [5]int{5, 0, 0, 0, 0}, FastchessFigures{-inf, nan, -inf, nan, 0, 0}},
		{"one pair", [5]int{0, 1, 0, 0, 0}, FastchessFigures{-190.848501887865, 0, -inf, nan, 0, 0}},
		{"zero pairs", [5]int{}, FastchessFigures{nan, nan, nan, nan, nan, nan}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkFigures(t, tc.name, FastchessPenta(tc.pt), tc.want)
		})
	}
	for _, tc := range []struct {
		wl, dd int
		want   float64
	}{{7, 7, 1}, {3, 2, 1.5}, {0, 5, 0}, {3, 0, inf}, {0, 0, nan}} {
		if got := FastchessWLDDRatio(tc.wl, tc.dd); !sameNumber(got, tc.want) {
			t.Errorf("FastchessWLDDRatio(%d, %d) = %v; want %v", tc.wl, tc.dd, got, tc.want)
		}
	}
}

// TestFastchessExample: the match fastchess's users compare with,
// Ptnml(0-2) [0, 11, 14, 13, 2], prints fastchess's numbers.
func TestFastchessExample(t *testing.T) {
	f := FastchessPenta([5]int{0, 11, 14, 13, 2})
	for _, c := range []struct{ name, got, want string }{
		{"Elo", fixed2(f.Elo), "26.11"},
		{"Elo error", fixed2(f.EloError), "48.05"},
		{"nElo", fixed2(f.NElo), "41.79"},
		{"nElo error", fixed2(f.NEloError), "76.13"},
		{"LOS", fixed2(f.LOS), "85.90"},
		{"DrawRatio", fixed2(f.DrawRatio), "35.00"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %s; want %s", c.name, c.got, c.want)
		}
	}
}

// fixed2 prints x with 2 decimals, as fastchess's {:.2f} prints a finite
// number.
func fixed2(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }
