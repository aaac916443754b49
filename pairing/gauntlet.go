package pairing

// gauntletEncounters pits each of the first seeds players against each
// other player, seed by seed, in config order: with one seed, the first
// player against each other.
func gauntletEncounters(n, seeds int) []encounter {
	encs := make([]encounter, 0, seeds*(n-seeds))
	for s := range seeds {
		for j := seeds; j < n; j++ {
			encs = append(encs, encounter{s, j})
		}
	}
	return encs
}
