// Package pgtest starts a throwaway PostgreSQL server for tests: initdb and
// pg_ctl on a temporary folder and a free local port, one server per test
// binary, one fresh database per test. Without the PostgreSQL binaries the
// tests that need it skip, naming what is missing; with
// ARBITER_REQUIRE_POSTGRES=1 in the environment (as in CI) they fail instead.
//
// A package whose tests use it stops the server in TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }
//
// and a test asks for a database with pgtest.URL(t). A server whose test
// binary was killed before Run could stop it is stopped, and its folder
// removed, by the next test binary that starts a server (on Linux).
package pgtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// RequireEnv is the environment variable that turns a missing PostgreSQL
// into a test failure rather than a skip.
const RequireEnv = "ARBITER_REQUIRE_POSTGRES"

var (
	once    sync.Once
	srv     *server
	srvErr  error
	counter atomic.Int64
)

// server is a running PostgreSQL.
type server struct {
	dir  string // the temporary folder: data/ and the socket
	bin  string // the folder of initdb and pg_ctl
	port int
	cred *account // nil unless run as root
}

// Run runs the tests of m and then stops the server, if one was started.
func Run(m *testing.M) int {
	code := m.Run()
	if srv != nil {
		srv.stop()
	}
	return code
}

// URL returns the postgres:// URL of a new, empty database on the test
// server, starting the server on first use. It skips t (fails it under
// ARBITER_REQUIRE_POSTGRES=1) when PostgreSQL is not installed.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(func() { srv, srvErr = start() })
	if srvErr != nil {
		var missing *missingError
		if errors.As(srvErr, &missing) && os.Getenv(RequireEnv) == "" {
			t.Skipf("pgtest: %v", srvErr)
		}
		t.Fatalf("pgtest: %v", srvErr)
	}
	name := fmt.Sprintf("t%d_%d", os.Getpid(), counter.Add(1))
	db, err := sql.Open("pgx", srv.url("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	return srv.url(name)
}

// ServerPID returns the process id of the test server's postmaster, or 0
// when none runs. A test binary that makes itself a child subreaper (as
// the tournament runner does) adopts the server when pg_ctl's daemon
// detaches, and its checks for children left behind must pass it over.
func ServerPID() int {
	if srv == nil {
		return 0
	}
	return srv.pid()
}

// pid returns the process id of s's postmaster, or 0.
func (s *server) pid() int {
	b, err := os.ReadFile(filepath.Join(s.data(), "postmaster.pid"))
	if err != nil {
		return 0
	}
	first, _, _ := strings.Cut(string(b), "\n")
	pid, _ := strconv.Atoi(strings.TrimSpace(first))
	return pid
}

// missingError says which PostgreSQL program is not on this machine.
type missingError struct{ what string }

func (e *missingError) Error() string {
	return e.what + " not found (install PostgreSQL, e.g. apt-get install postgresql, to run these tests)"
}

// binDir finds the folder holding initdb and pg_ctl: on the PATH, else in
// Debian's /usr/lib/postgresql/VERSION/bin (the newest).
func binDir() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		dir := filepath.Dir(p)
		if _, err := os.Stat(filepath.Join(dir, "pg_ctl")); err == nil {
			return dir, nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		_, e1 := os.Stat(filepath.Join(d, "initdb"))
		_, e2 := os.Stat(filepath.Join(d, "pg_ctl"))
		if e1 == nil && e2 == nil {
			return d, nil
		}
	}
	return "", &missingError{"initdb and pg_ctl (PostgreSQL server binaries; looked on the PATH and in /usr/lib/postgresql/*/bin)"}
}

// version is the major version in a Debian bin folder's path.
func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

// account is a user to run the server's programs as.
type account struct{ uid, gid int }

// credential returns who the server runs as: PostgreSQL refuses to run as
// root, so as root it is the postgres user (else nobody); otherwise nil,
// the current user.
func credential() (*account, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, err1 := strconv.Atoi(u.Uid)
		gid, err2 := strconv.Atoi(u.Gid)
		if err1 == nil && err2 == nil {
			return &account{uid: uid, gid: gid}, nil
		}
	}
	return nil, &missingError{"a user other than root to run PostgreSQL as (postgres or nobody)"}
}

func start() (*server, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	cred, err := credential()
	if err != nil {
		return nil, err
	}
	reapStale(bin, cred)
	dir, err := os.MkdirTemp("", dirPrefix)
	if err != nil {
		return nil, err
	}
	if id := ownerID(os.Getpid()); id != "" {
		if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(id+"\n"), 0o644); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	s := &server{dir: dir, bin: bin, cred: cred}
	if cred != nil {
		if err := os.Chown(dir, cred.uid, cred.gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	if err := s.run("initdb", "-D", s.data(), "-U", "arbiter", "--auth=trust", "--no-sync",
		"--encoding=UTF8", "--locale=C"); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	// The port is found free and then taken by the server: another
	// process may take it between the two; then we try again.
	for try := 0; ; try++ {
		if s.port, err = freePort(); err != nil {
			break
		}
		opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off "+
			"-c full_page_writes=off -c max_connections=200", s.port, dir)
		if err = s.run("pg_ctl", "-D", s.data(), "-l", filepath.Join(dir, "log"), "-o", opts, "-w", "-t", "60", "start"); err == nil {
			return s, nil
		}
		if try == 2 {
			break
		}
	}
	os.RemoveAll(dir)
	return nil, err
}

func (s *server) data() string { return filepath.Join(s.dir, "data") }

// run runs a PostgreSQL program as the server's user.
func (s *server) run(name string, args ...string) error {
	cmd := exec.Command(filepath.Join(s.bin, name), args...)
	cmd.Dir = s.dir
	if s.cred != nil {
		cmd.SysProcAttr = s.cred.attr()
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(s.dir, "log"))
		return fmt.Errorf("%s: %v: %s%s", name, err, strings.TrimSpace(string(out)), tail(string(log)))
	}
	return nil
}

func tail(s string) string {
	if s == "" {
		return ""
	}
	if len(s) > 2000 {
		s = s[len(s)-2000:]
	}
	return "\nserver log:\n" + s
}

func (s *server) url(db string) string {
	return fmt.Sprintf("postgres://arbiter@127.0.0.1:%d/%s?sslmode=disable", s.port, db)
}

// dirPrefix begins the name of each server's temporary folder, and
// ownerFile in it names the test binary that started the server (ownerID).
const (
	dirPrefix = "arbiter-pgtest-"
	ownerFile = "owner"
)

// reapStale stops the servers that test binaries left running when they
// were killed before Run could stop them (a go test timeout, a second
// Ctrl-C, SIGKILL), and removes their folders: a folder whose owner is no
// longer running is taken down. A folder with no owner file is left alone
// (its binary may be writing it, or be of a system without ownerID).
func reapStale(bin string, cred *account) {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), dirPrefix+"*"))
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, ownerFile))
		if err != nil {
			continue
		}
		id := strings.TrimSpace(string(b))
		pidText, _, _ := strings.Cut(id, " ")
		pid, err := strconv.Atoi(pidText)
		if err != nil || ownerID(pid) == id {
			continue
		}
		(&server{dir: dir, bin: bin, cred: cred}).stop()
	}
}

func (s *server) stop() {
	s.run("pg_ctl", "-D", s.data(), "-m", "immediate", "-w", "stop")
	os.RemoveAll(s.dir)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
