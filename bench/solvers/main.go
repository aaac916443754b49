//go:build linux

// Command solvers measures the Lines of Action solver (loa.Position.Solve)
// against a plain iterative-deepening alpha-beta win search with the same
// node budget and move generator, on the positions 1 to 15 plies before
// the end of every real game that ends in a win by the rules.
//
//	go run ./bench/solvers                       # every game: hours on 2 cores
//	go run ./bench/solvers -every 20 -nodes 1e5,1e6
//
// It prints a Markdown table of the share of positions each search proves
// (a win or a loss for the side to move) within each budget, by distance
// from the end, and checks that the two never prove different results.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/loa"
)

func main() {
	dir := flag.String("dir", "testdata/loa-real", "directory of the real games (*.agn)")
	every := flag.Int("every", 1, "take every n-th decisive game")
	budgets := flag.String("nodes", "1e5,1e6", "node budgets, comma-separated")
	jobs := flag.Int("jobs", runtime.NumCPU(), "positions searched at once")
	flag.Parse()
	var nodes []int64
	for f := range strings.SplitSeq(*budgets, ",") {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil || x < 1 {
			fmt.Fprintf(os.Stderr, "solvers: -nodes: %q is not a budget\n", f)
			os.Exit(2)
		}
		nodes = append(nodes, int64(x))
	}
	ps, games, err := positions(*dir, *every)
	if err != nil {
		fmt.Fprintln(os.Stderr, "solvers:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "%d positions from %d games, budgets %v, %d jobs\n", len(ps), games, nodes, *jobs)

	// results[b][i]: what each search proved of ps[i] with nodes[b].
	type result struct {
		solve, ab         rules.Result
		solveN, abN       int64
		solveDur, abDur   time.Duration
		solvePly, abPlies int
	}
	results := make([][]result, len(nodes))
	for b, budget := range nodes {
		results[b] = make([]result, len(ps))
		var next, done atomic.Int64
		var wg sync.WaitGroup
		start := time.Now()
		for range *jobs {
			wg.Go(func() {
				// CPU time is read per thread, so that the rates hold on
				// a shared machine.
				runtime.LockOSThread()
				for {
					i := int(next.Add(1) - 1)
					if i >= len(ps) {
						return
					}
					p := ps[i].pos
					r := &results[b][i]
					t := threadCPU()
					proof := p.Solve(context.Background(), budget)
					r.solveDur = threadCPU() - t
					r.solve, r.solveN, r.solvePly = proof.Result, proof.Nodes, proof.Plies
					t = threadCPU()
					r.ab, r.abPlies, r.abN = winSearch(p, budget)
					r.abDur = threadCPU() - t
					if n := done.Add(1); n%500 == 0 {
						fmt.Fprintf(os.Stderr, "%v nodes: %d/%d positions, %v\n", budget, n, len(ps), time.Since(start).Round(time.Second))
					}
				}
			})
		}
		wg.Wait()
	}

	fmt.Printf("| plies from the end | positions |")
	for _, n := range nodes {
		fmt.Printf(" df-pn %s | alpha-beta %s |", short(n), short(n))
	}
	fmt.Println()
	fmt.Print("| --- | --- |")
	for range nodes {
		fmt.Print(" --- | --- |")
	}
	fmt.Println()
	bands := [][2]int{{1, 5}, {6, 10}, {11, 15}, {1, 15}}
	for _, band := range bands {
		var count int
		solved := make([][2]int, len(nodes))
		for i, p := range ps {
			if p.dist < band[0] || p.dist > band[1] {
				continue
			}
			count++
			for b := range nodes {
				r := results[b][i]
				if r.solve != rules.Unfinished {
					solved[b][0]++
				}
				if r.ab != rules.Unfinished {
					solved[b][1]++
				}
			}
		}
		fmt.Printf("| %d–%d | %d |", band[0], band[1], count)
		for b := range nodes {
			fmt.Printf(" %s | %s |", share(solved[b][0], count), share(solved[b][1], count))
		}
		fmt.Println()
	}
	for b, n := range nodes {
		var sN, aN int64
		var sD, aD time.Duration
		disagree := 0
		for _, r := range results[b] {
			sN += r.solveN
			aN += r.abN
			sD += r.solveDur
			aD += r.abDur
			if r.solve != rules.Unfinished && r.ab != rules.Unfinished && r.solve != r.ab {
				disagree++
			}
		}
		fmt.Fprintf(os.Stderr, "%s nodes: df-pn %.2fM nodes/s (%v CPU), alpha-beta %.2fM nodes/s (%v CPU), %d different results\n",
			short(n), float64(sN)/sD.Seconds()/1e6, sD.Round(time.Second), float64(aN)/aD.Seconds()/1e6, aD.Round(time.Second), disagree)
		if disagree > 0 {
			defer os.Exit(1)
		}
	}
}

// pos is a position of a real game, dist plies before its end.
type pos struct {
	pos  loa.Position
	dist int
}

// positions reads the games of dir and returns the positions 1 to 15
// plies before the end of every every-th game that ends in a win by the
// rules, with the number of games they come from.
func positions(dir string, every int) ([]pos, int, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.agn"))
	if err != nil || len(files) == 0 {
		return nil, 0, fmt.Errorf("no *.agn in %s", dir)
	}
	var ps []pos
	decisive := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, 0, err
		}
		games, err := notation.Parse(name, data)
		if err != nil {
			return nil, 0, err
		}
		for _, g := range games {
			p := loa.StartPosition()
			line := []loa.Position{p}
			for _, mv := range g.Moves {
				m, err := p.ParseMove(mv.Text)
				if err == nil {
					err = p.Play(m)
				}
				if err != nil {
					return nil, 0, fmt.Errorf("%s: %s: %w", name, mv.Text, err)
				}
				line = append(line, p)
			}
			if r := p.Outcome().Result; r != rules.WhiteWins && r != rules.BlackWins {
				continue
			}
			decisive++
			if (decisive-1)%every != 0 {
				continue
			}
			for k := 1; k <= 15 && k < len(line); k++ {
				ps = append(ps, pos{line[len(line)-1-k], k})
			}
		}
	}
	return ps, (decisive + every - 1) / every, nil
}

