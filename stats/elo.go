package stats

import (
	"math"
)

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

// Score is the share of points of the first player, 0..1 (NaN without games).
func (m Match) Score() float64 {
	n := float64(m.Games())
	return (float64(m.Wins) + float64(m.Draws)/2) / n
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

// ratingFit is the input and result of a maximum likelihood fit.
type ratingFit struct {
	n      int
	games  [][]float64 // games[i][j]: games between i and j (symmetric)
	points [][]float64 // points[i][j]: points i scored against j
	// results
	elo         []float64
	err         []float64 // 95 % half-width; NaN when undefined
	regularized bool
}

func newRatingFit(n int) *ratingFit {
	f := &ratingFit{n: n, games: make([][]float64, n), points: make([][]float64, n)}
	for i := range n {
		f.games[i] = make([]float64, n)
		f.points[i] = make([]float64, n)
	}
	return f
}

// add records games between i and j in which i scored pts points.
func (f *ratingFit) add(i, j int, games, pts float64) {
	f.games[i][j] += games
	f.games[j][i] += games
	f.points[i][j] += pts
	f.points[j][i] += games - pts
}

// components returns the component number of each player in the graph of
// players who met, and the number of components.
func (f *ratingFit) components() ([]int, int) {
	comp := make([]int, f.n)
	for i := range comp {
		comp[i] = -1
	}
	k := 0
	for s := range f.n {
		if comp[s] >= 0 {
			continue
		}
		stack := []int{s}
		comp[s] = k
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for j := range f.n {
				if f.games[i][j] > 0 && comp[j] < 0 {
					comp[j] = k
					stack = append(stack, j)
				}
			}
		}
		k++
	}
	return comp, k
}

