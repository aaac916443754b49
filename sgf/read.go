package sgf

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/internal/shorten"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/loa"
)

// Parse reads every game tree of an SGF file. name is used in error
// messages. Each game that does not read cleanly carries its first error
// in Game.Err; the returned error joins them. Parse never panics, whatever
// data holds.
func Parse(name string, data []byte) ([]*notation.Game, error) {
	src := string(data)
	var games []*notation.Game
	var errs []error
	s := NewSplitter(data)
	for ch, ok := s.Next(); ok; ch, ok = s.Next() {
		g := new(notation.Game)
		ParseGame(g, name, src, ch, len(games)+1)
		if g.Err != nil {
			errs = append(errs, g.Err)
		}
		games = append(games, g)
	}
	return games, errors.Join(errs...)
}

// ParseGame parses one game tree into g: the text src[ch.Start:ch.End] of a
// chunk that a Splitter returned. name names the file in errors; index is
// the game's 1-based position in it. The game's first error is in g.Err,
// the variations left out in g.Warnings. Like notation.Game.Parse it
// replaces what g held, reuses its slices, and takes strings from src
// where it can.
//
// The main line becomes the game: its game information (GM PB PW EV RO PC
// DT GN GC, TG) becomes tags, each move node a move in the engine form
// ("d1b3", or the text as written when it names no squares) with its C as
// the move's comment, and a C before the first move the game's comment.
// The sides must alternate, Black first (or the side to move of a FEN
// given in TG); a B[Resign], W[Resign] or X[Forfeit] ends the game, and
// with RE sets the Result tag (and Termination).
func ParseGame(g *notation.Game, name, src string, ch notation.Chunk, index int) {
	moves, tags, warnings := g.Moves[:0], g.Tags[:0], g.Warnings[:0]
	*g = notation.Game{Line: ch.Line, Col: ch.Col, Index: index, Moves: moves, Tags: tags, Warnings: warnings}
	p := parser{
		file: name, src: src, i: ch.Start, end: ch.End,
		line: ch.Line, bol: ch.Start - (ch.Col - 1), g: g,
	}
	p.tree()
	if p.err == nil {
		p.finish()
	}
	g.Err = p.err
}

// parser reads one game tree.
type parser struct {
	file   string
	src    string
	i, end int
	line   int
	bol    int // index of the first byte of the current line
	g      *notation.Game
	err    *notation.Error

	ended      bool
	variations int
	varLine    int
	varCol     int

	next    rules.Color // the side to move, once the first move is read
	started bool
	over    *endNode // a resignation or a forfeit that ended the game
	re      value    // the RE property (re.set reports whether there is one)
	comment strings.Builder
	hasMove bool // the current node has a move
}

// endNode is the W[Resign] or B[Forfeit] that ends a game.
type endNode struct {
	loser     rules.Color
	term      notation.Termination
	line, col int
	text      string
}

// value is a property value: its raw text between the brackets, where it
// stands, and whether it holds escapes or line breaks.
type value struct {
	raw       string
	line, col int
	plain     bool // no backslash, no line break or tab, valid UTF-8
	set       bool
}

func (p *parser) col(i int) int { return i - p.bol + 1 }

func (p *parser) fail(line, col int, code, format string, args ...any) {
	if p.err == nil {
		p.err = &notation.Error{File: p.file, Line: line, Col: col, Code: code, Msg: fmt.Sprintf(format, args...)}
	}
}

// space skips white space, counting lines.
func (p *parser) space() {
	for p.i < p.end {
		switch p.src[p.i] {
		case '\n':
			p.line++
			p.bol = p.i + 1
		case ' ', '\t', '\r', '\v', '\f':
		default:
			return
		}
		p.i++
	}
}

