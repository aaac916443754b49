package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/notation"
)

// builtin is the command line of a built-in Lines of Action engine, as
// -engine keys.
func builtin(name, level, seed string) []string {
	return []string{"-engine", "cmd=arbiter", "name=" + name, "args=engine --game lines-of-action --level " + level + " --seed " + seed}
}

// TestMatchErrors checks that a bad command line names the option and key
// as typed, exits 2 and starts and stores nothing.
func TestMatchErrors(t *testing.T) {
	two := append(append([]string{"-game", "lines-of-action"}, builtin("a", "random", "1")...), builtin("b", "greedy", "2")...)
	two = slices.Clip(two) // each case's append copies it
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown option", append(two, "-each", "st=1", "-enigne", "cmd=x"), `-enigne: unknown option (options: -game, -engine,`},
		{"unknown key", append(two, "-each", "tcc=10+0.1"), `-each: unknown key "tcc" (keys: args, dir, tc, st, nodes, depth, plies, timemargin, proto, restart, option.NAME)`},
		{"unknown engine key", append(two, "-engine", "cmd=x", "ponder=on"), `-engine: unknown key "ponder" (keys: cmd, name, args,`},
		{"not key=value", append(two, "-each", "tc"), `-each: "tc" is not key=value`},
		{"value first", []string{"lines-of-action"}, `"lines-of-action": an option comes first`},
		{"no game", []string{"-engine", "cmd=x"}, "-game is missing"},
		{"unknown game", []string{"-game", "chess"}, `-game: unknown game "chess"`},
		{"one engine", []string{"-game", "lines-of-action", "-engine", "cmd=arbiter", "-each", "st=1"}, "a match needs at least two engines; found 1"},
		{"no time control", two, "-engine name=a: no time control: give tc=10+0.1"},
		{"bad tc", append(two, "-each", "tc=ten"), `-each tc=ten: "ten" is not a time control`},
		// A time is at most a year: more wraps the clock.
		{"huge tc", append(two, "-each", "tc=1e9+1e9"), `-each tc=1e9+1e9: "1e9+1e9": the base and the increment are each at most a year (31536000 seconds)`},
		{"huge tc minutes", append(two, "-each", "tc=307445734561826:0"), `-each tc=307445734561826:0: "307445734561826:0": the base and the increment are each at most a year`},
		{"tc a year and a bit", append(two, "-each", "tc=525600:0.001"), `-each tc=525600:0.001: "525600:0.001": the base and the increment are each at most a year`},
		{"huge st", append(two, "-each", "st=1e9"), "-each st=1e9: a time is at most a year (31536000 seconds)"},
		{"huge timemargin", append(two, "-each", "st=1", "timemargin=9223372036854775807"), "-each timemargin=9223372036854775807: want milliseconds, a whole number from 0 to 31536000000 (a year)"},
		{"tc and st", append(two, "-each", "tc=10", "st=1"), "-each st=1: give tc or st, not both"},
		{"bad st", append(two, "-each", "st=-1"), "-each st=-1: want the seconds a move may take"},
		{"bad nodes", append(two, "-each", "st=1", "nodes=0"), "-each nodes=0: want a whole number from 1"},
		{"bad proto", append(two, "-each", "st=1", "proto=uci"), "-each proto=uci: arbiter speaks UGI"},
		{"twice", append(two, "-each", "st=1", "-rounds", "2", "-rounds", "3"), "-rounds: given twice"},
		{"key twice", append(two, "-each", "st=1", "st=2"), `-each: key "st" given twice`},
		{"rounds", append(two, "-each", "st=1", "-rounds", "0"), `-rounds "0": want a whole number from 1`},
		{"rounds value", append(two, "-each", "st=1", "-rounds"), "-rounds takes one value, N (got 0)"},
		{"games", append(two, "-each", "st=1", "-games", "3"), "-games 3: an encounter plays 1 or 2 games a round"},
		{"flag value", append(two, "-each", "st=1", "-recover", "yes"), `-recover takes no value (got "yes")`},
		{"tournament", append(two, "-each", "st=1", "-tournament", "league"), `-tournament "league": want roundrobin, gauntlet, knockout or swiss`},
		{"seeds", append(two, "-each", "st=1", "-seeds", "1"), "-seeds: seeds is for gauntlet tournaments, not round-robin"},
		{"sprt value", append(two, "-each", "st=1", "-rounds", "9", "-sprt", "elo0=x", "elo1=5"), "-sprt elo0=x: want a number"},
		{"sprt bounds", append(two, "-each", "st=1", "-rounds", "9", "-sprt", "elo0=5", "elo1=0"), "-sprt: "},
		{"resign", append(two, "-each", "st=1", "-resign", "movecount=3", "score=x"), "-resign score=x: want a whole number from 0"},
		{"twosided", append(two, "-each", "st=1", "-resign", "movecount=3", "score=5", "twosided=maybe"), "-resign twosided=maybe: want true or false"},
		{"draw", append(two, "-each", "st=1", "-draw", "movenumber=-1"), "-draw movenumber=-1: want a whole number from 0"},
		{"maxmoves", append(two, "-each", "st=1", "-maxmoves", "0"), `-maxmoves "0": want a whole number from 1`},
		{"huge maxmoves", append(two, "-each", "st=1", "-maxmoves", "9223372036854775807"), "-maxmoves 9223372036854775807: want a whole number from 1 to 1000000"},
		{"maxmoves beyond the bound", append(two, "-each", "st=1", "-maxmoves", "1000001"), "-maxmoves 1000001: want a whole number from 1 to 1000000"},
		{"openings format", append(two, "-each", "st=1", "-openings", "file=x.agn", "format=pgn"), "-openings format=pgn: want agn, fen or epd"},
		{"openings file", append(two, "-each", "st=1", "-openings", "file=nope.agn"), "-openings: openings file: read "},
		{"engine cmd", append(two, "-each", "st=1", "-engine", "name=c", "cmd=./nope"), `-engine name=c: engine "c": command `},
		{"same names", append(append(two, "-each", "st=1"), builtin("a", "search", "3")...), `engine name "a" is used twice`},
		{"ratinginterval", append(two, "-each", "st=1", "-ratinginterval", "x"), `-ratinginterval "x": want a whole number from 0`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "m.db")
			r := runCLI(t, "", append(append([]string{"match"}, tc.args...), "-db", db)...)
			if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, tc.want) {
				t.Errorf("%v; want exit 2 and %q", r, tc.want)
			}
			if _, err := os.Stat(db); err == nil {
				t.Errorf("a database was made: %s", db)
			}
		})
	}
	if r := runCLI(t, "", "tournament", "-engine", "cmd=x", "-each", "tc=10"); r.code != exitUsage || !strings.Contains(r.stderr, "arbiter match -game GAME -engine") {
		t.Errorf("tournament with a match's options: %v; want a pointer to arbiter match", r)
	}
}

