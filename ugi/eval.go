package ugi

import (
	"strconv"

	"github.com/arbiter-games/arbiter/notation"
)

// Eval is an engine's evaluation of the position it moves in, from its own
// side (the mover's): centi-units, or with Mate a forced end in Value moves
// (negative: the mover is mated). The zero Eval is no evaluation.
type Eval struct {
	OK    bool
	Mate  bool
	Value int
}

// MateCP is the centi-unit value a mate counts as where one number is
// needed (adjudication): beyond any threshold and any score an info line
// may give.
const MateCP = MaxScore

// CP returns e in centi-units, a mate counting as ±MateCP.
func (e Eval) CP() int {
	switch {
	case !e.Mate:
		return e.Value
	case e.Value > 0:
		return MateCP
	}
	return -MateCP
}

// String writes e as cutechess does in its move comments: "+0.35",
// "-1.20", "0.00", "+M5", "-M3"; "" for no evaluation.
func (e Eval) String() string {
	return string(e.Comment().AppendEval(nil))
}

// Comment is e as the evaluation of a move comment.
func (e Eval) Comment() notation.MoveComment {
	return notation.MoveComment{Eval: e.OK, Mate: e.Mate, Value: e.Value}
}

// CPText writes e for an adjudication comment: centi-units with a sign
// ("-712", "+689", "0"), or "+M5"/"-M3".
func (e Eval) CPText() string {
	if e.Mate {
		return e.String()
	}
	if e.Value > 0 {
		return "+" + strconv.Itoa(e.Value)
	}
	return strconv.Itoa(e.Value)
}
