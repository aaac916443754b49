package notation

import (
	"strconv"
	"strings"
	"time"
)

// MoveComment is what the comment on an engine's move says, as arbiter
// tournament and cutechess-cli write it: "+0.35/12 0.120s" (the
// evaluation from the mover's side, the depth, the time used), "+M5/9
// 0.030s" for a mate score, or "0.120s" alone without an evaluation.
type MoveComment struct {
	Eval bool // an evaluation was given
	Mate bool // ... and it is a mate score
	// Value is the evaluation in hundredths ("+0.35" is 35), or with Mate
	// the moves to mate, negative when the mover is mated ("-M3" is -3).
	Value   int
	Depth   int // 0: none reported
	Elapsed time.Duration
}

// Append appends the comment's text to b: the evaluation, "/" and the
// depth when there is an evaluation, then the time in seconds with three
// decimals (whole milliseconds, cut down).
func (c MoveComment) Append(b []byte) []byte {
	if c.Eval {
		b = c.AppendEval(b)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(c.Depth), 10)
		b = append(b, ' ')
	}
	ms := c.Elapsed.Milliseconds()
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

// String is the comment's text (Append).
func (c MoveComment) String() string { return string(c.Append(nil)) }

// AppendEval appends the evaluation alone: "+0.35", "-1.20", "0.00",
// "+M5", "-M3"; nothing without one.
func (c MoveComment) AppendEval(b []byte) []byte {
	if !c.Eval {
		return b
	}
	v := c.Value
	if c.Mate {
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

// The largest figures a move comment may give: a depth past MaxDepth, a
// time past MaxElapsed, a mate in 0 (no score of a move that was played)
// make the comment no move comment but plain text, so that no sum of a
// game's figures overflows.
const (
	MaxDepth   = 10_000
	MaxElapsed = 1_000_000 * time.Second // about 11.6 days
)

// ParseMoveComment reads a move comment. What follows a ';' or ',' after
// it (the reason an adjudicated game ended, cutechess's "White mates") is
// ignored. It reports false for any other comment ("book", free text), and
// for one whose figures are out of range (see MaxDepth).
func ParseMoveComment(s string) (MoveComment, bool) {
	var c MoveComment
	if i := strings.IndexAny(s, ";,"); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	eval, elapsed, found := strings.Cut(s, " ")
	if !found {
		eval, elapsed = "", s
	}
	if eval != "" {
		v, d, ok := strings.Cut(eval, "/")
		if !ok || !c.parseEval(v) {
			return MoveComment{}, false
		}
		depth, ok := digits(d)
		if !ok || depth > MaxDepth {
			return MoveComment{}, false
		}
		c.Depth = depth
	}
	secs, ok := strings.CutSuffix(strings.TrimSpace(elapsed), "s")
	if !ok {
		return MoveComment{}, false
	}
	whole, frac, _ := strings.Cut(secs, ".")
	w, ok := digits(whole)
	if !ok || w > int(MaxElapsed/time.Second) || len(frac) > 9 {
		return MoveComment{}, false
	}
	ns := time.Duration(w) * time.Second
	if frac != "" {
		f, ok := digits(frac)
		if !ok {
			return MoveComment{}, false
		}
		for range 9 - len(frac) {
			f *= 10
		}
		ns += time.Duration(f)
	}
	if ns > MaxElapsed {
		return MoveComment{}, false
	}
	c.Elapsed = ns
	return c, true
}

// parseEval reads "+0.35", "-1.20", "0.00", "+M5" or "-M3" into c.
func (c *MoveComment) parseEval(v string) bool {
	sign := 1
	switch {
	case strings.HasPrefix(v, "+"):
		v = v[1:]
	case strings.HasPrefix(v, "-"):
		sign, v = -1, v[1:]
	}
	if m, ok := strings.CutPrefix(v, "M"); ok {
		n, ok := digits(m)
		if !ok || n == 0 || n > maxMate {
			return false
		}
		c.Eval, c.Mate, c.Value = true, true, sign*n
		return true
	}
	whole, frac, ok := strings.Cut(v, ".")
	if !ok || len(frac) != 2 {
		return false
	}
	w, ok1 := digits(whole)
	f, ok2 := digits(frac)
	if !ok1 || !ok2 || w > 1e7 {
		return false
	}
	c.Eval, c.Value = true, sign*(w*100+f)
	return true
}

// maxMate is the most moves to mate a comment gives (ugi.MaxScore).
const maxMate = 1_000_000

// maxDigits is the most digits an int holds whatever they are.
const maxDigits = 9 + 9*(strconv.IntSize/64)

// digits reads a run of 1 to maxDigits decimal digits.
func digits(s string) (int, bool) {
	if s == "" || len(s) > maxDigits {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
