package proof

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// GiveUp is how many positions in a row Annotate leaves unknown before it
// stops going back: a position further from the end is rarely easier to
// prove, and each unknown costs the whole budget.
const GiveUp = 4

// Annotation is what Annotate made of one game.
type Annotation struct {
	// Record is the annotated record: a copy of the game given, its
	// moves' comments changed where the proven value changes.
	Record *notation.Game
	// From is the first ply whose position was solved (the positions
	// after plies From to the last were); Solved of them, Proven proved.
	From, Solved, Proven int
	// Marks is how many moves got a comment, Thrown how many of them
	// threw away a proven win or draw.
	Marks, Thrown int
	Nodes         int64
	Elapsed       time.Duration
	// Values is the solution of the position after each ply (Values[0]
	// the start); those before From are not solved (Unknown).
	Values []Solution
}

// Annotate solves the positions of game g (a valid record that names its
// game in a Game tag) from its last ply backwards, with at most nodes
// nodes each, until GiveUp positions in a row are unknown or the start is
// reached, and returns the record with a comment on each move where the
// proven value changes (see Comment; an unknown position carries the
// proof before it). Comments of an earlier annotation
// are replaced; other comments are kept, the annotation appended after
// "; ". When ctx ends, it stops and annotates what it proved until then.
// g is not changed.
func Annotate(ctx context.Context, g *notation.Game, nodes int64) (Annotation, error) {
	name, _ := g.Tag("Game")
	game, err := games.Lookup(name)
	if err != nil {
		return Annotation{}, err
	}
	pos, err := game.Start(g)
	if err != nil {
		return Annotation{}, err
	}
	if _, ok := pos.(rules.Solver); !ok {
		return Annotation{}, noSolver(game)
	}
	first := pos.Turn()
	positions := make([]rules.Position, 0, len(g.Moves)+1)
	positions = append(positions, pos.Clone())
	for i, m := range g.Moves {
		mv, err := pos.ParseMove(m.Text)
		if err == nil {
			err = pos.Play(mv)
		}
		if err != nil {
			return Annotation{}, fmt.Errorf("ply %d %q: %w", i+1, m.Text, err)
		}
		positions = append(positions, pos.Clone())
	}
	a := Annotation{Values: make([]Solution, len(positions)), From: len(positions)}
	for k := range a.Values {
		a.Values[k].Turn = positions[k].Turn()
	}
	unknown := 0
	for k := len(positions) - 1; k >= 0 && unknown < GiveUp && ctx.Err() == nil; k-- {
		s, err := Solve(ctx, game, positions[k], nodes)
		if err != nil {
			return Annotation{}, err
		}
		a.Values[k] = s
		a.From, a.Solved = k, a.Solved+1
		a.Nodes += s.Nodes
		a.Elapsed += s.Elapsed
		if s.Value == Unknown {
			unknown++
			continue
		}
		unknown = 0
		a.Proven++
	}
	rec := *g
	rec.Moves = slices.Clone(g.Moves)
	texts := make([]string, len(rec.Moves))
	for i, m := range rec.Moves {
		texts[i] = m.Text
	}
	notes, thrown := annotations(a.Values, first, texts)
	for i := range rec.Moves {
		m := &rec.Moves[i]
		m.Comment = strip(m.Comment)
		if notes[i] == "" {
			continue
		}
		a.Marks++
		if thrown[i] {
			a.Thrown++
		}
		if m.Comment == "" {
			m.Comment = notes[i]
		} else {
			m.Comment += "; " + notes[i]
		}
	}
	a.Record = &rec
	return a, nil
}

// annotations are the comments (see Comment) of the moves texts, played
// from a start where first moves, between positions solved as values
// (values[i] after ply i). An unknown position carries the proven result
// before it: a proof after unknown positions that repeats the last one
// is no change and gets no comment (the unknown ones were not proven
// otherwise, only not proven at all).
func annotations(values []Solution, first rules.Color, texts []string) (notes []string, thrown []bool) {
	notes, thrown = make([]string, len(texts)), make([]bool, len(texts))
	last := values[0].Result
	for i, text := range texts {
		before, after := values[i], values[i+1]
		if after.Result == rules.Unfinished {
			continue
		}
		mover := first
		if i%2 == 1 {
			mover = first.Other()
		}
		if before.Result != rules.Unfinished || after.Result != last {
			notes[i], thrown[i] = Comment(before, after, mover, Numbered(i, text))
		}
		last = after.Result
	}
	return notes, thrown
}

// Numbered writes the move text of ply i (from 0) as a record numbers it:
// "23. g4-e6" for the first mover's move, "23... g4-e6" for the other's.
func Numbered(i int, text string) string {
	if i%2 == 0 {
		return strconv.Itoa(i/2+1) + ". " + text
	}
	return strconv.Itoa(i/2+1) + "... " + text
}

// The words of the annotations, which MarkOf looks for.
const (
	provenWord = "proven: "
	thrownWord = " threw away a proven "
)

// Comment is the annotation of a move by mover, written numbered (see
// Numbered), that leads from a position solved as before to one solved
// as after; "" when the proven value does not change. A move that turns
// its mover's proven win (or draw) into a proven draw or loss is said to
// throw it away (thrown):
//
//	proven: Black wins
//	proven: draw; White's 23. g4-e6 threw away a proven win
//
// The first proof of a game that the move ends is no news and gets none.
func Comment(before, after Solution, mover rules.Color, numbered string) (c string, thrown bool) {
	if after.Result == rules.Unfinished || after.Result == before.Result {
		return "", false
	}
	lost := ValueOf(before.Result, mover)
	thrown = lost == Win || lost == Draw
	if !thrown && after.Over != "" {
		return "", false
	}
	var b strings.Builder
	b.WriteString(provenWord)
	switch after.Result {
	case rules.Draw:
		b.WriteString("draw")
	default:
		w := rules.White
		if after.Result == rules.BlackWins {
			w = rules.Black
		}
		b.WriteString(title(w.String()))
		b.WriteString(" wins")
		if after.HasMargin && after.Margin != 0 {
			fmt.Fprintf(&b, " by %d", abs(after.Margin))
		}
	}
	if thrown {
		fmt.Fprintf(&b, "; %s's %s%s%s", title(mover.String()), numbered, thrownWord, lost)
	}
	return b.String(), thrown
}

// title is s with its first letter upper case ("white" → "White").
func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// strip removes an earlier annotation from a move's comment: the
// comment's last part from "proven: " on, which Annotate appends.
func strip(c string) string {
	if strings.HasPrefix(c, provenWord) {
		return ""
	}
	if i := strings.LastIndex(c, "; "+provenWord); i >= 0 {
		return c[:i]
	}
	return c
}

// Mark is what a move's comment says of proofs.
type Mark uint8

// The marks of a move.
const (
	None   Mark = iota
	Proven      // the proven value changes after the move
	Thrown      // the move threw away a proven win or draw
)

// MarkOf reads the annotation of a move's comment, as Annotate writes it.
func MarkOf(comment string) Mark {
	i := strings.LastIndex(comment, provenWord)
	if i < 0 || i > 0 && !strings.HasSuffix(comment[:i], "; ") {
		return None
	}
	if strings.Contains(comment[i:], thrownWord) {
		return Thrown
	}
	return Proven
}
