package rating

import (
	"math"
	"testing"
)

// FuzzParseSPRT checks that ParseSPRT never panics and accepts only
// tests that pass the SPRT's own check.
func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"0,5", "0,5,0.05,0.05", "0,5,0.05,0.05,logistic", "-1.5,3,0.1,0.2,bayesian",
		"5,0", "0,5,0.5,0.5", "0", "0,x", "0,5,0.05", "0,5,0.05,0.05,normalized,extra", " 0 , 5 ", "NaN,5", "0,Inf",
		"0_1,5", "-2000,2000", "0,5,1e-320,0.05"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		test, err := ParseSPRT(s)
		if err == nil && len(test.Check()) > 0 {
			t.Errorf("ParseSPRT(%q) = %+v, accepted with problems %v", s, test, test.Check())
		}
	})
}

// FuzzParseAnchor checks ParseAnchor and ParseAdvantage: no input
// panics, and every accepted rating is finite and within ±MaxAnchor.
func FuzzParseAnchor(f *testing.F) {
	for _, s := range []string{"alpha=1500", "a=b=3", "x=NaN", "x=Inf", "x=1e308", "x=-10000", "=5", "auto", "35", "-0", "0x1p4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if name, elo, err := ParseAnchor(s); err == nil {
			if name == "" || math.IsNaN(elo) || math.IsInf(elo, 0) || math.Abs(elo) > MaxAnchor {
				t.Errorf("ParseAnchor(%q) = %q, %v; want a name and a finite rating within ±%d", s, name, elo, MaxAnchor)
			}
		}
		if _, elo, err := ParseAdvantage(s); err == nil {
			if math.IsNaN(elo) || math.IsInf(elo, 0) || math.Abs(elo) > MaxAnchor {
				t.Errorf("ParseAdvantage(%q) = %v; want a finite value within ±%d", s, elo, MaxAnchor)
			}
		}
	})
}
