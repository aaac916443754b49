package proc

import (
	"os"
	"strconv"
	"strings"
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

// WithToken returns env (nil: this process's environment as Environ gives
// it) with EngineEnv set to token.
func WithToken(env []string, token string) []string {
	if env == nil {
		env = Environ()
	}
	// os/exec keeps the last of duplicate names.
	return append(env[:len(env):len(env)], EngineEnv+"="+token)
}

// DBEnv is the environment variable that names the database (a SQLite
// file or a postgres:// URL, which may hold a password).
const DBEnv = "ARBITER_DB"

// Environ returns this process's environment for the processes it starts
// (engines, worker processes) without what opens the database: DBEnv and
// every variable whose name begins with "PG". The PostgreSQL client reads
// PGHOST, PGUSER, PGPASSWORD, PGPASSFILE, PGSERVICE, PGSERVICEFILE and a
// score more, all of them so named, and libpq adds to them: the prefix
// leaves out those still to come as well. Neither an engine nor a worker
// process opens the database (a worker gets its games from the runner
// over a pipe), and the programs under test must not be able to write
// results.
func Environ() []string { return withoutDB(os.Environ()) }

// withoutDB returns env without DBEnv and the PG variables (see Environ).
func withoutDB(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if name == DBEnv || strings.HasPrefix(name, "PG") {
			continue
		}
		out = append(out, kv)
	}
	return out
}
