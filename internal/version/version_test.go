package version

import (
	"strings"
	"testing"
)

// TestString: the version names the VCS revision, or says that the build
// info has none (a test binary has none).
func TestString(t *testing.T) {
	if got := String(); !strings.Contains(got, "revision") {
		t.Errorf("String() = %q; want the VCS revision or a word on its absence", got)
	}
}
