package console

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/arbiter-games/arbiter/standings"
	"github.com/arbiter-games/arbiter/tournament"
)

// Progress shows how a tournament goes, for people (on stderr): a bar
// with a live standings line on a terminal, else one plain line per
// finished game. The bar is made at the first report, which gives the
// number of games. Its methods may be called from any goroutine.
type Progress struct {
	mu   sync.Mutex
	w    io.Writer
	tty  bool
	bar  *progressbar.ProgressBar
	name string
	// match: the first report says whether the match is new or resumed.
	match, started bool
	warnings       []string        // said after the first line
	said           map[string]bool // the warnings said
}

// NewProgress returns the Progress of the tournament name on w: a bar
// when w is a terminal. A match's first line says whether it is new or
// resumed (its name is made from its settings). The warnings are said
// after the first line.
func NewProgress(w io.Writer, name string, match bool, warnings []string) *Progress {
	f, ok := w.(*os.File)
	return &Progress{w: w, tty: ok && term.IsTerminal(int(f.Fd())), name: name, match: match, warnings: warnings}
}

// Update shows ev, a report of tournament.Run's (its Options.Progress).
func (p *Progress) Update(ev tournament.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if ev.Game == nil && ev.Elsewhere > 0 { // games other runners stored
		if p.bar != nil {
			p.bar.Set(ev.Done)
		} else {
			fmt.Fprintf(p.w, "game %d/%d: %d stored by other runners\n", ev.Done, ev.Total, ev.Elsewhere)
		}
		return
	}
	if ev.Game == nil {
		if p.match && !p.started {
			// The match's name is made from its settings and engines: the
			// first line says whether this command line is one played
			// before.
			if ev.Found {
				fmt.Fprintf(p.w, "resuming match %s: %d of %d games stored\n", p.name, ev.Resumed, ev.Total)
			} else {
				fmt.Fprintf(p.w, "new match %s\n", p.name)
			}
		}
		if !p.started {
			for _, w := range p.warnings {
				fmt.Fprintf(p.w, "arbiter: warning: %s\n", w)
			}
		}
		p.started = true
		if p.tty && p.bar == nil {
			p.bar = progressbar.NewOptions(ev.Total,
				progressbar.OptionSetWriter(p.w),
				progressbar.OptionSetDescription(p.name),
				progressbar.OptionShowCount(),
				progressbar.OptionShowIts(),
				progressbar.OptionSetItsString("games"),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionThrottle(100*time.Millisecond),
				progressbar.OptionFullWidth(),
			)
		}
		if sp := ev.SPRT; sp != nil && sp.Verdict != "" {
			fmt.Fprintf(p.w, "tournament %s: the SPRT has answered (%s after %d games), nothing to play\n",
				p.name, sp.Verdict, sp.DecidedAfter)
		} else if ev.Resumed == ev.Total && ev.Total == 1 {
			fmt.Fprintf(p.w, "tournament %s: its one game is stored already, nothing to play\n", p.name)
		} else if ev.Resumed == ev.Total {
			fmt.Fprintf(p.w, "tournament %s: all %d games stored already, nothing to play\n", p.name, ev.Total)
		} else {
			fmt.Fprintf(p.w, "tournament %s: %s, %d stored already, playing %d, %d at a time\n",
				p.name, nGames(ev.Total), ev.Resumed, ev.Total-ev.Resumed, ev.Concurrency)
		}
		if p.bar != nil {
			p.bar.Set(ev.Done)
		}
		return
	}
	if p.bar != nil {
		desc := standingsLine(ev.Standings, 3)
		if ev.SPRT != nil {
			desc += ", " + ev.SPRT.LLRText()
		}
		p.bar.Describe(desc)
		p.bar.Set(ev.Done)
		return
	}
	g := ev.Game
	line := fmt.Sprintf("game %d/%d (slot %d, round %s): %s - %s %s (%s, %d plies)",
		ev.Done, ev.Total, g.Slot.Slot, g.Slot.RoundTag(), g.White, g.Black, g.Result, g.Termination, g.Plies)
	if g.Score != nil {
		line += " score " + g.Score.String()
	}
	if sp := ev.SPRT; sp != nil {
		line += ", " + sp.LLRText()
		if sp.DecidedAfter > 0 {
			line = fmt.Sprintf("%s; the SPRT answered %s after %d games (LLR %.2f): no new game starts",
				line, sp.Verdict, sp.DecidedAfter, sp.DecidedLLR)
		}
	}
	fmt.Fprintln(p.w, line)
}

// Warn says what an engine said that does not stop it, once: an engine
// started for every game says the same every game (tournament.Run's
// Options.Warn).
func (p *Progress) Warn(msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.said[msg] {
		return
	}
	if p.said == nil {
		p.said = map[string]bool{}
	}
	p.said[msg] = true
	if p.bar != nil {
		fmt.Fprintln(p.w)
	}
	fmt.Fprintf(p.w, "arbiter: warning: %s\n", msg)
}

// Stopping says that the tournament stops after the games in play
// (tournament.Run's Options.Stopping).
func (p *Progress) Stopping(inPlay int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		fmt.Fprintln(p.w)
	}
	games := "games"
	if inPlay == 1 {
		games = "game"
	}
	fmt.Fprintf(p.w, "arbiter: finishing %d %s in play; press Ctrl-C again to abandon them\n", inPlay, games)
}

// Print writes, among the progress lines, what write writes (the results
// so far, every few games).
func (p *Progress) Print(write func(io.Writer)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	write(p.w)
}

// Finish ends the bar, after the run.
func (p *Progress) Finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Exit()
		fmt.Fprintln(p.w)
	}
}

// standingsLine is "alpha 3.5, beta 2, gamma 0.5" for the first n engines.
func standingsLine(st []standings.Row, n int) string {
	var parts []string
	for i, s := range st {
		if i == n {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, s.Name+" "+strconv.FormatFloat(s.Points, 'f', -1, 64))
	}
	return strings.Join(parts, ", ")
}

// nGames counts games for people: "1 game", "0 games", "12 games".
func nGames(n int) string {
	if n == 1 {
		return "1 game"
	}
	return strconv.Itoa(n) + " games"
}

// Hook returns what a run reports its progress to
// (tournament.Options.Progress): each report shown by p; each game's
// final position appended as a line to epd unless it is nil (a failed
// write is a warning that names epdName); and every interval games this
// run stores (when interval is above 0), res's results so far among the
// progress lines.
func (p *Progress) Hook(ctx context.Context, epd io.Writer, epdName string, interval int, res Results) func(tournament.Progress) {
	return func(ev tournament.Progress) {
		p.Update(ev)
		if ev.Game == nil {
			return
		}
		if epd != nil && ev.Game.Final != "" {
			if _, err := fmt.Fprintln(epd, ev.Game.Final); err != nil {
				p.Warn(fmt.Sprintf("-epdout %s: %v", epdName, err))
			}
		}
		if interval > 0 && (ev.Done-ev.Resumed)%interval == 0 {
			p.Print(func(w io.Writer) { res.WriteSoFar(ctx, w) })
		}
	}
}
