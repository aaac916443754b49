package serve

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	_ "embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arbiter-games/arbiter/internal/xmltext"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules/games"
	"github.com/arbiter-games/arbiter/stats"
	"github.com/arbiter-games/arbiter/store"
	"github.com/arbiter-games/arbiter/view"
)

//go:embed pages.html.tmpl
var pagesSource string

//go:embed live.js
var liveScript string

//go:embed serve.css
var ownStyle string

// style is the pages' style sheet: the report's, for the parts of it the
// tournament page holds, and the server's own. It, csp and pages are made
// on first use: every arbiter command links this package, and only serve
// needs them.
var style = sync.OnceValue(func() string { return stats.HTMLStyle() + ownStyle })

// csp allows the pages' own inline script and style (by hash), requests to
// the server itself (the live parts), and nothing else.
var csp = sync.OnceValue(func() string {
	return "default-src 'none'; script-src '" + view.SourceHash(liveScript) + "'; style-src '" + view.SourceHash(style()) +
		"'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
})

var pages = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("pages").Funcs(template.FuncMap{
		"tlink":  func(name string) string { return "/t/" + url.PathEscape(name) },
		"glink":  func(id int64) string { return "/game/" + strconv.FormatInt(id, 10) },
		"sched":  scheduleOf,
		"name":   func(s string) string { return cmpName(s) },
		"gname":  games.Name,
		"since":  func(t time.Time) string { return time.Until(t).Round(time.Second).String() },
		"took":   took,
		"when":   when,
		"script": func() template.JS { return template.JS(liveScript) },
		"style":  func() template.CSS { return template.CSS(style()) },
	}).Parse(pagesSource))
})

// took rounds a duration to what a reader takes in: three figures at
// most ("1.23s", "45.7ms", "812µs").
func took(d time.Duration) string {
	unit := time.Duration(1)
	for v := d; v >= 1000; v /= 10 {
		unit *= 10
	}
	return d.Round(unit).String()
}

// when writes a time stored as RFC 3339 to the second, in UTC: the
// fraction of a second is noise on a page.
func when(s string) string {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return s
	}
	return t.UTC().Format("2006-01-02 15:04:05 UTC")
}

func cmpName(s string) string {
	if strings.TrimSpace(s) == "" {
		return "?"
	}
	return s
}

// Server answers the pages of one database.
//
// Its exported fields bound what clients may hold of it, so that a client
// that opens connections and leaves them idle, or sends a request a byte
// at a time, cannot take the server's descriptors from the other
// visitors. Set them before Run; a zero field takes its default.
type Server struct {
	ReadHeaderTimeout time.Duration // default DefaultReadHeaderTimeout
	IdleTimeout       time.Duration // default DefaultIdleTimeout
	WriteTimeout      time.Duration // default DefaultWriteTimeout
	MaxConnsPerIP     int           // default DefaultMaxConnsPerIP
	// MaxConns bounds every connection at once; default 1024, or the
	// process's descriptor limit less 128 when that is lower.
	MaxConns int
	// Warn, when set, is told what people should know of the server's
	// database: that its file was replaced (see file.go).
	Warn func(msg string)
	// Opened is the SQLite file the server reads, which it watches (nil:
	// none, as on PostgreSQL). New takes it from the path; a caller that
	// looked at the path before it opened the database sets that instead,
	// so that a file replaced while it was being opened is seen too.
	Opened fs.FileInfo

	db    *store.DB
	title string // the database as the pages name it

	mu          sync.Mutex
	tournaments []store.TournamentRow
	progress    map[int64]store.Progress
	snaps       map[int64]*snapshot
	listErr     error
	lastID      int64                   // the largest game id at the last look
	note        string                  // why the pages are not the database's latest (see file.go)
	computing   map[int64]chan struct{} // closed when a first snapshot is made
	// The tuning runs on the index page: their HTML, and the version of
	// the runs it shows (each run's pairs done).
	tune        template.HTML
	tuneVersion string
}

// snapshot is what a tournament's page shows, computed by the refresher.
type snapshot struct {
	T        store.TournamentRow
	Progress store.Progress
	Version  string
	Latest   []store.GameRow
	Parts    template.HTML // the report's standings, charts, crosstable
	Err      error
	Made     time.Time
	Took     time.Duration
}

