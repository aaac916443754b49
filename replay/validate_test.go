package replay_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/input"
	"github.com/arbiter-games/arbiter/replay"
)

func TestValidate(t *testing.T) {
	const (
		valid   = "[Game \"Lines of Action\"]\n[Result \"*\"]\n\n*\n\n"
		invalid = "[Game \"Lines of Action\"]\n[Result \"1-0\"]\n\n1. b1-b5 *\n\n"
	)
	for _, tt := range []struct {
		name, records string
		json          bool
		invalid       int
		summary       string
	}{
		{"valid", valid, false, 0, "1 game, 1 valid, 0 invalid\n"},
		{"one invalid", valid + invalid, false, 1, "2 games, 1 valid, 1 invalid\n"},
		{"json", valid + invalid, true, 1, "2 games, 1 valid, 1 invalid\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out, summary bytes.Buffer
			files := []*input.File{{Name: "in.agn", Data: []byte(tt.records)}}
			n, err := replay.Validate(context.Background(), files, replay.Options{Jobs: 1},
				replay.ValidateOptions{Out: &out, JSON: tt.json, Summary: &summary})
			if err != nil {
				t.Fatal(err)
			}
			if n != tt.invalid || summary.String() != tt.summary {
				t.Errorf("Validate = %d invalid, summary %q; want %d, %q", n, summary.String(), tt.invalid, tt.summary)
			}
			if lines := strings.Count(out.String(), "\n"); tt.json && lines != 2 {
				t.Errorf("Validate with JSON wrote %d lines; want one per game (2):\n%s", lines, out.String())
			}
		})
	}
}
