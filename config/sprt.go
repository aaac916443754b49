package config

import "github.com/arbiter-games/arbiter/stats"

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
