package config

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/toygames"
)

const goodConfig = `name: club
game: toy-race
format: round-robin
rounds: 2
games_per_encounter: 2
concurrency: 2
seed: 42
time_control: {base_ms: 10000, increment_ms: 100}
time_margin_ms: 50
max_plies: 400
adjudication: score
engines:
  - {name: alpha, cmd: arbiter, args: [fake-engine, first, toy-race], options: {Hash: 64, Ponder: false}}
  - {name: beta, cmd: arbiter, args: [fake-engine, last, toy-race], dir: .}
  - {name: gamma, cmd: ./bot}
`

func configDir(t *testing.T) string {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bot"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notexec"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestParseConfig(t *testing.T) {
	dir := configDir(t)
	cfg, err := parse(filepath.Join(dir, "club.yaml"), []byte(goodConfig))
	if err != nil {
		t.Fatalf("ParseConfig: %v", err)
	}
	if got := cfg.Specs()[2].Path; got != filepath.Join(dir, "bot") {
		t.Errorf("gamma path = %q; want it relative to the config", got)
	}
	if got := cfg.Specs()[0].Options; !reflect.DeepEqual(got, map[string]string{"Hash": "64", "Ponder": "false"}) {
		t.Errorf("options = %v", got)
	}
	if exe, _ := os.Executable(); cfg.Specs()[0].Path != exe {
		t.Errorf("cmd arbiter = %q; want this binary %q", cfg.Specs()[0].Path, exe)
	}
	// Concurrency and whitespace do not change the identity; the seed does.
	other, err := parse(filepath.Join(dir, "club.yaml"),
		[]byte(strings.Replace(goodConfig, "concurrency: 2", "concurrency: 1\n\n# comment", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Hash() != other.Hash() {
		t.Errorf("hash changed with concurrency")
	}
	seeded, _ := parse(filepath.Join(dir, "club.yaml"), []byte(strings.Replace(goodConfig, "seed: 42", "seed: 43", 1)))
	if cfg.Hash() == seeded.Hash() {
		t.Errorf("hash did not change with the seed")
	}
}

func TestParseConfigErrors(t *testing.T) {
	dir := configDir(t)
	tests := []struct {
		name     string
		from, to string // edit of goodConfig
		want     string
	}{
		{"unknown key", "seed: 42", "seed: 42\nrondus: 3", `club.yaml:8: unknown key "rondus" at the top level`},
		{"unknown engine key", "dir: .}", "dir: ., nmae: x}", `club.yaml:14: unknown key "nmae" in an engine`},
		{"unknown time key", "increment_ms: 100}", "inc_ms: 100}", `club.yaml:8: unknown key "inc_ms" in time_control`},
		{"bad number", "rounds: 2", "rounds: two", `club.yaml:4: cannot read "two" as int`},
		{"unknown game", "game: toy-race", "game: chess", `club.yaml:2: unknown game "chess"`},
		{"no name", "name: club", "name: ''", "name is missing"},
		{"moves_to_go zero", "{base_ms: 10000, increment_ms: 100}", "{base_ms: 10000, moves_to_go: 0}", "moves_to_go is 0; it must be at least 1"},
		{"moves_to_go per move", "{base_ms: 10000, increment_ms: 100}", "{move_ms: 100, moves_to_go: 40}", "time_control has move_ms and base_ms"},
		{"infinite with a time", "{base_ms: 10000, increment_ms: 100}", "{infinite: true, base_ms: 5}", "time_control infinite has a time set too"},
		{"infinite without limits", "{base_ms: 10000, increment_ms: 100}", "{infinite: true}", `engine "alpha": with time_control infinite it needs limits (nodes or depth)`},
		{"engine of another kind", "dir: .}", "dir: ., time_control: {infinite: true}}", `engine "beta": time_control is of another kind than the tournament's (no time limit against a clock)`},
		{"negative engine margin", "dir: .}", "dir: ., time_margin_ms: -5}", `engine "beta": time_margin_ms is -5`},
		{"seeds in a round robin", "seed: 42", "seed: 42\nseeds: 2", "seeds is for gauntlet tournaments, not round-robin"},
		{"too many seeds", "format: round-robin", "format: gauntlet\nseeds: 3", "seeds is 3; a gauntlet of 3 engines has from 1 to 2 seeds"},
		{"bad format", "format: round-robin", "format: league", `format "league" is not one of round-robin, gauntlet, knockout, swiss`},
		{"knockout rounds", "format: round-robin", "format: knockout", `a knockout has no rounds to set`},
		{"swiss rounds", "format: round-robin\nrounds: 2", "format: swiss\nrounds: 3", `a swiss of 3 players has at most 2 rounds`},
		{"seeding in a round robin", "seed: 42", "seed: 42\nseeding: rating", `seeding is for knockout and swiss tournaments, not round-robin`},
		{"bad seeding", "format: round-robin", "format: swiss\nseeding: elo", `seeding "elo" is neither order nor rating`},
		{"seeding without ratings", "format: round-robin", "format: swiss\nseeding: rating", `engine "alpha" has no rating, which seeding: rating needs`},
		{"tiebreak pairs in a swiss", "format: round-robin", "format: swiss\ntiebreak_pairs: 1", `tiebreak_pairs is for knockout tournaments, not swiss`},
		{"negative tiebreak pairs", "format: round-robin\nrounds: 2", "format: knockout\ntiebreak_pairs: -1", `tiebreak_pairs is -1; it must be at least 0`},
		{"zero rounds", "rounds: 2", "rounds: 0", "club.yaml:4: rounds is 0; it must be at least 1"},
		{"no swap in a knockout", "format: round-robin\nrounds: 2", "format: knockout\nno_swap: true", "no_swap is for round-robin and gauntlet tournaments, not knockout"},
		{"reversed colours in a swiss", "format: round-robin", "format: swiss\nreverse_colours: true", "reverse_colours is for round-robin and gauntlet tournaments, not swiss"},
		{"negative wait", "seed: 42", "seed: 42\nwait_ms: -1", "wait_ms is -1; it must be from 0 to"},
		{"unknown move field", "seed: 42", "seed: 42\nmove_fields: [nodes, depth]", `move_fields: "depth" is not one of timeleft, latency, nodes`},
		{"bad CPU", "seed: 42", "seed: 42\naffinity: [0, -1]", "affinity: CPU -1 is not from 0 to 1023"},
		{"event control character", "seed: 42", "seed: 42\nevent: \"a\\nb\"", `event "a\nb" holds the control character`},
		{"if-declared option control character", "dir: .}", "dir: ., options_if_declared: {\"a\\nb\": 1}}", `option name "a\nb" holds the control character`},
		{"both time controls", "{base_ms: 10000, increment_ms: 100}", "{base_ms: 10000, move_ms: 100}", "either {base_ms, increment_ms} or {move_ms}"},
		{"no time control", "time_control: {base_ms: 10000, increment_ms: 100}\n", "", "time_control is missing"},
		{"zero move time", "{base_ms: 10000, increment_ms: 100}", "{move_ms: 0}", "move_ms is 0"},
		// A time is at most a year (MaxTimeMS): in nanoseconds the largest
		// int would wrap, and sums of clocks stay far from the end.
		{"huge base", "{base_ms: 10000, increment_ms: 100}", "{base_ms: 9223372036854775807, increment_ms: 100}",
			"club.yaml:8: base_ms is 9223372036854775807; it must be at most 31536000000 (a year)"},
		{"huge increment", "{base_ms: 10000, increment_ms: 100}", "{base_ms: 10000, increment_ms: 31536000001}", "club.yaml:8: increment_ms is 31536000001; it must be at most"},
		{"huge move time", "{base_ms: 10000, increment_ms: 100}", "{move_ms: 9223372036854775807}", "club.yaml:8: move_ms is 9223372036854775807; it must be at most"},
		{"huge margin", "time_margin_ms: 50", "time_margin_ms: 9223372036854775807", "club.yaml:9: time_margin_ms is 9223372036854775807; it must be at most"},
		{"huge engine margin", "dir: .}", "dir: ., time_margin_ms: 9223372036854775807}", `club.yaml:14: engine "beta": time_margin_ms is 9223372036854775807; it must be at most`},
		{"huge engine time control", "dir: .}", "dir: ., time_control: {base_ms: 9223372036854775807}}", "club.yaml:14: base_ms is 9223372036854775807; it must be at most"},
		{"huge startup timeout", "seed: 42", "seed: 42\nstartup_timeout_ms: 9223372036854775807", "startup_timeout_ms is 9223372036854775807; it must be at most"},
		{"huge ping timeout", "seed: 42", "seed: 42\nping_timeout_ms: 9223372036854775807", "ping_timeout_ms is 9223372036854775807; it must be at most"},
		{"increment alone", "{base_ms: 10000, increment_ms: 100}", "{increment_ms: 100}", "increment_ms or moves_to_go without base_ms"},
		{"bad adjudication", "adjudication: score", "adjudication: coin", `adjudication "coin"`},
		{"missing binary", "cmd: ./bot}", "cmd: ./nobot}", `club.yaml:15: engine "gamma": command ./nobot not found (looked for `},
		{"not executable", "cmd: ./bot}", "cmd: ./notexec}", "command ./notexec is not executable"},
		{"not in PATH", "cmd: ./bot}", "cmd: no-such-engine-xyz}", "no-such-engine-xyz not found in PATH"},
		{"duplicate name", "name: gamma", "name: alpha", `engine name "alpha" is used twice`},
		{"bad dir", "dir: .}", "dir: ./nodir}", "dir ./nodir is not a directory"},
		{"one engine", "  - {name: beta", "  #", "at least two engines; found"},
		{"empty", goodConfig, "", "empty config"},
		{"resign without moves", "max_plies: 400", "max_plies: 400\nresign: {score: 600}", "club.yaml:11: resign needs score and moves"},
		{"resign zero score", "max_plies: 400", "max_plies: 400\nresign: {score: 0, moves: 3}", "club.yaml:11: resign score is 0"},
		{"unknown resign key", "max_plies: 400", "max_plies: 400\nresign: {score: 600, move: 3}", `club.yaml:11: unknown key "move" in resign`},
		{"draw zero moves", "max_plies: 400", "max_plies: 400\ndraw: {score: 10, moves: 0}", "club.yaml:11: draw moves is 0"},
		{"draw negative after", "max_plies: 400", "max_plies: 400\ndraw: {score: 10, moves: 8, after_ply: -1}", "club.yaml:11: draw after_ply is -1"},
		{"draw without score adjudication", "adjudication: score", "adjudication: draw\ndraw: {score: 10, moves: 8}",
			"draw adjudication in Toy Race, which scores points, needs adjudication: score"},
		{"engine time control", "dir: .}", "dir: ., time_control: {move_ms: 0}}", "club.yaml:14: move_ms is 0"},
		{"engine time control kind", "dir: .}", "dir: ., time_control: {move_ms: 100}}", `club.yaml:14: engine "beta": time_control is of another kind`},
		{"engine zero nodes", "dir: .}", "dir: ., limits: {nodes: 0}}", `club.yaml:14: engine "beta": limits nodes is 0`},
		{"unknown limit", "dir: .}", "dir: ., limits: {knots: 5}}", `club.yaml:14: unknown key "knots" in limits`},
		// Control characters, which would split a command to the engine or
		// a line of the standings.
		{"newline in an option name", "options: {Hash: 64,", `options: {"Hash value 1\nquit": "x", Hash: 64,`,
			`club.yaml:13: engine "alpha": option name "Hash value 1\nquit" holds the control character U+000A`},
		{"newline in an option value", "options: {Hash: 64,", `options: {Hash: "64\nquit",`,
			`club.yaml:13: engine "alpha": option "Hash": the value "64\nquit" holds the control character U+000A`},
		{"escape in an option value", "Ponder: false}", `Ponder: "\e[2J"}`, `option "Ponder": the value "\x1b[2J" holds the control character U+001B`},
		{"newline in an engine name", "name: gamma", `name: "gam\nma"`, `club.yaml:15: engine name "gam\nma" holds the control character U+000A`},
		{"tab in an engine name", "name: gamma", `name: "gam\tma"`, `club.yaml:15: engine name "gam\tma" holds the control character U+0009`},
		{"newline in the name", "name: club", `name: "club\nfake line"`, `club.yaml:1: name "club\nfake line" holds the control character U+000A`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(goodConfig, tc.from, tc.to, 1)
			if tc.name == "one engine" {
				text = strings.Join(strings.Split(text, "\n")[:14], "\n") + "\n"
			}
			_, err := parse(filepath.Join(dir, "club.yaml"), []byte(text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseConfig = %v; want an error with %q", err, tc.want)
			}
		})
	}
}

// TestMissingCommand checks the message of a command that is not there:
// the hint of the config file's directory only for a relative path, which
// is taken from it.
func TestMissingCommand(t *testing.T) {
	dir := configDir(t)
	tests := []struct {
		cmd, want string
	}{
		{"./nobot", `engine "gamma": command ./nobot not found (looked for ` + filepath.Join(dir, "nobot") + ": a command with a / is relative to the config file's directory)"},
		{"sub/nobot", `engine "gamma": command sub/nobot not found (looked for ` + filepath.Join(dir, "sub", "nobot") + ": a command with a / is relative to the config file's directory)"},
		{"/no/such/bot", `engine "gamma": command /no/such/bot not found`},
	}
	for _, tc := range tests {
		_, err := parse(filepath.Join(dir, "club.yaml"), []byte(strings.Replace(goodConfig, "cmd: ./bot}", "cmd: "+tc.cmd+"}", 1)))
		if got := strings.TrimPrefix(fmt.Sprint(err), filepath.Join(dir, "club.yaml")+":15: "); got != tc.want {
			t.Errorf("Parse with cmd %q = %q; want %q", tc.cmd, got, tc.want)
		}
	}
}

// TestNewKeysKeepIdentity checks that a config without the keys of engine
// adjudication, per-engine limits, comments and log has the JSON (and so
// the hash) it had before they existed, and that the ones of identity
// change it.
func TestNewKeysKeepIdentity(t *testing.T) {
	dir := configDir(t)
	cfg, err := parse(filepath.Join(dir, "club.yaml"), []byte(goodConfig))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(cfg)
	for _, k := range []string{"resign", "draw", "limits", "move_comments", "log"} {
		if strings.Contains(string(b), `"`+k+`"`) {
			t.Errorf("config JSON has %q while the config does not: %s", k, b)
		}
	}
	if n := strings.Count(string(b), `"time_control"`); n != 1 {
		t.Errorf("config JSON has %d time controls; want the tournament's alone: %s", n, b)
	}
	for _, edit := range []struct{ from, to string }{
		{"max_plies: 400", "max_plies: 400\nmove_comments: false\nlog: engines.log"},
		{"max_plies: 400", "max_plies: 400\nevent: Cup\nsite: Here\nwait_ms: 10\nrestart_engines: true\naffinity: [0]\nmove_fields: [nodes]"},
	} {
		other, err := parse(filepath.Join(dir, "club.yaml"), []byte(strings.Replace(goodConfig, edit.from, edit.to, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if other.Hash() != cfg.Hash() {
			t.Errorf("%q changed the hash", edit.to)
		}
	}
	for _, edit := range []struct{ from, to string }{
		{"max_plies: 400", "max_plies: 400\nresign: {score: 600, moves: 3}"},
		{"max_plies: 400", "max_plies: 400\ndraw: {score: 10, moves: 8}"},
		{"dir: .}", "dir: ., limits: {nodes: 1000}}"},
		{"dir: .}", "dir: ., time_control: {base_ms: 5000}}"},
		{"max_plies: 400", "max_plies: 400\nno_swap: true"},
		{"max_plies: 400", "max_plies: 400\nreverse_colours: true"},
		{"dir: .}", "dir: ., options_if_declared: {Threads: 1}}"},
	} {
		other, err := parse(filepath.Join(dir, "club.yaml"), []byte(strings.Replace(goodConfig, edit.from, edit.to, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if other.Hash() == cfg.Hash() {
			t.Errorf("%q did not change the hash", edit.to)
		}
	}
}

func TestTimeControlTag(t *testing.T) {
	dir := configDir(t)
	text := strings.Replace(goodConfig, "dir: .}", "dir: ., time_control: {base_ms: 2500}, limits: {nodes: 1000, depth: 8}}", 1)
	text = strings.Replace(text, "cmd: ./bot}", "cmd: ./bot, time_control: {base_ms: 60000, increment_ms: 500}}", 1)
	cfg, err := parse(filepath.Join(dir, "club.yaml"), []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"10+0.1", "2.5 nodes=1000 depth=8", "60+0.5"} {
		if got := cfg.TimeControlTag(i); got != want {
			t.Errorf("tcTag(%d) = %q; want %q", i, got, want)
		}
	}
	moves, _ := parse(filepath.Join(dir, "club.yaml"), []byte(strings.Replace(goodConfig,
		"{base_ms: 10000, increment_ms: 100}", "{move_ms: 250}", 1)))
	if got := moves.TimeControlTag(0); got != "0.25/move" {
		t.Errorf("tcTag of move_ms 250 = %q; want 0.25/move", got)
	}
	periods, _ := parse(filepath.Join(dir, "club.yaml"), []byte(strings.Replace(goodConfig,
		"{base_ms: 10000, increment_ms: 100}", "{base_ms: 60000, increment_ms: 600, moves_to_go: 40}", 1)))
	if got := periods.TimeControlTag(0); got != "40/60+0.6" {
		t.Errorf("tcTag of 40 moves in 60 s + 0.6 = %q; want 40/60+0.6", got)
	}
	inf, err := parse(filepath.Join(dir, "club.yaml"), []byte(strings.NewReplacer(
		"{base_ms: 10000, increment_ms: 100}", "{infinite: true}",
		"options: {Hash: 64, Ponder: false}}", "options: {Hash: 64, Ponder: false}, limits: {depth: 3}}",
		"dir: .}", "dir: ., limits: {nodes: 500}}", "cmd: ./bot}", "cmd: ./bot, limits: {nodes: 9}}").Replace(goodConfig)))
	if err != nil {
		t.Fatal(err)
	}
	if got := inf.TimeControlTag(0); got != "inf depth=3" {
		t.Errorf("tcTag of infinite with depth 3 = %q; want inf depth=3", got)
	}
}

func TestSchedule(t *testing.T) {
	dir := configDir(t)
	cfg, err := parse(filepath.Join(dir, "club.yaml"), []byte(goodConfig))
	if err != nil {
		t.Fatal(err)
	}
	slots := schedule(t, cfg)
	if len(slots) != 2*3*2 {
		t.Fatalf("%d slots; want 12", len(slots))
	}
	// Every encounter: two games with colours swapped and a shared start.
	for i := 0; i < len(slots); i += 2 {
		a, b := slots[i], slots[i+1]
		if a.White != b.Black || a.Black != b.White || a.Pair != b.Pair || cfg.PairSeed(a.Pair) != cfg.PairSeed(b.Pair) {
			t.Errorf("slots %d and %d are not a colour-swapped pair: %+v %+v", i, i+1, a, b)
		}
		if i > 0 && cfg.PairSeed(slots[i-1].Pair) == cfg.PairSeed(a.Pair) {
			t.Errorf("pairs %d and %d share a seed", slots[i-1].Pair, a.Pair)
		}
	}
	if got := slots[11].RoundTag(); got != "2.6" {
		t.Errorf("round tag of the last slot = %q; want 2.6", got)
	}
	if !reflect.DeepEqual(slots, schedule(t, cfg)) {
		t.Errorf("schedule is not deterministic")
	}
	var games [3]int
	for _, s := range slots {
		games[s.White]++
		games[s.Black]++
	}
	if games != [3]int{8, 8, 8} {
		t.Errorf("games per engine = %v; want 8 each", games)
	}

	gauntlet, _ := parse(filepath.Join(dir, "club.yaml"),
		[]byte(strings.Replace(goodConfig, "round-robin", "gauntlet", 1)))
	for _, s := range schedule(t, gauntlet) {
		if s.White != 0 && s.Black != 0 {
			t.Errorf("gauntlet slot %d does not involve the first engine: %+v", s.Slot, s)
		}
	}
	odd, _ := parse(filepath.Join(dir, "club.yaml"),
		[]byte(strings.Replace(goodConfig, "games_per_encounter: 2", "games_per_encounter: 1", 1)))
	o := schedule(t, odd)
	if o[0].White != o[3].Black || o[0].Black != o[3].White {
		t.Errorf("with one game per encounter colours do not alternate by round: %+v %+v", o[0], o[3])
	}
}

func TestTooManyGames(t *testing.T) {
	dir := configDir(t)
	_, err := parse(filepath.Join(dir, "club.yaml"), []byte(strings.Replace(goodConfig, "rounds: 2", "rounds: 2000000000", 1)))
	if err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("ParseConfig = %v; want a too-many-games error", err)
	}
	// The message gives the real count, not one cut at a bound.
	cfg, err := parse(filepath.Join(dir, "club.yaml"), []byte(goodConfig))
	if err != nil {
		t.Fatal(err)
	}
	perRound := cfg.totalGames() / 2 // goodConfig has 2 rounds
	for _, tt := range []struct{ rounds, want string }{
		{"1000000000000", "the schedule has " + strconv.FormatInt(perRound*1_000_000_000_000, 10) + " games"},
		{"9223372036854775807", "the schedule has more than 9223372036854775807 games"},
	} {
		_, err := parse(filepath.Join(dir, "club.yaml"), []byte(strings.Replace(goodConfig, "rounds: 2", "rounds: "+tt.rounds, 1)))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("rounds: %s: ParseConfig = %v; want %q", tt.rounds, err, tt.want)
		}
	}
}

// FuzzParseConfig checks that no config text panics the parser, and that a
// config it accepts has a schedule of the size it promises.
func FuzzParseConfig(f *testing.F) {
	f.Add([]byte(goodConfig))
	f.Add([]byte(strings.Replace(strings.Replace(goodConfig, "max_plies: 400", "max_plies: 400\nresign: {score: 600, moves: 3}\n"+
		"draw: {score: 10, moves: 8, after_ply: 60}\nmove_comments: false\nlog: e.log", 1),
		"dir: .}", "dir: ., time_control: {base_ms: 5000}, limits: {nodes: 100, depth: 3}}", 1)))
	seeds, _ := filepath.Glob("../examples/*.yaml")
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err == nil {
			f.Add(b)
		}
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := parse(filepath.Join(dir, "fuzz.yaml"), data)
		if err != nil {
			return
		}
		if n := cfg.totalGames(); n > 100000 {
			return // a valid but large schedule: not worth building here
		}
		if got, want := int64(len(schedule(t, cfg))), cfg.totalGames(); got != want {
			t.Errorf("schedule has %d games; totalGames says %d", got, want)
		}
		_ = cfg.Hash()
		for pair := range 3 {
			if o, err := cfg.Opening(pair); err == nil && o != nil {
				if _, err := o.Position(cfg.GameRules()); err != nil {
					t.Errorf("pair %d: opening %+v does not replay: %v", pair, o, err)
				}
			}
		}
	})
}

// TestLoadFile checks what Load makes of the file itself: a config past
// MaxFile is refused from its size, and one that starts with a UTF-8 byte
// order mark reads as without it.
func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	writeFile(t, big, "")
	if err := os.Truncate(big, MaxFile+1); err != nil {
		t.Fatal(err)
	}
	want := "read " + big + ": larger than 1 MiB: the most a config file may hold"
	if _, err := Load(context.Background(), big); err == nil || err.Error() != want {
		t.Errorf("Load(big.yaml) = %v; want %q", err, want)
	}
	path := toygames.WriteRaceConfig(t, dir, toygames.RaceHead, "a=first", "b=last")
	plain, err := Load(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	writeFile(t, path, "\xef\xbb\xbf"+string(data))
	bom, err := Load(context.Background(), path)
	if err != nil || bom.Hash() != plain.Hash() || bom.Text != plain.Text {
		t.Errorf("Load(config with a byte order mark) = %v; want the config without it", err)
	}
}

// TestExamples checks that every config in examples/ is valid and names
// one of each game.
func TestExamples(t *testing.T) {
	files, _ := filepath.Glob("../examples/*.yaml")
	if len(files) == 0 {
		t.Fatal("no examples")
	}
	seen := map[string]bool{}
	for _, f := range files {
		cfg, err := Load(context.Background(), f)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		seen[cfg.Game] = true
		if cfg.Openings == nil || cfg.suite == nil || cfg.suite.Len() == 0 {
			t.Errorf("%s: no opening suite: two deterministic engines would play one game over and over", f)
		}
		if n := len(schedule(t, cfg)); n > 12 {
			t.Errorf("%s: %d games; an example should run in seconds", f, n)
		}
	}
	for _, g := range []string{"lines-of-action", "tank-battle", "knight-fight"} {
		if !seen[g] {
			t.Errorf("no example for %s", g)
		}
	}
}

// TestSeeds checks the order of a knockout's or a Swiss's seeds: config
// order, or by rating (highest first, config order among equals).
func TestSeeds(t *testing.T) {
	dir := configDir(t)
	rated := strings.NewReplacer("{name: alpha,", "{name: alpha, rating: 1500,", "{name: beta,", "{name: beta, rating: 1700,",
		"{name: gamma,", "{name: gamma, rating: 1700,").Replace(goodConfig)
	for _, tc := range []struct {
		name, from, to string
		want           []int
	}{
		{"order", "format: round-robin\nrounds: 2", "format: knockout", []int{0, 1, 2}},
		{"rating", "format: round-robin\nrounds: 2", "format: swiss\nrounds: 2\nseeding: rating", []int{1, 2, 0}},
		{"round robin", "seed: 42", "seed: 42", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := parse(filepath.Join(dir, "club.yaml"), []byte(strings.Replace(rated, tc.from, tc.to, 1)))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(cfg.seeds, tc.want) {
				t.Errorf("seeds = %v; want %v", cfg.seeds, tc.want)
			}
		})
	}
}
