package ugi

import (
	"strconv"
	"time"
)

// MaxScore is the largest score, in centi-units or moves to mate, that
// ParseInfo takes, and MaxDepth the largest depth: a value beyond them is
// not read (the record's move comments refuse them too, see
// notation.MaxDepth).
const (
	MaxScore = 1_000_000
	MaxDepth = 10_000
)

// Info is what an info line says of a search. The zero value of a field is
// "not said": Depth, Nodes and NPS are read only when above 0, the score
// only with HasScore.
type Info struct {
	Depth int
	Eval  Eval // from the mover's side
	Nodes int64
	NPS   int64
	Time  time.Duration // written by AppendInfo; not read
	PV    []string      // written by AppendInfo; not read
}

// ParseInfo reads an info line: depth, score (cp or mate; a bound counts
// as the score), nodes and nps. The words after pv or string are not read.
// A value that is not a whole number in range is unreadable and left out,
// as if the line did not give it: a depth, nodes or nps of 0 or less, a
// depth past MaxDepth, a score past MaxScore, a mate in 0 ("mate 0" or
// "mate -0": the side to move has a move, so no mate is on the board), a
// number written otherwise ("1e23", "35.5"). It does not allocate.
func ParseInfo(s string) Info {
	var in Info
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
		switch word() {
		case "", "pv", "string":
			return in
		case "depth":
			if n, err := strconv.Atoi(word()); err == nil && n > 0 && n <= MaxDepth {
				in.Depth = n
			}
		case "nodes":
			if n, err := strconv.ParseInt(word(), 10, 64); err == nil && n > 0 {
				in.Nodes = n
			}
		case "nps":
			if n, err := strconv.ParseInt(word(), 10, 64); err == nil && n > 0 {
				in.NPS = n
			}
		case "score":
			kind := word()
			n, err := strconv.Atoi(word())
			if err != nil || n > MaxScore || n < -MaxScore {
				continue
			}
			switch kind {
			case "cp":
				in.Eval = Eval{OK: true, Value: n}
			case "mate":
				if n != 0 {
					in.Eval = Eval{OK: true, Mate: true, Value: n}
				}
			}
		}
	}
}

// AppendInfo appends the info line of in, without its newline: "info
// depth D score cp S|mate M nodes N time T", then "nps" when the time is
// at least a millisecond, then "pv" and the moves when there are any.
func (in Info) AppendInfo(b []byte) []byte {
	b = append(b, "info depth "...)
	b = strconv.AppendInt(b, int64(in.Depth), 10)
	if in.Eval.Mate {
		b = append(b, " score mate "...)
	} else {
		b = append(b, " score cp "...)
	}
	b = strconv.AppendInt(b, int64(in.Eval.Value), 10)
	ms := in.Time.Milliseconds()
	b = append(b, " nodes "...)
	b = strconv.AppendInt(b, in.Nodes, 10)
	b = append(b, " time "...)
	b = strconv.AppendInt(b, ms, 10)
	if ms > 0 {
		b = append(b, " nps "...)
		b = strconv.AppendInt(b, in.Nodes*1000/ms, 10)
	}
	if len(in.PV) > 0 {
		b = append(b, " pv"...)
		for _, m := range in.PV {
			b = append(b, ' ')
			b = append(b, m...)
		}
	}
	return b
}
