package main

import (
	"fmt"
	"io/fs"
	"net"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/serve"
	"github.com/arbiter-games/arbiter/store"
)

func serveCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "serve",
		Usage:     "serve a read-only live web view of a database while tournaments write to it",
		ArgsUsage: " ",
		Description: "Serves, at http://ADDR/, the tournaments of the database: per tournament its\n" +
			"progress (games stored; on PostgreSQL the games in play and their runners), the\n" +
			"latest games (each opening in the game viewer), the standings with Elo and\n" +
			"intervals and the SPRT charts, updated without a reload as games are stored.\n" +
			"Nothing is written. The address is on the loopback interface unless --addr\n" +
			"gives another, which is then said on start. Ctrl-C stops it at once.\n" +
			"See docs/viewing.md.",
		Flags: []cli.Flag{
			dbFlag(""),
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "listen on `HOST:PORT` (port 0: any free port)"},
		},
		Action: func(c *cli.Context) error {
			if err := noArgs(c, "serve"); err != nil {
				return err
			}
			addr := c.String("addr")
			if _, _, err := net.SplitHostPort(addr); err != nil {
				return usageErrorf("serve: --addr %q: want HOST:PORT, such as 127.0.0.1:8080", addr)
			}
			// The file as it is before the open, so that one replaced
			// while the open checks it is seen as replaced.
			var before fs.FileInfo
			if path := c.String("db"); !store.IsPostgres(path) {
				before, _ = os.Stat(path)
			}
			db, err := openExisting(c, "db")
			if err != nil {
				return err
			}
			defer db.Close()
			// The pages name db by its path, or its URL without the password.
			srv := serve.New(db, db.Path())
			if before != nil {
				srv.Opened = before
			}
			srv.Warn = func(msg string) { fmt.Fprintf(e.stderr, "serve: %s\n", msg) }
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("serve: %w", err)
			}
			fmt.Fprintf(e.stderr, "serve: http://%s/ (read only; Ctrl-C stops)\n", ln.Addr())
			if !serve.Loopback(addr) {
				fmt.Fprintf(e.stderr, "serve: %s is not a loopback address: whoever reaches this machine on it can read the database\n", addr)
			}
			return srv.Run(c.Context, ln)
		},
	}
}
