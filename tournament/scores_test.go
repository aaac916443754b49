package tournament

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/notation"
)

// scoreConfig writes a config of fake engines playing game: engines are
// "name=modes" or "name=modes|more YAML of the engine".
func scoreConfig(t *testing.T, dir, game, head string, engines ...string) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "name: t\ngame: %s\nseed: 7\ngames_per_encounter: 1\n", game)
	b.WriteString(withTimeDefaults(head))
	b.WriteString("engines:\n")
	for _, e := range engines {
		e, more, _ := strings.Cut(e, "|")
		name, modes, _ := strings.Cut(e, "=")
		if more != "" {
			more = ", " + more
		}
		fmt.Fprintf(&b, "  - {name: %s, cmd: arbiter, args: [fake-engine, %q, %s]%s}\n", name, modes, game, more)
	}
	path := filepath.Join(dir, "t.yaml")
	writeFile(t, path, b.String())
	return path
}

func runScores(t *testing.T, path string, opt Options) []row {
	t.Helper()
	rs := rows(t, playConfig(t, path, opt))
	for _, r := range rs {
		checkValid(t, r.Record)
	}
	return rs
}

func TestScoreAdjudication(t *testing.T) {
	loa := "lines-of-action"
	tests := []struct {
		name         string
		game, head   string
		white, black string
		result       string
		term         notation.Termination
		comment      string // the closing comment, after the last move's own
		plies        int
	}{
		{"black resigns", loa, "time_control: {move_ms: 2000}\nresign: {score: 600, moves: 3}\n",
			"eval:cp0/cp700/cp650/cp689", "eval:cp-10/cp-650/cp-712", "1-0", notation.TermAdjudication,
			"; adjudicated: black resigns, scores -712/+689 for 3 moves}", 8},
		{"white resigns at a mate", loa, "time_control: {move_ms: 2000}\nresign: {score: 600, moves: 2}\n",
			"eval:mate-4", "eval:cp900/mate3", "0-1", notation.TermAdjudication,
			"; adjudicated: white resigns, scores -M4/+M3 for 2 moves}", 4},
		// Only one side thinks it is lost: no resignation until max_plies.
		{"one side alone", loa, "time_control: {move_ms: 2000}\nresign: {score: 600, moves: 2}\nmax_plies: 10\n",
			"eval:cp-700", "eval:cp0", "1/2-1/2", notation.TermAdjudication, "; adjudicated after 10 plies: a draw}", 10},
		// A move without a score breaks the run. (In Lines of Action
		// Black moves first.)
		{"run broken", loa, "time_control: {move_ms: 2000}\nresign: {score: 600, moves: 2}\nmax_plies: 10\n",
			"eval:cp700/none", "eval:cp-700", "1/2-1/2", notation.TermAdjudication, "; adjudicated after 10 plies: a draw}", 10},
		{"run unbroken", loa, "time_control: {move_ms: 2000}\nresign: {score: 600, moves: 2}\nmax_plies: 10\n",
			"eval:none/cp700", "eval:cp-700", "1-0", notation.TermAdjudication,
			"; adjudicated: black resigns, scores -700/+700 for 2 moves}", 6},
		{"draw", loa, "time_control: {move_ms: 2000}\ndraw: {score: 10, moves: 2, after_ply: 6}\n",
			"eval:cp5", "eval:cp-10/cp0", "1/2-1/2", notation.TermAdjudication, "; adjudicated: draw, scores +5/0 for 2 moves}", 6},
		{"draw waits for a run", loa, "time_control: {move_ms: 2000}\ndraw: {score: 10, moves: 3, after_ply: 2}\n",
			"eval:cp5/cp50/cp5", "eval:cp-10/cp0", "1/2-1/2", notation.TermAdjudication, "; adjudicated: draw, scores +5/0 for 3 moves}", 10},
		// In a game that scores points, the points decide an even game.
		{"draw by points", "toy-race", "time_control: {move_ms: 2000}\ndraw: {score: 10, moves: 1, after_ply: 4}\nadjudication: score\n",
			"first,eval:cp0", "last,eval:cp0", "0-1", notation.TermAdjudication,
			"; adjudicated: even by both engines (scores 0/0 for 1 moves), decided by points 2-6}", 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := scoreConfig(t, t.TempDir(), tc.game, tc.head, "w="+tc.white, "b="+tc.black)
			rs := runScores(t, path, Options{})
			if len(rs) != 1 {
				t.Fatalf("%d games; want 1", len(rs))
			}
			r := rs[0]
			if r.White != "w" {
				t.Fatalf("w plays %s", r.Black)
			}
			if r.Result != tc.result || r.Termination != tc.term || r.Plies != tc.plies {
				t.Errorf("%s by %s after %d plies; want %s by %s after %d\n%s", r.Result, r.Termination, r.Plies,
					tc.result, tc.term, tc.plies, r.Record)
			}
			if !strings.Contains(r.Record, tc.comment) {
				t.Errorf("record lacks %q:\n%s", tc.comment, r.Record)
			}
		})
	}
}

