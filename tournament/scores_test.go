package tournament

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/ugi"
)

func TestParseInfo(t *testing.T) {
	tests := []struct {
		lines []string
		want  Reply
	}{
		{[]string{"info depth 12 seldepth 20 score cp 35 nodes 5000 nps 100000 time 50 pv a b"},
			Reply{Depth: 12, Eval: Eval{OK: true, Value: 35}, Nodes: 5000, NPS: 100000}},
		{[]string{"info depth 9 score mate 5"}, Reply{Depth: 9, Eval: Eval{OK: true, Mate: true, Value: 5}}},
		{[]string{"info depth 9 score mate -3 lowerbound"}, Reply{Depth: 9, Eval: Eval{OK: true, Mate: true, Value: -3}}},
		// Later lines update what they say, and keep the rest.
		{[]string{"info depth 3 score cp -20 nodes 10", "info depth 4 currmove x", "info string depth 99 score cp 1"},
			Reply{Depth: 4, Eval: Eval{OK: true, Value: -20}, Nodes: 10}},
		// The pv is not read, nor are bad numbers.
		{[]string{"info pv depth 5", "info depth x score cp y nodes -4 nps 1e3"}, Reply{}},
		{[]string{"info", "info   depth\t7   score  cp 0"}, Reply{Depth: 7, Eval: Eval{OK: true}}},
		{[]string{"info score cp"}, Reply{}},
		{[]string{"info score wdl 1 2 3"}, Reply{}},
	}
	for _, tc := range tests {
		var r Reply
		for _, l := range tc.lines {
			r.parseInfo(l)
		}
		if r != tc.want {
			t.Errorf("parseInfo(%q) = %+v; want %+v", tc.lines, r, tc.want)
		}
	}
}

func TestParseInfoAllocs(t *testing.T) {
	var r Reply
	n := testing.AllocsPerRun(100, func() {
		r.parseInfo("info depth 12 seldepth 20 score cp 35 nodes 5000 nps 100000 time 50 pv a b")
	})
	if n != 0 {
		t.Errorf("parseInfo allocates %v times; want 0", n)
	}
}

// FuzzParseInfo checks that no info line panics the parser and that what
// it takes is in range.
func FuzzParseInfo(f *testing.F) {
	for _, s := range []string{"info depth 12 score cp 35 nodes 5000 nps 100000 pv a b",
		"info score mate -3", "info depth", "info depth 12345678901 score cp 1", "info score cp 99999999999999999999", "info string x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var r Reply
		r.parseInfo(s)
		if r.Depth < 0 || r.Nodes < 0 || r.NPS < 0 || r.Eval.Value > mateCP || r.Eval.Value < -mateCP {
			t.Errorf("parseInfo(%q) = %+v", s, r)
		}
		c := moveComment(&r)
		if strings.ContainsAny(c, "{}\n") {
			t.Errorf("moveComment = %q", c)
		}
		checkReadBack(t, &r, c)
	})
}

func TestMoveComment(t *testing.T) {
	tests := []struct {
		r    Reply
		want string
	}{
		{Reply{Eval: Eval{OK: true, Value: 35}, Depth: 12, Elapsed: 120 * time.Millisecond}, "+0.35/12 0.120s"},
		{Reply{Eval: Eval{OK: true, Value: -2}, Depth: 1, Elapsed: time.Millisecond}, "-0.02/1 0.001s"},
		{Reply{Eval: Eval{OK: true, Value: -1234}, Depth: 30, Elapsed: 61500 * time.Millisecond}, "-12.34/30 61.500s"},
		{Reply{Eval: Eval{OK: true}, Depth: 3, Elapsed: 10 * time.Millisecond}, "0.00/3 0.010s"},
		{Reply{Eval: Eval{OK: true, Mate: true, Value: 5}, Depth: 9, Elapsed: 30 * time.Millisecond}, "+M5/9 0.030s"},
		{Reply{Eval: Eval{OK: true, Mate: true, Value: -3}, Depth: 9, Elapsed: 30 * time.Millisecond}, "-M3/9 0.030s"},
		{Reply{Eval: Eval{OK: true, Value: 100}, Elapsed: 0}, "+1.00/0 0.000s"},
		{Reply{Depth: 5, Elapsed: time.Millisecond}, "0.001s"},
	}
	for _, tc := range tests {
		got := moveComment(&tc.r)
		if got != tc.want {
			t.Errorf("moveComment(%+v) = %q; want %q", tc.r, got, tc.want)
		}
		checkReadBack(t, &tc.r, got)
	}
}

// checkReadBack checks that notation.ParseMoveComment, which import uses to
// rebuild the engine statistics, reads back what moveComment wrote of r.
func checkReadBack(t *testing.T, r *Reply, comment string) {
	t.Helper()
	c, ok := notation.ParseMoveComment(comment)
	want := notation.MoveComment{Elapsed: r.Elapsed.Truncate(time.Millisecond)}
	if r.Eval.OK {
		want.Eval, want.Mate, want.Value, want.Depth = true, r.Eval.Mate, r.Eval.Value, r.Depth
	}
	if !ok || c != want {
		t.Errorf("ParseMoveComment(%q) = %+v, %v; want %+v", comment, c, ok, want)
	}
}

