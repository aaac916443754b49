package matchline

import (
	"context"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/engineproc"
)

// builtin is the command line of a built-in Lines of Action engine, as
// -engine keys.
func builtin(name, level, seed string) []string {
	return []string{"-engine", "cmd=arbiter", "name=" + name, "args=engine --game lines-of-action --level " + level + " --seed " + seed}
}

// twoRandom is a match's command line up to its options: two built-in
// Lines of Action engines that play random moves, with a clock no machine
// runs out of.
func twoRandom() []string {
	args := append([]string{"-db", "x.db", "-game", "lines-of-action"}, builtin("a", "random", "1")...)
	return append(append(args, builtin("b", "random", "2")...), "-each", "tc=600+1")
}

// TestMatchKeys checks what each option and key of a match's command line
// makes of the config: the config text has the key, and the config's own
// checks take it.
func TestMatchKeys(t *testing.T) {
	two := append(append([]string{"-game", "lines-of-action"}, builtin("a", "random", "1")...), builtin("b", "greedy", "2")...)
	tests := []struct {
		name string
		args []string
		want []string // lines or parts of lines of the config text
	}{
		{"tc", []string{"-each", "tc=10+0.1"}, []string{"time_control: {base_ms: 10000, increment_ms: 100}"}},
		{"tc moves per period", []string{"-each", "tc=40/60+0.6"}, []string{"time_control: {base_ms: 60000, increment_ms: 600, moves_to_go: 40}"}},
		{"tc minutes", []string{"-each", "tc=1:30+1"}, []string{"time_control: {base_ms: 90000, increment_ms: 1000}"}},
		{"tc inf", []string{"-each", "tc=inf", "depth=2"}, []string{"time_control: {infinite: true}", "limits: {depth: 2}"}},
		{"st", []string{"-each", "st=0.05"}, []string{"time_control: {move_ms: 50}"}},
		{"engine keys", []string{"-each", "st=0.05", "nodes=500", "timemargin=80", "option.Hash=4", "proto=ugi", "dir=."},
			[]string{"limits: {nodes: 500}", "time_margin_ms: 80", `options_if_declared: {Hash: "4"}`, "dir: "}},
		{"engine's own option", []string{"-each", "st=0.05", "option.Hash=4", "-engine", "cmd=arbiter", "name=c", "option.Hash=8", "args=engine --game lines-of-action"},
			[]string{`name: c, cmd: `, `options: {Hash: "8"}`}},
		{"engine's own time control", []string{"-each", "tc=10+0.1", "-engine", "cmd=arbiter", "name=c", "tc=5+0", "args=engine --game lines-of-action"},
			[]string{"name: c", "time_control: {base_ms: 5000, increment_ms: 0}}"}},
		{"rounds games", []string{"-each", "st=0.05", "-rounds", "7", "-games", "2"}, []string{"rounds: 7", "games_per_encounter: 2"}},
		{"repeat", []string{"-each", "st=0.05", "-repeat"}, []string{"games_per_encounter: 2"}},
		{"repeat 2", []string{"-each", "st=0.05", "-repeat", "2"}, []string{"games_per_encounter: 2"}},
		{"defaults", []string{"-each", "st=0.05"}, []string{"rounds: 2", "games_per_encounter: 2"}},
		{"one game", []string{"-each", "st=0.05", "-games", "1"}, []string{"games_per_encounter: 1"}},
		{"gauntlet", []string{"-each", "st=0.05", "-tournament", "gauntlet", "-seeds", "1"}, []string{"format: gauntlet", "seeds: 1"}},
		{"roundrobin", []string{"-each", "st=0.05", "-tournament", "roundrobin", "-concurrency", "3", "-force-concurrency"}, []string{"format: round-robin", "concurrency: 3"}},
		{"srand", []string{"-each", "st=0.05", "-srand", "-12"}, []string{"seed: -12"}},
		{"sprt", []string{"-each", "st=0.05", "-rounds", "100", "-sprt", "elo0=0", "elo1=5", "alpha=0.05", "beta=0.1", "model=logistic"},
			[]string{"sprt: {elo0: 0, elo1: 5, alpha: 0.05, beta: 0.1, model: logistic}"}},
		{"resign", []string{"-each", "st=0.05", "-resign", "movecount=3", "score=600", "twosided=false"}, []string{"resign: {moves: 3, score: 600, two_sided: false}"}},
		{"draw", []string{"-each", "st=0.05", "-draw", "movenumber=40", "movecount=8", "score=10"}, []string{"draw: {after_ply: 80, moves: 8, score: 10}"}},
		{"maxmoves", []string{"-each", "st=0.05", "-maxmoves", "150"}, []string{"max_plies: 300"}},
		{"openings", []string{"-each", "st=0.05", "-openings", "file=../examples/openings/lines-of-action.agn", "format=agn", "order=random", "plies=4", "start=2"},
			[]string{"openings: {file: ", "format: agn, order: random, plies: 4, start: 2}"}},
		{"log", []string{"-each", "st=0.05", "-log", "file=e.log"}, []string{"log: "}},
		{"name", []string{"-each", "st=0.05", "-name", "my match"}, []string{"name: my match"}},
		{"accepted", []string{"-each", "st=0.05", "-recover", "-ratinginterval", "10", "-pgnout", "file=x.agn", "-db", "x.db"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opts, err := Parse(append(append([]string{}, two...), tc.args...))
			if err != nil {
				t.Fatal(err)
			}
			m, err := Load(context.Background(), opts)
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(m.Config.Text, w) {
					t.Errorf("config lacks %q:\n%s", w, m.Config.Text)
				}
			}
		})
	}
}

