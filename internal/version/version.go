// Package version says which arbiter this is (arbiter --version): its
// module version and the VCS revision it was built from, read from the
// build info.
package version

import (
	"runtime/debug"
	"strings"
)

// String returns arbiter's version and VCS revision from the build info,
// as "v1.2.3 (revision 0123abcd, 2026-12-01T10:00:00Z, modified)";
// "(devel)" for a build outside a module version, "unknown" without build
// info.
func String() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, at string
	modified := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return v + " (no VCS revision in the build info)"
	}
	details := []string{"revision " + rev}
	if at != "" {
		details = append(details, at)
	}
	if modified {
		details = append(details, "modified")
	}
	return v + " (" + strings.Join(details, ", ") + ")"
}
