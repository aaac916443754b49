package config

import (
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/arbiter-games/arbiter/stats"
)

// SPRTConfig is the sprt key: a sequential probability ratio test of H0:
// the first engine is elo0 stronger than the second, against H1: it is elo1
// stronger. alpha and beta default to 0.05, the model to normalized.
type SPRTConfig struct {
	Elo0  *float64 `yaml:"elo0" json:"elo0"`
	Elo1  *float64 `yaml:"elo1" json:"elo1"`
	Alpha *float64 `yaml:"alpha" json:"alpha"`
	Beta  *float64 `yaml:"beta" json:"beta"`
	Model string   `yaml:"model" json:"model"`
}

// Test returns the test of a checked config.
func (s *SPRTConfig) Test() stats.SPRT {
	return stats.SPRT{Elo0: *s.Elo0, Elo1: *s.Elo1, Alpha: *s.Alpha, Beta: *s.Beta, Model: s.Model}
}

// checkSPRT checks the sprt key and fills in its defaults.
func (c *Tournament) checkSPRT(p *problems) {
	s := c.SPRT
	if s == nil {
		return
	}
	if len(c.Engines) > 2 {
		p.add(key("engines"), "sprt needs exactly two engines (the first is tested against the second); found %d", len(c.Engines))
	}
	if s.Alpha == nil {
		v := stats.DefaultSPRTAlpha
		s.Alpha = &v
	}
	if s.Beta == nil {
		v := stats.DefaultSPRTBeta
		s.Beta = &v
	}
	if s.Model == "" {
		s.Model = stats.ModelNormalized
	}
	// YAML reads 0_1 as 1, 0x10 as 16, 010 as 8 (octal) and .inf as
	// infinity: a number of the test is written as a plain decimal, with
	// no leading zero, so that it means what it says.
	written := true
	for _, k := range []string{"elo0", "elo1", "alpha", "beta"} {
		n := valueAt(p.root, "sprt", k)
		if n == nil || n.Kind != yaml.ScalarNode {
			continue
		}
		switch v := strings.TrimLeft(n.Value, "+-"); {
		case !stats.IsDecimal(n.Value):
			p.add(key("sprt", k), "sprt %s is written %q: write a plain decimal number (5, -1.5, 0.05, 1e-3)", k, n.Value)
			written = false
		case len(v) > 1 && v[0] == '0' && v[1] >= '0' && v[1] <= '9':
			p.add(key("sprt", k), "sprt %s is written %q: write it without the leading zero (YAML reads 010 as octal, 8)", k, n.Value)
			written = false
		}
	}
	if !written {
		return
	}
	test := stats.SPRT{Elo0: 0, Elo1: 1, Alpha: *s.Alpha, Beta: *s.Beta, Model: s.Model}
	if s.Elo0 == nil {
		p.add(key("sprt"), "sprt elo0 is missing: the Elo difference of H0")
	}
	if s.Elo1 == nil {
		p.add(key("sprt"), "sprt elo1 is missing: the Elo difference of H1")
	}
	if s.Elo0 != nil && s.Elo1 != nil {
		test = s.Test()
	}
	for _, e := range test.Check() {
		p.add(key("sprt", e.Param), "%s", e.Msg)
	}
}
