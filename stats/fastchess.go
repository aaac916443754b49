package stats

import (
	"math"
	"strconv"
)

// fastchess's figures: the numbers of fastchess's result block, computed
// by fastchess's formulas (its EloPentanomial, EloWDL and Stats), so that
// arbiter match prints what fastchess prints for the same counts. They
// are not the report's maximum-likelihood ratings: each comes from one
// engine's counts alone, by the normal approximation of its mean score.
//
// Like fastchess's, the formulas are not guarded: no pairs, no variance or
// a score of 0 or 1 give what IEEE arithmetic gives (±Inf, NaN), and
// fcNum prints those as fastchess does.

// fastchessFigures are the figures of one set of counts: the Elo
// difference and the normalized Elo, each with the half-width of its 95 %
// interval, the likelihood of superiority and the draw ratio, both in
// percent.
type fastchessFigures struct {
	Elo, EloError   float64
	NElo, NEloError float64
	LOS             float64
	DrawRatio       float64
}

// fastchessPenta computes the figures of pentanomial counts [LL, LD, WL+DD,
// WD, WW] (pairs scoring 0, ½, 1, 1½ and 2 points) as fastchess does with
// -report penta=true: the score is the mean over pairs, its variance the
// pairs' variance over the number of pairs, and the draw ratio is the
// share of pairs scoring 1 (won-lost as well as drawn-drawn).
func fastchessPenta(pt [5]int) fastchessFigures {
	pairs := float64(pt[0] + pt[1] + pt[2] + pt[3] + pt[4])
	ll, ld, mid, wd, ww := float64(pt[0])/pairs, float64(pt[1])/pairs, float64(pt[2])/pairs,
		float64(pt[3])/pairs, float64(pt[4])/pairs
	score := ww + 0.75*wd + 0.5*mid + 0.25*ld
	variance := ww*sq(1-score) + wd*sq(0.75-score) + mid*sq(0.5-score) + ld*sq(0.25-score) + ll*sq(0-score)
	// A pair's score is the mean of two games: a game's standard
	// deviation, which nElo divides by, is √(2 × the pair's variance).
	f := fastchessEstimate(score, variance/pairs, math.Sqrt(2*variance))
	f.DrawRatio = float64(pt[2]) / pairs * 100
	return f
}

// fastchessWDL computes the figures of w wins, d draws and l losses as
// fastchess does with -report penta=false: the score is the mean over
// games, its variance the games' variance over the number of games.
func fastchessWDL(w, d, l int) fastchessFigures {
	games := float64(w + d + l)
	W, D, L := float64(w)/games, float64(d)/games, float64(l)/games
	score := W + 0.5*D
	variance := W*sq(1-score) + D*sq(0.5-score) + L*sq(0-score)
	f := fastchessEstimate(score, variance/games, math.Sqrt(variance))
	f.DrawRatio = 100 * float64(d) / games
	return f
}

// fastchessEstimate computes the Elo figures and the LOS from a mean score,
// the variance of that mean and the standard deviation of one game's
// score: the errors are half the distance between the figures at the ends
// of the score's 95 % interval.
func fastchessEstimate(score, meanVariance, gameSD float64) fastchessFigures {
	half := z95 * math.Sqrt(meanVariance)
	hi, lo := score+half, score-half
	elo := func(s float64) float64 { return -400 * math.Log10(1/s-1) }
	nelo := func(s float64) float64 { return (s - 0.5) / gameSD * nEloPerT }
	return fastchessFigures{
		Elo:       elo(score),
		EloError:  (elo(hi) - elo(lo)) / 2,
		NElo:      nelo(score),
		NEloError: (nelo(hi) - nelo(lo)) / 2,
		LOS:       (1 - math.Erf(-(score-0.5)/math.Sqrt(2*meanVariance))) / 2 * 100,
	}
}

func sq(x float64) float64 { return x * x }

// fastchessPairsRatio is fastchess's PairsRatio of pentanomial counts:
// pairs won (WD + WW) over pairs lost (LL + LD); +Inf without a pair
// lost, NaN without either.
func fastchessPairsRatio(pt [5]int) float64 {
	return float64(pt[3]+pt[4]) / float64(pt[0]+pt[1])
}

// fastchessWLDDRatio is fastchess's WL/DD Ratio: the 1-1 pairs one engine
// won and lost over those it drew twice; +Inf without a DD pair, NaN
// without either.
func fastchessWLDDRatio(wl, dd int) float64 {
	return float64(wl) / float64(dd)
}

// fcNum prints x with prec decimals as fastchess's {:.Nf} does: "inf" and
// "-inf", "-0.00" for a negative zero, and "-nan" for NaN, which is how
// fastchess built for x86-64 prints the NaN that 0/0 gives there (its
// sign bit set).
func fcNum(x float64, prec int) string {
	switch {
	case math.IsNaN(x):
		return "-nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return strconv.FormatFloat(x, 'f', prec, 64)
}