// tree reads the game tree: its main line node by node, the variations
// skipped and counted. It leaves p.err set when the text is not a game
// tree.
func (p *parser) tree() {
	p.space()
	if p.i >= p.end || p.src[p.i] != '(' {
		if p.i < p.end {
			p.fail(p.line, p.col(p.i), notation.CodeSyntax, "%q where a game tree starts: an SGF game is written (;GM[9]...)", shortText(p.src[p.i:p.end]))
		}
		return
	}
	startLine, startCol := p.line, p.col(p.i)
	p.i++
	depth := 1
	opened := true // a "(" was just read: a node must follow
	for p.err == nil {
		p.space()
		if p.i >= p.end {
			p.fail(startLine, startCol, notation.CodeSyntax, "game tree not closed: missing ')' (the rest of the file is read as this game)")
			return
		}
		c := p.src[p.i]
		switch {
		case c == ';':
			if p.ended {
				p.fail(p.line, p.col(p.i), notation.CodeSyntax, "';' after a variation: a game tree holds its nodes before its variations")
				return
			}
			p.i++
			opened = false
			p.node()
		case opened:
			p.fail(p.line, p.col(p.i), notation.CodeSyntax, "a game tree must start with a node (;), not %q", shortText(p.src[p.i:p.end]))
			return
		case c == '(':
			if p.ended {
				p.skipVariation()
				continue
			}
			p.i++
			depth++
			opened = true
		case c == ')':
			p.i++
			p.ended = true
			if depth--; depth == 0 {
				p.space()
				if p.i < p.end {
					p.fail(p.line, p.col(p.i), notation.CodeSyntax, "%q after the game tree", shortText(p.src[p.i:p.end]))
				}
				return
			}
		case isLetter(c):
			p.fail(p.line, p.col(p.i), notation.CodeSyntax, "property outside a node: want ';' before it")
			return
		default:
			p.fail(p.line, p.col(p.i), notation.CodeSyntax, "%q in a game tree: want ';', '(' or ')'", shortText(p.src[p.i:p.end]))
			return
		}
	}
}

// skipVariation skips the game tree at p.i (which holds '('), counting it
// and the variations inside it.
func (p *parser) skipVariation() {
	if p.variations == 0 {
		p.varLine, p.varCol = p.line, p.col(p.i)
	}
	depth := 0
	for p.i < p.end {
		switch p.src[p.i] {
		case '\n':
			p.line++
			p.bol = p.i + 1
		case '[':
			p.i++
			p.skipValue()
			continue
		case '(':
			depth++
			p.variations++
		case ')':
			depth--
			if depth == 0 {
				p.i++
				return
			}
		}
		p.i++
	}
}

// skipValue moves past the value whose text starts at p.i, after its
// closing bracket (or to the end).
func (p *parser) skipValue() {
	for p.i < p.end {
		switch p.src[p.i] {
		case '\\':
			p.i++
			if p.i < p.end && p.src[p.i] == '\n' {
				p.line++
				p.bol = p.i + 1
			}
		case '\n':
			p.line++
			p.bol = p.i + 1
		case ']':
			p.i++
			return
		}
		p.i++
	}
}

// node reads the properties of a main line node, the ';' read.
func (p *parser) node() {
	p.hasMove = false
	p.comment.Reset()
	for p.err == nil {
		p.space()
		if p.i >= p.end || !isLetter(p.src[p.i]) {
			break
		}
		p.property()
	}
	if p.err == nil && p.comment.Len() > 0 {
		p.addComment(p.comment.String())
	}
}

// addComment gives a node's comment to its move, or, in a node without
// one (a resignation's among them), to the move before: the game's comment
// before the first move.
func (p *parser) addComment(c string) {
	g := p.g
	if len(g.Moves) == 0 {
		g.Comment = join(g.Comment, c)
		return
	}
	m := &g.Moves[len(g.Moves)-1]
	m.Comment = join(m.Comment, c)
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}

