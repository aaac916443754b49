package config

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"

	"gopkg.in/yaml.v3"
)

// problems collects what a config's check finds, each located at the line
// of the key it concerns: a user fixes them all in one go.
type problems struct {
	file string
	root *yaml.Node
	list []string
}

// add records a problem with the value at path (see lineOf).
func (p *problems) add(path []string, format string, args ...any) {
	p.list = append(p.list, fmt.Sprintf("%s:%d: %s", p.file, lineOf(p.root, path...), fmt.Sprintf(format, args...)))
}

// addErr records a problem whose error locates itself.
func (p *problems) addErr(err error) { p.list = append(p.list, err.Error()) }

// none reports whether no problem is recorded yet.
func (p *problems) none() bool { return len(p.list) == 0 }

// err is every problem, one a line, or nil.
func (p *problems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	return errors.New(strings.Join(p.list, "\n"))
}

// key is the path of a value: mapping keys, or "#n" for the n-th item of
// a sequence.
func key(path ...string) []string { return path }

// positive sets *v to def when the key is absent, else checks it is at
// least least.
func (p *problems) positive(v **int, name string, def, least int) {
	if *v == nil {
		n := def
		*v = &n
		return
	}
	if **v < least {
		p.add(key(name), "%s is %d; it must be at least %d", name, **v, least)
	}
}

// The messages of yaml.v3 that yamlError rewrites. The expressions are
// compiled when a config is first found wrong, not as every command starts.
var (
	unknownKeyRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^line (\d+): field (.+) not found in type (\S+)$`)
	})
	badValueRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("^line (\\d+): cannot unmarshal !!(\\w+) `(.*)` into (.+)$")
	})
)

// sections names where a key of each config type stands, for messages.
var sections = map[string]string{
	"EngineConfig":   "in an engine",
	"TimeControl":    "in time_control",
	"OpeningsConfig": "in openings",
	"RandomOpenings": "in random_openings",
	"SPRTConfig":     "in sprt",
	"ResignRule":     "in resign",
	"DrawRule":       "in draw",
	"EngineLimits":   "in limits",
	"Adjudication":   "in adjudication",
	"SolverRule":     "in adjudication's solver",
	"TuneEngine":     "in engine",
	"SPSASettings":   "in spsa",
}

// yamlError rewrites yaml.v3's messages as file:line: messages.
func yamlError(file string, err error) error {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		if rest, ok := strings.CutPrefix(msg, "line "); ok {
			return fmt.Errorf("%s:%s", file, rest)
		}
		return fmt.Errorf("%s: %s", file, msg)
	}
	var msgs []string
	for _, e := range te.Errors {
		if m := unknownKeyRE().FindStringSubmatch(e); m != nil {
			where := "at the top level"
			typ := m[3][strings.LastIndexByte(m[3], '.')+1:]
			if s, ok := sections[typ]; ok {
				where = s
			}
			msgs = append(msgs, fmt.Sprintf("%s:%s: unknown key %q %s", file, m[1], m[2], where))
			continue
		}
		if m := badValueRE().FindStringSubmatch(e); m != nil {
			msgs = append(msgs, fmt.Sprintf("%s:%s: cannot read %q as %s", file, m[1], m[3], m[4]))
			continue
		}
		msgs = append(msgs, file+": "+e)
	}
	return errors.New(strings.Join(msgs, "\n"))
}

// lineOf returns the line of the value at path (mapping keys, or "#n" for
// the n-th item of a sequence) in the document root, or 0.
func lineOf(root *yaml.Node, path ...string) int {
	n := root
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	line := n.Line
	for _, p := range path {
		var next *yaml.Node
		switch {
		case n.Kind == yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == p {
					next = n.Content[i+1]
					line = n.Content[i].Line
				}
			}
		case n.Kind == yaml.SequenceNode && strings.HasPrefix(p, "#"):
			var k int
			fmt.Sscanf(p, "#%d", &k)
			if k < len(n.Content) {
				next = n.Content[k]
				line = next.Line
			}
		}
		if next == nil {
			return line
		}
		n = next
	}
	return line
}

// valueAt returns the node of the value at path (mapping keys only) in
// the document root, or nil.
func valueAt(root *yaml.Node, path ...string) *yaml.Node {
	n := root
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	for _, p := range path {
		var next *yaml.Node
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == p {
					next = n.Content[i+1]
				}
			}
		}
		if next == nil {
			return nil
		}
		n = next
	}
	return n
}

// control returns the first control character of s (a newline, a tab, an
// escape: what would split or disturb a line of the engine protocol or of a
// terminal).
func control(s string) (rune, bool) {
	for _, r := range s {
		if unicode.IsControl(r) {
			return r, true
		}
	}
	return 0, false
}
