// Package outfile writes the files a user names for a command's output
// (--output, -config-out). A new path or a regular file is written
// atomically: to a temporary file beside it, renamed over it once all is
// written, so that a failed or interrupted write leaves what was there.
// Anything else a path can name but a directory (a character device such
// as /dev/null, a FIFO) is written in place, as cp and shells write it, so
// that it stays what it is. A symbolic link is followed to the file it
// names, which is written by the same rules: the link stays a link.
//
//	f, err := outfile.Create(path)
//	if err != nil {
//		return err // "write out.html: is a directory"
//	}
//	if err := write(f); err != nil {
//		f.Discard()
//		return err
//	}
//	return f.Commit() // "write out.html: no space left on device"
package outfile
