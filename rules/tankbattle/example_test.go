package tankbattle_test

import (
	"fmt"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/tankbattle"
)

func Example() {
	p, err := tankbattle.Start(rules.TagMap{})
	if err != nil {
		panic(err)
	}
	fmt.Println(len(p.Moves(nil)), "moves")
	m, _ := p.ParseMove("k1-k3")
	fmt.Println(p.Play(m))
	m, _ = p.ParseMove("j4-i5")
	fmt.Println(p.Play(m))
	fmt.Println(p.FEN())
	s, _ := p.Score()
	fmt.Println(s)
	// Output:
	// 38 moves
	// crosses the tank on k2
	// <nil>
	// ctttt6/tttt7/ttt8/tt9/11/11/8T2/10T/8TTT/7TTTT/6TTTTC b
	// 14-14
}
