package engineproc

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/arbiter-games/arbiter/internal/shorten"
	"github.com/arbiter-games/arbiter/ugi"
)

// Reply is an engine's answer to go.
type Reply struct {
	Move    string        // the move as the engine wrote it
	Elapsed time.Duration // from writing go to reading bestmove (monotonic clock)
	// Search is what the info lines said: the latest value of each field,
	// the zero value where none said it.
	Search ugi.Info
	// LastInfo is the last info line before bestmove, if any.
	LastInfo string
}

// addInfo takes what the info line s says of the search: each field it
// says replaces the one an earlier line said. It does not allocate.
func (r *Reply) addInfo(s string) {
	in := ugi.ParseInfo(s)
	if in.Depth > 0 {
		r.Search.Depth = in.Depth
	}
	if in.Nodes > 0 {
		r.Search.Nodes = in.Nodes
	}
	if in.NPS > 0 {
		r.Search.NPS = in.NPS
	}
	if in.Eval.OK {
		r.Search.Eval = in.Eval
	}
}

// Position queues the position command: start is "startpos" or
// "fen <FEN>", moves the moves played since, in canonical notation. It is
// written together with the next command (Go, Ping), in one write.
func (e *Client) Position(start string, moves []string) error {
	if e.failed != nil {
		return e.failed
	}
	b := append(append(e.wbuf[:0], ugi.CmdPosition...), ' ')
	b = append(b, start...)
	if len(moves) > 0 {
		b = append(b, " moves"...)
		for _, m := range moves {
			b = append(b, ' ')
			b = append(b, m...)
		}
	}
	if controlAt(b) >= 0 {
		e.wbuf = b[:0]
		return e.refuse(string(b))
	}
	e.wbuf = append(b, '\n')
	return nil
}

// Go asks for a move within lim (a fixed time per move when MoveTime > 0,
// else both clocks, and a config's node or depth limit) and waits for
// bestmove at most wait. Info lines are skipped (the last one is kept);
// any other line is malformed. The time is measured from writing go to
// reading bestmove.
func (e *Client) Go(ctx context.Context, lim ugi.Limits, wait time.Duration) (Reply, error) {
	e.wbuf = append(lim.AppendGo(e.wbuf), '\n')
	var r Reply
	if err := e.send(); err != nil {
		return r, err
	}
	start := time.Now()
	deadline := start.Add(wait)
	for {
		l, err := e.recv(ctx, deadline)
		switch {
		case err == io.EOF:
			r.Elapsed = time.Since(start)
			return r, e.crashed("while waiting for bestmove")
		case err == errTimeout:
			r.Elapsed = time.Since(start)
			return r, e.fail(&Error{Kind: Timeout, Detail: fmt.Sprintf("no bestmove within %v", wait.Round(time.Millisecond))})
		case err != nil:
			return r, err
		}
		if l.long {
			r.Elapsed = time.Since(start)
			return r, e.fail(&Error{Kind: Malformed, Detail: fmt.Sprintf("wrote a line longer than %d bytes", MaxLine)})
		}
		s := strings.TrimSpace(l.text)
		if s == "" {
			continue
		}
		if word, _, _ := strings.Cut(s, " "); word == ugi.ReplyInfo {
			r.LastInfo = s
			r.addInfo(s)
			continue
		}
		if rest, ok := strings.CutPrefix(s, ugi.ReplyBestMove+" "); ok {
			if mv, _, _ := strings.Cut(strings.TrimSpace(rest), " "); mv != "" {
				r.Move = mv
				r.Elapsed = time.Since(start)
				return r, nil
			}
		}
		r.Elapsed = time.Since(start)
		return r, e.fail(&Error{Kind: Malformed, Text: s,
			Detail: fmt.Sprintf("answered %q instead of bestmove", shorten.To(s, 200))})
	}
}
