package view

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/arbiter-games/arbiter/internal/xmltext"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/proof"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

//go:embed viewer.js
var script string

//go:embed viewer.css
var style string

// CSP is the page's Content-Security-Policy: nothing may be fetched, and
// only the page's own script and style sheet, named by their hashes, run.
// It is computed on first use: every arbiter command links this package.
var CSP = sync.OnceValue(func() string {
	return "default-src 'none'; script-src '" + SourceHash(script) + "'; style-src '" + SourceHash(style) + "'; img-src data:; base-uri 'none'; form-action 'none'"
})

// SourceHash is a Content-Security-Policy source that allows the inline
// script or style s: "sha256-" and its hash in base64.
func SourceHash(s string) string {
	h := sha256.Sum256([]byte(s))
	return "sha256-" + base64.StdEncoding.EncodeToString(h[:])
}

// The ids of the compact encoding are strings of runes. An id below
// idRange is one rune from idBase on: valid UTF-8, below the surrogates
// (which a JSON string cannot hold alone), and no JSON escape for the small
// ids that most plies use. A larger id is its remainder by idRange in that
// rune, after its quotient written in bijective base idWide with runes of
// the Private Use Area from idWideBase on; those runes never end an id, so
// any id has exactly one spelling and ids never run out.
const (
	idBase     = 48
	idRange    = 0xD800 - idBase
	idWideBase = 0xE000
	idWide     = 0xF900 - idWideBase
)

// Page collects games for the viewer. Prepare may run on several
// goroutines at once; Add must be called in the order the games are to
// appear, one at a time.
type Page struct {
	title string
	back  [2]string // the address and name of the page it is opened from (see Back)

	games    [][]byte // the JSON of each game added
	count    int
	cellID   map[rules.Cell]int
	cells    [][4]string // fill, label, ink, piece
	capID    map[string]int
	captions []string
	kinds    map[string]*kind
	order    []string // the kinds' ids in the order they came
}

// kind is what the page needs to draw a game type's boards.
type kind struct {
	ID     string        `json:"id"`
	Name   string        `json:"name"`
	Files  []string      `json:"files,omitempty"`
	Ranks  []string      `json:"ranks,omitempty"`
	Pieces []rules.Piece `json:"pieces,omitempty"`
}

// New returns an empty page titled title.
func New(title string) *Page {
	return &Page{title: title, cellID: map[rules.Cell]int{}, capID: map[string]int{}, kinds: map[string]*kind{}}
}

// Back makes p a page of stored games, opened from another page: a link
// above the game leads back to href, named text, and the games name no
// file (the name a server gives a record is no file to look for).
func (p *Page) Back(href, text string) { p.back = [2]string{href, text} }

// prepared is a game as Prepare leaves it for Add: ids local to the game
// (a dictionary of its own cells and captions), so that Prepare shares
// nothing between goroutines.
type prepared struct {
	kind     *kind
	cells    []rules.Cell
	captions []string
	start    []int32 // the caption, then one cell per square
	plies    []int32 // per ply: the caption, n, n pairs of square and cell, m, m marked squares
	texts    []string
	j        game
}

// game is one game's JSON in the page.
type game struct {
	Kind     string      `json:"k"`            // the kind's id; "" when there is no position
	File     string      `json:"f"`            // the file it comes from
	Index    int         `json:"i"`            // its number in the file
	Line     int         `json:"l"`            // the line of its first tag
	White    string      `json:"w"`            // player names
	Black    string      `json:"b"`            //
	Result   string      `json:"r"`            // the result the record declares
	Tags     [][2]string `json:"t,omitempty"`  // every tag, in order
	Moves    []string    `json:"m"`            // the moves as written
	Comments []string    `json:"c,omitempty"`  // the comment of each move, when any has one
	Evals    []*int      `json:"e,omitempty"`  // each move's evaluation in hundredths from White's side, when any has one
	Proofs   []int       `json:"pv,omitempty"` // each move's proof.Mark (1: the proven value changes, 2: a proven result thrown away), when any has one
	First    int         `json:"s"`            // 0: White moves first, 1: Black
	Start    string      `json:"p,omitempty"`  // the start's cells (see prepared)
	Plies    string      `json:"d,omitempty"`  // the plies' changes (see prepared)
	Texts    []string    `json:"x,omitempty"`  // the position texts, for a game that is no Drawer
	Valid    int         `json:"v"`            // the plies with a position: the position after each of plies 0..Valid exists
	ErrPly   int         `json:"ep,omitempty"`
	Err      string      `json:"em,omitempty"` // the validator's message for an invalid game
}

