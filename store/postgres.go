package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// IsPostgres reports whether the --db value dsn names a PostgreSQL
// database rather than a SQLite file: a postgres:// or postgresql:// URL,
// or a keyword=value connection string (host=... dbname=...), which Open
// refuses with a hint to write it as a URL.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") || isKeywords(dsn)
}

// pgKeywords are the keywords of PostgreSQL's keyword=value connection
// strings (libpq's, which pgx reads too).
var pgKeywords = map[string]bool{
	"host": true, "hostaddr": true, "port": true, "dbname": true, "user": true, "password": true,
	"passfile": true, "sslmode": true, "sslpassword": true, "sslcert": true, "sslkey": true,
	"sslrootcert": true, "sslcrl": true, "sslnegotiation": true, "connect_timeout": true,
	"application_name": true, "options": true, "service": true, "target_session_attrs": true,
	"channel_binding": true, "gssencmode": true, "krbsrvname": true, "require_auth": true,
	"load_balance_hosts": true, "client_encoding": true,
}

// keywordRE matches one keyword=value setting: the keyword, and the value
// plain or in single quotes (with backslash escapes). Compiled on first
// use: only a keyword=value PostgreSQL connection string needs it.
var keywordRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\s*([A-Za-z_]+)\s*=\s*('(?:[^'\\]|\\.)*'?|\S*)`)
})

// isKeywords reports whether dsn starts as a keyword=value connection
// string: a keyword of PostgreSQL's, then "=".
func isKeywords(dsn string) bool {
	m := keywordRE().FindStringSubmatch(dsn)
	return m != nil && strings.HasPrefix(dsn, m[0]) && pgKeywords[strings.ToLower(m[1])] && !strings.ContainsAny(m[1], "/\\")
}

// Name returns the --db value dsn as messages name it, never with a
// password: a SQLite file's path as it is; a PostgreSQL URL with the
// password of its user and the values of its password and sslpassword
// parameters replaced by xxxxx (an @ in the password that is not
// percent-encoded is taken as part of it, as the URL's last @ ends the
// user); a keyword=value string as its keywords alone (host=… password=…).
func Name(dsn string) string {
	if isKeywords(dsn) {
		var keys []string
		for _, m := range keywordRE().FindAllStringSubmatch(dsn, -1) {
			keys = append(keys, m[1]+"=…")
		}
		return strings.Join(keys, " ")
	}
	scheme, _, ok := strings.Cut(dsn, "://")
	if !ok || !IsPostgres(dsn) {
		return dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return scheme + "://…"
	}
	params := strings.Split(u.RawQuery, "&")
	for i, p := range params {
		k, _, _ := strings.Cut(p, "=")
		if k, err := url.QueryUnescape(k); err != nil || strings.EqualFold(k, "password") || strings.EqualFold(k, "sslpassword") {
			params[i] = k + "=xxxxx"
		}
	}
	u.RawQuery = strings.Join(params, "&")
	return u.Redacted()
}

// openPostgres connects to the PostgreSQL database at the URL dsn and
// brings its schema up to date.
//
// The store's queries are written once, with SQLite's ? placeholders; the
// connections rewrite them to PostgreSQL's $1, $2, ... (see rebind), so that
// both backends run the same statements through database/sql.
func openPostgres(ctx context.Context, dsn string) (*DB, error) {
	if isKeywords(dsn) {
		return nil, fmt.Errorf("database %s: a keyword=value connection string is not taken: give a URL, "+
			"postgres://USER:PASSWORD@HOST:PORT/DBNAME (an @, :, /, ?, # or %% in the user or the password written %%40, %%3A, %%2F, %%3F, %%23, %%25)", Name(dsn))
	}
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		// pgx's message quotes the URL, which its redaction does not
		// always rid of the password (an @ in it not percent-encoded).
		return nil, fmt.Errorf("database %s: cannot read the URL: write it postgres://USER:PASSWORD@HOST:PORT/DBNAME, "+
			"an @, :, /, ?, # or %% in the user or the password as %%40, %%3A, %%2F, %%3F, %%23, %%25", Name(dsn))
	}
	sdb := sql.OpenDB(rebindConnector{stdlib.GetConnector(*cfg)})
	db := &DB{DB: sdb, path: Name(dsn), dialect: postgresDialect}
	if err := sdb.PingContext(ctx); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("database %s: %w", db.path, err)
	}
	if err := db.migratePostgres(ctx); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("database %s: %w", db.path, err)
	}
	return db, nil
}

