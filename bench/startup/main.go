//go:build linux

// Command startup measures arbiter's start-up for bench/startup.sh: the CPU
// time of a whole command, the CPU time of a tournament up to its first
// "go", and the peak resident memory of a tournament's runner and worker
// processes.
//
//	startup cpu -- arbiter validate FILE
//	startup firstgo -out FILE -- arbiter tournament --db DB CONFIG.yaml
//	startup peak -- arbiter tournament --db DB CONFIG.yaml
//	startup engine
//
// cpu runs the command once and prints its CPU time (user + system, in
// microseconds, from wait4: the process and all it waited for) and its
// minor page faults.
//
// firstgo runs the command (a tournament whose engines are "startup
// engine") and prints the CPU time, in microseconds, that the runner and its
// worker process had used when the first engine got its first "go", then
// the two separately, then their minor page faults (together, then the
// runner's and the worker's). The engine, at that "go", sums the time on CPU of
// every thread of its parent (the worker) and of the worker's parent (the
// runner) from /proc/PID/task/TID/schedstat (nanoseconds), writes it to the
// file, and kills the runner (whose worker then ends). Engines are not
// counted.
//
// peak runs the command and prints the peak resident set (VmHWM, kB) of the
// runner and its worker processes together, of the process it started (the
// runner), and of its worker processes ("tournament-worker", summed); then
// the CPU time (ms) of the runner and of the workers. It reads
// /proc/PID/status and the threads' schedstat every 2 ms, and keeps each
// process's last reading: what a process adds in its last 2 ms is missed. (wait4's maximum cannot serve: it is the largest of the
// process and all its descendants, engines included, not a sum.)
//
// engine is a UGI engine for firstgo: it answers ugi and isready, and at its
// first go measures as above and exits.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/arbiter-games/arbiter/internal/proc"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "cpu":
		err = cpuCmd(os.Args[2:])
	case "firstgo":
		err = firstGo(os.Args[2:])
	case "peak":
		err = peak(os.Args[2:])
	case "engine":
		err = engine()
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "startup:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: startup cpu|firstgo -out FILE|peak -- COMMAND [ARG...] | startup engine")
	os.Exit(2)
}

// command returns the command in args (after "--", which a flag set may
// have taken already); its stdout and stderr are thrown away.
func command(args []string) (*exec.Cmd, error) {
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return nil, fmt.Errorf("no command given")
	}
	return exec.Command(args[0], args[1:]...), nil
}

func cpuCmd(args []string) error {
	cmd, err := command(args)
	if err != nil {
		return err
	}
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			return err
		}
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	fmt.Println((ru.Utime.Nano()+ru.Stime.Nano())/1000, ru.Minflt)
	return nil
}

func firstGo(args []string) error {
	fs := flag.NewFlagSet("firstgo", flag.ExitOnError)
	out := fs.String("out", "", "the file the engine writes its figures to")
	fs.Parse(args)
	if *out == "" {
		return fmt.Errorf("firstgo: -out FILE is required")
	}
	os.Remove(*out)
	cmd, err := command(fs.Args())
	if err != nil {
		return err
	}
	cmd.Env = append(os.Environ(), "ARBITER_STARTUP_OUT="+*out)
	cmd.Run() // killed by the engine: its status says nothing
	b, err := os.ReadFile(*out)
	if err != nil {
		return fmt.Errorf("no figures from the engine (did the tournament reach a go?): %w", err)
	}
	fmt.Print(string(b))
	return nil
}

// cpuNS is the time on CPU of every thread of process pid, in nanoseconds.
func cpuNS(pid int) int64 {
	dir := fmt.Sprintf("/proc/%d/task", pid)
	tasks, _ := os.ReadDir(dir)
	var sum int64
	for _, t := range tasks {
		b, err := os.ReadFile(filepath.Join(dir, t.Name(), "schedstat"))
		if err != nil {
			continue
		}
		f := strings.Fields(string(b))
		if len(f) > 0 {
			n, _ := strconv.ParseInt(f[0], 10, 64)
			sum += n
		}
	}
	return sum
}

// minflt is the number of minor page faults of process pid so far.
func minflt(pid int) int64 {
	st, _ := proc.ReadStat(pid)
	return st.MinFlt
}

// threads is the number of threads of process pid.
func threads(pid int) int {
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	return len(tasks)
}

// parent returns the parent process of pid (0 when it is gone).
func parent(pid int) int {
	st, _ := proc.ReadStat(pid)
	return st.PPID
}

func engine() error {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		switch f := strings.Fields(in.Text()); {
		case len(f) == 0:
		case f[0] == "ugi":
			fmt.Print("id name startup\nugiok\n")
		case f[0] == "isready":
			fmt.Print("readyok\n")
		case f[0] == "quit":
			return nil
		case f[0] == "go":
			worker := os.Getppid()
			runner := parent(worker)
			w, r := cpuNS(worker), cpuNS(runner)
			fr, fw := minflt(runner), minflt(worker)
			line := fmt.Sprintf("%d %d %d %d %d %d\n", (r+w)/1000, r/1000, w/1000, fr+fw, fr, fw)
			if os.Getenv("ARBITER_STARTUP_VERBOSE") != "" {
				line += fmt.Sprintf("threads %d %d, VmHWM kB %d %d\n", threads(runner), threads(worker), hwm(runner), hwm(worker))
			}
			if err := os.WriteFile(os.Getenv("ARBITER_STARTUP_OUT"), []byte(line), 0o644); err != nil {
				return err
			}
			return syscall.Kill(runner, syscall.SIGKILL)
		}
	}
	return in.Err()
}

func peak(args []string) error {
	cmd, err := command(args)
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	runner := cmd.Process.Pid
	var runnerKB, runnerCPU int64
	workers := map[int][2]int64{} // pid → last VmHWM, CPU
	ticks := 0
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			if err != nil {
				return fmt.Errorf("%s: %w", strings.Join(cmd.Args, " "), err)
			}
			var wsum, wcpu int64
			for _, w := range workers {
				wsum += w[0]
				wcpu += w[1]
			}
			fmt.Printf("%d %d %d %d %d\n", runnerKB+wsum, runnerKB, wsum, runnerCPU/1e6, wcpu/1e6)
			return nil
		case <-tick.C:
			if kb := hwm(runner); kb > 0 {
				runnerKB, runnerCPU = kb, max(runnerCPU, cpuNS(runner))
			}
			if ticks++; ticks%25 == 1 { // a scan of /proc every 50 ms
				for _, c := range children(runner) {
					if _, ok := workers[c]; !ok && isWorker(c) {
						workers[c] = [2]int64{}
					}
				}
			}
			for c, w := range workers {
				if kb := hwm(c); kb > 0 {
					workers[c] = [2]int64{kb, max(w[1], cpuNS(c))}
				}
			}
		}
	}
}

// hwm is VmHWM of process pid in kB, or 0.
func hwm(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// children lists the child processes of pid.
func children(pid int) []int {
	ents, _ := os.ReadDir("/proc")
	var kids []int
	for _, e := range ents {
		if n, err := strconv.Atoi(e.Name()); err == nil && parent(n) == pid {
			kids = append(kids, n)
		}
	}
	return kids
}

func isWorker(pid int) bool {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	return strings.Contains(string(b), "tournament-worker")
}
