package replay_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/replay"
)

func TestReach(t *testing.T) {
	const rec = "[Game \"Lines of Action\"]\n[Result \"*\"]\n\n1. b1-b2 *\n\n"
	for _, tt := range []struct {
		name    string
		plies   int
		wantErr string // "" for the position reached
	}{
		{"start", 0, ""},
		{"past the illegal move", 1, "b1-b2"},
		{"whole game", -1, "in.agn:"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, _ := replay.Nth("in.agn", []byte(rec), 1, replay.Options{})
			r, _, pos, err := replay.Reach("in.agn", g, 1, tt.plies, replay.Options{})
			switch {
			case tt.wantErr == "" && (err != nil || pos == nil):
				t.Errorf("Reach(%d) = %v; want the position", tt.plies, err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("Reach(%d) = %v; want an error about %s", tt.plies, err, tt.wantErr)
			}
			var notes bytes.Buffer
			r.WriteNotes(&notes, "note: ")
			for _, line := range strings.SplitAfter(notes.String(), "\n") {
				if line != "" && !strings.HasPrefix(line, "note: ") {
					t.Errorf("WriteNotes wrote %q; want each line after its prefix", line)
				}
			}
		})
	}
}