// migratePostgres applies the missing PostgreSQL migrations, one per
// transaction. The version is the row of schema_version; an advisory lock
// held for each transaction keeps runners starting together on a new
// database from applying a migration twice.
//
// A database whose schema is up to date is only read (one SELECT), so that
// a role that may only read (for reports) can open it.
func (db *DB) migratePostgres(ctx context.Context) error {
	names, err := migrationNames(pgMigrations, "postgres")
	if err != nil {
		return err
	}
	var current int
	if db.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&current) == nil && current == len(names) {
		return nil
	}
	for {
		done, err := func() (bool, error) {
			tx, err := db.BeginTx(ctx, nil)
			if err != nil {
				return false, fmt.Errorf("begin migration: %w", err)
			}
			defer tx.Rollback()
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?)`, migrationLock); err != nil {
				return false, fmt.Errorf("lock for migration: %w", err)
			}
			if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
				return false, fmt.Errorf("read schema version: %w", err)
			}
			var version int
			err = tx.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&version)
			if err == sql.ErrNoRows {
				_, err = tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (0)`)
			}
			if err != nil {
				return false, fmt.Errorf("read schema version: %w", err)
			}
			if err := checkVersion(version, len(names), true); err != nil {
				return false, err
			}
			if version == len(names) {
				return true, tx.Commit()
			}
			body, err := pgMigrations.ReadFile(names[version])
			if err != nil {
				return false, err
			}
			if _, err := tx.ExecContext(ctx, string(body)); err != nil {
				return false, fmt.Errorf("migration %s: %w", names[version], err)
			}
			if _, err := tx.ExecContext(ctx, `UPDATE schema_version SET version = ?`, version+1); err != nil {
				return false, err
			}
			return false, tx.Commit()
		}()
		if err != nil || done {
			return err
		}
	}
}

// migrationLock is the key of the advisory lock of migrations (any number
// arbiter owns: "arbiter" in ASCII).
const migrationLock = 0x617262697465

// rebindConnector opens pgx connections that take ? placeholders.
type rebindConnector struct{ driver.Connector }

func (c rebindConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return rebindConn{conn.(*stdlib.Conn)}, nil
}

// rebindConn is a pgx connection whose statements are rebound (the rest of
// what database/sql asks of a connection is pgx's own).
type rebindConn struct{ *stdlib.Conn }

func (c rebindConn) Prepare(query string) (driver.Stmt, error) {
	return c.Conn.Prepare(rebind(query))
}

func (c rebindConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.Conn.PrepareContext(ctx, rebind(query))
}

func (c rebindConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	return c.Conn.ExecContext(ctx, rebind(query), args)
}

func (c rebindConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	return c.Conn.QueryContext(ctx, rebind(query), args)
}

// rebind turns the SQLite placeholders of query into PostgreSQL's: each ?
// becomes the next $n, and ?N (numbered) becomes $N. Quoted strings,
// quoted names and comments are left as they are.
func rebind(query string) string {
	if !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 16)
	n := 0
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(query) && query[j] != c {
				j++
			}
			b.WriteString(query[i:min(j+1, len(query))])
			i = j
		case c == '-' && i+1 < len(query) && query[i+1] == '-':
			j := strings.IndexByte(query[i:], '\n')
			if j < 0 {
				j = len(query) - i
			}
			b.WriteString(query[i : i+j])
			i += j - 1
		case c == '?':
			j := i + 1
			for j < len(query) && query[j] >= '0' && query[j] <= '9' {
				j++
			}
			if j > i+1 {
				b.WriteString("$" + query[i+1:j])
				i = j - 1
			} else {
				n++
				fmt.Fprintf(&b, "$%d", n)
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
