package tournament

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/arbiter-games/arbiter/internal/pgtest"
)

// groupMembers lists the live (not zombie) processes of process group pgid,
// read from /proc.
func groupMembers(pgid int) []int {
	ents, _ := os.ReadDir("/proc")
	var pids []int
	for _, ent := range ents {
		pid, err := strconv.Atoi(ent.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + ent.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...; comm may hold spaces.
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 3 || f[0] == "Z" || f[0] == "X" {
			continue
		}
		if g, _ := strconv.Atoi(f[2]); g == pgid {
			pids = append(pids, pid)
		}
	}
	return pids
}

func groupAlive(pgid int) bool { return len(groupMembers(pgid)) > 0 }

// children lists this process's children, zombies included (a child not
// reaped yet is still listed), but for the test PostgreSQL server, which
// this process adopts as a subreaper once a test has started it.
func children() []string {
	tasks, _ := filepath.Glob("/proc/self/task/*/children")
	server := strconv.Itoa(pgtest.ServerPID())
	var out []string
	for _, t := range tasks {
		b, _ := os.ReadFile(t)
		for _, pid := range strings.Fields(string(b)) {
			if pid != server {
				out = append(out, pid)
			}
		}
	}
	return out
}

// childrenLeft lists this process's children once they have had up to 2 s
// to end and be reaped, each as "PID (comm) state". Since the runner is a
// child subreaper, the engines of a worker process that died become its
// children, and their exits are reaped as SIGCHLD comes: a check made the
// moment Run returns may still see one of them on its way out.
func childrenLeft() []string {
	deadline := time.Now().Add(2 * time.Second)
	for len(children()) > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	var out []string
	for _, pid := range children() {
		desc := pid
		if b, err := os.ReadFile("/proc/" + pid + "/stat"); err == nil {
			s := string(b)
			if i, j := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')'); i >= 0 && j > i {
				if f := strings.Fields(s[j+1:]); len(f) > 0 {
					desc = pid + " " + s[i:j+1] + " " + f[0]
				}
			}
		}
		out = append(out, desc)
	}
	return out
}
