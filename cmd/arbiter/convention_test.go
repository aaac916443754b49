package main

import (
	"strings"
	"testing"
)

// TestFirstMoverResults checks --first-mover-results on the real corpus,
// whose decisive results name the first mover's win 1-0: read plainly, its
// 4,397 decisive games are result mismatches; read with the flag, every one
// of the 4,795 games validates.
func TestFirstMoverResults(t *testing.T) {
	files := []string{"../../testdata/loa-real/real_loa.agn", "../../testdata/loa-real/real_loa_undecided.agn"}
	plain := runCLI(t, "", append([]string{"validate"}, files...)...)
	if plain.code != exitFailure || !strings.Contains(plain.stdout, "4795 games, 398 valid, 4397 invalid") {
		t.Errorf("validate corpus: exit %d, summary %q; want exit 1 with 4397 invalid", plain.code, lastLine(plain.stdout))
	}
	flagged := runCLI(t, "", append([]string{"validate", "--first-mover-results"}, files...)...)
	if flagged.code != exitOK || strings.TrimSpace(flagged.stdout) != "4795 games, 4795 valid, 0 invalid" {
		t.Errorf("validate --first-mover-results corpus: exit %d, stdout %q; want exit 0, all valid", flagged.code, lastLine(flagged.stdout))
	}
	// Knight Fight and Tank Battle have White move first: the flag changes nothing.
	for _, f := range []string{"../../testdata/samples/knight-fight.agn", "../../testdata/samples/tank-battle.agn"} {
		a := runCLI(t, "", "validate", "--json", f)
		b := runCLI(t, "", "validate", "--json", "--first-mover-results", f)
		if a.stdout != b.stdout || a.code != b.code {
			t.Errorf("%s: --first-mover-results changed the verdicts of a White-first game", f)
		}
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
