package rating

import (
	"math"
	"slices"
)

// denseLimit is the most players whose ratings are fitted with dense
// matrices (exact intervals from the full inverse); beyond it Newton's steps
// are solved by conjugate gradients on the sparse pairs and the intervals
// use the diagonal of the information only.
var denseLimit = 400

// edge is the games of one pair of players: i scored points in games.
// white is 1 when i had White in all of them, -1 when j had, 0 when the
// games of both colours are counted together (no white advantage).
type edge struct {
	i, j          int
	games, points float64
	white         float64
}

// Fit is a maximum likelihood fit of ratings: the games between players
// numbered from 0 (Add, AddColour), then Solve, then the ratings (Elo,
// Error), White's advantage and the likelihood of superiority of one
// player over another (LOS).
type Fit struct {
	// Stop, when set, is asked between the fit's steps; once it says
	// true, Solve ends early with whatever it has (the caller then drops
	// the result).
	Stop func() bool

	n     int
	edges []edge
	// results
	elo         []float64
	err         []float64 // 95 % half-width; NaN when undefined
	regularized bool
	// White's advantage in natural-log odds: fitted when fitAdvantage
	// (advantageErr is then its 95 % half-width in Elo), else as set.
	fitAdvantage bool
	advantage    float64
	advantageErr float64
	// for LOS: the inverse information (dense fits), its diagonal, the
	// components.
	inv  [][]float64
	diag []float64
	comp []int
}

// stopped reports whether the fit is to end early.
func (f *Fit) stopped() bool { return f.Stop != nil && f.Stop() }

// NewFit returns a fit of n players, without games.
func NewFit(n int) *Fit { return &Fit{n: n} }

// SetAdvantage sets White's advantage in Elo: the one the fit assumes, or
// with fit its starting value, fitted with the ratings (from the games
// added by AddColour).
func (f *Fit) SetAdvantage(elo float64, fit bool) {
	f.advantage = elo / eloScale
	f.fitAdvantage = fit
}

// Add records games between i and j in which i scored pts points.
func (f *Fit) Add(i, j int, games, pts float64) {
	if i == j || games <= 0 {
		return
	}
	f.edges = append(f.edges, edge{i, j, games, pts, 0})
}

// AddColour records the games m between i and j from i's side, in which i
// had White (white 1) or Black (white -1).
func (f *Fit) AddColour(i, j int, m Match, white float64) {
	if i == j || m.Games() == 0 {
		return
	}
	f.edges = append(f.edges, edge{i, j, float64(m.Games()), m.Points(), white})
}

// LOS is the likelihood of superiority of i over j in percent: the
// probability that i's rating exceeds j's, from the normal approximation
// of the ratings at the fit; NaN when i and j are not connected by games.
func (f *Fit) LOS(i, j int) float64 {
	if f.comp[i] != f.comp[j] {
		return math.NaN()
	}
	var v float64
	if f.inv != nil {
		v = f.inv[i][i] + f.inv[j][j] - 2*f.inv[i][j]
	} else if f.diag[i] > 0 && f.diag[j] > 0 {
		v = 1/f.diag[i] + 1/f.diag[j]
	}
	d := (f.elo[i] - f.elo[j]) / eloScale
	if v <= 0 {
		return math.NaN()
	}
	return 100 * (0.5 + 0.5*math.Erf(d/math.Sqrt(2*v)))
}

// Elo is player i's rating: each component of players who met averages
// 0, or the anchor's has the anchor at its rating.
func (f *Fit) Elo(i int) float64 { return f.elo[i] }

// Error is the 95 % half-width of player i's rating (relative to the
// anchor in its component); NaN when undefined.
func (f *Fit) Error(i int) float64 { return f.err[i] }

// Regularized reports whether the maximum likelihood ratings do not exist,
// so that Solve added a virtual draw to every pair who met.
func (f *Fit) Regularized() bool { return f.regularized }

// Advantage is White's advantage in Elo, as set or as fitted, and the
// 95 % half-width of the fitted one (NaN when not fitted, or undefined).
func (f *Fit) Advantage() (elo, err float64) { return f.advantage * eloScale, f.advantageErr }

// Pairs is the number of records added: the pairs who met, each colour's
// games apart when added by AddColour.
func (f *Fit) Pairs() int { return len(f.edges) }

// components returns the component number of each player in the graph of
// players who met, and the number of components.
func (f *Fit) components() ([]int, int) {
	parent := make([]int, f.n)
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, e := range f.edges {
		parent[find(e.i)] = find(e.j)
	}
	comp := make([]int, f.n)
	ids := map[int]int{}
	for i := range comp {
		r := find(i)
		id, ok := ids[r]
		if !ok {
			id = len(ids)
			ids[r] = id
		}
		comp[i] = id
	}
	return comp, len(ids)
}

