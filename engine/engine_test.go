package engine

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/ugi"
)

func toyAt(t *testing.T, fen string) rules.Position {
	t.Helper()
	p, err := toy.Start(rules.TagMap{"SetUp": "1", "FEN": fen})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestParseLevel(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Level
		ok   bool
	}{{"random", Random, true}, {"Greedy", Greedy, true}, {" SEARCH ", Search, true}, {"expert", 0, false}, {"", 0, false}} {
		got, err := ParseLevel(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseLevel(%q) = %v, %v; want %v, ok %t", tc.in, got, err, tc.want, tc.ok)
		}
		if tc.ok && got.String() != tc.want.String() {
			t.Errorf("String() = %q", got.String())
		}
	}
}

func TestRandomIsSeeded(t *testing.T) {
	game := func(seed int64) []rules.Move {
		e := New(toy, Options{Level: Random, Seed: seed})
		p, _ := toy.Start(rules.TagMap{})
		var ms []rules.Move
		for !p.Outcome().Over() {
			r := e.Think(p, nil, ugi.Limits{}, nil, nil)
			if err := p.Play(r.Move); err != nil {
				t.Fatalf("random played %v: %v", r.Move, err)
			}
			ms = append(ms, r.Move)
		}
		return ms
	}
	a, b := game(5), game(5)
	if len(a) != len(b) {
		t.Fatalf("seed 5 played %v, then %v", a, b)
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("seed 5 played %v, then %v", a, b)
		}
	}
	differ := false
	for s := int64(6); s < 16 && !differ; s++ {
		c := game(s)
		differ = len(c) != len(a) || c[0] != a[0] || c[1] != a[1]
	}
	if !differ {
		t.Errorf("ten other seeds all played like seed 5")
	}
}

func TestLevels(t *testing.T) {
	for _, tc := range []struct {
		name  string
		level Level
		lim   ugi.Limits
		fen   string
		want  []string // any of these
	}{
		{"greedy wins at once", Greedy, ugi.Limits{}, ".../oo./xx. w", []string{"c1"}},
		{"greedy wins as o", Greedy, ugi.Limits{}, "o../o.x/.x. b", []string{"a1"}},
		{"search wins at once", Search, ugi.Limits{Depth: 1}, ".../oo./xx. w", []string{"c1"}},
		{"search blocks", Search, ugi.Limits{Depth: 2}, "..x/oo./x.. w", []string{"c2"}},
		{"search forks", Search, ugi.Limits{Depth: 5}, "..o/.x./x.. w", []string{"a3", "c1", "b1", "a2"}},
		{"search nodes", Search, ugi.Limits{Nodes: 500}, ".../oo./xx. w", []string{"c1"}},
		// A move time long enough for depth 2 on any machine: the search
		// of a game this small ends when it has seen the whole tree.
		{"search movetime", Search, ugi.Limits{MoveTime: 20 * time.Second}, "..x/oo./x.. w", []string{"c2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := toyAt(t, tc.fen)
			fen := p.FEN()
			r := New(toy, Options{Level: tc.level, Seed: 1}).Think(p, nil, tc.lim, nil, nil)
			if p.FEN() != fen {
				t.Errorf("Think changed the position to %s", p.FEN())
			}
			got := p.FormatMove(r.Move)
			for _, w := range tc.want {
				if got == w && r.OK {
					return
				}
			}
			t.Errorf("%s at %s played %s (ok %t); want one of %v", tc.level, tc.fen, got, r.OK, tc.want)
		})
	}
}

func TestThinkOnFinishedGame(t *testing.T) {
	p := toyAt(t, "xxx/oo./... b")
	for _, l := range []Level{Random, Greedy, Search} {
		if r := New(toy, Options{Level: l}).Think(p, nil, ugi.Limits{Depth: 3}, nil, nil); r.OK {
			t.Errorf("%s: Think on a finished game = %v, ok", l, r.Move)
		}
	}
}

func TestSearchMateScore(t *testing.T) {
	var infos []Info
	p := toyAt(t, "..o/.x./x.. w")
	New(toy, Options{Level: Search}).Think(p, nil, ugi.Limits{Depth: 9}, nil, func(in Info) { infos = append(infos, in) })
	if len(infos) == 0 {
		t.Fatal("no info")
	}
	last := infos[len(infos)-1]
	if want := (ugi.Eval{OK: true, Mate: true, Value: 2}); last.Eval != want || len(last.PV) == 0 {
		t.Errorf("last info %+v; want a win in 3 plies (2 moves) with a PV", last)
	}
}

func TestStopFlag(t *testing.T) {
	var stop atomic.Bool
	stop.Store(true)
	p, _ := toy.Start(rules.TagMap{})
	r := New(toy, Options{Level: Search}).Think(p, nil, ugi.Limits{Infinite: true}, &stop, nil)
	if !r.OK {
		t.Errorf("stopped search gave no move")
	}
}

// TestToyNeverLoses: tic-tac-toe is a draw, and search sees to the end.
func TestToyNeverLoses(t *testing.T) {
	for _, opp := range []Level{Random, Greedy} {
		res, err := Match(toy, Contestant{Level: Search, Limits: ugi.Limits{Depth: 9}}, Contestant{Level: opp}, MatchOptions{Games: 20, Seed: 3, OpeningPlies: 1})
		if err != nil {
			t.Fatal(err)
		}
		if res.WinsB > 0 || res.Games != 20 {
			t.Errorf("search vs %s: %v; want no loss in 20 games", opp, res)
		}
	}
}