// Prepare replays the game of r and keeps in r.Extra what the page needs
// of it. It is meant for replay.Options.Prepare: it runs on the goroutine
// that replayed the game, and keeps no part of r.Record.
func (p *Page) Prepare(r *replay.Report) {
	r.Extra = prepare(r)
}

func prepare(r *replay.Report) *prepared {
	g := r.Record
	pr := &prepared{j: game{File: r.File, Index: r.Index, Line: r.Line, White: r.White, Black: r.Black, Result: g.Result,
		First: int(r.First)}}
	j := &pr.j
	fillRecord(j, r)
	gm, err := games.Lookup(r.Game)
	if r.Game == "" || err != nil {
		return pr
	}
	pos, err := gm.Start(g)
	if err != nil {
		return pr
	}
	pr.kind = &kind{ID: gm.ID(), Name: gm.Name()}
	j.Kind = gm.ID()
	d, drawn := pos.(rules.Drawer)
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	pic, prev := &sc.pic, sc.prev[:0]
	plies := sc.plies[:0]
	// The dictionaries of a game are small (a Lines of Action game has
	// six cells): a look along the slice beats a map.
	cell := func(c *rules.Cell) int32 {
		for i := range pr.cells {
			if sameCell(&pr.cells[i], c) {
				return int32(i)
			}
		}
		pr.cells = append(pr.cells, *c)
		return int32(len(pr.cells) - 1)
	}
	caption := func(s string) int32 {
		for i, c := range pr.captions {
			if c == s {
				return int32(i)
			}
		}
		pr.captions = append(pr.captions, s)
		return int32(len(pr.captions) - 1)
	}
	if drawn {
		d.Draw(pic, rules.NoMove)
		pr.kind.Files, pr.kind.Ranks, pr.kind.Pieces = pic.Files, pic.Ranks, pic.Pieces
		pr.start = make([]int32, 0, 1+len(pic.Squares))
		pr.start = append(pr.start, caption(pic.Caption))
		for i := range pic.Squares {
			pr.start = append(pr.start, cell(&pic.Squares[i]))
		}
		prev = append(prev, pic.Squares...)
	} else {
		pr.texts = append(pr.texts, pos.String())
	}
	for i := 0; i < r.Plies && i < len(g.Moves); i++ {
		m, err := pos.ParseMove(g.Moves[i].Text)
		if err == nil {
			err = pos.Play(m)
		}
		if err != nil {
			break // the replay said otherwise: the rules changed under it
		}
		j.Valid = i + 1
		if !drawn {
			pr.texts = append(pr.texts, pos.String())
			continue
		}
		d.Draw(pic, m)
		plies = append(plies, caption(pic.Caption), 0)
		at := len(plies) - 1
		now := pic.Squares[:min(len(pic.Squares), len(prev))]
		for lo := 0; lo < len(now); lo += block {
			hi := min(lo+block, len(now))
			if sameBytes(prev[lo:hi], now[lo:hi]) {
				continue
			}
			for sq := lo; sq < hi; sq++ {
				if !sameCell(&prev[sq], &now[sq]) {
					plies = append(plies, int32(sq), cell(&now[sq]))
					plies[at]++
					prev[sq] = now[sq]
				}
			}
		}
		plies = append(plies, int32(len(pic.Marks)))
		for _, sq := range pic.Marks {
			plies = append(plies, int32(sq))
		}
	}
	pr.plies = append([]int32(nil), plies...)
	sc.prev, sc.plies = prev, plies
	return pr
}

// fillRecord fills j with what the page shows of r's record: its tags,
// moves, move comments, the evaluations in them (from White's side; a
// mate as ±(20000 - moves)) and the proofs they announce (arbiter solve
// --annotate's), and the validator's message.
func fillRecord(j *game, r *replay.Report) {
	g := r.Record
	for _, t := range g.Tags {
		j.Tags = append(j.Tags, [2]string{t.Name, t.Value})
	}
	j.Moves = make([]string, len(g.Moves))
	hasComment, hasEval, hasProof := false, false, false
	evals := make([]*int, len(g.Moves))
	var proofs []int
	for i, m := range g.Moves {
		j.Moves[i] = m.Text
		if m.Comment == "" {
			continue
		}
		hasComment = true
		if mark := proof.MarkOf(m.Comment); mark != proof.None {
			if !hasProof {
				proofs, hasProof = make([]int, len(g.Moves)), true
			}
			proofs[i] = int(mark)
		}
		if c, ok := notation.ParseMoveComment(m.Comment); ok && c.Eval {
			v := c.Value
			if c.Mate {
				v = 20000 - min(abs(v), 1000)
				if c.Value < 0 {
					v = -v
				}
			}
			if (i%2 == 1) != (r.First == rules.Black) {
				v = -v // Black moved: the comment is from Black's side
			}
			evals[i], hasEval = &v, true
		}
	}
	if hasComment {
		j.Comments = make([]string, len(g.Moves))
		for i, m := range g.Moves {
			j.Comments[i] = m.Comment
		}
	}
	if hasEval {
		j.Evals = evals
	}
	j.Proofs = proofs
	if r.Err != nil {
		j.ErrPly, j.Err = r.Err.Ply, r.Describe()
	}
}

