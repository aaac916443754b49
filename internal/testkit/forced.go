package testkit

import (
	"fmt"
	"strconv"

	"github.com/arbiter-games/arbiter/rules"
)

// ForcedWin reports whether winner wins from pos within plies plies
// whatever the other side plays, by the rules alone: an AND/OR search
// through Clone and Play in which only finished games count, each
// position searched once for each depth left. try, when not nil, names a
// move to try first at the winner's turns (a solver's suggestion): it
// changes what the search costs, not its answer. It is the oracle the
// solvers' tests hold their claims against.
func ForcedWin(pos rules.Position, winner rules.Color, plies int, try func(rules.Position) rules.Move) (bool, error) {
	f := forced{winner: winner, try: try, memo: map[string]bool{}}
	return f.win(pos, plies)
}

type forced struct {
	winner rules.Color
	try    func(rules.Position) rules.Move
	memo   map[string]bool
}

func (f *forced) win(pos rules.Position, plies int) (bool, error) {
	if o := pos.Outcome(); o.Over() {
		return o.Result == rules.Win(f.winner), nil
	}
	if plies == 0 {
		return false, nil
	}
	key := strconv.Itoa(plies) + " " + pos.FEN()
	if v, ok := f.memo[key]; ok {
		return v, nil
	}
	attack := pos.Turn() == f.winner
	moves := pos.Moves(nil)
	if attack && f.try != nil {
		if first := f.try(pos); first != rules.NoMove {
			for i, m := range moves {
				if m == first {
					moves[0], moves[i] = moves[i], moves[0]
				}
			}
		}
	}
	result := !attack // a defender without a move loses, an attacker without one does not win
	for _, m := range moves {
		q := pos.Clone()
		if err := q.Play(m); err != nil {
			return false, fmt.Errorf("Play(%s) in %s: %w", pos.FormatMove(m), pos.FEN(), err)
		}
		w, err := f.win(q, plies-1)
		if err != nil {
			return false, err
		}
		if w == attack {
			result = attack
			break
		}
	}
	f.memo[key] = result
	return result, nil
}