// New returns a server of db; title names the database on the pages.
func New(db *store.DB, title string) *Server {
	return &Server{db: db, title: title, Opened: watchedFile(db), progress: map[int64]store.Progress{}, snaps: map[int64]*snapshot{},
		computing: map[int64]chan struct{}{}}
}

// Run serves on ln until ctx ends, refreshing the numbers every second;
// then it closes every connection at once and returns ctx's error.
func (s *Server) Run(ctx context.Context, ln net.Listener) error {
	lim := newLimitListener(ln, cmp.Or(s.MaxConnsPerIP, DefaultMaxConnsPerIP), cmp.Or(s.MaxConns, defaultMaxConns()))
	header, write := cmp.Or(s.ReadHeaderTimeout, DefaultReadHeaderTimeout), cmp.Or(s.WriteTimeout, DefaultWriteTimeout)
	srv := &http.Server{Handler: s.Handler(), BaseContext: func(net.Listener) context.Context { return ctx },
		ReadHeaderTimeout: header,
		ReadTimeout:       header + write, // the body too, which a GET has not
		WriteTimeout:      write,
		IdleTimeout:       cmp.Or(s.IdleTimeout, DefaultIdleTimeout),
		ConnState:         lim.connState,
	}
	ln = lim
	go s.refresh(ctx)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case <-ctx.Done():
		srv.Close()
		<-errc
		return ctx.Err()
	case err := <-errc:
		return err
	}
}

// Handler returns the server's routes: GET and HEAD only.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.index)
	mux.HandleFunc("GET /live", s.indexLive)
	mux.HandleFunc("GET /t/{name}", s.tournament)
	mux.HandleFunc("GET /t/{name}/live", s.tournamentLive)
	mux.HandleFunc("GET /game/{id}", s.game)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp())
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-store")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			s.fail(w, http.StatusMethodNotAllowed, errors.New("this server only reads: "+r.Method+" is not allowed"))
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// refresh reads every tournament's progress each second, and computes the
// pages of those whose games changed (see doc.go).
func (s *Server) refresh(ctx context.Context) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		s.look(ctx)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// look reads the tournaments and their progress once, and makes the
// snapshots that are due.
func (s *Server) look(ctx context.Context) {
	if !s.watchFile() {
		return
	}
	rows, err := s.db.TournamentRows(ctx)
	var last int64
	if err == nil {
		last, err = s.db.LastGameID(ctx)
	}
	s.mu.Lock()
	old, same := s.progress, last == s.lastID && s.tournaments != nil
	s.mu.Unlock()
	// The games are counted again only when one was stored; the games in
	// play are read every time (a small index of the slots not stored).
	prog := map[int64]store.Progress{}
	for _, t := range rows {
		if err != nil {
			break
		}
		p, known := old[t.ID]
		if same && known {
			p.InPlay, err = s.db.InPlay(ctx, t.ID)
		} else {
			p, err = s.db.Progress(ctx, t.ID)
		}
		prog[t.ID] = p
	}
	if ctx.Err() != nil {
		return
	}
	s.mu.Lock()
	s.listErr = err
	if err == nil {
		s.tournaments, s.progress, s.lastID = rows, prog, last
	}
	// A tournament's page is made at the first look, so that its first
	// request finds it ready, then again when its games change.
	var due, fresh []store.TournamentRow
	for _, t := range rows {
		sn := s.snaps[t.ID]
		switch {
		case sn == nil:
			fresh = append(fresh, t)
		case version(prog[t.ID]) != sn.Version && time.Since(sn.Made) >= max(time.Second, 2*sn.Took):
			due = append(due, t)
		}
	}
	s.mu.Unlock()
	s.lookTune(ctx)
	for _, t := range fresh {
		s.first(ctx, t, 0)
	}
	for _, t := range due {
		s.make(ctx, t, prog[t.ID])
	}
}

// lookTune reads the tuning runs and, when a pair was stored since the
// last look, makes their part of the index page again.
func (s *Server) lookTune(ctx context.Context) {
	runs, err := s.db.TuneRuns(ctx)
	if err != nil {
		return
	}
	var v strings.Builder
	for _, r := range runs {
		fmt.Fprintf(&v, "%d.%d.", r.ID, r.Done)
	}
	s.mu.Lock()
	same := v.String() == s.tuneVersion
	s.mu.Unlock()
	if same {
		return
	}
	full, err := stats.TuneRuns(ctx, s.db)
	var b bytes.Buffer
	if err == nil {
		err = stats.WriteTuneHTML(&b, full)
	}
	if err != nil {
		return
	}
	s.mu.Lock()
	s.tune, s.tuneVersion = template.HTML(b.String()), v.String()
	s.mu.Unlock()
}