// finite reports whether the maximum likelihood ratings exist: within each
// component of players who met, every group of players scored something
// against the rest (the "scored against" graph is strongly connected).
func (f *Fit) finite(comp []int, ncomp int) bool {
	fwd := make([][]int, f.n) // i → j: i scored against j
	bwd := make([][]int, f.n)
	for _, e := range f.edges {
		if e.points > 0 {
			fwd[e.i] = append(fwd[e.i], e.j)
			bwd[e.j] = append(bwd[e.j], e.i)
		}
		if e.games-e.points > 0 {
			fwd[e.j] = append(fwd[e.j], e.i)
			bwd[e.i] = append(bwd[e.i], e.j)
		}
	}
	reach := func(s int, adj [][]int) int {
		seen := map[int]bool{s: true}
		stack := []int{s}
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, j := range adj[i] {
				if !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		return len(seen)
	}
	size := make([]int, ncomp)
	root := make([]int, ncomp)
	for i := f.n - 1; i >= 0; i-- {
		size[comp[i]]++
		root[comp[i]] = i
	}
	for c := range ncomp {
		if size[c] > 1 && (reach(root[c], fwd) != size[c] || reach(root[c], bwd) != size[c]) {
			return false
		}
	}
	return true
}

// Solve computes maximum likelihood ratings of the Bradley–Terry (logistic)
// model, draws counted as half a win and half a loss, by Newton's method.
// Each component of players who met averages 0; anchor (when >= 0) is then
// moved to anchorElo together with its component. Errors are 95 % half-widths
// from the inverse Fisher information (for the average-0 constraint its
// pseudo-inverse; relative to the anchor when there is one).
//
// When the maximum likelihood ratings do not exist (someone won or lost every
// game against a group), one virtual draw is added to every pair of players
// who met, as BayesElo's prior does, and regularized is set.
func (f *Fit) Solve(anchor int, anchorElo float64) {
	s := f.newNewton()
	s.solve()
	if f.stopped() {
		return
	}
	s.gradient()
	var inv [][]float64
	if f.n <= denseLimit {
		inv = invert(s.dense())
	}
	f.inv, f.diag, f.comp = inv, s.diag, s.comp
	f.advantageErr = math.NaN()
	if f.fitAdvantage {
		f.advantageErr = s.advantageErr(inv)
	}
	f.ratings(s, inv)
	if anchor >= 0 {
		f.moveToAnchor(s, inv, anchor, anchorElo)
	}
}

// newton is the state of Solve's Newton iterations: the pairs (with a
// virtual draw each when regularized), the components of players who met,
// the ratings theta in natural-log odds, and at theta the gradient g, the
// information's diagonal and the weights w of its off-diagonal entries.
type newton struct {
	f       *Fit
	edges   []edge
	comp    []int
	size    []float64 // players per component
	theta   []float64
	g, diag []float64
	w       []float64
}

// newNewton sets up the fit from 0: the components, and the virtual draws
// when the maximum likelihood ratings do not exist.
func (f *Fit) newNewton() *newton {
	n := f.n
	comp, ncomp := f.components()
	f.regularized = false
	edges := f.edges
	if !f.finite(comp, ncomp) {
		f.regularized = true
		edges = make([]edge, len(f.edges))
		for k, e := range f.edges {
			edges[k] = edge{e.i, e.j, e.games + 1, e.points + 0.5, e.white}
		}
	}
	size := make([]float64, ncomp)
	for _, c := range comp {
		size[c]++
	}
	return &newton{f: f, edges: edges, comp: comp, size: size,
		theta: make([]float64, n), g: make([]float64, n), diag: make([]float64, n), w: make([]float64, len(edges))}
}

// gradient fills g, the Fisher information's diagonal and the weights of
// its off-diagonal entries (-w on (i, j)) at theta.
func (s *newton) gradient() {
	clear(s.g)
	clear(s.diag)
	for k, e := range s.edges {
		p := 1 / (1 + math.Exp(s.theta[e.j]-s.theta[e.i]-e.white*s.f.advantage))
		d := e.points - e.games*p
		s.g[e.i] += d
		s.g[e.j] -= d
		s.w[k] = e.games * p * (1 - p)
		s.diag[e.i] += s.w[k]
		s.diag[e.j] += s.w[k]
	}
}

// dense is the information matrix plus 1/size on each component's block
// (which makes it invertible under the average-0 constraint).
func (s *newton) dense() [][]float64 {
	n := s.f.n
	h := make([][]float64, n)
	for i := range h {
		h[i] = make([]float64, n)
		for j := range n {
			if s.comp[i] == s.comp[j] {
				h[i][j] = 1 / s.size[s.comp[i]]
			}
		}
		h[i][i] += s.diag[i]
	}
	for k, e := range s.edges {
		h[e.i][e.j] -= s.w[k]
		h[e.j][e.i] -= s.w[k]
	}
	return h
}

// center makes v average 0 on each component.
func (s *newton) center(v []float64) {
	sum := make([]float64, len(s.size))
	for i, x := range v {
		sum[s.comp[i]] += x
	}
	for i := range v {
		v[i] -= sum[s.comp[i]] / s.size[s.comp[i]]
	}
}

// loglik is the log-likelihood at t (up to a constant).
func (s *newton) loglik(t []float64) float64 {
	ll := 0.0
	for _, e := range s.edges {
		d := t[e.i] - t[e.j] + e.white*s.f.advantage
		// log p = -log(1+e^-d), log(1-p) = -log(1+e^d)
		ll -= e.points*softplus(-d) + (e.games-e.points)*softplus(d)
	}
	return ll
}

// solve iterates Newton's steps (and, with fitAdvantage, steps for White's
// advantage) until they no longer move the ratings.
func (s *newton) solve() {
	next := make([]float64, s.f.n)
	for range 500 {
		if s.f.stopped() {
			return
		}
		s.gradient()
		var step []float64
		if s.f.n <= denseLimit {
			step = solve(s.dense(), s.g)
		} else {
			step = s.f.conjugateGradient(s.edges, s.w, s.diag, s.g, s.center)
		}
		if step == nil || slices.ContainsFunc(step, func(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }) {
			break
		}
		t, big := s.lineSearch(step, next)
		if s.f.fitAdvantage {
			big = max(big, s.advantageStep())
		}
		if t <= 1e-9 && big == 0 {
			break // no step improves: as good as it gets
		}
		if big < 1e-8 { // 2e-6 Elo: far below the 0.1 shown
			break
		}
	}
}

// lineSearch takes the longest part t of step (halving from 1) that does
// not lower the likelihood (it is concave, so the full Newton step is
// taken near the maximum), using next as room. It returns t and the
// largest change of a rating; it moves nothing when t falls to 1e-9.
func (s *newton) lineSearch(step, next []float64) (t, big float64) {
	cur := s.loglik(s.theta)
	t = 1.0
	for ; t > 1e-9; t /= 2 {
		if s.f.stopped() {
			return 0, 0
		}
		for i := range next {
			next[i] = s.theta[i] + t*step[i]
		}
		if ll := s.loglik(next); ll >= cur-1e-12*math.Abs(cur) {
			break
		}
	}
	if t > 1e-9 {
		for i := range s.theta {
			big = max(big, math.Abs(next[i]-s.theta[i]))
		}
		copy(s.theta, next)
		s.center(s.theta)
	}
	return t, big
}

// advantageStep takes one Newton step for White's advantage at the
// current ratings (the likelihood is concave in it too) and returns its
// size.
func (s *newton) advantageStep() float64 {
	gw, hw := 0.0, 0.0
	for _, e := range s.edges {
		p := 1 / (1 + math.Exp(s.theta[e.j]-s.theta[e.i]-e.white*s.f.advantage))
		gw += e.white * (e.points - e.games*p)
		hw += e.white * e.white * e.games * p * (1 - p)
	}
	if hw <= 0 {
		return 0
	}
	dw := max(-1, min(1, gw/hw))
	s.f.advantage += dw
	return math.Abs(dw)
}

// advantageErr is the 95 % half-width of White's advantage in Elo:
// Var(w) = 1 / (I_ww - b' L⁺ b), b the information between w and the
// ratings (the Schur complement of the ratings' block); NaN when the
// information gives none. inv is the dense inverse, nil beyond denseLimit.
func (s *newton) advantageErr(inv [][]float64) float64 {
	n := s.f.n
	iww := 0.0
	bv := make([]float64, n)
	for k, e := range s.edges {
		iww += e.white * e.white * s.w[k]
		bv[e.i] += e.white * s.w[k]
		bv[e.j] -= e.white * s.w[k]
	}
	var x []float64
	if inv != nil {
		x = make([]float64, n)
		for i := range n {
			for j := range n {
				x[i] += inv[i][j] * bv[j]
			}
		}
	} else {
		x = s.f.conjugateGradient(s.edges, s.w, s.diag, bv, s.center)
	}
	v := iww
	for i := range n {
		v -= bv[i] * x[i]
	}
	if v > 0 {
		return z95 * eloScale / math.Sqrt(v)
	}
	return math.NaN()
}

// ratings sets f.elo and f.err from the fit, each component averaging 0.
func (f *Fit) ratings(s *newton, inv [][]float64) {
	f.elo = make([]float64, f.n)
	f.err = make([]float64, f.n)
	for i := range f.n {
		f.elo[i] = eloScale * s.theta[i]
		f.err[i] = math.NaN()
		switch {
		case s.size[s.comp[i]] <= 1:
		case inv != nil:
			// pinv(L) = (L + J/n)^-1 - J/n on each component.
			v := inv[i][i] - 1/s.size[s.comp[i]]
			f.err[i] = z95 * eloScale * math.Sqrt(max(v, 0))
		case s.diag[i] > 0:
			f.err[i] = z95 * eloScale / math.Sqrt(s.diag[i])
		}
	}
}

// moveToAnchor shifts the anchor's component so that the anchor rates
// anchorElo, and makes the errors in it relative to the anchor.
func (f *Fit) moveToAnchor(s *newton, inv [][]float64, anchor int, anchorElo float64) {
	comp, size, diag := s.comp, s.size, s.diag
	shift := anchorElo - f.elo[anchor]
	for i := range f.n {
		if comp[i] != comp[anchor] {
			continue
		}
		f.elo[i] += shift
		if i == anchor {
			continue
		}
		if inv != nil {
			c := 1 / size[comp[i]]
			v := (inv[i][i] - c) + (inv[anchor][anchor] - c) - 2*(inv[i][anchor]-c)
			f.err[i] = z95 * eloScale * math.Sqrt(max(v, 0))
		} else if diag[i] > 0 && diag[anchor] > 0 {
			f.err[i] = z95 * eloScale * math.Sqrt(1/diag[i]+1/diag[anchor])
		}
	}
	f.err[anchor] = 0
}

// conjugateGradient solves L·x = g for the weighted Laplacian L of the
// pairs (weights w, diagonal diag), with Jacobi preconditioning, keeping x
// centred on each component (g sums to 0 on each, so a solution exists).
func (f *Fit) conjugateGradient(edges []edge, w, diag, g []float64, center func([]float64)) []float64 {
	n := f.n
	mul := func(dst, v []float64) {
		for i := range dst {
			dst[i] = diag[i] * v[i]
		}
		for k, e := range edges {
			dst[e.i] -= w[k] * v[e.j]
			dst[e.j] -= w[k] * v[e.i]
		}
	}
	pre := func(dst, r []float64) {
		for i := range dst {
			if diag[i] > 0 {
				dst[i] = r[i] / diag[i]
			} else {
				dst[i] = 0
			}
		}
	}
	x := make([]float64, n)
	r := append([]float64(nil), g...)
	z := make([]float64, n)
	pre(z, r)
	p := append([]float64(nil), z...)
	q := make([]float64, n)
	dot := func(a, b []float64) float64 {
		s := 0.0
		for i := range a {
			s += a[i] * b[i]
		}
		return s
	}
	rz := dot(r, z)
	norm := math.Sqrt(dot(g, g))
	for range min(10*n, 2000) {
		if math.Sqrt(dot(r, r)) <= 1e-9*max(norm, 1e-3) || f.stopped() {
			break
		}
		mul(q, p)
		pq := dot(p, q)
		if pq <= 0 {
			break
		}
		alpha := rz / pq
		for i := range x {
			x[i] += alpha * p[i]
			r[i] -= alpha * q[i]
		}
		pre(z, r)
		rz2 := dot(r, z)
		beta := rz2 / rz
		rz = rz2
		for i := range p {
			p[i] = z[i] + beta*p[i]
		}
	}
	center(x)
	return x
}

// softplus is log(1 + e^x), without overflow.
func softplus(x float64) float64 {
	if x > 30 {
		return x
	}
	return math.Log1p(math.Exp(x))
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
		p := pivot(m, c)
		if p < 0 {
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

// pivot returns the row at or below c whose entry in column c is largest in
// magnitude (partial pivoting), or -1 when that entry is zero to working
// precision: the matrix is singular.
func pivot(m [][]float64, c int) int {
	p := c
	for r := c + 1; r < len(m); r++ {
		if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
			p = r
		}
	}
	if math.Abs(m[p][c]) < 1e-300 {
		return -1
	}
	return p
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
		p := pivot(m, c)
		if p < 0 {
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
