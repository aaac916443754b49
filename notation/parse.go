package notation

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/internal/shorten"
)

// maxShown is how much of an overlong token an error message quotes.
const maxShown = 24

// Parse parses one game into g: the text src[ch.Start:ch.End] of a chunk
// that a Splitter returned. name names the file in errors; index is the
// game's 1-based position in it. The game's first error is in g.Err. Parse
// replaces what g held and reuses its Moves and Tags slices, so that a
// caller that parses many games one after another into one Game allocates
// almost nothing; move tokens and tag values are substrings of src.
func (g *Game) Parse(name, src string, ch Chunk, index int) {
	moves, tags, warnings := g.Moves[:0], g.Tags[:0], g.Warnings[:0]
	*g = Game{Line: ch.Line, Col: ch.Col, Index: index, Moves: moves, Tags: tags, Warnings: warnings}
	p := parser{
		file: name, src: src, i: ch.Start, end: ch.End,
		line: ch.Line, lineStart: ch.Start - (ch.Col - 1),
	}
	p.game(g)
}

type parser struct {
	file      string
	src       string
	i, end    int
	line      int
	lineStart int // index of the first byte of the current line
	err       *Error
	names     map[string]bool // tag names, once a game has many tags
}

func (p *parser) col(i int) int { return i - p.lineStart + 1 }

func (p *parser) fail(line, col int, code, format string, args ...any) {
	if p.err == nil {
		p.err = &Error{File: p.file, Line: line, Col: col, Code: code, Msg: fmt.Sprintf(format, args...)}
	}
}

// space skips white space, counting lines.
func (p *parser) space() {
	src, i := p.src[:p.end], p.i
	for ; i < len(src); i++ {
		switch src[i] {
		case '\n':
			p.line++
			p.lineStart = i + 1
		case ' ', '\t', '\r':
		default:
			p.i = i
			return
		}
	}
	p.i = i
}

func (p *parser) game(g *Game) {
	// Tag section; comments among the tags are dropped.
	for {
		p.space()
		if p.i >= p.end {
			break
		}
		if c := p.src[p.i]; c == '{' || c == ';' {
			// Comments among the tags are dropped; comments after them
			// start the movetext.
			save := *p
			if !p.skipComments() || p.i >= p.end || p.src[p.i] != '[' {
				*p = save
				break
			}
			continue
		} else if c != '[' {
			break
		}
		if !p.tag(g) {
			g.Err = p.err
			return
		}
	}
	p.movetext(g)
	g.Err = p.err
}

// skipComments skips a run of comments and the space around them; false
// when a comment is unterminated.
func (p *parser) skipComments() bool {
	for p.i < p.end {
		switch p.src[p.i] {
		case '{':
			j := strings.IndexByte(p.src[p.i+1:p.end], '}')
			if j < 0 {
				return false
			}
			p.advance(p.i + 2 + j)
		case ';':
			for p.i < p.end && p.src[p.i] != '\n' {
				p.i++
			}
		default:
			return true
		}
		p.space()
	}
	return true
}

// duplicate reports whether g has a tag name already: a scan for the few
// tags of a normal game, a set for a hostile one with thousands.
func (p *parser) duplicate(g *Game, name string) bool {
	if len(g.Tags) < 32 {
		for k := range g.Tags {
			if g.Tags[k].Name == name {
				return true
			}
		}
		return false
	}
	if p.names == nil {
		p.names = make(map[string]bool, 2*len(g.Tags))
		for _, t := range g.Tags {
			p.names[t.Name] = true
		}
	}
	if p.names[name] {
		return true
	}
	p.names[name] = true
	return false
}

