package pgtest

import (
	"strconv"

	"github.com/arbiter-games/arbiter/internal/proc"
)

// ownerID names process pid while it runs, "PID STARTTIME" (a pid alone may
// be reused), or is "" when no such process runs.
func ownerID(pid int) string {
	st, ok := proc.ReadStat(pid)
	if !ok || st.Exiting {
		return ""
	}
	return strconv.Itoa(pid) + " " + strconv.FormatUint(st.StartTime, 10)
}
