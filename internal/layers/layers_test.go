package layers

import (
	"bufio"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// root is the module's directory, from this package's.
var root = filepath.Join("..", "..")

// TestImportsFollowTable: no import of a non-test file runs upward in the
// table of docs/architecture.md, and every package has a row, so that the
// table stays the map of the code.
func TestImportsFollowTable(t *testing.T) {
	rows, err := readTable(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	imports, err := readImports(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range check(rows, imports) {
		t.Error(p)
	}
}

// TestNoDatabaseBelow: the config and the validator work without the
// database or the reports, so that checking a config or a record loads
// neither (and neither can creep in through a package they import).
func TestNoDatabaseBelow(t *testing.T) {
	imports, err := readImports(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"config", "replay", "worker", "referee"} {
		for _, q := range []string{"store", "stats"} {
			if slices.Contains(deps(imports, p), q) {
				t.Errorf("%s depends on %s; want neither the database nor the reports below it", p, q)
			}
		}
	}
}

// deps returns the packages p depends on, directly or not.
func deps(imports map[string][]string, p string) []string {
	var out []string
	todo := []string{p}
	for len(todo) > 0 {
		q := todo[0]
		todo = todo[1:]
		for _, r := range imports[q] {
			if !slices.Contains(out, r) {
				out = append(out, r)
				todo = append(todo, r)
			}
		}
	}
	return out
}

// TestCheck: the check finds an upward import and a package without a
// row, and accepts imports downward and within a row.
func TestCheck(t *testing.T) {
	rows := [][]string{{"cmd/arbiter"}, {"stats"}, {"rules", "internal/testkit"}}
	for _, tc := range []struct {
		name    string
		imports map[string][]string
		want    []string
	}{
		{"downward", map[string][]string{"cmd/arbiter": {"stats", "rules/loa"}, "stats": {"rules"}}, nil},
		{"within a row", map[string][]string{"rules/games": {"rules/loa", "internal/testkit"}}, nil},
		{"upward", map[string][]string{"rules/loa": {"stats"}, "stats": {"cmd/arbiter"}},
			[]string{"rules/loa imports stats, which the table lists above it", "stats imports cmd/arbiter, which the table lists above it"}},
		{"no row", map[string][]string{"ruler": {"rules"}},
			[]string{"ruler has no row in the table"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := check(rows, tc.imports); !slices.Equal(got, tc.want) {
				t.Errorf("check = %q; want %q", got, tc.want)
			}
		})
	}
}

// check returns the problems of imports (package → the module's packages
// it imports, paths relative to the module) against rows, the table's
// packages from the top row down.
func check(rows [][]string, imports map[string][]string) []string {
	var problems []string
	pkgs := slices.Sorted(func(yield func(string) bool) {
		for p := range imports {
			if !yield(p) {
				return
			}
		}
	})
	for _, p := range pkgs {
		r := rowOf(rows, p)
		if r < 0 {
			problems = append(problems, fmt.Sprintf("%s has no row in the table", p))
			continue
		}
		for _, q := range imports[p] {
			if rq := rowOf(rows, q); rq >= 0 && rq < r {
				problems = append(problems, fmt.Sprintf("%s imports %s, which the table lists above it", p, q))
			}
		}
	}
	return problems
}

// rowOf returns the row of package p: the row of the longest name that is
// p or a parent of it (rules holds rules/loa), or -1.
func rowOf(rows [][]string, p string) int {
	row, best := -1, 0
	for r, names := range rows {
		for _, n := range names {
			if (p == n || strings.HasPrefix(p, n+"/")) && len(n) > best {
				row, best = r, len(n)
			}
		}
	}
	return row
}

// readTable reads the package table of the architecture page: the
// packages named (in backquotes) in the first cell of each row, from the
// top row down.
func readTable(name string) ([][]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	quoted := regexp.MustCompile("`([^`]+)`")
	var rows [][]string
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			in = line == "## The packages"
		case in && strings.HasPrefix(line, "|"):
			cell, _, _ := strings.Cut(strings.TrimPrefix(line, "|"), "|")
			var names []string
			for _, m := range quoted.FindAllStringSubmatch(cell, -1) {
				names = append(names, m[1])
			}
			if len(names) > 0 {
				rows = append(rows, names)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s: no package table under \"## The packages\"", name)
	}
	return rows, nil
}

// readImports returns every package of the module in dir and the
// module's packages that its non-test files import, paths relative to the
// module. It reads the files' import lines itself, of every platform's
// files whatever their build constraints, rather than asking go list: a
// file that only one platform builds is held to the table too, and the
// test's cached result is redone when a file it read changes.
func readImports(dir string) (map[string][]string, error) {
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return nil, err
	}
	var prefix string
	for line := range strings.Lines(string(mod)) {
		if p, ok := strings.CutPrefix(line, "module "); ok {
			prefix = strings.Trim(strings.TrimSpace(p), `"`) + "/"
		}
	}
	if prefix == "" {
		return nil, fmt.Errorf("%s: no module line", filepath.Join(dir, "go.mod"))
	}
	imports := map[string][]string{}
	fset := token.NewFileSet()
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != dir && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, filepath.Dir(path))
		if err != nil {
			return err
		}
		p := filepath.ToSlash(rel)
		if _, ok := imports[p]; !ok {
			imports[p] = nil
		}
		for _, spec := range f.Imports {
			q, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return err
			}
			if q, ok := strings.CutPrefix(q, prefix); ok && !slices.Contains(imports[p], q) {
				imports[p] = append(imports[p], q)
			}
		}
		return nil
	})
	return imports, err
}
