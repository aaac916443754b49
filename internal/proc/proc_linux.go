package proc

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// Isolate puts the engine in its own process group, so that it can be ended
// with everything it started, and asks the kernel to kill it when the runner
// dies (even by SIGKILL).
func Isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// IsolateWorker puts a worker process in its own process group, and asks the
// kernel to send it SIGTERM when the runner dies (even by SIGKILL): the
// worker then ends its engines and what they started (see EndTree), which
// only it can, and exits.
func IsolateWorker(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}

// KillGroup kills the process group led by pid. Its descendants are noted
// first as orphans to reap (see reapOrphans): killed with it, they come to
// this process as zombies, never seen alive.
func KillGroup(pid int) error {
	var tree []int
	var walk func(p string)
	walk = func(p string) {
		for _, c := range childrenOf(p) {
			if n, err := strconv.Atoi(c); err == nil && !slices.Contains(tree, n) {
				tree = append(tree, n)
				walk(c)
			}
		}
	}
	walk(strconv.Itoa(pid))
	if len(tree) > 0 {
		kids.Lock()
		for _, p := range tree {
			kids.orphans[p] = true
		}
		kids.Unlock()
	}
	return syscall.Kill(-pid, syscall.SIGKILL)
}

// The kernel sends Pdeathsig when the *thread* that started the child ends,
// not the process. Go ends a thread only when a goroutine locked to it
// exits, so every engine is started from one goroutine locked to its thread
// for the life of the process: the engines die with the runner and not
// before.
var spawner struct {
	once sync.Once
	reqs chan spawnReq
}

type spawnReq struct {
	cmd  *exec.Cmd
	done chan error
}

// Start starts cmd from the spawner's thread, and notes it as a child of
// this process's own (see kids). The first call makes this process a child
// subreaper.
func Start(cmd *exec.Cmd) error {
	spawner.once.Do(func() {
		spawner.reqs = make(chan spawnReq)
		go func() {
			runtime.LockOSThread() // never unlocked: the thread lives as long as the process
			for r := range spawner.reqs {
				kids.Lock()
				err := r.cmd.Start()
				if err == nil {
					pid := r.cmd.Process.Pid
					kids.ours[pid] = true
					// Whether os/exec keeps pidfds here, told once.
					kids.pidfds = kids.pidfds || heldPidfds()[pid]
				}
				kids.Unlock()
				r.done <- err
			}
		}()
		becomeSubreaper()
	})
	done := make(chan error, 1)
	spawner.reqs <- spawnReq{cmd: cmd, done: done}
	return <-done
}

// Processes that leave an engine's process group (setsid, setpgid) escape
// a kill of the group, and when their parent exits they are no child of the
// engine any more. So that they can still be found and ended, the runner
// (and each worker process) is a child subreaper: an orphan among its
// descendants becomes its child rather than init's. Every engine also has
// its own value of EngineEnv in its environment, which its descendants
// inherit: an orphan is the engine's whose value it has. EndTree ends an
// engine's descendants and orphans; reapOrphans reaps the orphans that
// exit, which would otherwise stay zombies (on SIGCHLD, and after EndTree).
//
// os/exec waits for the children it started; reaping them here would take
// their exit status from it. So an exited child is reaped, by its pid, only
// when it is known to be an orphan (seen alive with a token, or killed by
// EndTree or KillGroup) or when no pidfd of this process names it (see
// reapOrphans); never a child in kids.ours.
var kids = struct {
	sync.Mutex
	ours      map[int]bool    // started by Start and not yet reaped by their Wait
	orphans   map[int]bool    // engines' orphans seen alive or killed: to be reaped
	pidfds    bool            // os/exec holds a pidfd for the children it starts
	tokens    map[string]bool // the EngineEnv values of the engines not yet ended
	subreaper bool            // this process is a child subreaper
	wake      chan os.Signal  // the SIGCHLD handler's channel
	recheck   bool            // an exited child of kids.ours hid others from the SIGCHLD handler
}{ours: map[int]bool{}, orphans: map[int]bool{}, tokens: map[string]bool{}}

const prSetChildSubreaper = 36 // PR_SET_CHILD_SUBREAPER of prctl(2), Linux 3.4

// becomeSubreaper makes this process a child subreaper and starts reaping
// its orphans when a child exits.
func becomeSubreaper() {
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); errno != 0 {
		return
	}
	kids.Lock()
	kids.subreaper = true
	kids.Unlock()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGCHLD)
	kids.wake = sig
	go func() {
		for range sig {
			if orphanMayHaveExited() {
				reapOrphans()
			}
		}
	}()
}

