package replay

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// Report is the verdict on one game.
type Report struct {
	File        string
	Index       int // 1-based position of the game in its file
	Line        int // line of its first tag
	Game        string
	White       string
	Black       string
	Plies       int // plies replayed successfully
	Valid       bool
	Result      rules.Result // what the replay establishes (the declared result when the termination is not normal)
	Score       *rules.Score // replayed points, for games that score points
	Termination notation.Termination
	// Named says that the record names its game in a Game tag (else Game
	// is Options.Game's).
	Named bool
	// Date is the date of the record's Date tag, when HasDate; one that
	// cannot be read counts as not known.
	Date    notation.Date
	HasDate bool
	// First is the side to move in the start position (set once the
	// start is built): the mover of odd plies, the sides alternating.
	First rules.Color
	Err   *notation.Error // nil for a valid game
	// Warnings are what leaves the game valid but is worth saying: a
	// Date that cannot be read, the variations an SGF reader left out,
	// with Options.Strict the tags arbiter does not know. nil when none.
	Warnings []*notation.Error
	// Record is the parsed game, its tags as the file gives them (with
	// Options.Text, its moves are written back in canonical form).
	Record *notation.Game
	// Text is Canonical().String(), the canonical record text, for a
	// valid game replayed with Options.Text; "" otherwise. Unlike Record it
	// stays valid after File's callback returns.
	Text string
	// Extra is the caller's, for Options.Prepare to attach what it makes
	// of the game on the worker goroutine; replay leaves it nil.
	Extra any

	game rules.Game // the game found, for Canonical
}

// Describe returns the one-line text form of an invalid game's error:
//
//	file:line:col: game N (White vs Black): ply K "c3-e5": why
func (r *Report) Describe() string {
	if r.Err == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(r.Heading(r.Err.Line, r.Err.Col))
	b.WriteString(": ")
	if r.Err.Ply > 0 {
		fmt.Fprintf(&b, "ply %d %q: ", r.Err.Ply, r.Err.Move)
	}
	b.WriteString(r.Err.Msg)
	return b.String()
}

// Heading names the game of r at line:col of its file, as the lines of
// Describe and of the commands that report on games begin:
//
//	file:line:col: game N (White vs Black)
func (r *Report) Heading(line, col int) string {
	return fmt.Sprintf("%s:%d:%d: game %d (%s vs %s)", r.File, line, col, r.Index, name(r.White), name(r.Black))
}

