package replay

import (
	"context"
	"os"
	"testing"
)

func benchFile(b *testing.B, path string, jobs int) {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("no benchmark input: %v", err)
	}
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