// tag reads one tag pair at p.i (which holds '[').
func (p *parser) tag(g *Game) bool {
	line, col := p.line, p.col(p.i)
	if len(g.Tags) == 0 {
		g.Line, g.Col = line, col
	}
	p.i++
	for p.i < p.end && (p.src[p.i] == ' ' || p.src[p.i] == '\t') {
		p.i++
	}
	ns := p.i
	for p.i < p.end && isNameByte(p.src[p.i]) {
		p.i++
	}
	name := p.src[ns:p.i]
	if name == "" {
		p.fail(line, col, CodeSyntax, "tag without a name: want [Name \"value\"]")
		return false
	}
	for p.i < p.end && (p.src[p.i] == ' ' || p.src[p.i] == '\t') {
		p.i++
	}
	if p.i >= p.end || p.src[p.i] != '"' {
		p.fail(line, p.col(p.i), CodeSyntax, "tag %s: value must be a quoted string", Shorten(name))
		return false
	}
	p.i++
	vs := p.i
	// The common case, a value with no escapes, by byte searches.
	if q := strings.IndexByte(p.src[vs:p.end], '"'); q >= 0 {
		val := p.src[vs : vs+q]
		if strings.IndexByte(val, '\\') < 0 && strings.IndexByte(val, '\n') < 0 {
			p.i = vs + q
		}
	}
	escaped := false
	var b strings.Builder
	for {
		if p.i >= p.end || p.src[p.i] == '\n' {
			p.fail(line, col, CodeSyntax, "tag %s: unterminated value (missing closing quote)", name)
			return false
		}
		c := p.src[p.i]
		if c == '"' {
			break
		}
		if c == '\\' && p.i+1 < p.end && (p.src[p.i+1] == '"' || p.src[p.i+1] == '\\') {
			if !escaped {
				b.WriteString(p.src[vs:p.i])
				escaped = true
			}
			b.WriteByte(p.src[p.i+1])
			p.i += 2
			continue
		}
		if escaped {
			b.WriteByte(c)
		}
		p.i++
	}
	value := p.src[vs:p.i]
	if k, what := BadText(value); k >= 0 {
		p.fail(line, p.col(vs+k), CodeBadTag, "tag %s: %s", Shorten(name), what)
		return false
	}
	if escaped {
		value = b.String()
	}
	p.i++ // closing quote
	for p.i < p.end && (p.src[p.i] == ' ' || p.src[p.i] == '\t') {
		p.i++
	}
	if p.i >= p.end || p.src[p.i] != ']' {
		p.fail(line, p.col(p.i), CodeSyntax, "tag %s: missing closing bracket", name)
		return false
	}
	p.i++
	if p.duplicate(g, name) {
		p.fail(line, col, CodeBadTag, "duplicate tag %s", Shorten(name))
		return false
	}
	g.Tags = append(g.Tags, Tag{Name: name, Value: value, Line: line, Col: col})
	return true
}

// BadText returns the offset of the first byte of s that a tag value may
// not hold, and what is wrong with it: a control character (a printed
// record could not carry it: a name with a line break would be renamed on
// the way) or invalid UTF-8; -1 when there is none.
func BadText(s string) (int, string) {
	i := 0
	// Eight bytes at a time while they are all printable ASCII: a long tag
	// value (a Knight Fight Board) is read fast. A word with a byte below
	// ' ' or from 0x7f up is looked at byte by byte, below.
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(s); i += 8 {
		t := s[i : i+8]
		w := uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
			uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
		if (w-' '*ones)&^w&highs != 0 || (w+ones|w)&highs != 0 {
			break
		}
	}
	return badTextFrom(s, i)
}

// badTextFrom is BadText byte by byte from offset i, where s[:i] is known
// to be printable ASCII.
func badTextFrom(s string, i int) (int, string) {
	for ; i < len(s); i++ {
		c := s[i]
		if c >= ' ' && c < 0x7f {
			continue
		}
		if c < ' ' || c == 0x7f {
			return i, fmt.Sprintf("control character %U in the value", rune(c))
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i, fmt.Sprintf("invalid UTF-8 (byte %#02x) in the value", c)
		}
		if unicode.IsControl(r) {
			return i, fmt.Sprintf("control character %U in the value", r)
		}
		i += n - 1
	}
	return -1, ""
}

