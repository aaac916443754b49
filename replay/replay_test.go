package replay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
)

func one(t *testing.T, src string) Report {
	t.Helper()
	return oneWith(t, src, Options{})
}

// oneWith reports on the one game of src, read with opts.
func oneWith(t *testing.T, src string, opts Options) Report {
	t.Helper()
	var rs []Report
	opts.Jobs = 1
	File(context.Background(), "t.agn", []byte(src), opts, func(r Report) {
		r.Record = nil
		rs = append(rs, r)
	})
	if len(rs) != 1 {
		t.Fatalf("File gave %d reports; want 1", len(rs))
	}
	return rs[0]
}

const loaTags = "[White \"w\"]\n[Black \"b\"]\n[Game \"Lines of Action\"]\n"

func TestGameVerdicts(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		code      string // "" for valid
		line, col int
		ply       int
		msg       string
		result    rules.Result
		plies     int
		term      notation.Termination
		warn      string // the code of the one warning, "" for none
	}{
		{name: "unfinished game declared *", src: loaTags + "\n1. c8-c6 a2-c2 *", result: rules.Unfinished, plies: 2},
		{name: "game id in any case", src: "[Game \"LINES-of-action\"]\n\n1. c8-c6 *", plies: 1},
		{name: "missing Game tag", src: "[White \"w\"]\n\n1. c8-c6 *", code: notation.CodeUnknownGame, line: 1, col: 1, msg: "missing Game tag"},
		{name: "unknown game", src: "[Game \"Chess\"]\n\n1. e4 *", code: notation.CodeUnknownGame, line: 1, col: 1, msg: "unknown game \"Chess\""},
		{name: "syntax error located", src: loaTags + "\n1. c8-c6 {oops", code: notation.CodeSyntax, line: 5, col: 10, msg: "unterminated comment"},
		{name: "illegal move", src: loaTags + "\n1. c8-c6 a2-c3 *", code: notation.CodeIllegalMove, line: 5, col: 10, ply: 2},
		{name: "wrong separator", src: loaTags + "\n1. c8xc6 *", code: notation.CodeNotation, line: 5, col: 4, ply: 1},
		{name: "unreadable move", src: loaTags + "\n1. c8-c6 zz9 *", code: notation.CodeNotation, line: 5, col: 10, ply: 2},
		{name: "wrong move number", src: loaTags + "\n1. c8-c6 a2-c2 3. b1-b3 *", code: notation.CodeMoveNumber, line: 5, col: 16, ply: 3},
		{name: "result not reached", src: loaTags + "[Result \"1-0\"]\n\n1. c8-c6 1-0", code: notation.CodeResultMismatch, line: 6, col: 10, msg: "not over after ply 1"},
		{name: "result token against tag", src: loaTags + "[Result \"1-0\"]\n\n1. c8-c6 0-1", code: notation.CodeResultMismatch, line: 6, col: 10},
		{name: "resignation takes the declared result", src: loaTags + "[Termination \"resignation\"]\n\n1. c8-c6 0-1", result: rules.BlackWins, plies: 1, term: "resignation"},
		{name: "termination in any case", src: loaTags + "[Termination \"Time Forfeit\"]\n\n1. c8-c6 1-0", result: rules.WhiteWins, plies: 1, term: "time forfeit"},
		{name: "unknown termination", src: loaTags + "[Termination \"bored\"]\n\n*", code: notation.CodeBadTag, line: 4, col: 1, msg: "unknown Termination"},
		{name: "ISO date", src: loaTags + "[Date \"2026-11-30\"]\n\n*"},
		{name: "unreadable date", src: loaTags + "[Date \"30 Nov 2026\"]\n\n*", warn: notation.CodeBadDate},
		{name: "misspelt tag kept", src: loaTags + "[Reslut \"1-0\"]\n\n1. c8-c6 *", plies: 1},
		{name: "PGN supplemental tag", src: loaTags + "[WhiteElo \"1850\"]\n\n1. c8-c6 *", plies: 1},
		{name: "date with unknown parts", src: loaTags + "[Date \"2026.??.??\"]\n\n*"},
		{name: "bad result tag", src: loaTags + "[Result \"2-0\"]\n\n*", code: notation.CodeBadTag, line: 4, col: 1, msg: "none of"},
		{name: "impossible date", src: loaTags + "[Date \"2026.02.30\"]\n\n*", warn: notation.CodeBadDate},
		{name: "leap day", src: loaTags + "[Date \"2024.02.29\"]\n\n*"},
		{name: "bad FEN", src: loaTags + "[SetUp \"1\"]\n[FEN \"8/8 b\"]\n\n*", code: notation.CodeBadTag, line: 5, col: 1},
		{name: "bad Board located", src: "[Game \"knight-fight\"]\n[White \"w\"]\n[Board \"1/2\"]\n\n*", code: notation.CodeBadTag, line: 3, col: 1, msg: "Board: 2 ranks"},
		{name: "bad Layout located", src: "[Game \"tank-battle\"]\n[White \"w\"]\n[Layout \"x\"]\n\n*", code: notation.CodeBadTag, line: 3, col: 1, msg: "Layout: 1 rank(s)"},
		{name: "bad Tank Battle FEN located", src: "[Game \"tank-battle\"]\n[SetUp \"1\"]\n[FEN \"x\"]\n\n*", code: notation.CodeBadTag, line: 3, col: 1, msg: "FEN: 1 fields"},
		{name: "missing Board at the first tag", src: "[Game \"knight-fight\"]\n[SetUp \"0\"]\n[FEN \"x\"]\n\n*", code: notation.CodeBadTag, line: 1, col: 1, msg: "Board: missing"},
		{name: "bad SetUp located", src: loaTags + "[SetUp \"2\"]\n\n*", code: notation.CodeBadTag, line: 4, col: 1, msg: "SetUp \"2\""},
		{name: "SetUp without FEN located", src: "[Game \"knight-fight\"]\n[White \"w\"]\n[SetUp \"1\"]\n\n*", code: notation.CodeBadTag, line: 3, col: 1, msg: "SetUp: \"1\" but"},
		{name: "decided start from FEN, moves after the end", src: loaTags + "[SetUp \"1\"]\n[FEN \"b7/8/8/8/8/8/8/w6w w\"]\n\n1. a1-b1 *", code: notation.CodeIllegalMove, line: 7, col: 4, ply: 1, msg: "over"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := one(t, tt.src)
			if tt.warn == "" && len(r.Warnings) > 0 || tt.warn != "" && (len(r.Warnings) != 1 || r.Warnings[0].Code != tt.warn) {
				t.Errorf("warnings %v; want %q", r.Warnings, tt.warn)
			}
			if tt.code == "" {
				if !r.Valid || r.Err != nil {
					t.Fatalf("report = invalid %+v; want valid", r.Err)
				}
				if r.Result != tt.result || r.Plies != tt.plies {
					t.Errorf("result, plies = %s, %d; want %s, %d", r.Result, r.Plies, tt.result, tt.plies)
				}
				if tt.term != "" && r.Termination != tt.term {
					t.Errorf("termination = %q; want %q", r.Termination, tt.term)
				}
				return
			}
			if r.Valid || r.Err == nil {
				t.Fatalf("report is valid; want %s", tt.code)
			}
			e := r.Err
			if e.Code != tt.code || e.Line != tt.line || e.Col != tt.col || e.Ply != tt.ply || !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("error = %s %d:%d ply %d %q; want %s %d:%d ply %d containing %q",
					e.Code, e.Line, e.Col, e.Ply, e.Msg, tt.code, tt.line, tt.col, tt.ply, tt.msg)
			}
			if d := r.Describe(); !strings.HasPrefix(d, "t.agn:") || !strings.Contains(d, "game 1 (") {
				t.Errorf("Describe() = %q", d)
			}
		})
	}
}

