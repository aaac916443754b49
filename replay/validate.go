package replay

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/arbiter-games/arbiter/internal/input"
)

// ValidateOptions say where Validate writes.
type ValidateOptions struct {
	// Out gets the reports: each game's warnings and, when it is invalid,
	// why (Report.WriteWarnings, Report.Describe); with JSON, a line of
	// Report.JSON for every game.
	Out  io.Writer
	JSON bool
	// Summary gets the summary line (games, valid, invalid, warnings); it
	// may be Out.
	Summary io.Writer
}

// Validate replays the games of files as File does with opts and writes
// their reports as validate writes them, then the summary line. It
// returns how many games were invalid; an error (and no summary) when a
// file could not be replayed to its end.
func Validate(ctx context.Context, files []*input.File, opts Options, o ValidateOptions) (invalid int, err error) {
	var total, warnings int
	enc := json.NewEncoder(o.Out)
	enc.SetEscapeHTML(false)
	for _, f := range files {
		err := File(ctx, f.Name, f.Data, opts, func(r Report) {
			total++
			warnings += len(r.Warnings)
			if !r.Valid {
				invalid++
			}
			if o.JSON {
				enc.Encode(r.JSON())
				return
			}
			r.WriteWarnings(o.Out)
			if !r.Valid {
				fmt.Fprintln(o.Out, r.Describe())
			}
		})
		if err != nil {
			return invalid, err
		}
	}
	summary := fmt.Sprintf("%s, %d valid, %d invalid", count(total, "game", "games"), total-invalid, invalid)
	if warnings > 0 {
		summary += ", " + count(warnings, "warning", "warnings")
	}
	fmt.Fprintln(o.Summary, summary)
	return invalid, nil
}

// count counts things for people: "1 game", "0 games", "12 games".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
