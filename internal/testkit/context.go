package testkit

import "context"

// EndsAt returns a context whose Err is context.Canceled from its looks-th
// call on (and nil before), so that a test ends a search at a point of
// the search's own work rather than of the clock: a search that looks at
// its context every N nodes has then run (looks-1)·N nodes or so.
func EndsAt(looks int) context.Context {
	return &endsAt{Context: context.Background(), looks: looks}
}

type endsAt struct {
	context.Context
	looks, seen int
}

func (c *endsAt) Err() error {
	c.seen++
	if c.seen >= c.looks {
		return context.Canceled
	}
	return nil
}
