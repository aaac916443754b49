package sgf

import (
	"errors"
	"fmt"
	"strings"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
	"github.com/arbiter-games/arbiter/rules/loa"
)

// ErrNotLOA is the error of Append for a record of another game than Lines
// of Action, which SGF's GM[9] does not hold.
var ErrNotLOA = errors.New("SGF (GM[9]) holds Lines of Action games only")

// Game is the one game whose records SGF holds: GM[9], Lines of Action.
// arbiter's other games have no number in SGF.
var Game = loa.Game

// Holds reports whether SGF holds the records of the game with the id
// (a rules.Game's ID), which Append writes: Game's only.
func Holds(id string) bool { return id == Game.ID() }

// tagProperty maps the tags that SGF has a property for to it.
var tagProperty = map[string]string{
	"Event": "EV", "Site": "PC", "Round": "RO", "White": "PW", "Black": "PB",
	"GameName": "GN", "GameComment": "GC",
}

// Append appends g, a Lines of Action record, to b as an SGF game tree in
// boardspace.net's dialect, one node a line:
//
//	(;GM[9]FF[4]CA[UTF-8]
//	EV[club match]
//	PB[bob]
//	PW[alice]
//	RE[B+]
//	;B[C8-C6]
//	;W[A2-C2]C[a comment]
//	…
//	)
//
// Moves are written "C8-C6", captures too, as boardspace writes them. A
// resignation or a time forfeit (the Termination tag) is the loser's
// B[Resign], W[Resign] or X[Forfeit] after the last move, as boardspace
// writes it; another result is RE (B+, W+ or 0; none for *). The tags
// with a property of their own (Event, Site, Round, White, Black, Date,
// GameName, GameComment) are written as it; the others (Termination when
// not a resignation or forfeit, a Date SGF cannot write, SetUp and FEN,
// any tag arbiter does not know) in arbiter's TG[Name:Value], in the
// order of the record, so that ParseGame gives the same game back. The
// error wraps ErrNotLOA for another game, and says why a Lines of Action
// record cannot be written (its start position, from FEN, is not one).
func Append(b []byte, g *notation.Game) ([]byte, error) {
	name, ok := g.Tag("Game")
	if !ok {
		return b, fmt.Errorf("%w: the record has no Game tag", ErrNotLOA)
	}
	if game, err := games.Lookup(name); err != nil || !Holds(game.ID()) {
		return b, fmt.Errorf("%w, not %s", ErrNotLOA, notation.Shorten(name))
	}
	mover := loa.Game.FirstMover()
	_, fen := g.Tag("FEN")
	_, setUp := g.Tag("SetUp")
	if fen || setUp {
		pos, err := loa.Game.Start(g)
		if err != nil {
			return b, fmt.Errorf("the start position cannot be built: %w", err)
		}
		mover = pos.Turn()
	}
	res, _ := rules.ParseResult(g.Result)
	// A Termination written otherwise than arbiter writes it stays a tag.
	term, _ := g.Tag("Termination")
	ending := ""
	if res == rules.WhiteWins || res == rules.BlackWins {
		switch notation.Termination(term) {
		case notation.TermResignation:
			ending = "Resign"
		case notation.TermTimeForfeit:
			ending = "Forfeit"
		}
	}

	b = append(b, "(;GM[9]FF[4]CA[UTF-8]\n"...)
	b = appendTags(b, g.Tags, ending != "")
	if ending == "" {
		switch res {
		case rules.WhiteWins:
			b = appendProperty(b, "RE", "W+")
		case rules.BlackWins:
			b = appendProperty(b, "RE", "B+")
		case rules.Draw:
			b = appendProperty(b, "RE", "0")
		}
	}
	if c := strings.TrimSpace(g.Comment); c != "" {
		b = appendProperty(b, "C", c)
	}
	for _, m := range g.Moves {
		b = append(b, ';')
		b = append(b, letter(mover)...)
		b = append(b, '[')
		b = appendMove(b, m.Text)
		b = append(b, ']')
		if c := strings.TrimSpace(m.Comment); c != "" {
			b = append(b, 'C', '[')
			b = appendEscaped(b, c, false)
			b = append(b, ']')
		}
		b = append(b, '\n')
		mover = mover.Other()
	}
	if ending != "" {
		loser := rules.White
		if res == rules.WhiteWins {
			loser = rules.Black
		}
		b = append(b, ';')
		b = append(b, letter(loser)...)
		b = append(b, '[')
		b = append(b, ending...)
		b = append(b, "]\n"...)
	}
	return append(b, ")\n"...), nil
}

