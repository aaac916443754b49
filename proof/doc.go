// Package proof tells the proven results of games: one position solved
// (Solve), a record annotated with what its positions prove, ply by ply
// from its end backwards (Annotate), and those annotations read back
// (MarkOf), for the game viewer.
//
// Proofs come from the games' solvers (rules.Solver); a game without one
// is ErrNoSolver. A proof is sound whatever the budget: a smaller budget
// proves less, never something else.
//
//	s, err := proof.Solve(ctx, game, pos, 4_000_000)
//	fmt.Println(s) // win for black (side to move): c3-e5, at most 7 plies; 183211 nodes in 0.21 s
package proof
