package engineproc

import (
	"fmt"
	"time"

	"github.com/arbiter-games/arbiter/internal/proc"
)

// Kind classifies how an engine failed. Kind is an error itself, so that
// errors.Is(err, engineproc.Stall) tells the kinds apart.
type Kind uint8

// The ways an engine fails.
const (
	Crash     Kind = iota + 1 // the process exited or closed its output
	Stall                     // no readyok (or ugiok) within the timeout, or it stopped reading its input
	Timeout                   // no bestmove within the clock plus margin
	Malformed                 // a reply that is not "bestmove X", or a line longer than MaxLine
	Refused                   // a command to it would hold a control character (not sent)
	BadOption                 // the config sets an option the engine does not declare
)

// String returns the kind in words: "crash", "stall", "timeout", "malformed".
func (k Kind) String() string {
	switch k {
	case Crash:
		return "crash"
	case Stall:
		return "stall"
	case Timeout:
		return "timeout"
	case Malformed:
		return "malformed reply"
	case Refused:
		return "refused command"
	case BadOption:
		return "unknown option"
	}
	return "engine failure"
}

// Error implements error, so that a Kind can be the target of errors.Is.
func (k Kind) Error() string { return k.String() }

// Error is an engine failure: which engine, what kind, what happened.
type Error struct {
	Engine string
	Kind   Kind
	Detail string // in words: "exited with status 2 while waiting for bestmove"
	Text   string // the offending line, for Malformed
}

func (e *Error) Error() string {
	return fmt.Sprintf("engine %s: %s: %s", e.Engine, e.Kind, e.Detail)
}

// Is reports whether target is e's Kind.
func (e *Error) Is(target error) bool {
	k, ok := target.(Kind)
	return ok && k == e.Kind
}

func (e *Client) fail(err *Error) error {
	err.Engine = e.name
	if e.failed == nil {
		e.failed = err
	}
	return err
}

// crashed builds the error for an engine whose output ended while waiting.
func (e *Client) crashed(what string) error {
	select {
	case <-e.exited:
	case <-time.After(200 * time.Millisecond):
	}
	detail := "closed its output " + what
	select {
	case <-e.exited:
		// Let the stderr reader catch the last words.
		select {
		case <-e.errDone:
		case <-time.After(100 * time.Millisecond):
		}
		if e.waitErr != nil {
			detail = "exited (" + e.waitErr.Error() + ") " + what
		} else {
			detail = "exited " + what
		}
	default:
	}
	if tail := proc.LastWords(e.stderr.Bytes()); tail != "" {
		detail += "; stderr: " + tail
	}
	return e.fail(&Error{Kind: Crash, Detail: detail})
}
