package main

import (
	"math"
	"testing"
)

// FuzzReportFlagValues checks --anchor and --white-advantage: no input
// panics, and every accepted rating is finite and within ±10,000.
func FuzzReportFlagValues(f *testing.F) {
	for _, s := range []string{"alpha=1500", "a=b=3", "x=NaN", "x=Inf", "x=1e308", "x=-10000", "=5", "auto", "35", "-0", "0x1p4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if name, elo, err := parseAnchor(s); err == nil {
			if name == "" || math.IsNaN(elo) || math.IsInf(elo, 0) || math.Abs(elo) > maxAnchor {
				t.Errorf("parseAnchor(%q) = %q, %v; want a name and a finite rating within ±%d", s, name, elo, maxAnchor)
			}
		}
		if _, elo, err := parseAdvantage(s); err == nil {
			if math.IsNaN(elo) || math.IsInf(elo, 0) || math.Abs(elo) > maxAnchor {
				t.Errorf("parseAdvantage(%q) = %v; want a finite value within ±%d", s, elo, maxAnchor)
			}
		}
	})
}
