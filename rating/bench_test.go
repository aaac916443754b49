package rating

import "testing"

// BenchmarkFit fits the ratings of 40 players who all met.
func BenchmarkFit(b *testing.B) {
	const n = 40
	benchFit(b, n, func(f *Fit, i int) {
		for j := i + 1; j < n; j++ {
			f.Add(i, j, 20, float64(10+(i*7+j)%9-4))
		}
	})
}

// benchFit fits the ratings of n players, each i's games added by meet.
func benchFit(b *testing.B, n int, meet func(f *Fit, i int)) {
	b.ReportAllocs()
	for b.Loop() {
		f := NewFit(n)
		for i := range n {
			meet(f, i)
		}
		f.Solve(-1, 0)
	}
}

// BenchmarkFitLarge fits 3,000 players who each met about 20 others (an
// imported archive), on the sparse path.
func BenchmarkFitLarge(b *testing.B) {
	const n = 3000
	benchFit(b, n, func(f *Fit, i int) {
		for k := 1; k <= 10; k++ {
			j := (i + k*k*7) % n
			f.Add(i, j, 4, float64((i*k)%5))
		}
	})
}
