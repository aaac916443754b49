//go:build unix

// Command cputime runs commands in turn, many times each, and prints the
// CPU time (user + system, from the kernel's accounting of each finished
// process) and wall time they take: for start-up costs of a few
// milliseconds, which time(1) rounds to tens of milliseconds, and for
// comparing two builds on a shared machine, where the per-round ratio of
// runs made moments apart says more than either time alone.
//
//	go run ./bench/cputime -n 200 -c './arbiter validate testdata/samples/knight-fight.agn'
//	go run ./bench/cputime -n 100 -c './old validate F' -c './new validate F'
//
// Each -c is one command, split at spaces (no shell, no quoting). The
// commands run in turn, one round after another, after one warm-up round;
// their output is thrown away. It prints, per command, the median, mean
// and min of CPU and wall time in milliseconds, with the median of the
// per-round CPU ratio to the first command.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

type commands []string

func (c *commands) String() string     { return strings.Join(*c, "; ") }
func (c *commands) Set(s string) error { *c = append(*c, s); return nil }

func main() {
	var cmds commands
	n := flag.Int("n", 100, "rounds counted")
	flag.Var(&cmds, "c", "a command (repeat for more); split at spaces")
	flag.Parse()
	if len(cmds) == 0 || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: cputime [-n ROUNDS] -c 'COMMAND ARGS' [-c ...]")
		os.Exit(2)
	}
	cpu := make([][]float64, len(cmds))
	wall := make([][]float64, len(cmds))
	ratio := make([][]float64, len(cmds))
	for r := 0; r <= *n; r++ {
		var first float64
		for i, c := range cmds {
			u, w, err := run(strings.Fields(c))
			if err != nil {
				fmt.Fprintf(os.Stderr, "cputime: %s: %v\n", c, err)
				os.Exit(1)
			}
			if r == 0 {
				continue // warm-up
			}
			if i == 0 {
				first = u
			}
			cpu[i] = append(cpu[i], u)
			wall[i] = append(wall[i], w)
			ratio[i] = append(ratio[i], u/first)
		}
	}
	fmt.Printf("%-10s %9s %9s %9s %9s %9s %11s  %s\n", "", "cpu med", "cpu mean", "cpu min", "wall med", "wall min", "cpu/first", "command")
	for i, c := range cmds {
		fmt.Printf("%-10s %9.2f %9.2f %9.2f %9.2f %9.2f %11.3f  %s\n", fmt.Sprintf("%d runs", *n),
			median(cpu[i]), mean(cpu[i]), slices.Min(cpu[i]), median(wall[i]), slices.Min(wall[i]), median(ratio[i]), c)
	}
	fmt.Println("(milliseconds; cpu/first is the median of the per-round ratios)")
}

// run runs argv once and returns its CPU time (user + system) and wall
// time in milliseconds. A failing exit status is not an error: validate
// exits 1 on invalid games.
func run(argv []string) (cpu, wall float64, err error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	start := time.Now()
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			return 0, 0, err
		}
	}
	wall = float64(time.Since(start).Microseconds()) / 1000
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	us := int64(ru.Utime.Sec)*1e6 + int64(ru.Utime.Usec) + int64(ru.Stime.Sec)*1e6 + int64(ru.Stime.Usec) // int32 fields on some systems
	return float64(us) / 1000, wall, nil
}

func median(x []float64) float64 {
	s := slices.Sorted(slices.Values(x))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func mean(x []float64) float64 {
	t := 0.0
	for _, v := range x {
		t += v
	}
	return t / float64(len(x))
}
