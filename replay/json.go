package replay

import (
	"fmt"
	"io"

	"github.com/arbiter-games/arbiter/notation"
)

// WriteWarnings writes a line for each warning of r, as validate lists
// them: "file:line:col: game N (White vs Black): warning: why".
func (r *Report) WriteWarnings(w io.Writer) {
	for _, warn := range r.Warnings {
		fmt.Fprintf(w, "%s: warning: %s\n", r.Heading(warn.Line, warn.Col), warn.Msg)
	}
}

// WriteNotes writes, each line after prefix, the warnings of a replay
// and its error, as notes beside the position it reached nonetheless
// (Reach).
func (r *Report) WriteNotes(w io.Writer, prefix string) {
	for _, warn := range r.Warnings {
		fmt.Fprintf(w, "%s%s: warning: %s\n", prefix, r.Heading(warn.Line, warn.Col), warn.Msg)
	}
	if r.Err != nil {
		fmt.Fprintf(w, "%s%s\n", prefix, r.Describe())
	}
}

// JSON is a report as validate --json writes it, one object a game
// (JSON Lines).
type JSON struct {
	File        string          `json:"file"`
	Index       int             `json:"index"`
	Line        int             `json:"line"`
	Game        string          `json:"game"`
	White       string          `json:"white"`
	Black       string          `json:"black"`
	Plies       int             `json:"plies"`
	Valid       bool            `json:"valid"`
	Result      string          `json:"result"`
	Score       string          `json:"score"`
	Termination string          `json:"termination"`
	Error       *notation.Error `json:"error"`
	// Warnings is left out when there are none.
	Warnings []*notation.Error `json:"warnings,omitempty"`
}

// JSON returns r as validate --json writes it.
func (r *Report) JSON() JSON {
	j := JSON{File: r.File, Index: r.Index, Line: r.Line, Game: r.Game, White: r.White, Black: r.Black,
		Plies: r.Plies, Valid: r.Valid, Result: r.Result.String(), Termination: string(r.Termination), Error: r.Err, Warnings: r.Warnings}
	if r.Score != nil {
		j.Score = r.Score.String()
	}
	return j
}
