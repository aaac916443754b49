package rating

import "math"

// eloScale converts natural-log odds to Elo points: 400 / ln 10.
const eloScale = 400 / math.Ln10

// z95 is the two-sided 95 % quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Match holds the results of one player against another, from the first
// player's side, and computes what cutechess-cli prints for them.
type Match struct {
	Wins   int `json:"wins"`
	Losses int `json:"losses"`
	Draws  int `json:"draws"`
}

// Games is the number of games.
func (m Match) Games() int { return m.Wins + m.Losses + m.Draws }

// Points is the first player's points, draws as half.
func (m Match) Points() float64 { return float64(m.Wins) + float64(m.Draws)/2 }

// Reversed is the same games from the second player's side.
func (m Match) Reversed() Match { return Match{Wins: m.Losses, Losses: m.Wins, Draws: m.Draws} }

// Plus is the games of m and those of o together.
func (m Match) Plus(o Match) Match {
	return Match{Wins: m.Wins + o.Wins, Losses: m.Losses + o.Losses, Draws: m.Draws + o.Draws}
}

// Score is the share of points of the first player, 0..1 (NaN without games).
func (m Match) Score() float64 {
	return m.Points() / float64(m.Games())
}

// ScoreInterval is the 95 % interval of Score (normal approximation, as
// stdev), clipped to 0..1.
func (m Match) ScoreInterval() (lo, hi float64) {
	mu, sd := m.Score(), m.stdev()
	return max(mu-z95*sd, 0), min(mu+z95*sd, 1)
}

// stdev is the standard deviation of the mean score per game, as
// cutechess-cli computes it from the trinomial distribution.
func (m Match) stdev() float64 {
	n := float64(m.Games())
	w, l, d := float64(m.Wins)/n, float64(m.Losses)/n, float64(m.Draws)/n
	mu := w + d/2
	dev := w*(1-mu)*(1-mu) + l*mu*mu + d*(0.5-mu)*(0.5-mu)
	return math.Sqrt(dev) / math.Sqrt(n)
}

// EloDiff is the Elo difference the score corresponds to; ±Inf for a score
// of 1 or 0, NaN without games.
func (m Match) EloDiff() float64 { return eloDiff(m.Score()) }

// EloError is the half-width of the 95 % interval of EloDiff, computed as
// cutechess-cli does: the Elo difference at the score's 2.5 % and 97.5 %
// quantiles (normal approximation, with cutechess's approximation of the
// inverse error function), halved. It is NaN when the interval leaves 0..1.
func (m Match) EloError() float64 {
	mu, sd := m.Score(), m.stdev()
	lo := mu + phiInv(0.025)*sd
	hi := mu + phiInv(0.975)*sd
	return (eloDiff(hi) - eloDiff(lo)) / 2
}

// LOS is the likelihood of superiority in percent: the probability that the
// first player is the stronger, from wins and losses only.
func (m Match) LOS() float64 {
	w, l := float64(m.Wins), float64(m.Losses)
	return 100 * (0.5 + 0.5*math.Erf((w-l)/math.Sqrt(2*(w+l))))
}

// DrawRatio is the share of draws in percent.
func (m Match) DrawRatio() float64 {
	return 100 * float64(m.Draws) / float64(m.Games())
}

// eloDiff converts a score share to an Elo difference.
func eloDiff(p float64) float64 {
	if p < 0 || p > 1 || math.IsNaN(p) {
		return math.NaN()
	}
	return -400 * math.Log10(1/p-1)
}

// erfInv is cutechess-cli's approximation of the inverse error function
// (Winitzki's formula), kept so that the printed intervals agree with it.
func erfInv(x float64) float64 {
	a := 8 * (math.Pi - 3) / (3 * math.Pi * (4 - math.Pi))
	y := math.Log(1 - x*x)
	z := 2/(math.Pi*a) + y/2
	r := math.Sqrt(math.Sqrt(z*z-y/a) - z)
	if x < 0 {
		return -r
	}
	return r
}

func phiInv(p float64) float64 { return math.Sqrt2 * erfInv(2*p-1) }