// TestMoveComments checks the comments and statistics of engine moves,
// and that move_comments: false leaves the comments out.
func TestMoveComments(t *testing.T) {
	for _, on := range []bool{true, false} {
		t.Run(fmt.Sprint("comments=", on), func(t *testing.T) {
			head := "time_control: {move_ms: 2000}\n"
			if !on {
				head += "move_comments: false\n"
			}
			path := scoreConfig(t, t.TempDir(), "toy-race", head, "w=first,eval:cp35/mate2", "b=last")
			rs := runScores(t, path, Options{})
			rec := rs[0].Record
			evals := regexp.MustCompile(`\{[+-][0-9.M]+/[0-9]+ [0-9]+\.[0-9]{3}s\}`).FindAllString(rec, -1)
			times := regexp.MustCompile(`\{[0-9]+\.[0-9]{3}s\}`).FindAllString(rec, -1)
			if !on {
				if len(evals)+len(times) > 0 || strings.Contains(rec, "s}") {
					t.Errorf("move_comments false, yet:\n%s", rec)
				}
				return
			}
			if len(evals) == 0 || !strings.HasPrefix(evals[0], "{+0.35/7 ") || !strings.HasPrefix(evals[len(evals)-1], "{+M2/7 ") {
				t.Errorf("w's comments = %q; want +0.35/7 first and +M2/7 then\n%s", evals, rec)
			}
			if len(evals)+len(times) != rs[0].Plies {
				t.Errorf("%d evaluation and %d time comments for %d plies:\n%s", len(evals), len(times), rs[0].Plies, rec)
			}
			if !strings.Contains(rec, `[TimeControl "2/move"]`) {
				t.Errorf("record lacks its TimeControl tag:\n%s", rec)
			}
		})
	}
}

func TestEngineStats(t *testing.T) {
	dir := t.TempDir()
	path := scoreConfig(t, dir, "toy-race", "time_control: {move_ms: 2000}\n", "w=first,eval:cp35", "b=last")
	db := playConfig(t, path, Options{})
	var plies, wm, bm int
	var wd, wms, bms float64
	var wn, wnps *int64
	var bd *float64
	var bn, bnps *int64
	err := db.QueryRow(`SELECT g.plies, white_moves, white_depth, white_move_ms, white_nodes, white_nps,
		black_moves, black_depth, black_move_ms, black_nodes, black_nps
		FROM game_engine_stats s JOIN games g ON g.id = s.game_id`).Scan(&plies, &wm, &wd, &wms, &wn, &wnps, &bm, &bd, &bms, &bn, &bnps)
	if err != nil {
		t.Fatal(err)
	}
	if wm+bm != plies || wm != (plies+1)/2 {
		t.Errorf("moves %d + %d; want %d plies, White's first", wm, bm, plies)
	}
	if wd != 7 || wn == nil || *wn != int64(1000*wm) || wnps == nil || *wnps != 50000 {
		t.Errorf("White's depth %v, nodes %v, nps %v; want 7, %d, 50000", wd, deref(wn), deref(wnps), 1000*wm)
	}
	if bd != nil || bn != nil || bnps != nil {
		t.Errorf("Black reported nothing, yet depth %v, nodes %v, nps %v", bd, bn, bnps)
	}
	if wms < 0 || bms < 0 || wms > 2000 || bms > 2000 {
		t.Errorf("move times %v, %v ms", wms, bms)
	}
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestEngineLimits checks that an engine's own time control and limits
// reach it, and the records' time control tags.
func TestEngineLimits(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "engines.log")
	path := scoreConfig(t, dir, "toy-race", "time_control: {base_ms: 60000, increment_ms: 100}\nlog: engines.log\n",
		"a=first|time_control: {base_ms: 30000}, limits: {nodes: 5000, depth: 4}", "b=last")
	rs := runScores(t, path, Options{})
	for _, want := range []string{`[WhiteTimeControl "30 nodes=5000 depth=4"]`, `[BlackTimeControl "60+0.1"]`} {
		if !strings.Contains(rs[0].Record, want) {
			t.Errorf("record lacks %s:\n%s", want, rs[0].Record)
		}
	}
	text, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	// a moves first, with its 30 s; b then sees both clocks.
	for _, want := range []string{` a > go p1time 30000 p2time 60000 p1inc 0 p2inc 100 nodes 5000 depth 4\n`,
		` b > go p1time \d+ p2time 60000 p1inc 0 p2inc 100\n`} {
		if !regexp.MustCompile(want).Match(text) {
			t.Errorf("log lacks %q:\n%s", want, text)
		}
	}
	for _, l := range strings.Split(string(text), "\n") {
		if strings.Contains(l, " b > go") && strings.Contains(l, "nodes") {
			t.Errorf("b got a's limits: %q", l)
		}
	}
}

