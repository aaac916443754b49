package knightfight_test

import (
	"context"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
)

// TestSolveAndOr checks the solver against a plain AND/OR search on the
// positions of random games: every win or loss it proves with a line of
// at most 5 plies is a forced one within that many plies, and every forced
// win within 3 plies of either side is proven.
func TestSolveAndOr(t *testing.T) {
	t.Parallel()
	games := *solveGames / 8
	if testing.Short() {
		games /= 10
	}
	var positions, claims, found int
	for seed := int64(1); seed <= int64(games); seed++ {
		for _, p := range lastPlies(t, seed, 12) {
			positions++
			fen := p.FEN()
			proof := p.Solve(context.Background(), 10000)
			me := p.Turn()
			if (proof.Result == rules.WhiteWins || proof.Result == rules.BlackWins) && proof.Plies <= 5 {
				claims++
				winner := rules.White
				if proof.Result == rules.BlackWins {
					winner = rules.Black
				}
				if !forcedWin(t, p, winner, proof.Plies) {
					t.Errorf("Solve(%s) = %v in %d plies; the plain search finds no such win", fen, proof.Result, proof.Plies)
				}
			}
			for _, x := range []rules.Color{me, me.Other()} {
				for d := 1; d <= 3; d++ {
					if !forcedWin(t, p, x, d) {
						continue
					}
					found++
					pr := proof
					if pr.Result != rules.Win(x) {
						pr = p.Solve(context.Background(), 1e6) // a sufficient budget
					}
					if pr.Result != rules.Win(x) {
						t.Errorf("Solve(%s) = %v; the plain search finds a win of %s in %d", fen, pr.Result, x, d)
					}
					break
				}
			}
		}
	}
	t.Logf("%d positions: %d wins or losses claimed in at most 5 plies, %d found within 3 by the plain search", positions, claims, found)
	if claims == 0 || found == 0 {
		t.Errorf("nothing checked: %d claims, %d found", claims, found)
	}
}

// forcedWin is testkit.ForcedWin, failing t on an error of the rules.
func forcedWin(t testing.TB, p rules.Position, x rules.Color, d int) bool {
	t.Helper()
	w, err := testkit.ForcedWin(p, x, d, nil)
	if err != nil {
		t.Fatal(err)
	}
	return w
}
