package engine

import "github.com/arbiter-games/arbiter/internal/toygames"

// toy is tic-tac-toe behind the rules contract: small enough to search to
// the end, so the search must never lose it.
var toy = toygames.TicTacToe
