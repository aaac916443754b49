package main

import (
	"strings"
	"testing"
)

// TestRealCorpus checks the real Lines of Action corpus, whose results are
// in arbiter's convention (1-0 = White won): every one of its 4,795 games
// validates with no option, and --first-mover-results, which read the
// corpus's former convention, is gone (one convention, PGN's).
func TestRealCorpus(t *testing.T) {
	files := []string{"../../testdata/loa-real/real_loa.agn", "../../testdata/loa-real/real_loa_undecided.agn"}
	r := runCLI(t, "", append([]string{"validate"}, files...)...)
	if r.code != exitOK || strings.TrimSpace(r.stdout) != "4795 games, 4795 valid, 0 invalid" {
		t.Errorf("validate corpus: exit %d, stdout %q; want exit 0, all valid", r.code, lastLine(r.stdout))
	}
	for _, cmd := range []string{"validate", "import"} {
		r := runCLI(t, "", cmd, "--first-mover-results", files[1])
		if r.code != exitUsage || !strings.Contains(r.stderr, "flag provided but not defined: --first-mover-results") {
			t.Errorf("%s --first-mover-results: exit %d, stderr %q; want exit 2, an unknown flag", cmd, r.code, r.stderr)
		}
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
