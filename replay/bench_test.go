package replay

import (
	"context"
	"os"
	"testing"
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
