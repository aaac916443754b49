// Package loa is a placeholder until the Lines of Action rules land.
package loa

import "github.com/arbiter-games/arbiter/rules"

// Game is Lines of Action (placeholder).
var Game rules.Game
