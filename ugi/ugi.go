package ugi

import (
	"fmt"
	"strconv"
	"time"

	"github.com/arbiter-games/arbiter/internal/shorten"
)

// The commands the runner sends and the words of the engine's replies.
const (
	CmdUGI       = "ugi"
	CmdIsReady   = "isready"
	CmdNewGame   = "uginewgame"
	CmdSetOption = "setoption"
	CmdPosition  = "position"
	CmdGo        = "go"
	CmdStop      = "stop"
	CmdQuit      = "quit"
	CmdQuery     = "query"

	ReplyUGIOK    = "ugiok"
	ReplyReadyOK  = "readyok"
	ReplyBestMove = "bestmove"
	ReplyInfo     = "info"
	ReplyResponse = "response"
	ReplyOption   = "option"
	ReplyError    = "error"
)

// Limits are the limits of one search as the go command states them. Zero
// fields do not limit; with no limit at all the search runs until stopped.
type Limits struct {
	Depth    int           // plies of full-width search
	Nodes    int64         // nodes visited
	MoveTime time.Duration // time for this move
	// Time and Inc are the clocks: index 0 is the player who moves first in
	// the game (p1), index 1 the other (p2). Time[i] == 0 means no clock.
	Time [2]time.Duration
	Inc  [2]time.Duration
	// MovesToGo, when above 0, is the side to move's moves until its
	// clock gets its next period (a time control of moves per period).
	MovesToGo int
	// Infinite searches until stopped, ignoring the other limits.
	Infinite bool
}

// ParseGo reads the arguments of a go command (the words after "go"):
// "movetime", "p1time", "p2time", "p1inc", "p2inc" in milliseconds,
// "depth", "nodes", "movestogo" with a whole number
// from 0 each, and "infinite". A limit sent is a limit: a time of 0 reads
// as 1 ms, a depth or node count of 0 as 1.
func ParseGo(args []string) (Limits, error) {
	var lim Limits
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "infinite" {
			lim.Infinite = true
			continue
		}
		if i+1 >= len(args) {
			return lim, fmt.Errorf("%q needs a value", clip(a))
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil || n < 0 {
			return lim, fmt.Errorf("%s %q: not a whole number from 0", clip(a), clip(args[i+1]))
		}
		i++
		ms := time.Duration(n) * time.Millisecond
		switch a {
		case "p1time":
			lim.Time[0] = max(ms, time.Millisecond)
		case "p2time":
			lim.Time[1] = max(ms, time.Millisecond)
		case "p1inc":
			lim.Inc[0] = ms
		case "p2inc":
			lim.Inc[1] = ms
		case "movetime":
			lim.MoveTime = max(ms, time.Millisecond)
		case "depth":
			lim.Depth = int(max(min(n, 1<<30), 1))
		case "nodes":
			lim.Nodes = max(n, 1)
		case "movestogo":
			lim.MovesToGo = int(min(n, 1<<30))
		default:
			return lim, fmt.Errorf("unknown parameter %q", clip(a))
		}
	}
	return lim, nil
}

// AppendGo appends the go command for l, without its newline: "go
// movetime T" when MoveTime is set, else the four clock words when a clock
// is set (and movestogo when above 0), then nodes and depth when above 0,
// and "infinite" when set.
func (l Limits) AppendGo(b []byte) []byte {
	b = append(b, CmdGo...)
	switch {
	case l.MoveTime > 0:
		b = appendMillis(b, "movetime", l.MoveTime)
	case l.Time != [2]time.Duration{} || !l.Infinite && l.Nodes == 0 && l.Depth == 0:
		b = appendMillis(b, "p1time", l.Time[0])
		b = appendMillis(b, "p2time", l.Time[1])
		b = appendMillis(b, "p1inc", l.Inc[0])
		b = appendMillis(b, "p2inc", l.Inc[1])
		if l.MovesToGo > 0 {
			b = append(b, " movestogo "...)
			b = strconv.AppendInt(b, int64(l.MovesToGo), 10)
		}
	}
	if l.Nodes > 0 {
		b = append(b, " nodes "...)
		b = strconv.AppendInt(b, l.Nodes, 10)
	}
	if l.Depth > 0 {
		b = append(b, " depth "...)
		b = strconv.AppendInt(b, int64(l.Depth), 10)
	}
	if l.Infinite {
		b = append(b, " infinite"...)
	}
	return b
}

func appendMillis(b []byte, key string, d time.Duration) []byte {
	b = append(b, ' ')
	b = append(b, key...)
	b = append(b, ' ')
	return strconv.AppendInt(b, d.Milliseconds(), 10)
}

// clip shortens a word for an error message.
func clip(s string) string { return shorten.To(s, 40) }
