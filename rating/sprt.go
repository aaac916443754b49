package rating

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The models of an SPRT: how elo0 and elo1 become hypotheses about the
// distribution of results.
const (
	// ModelNormalized takes elo0 and elo1 as normalized Elo (fishtest's
	// default): the t-value (score − ½) / σ per game, times 800 / ln 10.
	ModelNormalized = "normalized"
	// ModelLogistic takes them as logistic Elo: expected scores
	// 1 / (1 + 10^(−elo/400)).
	ModelLogistic = "logistic"
	// ModelBayesian takes them as BayesElo, with the draw Elo estimated
	// from the games; over win/draw/loss counts only, as fastchess.
	ModelBayesian = "bayesian"
)

// Models lists the SPRT models, the default first.
var Models = []string{ModelNormalized, ModelLogistic, ModelBayesian}

// SPRT is a sequential probability ratio test of H0: the first player is
// elo0 stronger than the second, against H1: it is elo1 stronger, with
// error rates alpha (accepting H1 when H0 holds) and beta (accepting H0
// when H1 holds). Its log-likelihood ratio is the generalized one of Michel
// Van den Bergh, as fishtest and fastchess compute it, but solved exactly.
type SPRT struct {
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
	Model string  `json:"model"`
}

// Defaults of an SPRT's optional parameters.
const (
	DefaultSPRTAlpha = 0.05
	DefaultSPRTBeta  = 0.05
)

// The range of an SPRT's parameters that Check accepts: hypotheses within
// ±MaxSPRTElo (a test of a larger difference answers within a few games,
// and beyond it the normalized model's maximum likelihood is not always
// found), error rates at least MinSPRTRate (so that the bounds are finite).
const (
	MaxSPRTElo  = 200
	MinSPRTRate = 1e-300
)

// ParamError is a bad parameter of an SPRT.
type ParamError struct {
	Param string // elo0, elo1, alpha, beta or model
	Msg   string
}

func (e ParamError) Error() string { return e.Msg }

// Check returns the problems of s, each naming the parameter it is about:
// elo0 must be below elo1, both within ±MaxSPRTElo; alpha and beta at
// least MinSPRTRate and below 1, with alpha + beta below 1; the model one
// of Models. Within that range the bounds and the LLR of any counts are
// finite numbers.
func (s SPRT) Check() []ParamError {
	var errs []ParamError
	elo := func(name string, x float64) bool {
		switch {
		case math.IsNaN(x) || math.IsInf(x, 0):
			errs = append(errs, ParamError{name, fmt.Sprintf("sprt %s is %v; it must be a number", name, x)})
		case math.Abs(x) > MaxSPRTElo:
			errs = append(errs, ParamError{name, fmt.Sprintf("sprt %s is %s; it must be within ±%d (a test of a larger difference answers within a few games)",
				name, fmtNum(x), MaxSPRTElo)})
		default:
			return true
		}
		return false
	}
	if e0, e1 := elo("elo0", s.Elo0), elo("elo1", s.Elo1); e0 && e1 && s.Elo0 >= s.Elo1 {
		errs = append(errs, ParamError{"elo1", fmt.Sprintf("sprt elo0 (%s) must be below elo1 (%s)", fmtNum(s.Elo0), fmtNum(s.Elo1))})
	}
	rate := func(name string, x float64) bool {
		if !(x >= MinSPRTRate && x < 1) {
			errs = append(errs, ParamError{name, fmt.Sprintf("sprt %s is %s; it must be at least %s and below 1", name, fmtNum(x), fmtNum(MinSPRTRate))})
			return false
		}
		return true
	}
	if a, b := rate("alpha", s.Alpha), rate("beta", s.Beta); a && b && s.Alpha+s.Beta >= 1 {
		errs = append(errs, ParamError{"beta", fmt.Sprintf("sprt alpha + beta is %s; it must be below 1", fmtNum(s.Alpha+s.Beta))})
	}
	if !slices.Contains(Models, s.Model) {
		errs = append(errs, ParamError{"model", fmt.Sprintf("sprt model %q is unknown (known: %s)", s.Model, strings.Join(Models, ", "))})
	}
	return errs
}

