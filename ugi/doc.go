// Package ugi holds the words of the UGI protocol and the parsing and
// writing of its lines that both sides need: the runner's client of an
// engine process (engineproc) and arbiter's own engine (engine).
// docs/protocol.md describes the protocol.
//
//	lim, err := ugi.ParseGo(strings.Fields("p1time 60000 p2time 60000"))
//	line := string(lim.AppendGo(nil)) // "go p1time 60000 p2time 60000 p1inc 0 p2inc 0"
package ugi
