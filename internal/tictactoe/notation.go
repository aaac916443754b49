package tictactoe

import (
	"strings"

	"github.com/arbiter-games/arbiter/rules"
)

// ParseMove reads a square, a1..c3, in either case.
func (p *Position) ParseMove(s string) (rules.Move, error) {
	t := strings.ToLower(s)
	if len(t) != 2 || t[0] < 'a' || t[0] > 'c' || t[1] < '1' || t[1] > '3' {
		return 0, rules.Notationf("%q is not a square a1..c3", s)
	}
	return rules.Move(int(t[1]-'1')*3 + int(t[0]-'a')), nil
}

// FormatMove writes m as its square.
func (p *Position) FormatMove(m rules.Move) string {
	m = m.Plain()
	return string([]byte{'a' + byte(m%3), '1' + byte(m/3)})
}
