package book

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/rules"
)

// FromStats counts what FromGames did with the games it read.
type FromStats struct {
	Games    int
	Skipped  Skipped
	Repeated int // positions an earlier opening reached
	Written  int
}

// Summary is the line that tells people about a suite of plies plies
// from games.
func (st FromStats) Summary(plies int) string {
	s := fmt.Sprintf("%s read, %d %s written", nGames(st.Games), st.Written, plural(st.Written, "opening", "openings"))
	var out []string
	if st.Skipped.Over > 0 {
		out = append(out, fmt.Sprintf("%d over within %d plies", st.Skipped.Over, plies))
	}
	if st.Skipped.Short > 0 {
		out = append(out, fmt.Sprintf("%d shorter than %d plies", st.Skipped.Short, plies))
	}
	if len(out) > 0 {
		s += fmt.Sprintf("; %s skipped: %s", nGames(st.Skipped.Over+st.Skipped.Short), strings.Join(out, ", "))
	}
	if st.Repeated > 0 {
		s += fmt.Sprintf("; %d repeated positions left out", st.Repeated)
	}
	return s
}

// plural returns one for 1, many for any other count.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// nGames counts games for people: "1 game", "0 games", "12 games".
func nGames(n int) string { return strconv.Itoa(n) + " " + plural(n, "game", "games") }

// FromGames makes a suite of the first plies plies of the games of the
// record files, in order, distinct positions only, at most count of them
// when count > 0 (after keep, when not nil). The games that are over
// within plies plies, or shorter, are skipped (see ReadFirst). open reads
// a file, one at a time, and release frees what it read; its error is
// returned as it is. It all stops when ctx is done.
func FromGames(ctx context.Context, g rules.Game, files []string, open func(name string) (data []byte, release func(), err error),
	plies, count int, keep func(rules.Position) (bool, error)) ([]Opening, FromStats, error) {
	var (
		all []Opening
		st  FromStats
	)
	for _, name := range files {
		data, release, err := open(name)
		if err != nil {
			return nil, st, err
		}
		suite, skipped, err := ReadFirst(ctx, g, name, data, plies)
		release() // the openings hold copies
		if err != nil {
			return nil, st, err
		}
		st.Games += len(suite) + skipped.Over + skipped.Short
		st.Skipped.Over += skipped.Over
		st.Skipped.Short += skipped.Short
		all = append(all, suite...)
	}
	distinct, err := Distinct(ctx, g, all)
	if err != nil {
		return nil, st, err
	}
	st.Repeated = len(all) - len(distinct)
	var out []Opening
	for _, o := range distinct {
		if count > 0 && len(out) == count {
			break
		}
		if keep != nil {
			pos, err := o.Position(g)
			if err != nil {
				return nil, st, err
			}
			ok, err := keep(pos)
			if err != nil {
				return nil, st, err
			}
			if !ok {
				continue
			}
		}
		out = append(out, o)
	}
	st.Written = len(out)
	if len(out) == 0 {
		return nil, st, fmt.Errorf("no game of %s has %d plies without being over (%s)", strings.Join(files, ", "), plies, st.Summary(plies))
	}
	return out, st, nil
}
