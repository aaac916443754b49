package knightfight

import (
	"fmt"

	"github.com/arbiter-games/arbiter/rules"
)

// ruleError is a move error: its text is in a user's words, and it wraps
// rules.ErrIllegal or rules.ErrNotation for errors.Is.
type ruleError struct {
	kind error
	msg  string
}

func (e *ruleError) Error() string { return e.msg }
func (e *ruleError) Unwrap() error { return e.kind }

func illegalf(format string, args ...any) error {
	return &ruleError{kind: rules.ErrIllegal, msg: fmt.Sprintf(format, args...)}
}

func notationf(format string, args ...any) error {
	return &ruleError{kind: rules.ErrNotation, msg: fmt.Sprintf(format, args...)}
}

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
