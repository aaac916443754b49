package engineproc

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/arbiter-games/arbiter/internal/shorten"
	"github.com/arbiter-games/arbiter/ugi"
)

func (e *Client) handshake(ctx context.Context, options, ifDeclared map[string]string) error {
	if err := e.sendString(ugi.CmdUGI); err != nil {
		return err
	}
	if err := e.await(ctx, ugi.ReplyUGIOK, e.t.Startup, Stall); err != nil {
		return err
	}
	if err := e.checkOptions(options); err != nil {
		return err
	}
	send := maps.Clone(options)
	if send == nil {
		send = map[string]string{}
	}
	for _, n := range slices.Sorted(maps.Keys(ifDeclared)) {
		if _, ok := send[n]; ok {
			continue
		}
		if len(e.declared) > 0 && !slices.ContainsFunc(e.declared, func(d string) bool { return strings.EqualFold(d, n) }) {
			msg := fmt.Sprintf("engine %s does not declare option %q: not sent (it declares: %s)", e.name, n, strings.Join(e.declared, ", "))
			if e.log != nil {
				e.log.warning(e.logWho, msg)
			}
			if e.warn != nil {
				e.warn(msg)
			}
			continue
		}
		send[n] = ifDeclared[n]
	}
	for _, n := range slices.Sorted(maps.Keys(send)) {
		if err := e.sendString(ugi.CmdSetOption + " name " + n + " value " + send[n]); err != nil {
			return err
		}
	}
	return nil
}

// await reads lines until one equals want, within d; other lines are
// skipped. Running out of time is a failure of kind k.
func (e *Client) await(ctx context.Context, want string, d time.Duration, k Kind) error {
	deadline := time.Now().Add(d)
	for {
		l, err := e.recv(ctx, deadline)
		switch {
		case err == io.EOF:
			return e.crashed("while waiting for " + want)
		case err == errTimeout:
			return e.fail(&Error{Kind: k, Detail: fmt.Sprintf("no %s within %v", want, d)})
		case err != nil:
			return err
		}
		text := strings.TrimSpace(l.text)
		if text == want {
			return nil
		}
		e.aside(text)
	}
}

// aside takes a line that is not the awaited reply: an option the engine
// declares, or an error reply, which is a warning.
func (e *Client) aside(text string) {
	word, rest, _ := strings.Cut(text, " ")
	switch word {
	case ugi.ReplyOption:
		if name, ok := optionName(rest); ok {
			e.declared = append(e.declared, name)
			_, typ, _ := strings.Cut(rest, " type ")
			typ, _, _ = strings.Cut(strings.TrimSpace(typ), " ")
			e.types = append(e.types, typ)
		}
	case ugi.ReplyError:
		msg := fmt.Sprintf("engine %s answered %q", e.name, shorten.To(text, 200))
		if e.log != nil {
			e.log.warning(e.logWho, msg)
		}
		if e.warn != nil {
			e.warn(msg)
		}
	}
}

// optionName reads the name of an option line's words after "option":
// "name Skill Level type spin ..." is "Skill Level".
func optionName(rest string) (string, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(rest), "name ")
	if !ok {
		return "", false
	}
	name, _, _ := strings.Cut(rest, " type ")
	name = strings.TrimSpace(name)
	return name, name != ""
}

// Declared returns the options the engine declared in its handshake.
func (e *Client) Declared() []string { return e.declared }

// OptionType returns the type the engine declared option name of (spin,
// check, string, ...; a name compares in any letter case), and whether
// it declared it.
func (e *Client) OptionType(name string) (string, bool) {
	i := slices.IndexFunc(e.declared, func(d string) bool { return strings.EqualFold(d, name) })
	if i < 0 {
		return "", false
	}
	return e.types[i], true
}

// checkOptions fails the engine when it declared options and options
// sets one it did not declare (a name compares in any letter case, as UCI
// has it).
func (e *Client) checkOptions(options map[string]string) error {
	if len(e.declared) == 0 {
		return nil
	}
	var unknown []string
	for n := range options {
		if !slices.ContainsFunc(e.declared, func(d string) bool { return strings.EqualFold(d, n) }) {
			unknown = append(unknown, strconv.Quote(n))
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	return e.fail(&Error{Kind: BadOption, Detail: fmt.Sprintf("sets %s, which it does not declare (it declares: %s)",
		strings.Join(unknown, ", "), strings.Join(e.declared, ", "))})
}

// Ping sends isready and waits for readyok within the ping timeout; an
// engine that does not answer stalls.
func (e *Client) Ping(ctx context.Context) error {
	if err := e.sendString(ugi.CmdIsReady); err != nil {
		return err
	}
	return e.await(ctx, ugi.ReplyReadyOK, e.t.Ping, Stall)
}

// NewGame sends options (setoption, by name; nil for none), uginewgame
// and isready in one write and waits for readyok: a game's own values of
// options, as a tuning pair's sides have them. An option the engine did
// not declare fails it, as in the handshake.
func (e *Client) NewGame(ctx context.Context, options map[string]string) error {
	if err := e.checkOptions(options); err != nil {
		return err
	}
	e.wbuf = e.wbuf[:0]
	for _, n := range slices.Sorted(maps.Keys(options)) {
		line := ugi.CmdSetOption + " name " + n + " value " + options[n]
		if controlAt(line) >= 0 {
			e.wbuf = e.wbuf[:0]
			return e.refuse(line)
		}
		e.wbuf = append(append(e.wbuf, line...), '\n')
	}
	e.wbuf = append(append(e.wbuf, ugi.CmdNewGame...), '\n')
	return e.Ping(ctx)
}
