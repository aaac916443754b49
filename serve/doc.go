// Package serve is arbiter serve: a read-only web view of an arbiter
// database, SQLite or PostgreSQL, while tournament runners write to it.
//
// It lists the tournaments, and shows for each its progress (games stored
// of the schedule's total; on PostgreSQL the games in play and the runner
// holding each), the latest games, each opening in the game viewer
// (package view), and the report's standings with Elo and intervals,
// head to head, crosstable and SPRT charts (package stats, the same numbers
// as arbiter report); the index page also shows each SPSA tuning run
// (arbiter tune) with its parameters' trajectories, made again when a pair
// is stored. The pages update without a reload: their script asks
// every second for the live part of the page, which the server answers
// with 204 No Content until a game is stored.
//
// The numbers are computed away from the requests: a refresher looks at
// each tournament's progress every second (a count and a largest id) and,
// when a game was stored, computes the report again, no more often than
// twice the time the last one took. A page is written from the latest
// result, so that it answers quickly on a database of a million games. A
// page asked for before its tournament's first report is made waits for it
// at most 150 ms, then answers with the progress and the latest games and
// says that the standings come; its live part brings them once made.
//
// A SQLite file replaced under the server is said on every page and on
// stderr (see file.go); the server reads the file it opened.
//
// Every endpoint reads; none writes. Pages are html/template's, with their
// script and style inline and allowed by hash in the Content-Security-Policy.
package serve
