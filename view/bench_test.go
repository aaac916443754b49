package view

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiter-games/arbiter/replay"
)

// BenchmarkPage writes the viewer of the real Lines of Action games, as
// arbiter view does on two jobs.
func BenchmarkPage(b *testing.B) {
	names, _ := filepath.Glob("../testdata/loa-real/*.agn")
	var data [][]byte
	for _, n := range names {
		d, err := os.ReadFile(n)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d)
	}
	b.ReportAllocs()
	for b.Loop() {
		p := New("bench")
		for i, d := range data {
			if err := replay.File(context.Background(), names[i], d, replay.Options{Jobs: 2, Prepare: p.Prepare}, p.Add); err != nil {
				b.Fatal(err)
			}
		}
		if err := p.Write(io.Discard, ""); err != nil {
			b.Fatal(err)
		}
	}
}
