// Package proc supervises the processes arbiter starts: engines and
// tournament worker processes. It starts each in a process group of its
// own, kills a group with everything in it, and on Linux also ends what an
// engine started that left its group (setsid): the process becomes a child
// subreaper, and every engine carries a token of its own in its
// environment (EngineEnv) that its descendants inherit, by which its
// escapees are found and ended (EndTree). Engines and worker processes get
// this process's environment without what opens the database (Environ).
//
// The state it keeps (the children started, the orphans to reap, the
// tokens of running engines) is the process's own, as being a subreaper
// and receiving SIGCHLD are: it is held once, in this package.
//
//	token := proc.NewToken()
//	cmd.Env = proc.WithToken(nil, token) // Environ, and the token
//	proc.Isolate(cmd)
//	cmd.Cancel = func() error { return proc.KillGroup(cmd.Process.Pid) }
//	proc.Track(token)
//	err := proc.Start(cmd)
//	...
//	proc.KillGroup(cmd.Process.Pid)
//	cmd.Wait()
//	proc.Forget(cmd.Process.Pid)
//	proc.EndTree(token)
package proc
