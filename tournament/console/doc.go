// Package console holds what a tournament's run prints: its progress for
// people (a bar on a terminal, else a line per game, the warnings, the
// stop), the summary at its end (the standings, a Swiss's tie-breaks, a
// knockout's bracket, the terminations, the SPRT), and a match's result
// blocks as fastchess and cutechess-cli print them, with the engines'
// latency; and what a run tells on stderr as it starts and stops: a
// concurrency cut to the machine (Concurrency), the signals (Interrupts).
// The commands choose where each goes (stdout is data, stderr is for
// people); the run itself is package tournament's.
package console
