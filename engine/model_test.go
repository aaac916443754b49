package engine

import (
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

// TestModels checks each game's model against the rules on the positions of
// random games: its outcome agrees with Outcome, its noisy moves are the
// captures (written with "x"), its stack plays moves as Play does, its hash
// follows the position (no two positions share one), and its evaluation
// stays below the scores of finished games.
func TestModels(t *testing.T) {
	for _, g := range realGames() {
		t.Run(g.ID(), func(t *testing.T) {
			m := modelFor(g)
			if _, ok := m.(baseModel); ok {
				t.Fatalf("%s has no model of its own", g.ID())
			}
			seen := map[uint64]string{}
			for seed := int64(1); seed <= 8; seed++ {
				p, err := opening(g, seed, 0)
				if err != nil {
					t.Fatal(err)
				}
				prepare(m, p)
				tr := m.newTree(p)
				var buf []rules.Move
				for ply := 0; ply < 120; ply++ {
					o := p.Outcome()
					r, over := m.outcome(p)
					if over != o.Over() || (over && r != o.Result) {
						t.Fatalf("seed %d ply %d: model outcome %v %t; rules %v %q\n%s", seed, ply, r, over, o.Result, o.Reason, p)
					}
					if over {
						break
					}
					h := m.hash(p)
					if fen, ok := seen[h]; ok && fen != p.FEN() {
						t.Fatalf("hash %x for both %s and %s", h, fen, p.FEN())
					}
					seen[h] = p.FEN()
					if h != m.hash(p.Clone()) {
						t.Fatalf("a clone hashes differently: %s", p.FEN())
					}
					if v := m.eval(p); v <= -winBound || v >= winBound {
						t.Fatalf("eval %d of %s is out of range", v, p.FEN())
					}
					buf = p.Moves(buf[:0])
					tr.setRoot(p)
					for _, mv := range buf {
						text := p.FormatMove(mv)
						if got, want := m.hasNoisy() && m.noisy(p, mv), strings.Contains(text, "x"); got != want && m.hasNoisy() {
							t.Fatalf("%s: noisy(%s) = %t", p.FEN(), text, got)
						}
						tr.play(0, mv)
						c := p.Clone()
						if err := c.Play(mv); err != nil {
							t.Fatalf("%s: %s: %v", p.FEN(), text, err)
						}
						if got := tr.at(1).FEN(); got != c.FEN() {
							t.Fatalf("%s then %s: stack gives %s; Play gives %s", p.FEN(), text, got, c.FEN())
						}
					}
					if err := p.Play(buf[(int(seed)*31+ply*17)%len(buf)]); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}
