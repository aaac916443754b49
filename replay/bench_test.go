package replay

import (
	"context"
	"os"
	"testing"

	"github.com/arbiter-games/arbiter/sgf"
)

// benchFile measures File on the file path with jobs jobs, with spans of
// the size validate uses (not the small ones of TestMain).
func benchFile(b *testing.B, path string, jobs int) {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("no benchmark input: %v", err)
	}
	small := [3]int{blockGames, blockBytes, window}
	blockGames, blockBytes, window = spans[0], spans[1], spans[2]
	defer func() { blockGames, blockBytes, window = small[0], small[1], small[2] }()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		File(context.Background(), path, data, Options{Jobs: jobs}, func(r Report) {
			if !r.Valid {
				n++
			}
		})
	}
}

func BenchmarkValidateCorpus1(b *testing.B) { benchFile(b, "../testdata/loa-real/real_loa.agn", 1) }
func BenchmarkValidateCorpus2(b *testing.B) { benchFile(b, "../testdata/loa-real/real_loa.agn", 2) }
func BenchmarkValidateLong1(b *testing.B)   { benchFile(b, os.Getenv("ARBITER_BENCH_FILE"), 1) }
func BenchmarkValidateLong2(b *testing.B)   { benchFile(b, os.Getenv("ARBITER_BENCH_FILE"), 2) }

// BenchmarkValidateCorpusSGF1 validates the same games as
// BenchmarkValidateCorpus1, written as SGF: the cost of reading SGF.
func BenchmarkValidateCorpusSGF1(b *testing.B) {
	data, err := os.ReadFile("../testdata/loa-real/real_loa.agn")
	if err != nil {
		b.Skipf("no benchmark input: %v", err)
	}
	var sgfData []byte
	File(context.Background(), "real_loa.agn", data, Options{Jobs: 1, Text: true}, func(r Report) {
		if sgfData, err = sgf.Append(sgfData, r.Record); err != nil {
			b.Fatal(err)
		}
	})
	b.SetBytes(int64(len(sgfData)))
	b.ReportAllocs()
	for b.Loop() {
		File(context.Background(), "real_loa.sgf", sgfData, Options{Jobs: 1}, func(r Report) {
			if !r.Valid {
				b.Fatal(r.Describe())
			}
		})
	}
}
