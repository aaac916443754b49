// Package seeds feeds fuzz targets their seed corpus from the package's
// testdata directory, one input a line:
//
//	seeds.Lines(f, "boards.txt")
//
// so that a seed is added by adding a line, and the default test run
// executes every one.
package seeds

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Lines adds every line of testdata/name to f's seed corpus, except the
// lines that start with "#" (comments).
func Lines(f *testing.F, name string) {
	f.Helper()
	lines, err := read(filepath.Join("testdata", name))
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range lines {
		f.Add(line)
	}
}

// read returns the lines of the file at path but its comments.
func read(path string) ([]string, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	var lines []string
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		if line := sc.Text(); !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	return lines, sc.Err()
}
