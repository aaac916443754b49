package engine

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/rules/games"
)

func TestQuick(t *testing.T) {
	name := os.Getenv("QG")
	if name == "" {
		t.Skip()
	}
	g, _ := games.Lookup(name)
	nodes, _ := strconv.Atoi(os.Getenv("QN"))
	n, _ := strconv.Atoi(os.Getenv("QGAMES"))
	opp, _ := ParseLevel(os.Getenv("QOPP"))
	start := time.Now()
	res, err := Match(g, Player{Level: Search, Limits: Limits{Nodes: int64(nodes)}}, Player{Level: opp}, MatchOptions{Games: n, Seed: 99, OpeningPlies: openingPlies(g), MaxPlies: 300, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s search %d nodes vs %s: %v in %v", name, nodes, opp, res, time.Since(start))
}
