package toygames

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/rules"
)

// Race is the toy race: id "toy-race", White moves first.
var Race rules.Game = race{}

type race struct{}

func (race) ID() string              { return "toy-race" }
func (race) Name() string            { return "Toy Race" }
func (race) FirstMover() rules.Color { return rules.White }
func (race) NewTags(seed int64) [][2]string {
	return [][2]string{{"Board", strconv.FormatInt((seed%5+5)%5, 10)}}
}

func (race) Start(tags rules.Tags) (rules.Position, error) {
	p := &racePos{}
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

type racePos struct {
	total int
	pts   [2]int
	turn  rules.Color
}

const raceGoal = 21

func (p *racePos) Turn() rules.Color { return p.turn }
func (p *racePos) Moves(dst []rules.Move) []rules.Move {
	for n := 1; n <= 3 && p.total+n <= raceGoal && p.total < raceGoal; n++ {
		dst = append(dst, rules.Move(n))
	}
	return dst
}
func (p *racePos) ParseMove(s string) (rules.Move, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 || n > 9 {
		return 0, fmt.Errorf("%w: cannot read %q", rules.ErrNotation, s)
	}
	return rules.Move(n), nil
}
func (p *racePos) Play(m rules.Move) error {
	if p.total >= raceGoal {
		return fmt.Errorf("%w: the game is already over", rules.ErrIllegal)
	}
	n := int(m.Plain())
	if n < 1 || n > 3 || p.total+n > raceGoal {
		return fmt.Errorf("%w: cannot add %d to %d", rules.ErrIllegal, n, p.total)
	}
	p.total += n
	p.pts[p.turn] += n
	p.turn = p.turn.Other()
	return nil
}
func (p *racePos) FormatMove(m rules.Move) string { return strconv.Itoa(int(m.Plain())) }
func (p *racePos) Outcome() rules.Outcome {
	if p.total >= raceGoal {
		return rules.Outcome{Result: rules.Win(p.turn.Other()), Reason: "21 reached"}
	}
	return rules.Outcome{}
}
func (p *racePos) Score() (rules.Score, bool) {
	return rules.Score{White: p.pts[rules.White], Black: p.pts[rules.Black]}, true
}
func (p *racePos) FEN() string {
	t := "w"
	if p.turn == rules.Black {
		t = "b"
	}
	return fmt.Sprintf("%d/%d/%d/%s", p.total, p.pts[0], p.pts[1], t)
}
func (p *racePos) Clone() rules.Position { q := *p; return &q }
func (p *racePos) String() string        { return p.FEN() }
