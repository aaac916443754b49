package config

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arbiter-games/arbiter/engineproc"
)

// EngineConfig is one engine of a tournament.
type EngineConfig struct {
	Name    string            `yaml:"name" json:"name"`
	Cmd     string            `yaml:"cmd" json:"cmd"`
	Args    []string          `yaml:"args" json:"args"`
	Dir     string            `yaml:"dir" json:"dir"`
	Options map[string]string `yaml:"options" json:"options"`
	// OptionsIfDeclared are options set only when the engine declares them
	// (arbiter match's -each option.NAME): one it does not declare is not
	// sent, with a warning, where an undeclared one of Options fails it.
	OptionsIfDeclared map[string]string `yaml:"options_if_declared" json:"options_if_declared,omitempty"`
	// TimeControl, when set, replaces the tournament's for this engine
	// (handicap and time-odds matches).
	TimeControl *TimeControl  `yaml:"time_control" json:"time_control,omitempty"`
	Limits      *EngineLimits `yaml:"limits" json:"limits,omitempty"`
	// TimeMarginMS, when set, replaces the tournament's time_margin_ms
	// for this engine.
	TimeMarginMS *int `yaml:"time_margin_ms" json:"time_margin_ms,omitempty"`
	// Rating seeds the engine in a knockout or a Swiss with seeding:
	// rating.
	Rating *float64 `yaml:"rating" json:"rating,omitempty"`
}

// checkEngines checks every engine and makes its Spec: names, time
// controls, limits, options, commands and directories.
func (c *Tournament) checkEngines(p *problems) {
	if len(c.Engines) < 2 {
		p.add(key("engines"), "a tournament needs at least two engines; found %d", len(c.Engines))
	}
	seen := map[string]int{}
	base := filepath.Dir(c.File)
	for i, ec := range c.Engines {
		item := fmt.Sprintf("#%d", i)
		at := func(k ...string) []string { return append(key("engines", item), k...) }
		name := strings.TrimSpace(ec.Name)
		if name == "" {
			p.add(at("name"), "engine %d has no name", i+1)
			name = fmt.Sprintf("#%d", i+1)
		} else if j, ok := seen[name]; ok {
			p.add(at("name"), "engine name %q is used twice (engines %d and %d)", name, j+1, i+1)
		} else if r, ok := control(name); ok {
			p.add(at("name"), "engine name %q holds the control character %U: names are printed in standings and records", name, r)
		}
		seen[name] = i
		if ec.TimeControl != nil {
			checkTimeControl(p, *ec.TimeControl, at("time_control")...)
			if k, tk := ec.TimeControl.kind(), c.TimeControl.kind(); k != tk {
				p.add(at("time_control"), "engine %q: time_control is of another kind than the tournament's "+
					"(%s against %s): give both {base_ms, increment_ms}, both {move_ms} or both {infinite: true}", name, k, tk)
			}
		}
		if m := ec.TimeMarginMS; m != nil && *m < 0 {
			p.add(at("time_margin_ms"), "engine %q: time_margin_ms is %d; it must not be negative", name, *m)
		} else if m != nil && int64(*m) > MaxTimeMS {
			p.add(at("time_margin_ms"), "engine %q: time_margin_ms is %d; it must be at most %d (a year)", name, *m, MaxTimeMS)
		}
		if tc := c.EngineTimeControl(i); tc.Infinite {
			if l := ec.Limits; l == nil || l.Nodes == nil && l.Depth == nil {
				p.add(at(), "engine %q: with time_control infinite it needs limits (nodes or depth), or its search has no end", name)
			}
		}
		if l := ec.Limits; l != nil {
			if l.Nodes != nil && *l.Nodes < 1 {
				p.add(at("limits", "nodes"), "engine %q: limits nodes is %d; it must be at least 1", name, *l.Nodes)
			}
			if l.Depth != nil && *l.Depth < 1 {
				p.add(at("limits", "depth"), "engine %q: limits depth is %d; it must be at least 1", name, *l.Depth)
			}
		}
		// An option is sent as one line: a newline in it would make more
		// commands of it.
		for _, set := range []struct {
			key     string
			options map[string]string
		}{{"options", ec.Options}, {"options_if_declared", ec.OptionsIfDeclared}} {
			for _, n := range slices.Sorted(maps.Keys(set.options)) {
				if r, ok := control(n); ok {
					p.add(at(set.key, n), "engine %q: option name %q holds the control character %U", name, n, r)
				}
				if r, ok := control(set.options[n]); ok {
					p.add(at(set.key, n), "engine %q: option %q: the value %q holds the control character %U", name, n, set.options[n], r)
				}
			}
		}
		spec := engineproc.Spec{Name: name, Args: ec.Args, Options: ec.Options, OptionsIfDeclared: ec.OptionsIfDeclared}
		spec.Path, spec.Dir = locate(p, at, base, name, ec.Cmd, ec.Dir)
		c.specs = append(c.specs, spec)
	}
	c.checkSeeds(p)
}

// locate resolves an engine's command and working directory against base
// (the config's folder): the command's path (see resolveCmd) and the
// directory made absolute, each problem added at the engine's keys (at).
func locate(p *problems, at func(...string) []string, base, name, cmd, dir string) (path, absDir string) {
	path, err := resolveCmd(base, cmd)
	if err != nil {
		p.add(at("cmd"), "engine %q: %v", name, err)
	}
	if dir == "" {
		return path, ""
	}
	absDir = dir
	if !filepath.IsAbs(absDir) {
		absDir = filepath.Join(base, absDir)
	}
	if st, err := os.Stat(absDir); err != nil || !st.IsDir() {
		p.add(at("dir"), "engine %q: dir %s is not a directory", name, dir)
	}
	return path, absDir
}

// resolveCmd finds an engine's executable: "arbiter" is this very binary, a
// name with a slash is relative to base, a bare name is looked up in PATH.
func resolveCmd(base, cmd string) (string, error) {
	switch {
	case cmd == "":
		return "", errors.New("cmd is missing")
	case cmd == "arbiter":
		exe, err := os.Executable()
		if err != nil {
			return "", fmt.Errorf("cannot find this arbiter binary: %w", err)
		}
		return exe, nil
	case strings.ContainsRune(cmd, filepath.Separator) || strings.ContainsRune(cmd, '/'):
		path := cmd
		if !filepath.IsAbs(path) {
			path = filepath.Join(base, path)
		}
		st, err := os.Stat(path)
		if err != nil && filepath.IsAbs(cmd) {
			// arbiter match gives every command with a / as an absolute
			// path: the hint of the config file's directory is not for it.
			return "", fmt.Errorf("command %s not found", cmd)
		}
		if err != nil {
			return "", fmt.Errorf("command %s not found (looked for %s: a command with a / is relative to the config file's directory)", cmd, path)
		}
		if st.IsDir() || st.Mode()&0o111 == 0 {
			return "", fmt.Errorf("command %s is not executable", cmd)
		}
		return filepath.Abs(path)
	}
	path, err := exec.LookPath(cmd)
	if err != nil {
		return "", fmt.Errorf("command %s not found in PATH", cmd)
	}
	return path, nil
}
