package console

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/pairing"
	"github.com/arbiter-games/arbiter/standings"
	"github.com/arbiter-games/arbiter/tournament"
)

// WriteSummary writes the final standings of a run of cfg's tournament:
// with a Swiss's tie-breaks and byes, a knockout's bracket, the
// terminations, what the solver's adjudication spent and the SPRT's
// answer.
func WriteSummary(w io.Writer, cfg *config.Tournament, sum *tournament.Summary) {
	others := ""
	if sum.Elsewhere > 0 || sum.Discarded > 0 {
		others = fmt.Sprintf(", %d by other runners", sum.Elsewhere)
		if sum.Discarded > 0 {
			others += fmt.Sprintf(", %d discarded as stored by another", sum.Discarded)
		}
	}
	fmt.Fprintf(w, "tournament %s (%s): %d of %d games stored (%d played now, %d before%s)\n",
		sum.Name, cfg.GameRules().Name(), sum.Played+sum.Resumed+sum.Elsewhere, sum.Total, sum.Played, sum.Resumed, others)
	writeStandings(w, sum.Standings)
	kinds := make([]notation.Termination, 0, len(sum.Terminations))
	for k := range sum.Terminations {
		kinds = append(kinds, k)
	}
	sort.Slice(kinds, func(i, j int) bool {
		a, b := sum.Terminations[kinds[i]], sum.Terminations[kinds[j]]
		return a > b || a == b && kinds[i] < kinds[j]
	})
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%s %d", k, sum.Terminations[k])
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "terminations: %s\n", strings.Join(parts, ", "))
	}
	if s := sum.Solver; s.Games > 0 {
		fmt.Fprintf(w, "solver: %d games played with it now, %.2f s, %d nodes (the runner's time)\n", s.Games, s.Time.Seconds(), s.Nodes)
	}
	if sum.Bracket != nil {
		writeBracket(w, cfg, sum.Bracket)
	}
	if sum.SPRT != nil {
		fmt.Fprintln(w, sum.SPRT.Line())
	}
}

// writeStandings prints the standings table; a Swiss's has its byes and
// tie-breaks too.
func writeStandings(w io.Writer, rows []standings.Row) {
	width := len("engine")
	swiss := false
	for _, s := range rows {
		width = max(width, len(s.Name))
		swiss = swiss || s.Buchholz != nil
	}
	fmt.Fprintf(w, "%4s  %-*s  %5s  %4s  %5s  %6s  %6s  %6s", "rank", width, "engine", "games", "wins", "draws", "losses", "points", "score")
	if swiss {
		fmt.Fprintf(w, "  %4s  %8s  %8s", "byes", "buchholz", "s-b")
	}
	fmt.Fprintln(w)
	for i, s := range rows {
		fmt.Fprintf(w, "%4d  %-*s  %5d  %4d  %5d  %6d  %6.1f  %5.1f%%", i+1, width, s.Name, s.Games, s.Wins, s.Draws, s.Losses, s.Points, s.ScorePct())
		if swiss {
			fmt.Fprintf(w, "  %4d  %8.2f  %8.2f", s.Byes, *s.Buchholz, *s.SonnebornBerger)
		}
		fmt.Fprintln(w)
	}
}

// writeBracket prints a knockout's bracket, round by round, and its
// winner once there is one.
func writeBracket(w io.Writer, cfg *config.Tournament, rounds []pairing.KnockoutRound) {
	name := func(i int) string { return cfg.Engines[i].Name }
	pts := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	winner := -1
	for _, r := range rounds {
		fmt.Fprintf(w, "knockout round %d:", r.Round)
		for i, e := range r.Encounters {
			sep := ";"
			if i == 0 {
				sep = ""
			}
			switch {
			case e.B < 0:
				fmt.Fprintf(w, "%s %s (bye)", sep, name(e.A))
			default:
				fmt.Fprintf(w, "%s %s %s-%s %s", sep, name(e.A), pts(e.PointsA), pts(e.PointsB), name(e.B))
				switch {
				case e.Winner < 0:
					fmt.Fprint(w, " (playing)")
				case e.BySeed:
					fmt.Fprintf(w, " (%s through as the higher seed)", name(e.Winner))
				}
			}
		}
		fmt.Fprintln(w)
		if len(r.Encounters) == 1 && r.Encounters[0].Winner >= 0 {
			winner = r.Encounters[0].Winner
		}
	}
	if winner >= 0 {
		fmt.Fprintf(w, "knockout winner: %s\n", name(winner))
	}
}