// TestMatchDecimal checks that a number typed with a leading zero is the
// decimal number in the config a match builds and -config-out writes:
// YAML reads 010 as octal, 8.
func TestMatchDecimal(t *testing.T) {
	args := append(append([]string{"-game", "lines-of-action"}, builtin("a", "random", "1")...), builtin("b", "greedy", "2")...)
	args = append(args, "-each", "tc=10+0.1", "nodes=010", "depth=010", "timemargin=010",
		"-openings", "file=../examples/openings/lines-of-action.agn", "plies=010", "start=010",
		"-rounds", "20", "-sprt", "elo0=00", "elo1=010")
	opts, err := Parse(args)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Load(context.Background(), opts)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	for _, tc := range []struct {
		key       string
		got, want int64
	}{
		{"nodes", *m.Config.Engines[0].Limits.Nodes, 10},
		{"depth", int64(*m.Config.Engines[1].Limits.Depth), 10},
		{"timemargin", int64(*m.Config.Engines[0].TimeMarginMS), 10},
		{"openings plies", int64(*m.Config.Openings.Plies), 10},
		{"openings start", int64(*m.Config.Openings.Start), 10},
		{"sprt elo1", int64(*m.Config.SPRT.Elo1), 10},
	} {
		if tc.got != tc.want {
			t.Errorf("%s=010 is %d in the config; want %d", tc.key, tc.got, tc.want)
		}
	}
	// The text is what -config-out writes: arbiter tournament reads it anew.
	if octal := regexp.MustCompile(`: 0[0-9]+\b`).FindString(m.Config.Text); octal != "" {
		t.Errorf("config text has %q, a number YAML reads as octal:\n%s", octal, m.Config.Text)
	}
}

