package book

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules"
)

// Opening is the start of a game: the start tags and the moves played from
// there, in canonical notation.
type Opening struct {
	Tags  [][2]string `json:"tags,omitempty"`
	Moves []string    `json:"moves,omitempty"`
	// Line is where the opening stands in its file (1-based); 0 for a
	// made one.
	Line int `json:"-"`
}

// startTags are the tags that describe a start, in the order a record
// writes them.
var startTags = []string{"Board", "Layout", "SetUp", "FEN"}

// Start returns the position the opening starts from, before its moves.
func (o Opening) Start(g rules.Game) (rules.Position, error) {
	m := rules.TagMap{}
	for _, t := range o.Tags {
		m[t[0]] = t[1]
	}
	return g.Start(m)
}

// Position returns the position after the opening's moves.
func (o Opening) Position(g rules.Game) (rules.Position, error) {
	pos, err := o.Start(g)
	if err != nil {
		return nil, err
	}
	if err := o.Play(pos); err != nil {
		return nil, err
	}
	return pos, nil
}

// Play plays the opening's moves on pos, its start.
func (o Opening) Play(pos rules.Position) error {
	for i, text := range o.Moves {
		m, err := pos.ParseMove(text)
		if err == nil {
			err = pos.Play(m)
		}
		if err != nil {
			return fmt.Errorf("ply %d %q: %w", i+1, text, err)
		}
	}
	return nil
}

// Key tells positions apart: two openings with the same key reach the same
// position (board, side to move, and the start tags that the position text
// does not hold, such as Tank Battle's Layout).
func (o Opening) Key(g rules.Game) (string, error) {
	pos, err := o.Position(g)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, t := range o.Tags {
		if t[0] == "Layout" || t[0] == "Board" {
			b.WriteString(t[0] + "=" + t[1] + "|")
		}
	}
	b.WriteString(pos.FEN())
	return b.String(), nil
}

// Record returns the opening as a record of g with result "*": the Game
// tag, the start tags and the moves.
func (o Opening) Record(g rules.Game) *notation.Game {
	rec := &notation.Game{Result: "*"}
	rec.SetTag("Result", "*")
	rec.SetTag("Game", g.Name())
	for _, t := range o.Tags {
		rec.SetTag(t[0], t[1])
	}
	for _, m := range o.Moves {
		rec.Moves = append(rec.Moves, notation.Move{Text: m})
	}
	return rec
}

// Formats of an openings file.
const (
	FormatAGN = "agn" // a record file: each game is one opening
	FormatFEN = "fen" // one position text a line
	FormatEPD = "epd" // one position text a line, what follows a ';' on it left out
)

// Suite is the openings of a suite file, in the file's order. It holds
// them in about the memory of the file's text, whatever their number: a
// position file's openings as the texts of its lines, a record file's each
// as one string of its start tags and moves. Opening makes one whole.
type Suite struct {
	positions bool     // items are position texts
	items     []string // by opening: its position text, or its tags and moves packed (see pack)
	lines     []int32  // by opening: its line in the file
}

// Len is the number of openings.
func (s *Suite) Len() int { return len(s.items) }

// Opening returns opening i (0-based) of the suite.
func (s *Suite) Opening(i int) Opening {
	if s.positions {
		return Opening{Tags: [][2]string{{"SetUp", "1"}, {"FEN", s.items[i]}}, Line: int(s.lines[i])}
	}
	o := unpack(s.items[i])
	o.Line = int(s.lines[i])
	return o
}

// add appends o (a record file's) to the suite.
func (s *Suite) add(o Opening) {
	s.items = append(s.items, pack(o))
	s.lines = append(s.lines, int32(min(o.Line, math.MaxInt32)))
}

