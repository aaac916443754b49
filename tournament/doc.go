// Package tournament runs engine tournaments: it registers a tournament of
// a config (package config) in the database, or resumes it, walks its
// schedule stage by stage as the pairing (package pairing) makes it from
// the results stored, hands the slots out to the players (package worker:
// in this process or in worker processes) or leases them on PostgreSQL,
// stores every finished game the moment it ends, and keeps the standings
// and the match's SPRT as games are stored (Run).
//
// On a PostgreSQL database any number of runs, on any number of machines,
// play one tournament together: each leases the slots it plays from the
// shared schedule (store.Leases) and follows what the others store.
//
// A minimal use, as the tournament command does it:
//
//	cfg, err := config.Load(ctx, "examples/lines-of-action.yaml")
//	...
//	db, err := store.Open(ctx, "arbiter.db")
//	...
//	sum, err := tournament.Run(ctx, cfg, tournament.Options{DB: db})
package tournament
