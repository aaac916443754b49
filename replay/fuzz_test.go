package replay

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/arbiter-games/arbiter/notation"
)

// fuzzSeeds lists the record files the fuzz corpus starts from, relative to
// this package; for the large real corpus only its first games are taken.
var fuzzSeeds = []string{
	"../notation/testdata/*.agn",
	"../cmd/arbiter/testdata/*.agn",
	"../testdata/*.agn",
	"../testdata/*/*.agn",
}

// split returns the chunks of the games of data.
func split(data []byte) []notation.Chunk {
	var chunks []notation.Chunk
	s := notation.NewSplitter(data)
	for ch, ok := s.Next(); ok; ch, ok = s.Next() {
		chunks = append(chunks, ch)
	}
	return chunks
}

// firstGames cuts data after its first n games.
func firstGames(data []byte, n int) []byte {
	chunks := split(data)
	if len(chunks) <= n {
		return data
	}
	return data[:chunks[n-1].End]
}

// flat is a Report without the pointers that File reuses, for comparing.
type flat struct {
	Report
	Score    string
	Err      notation.Error
	Tags     string
	Warnings string
}

func flatten(r Report) flat {
	f := flat{Report: r}
	if r.Score != nil {
		f.Score = r.Score.String()
	}
	if r.Err != nil {
		f.Err = *r.Err
	}
	if r.Record != nil {
		f.Tags = fmt.Sprint(r.Record.Tags, len(r.Record.Moves), r.Record.Result)
	}
	for _, w := range r.Warnings {
		f.Warnings += w.Error() + "\n"
	}
	f.Report.Score, f.Report.Err, f.Report.Record, f.Report.Warnings = nil, nil, nil, nil
	return f
}

// collect replays data with the canonical text of each valid game, as
// import does.
func collect(data []byte, jobs int) []flat {
	return collectWith(data, Options{Jobs: jobs, Text: true})
}

// collectWith replays data with opts.
func collectWith(data []byte, opts Options) []flat {
	var out []flat
	File(context.Background(), "fuzz.agn", data, opts, func(r Report) { out = append(out, flatten(r)) })
	return out
}

// sameAsSerial fails t when collecting data with any of jobs gives other
// reports than serial, the reports of --jobs 1; and when, with NoRecord, a
// callback gets a record, Prepare does not, or the reports differ in
// anything else (serially too).
func sameAsSerial(t *testing.T, data []byte, serial []flat, jobs ...int) {
	t.Helper()
	noRecord := make([]flat, len(serial))
	for i, f := range serial {
		f.Tags = "" // flatten's record, which NoRecord leaves out
		noRecord[i] = f
	}
	for _, j := range append([]int{1}, jobs...) {
		if j > 1 {
			sameReports(t, fmt.Sprintf("jobs %d", j), collect(data, j), serial)
		}
		var prepared, without atomic.Int64
		opts := Options{Jobs: j, Text: true, NoRecord: true, Prepare: func(r *Report) {
			prepared.Add(1)
			if r.Record == nil {
				without.Add(1)
			}
		}}
		sameReports(t, fmt.Sprintf("jobs %d, NoRecord", j), collectWith(data, opts), noRecord)
		if n := without.Load(); n > 0 {
			t.Fatalf("jobs %d, NoRecord: Prepare got %d of %d reports without their record", j, n, prepared.Load())
		}
	}
}

// sameReports fails t, saying how, when got is not want.
func sameReports(t *testing.T, how string, got, want []flat) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d reports; serial gives %d", how, len(got), len(want))
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("%s: report %d differs:\n%+v\nserial:\n%+v", how, i+1, got[i], want[i])
		}
	}
}

// FuzzFile checks that File never panics, reports every game that
// a notation.Splitter finds, in order, with located errors, and that parallel
// replay gives exactly the serial reports.
func FuzzFile(f *testing.F) {
	for _, pattern := range fuzzSeeds {
		paths, _ := filepath.Glob(pattern)
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(firstGames(data, 2))
		}
	}
	f.Add([]byte("[Game \"Lines of Action\"]\n\n1. c8-c6 {open\n\n[Game \"Lines of Action\"]\n\n1. c8-c6 *\n"))
	f.Add([]byte("; a\n; b\n[Game \"lines-of-action\"]\n[SetUp \"1\"]\n[FEN \"b7/8/8/8/8/8/8/w6w w\"]\n\n1... a1-b1 0-1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		chunks := split(data)
		serial := collect(data, 1)
		if len(serial) != len(chunks) {
			t.Fatalf("File gave %d reports; a notation.Splitter finds %d games", len(serial), len(chunks))
		}
		for i, r := range serial {
			if r.Index != i+1 {
				t.Errorf("report %d has index %d", i+1, r.Index)
			}
			if r.Valid != (r.Err == notation.Error{}) {
				t.Errorf("report %d: valid %v with error %+v", i+1, r.Valid, r.Err)
			}
			if !r.Valid && (r.Err.Line < 1 || r.Err.Col < 1 || r.Err.Code == "" || r.Err.Msg == "") {
				t.Errorf("report %d: error not located or not said: %+v", i+1, r.Err)
			}
			if r.Line < 1 || r.Plies < 0 {
				t.Errorf("report %d: line %d, plies %d", i+1, r.Line, r.Plies)
			}
			// The canonical text (what import stores and export writes)
			// is a valid record of the same game, and its own canonical
			// text.
			if r.Valid {
				again := collect([]byte(r.Text), 1)
				if len(again) != 1 || !again[0].Valid || again[0].Result != r.Result || again[0].Plies != r.Plies || again[0].Text != r.Text {
					t.Errorf("report %d: its canonical text does not replay to the same game:\n%s\ngives %+v", i+1, r.Text, again)
				}
			}
		}
		// Blocks of a few games (see TestMain) and a repeated small input
		// make the parallel path hand out several blocks.
		big := data
		if n := len(chunks); n > 0 && n <= 3*blockGames && len(data) < 8<<10 {
			big = bytes.Repeat(append(append([]byte(nil), data...), "\n\n"...), 3*blockGames/n+1)
			serial = collect(big, 1)
		}
		sameAsSerial(t, big, serial, 2, 3)
	})
}

// spans holds blockGames, blockBytes and window as File has them, for the
// benchmarks.
var spans [3]int

func TestMain(m *testing.M) {
	// Small spans, so that the tests' few games spread over several
	// spans and workers, and a small window, so that workers wait for it.
	spans = [3]int{blockGames, blockBytes, window}
	blockGames, blockBytes, window = 4, 1<<10, 2
	os.Exit(m.Run())
}