// TestMatchConfigOut plays a match, then the config it wrote with
// arbiter tournament into another database: the same games, move by move,
// and the same command again resumes the match with nothing to play.
func TestMatchConfigOut(t *testing.T) {
	dir := t.TempDir()
	yaml := filepath.Join(dir, "m.yaml")
	args := append([]string{"match", "-game", "lines-of-action"}, builtin("r", "random", "5")...)
	args = append(args, "-engine", "cmd=arbiter", "name=s", "args=engine --game lines-of-action --level search", "depth=2")
	args = append(args, "-each", "tc=60+1", "-rounds", "2", "-repeat", "-maxmoves", "40",
		"-openings", "file=../../examples/openings/lines-of-action.agn", "order=random", "-srand", "3",
		"-db", filepath.Join(dir, "match.db"), "-config-out", yaml)
	r := arbiterMain(t, "", args...)
	if r.code != 0 {
		t.Fatalf("match: %v", r)
	}
	if r2 := arbiterMain(t, "", args...); r2.code != 0 || !strings.Contains(r2.stderr, "all 4 games stored already, nothing to play") {
		t.Errorf("the same match again: %v; want it resumed with nothing to play", r2)
	}
	r = arbiterMain(t, "", "tournament", "--db", filepath.Join(dir, "config.db"), yaml)
	if r.code != 0 {
		t.Fatalf("tournament of the written config: %v", r)
	}
	a, b := gameLines(t, filepath.Join(dir, "match.db")), gameLines(t, filepath.Join(dir, "config.db"))
	if len(a) != 4 || strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("the match's games:\n%s\nthe config's:\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}

// timeRE matches the time of a move comment.
var timeRE = regexp.MustCompile(`\d+\.\d{3}s`)

// gameLines reads the stored games of db as one line each: the slot, the
// tags but the date, the moves and the result, the times of the move
// comments left out.
func gameLines(t *testing.T, db string) []string {
	t.Helper()
	d := openReader(context.Background(), t, db)
	defer d.Close()
	var out []string
	var slot int
	var record string
	eachRow(context.Background(), t, d, `SELECT slot, record FROM games ORDER BY slot`, []any{&slot, &record}, func() {
		gs, err := notation.Parse("db", []byte(record))
		if err != nil || len(gs) != 1 {
			t.Fatalf("record of slot %d: %v", slot, err)
		}
		var b strings.Builder
		for _, tag := range gs[0].Tags {
			if tag.Name != "Date" {
				b.WriteString(tag.Name + "=" + tag.Value + " ")
			}
		}
		for _, m := range gs[0].Moves {
			b.WriteString(m.Text + "{" + timeRE.ReplaceAllString(m.Comment, "") + "} ")
		}
		b.WriteString(gs[0].Result)
		out = append(out, b.String())
	})
	return out
}

// TestResultBlock checks the result block a match prints at its end and
// every -ratinginterval games against arbiter report --format json of the
// same database: the same numbers, for two engines and for three.
func TestResultBlock(t *testing.T) {
	dir := t.TempDir()
	three := append(builtin("r", "random", "5"), builtin("g", "greedy", "1")...)
	for _, tc := range []struct {
		name    string
		engines []string
	}{
		{"two", builtin("r", "random", "5")[0:4]},
		{"three", three},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := filepath.Join(dir, tc.name+".db")
			args := append([]string{"match", "-game", "knight-fight"}, tc.engines...)
			args = append(args, builtin("s", "greedy", "2")...)
			args = append(args, "-each", "st=0.02", "timemargin=2000", "-rounds", "4", "-repeat", "-db", db, "-ratinginterval", "4")
			r := arbiterMain(t, "", args...)
			if r.code != 0 {
				t.Fatalf("match: %v", r)
			}
			head := "----\nResults of " // fastchess's block of two engines; its table of more
			if tc.name == "three" {
				head = "----\nRank "
			}
			if n := strings.Count(r.stderr, head); n != 2 && tc.name == "two" || n < 2 {
				t.Errorf("%d result blocks among the progress lines; want one every 4 games", n)
			}
			rep := arbiterMain(t, "", "report", "--db", db, "--format", "json")
			var j struct {
				Players []struct {
					Name  string `json:"name"`
					Games int    `json:"games"`
				} `json:"players"`
				Pairs []struct {
					A, B        string
					Games       int      `json:"games"`
					Wins        int      `json:"wins"`
					Losses      int      `json:"losses"`
					NElo        *float64 `json:"nelo"`
					Pentanomial *[5]int  `json:"pentanomial"`
				} `json:"pairs"`
			}
			if err := json.Unmarshal([]byte(rep.stdout), &j); err != nil {
				t.Fatal(err)
			}
			f2 := func(x *float64, sign float64) string {
				if x == nil {
					return "-nan" // as fastchess prints a NaN
				}
				return strconv.FormatFloat(sign**x, 'f', 2, 64)
			}
			block := r.stdout[strings.LastIndex(r.stdout, head):]
			if tc.name == "two" {
				// The block's Elo, LOS and ratios are fastchess's over the
				// pairs (checked in package stats); its nElo is the
				// report's, its counts the report's from r's side.
				p := j.Pairs[0]
				sign := 1.0
				wins, losses, pt := p.Wins, p.Losses, *p.Pentanomial
				if p.A != "r" {
					sign, wins, losses, pt = -1, p.Losses, p.Wins, [5]int{pt[4], pt[3], pt[2], pt[1], pt[0]}
				}
				for _, want := range []string{
					"Results of r vs s (0.02/move):",
					", nElo: " + f2(p.NElo, sign) + " +/- ",
					fmt.Sprintf("Games: %d, Wins: %d, Losses: %d,", p.Games, wins, losses),
					fmt.Sprintf("Ptnml(0-2): [%d, %d, %d, %d, %d], WL/DD Ratio: ", pt[0], pt[1], pt[2], pt[3], pt[4]),
				} {
					if !strings.Contains(block, want) {
						t.Errorf("block lacks %q (report: %+v):\n%s", want, p, block)
					}
				}
				return
			}
			// fastchess's table: a row for each engine with its games, and
			// its pentanomial counts, which cover them all (every game is in
			// a pair).
			rows := map[string][]string{}
			for _, line := range strings.Split(block, "\n") {
				if f := strings.Fields(line); len(f) == 14 {
					rows[f[1]] = f
				}
			}
			for _, p := range j.Players {
				f := rows[p.Name]
				pairs := 0
				for _, c := range f[min(len(f), 9):] {
					n, _ := strconv.Atoi(strings.Trim(c, "[],"))
					pairs += n
				}
				if f == nil || f[6] != strconv.Itoa(p.Games) || 2*pairs != p.Games {
					t.Errorf("row of %s: %q; want its %d games, in %d pairs:\n%s", p.Name, f, p.Games, p.Games/2, block)
				}
			}
		})
	}
}
