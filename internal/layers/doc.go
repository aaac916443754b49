// Package layers holds the check that the imports between arbiter's
// packages follow the table of docs/architecture.md: a package imports
// only packages listed in its own row or below it. The check is its test;
// the package has no code of its own.
package layers