// TestDecidedResults checks the declared result against positions the rules
// decide: a win, the draw when a move connects both sides, and a capture
// that hands the win to the side captured.
func TestDecidedResults(t *testing.T) {
	// Black to move: c2-c1 joins Black's two pieces; White is split.
	const blackConnects = "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/7w/2b5/b6w b\"]\n\n"
	tests := []struct {
		name string
		src  string
		ok   bool
		res  rules.Result
		msg  string
	}{
		{"win declared", blackConnects + "1. c2-b1 0-1", true, rules.BlackWins, ""},
		{"win left open with *", blackConnects + "1. c2-b1 *", true, rules.BlackWins, ""},
		{"wrong winner", blackConnects + "1. c2-b1 1-0", false, 0, "result 1-0 declared, but the position after ply 1 is won by black: black connected"},
		{"draw declared for a win", blackConnects + "1. c2-b1 1/2-1/2", false, 0, "is won by black"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := one(t, loaTags+tt.src)
			if r.Valid != tt.ok {
				t.Fatalf("valid = %v (%+v); want %v", r.Valid, r.Err, tt.ok)
			}
			if tt.ok && r.Result != tt.res {
				t.Errorf("result = %s; want %s", r.Result, tt.res)
			}
			if !tt.ok && !strings.Contains(r.Err.Msg, tt.msg) {
				t.Errorf("message = %q; want it to contain %q", r.Err.Msg, tt.msg)
			}
		})
	}
}