// orphanMayHaveExited tells the SIGCHLD handler whether reapOrphans may
// find something to do. Most SIGCHLDs are the exits of this package's own
// children, which os/exec reaps: where it holds pidfds (so that
// reapOrphans reaps an exited child it does not know only once it has
// exited, and need not have seen it alive), a child that has not exited
// needs nothing, and waitid(WNOWAIT), which reports an exited child
// without reaping it, tells whether there is one. When the one it reports
// is in kids.ours, others may be behind it: the check is made again once
// its Wait has reaped it (see Forget).
func orphanMayHaveExited() bool {
	kids.Lock()
	pidfds := kids.pidfds
	kids.Unlock()
	if !pidfds {
		return true // live orphans must be seen, and noted, before they exit
	}
	// siginfo_t: signo, errno and code (int32 each), then a union that
	// starts with si_pid, aligned as a pointer. Linux zeroes si_pid when
	// no child has exited.
	var info [128]byte
	const pAll = 0
	pidAt := 12 + (unsafe.Sizeof(uintptr(0)) - 4)
	_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, pAll, 0, uintptr(unsafe.Pointer(&info[0])),
		syscall.WEXITED|syscall.WNOHANG|syscall.WNOWAIT, 0, 0)
	if errno != 0 {
		return errno != syscall.ECHILD // no children at all: nothing to reap
	}
	pid := int(int32(binary.NativeEndian.Uint32(info[pidAt:])))
	if pid == 0 {
		return false // no child has exited
	}
	kids.Lock()
	defer kids.Unlock()
	if kids.ours[pid] {
		kids.recheck = true
		return false
	}
	return true
}

// Forget notes that the child pid started by Start has been reaped by
// its Wait, and has the SIGCHLD handler look again if its exit hid others
// (see orphanMayHaveExited).
func Forget(pid int) {
	kids.Lock()
	delete(kids.ours, pid)
	recheck := kids.recheck
	kids.recheck = false
	kids.Unlock()
	if recheck {
		select {
		case kids.wake <- syscall.SIGCHLD:
		default: // a SIGCHLD is pending: the handler looks again anyway
		}
	}
}

// Track notes token as the EngineEnv value of a running engine: orphans
// with it are left alone until that engine is ended.
func Track(token string) {
	kids.Lock()
	kids.tokens[token] = true
	kids.Unlock()
}

// Stat is what /proc/PID/stat says of a process.
type Stat struct {
	PPID, PGID int
	Zombie     bool
	Exiting    bool  // dying (PF_EXITING) or a zombie: its memory, environment included, is gone
	MinFlt     int64 // minor page faults so far (bench/startup's measure)
	// StartTime is when the process started, in clock ticks after boot:
	// with the pid, it names one process (a pid is reused, not both).
	StartTime uint64
}

// pfExiting is the kernel's PF_EXITING, in the flags field of /proc/PID/stat.
const pfExiting = 0x4

// ReadStat reads /proc/PID/stat; false when there is no such process (or
// no /proc).
func ReadStat(pid int) (Stat, bool) { return readStat(strconv.Itoa(pid)) }

// readStat reads /proc/PID/stat.
func readStat(pid string) (Stat, bool) {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return Stat{}, false
	}
	// pid (comm) state ppid pgrp ...; comm may hold spaces and parentheses.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return Stat{}, false
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 20 {
		return Stat{}, false
	}
	ppid, _ := strconv.Atoi(string(f[1]))
	pgid, _ := strconv.Atoi(string(f[2]))
	flags, _ := strconv.ParseUint(string(f[6]), 10, 64)
	minflt, _ := strconv.ParseInt(string(f[7]), 10, 64)
	start, _ := strconv.ParseUint(string(f[19]), 10, 64)
	zombie := f[0][0] == 'Z' || f[0][0] == 'X'
	return Stat{PPID: ppid, PGID: pgid, Zombie: zombie, Exiting: zombie || flags&pfExiting != 0, MinFlt: minflt, StartTime: start}, true
}

// childrenOf lists the children of process pid (of all its threads).
//
// It runs on every SIGCHLD that may concern an orphan and at every engine's
// close, so it reads /proc with bare system calls into one buffer: a
// directory read for the threads, then one open, read and close per
// thread (filepath.Glob and os.ReadFile took twice the calls and a dozen
// allocations per thread).
func childrenOf(pid string) []string {
	dir := "/proc/" + pid + "/task/"
	buf := procBufs.Get().(*[]byte)
	defer procBufs.Put(buf)
	b := *buf
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	var tids []byte // the threads' ids, each followed by a NUL
	for {
		n, err := syscall.Getdents(fd, b)
		if err != nil || n <= 0 {
			break
		}
		// struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name.
		for off := 0; off+19 < n; {
			reclen := int(b[off+16]) | int(b[off+17])<<8
			if reclen == 0 || off+reclen > n {
				break
			}
			name := b[off+19 : off+reclen]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			if len(name) > 0 && name[0] != '.' {
				tids = append(append(tids, name...), 0)
			}
			off += reclen
		}
	}
	syscall.Close(fd)
	var out []string
	for len(tids) > 0 {
		i := bytes.IndexByte(tids, 0)
		path := dir + string(tids[:i]) + "/children"
		tids = tids[i+1:]
		for f := range bytes.FieldsSeq(readProc(path, buf)) {
			out = append(out, string(f))
		}
	}
	return out
}

