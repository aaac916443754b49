// Package completion completes arbiter's command line in a shell: the
// scripts that arbiter completion prints for bash, zsh and fish, and the
// completions of the words typed so far that those scripts ask arbiter
// itself for (the protocol of urfave/cli's completion scripts: the words,
// then Flag).
//
//	if args[len(args)-1] == completion.Flag {
//		completion.Write(app, stdout, args[1:len(args)-1])
//	}
package completion
