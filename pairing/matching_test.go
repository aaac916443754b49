package pairing

import (
	"fmt"
	"math/bits"
	"math/rand"
	"testing"
)

func TestMaxMatching(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for n := 0; n <= 12; n++ {
		for _, density := range []float64{0.1, 0.3, 0.6} {
			t.Run(fmt.Sprintf("%d-vertices/%v", n, density), func(t *testing.T) {
				for try := 0; try < 20; try++ {
					adj := make([][]bool, n)
					for i := range adj {
						adj[i] = make([]bool, n)
					}
					for i := 0; i < n; i++ {
						for j := i + 1; j < n; j++ {
							adj[i][j] = rng.Float64() < density
							adj[j][i] = adj[i][j]
						}
					}
					match := maxMatching(n, func(u, v int) bool { return adj[u][v] })
					size := 0
					for u, v := range match {
						if v >= 0 && (!adj[u][v] || match[v] != u) {
							t.Fatalf("match = %v: %d-%d is no edge or not mutual", match, u, v)
						}
						if v >= 0 {
							size++
						}
					}
					if want := largestMatching(n, adj); size/2 != want {
						t.Fatalf("match = %v: %d edges; want %d (graph %v)", match, size/2, want, adj)
					}
				}
			})
		}
	}
}

// largestMatching counts the edges of a maximum matching by trying every
// choice for the lowest vertex.
func largestMatching(n int, adj [][]bool) int {
	memo := map[int]int{}
	var best func(mask int) int
	best = func(mask int) int {
		if mask == 0 {
			return 0
		}
		if b, ok := memo[mask]; ok {
			return b
		}
		i := bits.TrailingZeros(uint(mask))
		rest := mask &^ (1 << i)
		b := best(rest) // i stays unmatched
		for j := i + 1; j < n; j++ {
			if rest&(1<<j) != 0 && adj[i][j] {
				b = max(b, 1+best(rest&^(1<<j)))
			}
		}
		memo[mask] = b
		return b
	}
	return best(1<<n - 1)
}
