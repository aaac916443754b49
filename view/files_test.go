package view

import (
	"context"
	"testing"

	"github.com/arbiter-games/arbiter/internal/input"
	"github.com/arbiter-games/arbiter/replay"
)

func TestFiles(t *testing.T) {
	const (
		valid   = "[Game \"Lines of Action\"]\n[Result \"*\"]\n\n*\n\n"
		invalid = "[Game \"Lines of Action\"]\n[Result \"1-0\"]\n\n1. b1-b5 *\n\n"
	)
	files := []*input.File{
		{Name: "dir/a.agn", Data: []byte(valid + invalid)},
		{Name: "b.agn", Data: []byte(invalid + valid)},
	}
	for _, tt := range []struct {
		only, games, invalid int
	}{
		{0, 4, 2},
		{1, 2, 1},
		{3, 0, 0},
	} {
		page, n, err := Files(context.Background(), files, replay.Options{Jobs: 1}, tt.only)
		if err != nil {
			t.Fatal(err)
		}
		if page.Games() != tt.games || n != tt.invalid {
			t.Errorf("Files(only %d) = %d games, %d invalid; want %d, %d", tt.only, page.Games(), n, tt.games, tt.invalid)
		}
		if page.title != "arbiter view: a.agn, b.agn" {
			t.Errorf("Files(only %d) titled %q; want %q", tt.only, page.title, "arbiter view: a.agn, b.agn")
		}
	}
}
