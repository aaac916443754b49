package spsa

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// fishtest's defaults of the settings.
const (
	DefaultARatio = 0.1
	DefaultAlpha  = 0.602
	DefaultGamma  = 0.101
)

// MaxPairs is the most game pairs a run may have.
const MaxPairs = 100_000_000

// Settings are a run's numbers besides its parameters; New takes them as
// they are (a config fills in the defaults).
type Settings struct {
	// Pairs is N, the game pairs the run plays.
	Pairs int
	// ARatio is A as a fraction of N; Alpha and Gamma are the exponents of
	// the learning rate's and the perturbation's decay.
	ARatio, Alpha, Gamma float64
	// Seed seeds the flips and the rounding of every pair.
	Seed uint64
}

// Schedule is a run's mathematics: its parameters, A, and each
// parameter's c and a, from which every iteration's c_k and R_k follow.
// A Schedule is not changed by its methods and may be shared.
type Schedule struct {
	Params       []Param
	Pairs        int
	A            int // ⌊ARatio·Pairs⌋
	Alpha, Gamma float64
	Seed         uint64
	c, a         []float64
}

// New checks the settings and works out the schedule of params: A =
// ⌊ARatio·Pairs⌋, and per parameter c = c_end·N^γ and a =
// r_end·c_end²·(A + N)^α.
func New(params []Param, s Settings) (*Schedule, error) {
	var errs []error
	if s.Pairs < 1 || s.Pairs > MaxPairs {
		errs = append(errs, fmt.Errorf("pairs is %d; it must be from 1 to %d", s.Pairs, MaxPairs))
	}
	for _, x := range []struct {
		name string
		v    float64
	}{{"A", s.ARatio}, {"alpha", s.Alpha}, {"gamma", s.Gamma}} {
		if !(x.v >= 0) || math.IsInf(x.v, 0) {
			errs = append(errs, fmt.Errorf("%s is %v; it must be a finite number, 0 or more", x.name, x.v))
		}
	}
	if s.ARatio > 1000 {
		errs = append(errs, fmt.Errorf("%s is %v; it is a fraction of the pairs, at most 1000", "A", s.ARatio))
	}
	if len(params) == 0 {
		errs = append(errs, errors.New("no parameters"))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	n := float64(s.Pairs)
	sc := &Schedule{
		Params: params,
		Pairs:  s.Pairs,
		A:      int(math.Floor(s.ARatio * n)),
		Alpha:  s.Alpha,
		Gamma:  s.Gamma,
		Seed:   s.Seed,
		c:      make([]float64, len(params)),
		a:      make([]float64, len(params)),
	}
	for i, p := range params {
		sc.c[i] = p.CEnd * math.Pow(n, s.Gamma)
		sc.a[i] = p.REnd * (p.CEnd * p.CEnd) * math.Pow(float64(sc.A)+n, s.Alpha)
	}
	return sc, nil
}

// Base returns parameter i's c and a: its perturbation at k = 1 and the
// numerator of its learning rate.
func (s *Schedule) Base(i int) (c, a float64) { return s.c[i], s.a[i] }

// Step is one parameter's perturbation size c_k and learning rate R_k at
// an iteration.
type Step struct{ C, R float64 }

// At returns each parameter's step at iteration k (from 1): c_k = c/k^γ
// and R_k = a/(A + k)^α/c_k². It appends to dst, which may be nil.
func (s *Schedule) At(k int, dst []Step) []Step {
	kf := float64(k)
	ck := math.Pow(kf, s.Gamma)
	rk := math.Pow(float64(s.A)+kf, s.Alpha)
	for i := range s.Params {
		c := s.c[i] / ck
		dst = append(dst, Step{C: c, R: s.a[i] / rk / (c * c)})
	}
	return dst
}

// Pair is what one game pair plays: the step of its iteration, a flip per
// parameter, and the values of each side.
type Pair struct {
	// Index is the pair's number in the run, from 0: its flips and its
	// rounding are drawn from a stream of the seed and Index alone.
	Index int
	// K is the iteration whose steps it plays, from 1.
	K     int
	Steps []Step
	Flip  []int // +1 or -1 per parameter
	// Plus plays θ + c_k·flip, Minus θ − c_k·flip.
	Plus, Minus Side
}

// Side is the values one side of a pair plays.
type Side struct {
	// Values are θ ± c_k·flip, each clipped to [min, max].
	Values []float64
	// Sent are the values as the engine gets them: an Int parameter's
	// rounded by Round, the others as Values has them.
	Sent []float64
}

// Perturb returns pair index of the run at iteration k from θ: its flips,
// then the rounding of the plus side's Int parameters, then the minus
// side's, all drawn from the pair's own stream.
func (s *Schedule) Perturb(theta []float64, k, index int) Pair {
	n := len(s.Params)
	p := Pair{
		Index: index,
		K:     k,
		Steps: s.At(k, make([]Step, 0, n)),
		Flip:  make([]int, n),
		Plus:  Side{Values: make([]float64, n), Sent: make([]float64, n)},
		Minus: Side{Values: make([]float64, n), Sent: make([]float64, n)},
	}
	r := s.stream(index)
	var bits uint64
	for i := range n {
		if i%64 == 0 {
			bits = r.Uint64()
		}
		p.Flip[i] = 1
		if bits&1 == 0 {
			p.Flip[i] = -1
		}
		bits >>= 1
	}
	s.place(theta, &p)
	for _, side := range []*Side{&p.Plus, &p.Minus} {
		for i, par := range s.Params {
			side.Sent[i] = side.Values[i]
			if par.Kind == Int {
				side.Sent[i] = Round(side.Values[i], unit(r), par.Min, par.Max)
			}
		}
	}
	return p
}

// place sets the values of p's sides from θ, p's steps and flips.
func (s *Schedule) place(theta []float64, p *Pair) {
	for i := range s.Params {
		par := &s.Params[i]
		d := p.Steps[i].C * float64(p.Flip[i])
		p.Plus.Values[i] = clip(theta[i]+d, par.Min, par.Max)
		p.Minus.Values[i] = clip(theta[i]-d, par.Min, par.Max)
	}
}

// Update moves θ, in place, by the result of pair p: θ_i ← clip(θ_i +
// R_k·c_k·result·flip_i) with p's steps and flips. result is the wins less
// the losses of p's plus side (-2 to 2 for a pair). θ is the run's
// current one, which other pairs may have moved since p started, as
// fishtest's asynchronous updates have it.
func (s *Schedule) Update(theta []float64, p *Pair, result int) {
	r := float64(result)
	for i := range s.Params {
		par, st := &s.Params[i], p.Steps[i]
		theta[i] = clip(theta[i]+st.R*st.C*r*float64(p.Flip[i]), par.Min, par.Max)
	}
}

// Round rounds v stochastically, as fishtest's worker does: ⌊v + u⌋ for
// u uniform in [0, 1), so that v = N + f becomes N+1 with probability f
// and N otherwise, and a value's expectation is kept. The result stays
// within the whole numbers of [min, max] when there are any.
func Round(v, u, min, max float64) float64 {
	x := math.Floor(v + u)
	if lo, hi := math.Ceil(min), math.Floor(max); lo <= hi {
		x = clip(x, lo, hi)
	}
	return x
}

func clip(x, lo, hi float64) float64 { return math.Min(math.Max(x, lo), hi) }

// stream returns pair index's random source: ChaCha8 keyed by the seed
// and the index, so that a pair's draws do not depend on which pairs ran
// before it or at the same time.
func (s *Schedule) stream(index int) *rand.ChaCha8 {
	var key [32]byte
	binary.LittleEndian.PutUint64(key[0:], s.Seed)
	binary.LittleEndian.PutUint64(key[8:], uint64(index))
	copy(key[16:], "arbiter spsa v1\x00")
	return rand.NewChaCha8(key)
}

// unit returns a uniform number in [0, 1) from 53 bits of r.
func unit(r *rand.ChaCha8) float64 { return float64(r.Uint64()>>11) / (1 << 53) }

// Tuner is the state of a run: θ, the pairs handed out and the pairs whose
// results θ holds. Pairs that play at once start from the θ of their
// start and share its iteration, as in fishtest. Not safe for concurrent
// use.
type Tuner struct {
	Schedule *Schedule
	Theta    []float64
	// Started counts the pairs handed out; Done the pairs applied (the
	// iteration of the next pair is Done+1).
	Started, Done int
}

// Start returns a run's first state: θ at the parameters' starts.
func (s *Schedule) Start() *Tuner {
	t := &Tuner{Schedule: s, Theta: make([]float64, len(s.Params))}
	for i, p := range s.Params {
		t.Theta[i] = p.Start
	}
	return t
}

// Next hands out the next pair, at iteration Done+1 from the current θ;
// it returns false when all the run's pairs are handed out.
func (t *Tuner) Next() (Pair, bool) {
	if t.Started >= t.Schedule.Pairs {
		return Pair{}, false
	}
	p := t.Schedule.Perturb(t.Theta, t.Done+1, t.Started)
	t.Started++
	return p, true
}

// Apply moves θ by p's result (the wins less the losses of p's plus side).
func (t *Tuner) Apply(p *Pair, result int) {
	t.Schedule.Update(t.Theta, p, result)
	t.Done++
}
