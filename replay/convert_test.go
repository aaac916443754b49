package replay

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/input"
)

// TestConverter: valid games are written as their canonical records, an
// invalid one is listed and left out (with Keep, written as read), and a
// game SGF cannot hold is said so; the summary counts them.
func TestConverter(t *testing.T) {
	src := loaTags + "\n1. c8-c6 *\n\n" + loaTags + "\n1. c8-c9 *\n"
	tests := []struct {
		name     string
		cv       Converter
		out, log []string // substrings
		summary  string
		failed   bool
	}{
		{"agn", Converter{}, []string{"1. c8-c6 *"}, []string{`ply 1 "c8-c9"`}, "2 games: 1 written, 1 invalid", true},
		{"keep", Converter{Keep: true}, []string{"1. c8-c6 *", "c8-c9"}, nil, "2 games: 1 written, 1 invalid (1 of them written as read)", true},
		{"sgf", Converter{SGF: true}, []string{"GM[9]"}, nil, "2 games: 1 written, 1 invalid", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, log strings.Builder
			cv := tt.cv
			cv.Out, cv.Log = &out, &log
			if err := File(context.Background(), "t.agn", []byte(src), Options{Jobs: 1, Text: true}, cv.Add); err != nil || cv.Err() != nil {
				t.Fatal(err, cv.Err())
			}
			for _, w := range tt.out {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output %q; want %q in it", out.String(), w)
				}
			}
			for _, w := range tt.log {
				if !strings.Contains(log.String(), w) {
					t.Errorf("log %q; want %q in it", log.String(), w)
				}
			}
			if got := cv.Summary(); got != tt.summary || cv.Failed() != tt.failed {
				t.Errorf("Summary() = %q, Failed() = %v; want %q, %v", got, cv.Failed(), tt.summary, tt.failed)
			}
		})
	}
}

// TestJSON: a report as validate --json writes it, snake_case keys, the
// warnings left out when there are none.
func TestJSON(t *testing.T) {
	r := oneWith(t, loaTags+"\n1. c8-c9 *\n", Options{})
	b, err := json.Marshal(r.JSON())
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`"file":"t.agn"`, `"index":1`, `"valid":false`, `"result":"*"`, `"error":{`} {
		if !strings.Contains(string(b), w) {
			t.Errorf("JSON = %s; want %s in it", b, w)
		}
	}
	if strings.Contains(string(b), "warnings") {
		t.Errorf("JSON = %s; want no warnings key", b)
	}
}

// TestConverterFiles: the games of every file are converted, in order,
// whatever the options say of Text.
func TestConverterFiles(t *testing.T) {
	var out, log strings.Builder
	cv := Converter{Out: &out, Log: &log}
	files := []*input.File{
		{Name: "a.agn", Data: []byte(loaTags + "\n1. c8-c6 *\n")},
		{Name: "b.agn", Data: []byte(loaTags + "\n1. c8-c9 *\n")},
	}
	if err := cv.Files(context.Background(), files, Options{Jobs: 1}); err != nil {
		t.Fatal(err)
	}
	if got, want := cv.Summary(), "2 games: 1 written, 1 invalid"; got != want {
		t.Errorf("Summary() = %q; want %q", got, want)
	}
	if !strings.Contains(out.String(), "c8-c6") || !strings.Contains(log.String(), "b.agn") {
		t.Errorf("Files wrote %q, logged %q; want a.agn's game written and b.agn's listed", out.String(), log.String())
	}
}
