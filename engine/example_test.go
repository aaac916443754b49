package engine_test

import (
	"fmt"

	"github.com/arbiter-games/arbiter/engine"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/loa"
	"github.com/arbiter-games/arbiter/ugi"
)

func ExamplePlayer_Think() {
	pos, _ := loa.Game.Start(rules.TagMap{})
	e := engine.New(loa.Game, engine.Options{Level: engine.Search, HashMB: 1})
	res := e.Think(pos, nil, ugi.Limits{Depth: 3}, nil, nil)
	fmt.Println(pos.FormatMove(res.Move), res.Info.Depth)
	// Output: b1-d3 3
}
