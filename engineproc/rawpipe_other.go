//go:build !unix

package engineproc

import "os"

// rawPipeOf has no raw pipes to offer here: the client uses the files.
func rawPipeOf(f *os.File) (p pipeEnd, ok bool) { return nil, false }