// pack writes an opening's tags and moves as one string: each tag's name
// and value followed by a NUL, then SOH, then the moves separated by
// spaces. A record's tag values and moves hold no control character.
func pack(o Opening) string {
	var b strings.Builder
	for _, t := range o.Tags {
		b.WriteString(t[0])
		b.WriteByte(0)
		b.WriteString(t[1])
		b.WriteByte(0)
	}
	b.WriteByte(1)
	for i, m := range o.Moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m)
	}
	return b.String()
}

// unpack is pack undone.
func unpack(s string) Opening {
	var o Opening
	tags, moves, _ := strings.Cut(s, "\x01")
	for tags != "" {
		var name, value string
		name, tags, _ = strings.Cut(tags, "\x00")
		value, tags, _ = strings.Cut(tags, "\x00")
		o.Tags = append(o.Tags, [2]string{name, value})
	}
	if moves != "" {
		o.Moves = strings.Split(moves, " ")
	}
	return o
}

// MaxSuite is the size of the largest openings file, 64 MiB as the largest
// game (notation.MaxGame): a suite of a million short openings fits. The
// callers read the file no further than that.
const MaxSuite = 64 << 20

// checkEvery is how many openings Read and ReadFirst replay between two
// looks at their context.
const checkEvery = 256

// Read reads the suite of openings in data, the content of the file name,
// for game g. format says the file's format; "" takes it from name's
// extension (".agn"; ".fen" and ".txt"; ".epd"). A record file's games are
// one opening each (its start tags and its first plies moves, all of them
// when plies is negative; its result is ignored); a position file holds one
// position text per line (blank lines and lines starting with "#" are
// skipped; a UTF-8 byte order mark at its start too). Every opening is
// replayed: one that breaks the rules, is of another game, or leaves the
// game over is an error naming name:line (the first ten such are joined).
// A file without an opening is an error too. Read stops with ctx.Err()
// when ctx is done.
func Read(ctx context.Context, g rules.Game, name, format string, data []byte, plies int) (*Suite, error) {
	var (
		suite Suite
		errs  []error
		err   error
	)
	if format == "" {
		format = map[string]string{".agn": FormatAGN, ".fen": FormatFEN, ".txt": FormatFEN, ".epd": FormatEPD}[strings.ToLower(filepath.Ext(name))]
	}
	switch format {
	case FormatAGN:
		errs, err = readRecords(ctx, g, name, data, plies, nil, suite.add)
	case FormatFEN, FormatEPD:
		suite.positions = true
		errs, err = readPositions(ctx, g, name, data, format == FormatEPD, &suite)
	case "":
		return nil, fmt.Errorf("%s: unknown kind of openings file: want .agn (records), .fen/.txt or .epd (one position a line), or give its format", name)
	default:
		return nil, fmt.Errorf("%s: unknown openings format %q: want agn, fen or epd", name, format)
	}
	if err != nil {
		return nil, err
	}
	if err := joined(name, errs); err != nil {
		return nil, err
	}
	if suite.Len() == 0 {
		return nil, fmt.Errorf("%s: no openings in the file", name)
	}
	return &suite, nil
}

// joined joins the errors of the file name, the first ten of them.
func joined(name string, errs []error) error {
	if len(errs) > 10 {
		errs = append(errs[:10], fmt.Errorf("%s: and %d more bad openings", name, len(errs)-10))
	}
	return errors.Join(errs...)
}

// Skipped counts the games of a record file that ReadFirst leaves out.
type Skipped struct {
	Over  int // the game is over within the plies
	Short int // the game has fewer plies, and is not over
}

// ReadFirst reads the openings made of the first plies plies (at least 0)
// of the games of the record file name, whose content is data, for game g.
// Unlike Read, a game that is over within those plies, or that is shorter
// and not over, is no error: it is left out and counted. A game that breaks
// the rules within those plies, or is of another game, is an error as in
// Read. A file that leaves no opening is no error here. ReadFirst stops
// with ctx.Err() when ctx is done.
func ReadFirst(ctx context.Context, g rules.Game, name string, data []byte, plies int) ([]Opening, Skipped, error) {
	var skipped Skipped
	if strings.ToLower(filepath.Ext(name)) != ".agn" {
		return nil, skipped, fmt.Errorf("%s: not a record file (.agn)", name)
	}
	var suite []Opening
	errs, err := readRecords(ctx, g, name, data, plies, &skipped, func(o Opening) { suite = append(suite, o) })
	if err != nil {
		return nil, skipped, err
	}
	if err := joined(name, errs); err != nil {
		return nil, skipped, err
	}
	return suite, skipped, nil
}

