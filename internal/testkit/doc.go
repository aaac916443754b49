// Package testkit holds the helpers that the tests of many packages (and
// the benchmarks' programs) share:
//
//   - Golden compares a test's output with a golden file in the package's
//     testdata directory, and rewrites it under go test -update;
//   - GoldenSVG checks how a game draws itself (rules.Drawer) against
//     golden SVG files;
//   - Seeds feeds a fuzz target its seed corpus, one input a line of a
//     testdata file;
//   - Records reads and parses a record file, or fails the test;
//   - RandomGame plays a random legal game and writes it as a record;
//   - EndsAt is a context that a search sees end after a number of looks;
//   - ForcedWin is the plain AND/OR search the solvers' claims are held
//     against.
//
// It imports notation and rules, so the tests of those two packages that
// use it are external test packages (package notation_test).
package testkit