// winSearch is the baseline: depth-first alpha-beta on win (+1), loss
// (-1) and anything else (0) for the side to move, deepened a ply at a
// time until it proves a result or the budget runs out. It has no table
// and no move ordering, and it counts nodes as Solve does (every position
// played). It returns the result, its depth and the nodes visited.
func winSearch(p loa.Position, budget int64) (rules.Result, int, int64) {
	if o := p.Outcome(); o.Over() {
		return o.Result, 0, 0
	}
	s := &abSearch{budget: budget, nodes: 1}
	for depth := 1; ; depth++ {
		v := s.search(&p, depth, -1, 1, 0)
		if s.nodes >= s.budget {
			return rules.Unfinished, 0, s.nodes
		}
		switch v {
		case 1:
			return rules.Win(p.Turn()), depth, s.nodes
		case -1:
			return rules.Win(p.Turn().Other()), depth, s.nodes
		}
		if !s.deeper {
			return rules.Unfinished, 0, s.nodes // the whole tree ends within depth
		}
	}
}

type abSearch struct {
	budget, nodes int64
	deeper        bool // the last iteration stopped at its depth somewhere
	moves         [64][128]rules.Move
}

func (s *abSearch) search(p *loa.Position, depth, alpha, beta, ply int) int {
	if o := p.Outcome(); o.Over() {
		switch o.Result {
		case rules.Win(p.Turn()):
			return 1
		case rules.Win(p.Turn().Other()):
			return -1
		}
		return 0
	}
	if depth == 0 || ply >= len(s.moves) {
		s.deeper = true
		return 0
	}
	if ply == 0 {
		s.deeper = false
	}
	best := -1
	for _, m := range p.Moves(s.moves[ply][:0]) {
		if s.nodes >= s.budget {
			return 0
		}
		q := *p
		q.PlayUnchecked(m)
		s.nodes++
		v := -s.search(&q, depth-1, -beta, -alpha, ply+1)
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}

// threadCPU returns the CPU time (user and system) of the calling thread.
func threadCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// rusageThread is Linux's RUSAGE_THREAD.
const rusageThread = 1

func short(n int64) string {
	e := 0
	for m := n; m >= 10 && m%10 == 0; m /= 10 {
		e++
	}
	if x := n / pow10(e); x == 1 {
		return fmt.Sprintf("10^%d", e)
	}
	return strconv.FormatInt(n, 10)
}

func pow10(e int) int64 {
	x := int64(1)
	for range e {
		x *= 10
	}
	return x
}

func share(n, of int) string {
	if of == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}
