// Package matchline holds the command-line language of arbiter match
// (and of arbiter tune's one-liners):
// fastchess's and cutechess-cli's options read, checked, and turned into
// the equivalent tournament config, which config then checks as it
// checks a file.
//
// A match's command line is read as fastchess and cutechess-cli read
// theirs: an option is a word that starts with "-" or "--" and a letter,
// and the words up to the next option are its values, most of them
// key=value. The config is built as YAML text, line by line, each line
// noting the option it comes from, so that the config's messages are
// told in the command line's words ("-engine name=beta: command ./nope
// not found"):
//
//	opts, err := matchline.Parse(args)
//	...
//	m, err := matchline.Load(ctx, opts)
//	// m.Config is the checked config, m.Config.Text its YAML.
//
// arbiter tune's run may be given the same way (ParseTune, LoadTune):
// its own options (-pairs, -params, -spsa, -seed, one -engine) and
// match's where a tuning config has the same key (-each, -openings,
// -concurrency, -resign, -draw, -maxmoves, -solver), built into a tuning
// config's text that config.ParseTune reads.
package matchline