// overError is the error of an opening that leaves the game over.
type overError struct{ msg string }

func (e *overError) Error() string { return e.msg }

// readRecords reads the openings of a record file one game at a time and
// hands each to add; it returns the bad ones' errors, or ctx.Err(). With
// skipped, the games over within plies or shorter are left out and
// counted there rather than errors (ReadFirst).
func readRecords(ctx context.Context, g rules.Game, name string, data []byte, plies int, skipped *Skipped, add func(Opening)) ([]error, error) {
	src := string(data)
	var (
		rec  notation.Game
		errs []error
	)
	sp := notation.NewSplitter(data)
	for ch, ok := sp.Next(); ok; ch, ok = sp.Next() {
		index := rec.Index + 1
		if index%checkEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		rec.Parse(name, src, ch, index)
		o, err := fromRecord(g, name, &rec, plies)
		if skipped != nil {
			var over *overError
			switch {
			case errors.As(err, &over):
				skipped.Over++
				continue
			case err == nil && len(o.Moves) < plies:
				skipped.Short++
				continue
			}
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		add(o)
	}
	return errs, nil
}

// fromRecord makes an opening of a record's start and first plies moves.
// It copies what it keeps: rec may be parsed again.
func fromRecord(g rules.Game, name string, rec *notation.Game, plies int) (Opening, error) {
	if rec.Err != nil {
		return Opening{}, fmt.Errorf("%s:%d:%d: opening %d: %s", name, rec.Err.Line, rec.Err.Col, rec.Index, rec.Err.Msg)
	}
	n := len(rec.Moves)
	if plies >= 0 && plies < n {
		n = plies
	}
	r, game, pos := replay.Position(name, rec, n, replay.Options{Text: true})
	if game != nil && game.ID() != g.ID() {
		line, col := rec.Line, rec.Col
		for _, t := range rec.Tags {
			if t.Name == "Game" {
				line, col = t.Line, t.Col
			}
		}
		return Opening{}, fmt.Errorf("%s:%d:%d: opening %d is a %s game; the tournament plays %s", name, line, col, rec.Index, game.Name(), g.Name())
	}
	if r.Err != nil {
		msg := r.Err.Msg
		if r.Err.Ply > 0 {
			msg = fmt.Sprintf("ply %d %q: %s", r.Err.Ply, r.Err.Move, msg)
		}
		return Opening{}, fmt.Errorf("%s:%d:%d: opening %d: %s", name, r.Err.Line, r.Err.Col, rec.Index, msg)
	}
	if out := pos.Outcome(); out.Over() {
		return Opening{}, &overError{fmt.Sprintf("%s:%d:%d: opening %d: the game is over after ply %d (%s): an opening must leave a game to play",
			name, rec.Line, rec.Col, rec.Index, n, out.Reason)}
	}
	o := Opening{Line: rec.Line}
	for _, t := range startTags {
		if v, ok := rec.Tag(t); ok {
			o.Tags = append(o.Tags, [2]string{t, strings.Clone(v)})
		}
	}
	// The moves in canonical notation, as the tournament writes them:
	// the replay wrote them back so.
	for _, m := range rec.Moves[:n] {
		o.Moves = append(o.Moves, strings.Clone(m.Text))
	}
	return o, nil
}

// readPositions reads a file of one position text a line into suite;
// with epd, what follows a ';' on a line is left out (an EPD file's
// operations). It returns the bad lines' errors, or ctx.Err(). The
// positions are substrings of one copy of data.
func readPositions(ctx context.Context, g rules.Game, name string, data []byte, epd bool, suite *Suite) ([]error, error) {
	var errs []error
	text := string(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))) // a UTF-8 byte order mark
	for n := 1; text != ""; n++ {
		if n%checkEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var line string
		line, text, _ = strings.Cut(text, "\n")
		if epd {
			line, _, _ = strings.Cut(line, ";")
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		o := Opening{Tags: [][2]string{{"SetUp", "1"}, {"FEN", line}}, Line: n}
		pos, err := o.Start(g)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: not a %s position: %w", name, n, g.Name(), err))
			continue
		}
		if out := pos.Outcome(); out.Over() {
			errs = append(errs, fmt.Errorf("%s:%d: the game is over in this position (%s): an opening must leave a game to play", name, n, out.Reason))
			continue
		}
		suite.items = append(suite.items, line)
		suite.lines = append(suite.lines, int32(min(n, math.MaxInt32)))
	}
	return errs, nil
}