// property reads one property at p.i: its identifier, its values, and
// what it means for the game.
func (p *parser) property() {
	line, col := p.line, p.col(p.i)
	// FF[3] writes identifiers with lower-case letters ("GaMe"), which FF[4]
	// readers leave out.
	var id [8]byte
	n, long := 0, false
	for p.i < p.end && isLetter(p.src[p.i]) {
		if c := p.src[p.i]; c >= 'A' && c <= 'Z' {
			if n < len(id) {
				id[n] = c
				n++
			} else {
				long = true
			}
		}
		p.i++
	}
	var name string
	switch {
	case n == 0:
	case n <= 2 && !long:
		// The common case, without allocating.
		k := int(id[0]-'A'+1) * 27
		if n == 2 {
			k += int(id[1] - 'A' + 1)
		}
		name = shortNames()[k]
	case long:
		name = string(id[:n]) + "…"
	default:
		name = string(id[:n])
	}
	p.space()
	if p.i >= p.end || p.src[p.i] != '[' {
		p.fail(line, col, notation.CodeSyntax, "property %s without a value: want %s[...]", name, name)
		return
	}
	var first value
	count := 0
	for p.err == nil {
		p.space()
		if p.i >= p.end || p.src[p.i] != '[' {
			break
		}
		v := p.value()
		if p.err != nil {
			return
		}
		count++
		if count == 1 {
			first = v
		}
		if name == "TG" {
			p.tgValue(v)
		}
	}
	if p.err != nil {
		return
	}
	if count > 1 && name != "TG" && oneValue(name) {
		p.fail(line, col, notation.CodeSyntax, "property %s has %d values; want one", name, count)
		return
	}
	p.apply(name, first, line, col)
}

// shortNames holds the identifiers of one or two capital letters, "A" to
// "ZZ", by (first-'A'+1)*27 + (second-'A'+1) (0 for none). It is made on
// first use, as engineMoves is: every arbiter command links this package.
var shortNames = sync.OnceValue(func() []string {
	t := make([]string, 27*27)
	for a := byte('A'); a <= 'Z'; a++ {
		t[int(a-'A'+1)*27] = string(a)
		for b := byte('A'); b <= 'Z'; b++ {
			t[int(a-'A'+1)*27+int(b-'A'+1)] = string([]byte{a, b})
		}
	}
	return t
})

// oneValue reports whether the property name takes one value only among
// those the reader uses (others are ignored whatever their values).
func oneValue(name string) bool {
	switch name {
	case "B", "W", "GM", "RE", "PB", "PW", "GN", "GC", "DT", "EV", "RO", "PC", "SZ", "SU", "PL":
		return true
	}
	return false
}

// value reads the value at p.i ('['), up to its closing ']'.
func (p *parser) value() value {
	v := value{line: p.line, col: p.col(p.i), plain: true, set: true}
	p.i++
	start := p.i
	for p.i < p.end {
		c := p.src[p.i]
		if c == ']' {
			break
		}
		switch {
		case c == '\\':
			v.plain = false
			p.i++
			if p.i < p.end && p.src[p.i] == '\n' {
				p.line++
				p.bol = p.i + 1
			}
		case c == '\n':
			v.plain = false
			p.line++
			p.bol = p.i + 1
		case c < ' ' || c >= utf8.RuneSelf:
			v.plain = false
		}
		p.i++
	}
	if p.i >= p.end {
		p.fail(v.line, v.col, notation.CodeSyntax, "value not closed: missing ']'")
		return v
	}
	v.raw = p.src[start:p.i]
	p.i++
	return v
}

// text returns the text of v: escapes undone, soft line breaks (a
// backslash before a line break) dropped, line breaks and tabs made
// spaces, space trimmed around; text that is not valid UTF-8 is read as
// ISO-8859-1, SGF's default character set.
func (v value) text() string {
	if v.plain {
		return strings.TrimSpace(v.raw)
	}
	return strings.TrimSpace(unescape(v.raw))
}

// unescape undoes the escapes of raw, SGF text, as value.text says.
func unescape(raw string) string {
	b := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch c {
		case '\\':
			i++
			if i >= len(raw) {
				continue
			}
			c = raw[i]
			if c == '\n' || c == '\r' { // a soft line break
				if i+1 < len(raw) && (raw[i+1] == '\n' || raw[i+1] == '\r') && raw[i+1] != c {
					i++
				}
				continue
			}
			if c == '\t' {
				c = ' '
			}
			b = append(b, c)
		case '\r':
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
			b = append(b, ' ')
		case '\n', '\t', '\v', '\f':
			b = append(b, ' ')
		default:
			b = append(b, c)
		}
	}
	if !utf8.Valid(b) {
		r := make([]rune, len(b))
		for i, c := range b {
			r[i] = rune(c)
		}
		return string(r)
	}
	return string(b)
}

