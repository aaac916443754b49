// Package tune plays an SPSA tuning run (arbiter tune): the pairs of
// config.Tune's engine against itself, each a colour-swapped pair of games
// on one opening between θ + c_k·flip and θ − c_k·flip, handed to the
// players of package worker with each side's values as options, and each
// pair's result and θ after it stored in one transaction (store's
// tune_runs and tune_pairs). Pairs in play at once start from the θ of
// their start, as fishtest's asynchronous updates have it.
//
// The pairs are handed out by the store: a runner takes the first pair
// given back or whose lease expired, else the next never handed out, so
// that a run killed and resumed plays every pair once, and several
// runners on one PostgreSQL database tune one run together.
package tune
