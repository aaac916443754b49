package tournament

import (
	"strconv"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/ugi"
)

// Eval is an engine's evaluation of the position it moves in, from its own
// side (the mover's): centipawns, or a forced mate in Value moves (negative:
// it is mated). The zero Eval is no evaluation.
type Eval struct {
	OK    bool
	Mate  bool
	Value int
}

// mateCP is the centipawn value a mate score counts as in adjudication:
// beyond any resign threshold, never within a draw one (and beyond any
// score an info line may give).
const mateCP = ugi.MaxScore

// CP returns e in centipawns, a mate counting as ±mateCP.
func (e Eval) CP() int {
	switch {
	case !e.Mate:
		return e.Value
	case e.Value > 0:
		return mateCP
	}
	return -mateCP
}

// String writes e as cutechess does in its move comments: "+0.35",
// "-1.20", "0.00", "+M5", "-M3"; "" for no evaluation.
func (e Eval) String() string {
	return string(e.comment().AppendEval(nil))
}

// comment is e as the evaluation of a move comment.
func (e Eval) comment() notation.MoveComment {
	return notation.MoveComment{Eval: e.OK, Mate: e.Mate, Value: e.Value}
}

// cpText writes e for an adjudication comment: centipawns with a sign
// ("-712", "+689", "0"), or "+M5"/"-M3".
func (e Eval) cpText() string {
	if e.Mate {
		return e.String()
	}
	if e.Value > 0 {
		return "+" + strconv.Itoa(e.Value)
	}
	return strconv.Itoa(e.Value)
}

// parseInfo takes what an info line says of the search (ugi.ParseInfo):
// each field it says replaces the one an earlier line said. It does not
// allocate.
func (r *Reply) parseInfo(s string) {
	in := ugi.ParseInfo(s)
	if in.Depth > 0 {
		r.Depth = in.Depth
	}
	if in.Nodes > 0 {
		r.Nodes = in.Nodes
	}
	if in.NPS > 0 {
		r.NPS = in.NPS
	}
	if in.HasScore {
		r.Eval = Eval{OK: true, Mate: in.Mate, Value: in.Score}
	}
}

// moveComment is the record's comment on a move an engine played, as
// cutechess writes it: "+0.35/12 0.120s" (evaluation from the mover's
// side, depth, time used), or only "0.120s" without an evaluation (see
// notation.MoveComment, which import reads it back with).
func moveComment(r *Reply) string {
	c := r.Eval.comment()
	c.Depth, c.Elapsed = r.Depth, r.Elapsed
	return string(c.Append(make([]byte, 0, 24)))
}