// apply takes the property name with its first value v into the game.
func (p *parser) apply(name string, v value, line, col int) {
	switch name {
	case "B":
		p.move(rules.Black, v, line, col)
	case "W":
		p.move(rules.White, v, line, col)
	case "C":
		if t := v.text(); t != "" {
			if p.comment.Len() > 0 {
				p.comment.WriteByte(' ')
			}
			p.comment.WriteString(t)
		}
	case "GM":
		if t := v.text(); t != "9" {
			p.fail(line, col, notation.CodeUnknownGame, "GM[%s] is not Lines of Action: arbiter reads SGF of Lines of Action only (GM[9])", notation.Shorten(t))
			return
		}
		p.setTag("Game", loa.Game.Name(), line, col)
	case "PB":
		p.setText("Black", v, line, col)
	case "PW":
		p.setText("White", v, line, col)
	case "EV":
		p.setText("Event", v, line, col)
	case "RO":
		p.setText("Round", v, line, col)
	case "PC":
		p.setText("Site", v, line, col)
	case "GN":
		p.setText("GameName", v, line, col)
	case "GC":
		p.setText("GameComment", v, line, col)
	case "DT":
		// SGF writes a date "1997-08-19", several "1997-08-19,20": the
		// first is the game's.
		t, _, _ := strings.Cut(v.text(), ",")
		if t != "" {
			p.setTag("Date", t, line, col)
		}
	case "RE":
		if p.re.set {
			p.fail(line, col, notation.CodeBadTag, "a second RE: a game has one result")
			return
		}
		p.re = v
		p.re.line, p.re.col = line, col
	case "SZ":
		if t := v.text(); t != "8" {
			p.fail(line, col, notation.CodeBadTag, "SZ[%s]: Lines of Action is played on 8×8 (SZ[8])", notation.Shorten(t))
		}
	case "SU":
		if t := v.text(); !strings.EqualFold(t, "standard") {
			p.fail(line, col, notation.CodeBadTag, "SU[%s]: arbiter plays Lines of Action from its standard start only (SU[Standard]; a position goes in TG[FEN:...])", notation.Shorten(t))
		}
	case "PL":
		if t := strings.ToUpper(v.text()); t != "B" {
			p.fail(line, col, notation.CodeBadTag, "PL[%s]: a game tree starts with Black to move (another start goes in TG[FEN:...])", notation.Shorten(v.text()))
		}
	case "AB", "AW", "AE":
		p.fail(line, col, notation.CodeBadTag, "%s: set-up properties are not read (a position goes in TG[FEN:...])", name)
	}
}

// setText sets the tag name to the text of v, when there is one.
func (p *parser) setText(name string, v value, line, col int) {
	if t := v.text(); t != "" {
		p.setTag(name, t, line, col)
	}
}

// setTag adds the tag name: a tag that is there already, or a value a tag
// cannot hold, is a bad-tag error.
func (p *parser) setTag(name, val string, line, col int) {
	if _, ok := p.g.Tag(name); ok {
		p.fail(line, col, notation.CodeBadTag, "duplicate tag %s", notation.Shorten(name))
		return
	}
	if _, what := notation.BadText(val); what != "" {
		p.fail(line, col, notation.CodeBadTag, "tag %s: %s", notation.Shorten(name), what)
		return
	}
	p.g.Tags = append(p.g.Tags, notation.Tag{Name: name, Value: val, Line: line, Col: col})
}

// tgValue reads one value of arbiter's TG property, Name:Value: a tag that
// SGF has no property for.
func (p *parser) tgValue(v value) {
	k := 0
	for k < len(v.raw) && v.raw[k] != ':' {
		if v.raw[k] == '\\' {
			k++
		}
		k++
	}
	if k >= len(v.raw) {
		p.fail(v.line, v.col, notation.CodeBadTag, "TG[%s]: want TG[Name:Value]", notation.Shorten(v.raw))
		return
	}
	name := strings.TrimSpace(unescape(v.raw[:k]))
	if name == "" || strings.IndexFunc(name, func(r rune) bool { return !isNameRune(r) }) >= 0 {
		p.fail(v.line, v.col, notation.CodeBadTag, "TG[%s]: a tag name is letters, digits and _", notation.Shorten(v.raw))
		return
	}
	val := v.raw[k+1:]
	if strings.ContainsAny(val, "\\\n\r\t") || !utf8.ValidString(val) {
		val = unescape(val)
	}
	p.setTag(name, val, v.line, v.col)
}