// movetext reads the moves of g, their comments and its result, token by
// token: what is not a token is skipped (skipNonMove), move numbers are
// taken off and checked (moveNumber), comments are joined per move
// (comments), and the end is checked (endMovetext).
func (p *parser) movetext(g *Game) {
	c := comments{g: g, owner: -1}
	defer c.flush()
	var num moveNumber
	for {
		p.space()
		if p.i >= p.end {
			break
		}
		start := p.i
		line, col := p.line, p.col(start)
		if ch := p.src[p.i]; delim[ch] || ch == '%' { // most tokens are moves: no call
			skip, stop := p.skipNonMove(g, &c, line, col)
			if stop {
				return
			}
			if skip {
				continue
			}
		}
		// A token runs to white space or a delimiter.
		src := p.src[:p.end]
		i := tokenEnd(src, p.i)
		p.i = i
		tok := src[start:i]
		if g.Result != "" {
			p.fail(line, col, CodeSyntax, "%q after the result %s: a game ends with its result", Shorten(tok), g.Result)
			return
		}
		// Results and move numbers start with a digit or '*'; moves
		// (most tokens) with a letter.
		if c := tok[0]; c <= '9' {
			if IsResult(tok) {
				g.Result, g.ResultLine, g.ResultCol = tok, line, col
				continue
			}
			if c >= '0' {
				tok, col = num.read(tok, line, col)
			}
			if tok == "" {
				continue
			}
			if IsResult(tok) { // "4.*"
				g.Result, g.ResultLine, g.ResultCol = tok, line, col
				continue
			}
		}
		if num.pending && !p.checkNumber(g, &num, tok) {
			return
		}
		if c.owner >= 0 { // comments wait for their move (flush, not called for none)
			c.flush()
		}
		// The move is written into its element: append(g.Moves, Move{...})
		// builds it on the stack first and copies it, a copy that stalls
		// on the stores just made.
		n := len(g.Moves)
		if n == cap(g.Moves) {
			g.Moves = slices.Grow(g.Moves, 1)
		}
		g.Moves = g.Moves[:n+1]
		g.Moves[n] = Move{Text: tok, Line: line, Col: col}
	}
	p.endMovetext(g, num)
}

// comments joins the comments of the movetext per move (or, before the
// first move, for the game); a builder keeps a long run of them linear.
type comments struct {
	g     *Game
	owner int // len(g.Moves) when the pending comments were read; -1: none
	first string
	more  strings.Builder
}

// flush gives the pending comments to their move or game.
func (c *comments) flush() {
	if c.owner < 0 {
		return
	}
	text := c.first
	if c.more.Len() > 0 {
		text = c.first + c.more.String()
		c.more.Reset()
	}
	if c.owner == 0 {
		c.g.Comment = text
	} else {
		c.g.Moves[c.owner-1].Comment = text
	}
	c.owner, c.first = -1, ""
}

// add takes a comment's text, for the last move read (or the game).
func (c *comments) add(text string) {
	text = strings.TrimSpace(text)
	if text == "" {
		return
	}
	if c.owner != len(c.g.Moves) {
		c.flush()
		c.owner, c.first = len(c.g.Moves), text
		return
	}
	c.more.WriteByte(' ')
	c.more.WriteString(text)
}

// skipNonMove reads what at p.i is not a token (a comment, an escape line
// or a NAG): skip says it did, stop that it failed on a character a
// movetext cannot hold.
func (p *parser) skipNonMove(g *Game, c *comments, line, col int) (skip, stop bool) {
	start := p.i
	switch p.src[p.i] {
	case '{':
		j := strings.IndexByte(p.src[p.i+1:p.end], '}')
		if j < 0 {
			p.fail(line, col, CodeSyntax, "unterminated comment: '{' without '}'")
			return false, true
		}
		body := p.src[p.i+1 : p.i+1+j]
		p.advance(p.i + 2 + j)
		if g.Result == "" { // comments after the result are allowed and dropped
			c.add(body)
		}
		return true, false
	case '}':
		p.fail(line, col, CodeSyntax, "'}' without '{'")
		return false, true
	case ';':
		j := strings.IndexByte(p.src[p.i:p.end], '\n')
		if j < 0 {
			j = p.end - p.i
		}
		body := p.src[p.i+1 : p.i+j]
		p.i += j
		if g.Result == "" {
			c.add(body)
		}
		return true, false
	case '%':
		if p.i == p.lineStart {
			j := strings.IndexByte(p.src[p.i:p.end], '\n')
			if j < 0 {
				j = p.end - p.i
			}
			p.i += j
			return true, false
		}
	case '[':
		p.fail(line, col, CodeSyntax, "tag after movetext: tags go before the moves")
		return false, true
	case ']':
		p.fail(line, col, CodeSyntax, "']' without '['")
		return false, true
	case '(', ')':
		p.fail(line, col, CodeSyntax, "variations in parentheses are not supported")
		return false, true
	case '$':
		p.i++
		for p.i < p.end && p.src[p.i] >= '0' && p.src[p.i] <= '9' {
			p.i++
		}
		if p.i == start+1 {
			p.fail(line, col, CodeSyntax, "'$' without a number (NAGs are $1, $2, …)")
			return false, true
		}
		return true, false
	}
	return false, false
}

// moveNumber is a move number read and not yet checked against its move.
type moveNumber struct {
	n, line, col int // n is -1 when too large
	pending      bool
}

