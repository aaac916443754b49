package book

import (
	"context"
	"testing"

	"github.com/arbiter-games/arbiter/rules/games"
)

func TestMake(t *testing.T) {
	g, err := games.Lookup("lines-of-action")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	random, summary, err := Make(ctx, g, Source{Seed: 3, Plies: 2, Count: 4})
	if err != nil || len(random) != 4 || summary != "" {
		t.Fatalf("Make(random) = %d openings, %q, %v; want 4, \"\", nil", len(random), summary, err)
	}
	var recs []byte
	for _, o := range random {
		recs = append(recs, o.Record(g).String()+"\n"...)
	}
	open := func(string) ([]byte, func(), error) { return recs, func() {}, nil }
	from, summary, err := Make(ctx, g, Source{Files: []string{"a.agn"}, Open: open, Plies: 1, Count: 10})
	if err != nil || len(from) == 0 || summary == "" {
		t.Errorf("Make(from files) = %d openings, %q, %v; want some and a summary", len(from), summary, err)
	}
}
