package notation

import (
	"strconv"
	"strings"
)

// Solved is the closing comment of a game the solver adjudicated
// (termination solved), as the referee writes it:
//
//	solved: White wins in at most 7 plies, proof of 183211 nodes within 1000000
//
// A validator proves the result again within Budget.
type Solved struct {
	Result string // "1-0", "0-1" or "1/2-1/2"
	Plies  int    // the most plies the proof's longest line takes
	Nodes  int64  // the positions the proof visited
	Budget int64  // the nodes the solver was allowed
}

// solvedWords are the words of each result in a Solved comment.
var solvedWords = [][2]string{{"1-0", "White wins"}, {"0-1", "Black wins"}, {"1/2-1/2", "draw"}}

// String is the comment's text.
func (s Solved) String() string {
	what := s.Result
	for _, w := range solvedWords {
		if w[0] == s.Result {
			what = w[1]
		}
	}
	return "solved: " + what + " in at most " + strconv.Itoa(s.Plies) + " plies, proof of " +
		strconv.FormatInt(s.Nodes, 10) + " nodes within " + strconv.FormatInt(s.Budget, 10)
}

// ParseSolved finds a Solved comment in comment, a list of parts joined
// by "; ": the last part that is one (the closing comment comes after the
// move's own, as the referee writes it, and before what arbiter solve
// --annotate adds). ok is false when there is none.
func ParseSolved(comment string) (s Solved, ok bool) {
	parts := strings.Split(comment, "; ")
	for i := len(parts) - 1; i >= 0; i-- {
		if s, ok := parseSolved(parts[i]); ok {
			return s, true
		}
	}
	return Solved{}, false
}

// parseSolved reads one part of a comment as a Solved comment.
func parseSolved(part string) (s Solved, ok bool) {
	rest, found := strings.CutPrefix(part, "solved: ")
	if !found {
		return Solved{}, false
	}
	rest = strings.TrimSpace(rest)
	for _, w := range solvedWords {
		if after, found := strings.CutPrefix(rest, w[1]+" in at most "); found {
			s.Result, rest = w[0], after
			break
		}
	}
	if s.Result == "" {
		return Solved{}, false
	}
	number := func(suffix string) (int64, bool) {
		digits, after, found := rest, "", true
		if suffix != "" {
			digits, after, found = strings.Cut(rest, suffix)
		}
		n, err := strconv.ParseInt(digits, 10, 64)
		if !found || err != nil || n < 0 || digits == "" || digits[0] == '+' {
			return 0, false
		}
		rest = after
		return n, true
	}
	plies, ok1 := number(" plies, proof of ")
	nodes, ok2 := number(" nodes within ")
	budget, ok3 := number("")
	if !ok1 || !ok2 || !ok3 || plies > 1<<30 {
		return Solved{}, false
	}
	s.Plies, s.Nodes, s.Budget = int(plies), nodes, budget
	return s, true
}
