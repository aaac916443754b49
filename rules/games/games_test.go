package games

import (
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

func TestLookup(t *testing.T) {
	tests := []struct {
		name, want string
	}{
		{"lines-of-action", "lines-of-action"},
		{"Lines of Action", "lines-of-action"},
		{"LINES-OF-ACTION", "lines-of-action"},
		{" tank battle ", "tank-battle"},
		{"Knight Fight", "knight-fight"},
		{"knight-FIGHT", "knight-fight"},
	}
	for _, tt := range tests {
		g, err := Lookup(tt.name)
		if err != nil || g.ID() != tt.want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", tt.name, g, err, tt.want)
		}
	}
	if _, err := Lookup("chess"); err == nil || !strings.Contains(err.Error(), "lines-of-action") {
		t.Errorf("Lookup(chess) error = %v; want one that lists the known games", err)
	}
}

// TestContract checks what replay and the tournament rely on in every game:
// a start without tags (or with the game's new-record tags), FEN round
// trips, and moves that format and parse back to themselves.
func TestContract(t *testing.T) {
	for _, g := range All {
		t.Run(g.ID(), func(t *testing.T) {
			pos, tags := start(t, g)
			if pos.Turn() != g.FirstMover() {
				t.Errorf("Turn() = %v; want the first mover %v", pos.Turn(), g.FirstMover())
			}
			for ply := 0; ply < 40 && !pos.Outcome().Over(); ply++ {
				moves := pos.Moves(nil)
				if len(moves) == 0 {
					t.Fatalf("ply %d: no moves, yet the game is not over", ply)
				}
				// A game that writes moves without allocating writes
				// them as FormatMove does.
				if ma, ok := pos.(rules.MoveAppender); ok {
					for _, m := range append(moves, rules.Pass) {
						if got, want := string(ma.AppendMove([]byte("x"), m)), "x"+pos.FormatMove(m); got != want {
							t.Fatalf("ply %d: AppendMove gives %q; FormatMove %q", ply, got, want)
						}
					}
				}
				m := moves[ply*7%len(moves)]
				text := pos.FormatMove(m)
				back, err := pos.ParseMove(text)
				if err != nil || back.Plain() != m.Plain() {
					t.Fatalf("ply %d: ParseMove(FormatMove(m) = %q) = %v, %v", ply, text, back, err)
				}
				fen := pos.FEN()
				tags["FEN"], tags["SetUp"] = fen, "1"
				again, err := g.Start(tags)
				if err != nil || again.FEN() != fen {
					t.Fatalf("ply %d: FEN %q does not read back: %v", ply, fen, err)
				}
				if err := pos.Play(back); err != nil {
					t.Fatalf("ply %d: Play(%s): %v", ply, text, err)
				}
			}
		})
	}
}

// TestPerft checks rules.Perft in every game, through the game's own Perft
// when it has one and through the generic walk (a wrapper hides the
// game's method): both give 1 at depth 0, and the same counts.
func TestPerft(t *testing.T) {
	for _, g := range All {
		t.Run(g.ID(), func(t *testing.T) {
			pos, _ := start(t, g)
			generic := struct{ rules.Position }{pos}
			for depth := 0; depth <= 2; depth++ {
				n, want := rules.Perft(generic, depth), rules.Perft(pos, depth)
				if depth == 0 && (n != 1 || want != 1) {
					t.Errorf("Perft(start, 0) = %d, generic %d; want 1", want, n)
				}
				if n != want {
					t.Errorf("generic Perft(start, %d) = %d; the game's own gives %d", depth, n, want)
				}
			}
		})
	}
}

// start returns the start of g with its new-record tags (seed 1), and the
// tags.
func start(t testing.TB, g rules.Game) (rules.Position, rules.TagMap) {
	t.Helper()
	tags := rules.TagMap{}
	for _, kv := range g.NewTags(1) {
		tags[kv[0]] = kv[1]
	}
	pos, err := g.Start(tags)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	return pos, tags
}

func TestName(t *testing.T) {
	for id, want := range map[string]string{"lines-of-action": "Lines of Action", "Tank Battle": "Tank Battle", "chess": "chess"} {
		if got := Name(id); got != want {
			t.Errorf("Name(%q) = %q; want %q", id, got, want)
		}
	}
}

// TestNames checks that Names lists every game's name, the last after
// "and".
func TestNames(t *testing.T) {
	got := Names()
	for i, g := range All {
		sep := ", "
		if i == len(All)-1 {
			sep = " and "
		}
		if i > 0 && !strings.Contains(got, sep+g.Name()) || !strings.Contains(got, g.Name()) {
			t.Errorf("Names() = %q; want %q in it after %q", got, g.Name(), sep)
		}
	}
}
