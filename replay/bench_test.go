package replay

import (
	"context"
	"os"
	"testing"

	"github.com/arbiter-games/arbiter/sgf"
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
