// Package engineproc is the runner's side of an engine: an engine's
// process started in a group of its own (Start), spoken to over the UGI
// protocol of package ugi (Client: the handshake and its options, Ping,
// NewGame, Position, Go), its failures told apart by Kind, and ended with
// every process it started (Close); and the engine log (Log), every line
// exchanged with the engines of a run.
//
//	e, err := engineproc.Start(ctx, engineproc.Spec{Name: "greedy", Path: "arbiter",
//		Args: []string{"engine", "--game", "lines-of-action", "--level", "greedy"}}, engineproc.Timeouts{})
//	if err != nil {
//		return err
//	}
//	defer e.Close()
//	e.Position("startpos", nil)
//	r, err := e.Go(ctx, ugi.Limits{MoveTime: time.Second}, 2*time.Second) // r.Move, r.Search
package engineproc