// version names a tournament's progress: it changes when a game is stored
// or a game in play changes hands.
func version(p store.Progress) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d.%d", p.Stored, p.LastID)
	for _, l := range p.InPlay {
		fmt.Fprintf(&b, ".%d", l.Slot)
	}
	h := sha256.Sum256([]byte(b.String()))
	return fmt.Sprintf("%d-%x", p.Stored, h[:6])
}

// make computes the snapshot of tournament t at progress p.
func (s *Server) make(ctx context.Context, t store.TournamentRow, p store.Progress) *snapshot {
	start := time.Now()
	sn := &snapshot{T: t, Progress: p, Version: version(p)}
	sn.Latest, sn.Err = s.db.LatestGames(ctx, t.ID, p.LastID, 12)
	if sn.Err == nil {
		var r *stats.Report
		r, sn.Err = stats.Compute(ctx, s.db, stats.Query{Tournament: t.Name})
		if sn.Err == nil {
			var b bytes.Buffer
			if sn.Err = r.WriteHTMLParts(&b); sn.Err == nil {
				sn.Parts = template.HTML(b.String())
			}
		}
	}
	sn.Made, sn.Took = time.Now(), time.Since(start)
	if ctx.Err() != nil {
		return sn
	}
	s.mu.Lock()
	s.snaps[t.ID] = sn
	s.mu.Unlock()
	return sn
}

// snapshotOf returns the latest snapshot of the tournament called name,
// making the first one when there is none; a request waits for it no
// longer than patience (see first).
func (s *Server) snapshotOf(ctx context.Context, name string) (*snapshot, error) {
	s.mu.Lock()
	var t *store.TournamentRow
	for i := range s.tournaments {
		if s.tournaments[i].Name == name {
			t = &s.tournaments[i]
		}
	}
	if t == nil {
		s.mu.Unlock()
		// The refresher may not have read the list yet.
		id, err := s.db.TournamentID(ctx, name)
		if err != nil {
			return nil, err
		}
		rows, err := s.db.TournamentRows(ctx)
		if err != nil {
			return nil, err
		}
		for i := range rows {
			if rows[i].ID == id {
				t = &rows[i]
			}
		}
		if t == nil {
			return nil, fmt.Errorf("tournament %q: %w", name, store.ErrNoTournament)
		}
		s.mu.Lock()
	}
	s.mu.Unlock()
	return s.first(ctx, *t, patience)
}

// patience is how long a request waits for a tournament's first snapshot
// before it gets a provisional one: on a database of a million games the
// report takes seconds, and the page must answer at once.
var patience = 150 * time.Millisecond

// pendingVersion is the version of a provisional snapshot: a page that has
// it asks for its live part until the real one is made.
const pendingVersion = "pending"