// TestMatchDefaults checks fastchess's defaults: 2 rounds of 2 games,
// -repeat the same as the default -games, the result block every 10 games,
// and a warning when no opening suite is given.
func TestMatchDefaults(t *testing.T) {
	for _, tc := range []struct {
		name          string
		args          []string
		rounds, games int // 0: not in the config
		interval      int
		warns         bool
	}{
		{"none", []string{"-srand", "0"}, 2, 2, 10, true},
		{"rounds", []string{"-rounds", "4"}, 4, 2, 10, true},
		{"readme's -rounds 5 -repeat", []string{"-rounds", "5", "-repeat"}, 5, 2, 10, true},
		{"one game", []string{"-games", "1"}, 2, 1, 10, true},
		{"ratinginterval", []string{"-ratinginterval", "0"}, 2, 2, 0, true},
		{"openings", []string{"-openings", "file=../examples/openings/lines-of-action.agn"}, 2, 2, 10, false},
		{"knockout", []string{"-tournament", "knockout"}, 0, 2, 10, true},
		{"knight fight", []string{"-game", "knight-fight"}, 2, 2, 10, false}, // its boards come from the seed
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append(twoRandom(), tc.args...)
			if tc.args[0] == "-game" {
				args = append(tc.args, "-engine", "cmd=arbiter", "name=a", "args=engine --game knight-fight",
					"-engine", "cmd=arbiter", "name=b", "args=engine --game knight-fight", "-each", "tc=600+1")
			}
			opts, err := Parse(args)
			if err != nil {
				t.Fatal(err)
			}
			m, err := Load(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			hasRounds := strings.Contains(m.Config.Text, "\nrounds: ")
			if tc.rounds == 0 && hasRounds || tc.rounds > 0 && *m.Config.Rounds != tc.rounds {
				t.Errorf("rounds: %v in:\n%s\nwant %d", *m.Config.Rounds, m.Config.Text, tc.rounds)
			}
			if *m.Config.GamesPerEncounter != tc.games {
				t.Errorf("games_per_encounter = %d; want %d", *m.Config.GamesPerEncounter, tc.games)
			}
			if m.RatingInterval != tc.interval {
				t.Errorf("rating interval = %d; want %d", m.RatingInterval, tc.interval)
			}
			if got := len(m.Warnings) > 0; got != tc.warns {
				t.Errorf("warnings %q; want some: %v", m.Warnings, tc.warns)
			}
		})
	}
}

// TestMatchFastchessKeys checks the config that each of fastchess's
// options makes, and what else it says to the match.
func TestMatchFastchessKeys(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want []string // lines or parts of lines of the config text
		run  func(*Match) bool
	}{
		{"noswap", []string{"-noswap"}, []string{"no_swap: true"}, nil},
		{"reverse", []string{"-reverse"}, []string{"reverse_colours: true"}, nil},
		{"event site", []string{"-event", "Club Cup", "-site", "Here"}, []string{"event: Club Cup", "site: Here"}, nil},
		{"wait", []string{"-wait", "250"}, []string{"wait_ms: 250"}, nil},
		{"plies", []string{"plies=3"}, []string{"limits: {depth: 3}"}, nil},
		{"restart", []string{"restart=on"}, []string{"restart_engines: true"}, nil},
		{"restart off", []string{"restart=off"}, nil, nil},
		{"pgnout fields", []string{"-pgnout", "file=x.agn", "nodes=true", "seldepth=true", "nps=true", "hashfull=true", "pv=true",
			"timeleft=true", "latency=true", "tbhits=false", "notation=san", "append=false"},
			[]string{"move_fields: [timeleft, latency, nodes, seldepth, nps, hashfull, pv]"},
			func(r *Match) bool { return strings.HasSuffix(r.Out, "x.agn") && len(r.Truncate) == 1 }},
		{"pgnout min", []string{"-pgnout", "file=x.agn", "min=true"}, []string{"move_comments: false"}, nil},
		{"epdout", []string{"-epdout", "file=x.epd"}, nil, func(r *Match) bool { return strings.HasSuffix(r.EPDOut, "x.epd") && r.Truncate == nil }},
		{"show-latency", []string{"-show-latency"}, []string{"move_fields: [latency]"}, func(r *Match) bool { return r.ShowLatency }},
		{"log", []string{"-log", "file=e.log", "level=info", "engine=true", "append=false", "realtime=false", "compress=false"},
			[]string{"log: "}, func(r *Match) bool {
				return len(r.Truncate) == 1 && r.Config.LogKeep() == engineproc.LogKeep{}
			}},
		{"log engine=false level=err", []string{"-log", "file=e.log", "engine=false", "level=err"},
			[]string{"log_engines: false", "log_warnings: false"}, func(r *Match) bool {
				return r.Config.LogKeep() == engineproc.LogKeep{NoEngines: true, NoWarnings: true}
			}},
		{"log level=warn", []string{"-log", "file=e.log", "level=warn"}, nil, func(r *Match) bool {
			return !strings.Contains(r.Config.Text, "log_") && r.Config.LogKeep() == engineproc.LogKeep{}
		}},
		{"output", []string{"-output", "format=cutechess", "-scoreinterval", "3"}, nil,
			func(r *Match) bool { return r.Cutechess && r.ScoreInterval == 3 }},
		{"output fastchess", []string{"-output", "format=fastchess"}, nil, func(r *Match) bool { return !r.Cutechess }},
		{"autosaveinterval recover", []string{"-autosaveinterval", "20", "-recover"}, nil, nil},
		{"use-affinity", []string{"-use-affinity", "0,2-3"}, []string{"affinity: [0, 2, 3]"}, nil},
		{"use-affinity all", []string{"-use-affinity"}, []string{"affinity: [0"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts, err := Parse(append(twoRandom(), tc.args...))
			if err != nil {
				t.Fatal(err)
			}
			m, err := Load(context.Background(), opts)
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(m.Config.Text, w) {
					t.Errorf("config lacks %q:\n%s", w, m.Config.Text)
				}
			}
			if tc.run != nil && !tc.run(m) {
				t.Errorf("match: %+v", m)
			}
		})
	}
}