// procBufs holds the buffers of childrenOf.
var procBufs = sync.Pool{New: func() any { b := make([]byte, 4096); return &b }}

// readProc reads the small /proc file at path into *buf, grown if need be,
// and returns what it read (nil if it could not be read).
func readProc(path string, buf *[]byte) []byte {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer syscall.Close(fd)
	n := 0
	for {
		if n == len(*buf) {
			*buf = append(*buf, make([]byte, len(*buf))...)
		}
		m, err := syscall.Read(fd, (*buf)[n:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil || m <= 0 {
			return (*buf)[:n]
		}
		n += m
	}
}

// allPids lists the processes in /proc.
func allPids() []string {
	ents, _ := os.ReadDir("/proc")
	var out []string
	for _, ent := range ents {
		if _, err := strconv.Atoi(ent.Name()); err == nil {
			out = append(out, ent.Name())
		}
	}
	return out
}

// readEnviron reads /proc/PID/environ in one read(2) where it fits 64 KiB
// (as it nearly always does). The file reads the memory of the program the
// process ran when it was opened: reads in several pieces (os.ReadFile
// starts with 512 bytes) across an execve get the start of the old
// environment and then nothing, which loses the token at its end.
func readEnviron(pid string) ([]byte, error) {
	f, err := os.Open("/proc/" + pid + "/environ")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, 64<<10)
	n, err := f.Read(b)
	for err == nil && n == len(b) {
		b = append(b, make([]byte, len(b))...)
		var k int
		k, err = f.Read(b[n:])
		n += k
	}
	if err == io.EOF {
		err = nil
	}
	return b[:n], err
}

// settleFor bounds engineToken's wait for an environment to appear.
const settleFor = time.Second

// engineToken returns the value of EngineEnv in the environment process pid
// started with, or "" (none, or not readable). With settle, an empty
// environment is read again for up to settleFor: a process in the middle
// of an execve shows an empty one until the new image's is set up, and
// EndTree must not miss an escapee that execs at the time of its scan
// ("setsid sh -c '…; exec sleep 30'"). That moment includes reading the
// program's interpreter from disk, which a loaded machine may hold up,
// hence the generous bound; only a process that really has no environment
// (env -i) costs that wait.
func engineToken(pid string, settle bool) string {
	b, err := readEnviron(pid)
	for start := time.Now(); settle && err == nil && len(b) == 0 && time.Since(start) < settleFor; {
		// A dying process has no environment either, and will get none:
		// waiting for it would slow every scan that meets one (a worker
		// whose runner died has 5 s to end its engines' escapees).
		if in, ok := readStat(pid); !ok || in.Exiting {
			break
		}
		time.Sleep(500 * time.Microsecond)
		b, err = readEnviron(pid)
	}
	if err != nil {
		return ""
	}
	var tok string
	for kv := range bytes.SplitSeq(b, []byte{0}) {
		if v, ok := bytes.CutPrefix(kv, []byte(EngineEnv+"=")); ok {
			tok = string(v) // the last one counts, as for getenv
		}
	}
	return tok
}

// EndTree kills what the engine with token left running once its process
// group has been killed and it has been reaped, and reaps what were this
// process's children.
//
// As a subreaper, this process has for children, besides the engines and
// workers it started, the orphans of their descendants: whatever the
// engine left running is such an orphan or descends from one. EndTree
// kills each orphan that carries the engine's token, or the token of no
// running engine of this process, with its descendants. With token "" it
// ends only the latter (after a worker process ended: its engines' orphans
// come here when it dies before them). Where this process could not become
// a subreaper, the orphans went to init: every process with the engine's
// token is killed, with its descendants.
//
// Only processes with a token are killed: a process that left the group
// and cleared its environment cannot be told from a child of this process
// that is none of the engines' (a library user's own) and is left alone.
func EndTree(token string) {
	defer func() {
		kids.Lock()
		delete(kids.tokens, token)
		kids.Unlock()
	}()
	self, group := strconv.Itoa(os.Getpid()), syscall.Getpgrp()
	var killed []string
	for pass := 0; pass < 50; pass++ {
		// The children are listed before the registry is read: a child
		// Start started is in it by then (it registers the child in
		// the same hold of the lock as it starts it), and so is the
		// token of an engine being started (Track comes first).
		kids.Lock()
		sub := kids.subreaper
		kids.Unlock()
		var roots []string
		if sub {
			roots = childrenOf(self)
		} else {
			roots = allPids()
		}
		kids.Lock()
		ours, live := make(map[string]bool, len(kids.ours)), make(map[string]bool, len(kids.tokens))
		for p := range kids.ours {
			ours[strconv.Itoa(p)] = true
		}
		for t := range kids.tokens {
			live[t] = t != token
		}
		kids.Unlock()
		var doomed []string
		seen := map[string]bool{}
		var add func(p string)
		add = func(p string) {
			if seen[p] || p == self || ours[p] {
				return
			}
			seen[p] = true
			doomed = append(doomed, p)
			for _, c := range childrenOf(p) {
				add(c)
			}
		}
		for _, p := range roots {
			if seen[p] || p == self || ours[p] {
				continue
			}
			in, ok := readStat(p)
			if !ok || in.Zombie {
				continue
			}
			t := engineToken(p, true)
			if t != "" && (t == token || sub && in.PGID != group && !live[t]) {
				add(p)
			}
		}
		if len(doomed) == 0 {
			break
		}
		kids.Lock()
		for _, p := range doomed {
			if pid, err := strconv.Atoi(p); err == nil {
				kids.orphans[pid] = true
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
		kids.Unlock()
		killed = append(killed, doomed...)
		time.Sleep(time.Millisecond) // let them die
		reapOrphans()
	}
	// Reap what was killed before returning: a worker process may exit
	// next, and the zombies would go to the runner, which never saw them
	// alive. A process with threads shows as a zombie before it can be
	// reaped (its other threads are still exiting). When nothing was
	// killed here and no orphan is noted (by KillGroup among others),
	// there is nothing of the engine's to reap: an exited child nobody
	// noted is one reapOrphans reaps on SIGCHLD, here and in the runner.
	kids.Lock()
	noted := len(kids.orphans)
	kids.Unlock()
	if len(killed) == 0 && noted == 0 {
		return
	}
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(2 * time.Millisecond) {
		reapOrphans()
		left := false
		for _, p := range killed {
			if in, ok := readStat(p); ok && strconv.Itoa(in.PPID) == self {
				left = true
				break
			}
		}
		if !left || time.Now().After(deadline) {
			return
		}
	}
}

// reapOrphans reaps the orphans among this process's children that have
// exited: those seen alive with a token before, or killed by EndTree or
// KillGroup, and, where os/exec holds a pidfd for each child it started
// (Linux 5.4 and later), every other exited child for which no pidfd is
// held: an orphan of whatever program, which only this process can reap,
// as init would. A child that os/exec is to wait for, this package's or a
// library user's, is never reaped here.
func reapOrphans() {
	kids.Lock()
	defer kids.Unlock()
	if !kids.subreaper {
		return
	}
	group := syscall.Getpgrp()
	var held map[int]bool // pids named by a pidfd of this process; read once, if needed
	for _, c := range childrenOf("self") {
		pid, err := strconv.Atoi(c)
		if err != nil || kids.ours[pid] {
			continue
		}
		in, ok := readStat(c)
		switch {
		case !ok:
		case in.Zombie:
			if !kids.orphans[pid] {
				if !kids.pidfds {
					continue // cannot tell os/exec's children
				}
				if held == nil {
					held = heldPidfds()
				}
				if held[pid] {
					continue // maybe os/exec's to wait for
				}
			}
			var ws syscall.WaitStatus
			if wpid, _ := syscall.Wait4(pid, &ws, syscall.WNOHANG, nil); wpid == pid {
				delete(kids.orphans, pid)
			}
		case !kids.orphans[pid] && in.PGID != group && engineToken(c, false) != "":
			kids.orphans[pid] = true
		}
	}
	// Forget the pids that are gone (reaped by another parent).
	for pid := range kids.orphans {
		if _, err := os.Stat("/proc/" + strconv.Itoa(pid)); err != nil {
			delete(kids.orphans, pid)
		}
	}
}

// heldPidfds returns the pids that the pidfds open in this process name
// (os.StartProcess keeps one for each child until it is waited for).
func heldPidfds() map[int]bool {
	held := map[int]bool{}
	ents, _ := os.ReadDir("/proc/self/fd")
	for _, ent := range ents {
		if l, _ := os.Readlink("/proc/self/fd/" + ent.Name()); l != "anon_inode:[pidfd]" {
			continue
		}
		b, _ := os.ReadFile("/proc/self/fdinfo/" + ent.Name())
		for line := range bytes.Lines(b) {
			if v, ok := bytes.CutPrefix(line, []byte("Pid:")); ok {
				if pid, err := strconv.Atoi(string(bytes.TrimSpace(v))); err == nil {
					held[pid] = true
				}
			}
		}
	}
	return held
}
