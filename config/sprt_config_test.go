package config

import (
	"path/filepath"
	"strings"
	"testing"
)

// sprtConfig is a two-engine config with an SPRT in block style, so that
// each key has a line of its own.
const sprtConfig = `name: match
game: toy-race
rounds: 100
seed: 42
time_control: {move_ms: 10}
sprt:
  elo0: 0
  elo1: 5
  alpha: 0.05
  beta: 0.05
  model: normalized
engines:
  - {name: alpha, cmd: arbiter, args: [fake-engine, first, toy-race]}
  - {name: beta, cmd: arbiter, args: [fake-engine, last, toy-race]}
`

func TestSPRTConfig(t *testing.T) {
	dir := configDir(t)
	cfg, err := parse(filepath.Join(dir, "m.yaml"), []byte(sprtConfig))
	if err != nil {
		t.Fatal(err)
	}
	if s := cfg.SPRT.Test(); s.Elo0 != 0 || s.Elo1 != 5 || s.Alpha != 0.05 || s.Beta != 0.05 || s.Model != "normalized" {
		t.Errorf("SPRT = %+v", s)
	}
	// Defaults: alpha, beta 0.05, model normalized.
	short := strings.Replace(sprtConfig, "  alpha: 0.05\n  beta: 0.05\n  model: normalized\n", "", 1)
	cfg2, err := parse(filepath.Join(dir, "m.yaml"), []byte(short))
	if err != nil {
		t.Fatal(err)
	}
	if cfg2.SPRT.Test() != cfg.SPRT.Test() {
		t.Errorf("defaults: %+v; want %+v", cfg2.SPRT.Test(), cfg.SPRT.Test())
	}
	if cfg2.Hash() != cfg.Hash() {
		t.Errorf("the defaults spelt out changed the config hash")
	}
	// A config without sprt keeps the hash it had before sprt existed: no
	// "sprt" key in its JSON.
	plain, err := parse(filepath.Join(dir, "m.yaml"), []byte(strings.Replace(sprtConfig,
		"sprt:\n  elo0: 0\n  elo1: 5\n  alpha: 0.05\n  beta: 0.05\n  model: normalized\n", "", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if plain.SPRT != nil || plain.Hash() == cfg.Hash() {
		t.Errorf("without sprt: %+v, same hash %v", plain.SPRT, plain.Hash() == cfg.Hash())
	}
}

func TestSPRTConfigErrors(t *testing.T) {
	dir := configDir(t)
	tests := []struct {
		name     string
		from, to string // edit of sprtConfig
		want     string
	}{
		{"elo0 not below elo1", "elo1: 5", "elo1: 0", "m.yaml:8: sprt elo0 (0) must be below elo1 (0)"},
		{"elo0 above elo1", "elo0: 0", "elo0: 7", "m.yaml:8: sprt elo0 (7) must be below elo1 (5)"},
		{"alpha zero", "alpha: 0.05", "alpha: 0", "m.yaml:9: sprt alpha is 0; it must be at least 1e-300 and below 1"},
		{"alpha tiny", "alpha: 0.05", "alpha: 1e-320", "m.yaml:9: sprt alpha is 1e-320; it must be at least 1e-300 and below 1"},
		{"elo0 huge", "elo0: 0", "elo0: 1e308", "m.yaml:7: sprt elo0 is 1e+308; it must be within ±200"},
		{"elo far apart", "elo0: 0\n  elo1: 5", "elo0: -2000\n  elo1: 2000", "m.yaml:7: sprt elo0 is -2000; it must be within ±200"},
		{"digit separator", "elo0: 0", "elo0: 0_1", `m.yaml:7: sprt elo0 is written "0_1": write a plain decimal number`},
		{"hexadecimal", "elo1: 5", "elo1: 0x10", `m.yaml:8: sprt elo1 is written "0x10": write a plain decimal number`},
		{"leading zero", "elo1: 5", "elo1: 010", `m.yaml:8: sprt elo1 is written "010": write it without the leading zero (YAML reads 010 as octal, 8)`},
		{"negative leading zero", "elo0: 0", "elo0: -05", `m.yaml:7: sprt elo0 is written "-05": write it without the leading zero`},
		{"infinity", "beta: 0.05", "beta: .inf", `m.yaml:10: sprt beta is written ".inf": write a plain decimal number`},
		{"alpha one", "alpha: 0.05", "alpha: 1", "m.yaml:9: sprt alpha is 1"},
		{"beta negative", "beta: 0.05", "beta: -0.1", "m.yaml:10: sprt beta is -0.1"},
		{"alpha plus beta", "alpha: 0.05\n  beta: 0.05", "alpha: 0.5\n  beta: 0.5", "m.yaml:10: sprt alpha + beta is 1; it must be below 1"},
		{"unknown model", "model: normalized", "model: gaussian", `m.yaml:11: sprt model "gaussian" is unknown (known: normalized, logistic, bayesian)`},
		{"three engines", "engines:\n", "engines:\n  - {name: gamma, cmd: ./bot}\n", "m.yaml:12: sprt needs exactly two engines (the first is tested against the second); found 3"},
		{"no rounds", "rounds: 100\n", "", "m.yaml:5: sprt needs rounds"},
		{"no elo1", "  elo1: 5\n", "", "m.yaml:6: sprt elo1 is missing"},
		{"unknown key", "model: normalized", "model: normalized\n  elo2: 3", `m.yaml:12: unknown key "elo2" in sprt`},
		{"not a number", "elo1: 5", "elo1: five", `m.yaml:8: cannot read "five" as float64`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(sprtConfig, tc.from, tc.to, 1)
			_, err := parse(filepath.Join(dir, "m.yaml"), []byte(text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseConfig = %v; want an error with %q", err, tc.want)
			}
		})
	}
}