// read takes the move numbers off the front of tok: digits and dots,
// possibly glued to the move ("12.c1-c3"). It returns the rest of tok
// and its column.
func (num *moveNumber) read(tok string, line, col int) (string, int) {
	for len(tok) > 0 && tok[0] >= '0' && tok[0] <= '9' {
		d := 0
		for d < len(tok) && tok[d] >= '0' && tok[d] <= '9' {
			d++
		}
		if d == len(tok) || tok[d] != '.' {
			break
		}
		dots := d
		for dots < len(tok) && tok[dots] == '.' {
			dots++
		}
		n := -1
		if d <= 6 {
			n = 0
			for _, c := range []byte(tok[:d]) {
				n = n*10 + int(c-'0')
			}
		}
		*num = moveNumber{n: n, line: line, col: col, pending: true}
		tok = tok[dots:]
		col += dots
	}
	return tok, col
}

// checkNumber checks a pending move number against the move tok about to
// be added; false when it is wrong (p has failed).
func (p *parser) checkNumber(g *Game, num *moveNumber, tok string) bool {
	if !num.pending {
		return true
	}
	ply := len(g.Moves) + 1
	if want := len(g.Moves)/2 + 1; num.n != want {
		p.fail(num.line, num.col, CodeMoveNumber, "move number %s should be %d", numberText(num.n), want)
		p.err.Ply, p.err.Move = ply, Shorten(tok)
		return false
	}
	num.pending = false
	return true
}

// endMovetext checks the end of the movetext: a move number before the
// result, the result itself, and the Result tag against it.
func (p *parser) endMovetext(g *Game, num moveNumber) {
	if num.pending && g.Result != "" {
		if want := len(g.Moves)/2 + 1; num.n != want {
			p.fail(num.line, num.col, CodeMoveNumber, "move number %s should be %d", numberText(num.n), want)
			return
		}
	}
	if g.Result == "" {
		g.ResultLine, g.ResultCol = p.line, p.col(p.i)
		p.fail(p.line, p.col(p.i), CodeSyntax, "missing result at the end of the game (want 1-0, 0-1, 1/2-1/2 or *)")
		return
	}
	for _, t := range g.Tags {
		if t.Name != "Result" {
			continue
		}
		switch {
		case !IsResult(t.Value):
			p.fail(t.Line, t.Col, CodeBadTag, "Result %q is none of 1-0, 0-1, 1/2-1/2, *", Shorten(t.Value))
		case t.Value != g.Result:
			p.fail(g.ResultLine, g.ResultCol, CodeResultMismatch, "the movetext ends with %s but the Result tag says %q", g.Result, Shorten(t.Value))
		}
		return // tag names are unique
	}
}

func numberText(n int) string {
	if n < 0 {
		return "(too large)"
	}
	return strconv.Itoa(n)
}

// advance moves to index j, counting the lines passed.
func (p *parser) advance(j int) {
	for k := p.i; k < j; k++ {
		if p.src[k] == '\n' {
			p.line++
			p.lineStart = k + 1
		}
	}
	p.i = j
}

// tokenEnd returns the index of the first delimiter (delim) at or after i
// in src, or len(src). It reads eight bytes at a time while none of them
// can be one: a delimiter is below '-' (white space, '$', '(', ')') or,
// with bits 0x60 set, is '{' (';', '[', '{') or '}' (']', '}'). The
// first byte of a word that is one of those, or one that only looks like
// them ('*', '=', a control character), goes to the byte loop.
func tokenEnd(src string, i int) int {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	for ; i+8 <= len(src); i += 8 {
		t := src[i : i+8]
		w := uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
			uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
		x := w | 0x60*ones
		lo := (w - '-'*ones) &^ w
		b1 := x ^ '{'*ones
		b2 := x ^ '}'*ones
		if m := (lo | (b1-ones)&^b1 | (b2-ones)&^b2) & highs; m != 0 {
			i += bits.TrailingZeros64(m) >> 3
			break
		}
	}
	for i < len(src) && !delim[src[i]] {
		i++
	}
	return i
}

// delim marks the bytes that end a token.
var delim = func() (t [256]bool) {
	for _, c := range " \t\r\n{};[]()$" {
		t[c] = true
	}
	return t
}()

// Shorten returns s cut to its first 24 bytes and "…" when it is longer,
// for error messages that quote a token or tag value of any length. The
// cut does not split a UTF-8 character.
func Shorten(s string) string { return shorten.To(s, maxShown) }