// TestGoLimits checks that an engine's nodes and depth limits reach it in
// the go command.
func TestGoLimits(t *testing.T) {
	e, err := Start(context.Background(), fakeSpec(t, "x", "first,echogo", "toy-race"), Timeouts{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if err := e.Position("startpos", nil); err != nil {
		t.Fatal(err)
	}
	r, err := e.Go(context.Background(), ugi.Limits{MoveTime: 50 * time.Millisecond, Nodes: 1000, Depth: 8}, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if want := "info string go movetime 50 nodes 1000 depth 8"; r.Info != want {
		t.Errorf("the engine read %q; want %q", r.Info, want)
	}
}

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
		term         string
		comment      string // the closing comment, after the last move's own
		plies        int
	}{
		{"black resigns", loa, "time_control: {move_ms: 2000}\nresign: {score: 600, moves: 3}\n",
			"eval:cp0/cp700/cp650/cp689", "eval:cp-10/cp-650/cp-712", "1-0", TermAdjudication,
			"; adjudicated: black resigns, scores -712/+689 for 3 moves}", 8},
		{"white resigns at a mate", loa, "time_control: {move_ms: 2000}\nresign: {score: 600, moves: 2}\n",
			"eval:mate-4", "eval:cp900/mate3", "0-1", TermAdjudication,
			"; adjudicated: white resigns, scores -M4/+M3 for 2 moves}", 4},
		// Only one side thinks it is lost: no resignation until max_plies.
		{"one side alone", loa, "time_control: {move_ms: 2000}\nresign: {score: 600, moves: 2}\nmax_plies: 10\n",
			"eval:cp-700", "eval:cp0", "1/2-1/2", TermAdjudication, "; adjudicated after 10 plies: a draw}", 10},
		// A move without a score breaks the run. (In Lines of Action
		// Black moves first.)
		{"run broken", loa, "time_control: {move_ms: 2000}\nresign: {score: 600, moves: 2}\nmax_plies: 10\n",
			"eval:cp700/none", "eval:cp-700", "1/2-1/2", TermAdjudication, "; adjudicated after 10 plies: a draw}", 10},
		{"run unbroken", loa, "time_control: {move_ms: 2000}\nresign: {score: 600, moves: 2}\nmax_plies: 10\n",
			"eval:none/cp700", "eval:cp-700", "1-0", TermAdjudication,
			"; adjudicated: black resigns, scores -700/+700 for 2 moves}", 6},
		{"draw", loa, "time_control: {move_ms: 2000}\ndraw: {score: 10, moves: 2, after_ply: 6}\n",
			"eval:cp5", "eval:cp-10/cp0", "1/2-1/2", TermAdjudication, "; adjudicated: draw, scores +5/0 for 2 moves}", 6},
		{"draw waits for a run", loa, "time_control: {move_ms: 2000}\ndraw: {score: 10, moves: 3, after_ply: 2}\n",
			"eval:cp5/cp50/cp5", "eval:cp-10/cp0", "1/2-1/2", TermAdjudication, "; adjudicated: draw, scores +5/0 for 3 moves}", 10},
		// In a game that scores points, the points decide an even game.
		{"draw by points", "toy-race", "time_control: {move_ms: 2000}\ndraw: {score: 10, moves: 1, after_ply: 4}\nadjudication: score\n",
			"first,eval:cp0", "last,eval:cp0", "0-1", TermAdjudication,
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
// played in this process and in worker processes.
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
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
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
			if strings.Contains(string(data), "earlier run") {
				t.Errorf("log kept an earlier run's lines")
			}
			if !strings.Contains(string(data), "> ugi\n") || !strings.Contains(string(data), "< ugiok\n") {
				t.Errorf("log lacks the handshake:\n%s", data)
			}
		})
	}
}

// TestLogName checks the log's ENGINE column: plain names as they are,
// others quoted so that the columns stay apart.
func TestLogName(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"alpha", "alpha"},
		{"alpha-1.2_b", "alpha-1.2_b"},
		{"Šachy", "Šachy"},
		{`in"side`, `in"side`},
		{"my engine", `"my engine"`},
		{"a\tb", `"a\tb"`},
		{"a\u00a0b", `"a\u00a0b"`},
		{`"quoted"`, `"\"quoted\""`},
		{"", `""`},
		{"bad\xffutf8", `"bad\xffutf8"`},
	} {
		if got := logName(tc.name); got != tc.want {
			t.Errorf("logName(%q) = %s; want %s", tc.name, got, tc.want)
		}
	}
}

// TestLogWhole writes lines of many lengths from several Logs on one file
// at once, as worker processes do (each Log has its own descriptor and
// buffer), and checks that every line comes out whole.
func TestLogWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "engines.log")
	start := time.Now()
	const writers, lines = 4, 5000
	done := make(chan error, writers)
	for w := range writers {
		go func() {
			l, err := OpenLog(path, start, false)
			if err != nil {
				done <- err
				return
			}
			who := fmt.Sprintf("%d/0 e%d", w+1, w)
			for i := range lines {
				// Lengths up to 3000 bytes, so that buffers fill mid-run.
				l.line(who, '<', fmt.Sprintf("%d %s.", i, strings.Repeat(string(rune('a'+w)), i*7%3000)))
			}
			done <- l.Close()
		}()
	}
	for range writers {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`^\d+ (\d)/0 e(\d) < (\d+) ([a-d]*)\.$`)
	next := make([]int, writers)
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		m := line.FindStringSubmatch(l)
		if m == nil || m[1][0]-'1' != m[2][0]-'0' {
			t.Fatalf("broken line %.100q", l)
		}
		w := int(m[2][0] - '0')
		if m[3] != fmt.Sprint(next[w]) || len(m[4]) != next[w]*7%3000 || strings.Trim(m[4], string(rune('a'+w))) != "" {
			t.Fatalf("writer %d: line %.100q; want its line %d whole", w, l, next[w])
		}
		next[w]++
	}
	for w, n := range next {
		if n != lines {
			t.Errorf("writer %d: %d lines; want %d", w, n, lines)
		}
	}
}
