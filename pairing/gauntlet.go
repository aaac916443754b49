package pairing

// gauntletEncounters is the first player against each other, in config
// order.
func gauntletEncounters(n int) []encounter {
	encs := make([]encounter, 0, n-1)
	for j := 1; j < n; j++ {
		encs = append(encs, encounter{0, j})
	}
	return encs
}
