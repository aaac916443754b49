// Package input reads the files a user names: mapped where it can be, else
// streamed; bounded; interruptible. "-" names standard input.
//
//	f, err := input.Read(ctx, name, input.Options{Map: true, Stdin: os.Stdin, Records: true})
//	if err != nil {
//		return err // "read games.agn: no such file or directory"
//	}
//	defer f.Release()
//	… f.Data …
//
// A regular file is mapped into memory (Options.Map) or read whole; a
// stream (standard input, a pipe, a FIFO, a device) is read to its end,
// and with Options.Records no further than its games need, so that
// /dev/zero or /dev/urandom is an error rather than all the memory; Options.Limit bounds
// any file (a config, an openings suite) to a size. Read gives up when its
// context is done, even while the system waits on a FIFO no one writes to
// or a terminal.
package input
