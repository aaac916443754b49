//go:build race

package main

// raceEnabled: the race detector's shadow memory multiplies a process's
// memory, so memory bounds are not checked under it.
const raceEnabled = true