func name(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// Options change how records are read and replayed. Jobs and Prepare
// concern File only; Results concerns the reading of .agn records (File and
// Format.Parse).
type Options struct {
	// Game is the game of the records that have no Game tag (SGF: no GM
	// property), as a UGI runner's PGN has none; nil leaves them invalid
	// (unknown-game). A record's own Game tag wins; Report.Canonical
	// names the game of a record without one.
	Game rules.Game
	// Results is what the result tokens of .agn records mean: PGN's
	// convention (White) or the UGI runners' (the first mover). The
	// record is read into PGN's convention; SGF names the winner's colour
	// and does not use it.
	Results notation.Results
	// Strict warns about the tags arbiter does not know (they are kept
	// either way).
	Strict bool
	// Jobs is how many goroutines File parses and replays games on.
	Jobs int
	// Text fills Report.Text of each valid game, and writes the moves of
	// the record back in canonical form (Position: the moves only). File
	// computes the text on its worker goroutines, so that a caller storing
	// records (import) does not spend its own goroutine on it.
	Text bool
	// Prepare, when set, is called with each report right after its game
	// is replayed, on the goroutine that replayed it (so, with Jobs > 1,
	// on several goroutines at once), before the report goes to File's
	// callback. It is for per-game work that can run in parallel, such as
	// hashing Report.Text; it must not keep Report.Record.
	Prepare func(*Report)
	// NoRecord says that File's callback does not read Report.Record:
	// File gives the callback nil there (Prepare still has the record),
	// and with Jobs > 1 parses each game into one game's memory per
	// worker instead of keeping the games of a span, and their moves,
	// until the callback has had them, which keeps them in the core's
	// cache.
	NoRecord bool
}

// Game replays one parsed game and reports on it. file names the file in
// the report. It leaves to the parser the checks the parser makes (the
// Result tag's, for one): a game built by hand gets none of them. Of the
// options, Game reads Game, Strict and Text.
func Game(file string, g *notation.Game, opts Options) Report {
	return game(file, g, opts, nil)
}

// game is Game with the memory of sc, which may be nil.
func game(file string, g *notation.Game, opts Options, sc *scratch) Report {
	r, _ := replay(file, g, -1, opts, sc)
	if opts.Text && r.Valid {
		r.Text = r.Canonical().String()
	}
	return r
}

// Canonical returns the record of r as arbiter writes it, built from what
// the replay found: the game named in a Game tag when the record names
// none, the date in canonical form, and, when the record declares no
// result ("*") but the rules decide its final position, their result in
// the Result tag and the closing token, so that the canonical record and
// the stored result agree. Each is there when the replay got as far as
// finding it (the result: in a valid game). It is Record itself when
// Record is so already, else a copy with tags of its own; Record is not
// changed.
func (r *Report) Canonical() *notation.Game {
	g := r.Record
	if g == nil || g.Err != nil {
		return g
	}
	var set [3]notation.Tag
	n := 0
	if r.game != nil && !r.Named {
		set[n] = notation.Tag{Name: "Game", Value: r.game.Name()}
		n++
	}
	if r.HasDate {
		if c := r.Date.String(); c != tagValue(g, "Date") {
			set[n] = notation.Tag{Name: "Date", Value: c}
			n++
		}
	}
	decided := r.Valid && r.Result != rules.Unfinished && g.Result == rules.Unfinished.String()
	if decided {
		set[n] = notation.Tag{Name: "Result", Value: r.Result.String()}
		n++
	}
	if n == 0 {
		return g
	}
	c := *g
	c.Tags = slices.Clone(g.Tags)
	for _, t := range set[:n] {
		c.SetTag(t.Name, t.Value)
	}
	if decided {
		c.Result = r.Result.String()
	}
	return &c
}

// tagValue is the value of g's tag name, "" when it has none.
func tagValue(g *notation.Game, name string) string {
	v, _ := g.Tag(name)
	return v
}

// Position replays the first plies moves of g (all of them when plies is
// negative or larger) and returns the game and the position reached, with
// the report of the replay up to there. With opts.Text, the moves
// replayed are written back in canonical notation in g (Report.Text stays
// empty).
func Position(file string, g *notation.Game, plies int, opts Options) (Report, rules.Game, rules.Position) {
	r, st := replay(file, g, plies, opts, nil)
	return r, st.game, st.pos
}

// scratch is the memory that a replay of many games, one after another,
// takes from game to game rather than allocate it per game: a start
// position per game (rules.Restarter), and the points of the reports, in
// blocks (each report keeps its own).
type scratch struct {
	game   notation.Game    // the game parsed, with Options.NoRecord
	ids    []string         // games' IDs
	pos    []rules.Position // pos[i] is the last position of the game ids[i]
	scores []rules.Score
}

// start is game.Start, with the position of the game's last replay
// rebuilt in place when sc is not nil and the game is a rules.Restarter.
func (sc *scratch) start(game rules.Game, tags rules.Tags) (rules.Position, error) {
	rs, ok := game.(rules.Restarter)
	if sc == nil || !ok {
		return game.Start(tags)
	}
	i := slices.Index(sc.ids, game.ID())
	if i < 0 {
		sc.ids, sc.pos = append(sc.ids, game.ID()), append(sc.pos, nil)
		i = len(sc.ids) - 1
	}
	pos, err := rs.Restart(sc.pos[i], tags)
	if err == nil {
		sc.pos[i] = pos
	}
	return pos, err
}

// score returns a pointer to a copy of s, allocated in a block when sc is
// not nil.
func (sc *scratch) score(s rules.Score) *rules.Score {
	if sc == nil {
		p := new(rules.Score) // not &s: s would go to the heap on every call
		*p = s
		return p
	}
	if len(sc.scores) == 0 {
		sc.scores = make([]rules.Score, 64)
	}
	p := &sc.scores[0]
	*p = s
	sc.scores = sc.scores[1:]
	return p
}

type state struct {
	game rules.Game
	pos  rules.Position
}

// replay replays g up to ply stopAt (to its end when stopAt < 0), in
// steps: the game, the tags, the start, the moves, the result and the
// points. The first step that finds a fault sets r.Err and ends it.
func replay(file string, g *notation.Game, stopAt int, opts Options, sc *scratch) (Report, state) {
	r := Report{File: file, Index: g.Index, Line: g.Line, Record: g, Termination: notation.TermNormal}
	r.White, _ = g.Tag("White")
	r.Black, _ = g.Tag("Black")
	if len(g.Warnings) > 0 {
		r.Warnings = make([]*notation.Error, len(g.Warnings))
		for i, w := range g.Warnings {
			c := *w
			c.File = file
			r.Warnings[i] = &c
		}
	}
	var st state
	game, named, gameErr := findGame(file, g, opts.Game)
	if game != nil {
		st.game = game
		r.Game = game.ID()
	}
	if g.Err != nil {
		e := *g.Err
		e.File = file
		r.Err = &e
		return r, st
	}
	if r.Err = gameErr; r.Err != nil {
		return r, st
	}
	r.game, r.Named = game, named
	r.Err = checkTags(file, g, opts, &r)
	if len(r.Warnings) > 1 {
		slices.SortStableFunc(r.Warnings, func(a, b *notation.Error) int {
			return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
		})
	}
	if r.Err != nil {
		return r, st
	}
	// The parser has checked the Result tag against the result token.
	declared, _ := rules.ParseResult(g.Result)
	st.pos, r.Err = start(file, g, game, sc)
	if r.Err != nil {
		return r, st
	}
	r.First = st.pos.Turn()
	if r.Err = playMoves(file, g, st.pos, stopAt, opts, &r); r.Err != nil {
		return r, st
	}
	if s, ok := st.pos.Score(); ok {
		r.Score = sc.score(s) // allocated only for games that score points
	}
	if r.Err = judge(g, st.pos, declared, stopAt, &r); r.Err != nil {
		return r, st
	}
	if stopAt < 0 {
		if r.Err = checkScore(g, &r); r.Err != nil {
			return r, st
		}
	}
	r.Valid = true
	return r, st
}

// located returns a replay error of code at line:col of file.
func located(file, code string, line, col int, format string, args ...any) *notation.Error {
	return &notation.Error{File: file, Code: code, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// findGame looks up the game of g's Game tag, or when g has none the game
// given for such records (deflt, which may be nil); named says that the
// tag named it. The error says why there is no game.
func findGame(file string, g *notation.Game, deflt rules.Game) (game rules.Game, named bool, err *notation.Error) {
	gameTag, line, col, ok := tag(g, "Game")
	if !ok {
		if deflt != nil {
			return deflt, false, nil
		}
		return nil, false, located(file, notation.CodeUnknownGame, g.Line, g.Col,
			"missing Game tag (want one of: %s; or give the game of such records with --game)", games.IDs())
	}
	game, lerr := games.Lookup(gameTag)
	if lerr != nil {
		return nil, true, located(file, notation.CodeUnknownGame, line, col, "unknown game %q (known: %s)", notation.Shorten(gameTag), games.IDs())
	}
	return game, true, nil
}

// checkTags reads the tags every game shares: Termination (one of
// notation.Terminations) and Date, whose unreadable value is a warning and
// counts as not known; it sets them in r. Tags arbiter does not know are
// kept, as PGN readers keep them; with opts.Strict each is a warning that
// names a known tag close to it.
func checkTags(file string, g *notation.Game, opts Options, r *Report) *notation.Error {
	if opts.Strict {
		for _, t := range g.Tags {
			if !knownTag(t.Name) {
				r.Warnings = append(r.Warnings, located(file, notation.CodeUnknownTag, t.Line, t.Col, "%s", unknownTag(t.Name)))
			}
		}
	}
	if v, line, col, ok := tag(g, "Termination"); ok {
		t, known := notation.ParseTermination(strings.ToLower(strings.TrimSpace(v)))
		if !known {
			names := make([]string, len(notation.Terminations))
			for i, k := range notation.Terminations {
				names[i] = string(k)
			}
			return located(file, notation.CodeBadTag, line, col, "unknown Termination %q (want one of: %s)", notation.Shorten(v), strings.Join(names, ", "))
		}
		r.Termination = t
	}
	if v, line, col, ok := tag(g, "Date"); ok {
		d, ok := notation.ParseDate(v)
		if !ok {
			r.Warnings = append(r.Warnings, located(file, notation.CodeBadDate, line, col,
				"Date %q cannot be read (want YYYY.MM.DD, with ?? for unknown parts): it counts as not known (????.??.??)", notation.Shorten(v)))
		}
		r.Date, r.HasDate = d, true
	}
	return nil
}

// start builds the start position; a fault is located at the tag the
// error names, when the record has it, else at the game's first tag.
func start(file string, g *notation.Game, game rules.Game, sc *scratch) (rules.Position, *notation.Error) {
	pos, err := sc.start(game, g)
	if err == nil {
		return pos, nil
	}
	line, col := g.Line, g.Col
	var re *rules.Error
	if errors.As(err, &re) && re.Tag != "" {
		if _, l, c, ok := tag(g, re.Tag); ok {
			line, col = l, c
		}
	}
	return nil, located(file, notation.CodeBadTag, line, col, "%s", err)
}

// playMoves plays the moves of g (the first stopAt when stopAt >= 0) on
// pos, counting them in r.Plies. With opts.Text it writes each move back
// in canonical form.
func playMoves(file string, g *notation.Game, pos rules.Position, stopAt int, opts Options, r *Report) *notation.Error {
	var canonBuf []byte // with Text only: it escapes into AppendMove
	if opts.Text {
		canonBuf = make([]byte, 0, 16)
	}
	moves := g.Moves
	if stopAt >= 0 && stopAt < len(moves) {
		moves = moves[:stopAt]
	}
	for i := range moves {
		mv := &moves[i]
		m, err := pos.ParseMove(mv.Text)
		var canon []byte
		if err == nil {
			if opts.Text {
				// The record text is canonical down to the moves: "C8C6"
				// and "c8c6" are stored as "c8-c6", so that a game
				// imported in two spellings is one game.
				// A move the rules cannot write is left as it is.
				canon, _ = rules.AppendMove(canonBuf[:0], pos, m)
			}
			err = pos.Play(m)
		}
		if err != nil {
			code := notation.CodeIllegalMove
			if errors.Is(err, rules.ErrNotation) {
				code = notation.CodeNotation
			}
			return &notation.Error{File: file, Code: code, Line: mv.Line, Col: mv.Col, Ply: i + 1, Move: notation.Shorten(mv.Text), Msg: err.Error()}
		}
		if len(canon) > 0 && string(canon) != mv.Text {
			mv.Text = string(canon)
		}
		r.Plies++
	}
	return nil
}

// judge sets r.Result from the position reached and checks the declared
// result against it. It asks for the Outcome's words only to say what is
// wrong, when the position can tell its result without them
// (rules.Resulter).
func judge(g *notation.Game, pos rules.Position, declared rules.Result, stopAt int, r *Report) *notation.Error {
	var res rules.Result
	var over bool
	if rp, ok := pos.(rules.Resulter); ok {
		res, over = rp.Result()
	} else {
		out := pos.Outcome()
		res, over = out.Result, out.Over()
	}
	switch {
	case r.Termination == notation.TermSolved && stopAt < 0:
		r.Result = declared
		return checkSolved(g, pos, declared, r)
	case r.Termination != notation.TermNormal:
		r.Result = declared
	case over:
		r.Result = res
		if declared != rules.Unfinished && declared != res {
			return located(r.File, notation.CodeResultMismatch, g.ResultLine, g.ResultCol,
				"result %s declared, but the position after ply %d %s: %s", declared, r.Plies, verdict(res), pos.Outcome().Reason)
		}
	default:
		r.Result = rules.Unfinished
		if declared != rules.Unfinished && stopAt < 0 {
			return located(r.File, notation.CodeResultMismatch, g.ResultLine, g.ResultCol,
				"result %s declared, but the game is not over after ply %d (use Termination for resignations, adjudications and the like)", declared, r.Plies)
		}
	}
	return nil
}

// checkSolved checks a record whose termination is solved: its final
// position's solver proves the declared result within the budget its
// closing comment gives (notation.Solved), which is at most
// MaxSolverNodes. The solver is deterministic (rules.Solver), so the
// referee's proof is found again. Only such records run the solver.
func checkSolved(g *notation.Game, pos rules.Position, declared rules.Result, r *Report) *notation.Error {
	_, line, col, _ := tag(g, "Termination")
	if _, ok := pos.(rules.Solver); !ok {
		return located(r.File, notation.CodeBadTag, line, col, "termination solved, but %s has no solver to prove the result with", r.game.Name())
	}
	closing := g.Comment
	if n := len(g.Moves); n > 0 {
		closing = g.Moves[n-1].Comment
	}
	s, ok := notation.ParseSolved(closing)
	if !ok {
		return located(r.File, notation.CodeBadTag, line, col,
			`termination solved, but the closing comment does not give the solver's budget (want "solved: ... within N")`)
	}
	if s.Budget > MaxSolverNodes {
		return located(r.File, notation.CodeBadTag, line, col,
			"termination solved within %d nodes: more than the %d a record's result is checked with", s.Budget, int64(MaxSolverNodes))
	}
	if declared == rules.Unfinished {
		return located(r.File, notation.CodeResultMismatch, g.ResultLine, g.ResultCol, "termination solved, but the result is *")
	}
	if s.Result != declared.String() {
		return located(r.File, notation.CodeResultMismatch, g.ResultLine, g.ResultCol,
			"result %s declared, but the closing comment says the solver proved %s", declared, s.Result)
	}
	p, _ := rules.Solve(context.Background(), pos, s.Budget)
	if p.Result != declared {
		proves := "nothing"
		if p.Result != rules.Unfinished {
			proves = p.Result.String()
		}
		return located(r.File, notation.CodeResultMismatch, g.ResultLine, g.ResultCol,
			"termination solved, but after ply %d the solver does not prove %s within %d nodes (it proves %s)", r.Plies, declared, s.Budget, proves)
	}
	return nil
}

// checkScore checks the Score tag against the replayed points, in the
// games that score points.
func checkScore(g *notation.Game, r *Report) *notation.Error {
	v, line, col, ok := tag(g, "Score")
	if !ok || r.Score == nil {
		return nil
	}
	want, ok := parseScore(v)
	if !ok {
		return located(r.File, notation.CodeBadTag, line, col, "Score %q is not W-B points (like 120-97)", notation.Shorten(v))
	}
	if want != *r.Score {
		return located(r.File, notation.CodeScoreMismatch, line, col, "Score tag says %s but the replay gives %s after ply %d", want, *r.Score, r.Plies)
	}
	return nil
}

func verdict(res rules.Result) string {
	switch res {
	case rules.WhiteWins:
		return "is won by white"
	case rules.BlackWins:
		return "is won by black"
	}
	return "is a draw"
}

// tag returns a tag's value and where it stands.
func tag(g *notation.Game, name string) (value string, line, col int, ok bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, t.Line, t.Col, true
		}
	}
	return "", 0, 0, false
}

// knownTags lists the tags arbiter reads or writes: the PGN standard's
// (its Seven Tag Roster and supplemental tags), arbiter's own (Game,
// Score; Seed, which arbiter new writes to make a random start again), the
// games' own (rules.Tagger: Board, Layout), cutechess's WhiteTimeControl
// and BlackTimeControl (a tournament writes them when the engines' time
// controls differ), the UGI runners' Winner and Loser (checked against the
// result), and GameName and GameComment (SGF's GN and GC). Other tags are
// kept all the same; with Options.Strict they are warnings.
// ownTagList names arbiter's own tags and the games', for the warning.
var knownTags, ownTagList = func() (map[string]bool, string) {
	m := map[string]bool{}
	for _, t := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result",
		"WhiteTitle", "BlackTitle", "WhiteElo", "BlackElo", "WhiteUSCF", "BlackUSCF",
		"WhiteNA", "BlackNA", "WhiteType", "BlackType",
		"EventDate", "EventSponsor", "Section", "Stage",
		"Opening", "Variation", "SubVariation", "ECO", "NIC",
		"Time", "UTCTime", "UTCDate", "TimeControl", "WhiteTimeControl", "BlackTimeControl", "SetUp", "FEN",
		"Termination", "Annotator", "Mode", "PlyCount",
		"Game", "Score", "Seed", "Winner", "Loser", "GameName", "GameComment"} {
		m[t] = true
	}
	var names []string
	seen := map[string]bool{}
	for _, g := range games.All {
		if tg, ok := g.(rules.Tagger); ok {
			for _, t := range tg.Tags() {
				m[t] = true
				if !seen[t] {
					seen[t] = true
					names = append(names, t)
				}
			}
		}
	}
	m["Board"] = true // PGN's board number, and Knight Fight's board
	slices.Sort(names)
	return m, strings.Join(slices.Concat([]string{"Game", "Score"}, names, []string{"Seed"}), ", ")
}()

