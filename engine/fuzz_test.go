package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules/games"
)

// FuzzCommands feeds command lines to the UGI loop of every game: nothing
// may panic or hang, and every line the engine writes is a known reply.
func FuzzCommands(f *testing.F) {
	kf := "position fen 63196015313061098982/49299899395308232859/01483875874770556717/58722022544557218405/26336434107150124292/40043788905206796883/94730097038556771878/41367480446566252713/02764395961132468607/35249193621614695181 w 0-0"
	for _, s := range []string{
		kf + " moves c1 j10 c1e2\ngo nodes 50\nquery result\n",
		kf + " moves c1 c1\nposition startpos\n",
		"position startpos moves j3-h5 c9-c5 h5xc5\ngo\nquery p1turn\n",
		"position fen c10/11/11/11/11/11/11/11/11/10T/10C b\nquery gameover\ngo movetime 5\n",
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
		for g := range games.All {
			f.Add(uint8(g), s)
		}
	}
	f.Fuzz(func(t *testing.T, game uint8, script string) {
		g := games.All[int(game)%len(games.All)]
		// No limits: a search at a level the script sets runs until the
		// end of input stops it, so a deep limit cannot make this slow.
		script = strings.NewReplacer("depth", "d", "time", "t", "nodes", "n").Replace(script)
		var out strings.Builder
		if err := Run(context.Background(), g, Options{Level: Random, HashMB: 1}, strings.NewReader(script), &out); err != nil {
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
