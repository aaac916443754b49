package tune

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/arbiter-games/arbiter/spsa"
)

// ProgressEvery is how many pairs a run's progress lines are apart: a
// hundredth of the run, from 1 to 100 pairs.
func ProgressEvery(pairs int) int { return min(100, max(1, pairs/100)) }

// WriteProgress writes the progress line of p: the pairs stored of N, θ
// and the next iteration's c_k and R_k of each parameter.
func WriteProgress(w io.Writer, params []spsa.Param, p Progress) error {
	var b strings.Builder
	fmt.Fprintf(&b, "pair %d/%d", p.Done, p.Pairs)
	if p.Pair != nil {
		fmt.Fprintf(&b, " (%s %s, %+d)", p.Pair.Games[0], p.Pair.Games[1], p.Pair.Result)
	}
	b.WriteString(":")
	for i, par := range params {
		if i >= len(p.Theta) || i >= len(p.Steps) {
			break
		}
		fmt.Fprintf(&b, " %s %s (c_k %s, R_k %s)", par.Name, num(p.Theta[i]), num(p.Steps[i].C), num(p.Steps[i].R))
	}
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}

// Value returns θ_i as the engine takes it: an int parameter's rounded.
func Value(p spsa.Param, v float64) string {
	if p.Kind == spsa.Int {
		return strconv.FormatFloat(math.Round(v), 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// WriteResult writes the tuned values of s: as setoption lines, then as
// parameter lines that start the next run from them.
func WriteResult(w io.Writer, s *Summary) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s: the values after %d of %d pairs\n", s.Name, s.Done, s.Pairs)
	for i, p := range s.Params {
		fmt.Fprintf(bw, "setoption name %s value %s\n", p.Name, Value(p, s.Theta[i]))
	}
	fmt.Fprintf(bw, "\n# parameter lines from them, for the next run\n")
	for i, p := range s.Params {
		p.Start, _ = strconv.ParseFloat(Value(p, s.Theta[i]), 64)
		fmt.Fprintln(bw, p.String())
	}
	return bw.Flush()
}

// WriteSpeed writes what the run cost: its pairs a minute and the
// tuning's own time per pair (taking it, its values, storing it with θ).
func WriteSpeed(w io.Writer, s *Summary) error {
	if s.Played == 0 {
		return nil
	}
	rate := float64(s.Played) / s.Duration.Minutes()
	per := func(d time.Duration) time.Duration { return (d / time.Duration(s.Played)).Round(time.Microsecond) }
	_, err := fmt.Fprintf(w, "%d pairs played in %v (%.0f a minute); a pair: tuning overhead %v (taking it, storing it with θ's update), "+
		"CPU of this runner %v and of its worker processes %v (engines excluded)\n",
		s.Played, s.Duration.Round(time.Millisecond), rate, per(s.Overhead), per(s.RunnerCPU), per(s.WorkerCPU))
	return err
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }
