package tournament

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
// reaped yet is still listed).
func children() []string {
	tasks, _ := filepath.Glob("/proc/self/task/*/children")
	var out []string
	for _, t := range tasks {
		b, _ := os.ReadFile(t)
		out = append(out, strings.Fields(string(b))...)
	}
	return out
}
