// Package cliargs reads arbiter's command line as people type it, where
// urfave/cli v2 would not: a subcommand's flags after its arguments
// (Interspersed), and a usage error that names a flag as it was typed,
// with one dash or two (TypedFlagNames); and a command written back as it
// was given, for the header of what it writes (Line).
package cliargs
