package pairing

// roundRobinEncounters is every pair of the n players, in config order:
// (0,1), (0,2), …, (1,2), …
func roundRobinEncounters(n int) []encounter {
	encs := make([]encounter, 0, n*(n-1)/2)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			encs = append(encs, encounter{i, j})
		}
	}
	return encs
}