// TestParallelSameAsSerial checks that --jobs changes nothing but speed.
func TestParallelSameAsSerial(t *testing.T) {
	data, err := os.ReadFile("../testdata/loa-real/real_loa.agn")
	if err != nil {
		t.Fatal(err)
	}
	collect := func(jobs int) []string {
		var out []string
		File(context.Background(), "f", data, Options{Jobs: jobs}, func(r Report) {
			out = append(out, r.Describe()+"|"+r.Result.String()+"|"+r.White)
		})
		return out
	}
	a, b := collect(1), collect(3)
	if len(a) != len(b) || len(a) != 4652 {
		t.Fatalf("serial gave %d reports, parallel %d; want 4652", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("report %d differs: serial %q, parallel %q", i+1, a[i], b[i])
		}
	}
}

// TestRealGames replays the 4,795 real games. Every move must be legal and
// every separator right; every game must end where its record says. The
// corpus writes results in arbiter's convention (1-0 = White won, as PGN
// has it), so it validates with no option.
func TestRealGames(t *testing.T) {
	total := 0
	for _, f := range []string{"../testdata/loa-real/real_loa.agn", "../testdata/loa-real/real_loa_undecided.agn"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		File(context.Background(), f, data, Options{Jobs: 2}, func(r Report) {
			total++
			if !r.Valid {
				bad++
				if bad <= 5 {
					t.Errorf("%s", r.Describe())
				}
			}
		})
		if bad > 0 {
			t.Errorf("%s: %d games invalid", f, bad)
		}
	}
	if total != 4795 {
		t.Errorf("%d games; want 4795", total)
	}
}

