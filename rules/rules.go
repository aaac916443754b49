package rules

import (
	"errors"
	"fmt"
	"strconv"
)

// Color is a side: White or Black. Which one moves first depends on the game
// (Black in Lines of Action, White in Tank Battle and Knight Fight).
type Color uint8

// The two sides.
const (
	White Color = iota
	Black
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// ParseTurn reads the side to move as a FEN writes it: "w" or "b", in
// either case; ok is false for anything else.
func ParseTurn(s string) (c Color, ok bool) {
	switch s {
	case "w", "W":
		return White, true
	case "b", "B":
		return Black, true
	}
	return White, false
}

// Result is the result of a game as a record writes it.
type Result uint8

// The four results of a record.
const (
	Unfinished Result = iota // "*": the game is not over, or the source gave no result
	WhiteWins                // "1-0"
	BlackWins                // "0-1"
	Draw                     // "1/2-1/2"
)

// String returns the record form of r: "*", "1-0", "0-1" or "1/2-1/2".
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// WhiteHalfPoints returns White's half-points in a game that ended in r: 2
// for a win, 1 for a draw, 0 for a loss; ok is false for Unfinished.
func (r Result) WhiteHalfPoints() (pts int, ok bool) {
	switch r {
	case WhiteWins:
		return 2, true
	case Draw:
		return 1, true
	case BlackWins:
		return 0, true
	}
	return 0, false
}

// ParseResult reads a result token; ok is false when s is none of the four.
func ParseResult(s string) (r Result, ok bool) {
	switch s {
	case "*":
		return Unfinished, true
	case "1-0":
		return WhiteWins, true
	case "0-1":
		return BlackWins, true
	case "1/2-1/2":
		return Draw, true
	}
	return Unfinished, false
}

// Win returns the result in which c wins.
func Win(c Color) Result {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Move is a move in a game-specific compact encoding. Only the game that
// produced a Move can interpret it; Pass means the same in every game.
type Move uint32

// Pass is the move of a player who has no legal move, in the games that
// allow passing. It is written "pass".
const Pass Move = 0xFFFFFFFF

// Bits 28 and 29 of a Move record how its text was written, so that Play can
// tell a wrong separator from a right one; games encode their moves in bits
// 0..27. Moves from Position.Moves carry no form bits.
const (
	FormDash    Move = 1 << 28 // written with "-": the mover says nothing is captured
	FormCapture Move = 2 << 28 // written with "x": the mover says something is captured
	FormMask         = FormDash | FormCapture
)

// Plain returns m without its form bits, for comparing a parsed move with
// the moves of Position.Moves.
func (m Move) Plain() Move {
	if m == Pass {
		return m
	}
	return m &^ FormMask
}

// Outcome says whether a position ends the game, and how.
type Outcome struct {
	Result Result // Unfinished while the game goes on
	// Reason says in a user's words why the game is over ("both sides
	// connected", "white has no legal move"); empty while it goes on.
	Reason string
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Reason != "" }

// Score is the points of each side in the games that score points.
type Score struct {
	White, Black int
}

// String returns the record form "W-B".
func (s Score) String() string { return strconv.Itoa(s.White) + "-" + strconv.Itoa(s.Black) }

// Result is the result these points give: the side with more wins, equal
// points draw.
func (s Score) Result() Result {
	switch {
	case s.White > s.Black:
		return WhiteWins
	case s.Black > s.White:
		return BlackWins
	}
	return Draw
}

// Errors that Position methods wrap, so that callers can tell a badly written
// move from a well written but illegal one, and a bad start position.
var (
	// ErrNotation: the move text cannot be read, or its form contradicts
	// the position (a "-" where the move captures, an "x" where it does not).
	ErrNotation = errors.New("notation error")
	// ErrIllegal: the move is well written but the rules forbid it.
	ErrIllegal = errors.New("illegal move")
	// ErrBadTag: a tag that describes the start (FEN, Board, Layout) is wrong.
	ErrBadTag = errors.New("bad tag")
)

// Error is what the games return for a bad move or start: its text is
// only the user's words ("c1-c3 crosses the white piece on c2"), and it
// wraps its Kind (ErrNotation, ErrIllegal or ErrBadTag), so that errors.Is
// tells the kind without the kind's text showing in the message.
type Error struct {
	Kind error
	// Tag names the tag at fault ("FEN", "Board", "Layout", "SetUp") in an
	// error of kind ErrBadTag, so that a caller can point at it; "" when
	// the error is about no one tag.
	Tag string
	Msg string
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Kind }

// Illegalf returns an *Error of kind ErrIllegal.
func Illegalf(format string, args ...any) error {
	return &Error{Kind: ErrIllegal, Msg: fmt.Sprintf(format, args...)}
}

// Notationf returns an *Error of kind ErrNotation.
func Notationf(format string, args ...any) error {
	return &Error{Kind: ErrNotation, Msg: fmt.Sprintf(format, args...)}
}

// BadTagf returns an *Error of kind ErrBadTag about the tag named tag. The
// message is the formatted text as it is: it names the tag in its own way
// ("FEN: 3 fields", "FEN has 7 ranks").
func BadTagf(tag, format string, args ...any) error {
	return &Error{Kind: ErrBadTag, Tag: tag, Msg: fmt.Sprintf(format, args...)}
}

// Tags looks up a record's tag by name (names are case-sensitive, as in PGN).
type Tags interface {
	Tag(name string) (value string, ok bool)
}

// TagMap is a Tags backed by a map, handy for tests and callers that build
// tags by hand.
type TagMap map[string]string

// Tag implements Tags.
func (m TagMap) Tag(name string) (string, bool) {
	v, ok := m[name]
	return v, ok
}

// Game describes one game type.
type Game interface {
	// ID is the game's identifier: "lines-of-action", "tank-battle",
	// "knight-fight".
	ID() string
	// Name is the display name written in records: "Lines of Action".
	Name() string
	// FirstMover is the side that makes the first move of a game.
	FirstMover() Color
	// Start builds the start position a record describes: the game's own
	// tags (Knight Fight's Board, Tank Battle's Layout) and, when the SetUp
	// tag is "1", the FEN tag. Errors wrap ErrBadTag and name what is wrong.
	Start(tags Tags) (Position, error)
	// NewTags returns the tags that a new record of this game needs, made
	// from seed (Knight Fight's random Board); nil when it needs none. The
	// same seed gives the same tags.
	NewTags(seed int64) [][2]string
}

// Position is a game position with the side to move. Play changes it in
// place; Clone gives an independent copy.
type Position interface {
	// Turn is the side to move.
	Turn() Color
	// Moves appends the legal moves to dst and returns it. Pass is listed
	// exactly when the game allows it and nothing else is legal; the list is
	// empty once the game is over.
	Moves(dst []Move) []Move
	// ParseMove reads a move in canonical notation or the separator-less
	// form engines use, in any letter case. Errors wrap ErrNotation. The
	// form of the text (such as "-" against "x") is checked by Play, which
	// has the position at hand; ParseMove only reads it.
	ParseMove(s string) (Move, error)
	// Play checks m against the rules and applies it, passing the turn to
	// the other side (the sides alternate, as the movetext's numbering and
	// import's reading of move comments assume). A rule broken wraps
	// ErrIllegal, a separator that contradicts the move wraps ErrNotation;
	// on error the position is unchanged.
	Play(m Move) error
	// FormatMove writes m in canonical notation for this position (before
	// m is played).
	FormatMove(m Move) string
	// Outcome says whether the game is over.
	Outcome() Outcome
	// Score returns the points of both sides so far (as if the game ended
	// now), and false for games that do not score points.
	Score() (Score, bool)
	// FEN is the position text that Start reads back with SetUp "1".
	FEN() string
	// Clone returns an independent copy.
	Clone() Position
	// String draws the board as ASCII, rank by rank from the top.
	String() string
}

// A MoveAppender writes moves without allocating: AppendMove(b, m)
// returns append(b, FormatMove(m)...). Positions may implement it; code
// that writes many moves (the replay's canonical records) uses it when
// they do.
type MoveAppender interface {
	AppendMove(b []byte, m Move) []byte
}

// AppendMove appends the canonical text of m (a move ParseMove read) in pos
// to b, through pos's own AppendMove when it is a MoveAppender. A game
// whose FormatMove panics on a move it read but would not play (a bug of
// its rules) gets an error wrapping ErrIllegal rather than a crash of the
// runner or the replay, and b back unchanged.
func AppendMove(b []byte, pos Position, m Move) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = b, cannotWrite(r)
		}
	}()
	if a, ok := pos.(MoveAppender); ok {
		return a.AppendMove(b, m.Plain()), nil
	}
	return append(b, pos.FormatMove(m.Plain())...), nil
}

// FormatMove is pos.FormatMove(m) with AppendMove's guard: a string for
// one move, without AppendMove's buffer (which would escape to the heap
// through the interface call).
func FormatMove(pos Position, m Move) (s string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = cannotWrite(r)
		}
	}()
	return pos.FormatMove(m.Plain()), nil
}

// cannotWrite is the error of the rules' panic r while writing a move.
func cannotWrite(r any) error { return fmt.Errorf("%w: cannot be written (%v)", ErrIllegal, r) }
