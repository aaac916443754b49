package knightfight

import (
	"fmt"

	"github.com/arbiter-games/arbiter/rules"
)

// tagError is a bad Board or FEN tag; it wraps rules.ErrBadTag and names
// the tag: "Board: rank 3 has 18 digits, want 20".
type tagError struct {
	tag string
	msg string
}

func (e *tagError) Error() string { return e.tag + ": " + e.msg }
func (e *tagError) Unwrap() error { return rules.ErrBadTag }

func badTagf(tag, format string, args ...any) error {
	return &tagError{tag: tag, msg: fmt.Sprintf(format, args...)}
}