// TestMatchReport checks -report: penta=true (the default, as fastchess)
// keeps the result block's figures on the pairs, penta=false puts them on
// the games, and any other value or key is a usage error that names it.
func TestMatchReport(t *testing.T) {
	two := append(append([]string{"-game", "lines-of-action"}, builtin("a", "random", "1")...), builtin("b", "greedy", "2")...)
	two = append(two, "-each", "st=0.05", "-repeat")
	for _, tc := range []struct {
		name    string
		args    []string
		wantWDL bool
		wantErr string
	}{
		{"default", nil, false, ""},
		{"penta", []string{"-report", "penta=true"}, false, ""},
		{"games", []string{"-report", "penta=false"}, true, ""},
		{"bad value", []string{"-report", "penta=yes"}, false, "-report penta=yes: want true or false"},
		{"bad key", []string{"-report", "pairs=true"}, false, `-report: unknown key "pairs" (keys: penta)`},
		{"no key", []string{"-report"}, false, "-report needs key=value words (keys: penta)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts, err := Parse(append(append([]string{}, two...), tc.args...))
			if err == nil {
				m, lerr := Load(context.Background(), opts)
				err = lerr
				if err == nil && m.WDL != tc.wantWDL {
					t.Errorf("%v: wdl %v; want %v", tc.args, m.WDL, tc.wantWDL)
				}
			}
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("%v: %v", tc.args, err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Errorf("%v: error %v; want %q", tc.args, err, tc.wantErr)
			}
		})
	}
}

// TestForceConcurrency checks that -force-concurrency takes a
// -concurrency above the processors.
func TestForceConcurrency(t *testing.T) {
	n := strconv.Itoa(runtime.NumCPU() + 1)
	opts, err := Parse(append(twoRandom(), "-concurrency", n, "-force-concurrency"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := Load(context.Background(), opts)
	if err != nil || strconv.Itoa(m.Config.Concurrency) != n {
		t.Errorf("with -force-concurrency: %v, match %+v; want concurrency %s", err, m, n)
	}
}

// TestConfigFile checks -config-out's text: the header that says how to
// play it, then the config.
func TestConfigFile(t *testing.T) {
	opts, err := Parse(append(twoRandom(), "-name", "m", "-pgnout", "file=/tmp/x.agn"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := Load(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	got := m.ConfigFile(time.Date(2026, 12, 6, 23, 0, 0, 0, time.FixedZone("", -3600)))
	want := "# The tournament m of an arbiter match command line, written 2026-12-07.\n" +
		"# Play it (or resume it) with: arbiter tournament FILE --out /tmp/x.agn\n" + m.Config.Text
	if got != want {
		t.Errorf("ConfigFile = %q; want %q", got, want)
	}
}