func TestBudget(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name      string
		lim       ugi.Limits
		p1        bool
		soft, max time.Duration
	}{
		{"movetime 50", ugi.Limits{MoveTime: 50 * ms}, true, 0, 30 * ms},
		{"movetime 1", ugi.Limits{MoveTime: ms}, true, 0, ms},
		{"clock p1", ugi.Limits{Time: [2]time.Duration{60000 * ms, 10 * ms}}, true, ms, 6000 * ms},
		{"clock p2 short", ugi.Limits{Time: [2]time.Duration{60000 * ms, 100 * ms}}, false, 0, 40 * ms},
		{"clock and inc", ugi.Limits{Time: [2]time.Duration{1000 * ms, 1000 * ms}, Inc: [2]time.Duration{100 * ms, 100 * ms}}, true, 50 * ms, 450 * ms},
		{"infinite", ugi.Limits{Infinite: true, MoveTime: 5 * ms}, true, 0, 0},
		{"only the other clock", ugi.Limits{Time: [2]time.Duration{0, 100 * ms}}, true, 0, 40 * ms},
	} {
		t.Run(tc.name, func(t *testing.T) {
			soft, hard := budget(tc.lim, tc.p1)
			if soft > hard || hard > tc.max || soft < tc.soft {
				t.Errorf("budget(%+v) = %v, %v; want soft >= %v, soft <= hard <= %v", tc.lim, soft, hard, tc.soft, tc.max)
			}
		})
	}
}

// TestMoveTime: a search with a movetime of 50 ms ends with a move, from a
// middle-game position of every game. That it keeps the time is
// TestBudget's (what the search allows itself) and BenchmarkMoveTime's
// (what it takes).
func TestMoveTime(t *testing.T) {
	for _, g := range realGames() {
		t.Run(g.ID(), func(t *testing.T) {
			p, err := opening(g, 5, 12)
			if err != nil {
				t.Fatal(err)
			}
			e := New(g, Options{Level: Search, HashMB: 4})
			e.Prepare()
			for range 3 {
				if r := e.Think(p, nil, ugi.Limits{MoveTime: 50 * time.Millisecond}, nil, nil); !r.OK {
					t.Fatalf("no move from %s", p.FEN())
				}
			}
		})
	}
}

// BenchmarkMoveTime measures a search with a movetime of 50 ms from a
// middle-game position of every game: it should take no more than 50 ms.
func BenchmarkMoveTime(b *testing.B) {
	for _, g := range realGames() {
		b.Run(g.ID(), func(b *testing.B) {
			p, err := opening(g, 5, 12)
			if err != nil {
				b.Fatal(err)
			}
			e := New(g, Options{Level: Search, HashMB: 4})
			e.Prepare()
			for b.Loop() {
				e.Think(p, nil, ugi.Limits{MoveTime: 50 * time.Millisecond}, nil, nil)
			}
		})
	}
}

// toyValue is plain minimax (remembered by FEN): +1 when the side to move
// wins, 0 draw, -1.
func toyValue(p rules.Position) int {
	if v, ok := toyValues[p.FEN()]; ok {
		return v
	}
	v := toyMinimax(p)
	toyValues[p.FEN()] = v
	return v
}

var toyValues = map[string]int{}

func toyMinimax(p rules.Position) int {
	if o := p.Outcome(); o.Over() {
		switch o.Result {
		case rules.Win(p.Turn()):
			return 1
		case rules.Draw:
			return 0
		}
		return -1
	}
	best := -2
	for _, m := range p.Moves(nil) {
		c := p.Clone()
		c.Play(m)
		best = max(best, -toyValue(c))
	}
	return best
}

// TestSearchSolvesToy compares the search (table, reductions, windows and
// all) with plain minimax on positions of random tic-tac-toe games, with
// one engine reused across them as in a game.
func TestSearchSolvesToy(t *testing.T) {
	for _, name := range []string{"clone tree", "value tree"} {
		t.Run(name, func(t *testing.T) {
			e := New(toy, Options{Level: Search, HashMB: 1})
			if name == "value tree" {
				e.model = toyModel{e.model.(baseModel)}
			}
			solveToy(t, e)
		})
	}
}

// toyModel steps through tic-tac-toe on a value stack, as the real games do.
type toyModel struct{ baseModel }

func (toyModel) newTree(rules.Position) tree {
	return &valueTree[toygames.TicTacToePosition, *toygames.TicTacToePosition]{}
}

func solveToy(t *testing.T, e *Player) {
	r := New(toy, Options{Level: Random, Seed: 11})
	checked := 0
	for game := 0; game < 20; game++ {
		p, _ := toy.Start(rules.TagMap{})
		for !p.Outcome().Over() {
			want := toyValue(p)
			res := e.Think(p, nil, ugi.Limits{Depth: 9}, nil, nil)
			got := 0
			switch {
			case res.Info.Eval.Mate && res.Info.Eval.Value > 0:
				got = 1
			case res.Info.Eval.Mate && res.Info.Eval.Value < 0:
				got = -1
			}
			if got != want || !res.Info.Eval.Mate && res.Info.Eval.Value != 0 {
				t.Fatalf("%s: search says %d (%+v); minimax %d", p.FEN(), got, res.Info, want)
			}
			// The move keeps the value.
			c := p.Clone()
			c.Play(res.Move)
			if v := -toyValue(c); v != want {
				t.Fatalf("%s: search played %s worth %d; best is %d", p.FEN(), p.FormatMove(res.Move), v, want)
			}
			checked++
			p.Play(r.Think(p, nil, ugi.Limits{}, nil, nil).Move)
		}
	}
	t.Logf("%d positions", checked)
}