// appendTags appends the properties of tags (see Append): each tag with a
// property of its own as it, a Date SGF can write as DT, the others in
// one TG property at the place of the first of them. Game and Result are
// left out, and Termination too when ending (the result is written as a
// resignation or forfeit move).
func appendTags(b []byte, tags []notation.Tag, ending bool) []byte {
	var tg []notation.Tag
	tgAt := -1 // where in b the TG property goes: at its first tag
	for _, t := range tags {
		// SGF trims a value and leaves out an empty one: such a value
		// goes in TG, which keeps it as it is.
		if prop, ok := tagProperty[t.Name]; ok && t.Value != "" && strings.TrimSpace(t.Value) == t.Value {
			b = appendProperty(b, prop, t.Value)
			continue
		}
		switch t.Name {
		case "Game", "Result":
			continue
		case "Termination":
			if ending {
				continue
			}
		case "Date":
			if dt, ok := sgfDate(t.Value); ok {
				b = appendProperty(b, "DT", dt)
				continue
			}
		}
		if tgAt < 0 {
			tgAt = len(b)
		}
		tg = append(tg, t)
	}
	if len(tg) > 0 {
		var p []byte
		p = append(p, "TG"...)
		for _, t := range tg {
			p = append(p, '[')
			p = append(p, t.Name...)
			p = append(p, ':')
			p = appendEscaped(p, t.Value, true)
			p = append(p, ']')
		}
		p = append(p, '\n')
		b = append(b[:tgAt], append(p, b[tgAt:]...)...)
	}
	return b
}

// appendProperty appends the property name with the one value v on a line
// of its own.
func appendProperty(b []byte, name, v string) []byte {
	b = append(b, name...)
	b = append(b, '[')
	b = appendEscaped(b, v, false)
	return append(b, "]\n"...)
}

// appendEscaped appends v as an SGF value: "]" and "\" escaped, and ":"
// too in a value of a composed property (TG's Name:Value).
func appendEscaped(b []byte, v string, composed bool) []byte {
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case ']', '\\':
			b = append(b, '\\', c)
		case ':':
			if composed {
				b = append(b, '\\')
			}
			b = append(b, c)
		default:
			b = append(b, c)
		}
	}
	return b
}

// appendMove appends a move of a record as boardspace writes it: "C8-C6"
// for "c8-c6", "c8xc6" or "c8c6"; "Pass"; any other text as it is.
func appendMove(b []byte, text string) []byte {
	if strings.EqualFold(text, "pass") {
		return append(b, "Pass"...)
	}
	s := text
	if len(s) == 5 && (s[2] == '-' || s[2] == 'x' || s[2] == 'X') {
		s = s[:2] + s[3:]
	}
	if len(s) == 4 {
		if _, ok := square(s[0], s[1]); ok {
			if _, ok := square(s[2], s[3]); ok {
				return append(b, upper(s[0]), s[1], '-', upper(s[2]), s[3])
			}
		}
	}
	return appendEscaped(b, text, false)
}

func upper(c byte) byte { return c &^ 0x20 }

// sgfDate returns a record's Date as SGF's DT writes it ("2024-01-05",
// "2024-01", "2024"), and false when DT cannot hold it as it is: a date
// not in PGN's canonical form, with no year, or a day without a month.
func sgfDate(v string) (string, bool) {
	d, ok := notation.ParseDate(v)
	if !ok || d.String() != v || d.Year == 0 || d.Month == 0 && d.Day > 0 {
		return "", false
	}
	s := v[:4]
	if d.Month > 0 {
		s += "-" + v[5:7]
	}
	if d.Day > 0 {
		s += "-" + v[8:10]
	}
	return s, true
}
