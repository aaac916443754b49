package replay

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/arbiter-games/arbiter/internal/input"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/sgf"
)

// Converter writes the games that File reports as convert does: each
// valid game as its canonical record, .agn or SGF, to Out; an invalid one
// listed on Log as validate lists it, and with Keep written as it was read
// when its text was read to its end. Its zero value with Out and Log set
// writes .agn.
type Converter struct {
	Out  io.Writer
	Log  io.Writer // the warnings, the invalid games, the games SGF cannot hold
	SGF  bool      // write SGF, not .agn
	Keep bool      // write the invalid games too (convert --keep-invalid)
	buf  []byte

	total, written, invalid, kept, unwritable int
	err                                       error // the first write error
}

// Add writes the game of r, or says on Log why it does not.
func (cv *Converter) Add(r Report) {
	cv.total++
	if cv.err != nil {
		return
	}
	r.WriteWarnings(cv.Log)
	if !r.Valid {
		cv.invalid++
		fmt.Fprintln(cv.Log, r.Describe())
		if !cv.Keep {
			return
		}
		if rec := r.Record.Err; rec != nil && rec.Code != notation.CodeResultMismatch {
			fmt.Fprintf(cv.Log, "%s: left out: its text cannot be read to its end\n", r.Heading(r.Line, 1))
			return
		}
		if cv.write(&r, r.Canonical().String()) {
			cv.kept++
		}
		return
	}
	if cv.write(&r, r.Text) {
		cv.written++
	}
}

// Files replays the games of files with opts (and Text, which it needs)
// and adds each (Add); it stops at the first file that cannot be replayed
// to its end or the first write error.
func (cv *Converter) Files(ctx context.Context, files []*input.File, opts Options) error {
	opts.Text = true
	for _, f := range files {
		err := File(ctx, f.Name, f.Data, opts, cv.Add)
		if err == nil {
			err = cv.Err()
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// write writes the record of r: text in .agn, or r.Canonical() as SGF.
// It reports whether it did.
func (cv *Converter) write(r *Report, text string) bool {
	if !cv.SGF {
		_, cv.err = io.WriteString(cv.Out, text)
		return cv.err == nil
	}
	var err error
	cv.buf, err = sgf.Append(cv.buf[:0], r.Canonical())
	if err != nil {
		cv.unwritable++
		what := "cannot be written as SGF"
		if errors.Is(err, sgf.ErrNotLOA) {
			what = "is not Lines of Action: it cannot be written as SGF"
		}
		fmt.Fprintf(cv.Log, "%s: %s (%v)\n", r.Heading(r.Line, 1), what, err)
		return false
	}
	// A blank line after each game, as after an .agn record.
	_, cv.err = cv.Out.Write(append(cv.buf, '\n'))
	return cv.err == nil
}

// Err returns the first error writing to Out; Add writes nothing after it.
func (cv *Converter) Err() error { return cv.err }

// Failed reports whether a game was left out or not written as asked: an
// invalid game, or one that SGF cannot hold.
func (cv *Converter) Failed() bool { return cv.invalid > 0 || cv.unwritable > 0 }

// Summary is convert's last line on stderr: the games read, written and
// invalid.
func (cv *Converter) Summary() string {
	games := "games"
	if cv.total == 1 {
		games = "game"
	}
	s := fmt.Sprintf("%d %s: %d written, %d invalid", cv.total, games, cv.written, cv.invalid)
	if cv.Keep {
		s += fmt.Sprintf(" (%d of them written as read)", cv.kept)
	}
	if cv.unwritable > 0 {
		s += fmt.Sprintf(", %d not written as SGF", cv.unwritable)
	}
	return s
}
