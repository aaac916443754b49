package knightfight

import (
	"fmt"

	"github.com/arbiter-games/arbiter/rules"
)

// badTagf returns a *rules.Error of kind rules.ErrBadTag about the tag
// named tag, whose text starts with the tag: "Board: rank 3 has 18 digits,
// want 20".
func badTagf(tag, format string, args ...any) error {
	return rules.BadTagf(tag, "%s: %s", tag, fmt.Sprintf(format, args...))
}