// TestText checks that Options.Text gives each valid game its canonical
// record, the same serially and in parallel, and nothing for invalid ones.
func TestText(t *testing.T) {
	src := loaTags + "\n1. c8-c6 a2-c2 *\n\n" + loaTags + "\n1. c8-c9 *\n\n" + loaTags + "\n1. c8-c6 *\n"
	for _, jobs := range []int{1, 2} {
		t.Run(map[int]string{1: "serial", 2: "parallel"}[jobs], func(t *testing.T) {
			var got, want []string
			err := File(context.Background(), "t.agn", []byte(src), Options{Jobs: jobs, Text: true}, func(r Report) {
				got = append(got, r.Text)
				if r.Valid {
					want = append(want, r.Record.String())
				} else {
					want = append(want, "")
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 3 || want[0] == "" || want[1] != "" || want[2] == "" {
				t.Fatalf("reports %q; want 3 with the second invalid", want)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("game %d: Text = %q; want %q", i+1, got[i], want[i])
				}
			}
		})
	}
}

// TestPrepare checks that Options.Prepare sees every report once, before
// the callback, serially and in parallel.
func TestPrepare(t *testing.T) {
	data, err := os.ReadFile("../testdata/loa-real/real_loa.agn")
	if err != nil {
		t.Fatal(err)
	}
	data = firstGames(data, 300)
	for _, jobs := range []int{1, 2, 3} {
		var prepared atomic.Int64
		opts := Options{Jobs: jobs, Prepare: func(r *Report) {
			prepared.Add(1)
			r.Text = fmt.Sprintf("prepared %d", r.Index)
		}}
		n := 0
		err := File(context.Background(), "f", data, opts, func(r Report) {
			n++
			if want := fmt.Sprintf("prepared %d", n); r.Index != n || r.Text != want {
				t.Fatalf("jobs %d: report %d: index %d, Text %q; want %q", jobs, n, r.Index, r.Text, want)
			}
		})
		if err != nil || n != 300 || prepared.Load() != 300 {
			t.Errorf("jobs %d: %d reports, %d prepared, error %v; want 300, 300, nil", jobs, n, prepared.Load(), err)
		}
	}
}

// TestCancel checks that File stops soon after its context is done,
// returns ctx.Err(), and hands on no report after that point out of order.
func TestCancel(t *testing.T) {
	data, err := os.ReadFile("../testdata/loa-real/real_loa.agn")
	if err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []int{1, 2, 3} {
		ctx, cancel := context.WithCancel(context.Background())
		n := 0
		err := File(ctx, "f", data, Options{Jobs: jobs}, func(r Report) {
			n++
			if r.Index != n {
				t.Fatalf("jobs %d: report %d has index %d", jobs, n, r.Index)
			}
			if n == 50 {
				cancel()
			}
		})
		cancel()
		if err != context.Canceled {
			t.Errorf("jobs %d: error %v; want context.Canceled", jobs, err)
		}
		// The callback may finish the block it is in, no more.
		if n < 50 || n > 50+blockGames {
			t.Errorf("jobs %d: %d reports after cancelling at 50", jobs, n)
		}
	}
}

// TestTextCanonicalMoves checks that Options.Text writes every move in its
// canonical form, whatever form the record used, so that import stores one
// text (and one hash) for one game, and that the verdicts do not change.
func TestTextCanonicalMoves(t *testing.T) {
	spellings := []string{"1. c8-c6 a2-c2 *", "1. c8c6 a2c2 *", "1. C8-C6 A2C2 *"}
	for _, jobs := range []int{1, 2} {
		var texts []string
		for _, moves := range spellings {
			err := File(context.Background(), "t.agn", []byte(loaTags+"\n"+moves+"\n"), Options{Jobs: jobs, Text: true}, func(r Report) {
				if !r.Valid {
					t.Errorf("%q: %s", moves, r.Describe())
				}
				texts = append(texts, r.Text)
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		for i, text := range texts {
			if !strings.Contains(text, "1. c8-c6 a2-c2 *") || text != texts[0] {
				t.Errorf("jobs %d: %q gives %q; want the moves as c8-c6 a2-c2, as the first", jobs, spellings[i], text)
			}
		}
	}
	// Without Text the record keeps the moves as written.
	File(context.Background(), "t.agn", []byte(loaTags+"\n1. c8c6 *\n"), Options{Jobs: 1}, func(r Report) {
		if got := r.Record.Moves[0].Text; !r.Valid || got != "c8c6" {
			t.Errorf("without Text: move %q (valid %v); want c8c6 as written", got, r.Valid)
		}
	})
}

// TestFileTooLong: a game longer than MaxGame stops File with a
// *TooLongError that locates it, after the games before it, with any
// number of jobs: text with no game boundary is not read without end.
func TestFileTooLong(t *testing.T) {
	valid := "[Game \"Lines of Action\"]\n[White \"a\"]\n[Black \"b\"]\n\n1. c8-c6 a2-c2 *\n\n"
	data := []byte(strings.Repeat(valid, 300) + "[Game \"Lines of Action\"]\n\n" + strings.Repeat("c8-c6 ", MaxGame/6+1))
	for _, jobs := range []int{1, 2, 4} {
		n := 0
		err := File(context.Background(), "big.agn", data, Options{Jobs: jobs}, func(r Report) {
			n++
		})
		var tl *TooLongError
		if !errors.As(err, &tl) || tl.Index != 301 || tl.Line != 6*300+1 || tl.Col != 1 {
			t.Errorf("jobs %d: error %v; want a *TooLongError for game 301 at line %d", jobs, err, 6*300+1)
		}
		if n != 300 {
			t.Errorf("jobs %d: %d games reported; want the 300 before the long one", jobs, n)
		}
	}
}

// TestKnownTagsFromGames checks that the games' own tags come from the
// games (rules.Tagger), and that the unknown-tag message names them.
func TestKnownTagsFromGames(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{{"Layout", true}, {"Board", true}, {"Seed", true}, {"Score", true}, {"Event", true}, {"Reslut", false}, {"layout", false}} {
		if got := knownTag(tc.name); got != tc.want {
			t.Errorf("knownTag(%q) = %v; want %v", tc.name, got, tc.want)
		}
	}
	if want := "Game, Score, Board, Layout, Seed"; ownTagList != want {
		t.Errorf("ownTagList = %q; want %q", ownTagList, want)
	}
}

// TestParallelMisleadingStarts checks the parallel path on files where a
// line that looks like the start of a game is not one (in a comment, among
// the tags), so that the spans cut there are dropped and cut again; the
// reports must be the serial ones, lines and columns included.
func TestParallelMisleadingStarts(t *testing.T) {
	game := loaTags + "\n1. c8-c6 a2-c2 *\n\n"
	for _, tc := range []struct{ name, odd string }{
		{"tag line in a comment", loaTags + "\n1. c8-c6 {a\n[Event \"x\"]\n} a2-c2 *\n\n"},
		{"unterminated comment", loaTags + "\n1. c8-c6 {a\n[Event \"x\"]\n\n[Event \"y\"]\n1. c8-c6 *\n\n"},
		{"comment among the tags", "[Event \"x\"]\n{c}\n[Game \"Lines of Action\"]\n\n1. c8-c6 *\n\n"},
		{"escape among the tags", "[Event \"x\"]\n%e\n[Game \"Lines of Action\"]\n\n1. c8-c6 *\n\n"},
		{"game on one line", "[Game \"Lines of Action\"] 1. c8-c6 * [Game \"Lines of Action\"] 1. c8-c6 *\n"},
		{"tag after the result", loaTags + "\n1. c8-c6 * [Event \"x\"]\n\n"},
		{"carriage returns", strings.ReplaceAll(game, "\n", "\r\n")},
		{"bad game", loaTags + "\n1. c8-c6 a2-c2 c6-c5 1-0\n[x\n\n"},
		// A Splitter does not count a line break escaped in a tag value.
		{"line break escaped in a tag", "[Event \"x\\\ny\"]\n[Game \"Lines of Action\"]\n\n1. c8-c6 *\n\n"},
		{"and a game after on its line", "[Event \"x\\\ny\"] 1. c8-c6 * [Game \"Lines of Action\"] 1. c8-c6 *\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			for i := range 400 {
				b.WriteString(game)
				if i%7 == 3 {
					b.WriteString(tc.odd)
				}
				if i%50 == 0 {
					b.WriteString(strings.Repeat(tc.odd, 20))
				}
			}
			data := []byte(b.String())
			sameAsSerial(t, data, collect(data, 1), 2, 3, 5)
		})
	}
}

// TestParallelSGF checks the parallel path on SGF files, where a line that
// looks like the start of a game tree is often not one (a variation, a
// comment): the reports must be the serial ones.
func TestParallelSGF(t *testing.T) {
	fixture, err := os.ReadFile("../sgf/testdata/boardspace.sgf")
	if err != nil {
		t.Fatal(err)
	}
	odd := "(;GM[9]C[a comment:)\n(;GM[9]\n]\n;B[C1-C3]\n)\n\n"
	var b strings.Builder
	for i := range 60 {
		b.Write(fixture)
		if i%5 == 2 {
			b.WriteString(odd)
		}
	}
	data := []byte(b.String())
	var serial []flat
	File(context.Background(), "f.sgf", data, Options{Jobs: 1, Text: true}, func(r Report) { serial = append(serial, flatten(r)) })
	for _, jobs := range []int{2, 3, 5} {
		var par []flat
		File(context.Background(), "f.sgf", data, Options{Jobs: jobs, Text: true}, func(r Report) { par = append(par, flatten(r)) })
		if !reflect.DeepEqual(par, serial) {
			t.Fatalf("jobs %d: %d reports, not the %d serial ones", jobs, len(par), len(serial))
		}
	}
}