// scratch is the memory prepare reuses from game to game.
type scratch struct {
	pic   rules.Picture
	prev  []rules.Cell
	plies []int32
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// Draw fills cells from a few constant strings, so that equal cells are
// nearly always the same bytes, string headers included. The squares of a
// ply are compared a block at a time as bytes (one vectorised memequal
// where nothing moved, which is most of the board), and cell by cell only
// in a block that differs; sameCell then compares the text where the bytes
// differ.
const block = 8

func sameBytes(a, b []rules.Cell) bool {
	n := len(a) * int(unsafe.Sizeof(rules.Cell{}))
	return len(a) == len(b) && string(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(a))), n)) ==
		string(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(b))), n))
}

// sameCell reports whether cells a and b are equal.
func sameCell(a, b *rules.Cell) bool {
	return sameBytes(unsafe.Slice(a, 1), unsafe.Slice(b, 1)) || *a == *b
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// intern returns the id of k in ids; a k without one gets the next, and v
// goes to the end of list, at that index.
func intern[K comparable, V any](ids map[K]int, list *[]V, k K, v V) int {
	id, ok := ids[k]
	if !ok {
		id = len(*list)
		ids[k] = id
		*list = append(*list, v)
	}
	return id
}

// Add adds the game of r, prepared by Prepare (or, when it was not,
// prepared here).
func (p *Page) Add(r replay.Report) {
	pr, ok := r.Extra.(*prepared)
	if !ok {
		pr = prepare(&r)
	}
	j := pr.j
	if pr.kind != nil {
		if _, ok := p.kinds[pr.kind.ID]; !ok {
			p.kinds[pr.kind.ID] = pr.kind
			p.order = append(p.order, pr.kind.ID)
		}
		cells := make([]int, len(pr.cells))
		for i, c := range pr.cells {
			cells[i] = intern(p.cellID, &p.cells, c, [4]string{c.Fill, c.Label, c.Ink, c.Piece})
		}
		caps := make([]int, len(pr.captions))
		for i, s := range pr.captions {
			caps[i] = intern(p.capID, &p.captions, s, s)
		}
		if len(pr.start) > 0 {
			var b []byte
			b = appendID(b, caps[pr.start[0]])
			for _, c := range pr.start[1:] {
				b = appendID(b, cells[c])
			}
			j.Start = string(b)
			b = make([]byte, 0, 2*len(pr.plies))
			for i := 0; i < len(pr.plies); {
				b = appendID(b, caps[pr.plies[i]])
				n := int(pr.plies[i+1])
				b = appendID(b, n)
				i += 2
				for range n {
					b = appendID(appendID(b, int(pr.plies[i])), cells[pr.plies[i+1]])
					i += 2
				}
				m := int(pr.plies[i])
				b = appendID(b, m)
				for _, sq := range pr.plies[i+1 : i+1+m] {
					b = appendID(b, int(sq))
				}
				i += 1 + m
			}
			j.Plies = string(b)
		}
		j.Texts = pr.texts
	}
	j.clean()
	p.count++
	enc, err := json.Marshal(j)
	if err != nil {
		// Nothing in a game can fail to encode; say so in the page
		// rather than lose the game.
		enc, _ = json.Marshal(game{File: j.File, Index: j.Index, Err: "view: " + err.Error()})
	}
	p.games = append(p.games, enc)
}

// clean replaces the characters XML forbids in every text of j with
// U+FFFD: the page must hold none, nor may its script put one into the
// board's SVG.
func (j *game) clean() {
	for _, s := range []*string{&j.File, &j.White, &j.Black, &j.Result, &j.Err} {
		*s = xmltext.Clean(*s)
	}
	for _, l := range [][]string{j.Moves, j.Comments, j.Texts} {
		for i := range l {
			l[i] = xmltext.Clean(l[i])
		}
	}
	for i := range j.Tags {
		j.Tags[i] = [2]string{xmltext.Clean(j.Tags[i][0]), xmltext.Clean(j.Tags[i][1])}
	}
}

// appendID appends the runes that stand for id (see idRange).
func appendID(b []byte, id int) []byte {
	if id >= idRange {
		b = appendWide(b, id/idRange)
		id %= idRange
	}
	return utf8.AppendRune(b, rune(idBase+id))
}

// appendWide appends q >= 1 in bijective base idWide, most significant
// digit first, each digit d (1..idWide) as the rune idWideBase+d-1.
func appendWide(b []byte, q int) []byte {
	if q > idWide {
		b = appendWide(b, (q-1)/idWide)
	}
	return utf8.AppendRune(b, rune(idWideBase+(q-1)%idWide))
}

// Games returns the number of games added.
func (p *Page) Games() int { return p.count }

// ErrNoGames is the error of Write for a page without games.
var ErrNoGames = errors.New("no games to show")

// Write writes the page. open is the address fragment the page opens at
// when its address has none ("g3p40": game 3 after ply 40); "" opens the
// first game at its start, or an invalid one at its failing ply.
func (p *Page) Write(w io.Writer, open string) error {
	if p.count == 0 {
		return ErrNoGames
	}
	kinds := make([]*kind, len(p.order))
	for i, id := range p.order {
		kinds[i] = p.kinds[id]
	}
	// The rules write the cells and captions; they are cleaned as the
	// games' texts are, whatever a game draws.
	cells := make([][4]string, len(p.cells))
	for i, c := range p.cells {
		for k := range c {
			cells[i][k] = xmltext.Clean(c[k])
		}
	}
	captions := make([]string, len(p.captions))
	for i, c := range p.captions {
		captions[i] = xmltext.Clean(c)
	}
	head, err := json.Marshal(struct {
		Kinds    []*kind     `json:"kinds"`
		Cells    [][4]string `json:"cells"`
		Captions []string    `json:"captions"`
		Open     string      `json:"open"`
		Stored   bool        `json:"stored,omitempty"`
	}{kinds, cells, captions, xmltext.Clean(open), p.back[0] != ""})
	if err != nil {
		return err
	}
	bw := &errWriter{w: w}
	bw.str(pageTop(p.title, p.back))
	bw.str(`<script type="application/json" id="data">`)
	bw.bytes(head[:len(head)-1])
	bw.str(`,"games":[`)
	for i, g := range p.games {
		if i > 0 {
			bw.str(",")
		}
		bw.bytes(g)
	}
	bw.str("]}</script>\n<script>")
	bw.str(script)
	bw.str("</script>\n</body>\n</html>\n")
	return bw.err
}

// pageTop is the page up to its data: the head, and the body's frame that
// the script fills.
func pageTop(title string, back [2]string) string {
	nav := ""
	if back[0] != "" {
		nav = `<nav class="back"><a href="` + html.EscapeString(xmltext.Clean(back[0])) + `">← ` + html.EscapeString(xmltext.Clean(back[1])) + "</a></nav>\n"
	}
	return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="` + CSP() + `">
<meta name="referrer" content="no-referrer">
<title>` + html.EscapeString(xmltext.Clean(title)) + `</title>
<style>` + style + `</style>
</head>
<body>
<header>` + nav + `<h1>` + html.EscapeString(xmltext.Clean(title)) + `</h1>
<label class="pick"><span>Game</span> <select id="games" aria-label="game"></select></label>
<p id="filter" hidden></p>
</header>
<main>
<section id="boardbox" aria-label="board">
<div id="board"></div>
<p id="status" role="status"></p>
<nav id="controls" aria-label="moves">
<button id="first" title="start (Home)">|◀</button><button id="prev" title="back (←)">◀</button><button id="next" title="forward (→)">▶</button><button id="last" title="end (End)">▶|</button><button id="flip" title="flip the board (f)">⇅</button>
</nav>
</section>
<section id="side" aria-label="game">
<div id="info"></div>
<p id="error" role="alert" hidden></p>
<div id="graph"></div>
<ol id="moves"></ol>
</section>
</main>
<noscript><p>The viewer needs JavaScript.</p></noscript>
`
}

// errWriter keeps the first write error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) str(s string) {
	if e.err == nil {
		_, e.err = io.WriteString(e.w, s)
	}
}

func (e *errWriter) bytes(b []byte) {
	if e.err == nil {
		_, e.err = e.w.Write(b)
	}
}

// PlayerLink returns the address fragment that opens the page at the games
// between players a and b (either colour) of game type id, as a crosstable
// cell links to them: "vs=" and the three percent-encoded, separated by
// commas. The names are cleaned as the page cleans them, so that a name
// with a character XML forbids still finds its games.
func PlayerLink(a, b, id string) string {
	return "vs=" + encodeComponent(xmltext.Clean(a)) + "," + encodeComponent(xmltext.Clean(b)) + "," + encodeComponent(xmltext.Clean(id))
}

// encodeComponent percent-encodes s as JavaScript's encodeURIComponent
// does, which the page's decodeURIComponent undoes.
func encodeComponent(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}
