// Package spsa is the mathematics of tuning an engine's parameters by
// simultaneous perturbation stochastic approximation, as fishtest's classic
// SPSA computes it (arbiter tune): the parameter lines, the schedule of
// perturbation sizes and learning rates, the perturbed values a game pair
// plays, and the update its result makes.
//
// With N game pairs, A = ⌊A ratio · N⌋ and, per parameter, c = c_end·N^γ
// and a = r_end·c_end²·(A + N)^α. At iteration k (from 1, counted in game
// pairs) c_k = c / k^γ and R_k = a / (A + k)^α / c_k². A pair draws a flip
// ±1 per parameter; one side plays θ + c_k·flip, the other θ − c_k·flip
// (each clipped to [min, max]); then θ ← clip(θ + R_k·c_k·(wins − losses
// of the + side)·flip).
//
//	params, err := spsa.Parse(text) // "Group,40,0,400,8,0.002" a line
//	s, err := spsa.New(params, spsa.Settings{Pairs: 2000, Seed: 1})
//	t := s.Start()
//	p, _ := t.Next()         // the pair to play: p.Plus.Sent, p.Minus.Sent
//	t.Apply(&p, wins-losses) // its result, from the + side's view
//
// Pure: no I/O but the writers of the dry run's schedule.
package spsa