// Random plays up to plies random legal plies of g from the start that
// g.NewTags(seed) describes, never one that ends the game: the opening has
// fewer plies only when every move would end it (or none is legal). The
// same seed gives the same opening.
func Random(g rules.Game, seed int64, plies int) (Opening, error) {
	o := Opening{Tags: g.NewTags(seed)}
	pos, err := o.Start(g)
	if err != nil {
		return Opening{}, fmt.Errorf("start of %s: %w", g.Name(), err)
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x6f70656e696e67))
	var buf []rules.Move
	for len(o.Moves) < plies {
		ms := pos.Moves(buf[:0])
		buf = ms
		var next rules.Position
		var text string
		for len(ms) > 0 && next == nil {
			j := rng.IntN(len(ms))
			c := pos.Clone()
			if err := c.Play(ms[j]); err == nil && !c.Outcome().Over() {
				next, text = c, pos.FormatMove(ms[j])
			}
			ms[j] = ms[len(ms)-1]
			ms = ms[:len(ms)-1]
		}
		if next == nil {
			break
		}
		pos = next
		o.Moves = append(o.Moves, text)
	}
	return o, nil
}

// Generate makes count distinct openings (by Key) of exactly plies random
// plies, from seed: the same arguments give the same suite. keep, when not
// nil, is asked about each candidate's position and only the ones it keeps
// are taken. It gives up, with the openings found so far and an error,
// after tries candidates, and stops with ctx.Err() when ctx is done.
func Generate(ctx context.Context, g rules.Game, seed int64, plies, count, tries int, keep func(rules.Position) (bool, error)) ([]Opening, error) {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x67656e))
	seen := map[string]bool{}
	var suite []Opening
	for try := 0; len(suite) < count; try++ {
		if err := ctx.Err(); err != nil {
			return suite, err
		}
		if try >= tries {
			return suite, fmt.Errorf("found only %d distinct openings of %d plies in %d tries", len(suite), plies, tries)
		}
		o, err := Random(g, rng.Int64(), plies)
		if err != nil {
			return suite, err
		}
		if len(o.Moves) < plies {
			continue
		}
		key, err := o.Key(g)
		if err != nil {
			return suite, err
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		if keep != nil {
			pos, _ := o.Position(g)
			ok, err := keep(pos)
			if err != nil {
				return suite, err
			}
			if !ok {
				continue
			}
		}
		suite = append(suite, o)
	}
	return suite, nil
}

// Distinct returns the openings of suite whose position no earlier one
// reached (by Key), in order. It stops with ctx.Err() when ctx is done.
func Distinct(ctx context.Context, g rules.Game, suite []Opening) ([]Opening, error) {
	seen := map[string]bool{}
	var out []Opening
	for i, o := range suite {
		if i%checkEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		key, err := o.Key(g)
		if err != nil {
			return nil, err
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, o)
		}
	}
	return out, nil
}
