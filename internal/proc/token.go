package proc

import (
	"os"
	"strconv"
	"sync/atomic"
)

// EngineEnv is the environment variable set in every engine's environment,
// to a value of its own: the processes it starts inherit it, which tells
// them apart when the engine is ended (on Linux, see EndTree).
const EngineEnv = "ARBITER_ENGINE"

var tokens atomic.Int64

// NewToken returns the value of EngineEnv for a new engine: unique among the
// engines of this process, and of the processes alive with it.
func NewToken() string {
	return strconv.Itoa(os.Getpid()) + "." + strconv.FormatInt(tokens.Add(1), 10)
}

// WithToken returns env (nil: this process's environment) with EngineEnv
// set to token.
func WithToken(env []string, token string) []string {
	if env == nil {
		env = os.Environ()
	}
	// os/exec keeps the last of duplicate names.
	return append(env[:len(env):len(env)], EngineEnv+"="+token)
}
