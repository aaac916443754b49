// Package config reads a tournament's YAML configuration and checks all of
// it before the first game: each section (the identity, the format and
// its schedule, the time limits, adjudication, the SPRT, the engines, the
// openings) has a file of its own, and every problem is reported with its
// file and line, all at once. docs/tournament.md describes every key.
// A tuning run's YAML (arbiter tune) is read the same way by LoadTune
// (tune.go; docs/tune.md).
//
//	cfg, err := config.Load(ctx, "examples/lines-of-action.yaml")
//	if err != nil {
//		return err // club.yaml:8: unknown key "rondus" at the top level
//	}
//	p, err := cfg.Pairing() // who plays whom
package config
