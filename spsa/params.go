package spsa

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// Kind is how a parameter's values reach the engine.
type Kind uint8

// The kinds of parameter.
const (
	// Unset: the line does not say; the engine's option does (a spin
	// option is Int, any other Float).
	Unset Kind = iota
	// Int values are rounded when sent, stochastically as fishtest's
	// worker rounds them (see Round).
	Int
	// Float values are sent as they are.
	Float
)

// String returns "int", "float" or "" (Unset).
func (k Kind) String() string {
	switch k {
	case Int:
		return "int"
	case Float:
		return "float"
	}
	return ""
}

// Param is one parameter to tune, from a line of fishtest's format
// `name,start,min,max,c_end,r_end` or OpenBench's `name,int,start,min,max,c_end,r_end`.
type Param struct {
	Name       string
	Kind       Kind
	Start      float64
	Min, Max   float64
	CEnd, REnd float64
	// Line is the line of the text it was read from, 1-based.
	Line int
}

// Error is a problem of one parameter line, located as go/token has it:
// line and column 1-based, the column in bytes.
type Error struct {
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Errors is every problem Parse found, in the order of the text.
type Errors []*Error

func (es Errors) Error() string {
	msgs := make([]string, len(es))
	for i, e := range es {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// MaxParams is the most parameters a text may hold.
const MaxParams = 1000

// Parse reads parameter lines, one a line: fishtest's
// `name,start,min,max,c_end,r_end` or OpenBench's
// `name,int|float,start,min,max,c_end,r_end` (blank lines are skipped,
// spaces around a field ignored). The numbers are decimal and finite;
// min ≤ start ≤ max, c_end > 0, r_end ≥ 0, and no two names are equal in
// any letter case (option names compare so). Every problem is in the
// error, an Errors, each with its line and column.
func Parse(text string) ([]Param, error) {
	var ps []Param
	var errs Errors
	seen := map[string]int{}
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		line = strings.TrimSuffix(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		p, lineErrs := parseLine(line, n)
		errs = append(errs, lineErrs...)
		if len(lineErrs) > 0 {
			continue
		}
		key := strings.ToLower(p.Name)
		if first, ok := seen[key]; ok {
			errs = append(errs, &Error{n, 1 + strings.Index(line, p.Name), fmt.Sprintf("parameter %q is named on line %d already", p.Name, first)})
			continue
		}
		seen[key] = n
		if len(ps) == MaxParams {
			errs = append(errs, &Error{n, 1, fmt.Sprintf("more than %d parameters", MaxParams)})
			break
		}
		ps = append(ps, p)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if len(ps) == 0 {
		return nil, errors.New("no parameters: give one a line, name,start,min,max,c_end,r_end")
	}
	return ps, nil
}

// field is one comma-separated field of a line: its text without the
// spaces around it and the column where that text starts.
type field struct {
	text string
	col  int
}

func splitFields(line string) []field {
	var fs []field
	start := 0
	for i := 0; i <= len(line); i++ {
		if i < len(line) && line[i] != ',' {
			continue
		}
		raw := line[start:i]
		lead := len(raw) - len(strings.TrimLeftFunc(raw, unicode.IsSpace))
		fs = append(fs, field{strings.TrimSpace(raw), start + lead + 1})
		start = i + 1
	}
	return fs
}

// parseLine reads the parameter of line n.
func parseLine(line string, n int) (Param, Errors) {
	fs := splitFields(line)
	p := Param{Line: n}
	var errs Errors
	bad := func(f field, format string, args ...any) {
		errs = append(errs, &Error{n, f.col, fmt.Sprintf(format, args...)})
	}
	switch len(fs) {
	case 6:
	case 7:
		switch strings.ToLower(fs[1].text) {
		case "int":
			p.Kind = Int
		case "float":
			p.Kind = Float
		default:
			bad(fs[1], "type %q is neither int nor float", fs[1].text)
			return p, errs
		}
		fs = append(fs[:1], fs[2:]...)
	default:
		end := field{col: len(line) + 1}
		bad(end, "%d fields; want 6 (name,start,min,max,c_end,r_end) or 7 (name,int|float,start,min,max,c_end,r_end)", len(fs))
		return p, errs
	}
	p.Name = fs[0].text
	switch {
	case p.Name == "":
		bad(fs[0], "the name is missing")
	case strings.IndexFunc(p.Name, unicode.IsControl) >= 0:
		bad(fs[0], "name %q holds a control character", p.Name)
	case hasWord(p.Name, "value"):
		// setoption name N value V: the word would end the name.
		bad(fs[0], "name %q holds the word \"value\", which setoption cannot send", p.Name)
	}
	names := [...]string{"start", "min", "max", "c_end", "r_end"}
	var v [5]float64
	ok := true
	for i, f := range fs[1:] {
		x, err := number(f.text)
		if err != nil {
			bad(f, "%s %s", names[i], err)
			ok = false
			continue
		}
		v[i] = x
	}
	if !ok {
		return p, errs
	}
	p.Start, p.Min, p.Max, p.CEnd, p.REnd = v[0], v[1], v[2], v[3], v[4]
	switch {
	case p.Min > p.Max:
		bad(fs[2], "min %s is above max %s", fs[2].text, fs[3].text)
	case p.Start < p.Min || p.Start > p.Max:
		bad(fs[1], "start %s is outside [min, max] = [%s, %s]", fs[1].text, fs[2].text, fs[3].text)
	}
	if p.CEnd <= 0 {
		bad(fs[4], "c_end %s must be above 0", fs[4].text)
	}
	if p.REnd < 0 {
		bad(fs[5], "r_end %s must not be negative", fs[5].text)
	}
	return p, errs
}

// hasWord reports whether w is one of the space-separated words of s.
func hasWord(s, w string) bool {
	for _, f := range strings.Fields(s) {
		if f == w {
			return true
		}
	}
	return false
}

// number reads a finite decimal number: an optional sign, digits with an
// optional fraction (or a fraction alone), an optional exponent. Go's
// other forms (hexadecimal, underscores, Inf, NaN) are not numbers here.
func number(s string) (float64, error) {
	if s == "" {
		return 0, errors.New("is missing")
	}
	i := 0
	if s[i] == '+' || s[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	d := digits()
	if i < len(s) && s[i] == '.' {
		i++
		d += digits()
	}
	if d > 0 && i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			d = 0
		}
	}
	if d == 0 || i != len(s) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	// The syntax is checked: an error is a range error, an underflow to
	// zero (taken) or an overflow to infinity (refused).
	x, _ := strconv.ParseFloat(s, 64)
	if math.IsInf(x, 0) {
		return 0, fmt.Errorf("%q is too large", s)
	}
	return x, nil
}

// String writes p as a line of the format it was read in: OpenBench's
// when it has a kind, fishtest's otherwise.
func (p Param) String() string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	kind := ""
	if p.Kind != Unset {
		kind = p.Kind.String() + ","
	}
	return fmt.Sprintf("%s,%s%s,%s,%s,%s,%s", p.Name, kind, f(p.Start), f(p.Min), f(p.Max), f(p.CEnd), f(p.REnd))
}
