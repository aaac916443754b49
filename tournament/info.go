package tournament

import (
	"strconv"
	"time"

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
	return string(e.append(nil))
}

func (e Eval) append(b []byte) []byte {
	if !e.OK {
		return b
	}
	v := e.Value
	if e.Mate {
		if v > 0 {
			b = append(b, "+M"...)
		} else {
			b = append(b, "-M"...)
			v = -v
		}
		return strconv.AppendInt(b, int64(v), 10)
	}
	switch {
	case v > 0:
		b = append(b, '+')
	case v < 0:
		b = append(b, '-')
		v = -v
	}
	b = strconv.AppendInt(b, int64(v/100), 10)
	b = append(b, '.')
	if v%100 < 10 {
		b = append(b, '0')
	}
	return strconv.AppendInt(b, int64(v%100), 10)
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
// side, depth, time used), or only "0.120s" without an evaluation.
func moveComment(r *Reply) string {
	b := make([]byte, 0, 24)
	if r.Eval.OK {
		b = r.Eval.append(b)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(r.Depth), 10)
		b = append(b, ' ')
	}
	b = appendSeconds(b, r.Elapsed)
	return string(b)
}

// appendSeconds writes d as seconds with 3 decimals: "0.120s".
func appendSeconds(b []byte, d time.Duration) []byte {
	ms := d.Milliseconds()
	b = strconv.AppendInt(b, ms/1000, 10)
	b = append(b, '.')
	f := ms % 1000
	switch {
	case f < 10:
		b = append(b, "00"...)
	case f < 100:
		b = append(b, '0')
	}
	b = strconv.AppendInt(b, f, 10)
	return append(b, 's')
}
