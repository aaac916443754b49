package pairing

import "errors"

// Placeholder until swiss.go lands.
func newSwiss(Options) (Pairing, error) { return nil, errors.New("pairing: swiss is not built yet") }
