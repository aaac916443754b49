package notation

import "fmt"

// Results is what the result tokens of a record mean: whom "1-0" names.
type Results uint8

// The two conventions of result tokens.
const (
	// ResultsWhite is PGN's: "1-0" means White won, whoever moved first.
	ResultsWhite Results = iota
	// ResultsFirstMover is the UGI runners' (their p1win): "1-0" means
	// the side that moves first won, Black in Lines of Action.
	ResultsFirstMover
)

// String returns the name of r as --results takes it: "white" or
// "first-mover".
func (r Results) String() string {
	if r == ResultsFirstMover {
		return "first-mover"
	}
	return "white"
}

// ParseResults reads the name of a convention, "white" or "first-mover".
func ParseResults(s string) (Results, error) {
	switch s {
	case "white":
		return ResultsWhite, nil
	case "first-mover":
		return ResultsFirstMover, nil
	}
	return ResultsWhite, fmt.Errorf("unknown result convention %q (want white or first-mover)", Shorten(s))
}

// FlipResult returns the result token s with its winner swapped ("1-0"
// and "0-1"); a draw, "*" and anything else come back unchanged. It turns
// a result of one convention into the other for a game whose first mover
// is Black.
func FlipResult(s string) string {
	switch s {
	case "1-0":
		return "0-1"
	case "0-1":
		return "1-0"
	}
	return s
}