// move reads the move of color c, the value v of its B or W property.
func (p *parser) move(c rules.Color, v value, line, col int) {
	if p.hasMove {
		p.fail(line, col, notation.CodeSyntax, "a second move in one node")
		return
	}
	p.hasMove = true
	t := v.text()
	if p.over != nil {
		p.fail(line, col, notation.CodeSyntax, "%s[%s] after %s[%s]: a resignation or a forfeit ends the game",
			letter(c), notation.Shorten(t), letter(p.over.loser), notation.Shorten(p.over.text))
		return
	}
	text, term := moveText(t)
	if term != "" {
		p.over = &endNode{loser: c, term: term, line: line, col: col, text: t}
		p.hasMove = false // its comment goes to the move before
		return
	}
	if !p.started {
		p.started = true
		p.next = p.firstMover(c)
	}
	ply := len(p.g.Moves) + 1
	if c != p.next {
		p.fail(line, col, notation.CodeIllegalMove, "%s moves twice in a row: the sides alternate (%s to move)", colorName(c), colorName(p.next))
		p.err.Ply, p.err.Move = ply, notation.Shorten(t)
		return
	}
	p.next = c.Other()
	p.g.Moves = append(p.g.Moves, notation.Move{Text: text, Line: line, Col: col})
}

// firstMover is the side that moves first: Black in Lines of Action, or the
// side to move of the start the tags give (TG[FEN:...]); c, the side of the
// first move, when that start cannot be built (the replay says why).
func (p *parser) firstMover(c rules.Color) rules.Color {
	_, fen := p.g.Tag("FEN")
	_, setUp := p.g.Tag("SetUp")
	if !fen && !setUp {
		return loa.Game.FirstMover()
	}
	pos, err := loa.Game.Start(p.g)
	if err != nil {
		return c
	}
	return pos.Turn()
}

// moveText reads a move as boardspace writes it ("D1-B3", "d1:b3", "c1 a3",
// "e6-c8++", "Resign", "Forfeit"): the move in the engine form, "pass", or
// the text itself when it names no squares; term is the Termination of a
// resignation or forfeit, "" for a move.
func moveText(t string) (text string, term notation.Termination) {
	s := t
	for len(s) > 0 && strings.IndexByte("+#!?", s[len(s)-1]) >= 0 {
		s = s[:len(s)-1]
	}
	if len(s) >= 4 {
		from, okFrom := square(s[0], s[1])
		to, okTo := square(s[len(s)-2], s[len(s)-1])
		if okFrom && okTo {
			switch sep := strings.TrimSpace(s[2 : len(s)-2]); sep {
			case "", "-", ":", "x", "X":
				return engineMoves()[from*64+to], ""
			}
			return t, ""
		}
	}
	switch {
	case s == "" || strings.EqualFold(s, "pass"):
		return "pass", ""
	case strings.EqualFold(s, "resign") || strings.EqualFold(s, "resigns") || strings.EqualFold(s, "resigned"):
		return "", notation.TermResignation
	case strings.EqualFold(s, "forfeit") || strings.EqualFold(s, "forfeits"):
		return "", notation.TermTimeForfeit
	}
	return t, ""
}

// square reads a square in either case: 0 (a1) to 63 (h8).
func square(f, r byte) (int, bool) {
	f |= 0x20
	if f < 'a' || f > 'h' || r < '1' || r > '8' {
		return 0, false
	}
	return int(f-'a') + 8*int(r-'1'), true
}

