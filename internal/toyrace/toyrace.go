// Package toyrace is a tiny game for the tests of the code that plays
// games (the runner, the engine client), so that they do not hang on the
// real rules: a counter starts at the Board tag (0..4) and each side in
// turn adds 1, 2 or 3 (written "1", "2", "3"); the side that reaches 21
// wins. Each side scores the sum of what it added. Its id is "toy-race".
//
// For the same tests it makes the game known to rules/games (Register) and
// writes the configs of toy race tournaments (Head, WriteConfig, Openings).
package toyrace

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/rules"
)

type toyGame struct{}

// Game is the toy race.
var Game rules.Game = toyGame{}

func (toyGame) ID() string              { return "toy-race" }
func (toyGame) Name() string            { return "Toy Race" }
func (toyGame) FirstMover() rules.Color { return rules.White }
func (toyGame) NewTags(seed int64) [][2]string {
	return [][2]string{{"Board", strconv.FormatInt((seed%5+5)%5, 10)}}
}

func (toyGame) Start(tags rules.Tags) (rules.Position, error) {
	p := &toyPos{}
	if fen, ok := tags.Tag("FEN"); ok {
		var turn string
		if _, err := fmt.Sscanf(fen, "%d/%d/%d/%s", &p.total, &p.pts[0], &p.pts[1], &turn); err != nil {
			return nil, fmt.Errorf("%w: FEN %q", rules.ErrBadTag, fen)
		}
		if turn == "b" {
			p.turn = rules.Black
		}
		return p, nil
	}
	if b, ok := tags.Tag("Board"); ok {
		n, err := strconv.Atoi(b)
		if err != nil || n < 0 || n > 4 {
			return nil, fmt.Errorf("%w: Board %q", rules.ErrBadTag, b)
		}
		p.total = n
	}
	return p, nil
}

type toyPos struct {
	total int
	pts   [2]int
	turn  rules.Color
}

const toyGoal = 21

func (p *toyPos) Turn() rules.Color { return p.turn }
func (p *toyPos) Moves(dst []rules.Move) []rules.Move {
	for n := 1; n <= 3 && p.total+n <= toyGoal && p.total < toyGoal; n++ {
		dst = append(dst, rules.Move(n))
	}
	return dst
}
func (p *toyPos) ParseMove(s string) (rules.Move, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 || n > 9 {
		return 0, fmt.Errorf("%w: cannot read %q", rules.ErrNotation, s)
	}
	return rules.Move(n), nil
}
func (p *toyPos) Play(m rules.Move) error {
	if p.total >= toyGoal {
		return fmt.Errorf("%w: the game is already over", rules.ErrIllegal)
	}
	n := int(m.Plain())
	if n < 1 || n > 3 || p.total+n > toyGoal {
		return fmt.Errorf("%w: cannot add %d to %d", rules.ErrIllegal, n, p.total)
	}
	p.total += n
	p.pts[p.turn] += n
	p.turn = p.turn.Other()
	return nil
}
func (p *toyPos) FormatMove(m rules.Move) string { return strconv.Itoa(int(m.Plain())) }
func (p *toyPos) Outcome() rules.Outcome {
	if p.total >= toyGoal {
		return rules.Outcome{Result: rules.Win(p.turn.Other()), Reason: "21 reached"}
	}
	return rules.Outcome{}
}
func (p *toyPos) Score() (rules.Score, bool) {
	return rules.Score{White: p.pts[rules.White], Black: p.pts[rules.Black]}, true
}
func (p *toyPos) FEN() string {
	t := "w"
	if p.turn == rules.Black {
		t = "b"
	}
	return fmt.Sprintf("%d/%d/%d/%s", p.total, p.pts[0], p.pts[1], t)
}
func (p *toyPos) Clone() rules.Position { q := *p; return &q }
func (p *toyPos) String() string        { return p.FEN() }
