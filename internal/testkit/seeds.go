package testkit

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Seeds adds every line of testdata/name to f's seed corpus, except the
// lines that start with "#" (comments), so that a seed is added by adding
// a line and the default test run executes every one:
//
//	testkit.Seeds(f, "boards.txt")
func Seeds(f *testing.F, name string) {
	f.Helper()
	lines, err := readSeeds(filepath.Join("testdata", name))
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range lines {
		f.Add(line)
	}
}

// readSeeds returns the lines of the file at path but its comments.
func readSeeds(path string) ([]string, error) {
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
