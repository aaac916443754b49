package tournament

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/notation"
)

// TestOpeningGames plays Lines of Action games from an opening suite, in
// this process and in worker processes: each record starts with the
// opening's plies marked {book} and replays, the two games of a pair share
// their opening, pairs take the suite in order, and the engines, which
// play the first legal move of the position they are sent, played legal
// moves: they got the opening.
func TestOpeningGames(t *testing.T) {
	suite := `[Game "Lines of Action"]

1. c8-c6 a2-c2 2. b1-b3 *

[Game "Lines of Action"]

1. d8-d6 h4-f4 *

[Game "Lines of Action"]
[SetUp "1"]
[FEN "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w"]

1. a2-c4 *
`
	var records [][]string
	for _, workers := range [][]string{nil, workerCmd(t)} {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "loa.agn"), suite)
		var b strings.Builder
		b.WriteString(withTimeDefaults("name: o\ngame: lines-of-action\ngames_per_encounter: 4\nrounds: 1\nmax_plies: 30\n"+
			"time_control: {move_ms: 1000}\nopenings: {file: loa.agn, plies: 3}\n") + "engines:\n")
		for _, e := range []string{"a=first", "b=last,bare"} {
			name, modes, _ := strings.Cut(e, "=")
			fmt.Fprintf(&b, "  - {name: %s, cmd: arbiter, args: [fake-engine, %q, lines-of-action]}\n", name, modes)
		}
		path := filepath.Join(dir, "o.yaml")
		writeFile(t, path, b.String())
		cfg, err := config.Load(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		// A worker reads no openings file: it may have changed meanwhile.
		os.Remove(filepath.Join(dir, "loa.agn"))
		db := openDB(t, filepath.Join(dir, "t.db"))
		var out strings.Builder
		if _, err := Run(context.Background(), cfg, Options{DB: db, Out: &out, Concurrency: 2, Workers: workers}); err != nil {
			t.Fatal(err)
		}
		checkValid(t, out.String())
		rs := rows(t, db)
		if len(rs) != 4 {
			t.Fatalf("%d games stored; want 4", len(rs))
		}
		want := []string{
			"1. c8-c6 {book} 1... a2-c2 {book} 2. b1-b3 {book}",
			"1. c8-c6 {book} 1... a2-c2 {book} 2. b1-b3 {book}",
			"1. d8-d6 {book} 1... h4-f4 {book} 2.",
			"1. d8-d6 {book} 1... h4-f4 {book} 2.",
		}
		var recs []string
		for i, r := range rs {
			recs = append(recs, blankTimes(r.Record)) // the move comments' times are measured
			if !strings.Contains(r.Record, want[i]) || strings.Count(r.Record, "{book}") != strings.Count(want[i], "{book}") {
				t.Errorf("slot %d: record does not start with the opening %q:\n%s", i, want[i], r.Record)
			}
			if r.Termination != notation.TermNormal && r.Termination != notation.TermAdjudication {
				t.Errorf("slot %d ended by %s:\n%s", i, r.Termination, r.Record)
			}
			if r.Plies <= 3 {
				t.Errorf("slot %d: %d plies, no move after the opening", i, r.Plies)
			}
		}
		records = append(records, recs)
	}
	if !reflect.DeepEqual(records[0], records[1]) {
		t.Errorf("worker processes played other games:\n%v\n%v", records[0], records[1])
	}
}