// logLineRE is a line of the engine log.
var logLineRE = regexp.MustCompile(`^(\d+) (\d+|-)/(\d+|-) (\S+) ([<>]) (.*)$`)

// TestLog checks the engine log of a two-game tournament, with the games
// played in this process and in worker processes: it goes on from an
// earlier run's, after a note of the run's start.
func TestLog(t *testing.T) {
	for _, opt := range []Options{{}, {Concurrency: 2, Workers: workerCmd(t)}} {
		t.Run(fmt.Sprint("workers=", opt.Workers != nil), func(t *testing.T) {
			dir := t.TempDir()
			log := filepath.Join(dir, "engines.log")
			writeFile(t, log, "an earlier run's log\n")
			path := scoreConfig(t, dir, "toy-race", "time_control: {move_ms: 2000}\ngames_per_encounter: 2\n",
				"a=first,info", "b=last")
			path2 := strings.Replace(path, "t.yaml", "t2.yaml", 1)
			text, _ := os.ReadFile(path)
			writeFile(t, path2, strings.Replace(string(text), "games_per_encounter: 1\n", "", 1))
			opt.Log = log
			rs := runScores(t, path2, opt)
			if len(rs) != 2 {
				t.Fatalf("%d games; want 2", len(rs))
			}
			data, err := os.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			earlier, rest, ok := strings.Cut(string(data), "\n")
			if !ok || earlier != "an earlier run's log" {
				t.Errorf("log begins %q; want the earlier run's line kept", earlier)
			}
			lines := strings.Split(strings.TrimSuffix(rest, "\n"), "\n")
			if !regexp.MustCompile(`^\d+ -/- - ! run of tournament t started \d{4}-\d\d-\d\dT`).MatchString(lines[0]) {
				t.Errorf("the run's lines begin with %q; want a note of its start", lines[0])
			}
			lines = lines[1:]
			// Per engine and game: the commands sent and the lines read,
			// in order.
			type key struct{ slot, engine string }
			seq := map[key][]string{}
			var gos, bestmoves int
			for _, l := range lines {
				m := logLineRE.FindStringSubmatch(l)
				if m == nil {
					t.Fatalf("log line %q is not MS WORKER/SLOT ENGINE DIR TEXT:\n%s", l, data)
				}
				if m[4] != "a" && m[4] != "b" {
					t.Errorf("line %q: engine %q", l, m[4])
				}
				if opt.Workers == nil && m[2] != "1" && m[2] != "-" {
					t.Errorf("line %q: worker %s; one game at a time is worker 1", l, m[2])
				}
				seq[key{m[3], m[4]}] = append(seq[key{m[3], m[4]}], m[5]+" "+m[6])
				switch {
				case m[5] == ">" && strings.HasPrefix(m[6], "go movetime 2000"):
					gos++
				case m[5] == "<" && strings.HasPrefix(m[6], "bestmove "):
					bestmoves++
				}
			}
			plies := rs[0].Plies + rs[1].Plies
			if gos != plies || bestmoves != plies {
				t.Errorf("log has %d go and %d bestmove; want %d of each (the plies)", gos, bestmoves, plies)
			}
			for _, r := range rs {
				for _, e := range []string{"a", "b"} {
					s := seq[key{fmt.Sprint(r.Slot), e}]
					if len(s) < 3 || s[0] != "> uginewgame" || s[1] != "> isready" || s[2] != "< readyok" {
						t.Errorf("slot %d, engine %s: log begins %q; want uginewgame, isready, readyok", r.Slot, e, s[:min(3, len(s))])
					}
				}
			}
			if !strings.Contains(string(data), " a < info depth 2 score cp 12 pv x\n") {
				t.Errorf("log lacks a's info line:\n%s", data)
			}
			if !strings.Contains(string(data), "> ugi\n") || !strings.Contains(string(data), "< ugiok\n") {
				t.Errorf("log lacks the handshake:\n%s", data)
			}
		})
	}
}
