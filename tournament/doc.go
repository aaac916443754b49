// Package tournament plays engine tournaments: it speaks the UGI protocol to
// engine processes (Client), reads and checks a tournament's YAML
// configuration (Config), lays out its deterministic schedule (Schedule) and
// referees the games, storing every finished one in the database
// (Run).
//
// The runner is the referee: it keeps the position and the clocks, checks
// every move against the rules package and ends the game by the rules, by
// forfeit (illegal move, time, disconnect, stall) or by adjudication.
//
// On a PostgreSQL database any number of runs, on any number of machines,
// play one tournament together: each leases the slots it plays from the
// shared schedule (store.Leases) and follows what the others store.
//
// A minimal use, as the tournament command does it:
//
//	cfg, err := tournament.LoadConfig("examples/loa.yaml")
//	...
//	db, err := store.Open(ctx, "arbiter.db")
//	...
//	sum, err := tournament.Run(ctx, cfg, tournament.Options{DB: db})
package tournament