// finite reports whether the maximum likelihood ratings exist: within each
// component of players who met, every group of players scored something
// against the rest (the "scored against" graph is strongly connected).
func (f *ratingFit) finite(comp []int) bool {
	reach := func(s int, edge func(i, j int) bool) []bool {
		seen := make([]bool, f.n)
		seen[s] = true
		stack := []int{s}
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for j := range f.n {
				if !seen[j] && edge(i, j) {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		return seen
	}
	done := map[int]bool{}
	for s := range f.n {
		if done[comp[s]] {
			continue
		}
		done[comp[s]] = true
		fwd := reach(s, func(i, j int) bool { return f.points[i][j] > 0 })
		bwd := reach(s, func(i, j int) bool { return f.points[j][i] > 0 })
		for j := range f.n {
			if comp[j] == comp[s] && (!fwd[j] || !bwd[j]) {
				return false
			}
		}
	}
	return true
}

// fit computes maximum likelihood ratings of the Bradley–Terry (logistic)
// model, draws counted as half a win and half a loss, by Newton's method.
// Each component of players who met averages 0; anchor (when >= 0) is then
// moved to anchorElo together with its component. Errors are 95 % half-widths
// from the inverse Fisher information (for the average-0 constraint its
// pseudo-inverse; relative to the anchor when there is one).
//
// When the maximum likelihood ratings do not exist (someone won or lost every
// game against a group), one virtual draw is added to every pair of players
// who met, as BayesElo's prior does, and regularized is set.
func (f *ratingFit) fit(anchor int, anchorElo float64) {
	n := f.n
	comp, ncomp := f.components()
	if !f.finite(comp) {
		f.regularized = true
		for i := range n {
			for j := range n {
				if i != j && f.games[i][j] > 0 {
					f.games[i][j]++
					f.points[i][j] += 0.5
				}
			}
		}
	}
	size := make([]float64, ncomp)
	for _, c := range comp {
		size[c]++
	}
	theta := make([]float64, n)
	h := make([][]float64, n)
	for i := range h {
		h[i] = make([]float64, n)
	}
	g := make([]float64, n)
	// hessian fills h with the Fisher information plus the component
	// projector (which makes it invertible and keeps each component's mean).
	hessian := func(withProjector bool) {
		for i := range n {
			for j := range n {
				h[i][j] = 0
				if withProjector && comp[i] == comp[j] {
					h[i][j] = 1 / size[comp[i]]
				}
			}
		}
		for i := range n {
			g[i] = 0
			for j := range n {
				if i == j || f.games[i][j] == 0 {
					continue
				}
				p := 1 / (1 + math.Exp(theta[j]-theta[i]))
				g[i] += f.points[i][j] - f.games[i][j]*p
				w := f.games[i][j] * p * (1 - p)
				h[i][i] += w
				h[i][j] -= w
			}
		}
	}
	for range 200 {
		hessian(true)
		step := solve(h, g)
		if step == nil {
			break
		}
		big := 0.0
		for _, s := range step {
			big = max(big, math.Abs(s))
		}
		scale := 1.0
		if big > 2 { // damp: at most 2 natural units (about 350 Elo) a step
			scale = 2 / big
		}
		for i := range theta {
			theta[i] += scale * step[i]
		}
		if big < 1e-12 {
			break
		}
	}
	hessian(true)
	inv := invert(h)
	f.elo = make([]float64, n)
	f.err = make([]float64, n)
	for i := range n {
		f.elo[i] = eloScale * theta[i]
		f.err[i] = math.NaN()
		if inv != nil && size[comp[i]] > 1 {
			// pinv(L) = (L + J/n)^-1 - J/n on each component.
			v := inv[i][i] - 1/size[comp[i]]
			f.err[i] = z95 * eloScale * math.Sqrt(max(v, 0))
		}
	}
	if anchor < 0 {
		return
	}
	shift := anchorElo - f.elo[anchor]
	for i := range n {
		if comp[i] != comp[anchor] {
			continue
		}
		f.elo[i] += shift
		if inv != nil && i != anchor {
			c := 1 / size[comp[i]]
			v := (inv[i][i] - c) + (inv[anchor][anchor] - c) - 2*(inv[i][anchor]-c)
			f.err[i] = z95 * eloScale * math.Sqrt(max(v, 0))
		}
	}
	f.err[anchor] = 0
}

// solve solves a·x = b by Gaussian elimination with partial pivoting; nil
// when a is singular. a and b are not changed.
func solve(a [][]float64, b []float64) []float64 {
	n := len(b)
	m := make([][]float64, n)
	for i := range m {
		m[i] = append(append(make([]float64, 0, n+1), a[i]...), b[i])
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		if math.Abs(m[p][c]) < 1e-300 {
			return nil
		}
		m[c], m[p] = m[p], m[c]
		for r := range n {
			if r == c || m[r][c] == 0 {
				continue
			}
			k := m[r][c] / m[c][c]
			for k2 := c; k2 <= n; k2++ {
				m[r][k2] -= k * m[c][k2]
			}
		}
	}
	x := make([]float64, n)
	for i := range n {
		x[i] = m[i][n] / m[i][i]
	}
	return x
}

// invert returns the inverse of a by Gauss–Jordan elimination, or nil when a
// is singular. a is not changed.
func invert(a [][]float64) [][]float64 {
	n := len(a)
	m := make([][]float64, n)
	inv := make([][]float64, n)
	for i := range n {
		m[i] = append([]float64(nil), a[i]...)
		inv[i] = make([]float64, n)
		inv[i][i] = 1
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		if math.Abs(m[p][c]) < 1e-300 {
			return nil
		}
		m[c], m[p] = m[p], m[c]
		inv[c], inv[p] = inv[p], inv[c]
		d := m[c][c]
		for k := range n {
			m[c][k] /= d
			inv[c][k] /= d
		}
		for r := range n {
			if r == c || m[r][c] == 0 {
				continue
			}
			f := m[r][c]
			for k := range n {
				m[r][k] -= f * m[c][k]
				inv[r][k] -= f * inv[c][k]
			}
		}
	}
	return inv
}
