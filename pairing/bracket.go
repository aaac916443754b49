package pairing

// KnockoutRound is one round of a knockout's bracket.
type KnockoutRound struct {
	Round      int
	Encounters []KnockoutEncounter
}

// KnockoutEncounter is one encounter of a knockout: players A and B (B is
// -1 for a bye), their points and games so far, and its winner (-1 while
// undecided); BySeed says the higher seed went through after the
// tie-break pairs.
type KnockoutEncounter struct {
	A, B             int
	PointsA, PointsB float64
	Games            int
	Winner           int
	BySeed           bool
}

// Bracket is implemented by a knockout's pairing: its bracket as the
// results given to Next so far make it.
type Bracket interface {
	Bracket() []KnockoutRound
}
