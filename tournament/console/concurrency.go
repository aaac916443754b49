package console

import (
	"fmt"
	"io"

	"github.com/arbiter-games/arbiter/tournament"
)

// Concurrency returns the games a run plays at once, as Run's
// Options.Concurrency: flag, a command's --concurrency (0: none given,
// the config's then), cut to tournament.MaxConcurrency when it, or config
// (the config's concurrency) in its absence, is more. A cut is said on w
// in the words of the command cmd, the config coming from source.
func Concurrency(w io.Writer, cmd, source string, flag, config int) int {
	most := tournament.MaxConcurrency()
	if flag <= most && (flag != 0 || config <= most) {
		return flag
	}
	what := fmt.Sprintf("--concurrency %d", flag)
	if flag == 0 {
		what = fmt.Sprintf("concurrency %d (in %s)", config, source)
	}
	fmt.Fprintf(w, "%s: %s is more than %d (4 per CPU): playing %d games at once\n", cmd, what, most, most)
	return most
}