// first returns the snapshot of t, making it when there is none yet; one
// goroutine makes it while the others wait for it. With patience > 0, a
// wait that lasts longer returns a provisional snapshot (progress and
// latest games, the standings to come), and the making goes on without
// the caller (so that the live part of the page gets it).
func (s *Server) first(ctx context.Context, t store.TournamentRow, patience time.Duration) (*snapshot, error) {
	s.mu.Lock()
	if sn := s.snaps[t.ID]; sn != nil {
		s.mu.Unlock()
		return sn, nil
	}
	wait, busy := s.computing[t.ID]
	if !busy {
		wait = make(chan struct{})
		s.computing[t.ID] = wait
	}
	s.mu.Unlock()
	if !busy {
		made := func(ctx context.Context) (*snapshot, error) {
			defer func() {
				s.mu.Lock()
				delete(s.computing, t.ID)
				s.mu.Unlock()
				close(wait)
			}()
			p, err := s.db.Progress(ctx, t.ID)
			if err != nil {
				return nil, err
			}
			return s.make(ctx, t, p), nil
		}
		if patience <= 0 {
			return made(ctx)
		}
		go made(context.WithoutCancel(ctx))
	}
	var late <-chan time.Time
	if patience > 0 {
		timer := time.NewTimer(patience)
		defer timer.Stop()
		late = timer.C
	}
	select {
	case <-wait:
	case <-late:
		return s.provisional(ctx, t)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	s.mu.Lock()
	sn := s.snaps[t.ID]
	s.mu.Unlock()
	if sn == nil {
		return nil, errors.New("the page could not be made")
	}
	return sn, nil
}

// provisional returns a snapshot of t without the report's parts, which
// are still being computed: the progress the refresher last read (or read
// now) and the latest games.
func (s *Server) provisional(ctx context.Context, t store.TournamentRow) (*snapshot, error) {
	start := time.Now()
	s.mu.Lock()
	p, known := s.progress[t.ID]
	s.mu.Unlock()
	sn := &snapshot{T: t, Progress: p, Version: pendingVersion,
		Parts: `<p class="muted" id="pending">The standings, ratings and charts are being computed (on a large database this takes a few seconds); they appear here by themselves.</p>`}
	if !known {
		sn.Progress, sn.Err = s.db.Progress(ctx, t.ID)
	}
	if sn.Err == nil {
		sn.Latest, sn.Err = s.db.LatestGames(ctx, t.ID, sn.Progress.LastID, 12)
	}
	sn.Made, sn.Took = time.Now(), time.Since(start)
	return sn, nil
}

// schedule is how far a tournament stands, as its pages say it.
type schedule struct {
	Stored int
	// Games is the schedule's count, as the runner counts it: the games
	// the tournament was registered with or, for a knockout, whose
	// tie-breaks add games to that minimum, the games stored when more;
	// 0 for an import, which has no schedule.
	Games   int
	AtLeast bool // a knockout: tie-breaks may add games
	Added   int  // the games a knockout's tie-breaks added so far
}

func scheduleOf(t store.TournamentRow, stored int) schedule {
	sc := schedule{Stored: stored, AtLeast: t.Format == "knockout"}
	if t.TotalGames > 0 {
		sc.Games = max(t.TotalGames, stored)
	}
	if sc.AtLeast {
		sc.Added = max(stored-t.TotalGames, 0)
	}
	return sc
}

// Pct is the share of the schedule stored, in whole percent: never more
// than 100.
func (sc schedule) Pct() int { return min(sc.Stored, sc.Games) * 100 / max(sc.Games, 1) }

// page is what the templates get.
type page struct {
	Title   string
	DB      string
	Note    string // why the page is not the database's latest
	Live    string // the address of the live part
	Version string
	Rows    []indexRow
	Tune    template.HTML // the tuning runs (index)
	S       *snapshot
	Err     error
}

type indexRow struct {
	store.TournamentRow
	Sched  schedule
	InPlay int
}

func (s *Server) indexPage() page {
	s.mu.Lock()
	defer s.mu.Unlock()
	pg := page{DB: s.title, Live: "/live", Err: s.listErr, Note: s.note, Tune: s.tune}
	var v strings.Builder
	v.WriteString(s.note)
	v.WriteString(s.tuneVersion)
	for _, t := range s.tournaments {
		p := s.progress[t.ID]
		pg.Rows = append(pg.Rows, indexRow{TournamentRow: t, Sched: scheduleOf(t, p.Stored), InPlay: len(p.InPlay)})
		v.WriteString(version(p))
	}
	h := sha256.Sum256([]byte(v.String()))
	pg.Version = fmt.Sprintf("%x", h[:8])
	return pg
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	empty := s.tournaments == nil && s.listErr == nil
	s.mu.Unlock()
	if empty {
		s.look(r.Context()) // the first request may come before the refresher's first look
	}
	s.render(w, "index", s.indexPage())
}

func (s *Server) indexLive(w http.ResponseWriter, r *http.Request) {
	pg := s.indexPage()
	s.live(w, r, "indexlive", pg)
}

func (s *Server) tournament(w http.ResponseWriter, r *http.Request) {
	name, sn, ok := s.requested(w, r)
	if !ok {
		return
	}
	note, v := s.noted(sn)
	s.render(w, "tournament", page{Title: sn.T.Name, DB: s.title, Live: "/t/" + url.PathEscape(name) + "/live",
		Version: v, S: sn, Err: sn.Err, Note: note})
}

func (s *Server) tournamentLive(w http.ResponseWriter, r *http.Request) {
	_, sn, ok := s.requested(w, r)
	if !ok {
		return
	}
	note, v := s.noted(sn)
	s.live(w, r, "tlive", page{Version: v, S: sn, Err: sn.Err, Note: note})
}

// noted returns the server's note and the version of a tournament's page
// at snapshot sn, which changes with the note.
func (s *Server) noted(sn *snapshot) (note, version string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.note == "" {
		return "", sn.Version
	}
	h := sha256.Sum256([]byte(s.note))
	return s.note, fmt.Sprintf("%s.%x", sn.Version, h[:4])
}

// requested returns the tournament a request names ({name} in its path)
// and its snapshot; when there is none it answers the request with the
// error and ok is false.
func (s *Server) requested(w http.ResponseWriter, r *http.Request) (name string, sn *snapshot, ok bool) {
	name = r.PathValue("name")
	sn, err := s.snapshotOf(r.Context(), name)
	if err != nil {
		s.fail(w, statusOf(err), fmt.Errorf("tournament %q: %w", name, err))
		return name, nil, false
	}
	return name, sn, true
}

// live answers a page's question for its live part: 204 while the version
// the page has (?v=) is the latest, else the part with its version in the
// X-Version header.
func (s *Server) live(w http.ResponseWriter, r *http.Request, name string, pg page) {
	if r.URL.Query().Get("v") == pg.Version {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	w.Header().Set("X-Version", pg.Version)
	s.render(w, name, pg)
}

// game writes the viewer page of one stored game.
func (s *Server) game(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		s.fail(w, http.StatusNotFound, fmt.Errorf("game %q: not a game number", r.PathValue("id")))
		return
	}
	g, err := s.db.Game(r.Context(), id)
	if err != nil {
		s.fail(w, statusOf(err), err)
		return
	}
	rec := g.Record
	name := fmt.Sprintf("game %d", id)
	p := view.New(gameCaption(g))
	if g.Tournament != "" {
		p.Back("/t/"+url.PathEscape(g.Tournament), "tournament "+g.Tournament)
	} else {
		p.Back("/", "the tournaments")
	}
	if err := replay.File(r.Context(), name, []byte(rec), replay.Options{Jobs: 1, Prepare: p.Prepare}, p.Add); err != nil {
		s.fail(w, http.StatusInternalServerError, err)
		return
	}
	var b bytes.Buffer
	open := ""
	if p.Games() == 1 {
		open = "g1p" + strconv.Itoa(plies(rec))
	}
	if err := p.Write(&b, open); err != nil {
		s.fail(w, http.StatusInternalServerError, err)
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", view.CSP())
	h.Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b.Bytes())
}

// gameCaption is the title of a stored game's page: "Game #12 of
// tournament T: A vs B, 1-0", the number as the tournament's page lists
// its games.
func gameCaption(g store.StoredGame) string {
	of := " (imported)"
	if g.Tournament != "" {
		of = " of tournament " + g.Tournament
	}
	return fmt.Sprintf("Game #%d%s: %s vs %s, %s", g.ID, of, cmpName(g.White), cmpName(g.Black), g.Result)
}

// plies counts the moves of a record, so that the viewer opens at its
// end (the viewer stops at the last good ply).
func plies(rec string) int {
	gs, _ := notation.Parse("", []byte(rec))
	if len(gs) == 0 {
		return 0
	}
	return len(gs[0].Moves)
}

func statusOf(err error) int {
	switch {
	case errors.Is(err, store.ErrNoTournament), errors.Is(err, store.ErrNoGame):
		return http.StatusNotFound
	}
	return http.StatusInternalServerError
}

// render writes template name with pg, the characters XML forbids (which
// html/template keeps) replaced by U+FFFD; an error of the template goes to
// the error page.
func (s *Server) render(w http.ResponseWriter, name string, pg page) {
	var b bytes.Buffer
	if err := pages().ExecuteTemplate(&b, name, pg); err != nil {
		s.fail(w, http.StatusInternalServerError, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(xmltext.CleanBytes(b.Bytes()))
}

// fail writes the error page: the status and the message, as report
// would say it, cleaned as render cleans a page.
func (s *Server) fail(w http.ResponseWriter, status int, err error) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	var b bytes.Buffer
	if err := pages().ExecuteTemplate(&b, "error", page{Title: http.StatusText(status), DB: s.title, Err: err}); err != nil {
		b.WriteString(template.HTMLEscapeString(err.Error()))
	}
	w.Write(xmltext.CleanBytes(b.Bytes()))
}

// Loopback reports whether the host of addr (host:port) is a loopback
// address, which no other machine reaches.
func Loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