// decimal is a number written as a plain decimal: an optional sign, digits
// with an optional point (or a point and digits), an optional exponent.
// Compiled on first use: every arbiter command links this package, and
// few read an SPRT.
var decimal = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)
})

// IsDecimal reports whether s writes a parameter of an SPRT as a plain
// decimal number (5, -1.5, 0.05, 1e-3): not with digit separators ("0_1",
// which strconv and YAML read as 1), in another base ("0x10") or as an
// infinity or NaN, so that a parameter means what it says.
func IsDecimal(s string) bool { return decimal().MatchString(s) }

// fmtNum prints a parameter as given: 0.05, 5, -1.5.
func fmtNum(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Bounds returns the thresholds of the LLR: ln(beta / (1 − alpha)), at or
// below which H0 is accepted, and ln((1 − beta) / alpha), at or above which
// H1 is.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Verdicts of an SPRT.
const (
	H0 = "H0 accepted"
	H1 = "H1 accepted"
	// Running: no bound reached, more games may come (for report --sprt:
	// more games are needed).
	Running = "running"
	// StoppedAtCap: the match played every game of its schedule without
	// reaching a bound.
	StoppedAtCap = "stopped at the cap"
)

// Decide returns H0 or H1 when llr reaches a bound, else "".
func (s SPRT) Decide(llr float64) string {
	lo, hi := s.Bounds()
	switch {
	case llr >= hi:
		return H1
	case llr <= lo:
		return H0
	}
	return ""
}

// Pentanomial reports whether s is computed over pentanomial counts when
// the games come in colour-swapped pairs: every model but bayesian, which
// fastchess defines over win/draw/loss counts only.
func (s SPRT) Pentanomial() bool { return s.Model != ModelBayesian }

// String is "(elo0, elo1) model", as the verdict line starts.
func (s SPRT) String() string {
	return fmt.Sprintf("(%s, %s) %s", fmtNum(s.Elo0), fmtNum(s.Elo1), s.Model)
}

// regularized is what an empty cell counts as, as fishtest and fastchess do.
const regularized = 1e-3

// nEloPerT converts a t-value per game to normalized Elo: 800 / ln 10.
const nEloPerT = 800 / math.Ln10

// LLR returns the generalized log-likelihood ratio of counts from the first
// player's side: three counts (losses, draws, wins) or five pentanomial
// counts of colour-swapped pairs [LL, LD, WL+DD, WD, WW] (scores 0, ¼, ½,
// ¾, 1). Empty cells count 1e-3. The bayesian model takes three counts
// only and is 0 until there is a win and a loss, as in fastchess. It does
// not allocate.
//
// The LLR is always a finite number: for a test that Check accepts, the
// ratio of any counts; where there is none (hypotheses past Check's range
// whose maximum likelihood is not found, a model Check refuses, counts of
// another shape, five counts for the bayesian model), 0, no evidence
// either way.
func (s SPRT) LLR(counts []int) float64 {
	llr := s.llr(counts)
	if math.IsNaN(llr) || math.IsInf(llr, 0) {
		return 0
	}
	return llr
}

// llr is LLR, NaN where it has no value.
func (s SPRT) llr(counts []int) float64 {
	n := len(counts)
	if n != 3 && n != 5 {
		return math.NaN()
	}
	var d dist
	d.n = n
	total := 0.0
	for i, c := range counts {
		v := float64(c)
		if c <= 0 {
			v = regularized
		}
		d.p[i] = v
		total += v
	}
	for i := range n {
		d.p[i] /= total
		d.a[i] = float64(i) / float64(n-1)
	}
	var p0, p1 [5]float64
	var ok0, ok1 bool
	switch s.Model {
	case ModelLogistic:
		p0, ok0 = d.mleMean(logisticScore(s.Elo0))
		p1, ok1 = d.mleMean(logisticScore(s.Elo1))
	case ModelBayesian:
		if n != 3 {
			return math.NaN()
		}
		if counts[0] <= 0 || counts[2] <= 0 {
			return 0
		}
		l, w := d.p[0], d.p[2]
		drawElo := 200 * math.Log10((1-l)/l*(1-w)/w)
		p0, ok0 = d.mleMean(bayesScore(s.Elo0, drawElo))
		p1, ok1 = d.mleMean(bayesScore(s.Elo1, drawElo))
	case ModelNormalized:
		t0, t1 := s.Elo0/nEloPerT, s.Elo1/nEloPerT
		if n == 5 {
			// A pair's score has half the variance of a game's.
			t0, t1 = t0*math.Sqrt2, t1*math.Sqrt2
		}
		p0, ok0 = d.mleT(0.5, t0)
		p1, ok1 = d.mleT(0.5, t1)
	default:
		return math.NaN()
	}
	if !ok0 || !ok1 {
		return math.NaN()
	}
	sum := 0.0
	for i := range n {
		sum += d.p[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return total * sum
}

// logisticScore is the expected score at a logistic Elo difference.
func logisticScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// bayesScore is the expected score at a BayesElo difference with the
// given draw Elo.
func bayesScore(elo, drawElo float64) float64 {
	win := 1 / (1 + math.Pow(10, (drawElo-elo)/400))
	loss := 1 / (1 + math.Pow(10, (drawElo+elo)/400))
	return win + (1-win-loss)/2
}

// dist is an empirical distribution: probability p[i] of score a[i], i < n.
type dist struct {
	n int
	a [5]float64
	p [5]float64
}

// mleMean returns the maximum likelihood distribution on d's scores with
// mean s, given the observed d (proposition 1.1 of Van den Bergh's
// "Comments on normalized Elo"): q[i] = p[i] / (1 + θ (a[i] − s)) with θ
// the root of Σ p[i] (a[i] − s) / (1 + θ (a[i] − s)) = 0. ok is false when
// s is not strictly inside the scores' range.
func (d *dist) mleMean(s float64) (q [5]float64, ok bool) {
	var phi [5]float64
	for i := range d.n {
		phi[i] = d.a[i] - s
	}
	theta, ok := d.secular(&phi)
	if !ok {
		return q, false
	}
	for i := range d.n {
		q[i] = d.p[i] / (1 + theta*phi[i])
	}
	return q, true
}

// mleT returns the maximum likelihood distribution on d's scores whose
// t-value (mean − ref) / σ is t, given the observed d (section 4.1 of Van
// den Bergh's "Comments on normalized Elo"): the fixed point of q ← p /
// (1 + θ φ(q)), φ[i] = a[i] − ref − t σ (1 + ((a[i] − μ) / σ)²) / 2 with μ
// and σ those of q, started from the uniform distribution. The iteration
// runs until q no longer changes (to a few units in the last place),
// rather than to fishtest's 1e-9 or fastchess's 1e-4.
//
// From the uniform start the first step has no solution when |t| is large
// (normalized Elo beyond a few hundred): the solution is then followed
// from t = 0 in small steps of t, each started from the one before.
func (d *dist) mleT(ref, t float64) (q [5]float64, ok bool) {
	for i := range d.n {
		q[i] = 1 / float64(d.n)
	}
	if q, ok := d.mleTFrom(q, ref, t); ok {
		return q, true
	}
	const steps = 64
	for k := 0; k <= steps; k++ {
		if q, ok = d.mleTFrom(q, ref, t*float64(k)/steps); !ok {
			return q, false
		}
	}
	return q, true
}

// mleTFrom is mleT's fixed-point iteration started from q.
func (d *dist) mleTFrom(q [5]float64, ref, t float64) ([5]float64, bool) {
	n := d.n
	var phi [5]float64
	for range maxFixedPoint {
		mu, v := 0.0, 0.0
		for i := range n {
			mu += q[i] * d.a[i]
		}
		for i := range n {
			v += q[i] * (d.a[i] - mu) * (d.a[i] - mu)
		}
		sigma := math.Sqrt(v)
		if !(sigma > 0) {
			return q, false
		}
		for i := range n {
			z := (d.a[i] - mu) / sigma
			phi[i] = d.a[i] - ref - t*sigma*(1+z*z)/2
		}
		theta, ok := d.secular(&phi)
		if !ok {
			return q, false
		}
		diff := 0.0
		for i := range n {
			nq := d.p[i] / (1 + theta*phi[i])
			diff = max(diff, math.Abs(nq-q[i]))
			q[i] = nq
		}
		if diff <= 4e-16 {
			return q, true
		}
	}
	// The last steps move q by rounding only: it is as exact as doubles
	// give it.
	return q, true
}

// maxFixedPoint bounds the iterations of mleT; they converge linearly,
// fast (about 10 to 30 steps to machine precision in practice).
const maxFixedPoint = 200

// secular solves Σ p[i] φ[i] / (1 + θ φ[i]) = 0 for θ to machine
// precision: the function falls strictly from +∞ to −∞ on (−1/max φ,
// −1/min φ), so safeguarded Newton steps inside a shrinking bracket find
// its one root. ok is false when φ does not change sign (no root).
func (d *dist) secular(phi *[5]float64) (theta float64, ok bool) {
	lo, hi := math.Inf(-1), math.Inf(1)
	for i := range d.n {
		switch {
		case phi[i] > 0:
			lo = max(lo, -1/phi[i])
		case phi[i] < 0:
			hi = min(hi, -1/phi[i])
		}
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) || !(lo < 0 && 0 < hi) {
		return 0, false
	}
	x := 0.0
	for range 200 {
		f, df := 0.0, 0.0
		for i := range d.n {
			q := phi[i] / (1 + x*phi[i])
			f += d.p[i] * q
			df -= d.p[i] * q * q
		}
		switch {
		case f == 0:
			return x, true
		case f > 0:
			lo = x
		default:
			hi = x
		}
		nx := x - f/df
		if !(nx > lo && nx < hi) {
			nx = lo + (hi-lo)/2
		}
		if nx == x || hi-lo <= 2*math.Abs(x)*epsilon {
			return nx, true
		}
		if math.Abs(nx-x) <= math.Abs(x)*epsilon/4 {
			return nx, true
		}
		x = nx
	}
	return x, true
}

// epsilon is the spacing of doubles at 1.
const epsilon = 0x1p-52

// Estimate is the Elo difference that a set of counts gives, with the
// normalized Elo, each with the half-width of its 95 % interval, as
// fastchess prints them ("Elo: 12.3 +/- 4.5, nElo: 20.1 +/- 7.4"): from
// the pentanomial counts over pairs, else from the win/draw/loss counts
// over games. A field is NaN when undefined (no games, no variance, or a
// score of 0 or 1).
type Estimate struct {
	Elo, EloError   float64
	NElo, NEloError float64
}

// EstimateOf computes the estimate of counts (three or five, as LLR takes
// them, without regularization).
func EstimateOf(counts []int) Estimate {
	n := len(counts)
	nan := Estimate{math.NaN(), math.NaN(), math.NaN(), math.NaN()}
	if n != 3 && n != 5 {
		return nan
	}
	total := 0
	for _, c := range counts {
		total += c
	}
	if total == 0 {
		return nan
	}
	score, v := 0.0, 0.0
	for i, c := range counts {
		score += float64(c) / float64(total) * float64(i) / float64(n-1)
	}
	for i, c := range counts {
		dv := float64(i)/float64(n-1) - score
		v += float64(c) / float64(total) * dv * dv
	}
	// σ per game: a pair's score (the mean of two games) has half a
	// game's variance.
	perGame := v
	if n == 5 {
		perGame = 2 * v
	}
	half := z95 * math.Sqrt(v/float64(total))
	lo, hi := score-half, score+half
	nelo := func(s float64) float64 { return (s - 0.5) / math.Sqrt(perGame) * nEloPerT }
	e := Estimate{
		Elo:       eloDiff(score),
		EloError:  (eloDiff(hi) - eloDiff(lo)) / 2,
		NElo:      nelo(score),
		NEloError: (nelo(hi) - nelo(lo)) / 2,
	}
	for _, x := range []*float64{&e.Elo, &e.EloError, &e.NElo, &e.NEloError} {
		if math.IsInf(*x, 0) {
			*x = math.NaN()
		}
	}
	return e
}
