package view

import (
	"fmt"
	"strings"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// PositionText describes pos, reached by the replay r, as text (arbiter
// show): who plays, the board, its position text, the side to move or
// the result, and the score where the game has one.
func PositionText(r *replay.Report, pos rules.Position) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s vs %s, after ply %d\n\n", r.Game, name(r.White), name(r.Black), r.Plies)
	b.WriteString(pos.String())
	if !strings.HasSuffix(b.String(), "\n") {
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "\nFEN: %s\n", pos.FEN())
	out := pos.Outcome()
	if out.Over() {
		fmt.Fprintf(&b, "result: %s (%s)\n", out.Result, out.Reason)
	} else {
		fmt.Fprintf(&b, "to move: %s\nresult so far: *\n", pos.Turn())
	}
	if sc, ok := pos.Score(); ok {
		fmt.Fprintf(&b, "score: %s\n", sc)
	}
	return b.String()
}

// PositionSVG draws pos, reached by the replay r of g (read from file),
// as an SVG picture with its last move framed (arbiter show --format
// svg); a game that cannot draw itself gets its text board.
func PositionSVG(file string, g *notation.Game, r *replay.Report, pos rules.Position) string {
	o := rules.SVGOptions{Title: fmt.Sprintf("%s: %s vs %s, after ply %d", games.Name(r.Game), name(r.White), name(r.Black), r.Plies)}
	if out := pos.Outcome(); out.Over() {
		o.Desc = fmt.Sprintf("result %s (%s)", out.Result, out.Reason)
	} else {
		o.Desc = pos.Turn().String() + " to move"
	}
	d, ok := pos.(rules.Drawer)
	if !ok {
		return rules.TextSVG(pos.String(), o)
	}
	last := rules.NoMove
	if r.Plies > 0 {
		// The move of the last ply, read in the position before it.
		if _, _, before := replay.Position(file, g, r.Plies-1, replay.Options{}); before != nil {
			if m, err := before.ParseMove(g.Moves[r.Plies-1].Text); err == nil {
				last = m
			}
		}
	}
	var pic rules.Picture
	d.Draw(&pic, last)
	return pic.SVG(o)
}

// name is a player's name as a position's heading shows it: "?" for none.
func name(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