// engineMoves holds the engine form of every pair of squares, "a1a1" to
// "h8h8", so that reading a move allocates nothing.
var engineMoves = sync.OnceValue(func() []string {
	all := make([]byte, 0, 64*64*4)
	for from := range 64 {
		for to := range 64 {
			all = append(all, byte('a'+from%8), byte('1'+from/8), byte('a'+to%8), byte('1'+to/8))
		}
	}
	s := string(all)
	out := make([]string, 64*64)
	for i := range out {
		out[i] = s[4*i : 4*i+4]
	}
	return out
})

// finish sets the game's result from its RE and its last node, and the
// warning about the variations left out.
func (p *parser) finish() {
	g := p.g
	if p.variations > 0 {
		what := "variations"
		if p.variations == 1 {
			what = "variation"
		}
		g.Warnings = append(g.Warnings, &notation.Error{File: p.file, Code: notation.CodeVariations, Line: p.varLine, Col: p.varCol,
			Msg: fmt.Sprintf("%d %s left out: arbiter reads the main line", p.variations, what)})
	}
	res, term := rules.Unfinished, notation.Termination("")
	g.ResultLine, g.ResultCol = p.line, p.col(p.i)
	if p.re.set {
		var ok bool
		t := p.re.text()
		if res, term, ok = parseRE(t); !ok {
			p.fail(p.re.line, p.re.col, notation.CodeBadTag, "RE[%s] is not a result (want B+, W+, B+R, W+T, 0 for a draw or ? when not known)", notation.Shorten(t))
			return
		}
		g.ResultLine, g.ResultCol = p.re.line, p.re.col
	}
	if e := p.over; e != nil {
		won := rules.Win(e.loser.Other())
		if res != rules.Unfinished && res != won {
			p.fail(p.re.line, p.re.col, notation.CodeResultMismatch, "RE[%s] says %s, but %s[%s] ends the game",
				notation.Shorten(p.re.text()), resultWords(res), letter(e.loser), notation.Shorten(e.text))
			return
		}
		if !p.re.set {
			g.ResultLine, g.ResultCol = e.line, e.col
		}
		res, term = won, e.term
	}
	g.Result = res.String()
	p.setTag("Result", g.Result, g.ResultLine, g.ResultCol)
	if term != "" {
		for _, t := range g.Tags {
			if t.Name == "Termination" {
				if !strings.EqualFold(strings.TrimSpace(t.Value), string(term)) {
					p.fail(t.Line, t.Col, notation.CodeBadTag, "TG gives Termination %q, but the game ends by %s", notation.Shorten(t.Value), term)
				}
				return
			}
		}
		p.setTag("Termination", string(term), g.ResultLine, g.ResultCol)
	}
}

// parseRE reads the value of RE: "B+" and "W+" with what follows (R or
// Resign a resignation, T or Time and F or Forfeit a forfeit, anything
// else a win by the rules), "0" or "Draw" a draw, "?", "Void" or nothing
// not known.
func parseRE(t string) (res rules.Result, term notation.Termination, ok bool) {
	u := strings.ToUpper(strings.TrimSpace(t))
	switch u {
	case "0", "DRAW", "JIGO", "D":
		return rules.Draw, "", true
	case "", "?", "VOID":
		return rules.Unfinished, "", true
	}
	if len(u) < 2 || u[1] != '+' || u[0] != 'B' && u[0] != 'W' {
		return rules.Unfinished, "", false
	}
	res = rules.WhiteWins
	if u[0] == 'B' {
		res = rules.BlackWins
	}
	switch u[2:] {
	case "R", "RESIGN":
		term = notation.TermResignation
	case "T", "TIME", "F", "FORFEIT":
		term = notation.TermTimeForfeit
	}
	return res, term, true
}

func resultWords(r rules.Result) string {
	switch r {
	case rules.WhiteWins:
		return "White won"
	case rules.BlackWins:
		return "Black won"
	case rules.Draw:
		return "a draw"
	}
	return "no result"
}

func letter(c rules.Color) string {
	if c == rules.White {
		return "W"
	}
	return "B"
}

func colorName(c rules.Color) string {
	if c == rules.White {
		return "White"
	}
	return "Black"
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

func isNameRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_'
}

// shortText quotes the start of s in an error message: its first line, at
// most a few bytes of it.
func shortText(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	return shorten.To(s, 12)
}
