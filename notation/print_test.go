// The tests of printed records are an external test package because
// testkit, whose golden files they use, imports notation.
package notation_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/notation"
)

// TestPrintGoldenAndFixedPoint prints the records of testdata/*.agn, checks
// them against their golden files, and checks that printing is stable.
func TestPrintGoldenAndFixedPoint(t *testing.T) {
	files, err := filepath.Glob("testdata/*.agn")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			gs, err := notation.Parse(f, data)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			var out strings.Builder
			for _, g := range gs {
				out.WriteString(g.String())
			}
			testkit.Golden(t, strings.TrimSuffix(filepath.Base(f), ".agn")+".golden", out.String())
			checkFixedPoint(t, out.String())
		})
	}
}

func checkFixedPoint(t *testing.T, printed string) {
	t.Helper()
	gs, err := notation.Parse("printed", []byte(printed))
	if err != nil {
		t.Fatalf("printed text does not parse: %v\n%s", err, printed)
	}
	var again strings.Builder
	for _, g := range gs {
		again.WriteString(g.String())
	}
	if again.String() != printed {
		t.Errorf("parse → print is not a fixed point:\n%s\n----\n%s", printed, again.String())
	}
}

func TestCorpusFixedPoint(t *testing.T) {
	data, err := os.ReadFile("../testdata/loa-real/real_loa.agn")
	if err != nil {
		t.Fatal(err)
	}
	gs, err := notation.Parse("real_loa.agn", data)
	if err != nil {
		t.Fatalf("Parse: %v", errors.Unwrap(err))
	}
	if len(gs) != 4652 {
		t.Fatalf("Parse gave %d games; want 4652", len(gs))
	}
	var out strings.Builder
	for _, g := range gs {
		out.WriteString(g.String())
	}
	checkFixedPoint(t, out.String())
}
