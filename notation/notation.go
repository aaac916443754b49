package notation

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Tag is one tag pair, [Name "Value"].
type Tag struct {
	Name, Value string
	Line, Col   int // where the tag starts, 1-based; 0 for a built tag
}

// Move is one move token of the movetext, as written.
type Move struct {
	Text    string // the token as written ("c1-c3", "C1C3", "pass")
	Comment string // comments after the move, joined by a space; "" for none
	Line    int    // where the token starts, 1-based; 0 for a built move
	Col     int
}

// Game is one game of a record file.
type Game struct {
	Tags   []Tag
	Moves  []Move
	Result string // the result token: "1-0", "0-1", "1/2-1/2" or "*"
	// ResultLine and ResultCol locate the result token (or, when it is
	// missing, the end of the game).
	ResultLine, ResultCol int
	Comment               string // comments before the first move
	Line                  int    // line of the game's first tag (or first token); 0 for a built game
	Col                   int
	Index                 int    // 1-based position of the game in its file
	Err                   *Error // the first thing wrong with the game's text; nil when it reads cleanly
	// Warnings are what the reader noticed that does not make the game
	// invalid (the variations an SGF reader left out, say); the replay
	// adds its own to the report.
	Warnings []*Error
}

// Tag returns the value of the tag name; it implements rules.Tags.
func (g *Game) Tag(name string) (string, bool) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			return g.Tags[i].Value, true
		}
	}
	return "", false
}

// SetTag replaces the value of the tag name, or appends the tag.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{Name: name, Value: value})
}

// DeleteTag removes the tag name if present.
func (g *Game) DeleteTag(name string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags = append(g.Tags[:i], g.Tags[i+1:]...)
			return
		}
	}
}

// The codes of Error, as the validator's JSON output writes them. The
// parser gives the first four; the replay (package replay) gives the rest,
// and bad-tag and result-mismatch too.
const (
	CodeSyntax         = "syntax"
	CodeBadTag         = "bad-tag"
	CodeMoveNumber     = "move-number"
	CodeResultMismatch = "result-mismatch"
	CodeUnknownGame    = "unknown-game"   // no Game tag, or a game arbiter does not know
	CodeNotation       = "notation"       // a move the game's notation cannot read
	CodeIllegalMove    = "illegal-move"   // a move the rules do not allow there
	CodeScoreMismatch  = "score-mismatch" // the Score tag against the replayed points
)

// The codes of the warnings, which leave a game valid.
const (
	CodeUnknownTag = "unknown-tag" // a tag arbiter does not know (validate --strict)
	CodeBadDate    = "bad-date"    // a Date that cannot be read: stored as not known
	CodeVariations = "variations"  // variations left out: arbiter reads the main line
)

// Error is something wrong with a record, located in its file: a syntax
// error of the parser, or what the replay finds (replay.Report.Err). Its
// JSON is the validator's error object; File is left out, the report
// around it names the file.
type Error struct {
	Code string `json:"code"` // one of the Code constants
	Line int    `json:"line"` // 1-based
	Col  int    `json:"col"`  // 1-based, in bytes
	Ply  int    `json:"ply"`  // 1-based ply of the move concerned; 0 when not about a move
	Move string `json:"move"` // the move token concerned, as written; "" when not about a move
	Msg  string `json:"message"`
	File string `json:"-"`
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteByte(':')
	}
	fmt.Fprintf(&b, "%d:%d: %s", e.Line, e.Col, e.Msg)
	return b.String()
}

// Parse reads every game of a record file. name is used in error messages.
// Each game that does not read cleanly carries its first error in Game.Err;
// the returned error joins them (nil when every game reads cleanly). Parse
// never panics, whatever data holds. To read the games one at a time, or
// in parallel, cut the file with a Splitter and parse each with
// Game.Parse.
func Parse(name string, data []byte) ([]*Game, error) {
	src := string(data)
	var games []*Game
	var errs []error
	s := NewSplitter(data)
	for ch, ok := s.Next(); ok; ch, ok = s.Next() {
		g := new(Game)
		// A rough guess of the number of moves saves regrowing the slice.
		if n := (ch.End - ch.Start - 200) / 8; n > 0 {
			g.Moves = make([]Move, 0, n)
		}
		g.Parse(name, src, ch, len(games)+1)
		if g.Err != nil {
			errs = append(errs, g.Err)
		}
		games = append(games, g)
	}
	return games, errors.Join(errs...)
}

// IsResult reports whether s is one of the four result tokens.
func IsResult(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

// Termination is a value of the Termination tag: how a game ended when not
// by the rules alone. Its text is the tag's, and the termination column's
// in the database.
type Termination string

// The terminations arbiter knows. A tournament writes the first six and
// solved; records from elsewhere may also say resignation, agreement or
// abandoned.
const (
	TermNormal       Termination = "normal"
	TermAdjudication Termination = "adjudication"
	TermTimeForfeit  Termination = "time forfeit"
	TermIllegalMove  Termination = "illegal move"
	TermDisconnect   Termination = "disconnect"
	TermStall        Termination = "stall"
	TermResignation  Termination = "resignation"
	TermAgreement    Termination = "agreement"
	TermAbandoned    Termination = "abandoned"
	// TermSolved ends a game whose result the game's solver proved (see
	// rules.Solver): the result is the proven one, and the closing
	// comment says the solver's budget, which a validator proves it again
	// with.
	TermSolved Termination = "solved"
)

// Terminations lists every value of the Termination tag arbiter knows.
var Terminations = []Termination{TermNormal, TermAdjudication, TermTimeForfeit, TermIllegalMove, TermDisconnect,
	TermStall, TermResignation, TermAgreement, TermAbandoned, TermSolved}

// ParseTermination reads a Termination tag's value; ok is false when s is
// none of Terminations.
func ParseTermination(s string) (t Termination, ok bool) {
	t = Termination(s)
	return t, slices.Contains(Terminations, t)
}