// knownTag reports whether name is one of knownTags.
func knownTag(name string) bool { return knownTags[name] }

// unknownTag is the warning about the tag name that arbiter does not know:
// it names the known tag closest to it, when one is close (a misspelt
// "Reslut" is Result).
func unknownTag(name string) string {
	best, bestD := "", 3
	for _, t := range slices.Sorted(maps.Keys(knownTags)) {
		d := distance(strings.ToLower(name), strings.ToLower(t))
		if d < bestD && (d <= 1 || len(name) >= 6) {
			best, bestD = t, d
		}
	}
	if best != "" {
		return fmt.Sprintf("unknown tag %q, kept (did you mean %s?)", notation.Shorten(name), best)
	}
	return fmt.Sprintf("unknown tag %q, kept (arbiter reads the PGN standard's tags and %s: see docs/notation.md)", notation.Shorten(name), ownTagList)
}

// distance is the number of edits (a byte inserted, deleted or replaced,
// or two neighbours swapped) that turn a into b, as far as 3: past that it
// returns 3.
func distance(a, b string) int {
	if d := len(a) - len(b); d > 2 || d < -2 {
		return 3
	}
	// prev2, prev and cur are rows of the table of the optimal string
	// alignment distance.
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], 3)
}

func parseScore(s string) (rules.Score, bool) {
	w, b, ok := strings.Cut(strings.TrimSpace(s), "-")
	if !ok {
		return rules.Score{}, false
	}
	wi, err1 := strconv.Atoi(strings.TrimSpace(w))
	bi, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || wi < 0 || bi < 0 {
		return rules.Score{}, false
	}
	return rules.Score{White: wi, Black: bi}, true
}

// MaxSolverNodes is the largest budget a record's closing comment may ask
// the solver to prove its result again with (termination solved): the
// validator runs the solver with it, so a record cannot make it search
// without end. A tournament's solver adjudication is held to it too.
const MaxSolverNodes = 100_000_000
