package replay

import (
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/loa"
	"github.com/arbiter-games/arbiter/rules/tankbattle"
)

// ugiGame is a Lines of Action game as a UGI runner writes it: no Game
// tag, Date "??", 1-0 for a win of the first mover (Black), Winner and
// Loser. Black connects with its first move.
const ugiGame = `[Event "match"]
[Site "CuteGames"]
[Date "??"]
[Round "1"]
[White "random"]
[Black "greedy"]
[Result "%s"]
[FEN "8/8/8/8/8/7w/2b5/b6w b"]
[Winner "%s"]
[Loser "%s"]
[PlyCount "1"]

1. c2b1 %s
`

func ugi(result, winner, loser string) string {
	s := strings.Replace(ugiGame, "%s", result, 1)
	s = strings.Replace(s, "%s", winner, 1)
	s = strings.Replace(s, "%s", loser, 1)
	return strings.Replace(s, "%s", result, 1)
}

// TestReadOptions checks what Options.Game, Results and Strict change in
// the reading of a record, and the Winner and Loser tags' check.
func TestReadOptions(t *testing.T) {
	first := Options{Game: loa.Game, Results: notation.ResultsFirstMover}
	tests := []struct {
		name   string
		src    string
		opts   Options
		code   string // "" for valid
		msg    string
		result rules.Result
		warn   []string
		text   string // in the canonical text, when set
	}{
		{name: "no Game tag, no --game", src: "[White \"w\"]\n\n*", code: notation.CodeUnknownGame, msg: "--game"},
		{name: "no Game tag, --game", src: "[White \"w\"]\n\n1. c8-c6 *", opts: Options{Game: loa.Game}, text: `[Game "Lines of Action"]`},
		{name: "the record's Game tag wins", src: "[Game \"Lines of Action\"]\n\n1. c8-c6 *", opts: Options{Game: tankbattle.Game}},
		{name: "--results first-mover flips LOA", src: "[Game \"Lines of Action\"]\n[Result \"1-0\"]\n[Termination \"resignation\"]\n\n1. c8-c6 1-0",
			opts: first, result: rules.BlackWins, text: `[Result "0-1"]`},
		{name: "--results first-mover leaves White-first games", src: "[Game \"tank-battle\"]\n[Result \"1-0\"]\n[Termination \"resignation\"]\n\n1-0",
			opts: first, result: rules.WhiteWins},
		{name: "UGI runner's game read as it is meant", src: ugi("1-0", "greedy", "random"), opts: first, result: rules.BlackWins,
			text: `[Date "????.??.??"]`},
		{name: "UGI runner's game read as PGN", src: ugi("1-0", "greedy", "random"), opts: Options{Game: loa.Game},
			code: notation.CodeResultMismatch, msg: `Result 1-0 says White won, but Winner "greedy" played Black; they agree as UGI runners write results (1-0: the side that moves first, Black here, won): read with --results first-mover`},
		{name: "PGN record read as first-mover", src: strings.Replace(ugi("0-1", "greedy", "random"), "??", "2024.01.05", 1), opts: first,
			code: notation.CodeResultMismatch, msg: `with --results first-mover, Result 0-1 says White won, but Winner "greedy" played Black; they agree as PGN writes results (1-0: White won): read with --results white`},
		{name: "Loser alone", src: strings.Replace(ugi("1-0", "", "random"), "[Winner \"\"]\n", "", 1), opts: Options{Game: loa.Game},
			code: notation.CodeResultMismatch, msg: `Loser "random" played White`},
		{name: "Winner naming neither player", src: ugi("1-0", "someone", "random"), opts: first, result: rules.BlackWins},
		{name: "Winner and Loser disagreeing", src: ugi("1-0", "greedy", "greedy"), opts: Options{Game: loa.Game}, code: notation.CodeResultMismatch, msg: "is won by black"},
		{name: "unknown tags kept quietly", src: "[Game \"Lines of Action\"]\n[Layuot \"x\"]\n[Flavour \"vanilla\"]\n\n*", text: `[Flavour "vanilla"]`},
		{name: "unknown tags warned with --strict", src: "[Game \"Lines of Action\"]\n[Layuot \"x\"]\n[Flavour \"vanilla\"]\n[whiteelo \"1\"]\n\n*", opts: Options{Strict: true},
			warn: []string{`unknown tag "Layuot", kept (did you mean Layout?)`, `unknown tag "Flavour", kept (arbiter reads`, `unknown tag "whiteelo", kept (did you mean WhiteElo?)`}},
		{name: "dates as others write them", src: "[Game \"Lines of Action\"]\n[Date \"2024-1-5\"]\n\n*", text: `[Date "2024.01.05"]`},
		{name: "unreadable date stored as not known", src: "[Game \"Lines of Action\"]\n[Date \"5 Jan 2024\"]\n\n*", text: `[Date "????.??.??"]`,
			warn: []string{`Date "5 Jan 2024" cannot be read`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Text = true
			var r Report
			File(t.Context(), "t.agn", []byte(tt.src), Options{Jobs: 1, Text: true, Game: tt.opts.Game, Results: tt.opts.Results, Strict: tt.opts.Strict}, func(rep Report) {
				r = rep
			})
			if tt.code != "" {
				if r.Err == nil || r.Err.Code != tt.code || !strings.Contains(r.Err.Msg, tt.msg) {
					t.Fatalf("error %v; want %s containing %q", r.Err, tt.code, tt.msg)
				}
				return
			}
			if !r.Valid {
				t.Fatalf("invalid: %v", r.Err)
			}
			if r.Result != tt.result {
				t.Errorf("result %s; want %s", r.Result, tt.result)
			}
			if !strings.Contains(r.Text, tt.text) {
				t.Errorf("canonical text:\n%s\nwant it to contain %s", r.Text, tt.text)
			}
			if len(r.Warnings) != len(tt.warn) {
				t.Fatalf("warnings %v; want %d", r.Warnings, len(tt.warn))
			}
			for i, w := range r.Warnings {
				if !strings.Contains(w.Msg, tt.warn[i]) || w.Line < 1 || w.Col < 1 || w.File != "t.agn" {
					t.Errorf("warning %d = %v; want it located and containing %q", i, w, tt.warn[i])
				}
			}
		})
	}
}

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{{"layuot", "layout", 1}, {"reslut", "result", 1}, {"", "", 0}, {"abc", "abc", 0}, {"abc", "", 3}, {"winer", "winner", 1}, {"flavour", "layout", 3}} {
		if got := distance(tt.a, tt.b); got != tt.want {
			t.Errorf("distance(%q, %q) = %d; want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
