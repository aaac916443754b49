package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules/loa"
)

// FuzzCommands feeds command lines to the UGI loop: nothing may panic or
// hang, and every line the engine writes is a known reply.
func FuzzCommands(f *testing.F) {
	for _, s := range []string{
		"ugi\nisready\nuginewgame\nposition startpos\ngo depth 2\nquit\n",
		"position startpos moves b1-b3 a2-c2 b3xe7\n",
		"position startpos moves b1b3 A2C2\ngo nodes 100\nquery result\n",
		"position fen 8/8/8/3b4/8/1w1b4/8/8 w\nquery gameover\nquery result\ngo movetime 5\n",
		"position fen 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b moves g1-e3\nquery p1turn\n",
		"go p1time 100 p2time 100 p1inc 0 p2inc 0\n",
		"setoption name Hash value 2\nsetoption name Seed value 9\n",
		"go infinite\nisready\nstop\n",
		"position fen\nposition\ngo depth\ngo depth -1\nsetoption name\n\x00\xff\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		// No limits: a search at a level the script sets runs until the
		// end of input stops it, so a deep limit cannot make this slow.
		script = strings.NewReplacer("depth", "d", "time", "t", "nodes", "n").Replace(script)
		var out strings.Builder
		if err := Run(context.Background(), loa.Game, Options{Level: Random, HashMB: 1}, strings.NewReader(script), &out); err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(out.String(), "\n") {
			switch f := strings.Fields(l); {
			case len(f) == 0:
			case f[0] == "id", f[0] == "option", f[0] == "ugiok", f[0] == "readyok", f[0] == "bestmove",
				f[0] == "info", f[0] == "response", f[0] == "error":
			default:
				t.Errorf("unknown reply %q to %q", l, script)
			}
		}
	})
}
