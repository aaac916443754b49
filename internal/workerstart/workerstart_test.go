package workerstart

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

func TestIs(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"arbiter", "tournament-worker"}, true},
		{[]string{"/usr/local/bin/arbiter", "tournament-worker"}, true},
		{[]string{"arbiter"}, false},
		{[]string{"arbiter", "tournament"}, false},
		{[]string{"arbiter", "tournament-worker", "--help"}, false},
		{[]string{"arbiter", "--", "tournament-worker"}, false},
	}
	for _, tt := range tests {
		if got := Is(tt.args); got != tt.want {
			t.Errorf("Is(%q) = %v; want %v", tt.args, got, tt.want)
		}
	}
}

// TestImports keeps the package's imports to os and runtime: with any
// more, its init could come after the large packages' (Go initialises a
// package once all it imports are), and the worker would start on two
// processors again.
func TestImports(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if p := strings.Trim(imp.Path.Value, `"`); p != "os" && p != "runtime" {
				t.Errorf("%s imports %q; want os and runtime only", name, p)
			}
		}
	}
}
