package config

import (
	"strconv"
	"time"
)

// TimeControl is a clock (base_ms, optionally increment_ms, and with
// moves_to_go base_ms again every moves_to_go moves), a fixed time per
// move (move_ms), or none (infinite: the engines' limits bound each
// search).
type TimeControl struct {
	BaseMS      *int `yaml:"base_ms" json:"base_ms,omitempty"`
	IncrementMS *int `yaml:"increment_ms" json:"increment_ms,omitempty"`
	MovesToGo   *int `yaml:"moves_to_go" json:"moves_to_go,omitempty"`
	MoveMS      *int `yaml:"move_ms" json:"move_ms,omitempty"`
	Infinite    bool `yaml:"infinite" json:"infinite,omitempty"`
}

// MaxTimeMS is the most a time of a config may be, in milliseconds: a
// year. base_ms, increment_ms, move_ms, time_margin_ms and the timeouts are
// bounded by it: a clock beyond it means nothing to a game, and with the
// bound a time in nanoseconds (time.Duration, whose end is about 292
// years away) holds any one of them and the sums the referee makes.
const MaxTimeMS int64 = 365 * 24 * 60 * 60 * 1000

// atMost checks that the time at path, when set, is at most MaxTimeMS.
func (p *problems) atMost(v *int, name string, path ...string) {
	if v != nil && int64(*v) > MaxTimeMS {
		p.add(path, "%s is %d; it must be at most %d (a year)", name, *v, MaxTimeMS)
	}
}

// kind names the kind of a time control, for messages.
func (tc TimeControl) kind() string {
	switch {
	case tc.MoveMS != nil:
		return "a time per move"
	case tc.Infinite:
		return "no time limit"
	}
	return "a clock"
}

// EngineLimits are per-engine search limits, sent with every go.
type EngineLimits struct {
	Nodes *int64 `yaml:"nodes" json:"nodes,omitempty"`
	Depth *int   `yaml:"depth" json:"depth,omitempty"`
}

// checkLimits checks the time control, the time margin, max_plies, the
// timeouts and concurrency.
func (c *Tournament) checkLimits(p *problems) {
	p.positive(&c.TimeMarginMS, "time_margin_ms", int(DefaultTimeMargin/time.Millisecond), 0)
	p.positive(&c.MaxPlies, "max_plies", DefaultMaxPlies, 1)
	p.positive(&c.StartupTimeoutMS, "startup_timeout_ms", int(DefaultStartupTimeout/time.Millisecond), 1)
	p.positive(&c.PingTimeoutMS, "ping_timeout_ms", int(DefaultPingTimeout/time.Millisecond), 1)
	p.atMost(c.TimeMarginMS, "time_margin_ms", "time_margin_ms")
	p.atMost(c.StartupTimeoutMS, "startup_timeout_ms", "startup_timeout_ms")
	p.atMost(c.PingTimeoutMS, "ping_timeout_ms", "ping_timeout_ms")
	if c.Concurrency < 0 {
		p.add(key("concurrency"), "concurrency is %d; it must be at least 1", c.Concurrency)
	}
	checkTimeControl(p, c.TimeControl, "time_control")
}

// checkTimeControl checks a time control found at path.
func checkTimeControl(p *problems, tc TimeControl, path ...string) {
	at := func(k ...string) []string { return append(append([]string{}, path...), k...) }
	switch {
	case tc.Infinite && (tc.MoveMS != nil || tc.BaseMS != nil || tc.IncrementMS != nil || tc.MovesToGo != nil):
		p.add(at(), "time_control infinite has a time set too: give {infinite: true} alone, with the engines' limits (nodes or depth)")
	case tc.Infinite:
	case tc.MoveMS != nil && (tc.BaseMS != nil || tc.IncrementMS != nil || tc.MovesToGo != nil):
		p.add(at(), "time_control has move_ms and base_ms/increment_ms: give either {base_ms, increment_ms} or {move_ms}")
	case tc.MoveMS != nil:
		if *tc.MoveMS < 1 {
			p.add(at("move_ms"), "move_ms is %d; it must be at least 1", *tc.MoveMS)
		}
		p.atMost(tc.MoveMS, "move_ms", at("move_ms")...)
	case tc.BaseMS != nil:
		if *tc.BaseMS < 1 {
			p.add(at("base_ms"), "base_ms is %d; it must be at least 1", *tc.BaseMS)
		}
		if tc.IncrementMS != nil && *tc.IncrementMS < 0 {
			p.add(at("increment_ms"), "increment_ms is %d; it must not be negative", *tc.IncrementMS)
		}
		p.atMost(tc.BaseMS, "base_ms", at("base_ms")...)
		p.atMost(tc.IncrementMS, "increment_ms", at("increment_ms")...)
		if tc.MovesToGo != nil && *tc.MovesToGo < 1 {
			p.add(at("moves_to_go"), "moves_to_go is %d; it must be at least 1", *tc.MovesToGo)
		}
	case tc.IncrementMS != nil || tc.MovesToGo != nil:
		p.add(at(), "time_control has increment_ms or moves_to_go without base_ms")
	default:
		p.add(at(), "time_control is missing: give {base_ms: N, increment_ms: N}, {move_ms: N} or {infinite: true}")
	}
}

// EngineTimeControl returns engine i's time control: its own, or the
// tournament's.
func (c *Tournament) EngineTimeControl(i int) TimeControl {
	if tc := c.Engines[i].TimeControl; tc != nil {
		return *tc
	}
	return c.TimeControl
}

// EngineLimits returns the go limits of engine i other than the clock.
func (c *Tournament) EngineLimits(i int) (nodes int64, depth int) {
	if l := c.Engines[i].Limits; l != nil {
		if l.Nodes != nil {
			nodes = *l.Nodes
		}
		if l.Depth != nil {
			depth = *l.Depth
		}
	}
	return nodes, depth
}

// TimeControlTag writes engine i's time control as a TimeControl tag,
// cutechess style in seconds: "60+0.5" (base+increment), "60",
// "40/60+0.6" (moves per period), "0.1/move", "inf"; its limits follow, as
// in "0.1/move nodes=1000 depth=8".
func (c *Tournament) TimeControlTag(i int) string {
	tc := c.EngineTimeControl(i)
	sec := func(ms int) string { return strconv.FormatFloat(float64(ms)/1000, 'f', -1, 64) }
	var s string
	switch {
	case tc.MoveMS != nil:
		s = sec(*tc.MoveMS) + "/move"
	case tc.BaseMS != nil:
		s = sec(*tc.BaseMS)
		if tc.MovesToGo != nil {
			s = strconv.Itoa(*tc.MovesToGo) + "/" + s
		}
		if tc.IncrementMS != nil && *tc.IncrementMS > 0 {
			s += "+" + sec(*tc.IncrementMS)
		}
	case tc.Infinite:
		s = "inf"
	}
	nodes, depth := c.EngineLimits(i)
	if nodes > 0 {
		s += " nodes=" + strconv.FormatInt(nodes, 10)
	}
	if depth > 0 {
		s += " depth=" + strconv.Itoa(depth)
	}
	return s
}

// EngineMargin is the time engine i may overrun its clock before it
// forfeits: its own time_margin_ms, or the tournament's.
func (c *Tournament) EngineMargin(i int) time.Duration {
	if m := c.Engines[i].TimeMarginMS; m != nil {
		return time.Duration(*m) * time.Millisecond
	}
	return c.Margin()
}