// TestOpeningFEN checks a position opening: the record has its SetUp and
// FEN tags, the engines get "position fen".
func TestOpeningFEN(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "toy.fen"), "17/3/2/b\n")
	head := toygames.RaceHead + "openings: {file: toy.fen}\nmove_comments: false\n"
	path := writeConfig(t, dir, head, "a=first", "b=first")
	r := rows(t, playConfig(t, path, Options{}))[0]
	// Black to move at 17: it adds 1 (18), white 1 (19), black 1 (20),
	// white 1 (21) and wins.
	for _, want := range []string{`[SetUp "1"]`, `[FEN "17/3/2/b"]`, "1. 1 1 2. 1 1 1-0"} {
		if !strings.Contains(r.Record, want) {
			t.Errorf("record lacks %q:\n%s", want, r.Record)
		}
	}
	if regexp.MustCompile(`\[Board `).MatchString(r.Record) {
		t.Errorf("record has the seed's Board besides the opening:\n%s", r.Record)
	}
}

// TestGracefulStop closes Options.Stop mid-tournament: no game starts
// after it, the games in play are finished and stored, Run says
// ErrStopped; then a cancel after the stop abandons the games in play.
func TestGracefulStop(t *testing.T) {
	for _, workers := range [][]string{nil, workerCmd(t)} {
		t.Run(fmt.Sprintf("workers=%v", workers != nil), func(t *testing.T) {
			marker := fmt.Sprintf("stop%d", os.Getpid())
			marks := t.TempDir()
			cfg, db := loadTournament(t, t.TempDir(), toygames.RaceHeadGames(40), "a=first,slow:15,mark:"+marks+","+marker, "b=first,slow:15,mark:"+marks+","+marker)
			stop := make(chan struct{})
			var done atomic.Int64
			var atStop atomic.Int64
			var inPlay atomic.Int64 // set by Stopping, which another goroutine calls
			inPlay.Store(-1)
			sum, err := Run(context.Background(), cfg, Options{DB: db, Concurrency: 2, Workers: workers, Stop: stop,
				Progress: func(p Progress) {
					done.Store(int64(p.Done))
					if p.Done == 2 && p.Game != nil {
						cancelOnNextGo(t, marks, func() { close(stop) }) // mid-game
					}
				},
				Stopping: func(n int) { inPlay.Store(int64(n)); atStop.Store(done.Load()) }})
			if !errors.Is(err, ErrStopped) {
				t.Fatalf("Run = %v; want ErrStopped", err)
			}
			checkNoEngines(t, marker)
			rs := rows(t, db)
			// Every game in play at the stop (started, not yet reported) is
			// stored; none started after.
			n := int(inPlay.Load())
			if n < 1 || len(rs) != sum.Played || len(rs) != int(atStop.Load())+n {
				t.Errorf("stopped with %d games stored and %d in play; %d stored at the end, %d played", atStop.Load(), n, len(rs), sum.Played)
			}
			for _, r := range rs {
				if r.Termination != notation.TermNormal {
					t.Errorf("slot %d: %s; want every stored game played out", r.Slot, r.Termination)
				}
			}
		})
	}
	t.Run("cancel after the stop", func(t *testing.T) {
		marks := t.TempDir()
		cfg, db := loadTournament(t, t.TempDir(), toygames.RaceHeadGames(40), "a=first,slow:30,mark:"+marks, "b=first,slow:30,mark:"+marks)
		stop := make(chan struct{})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var atStop, inPlay atomic.Int64
		var done atomic.Int64
		_, err := Run(ctx, cfg, Options{DB: db, Concurrency: 2, Stop: stop,
			Progress: func(p Progress) {
				done.Store(int64(p.Done))
				if p.Done == 1 && p.Game != nil {
					cancelOnNextGo(t, marks, func() { close(stop) }) // mid-game
				}
			},
			Stopping: func(n int) {
				atStop.Store(done.Load())
				inPlay.Store(int64(n))
				cancel() // at once: the games in play have moves to go, 30 ms each
			}})
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Run = %v; want context.Canceled", err)
		}
		if n := len(rows(t, db)); inPlay.Load() < 1 || int64(n) >= atStop.Load()+inPlay.Load() {
			t.Errorf("%d stored at the stop, %d in play, %d stored at the end: the games in play were not abandoned", atStop.Load(), inPlay.Load(), n)
		}
	})
}
