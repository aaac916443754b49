package tournament

import (
	"strconv"
	"time"
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
// beyond any resign threshold, never within a draw one.
const mateCP = 1_000_000

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

// parseInfo takes what an info line says of the search: depth, score (cp
// or mate; a bound counts as the score), nodes, nps. The words after pv or
// string are not read. It does not allocate.
func (r *Reply) parseInfo(s string) {
	i := 0
	word := func() string {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		j := i
		for i < len(s) && s[i] != ' ' && s[i] != '\t' {
			i++
		}
		return s[j:i]
	}
	word() // "info"
	for {
		w := word()
		switch w {
		case "":
			return
		case "pv", "string":
			return
		case "depth":
			if n, err := strconv.Atoi(word()); err == nil && n > 0 {
				r.Depth = n
			}
		case "nodes":
			if n, err := strconv.ParseInt(word(), 10, 64); err == nil && n > 0 {
				r.Nodes = n
			}
		case "nps":
			if n, err := strconv.ParseInt(word(), 10, 64); err == nil && n > 0 {
				r.NPS = n
			}
		case "score":
			kind := word()
			n, err := strconv.Atoi(word())
			if err != nil || n > mateCP || n < -mateCP {
				continue
			}
			switch kind {
			case "cp":
				r.Eval = Eval{OK: true, Value: n}
			case "mate":
				r.Eval = Eval{OK: true, Mate: true, Value: n}
			}
		}
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
