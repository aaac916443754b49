package outfile

import (
	"os"
	"path/filepath"
)

// Same reports whether writing the output path would write over the file
// name: the two name the same place once made absolute and their folders'
// links resolved (neither need exist), or both exist and are the same
// file (a link to it, another spelling of its path). A command checks its
// output against the files it reads from, which the output would destroy.
func Same(path, name string) bool {
	if canon(path) == canon(name) {
		return true
	}
	out, err := os.Stat(path)
	if err != nil {
		return false
	}
	st, err := os.Stat(name)
	return err == nil && os.SameFile(out, st)
}

// canon is path made absolute, its folder's links resolved.
func canon(path string) string {
	p, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	dir, base := filepath.Split(p)
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		dir = d
	}
	return filepath.Join(dir, base)
}
