package stats

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/internal/xmltext"
	"github.com/arbiter-games/arbiter/rating"
)

func TestGolden(t *testing.T) {
	db := clubFixture(t)
	r := compute(t, db, Query{})
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			var b bytes.Buffer
			if err := r.Write(&b, format); err != nil {
				t.Fatal(err)
			}
			ext := map[string]string{"text": "txt", "markdown": "md"}[format]
			if ext == "" {
				ext = format
			}
			out := b.String()
			if format == "json" && onPostgres {
				// JSON carries the ratings unrounded, and PostgreSQL's sums
				// reach them in another order: the last digits may differ.
				out = sigDigits.ReplaceAllStringFunc(out, func(m string) string {
					x, _ := strconv.ParseFloat(m, 64)
					return strconv.FormatFloat(x, 'g', 12, 64)
				})
				want, err := os.ReadFile(filepath.Join("testdata", "club.json"))
				if err != nil {
					t.Fatal(err)
				}
				wantOut := sigDigits.ReplaceAllStringFunc(string(want), func(m string) string {
					x, _ := strconv.ParseFloat(m, 64)
					return strconv.FormatFloat(x, 'g', 12, 64)
				})
				if out != wantOut {
					t.Errorf("club.json on PostgreSQL differs beyond the last digits:\n%s", out)
				}
				return
			}
			testkit.Golden(t, "club."+ext, out)
		})
	}
	t.Run("anchored", func(t *testing.T) {
		r := compute(t, db, Query{Tournament: "club", Anchor: "C", AnchorElo: 1500})
		var b bytes.Buffer
		if err := r.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		testkit.Golden(t, "club-anchored.txt", b.String())
	})
}

// sigDigits matches a number with a fraction of many digits in JSON.
var sigDigits = regexp.MustCompile(`-?\d+\.\d{6,}(e[-+]?\d+)?`)

// hostileNames are player names that try to break out of every format.
var hostileNames = []string{
	`<script>alert("x")</script>`,
	`"quoted", 'single' & more`,
	"line\nbreak\r\nand | pipe *star* [link](http://x) `code`",
	strings.Repeat("<b>long</b>", 1000), // 11 kB
}

func TestHostileNames(t *testing.T) {
	db := openDB(t)
	var games []g
	for i, a := range hostileNames {
		b := hostileNames[(i+1)%len(hostileNames)]
		games = append(games, g{0, -1, "lines-of-action", a, b, "1-0", "time <forfeit>", nil},
			g{0, -1, "lines-of-action", b, a, "1/2-1/2", "", nil})
	}
	insert(t, db, games)
	r := compute(t, db, Query{})
	out := map[string]string{}
	for _, format := range Formats {
		var b bytes.Buffer
		if err := r.Write(&b, format); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		out[format] = b.String()
	}

	t.Run("html", func(t *testing.T) {
		h := out["html"]
		for _, bad := range []string{"<script", "<b>long", "alert(\"x\")"} {
			if strings.Contains(h, bad) {
				t.Errorf("html contains %q unescaped", bad)
			}
		}
		if !strings.Contains(h, "&lt;script&gt;") {
			t.Errorf("html lacks the escaped name")
		}
		if strings.Contains(h, "src=") || strings.Contains(h, "href=") {
			t.Errorf("html fetches something")
		}
		// The charts are well-formed SVG.
		for rest := h; ; {
			i := strings.Index(rest, "<svg")
			if i < 0 {
				break
			}
			j := strings.Index(rest[i:], "</svg>")
			if j < 0 {
				t.Fatalf("unterminated svg")
			}
			dec := xml.NewDecoder(strings.NewReader(rest[i : i+j+len("</svg>")]))
			for {
				_, err := dec.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("svg chart is not well-formed: %v", err)
				}
			}
			rest = rest[i+j:]
		}
	})
	t.Run("markdown", func(t *testing.T) {
		md := out["markdown"]
		if strings.Contains(md, "<script") || strings.Contains(md, "<b>") {
			t.Errorf("markdown contains raw HTML")
		}
		for _, l := range strings.Split(strings.TrimSpace(md), "\n") {
			if !strings.HasPrefix(l, "|") {
				continue
			}
			// Every table row has as many cells as its table's header:
			// no unescaped pipe or line break split a name.
			if strings.Count(strings.ReplaceAll(l, `\|`, ""), "|") < 3 {
				t.Errorf("broken table row %.80q", l)
			}
		}
		if strings.Contains(md, "line\nbreak") {
			t.Errorf("markdown keeps a line break inside a name")
		}
	})
	t.Run("csv", func(t *testing.T) {
		parts := strings.SplitN(out["csv"], "\n\n", 2)
		if len(parts) != 2 {
			t.Fatalf("csv has no standings table")
		}
		recs, err := csv.NewReader(strings.NewReader(parts[1])).ReadAll()
		if err != nil {
			t.Fatalf("csv does not read back: %v", err)
		}
		col := slices.Index(recs[0], "player")
		if col < 0 {
			t.Fatalf("csv standings have no player column: %q", recs[0])
		}
		names := map[string]bool{}
		for _, rec := range recs[1:] {
			names[rec[col]] = true
		}
		for _, n := range hostileNames {
			// encoding/csv reads \r\n inside a quoted field back as \n.
			if !names[strings.ReplaceAll(n, "\r\n", "\n")] {
				t.Errorf("csv lost name %.40q", n)
			}
		}
	})
	t.Run("json", func(t *testing.T) {
		var back Report
		if err := json.Unmarshal([]byte(out["json"]), &back); err != nil {
			t.Fatal(err)
		}
		if len(back.Players) != len(hostileNames) {
			t.Errorf("json has %d players; want %d", len(back.Players), len(hostileNames))
		}
	})
	t.Run("text", func(t *testing.T) {
		if strings.Contains(out["text"], "line\nbreak") {
			t.Errorf("text keeps a line break inside a name")
		}
	})
}

func TestJSONKeys(t *testing.T) {
	db := clubFixture(t)
	r := compute(t, db, Query{})
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"games", "players", "terminations", "pairs", "crosstable"} {
		if _, ok := m[k]; !ok {
			t.Errorf("json lacks key %q", k)
		}
	}
	game := m["games"].(map[string]any)["lines-of-action"].(map[string]any)
	for _, k := range []string{"total", "finished", "white_wins", "black_wins", "draws", "white_pct", "black_pct", "draw_pct"} {
		if _, ok := game[k]; !ok {
			t.Errorf("json games entry lacks key %q", k)
		}
	}
	player := m["players"].([]any)[0].(map[string]any)
	for _, k := range []string{"name", "games", "wins", "draws", "losses", "points", "score_pct", "elo", "elo_error"} {
		if _, ok := player[k]; !ok {
			t.Errorf("json player lacks key %q", k)
		}
	}
}

// TestPairNumbersAgree checks that the head-to-head figures stored in the
// report (and so in JSON) are the ones the text and Markdown formats print:
// 1 draw in 16 games is a DrawRatio of exactly 6.25 %, which rounds to
// 6.2 when printed.
func TestPairNumbersAgree(t *testing.T) {
	db := openDB(t)
	var games []g
	for i := range 16 {
		res := "1-0"
		switch {
		case i == 0:
			res = "1/2-1/2"
		case i%3 == 0:
			res = "0-1"
		}
		games = append(games, g{0, -1, "lines-of-action", "A", "B", res, "", nil})
	}
	insert(t, db, games)
	r := compute(t, db, Query{})
	var out [3]bytes.Buffer
	for i, write := range []func(io.Writer) error{r.WriteJSON, r.WriteText, r.WriteMarkdown} {
		if err := write(&out[i]); err != nil {
			t.Fatal(err)
		}
	}
	var back struct {
		Pairs []struct {
			EloDiff   *float64 `json:"elo_diff"`
			EloError  *float64 `json:"elo_error"`
			LOS       *float64 `json:"los"`
			DrawRatio float64  `json:"draw_ratio"`
		} `json:"pairs"`
	}
	if err := json.Unmarshal(out[0].Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Pairs) != 1 {
		t.Fatalf("%d pairs in JSON; want 1", len(back.Pairs))
	}
	p := back.Pairs[0]
	if p.DrawRatio != 6.2 {
		t.Errorf("JSON draw_ratio = %v; want 6.2", p.DrawRatio)
	}
	text := fmt.Sprintf("Elo difference: %s +/- %s, LOS: %s %%, DrawRatio: %s %%",
		fmtOpt(p.EloDiff, 1, "-"), fmtOpt(p.EloError, 1, "-"), fmtOpt(p.LOS, 1, "-"), fmtFloat(p.DrawRatio, 1))
	if !strings.Contains(out[1].String(), text+"\n") {
		t.Errorf("text lacks the JSON figures %q:\n%s", text, out[1].String())
	}
	md := fmt.Sprintf("| %s ± %s | %s %% | %s %% |",
		fmtOpt(p.EloDiff, 1, "-"), fmtOpt(p.EloError, 1, "-"), fmtOpt(p.LOS, 1, "-"), fmtFloat(p.DrawRatio, 1))
	if !strings.Contains(out[2].String(), md) {
		t.Errorf("markdown lacks the JSON figures %q:\n%s", md, out[2].String())
	}
}

// TestSplitBars checks the white/draw/black bar: every non-zero segment is
// at least minSegment wide and labelled (below the bar when it is too
// narrow for its label), a zero one has no label, and the bar keeps its
// width.
func TestSplitBars(t *testing.T) {
	tests := []struct {
		name          string
		w, d, b       int
		inside, below []string // classes labelled inside, below
	}{
		{"one draw in a thousand", 600, 1, 399, []string{"white", "black"}, []string{"draw"}},
		{"no draws", 10, 0, 10, []string{"white", "black"}, nil},
		{"one of each", 1, 1, 998, []string{"black"}, []string{"white", "draw"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := tt.w + tt.d + tt.b
			gs := &GameStats{Finished: n, WhiteWins: tt.w, Draws: tt.d, BlackWins: tt.b,
				WhitePct: pct(float64(tt.w), float64(n)), DrawPct: pct(float64(tt.d), float64(n)), BlackPct: pct(float64(tt.b), float64(n))}
			c := splitBars(gs, 10)
			total := 0.0
			var inside, below []string
			for i, b := range c.Bars {
				total += b.W
				count := []int{tt.w, tt.d, tt.b}[i]
				switch {
				case count == 0 && b.Pct != "":
					t.Errorf("%s: empty segment labelled %q", b.Class, b.Pct)
				case count > 0 && b.W < minSegment-0.05:
					t.Errorf("%s: %d games drawn %.1f wide; want at least %v", b.Class, count, b.W, minSegment)
				case count > 0 && b.Inside:
					inside = append(inside, b.Class)
				case count > 0:
					below = append(below, b.Class)
				}
			}
			if math.Abs(total-chartWidth) > 0.2 {
				t.Errorf("bar %.1f wide; want %v", total, chartWidth)
			}
			if !slices.Equal(inside, tt.inside) || !slices.Equal(below, tt.below) {
				t.Errorf("labels inside %q, below %q; want %q, %q", inside, below, tt.inside, tt.below)
			}
		})
	}
}

// TestCSVInjection checks that names a spreadsheet would run as formulas
// are neutralised with a leading apostrophe, while number cells,
// negative Elo included, stay numbers.
func TestCSVInjection(t *testing.T) {
	db := openDB(t)
	const loa = "lines-of-action"
	evil := []string{`=cmd|' /C calc'!A0`, `=HYPERLINK("http://x","y")`, "+1", "-2", "@SUM(A1)", "\tTab", "\rCR"}
	var games []g
	for i, a := range evil {
		b := evil[(i+1)%len(evil)]
		games = append(games, g{0, -1, loa, a, b, "1-0", "", nil}, g{0, -1, loa, b, a, "1/2-1/2", "", nil})
	}
	games = append(games, g{0, -1, loa, evil[0], evil[1], "1-0", "", nil}) // someone rates below 0
	insert(t, db, games)
	var b bytes.Buffer
	if err := compute(t, db, Query{}).WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	parts := strings.SplitN(b.String(), "\n\n", 2)
	recs, err := csv.NewReader(strings.NewReader(parts[1])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col, elo := slices.Index(recs[0], "player"), slices.Index(recs[0], "elo")
	names := map[string]bool{}
	negative := false
	for _, rec := range recs[1:] {
		names[rec[col]] = true
		if strings.HasPrefix(rec[elo], "-") {
			negative = true
		}
	}
	for _, n := range evil {
		if !names["'"+strings.ReplaceAll(n, "\r", "\n")] && !names["'"+n] {
			t.Errorf("csv lacks %q neutralised as %q; has %q", n, "'"+n, slices.Sorted(maps.Keys(names)))
		}
	}
	if !negative {
		t.Errorf("no negative Elo cell: numbers must not be neutralised")
	}
}

// TestAllGamesWon checks that the text format prints cutechess's
// "inf +/- nan" for a pair one player won every game of, while Markdown
// and HTML say "all games won" and never inf or nan.
func TestAllGamesWon(t *testing.T) {
	r := compute(t, clubFixture(t), Query{})
	out := map[string]string{}
	for _, format := range []string{"text", "markdown", "html"} {
		var b bytes.Buffer
		if err := r.Write(&b, format); err != nil {
			t.Fatal(err)
		}
		out[format] = b.String()
	}
	if !strings.Contains(out["text"], "Elo difference: inf +/- nan") {
		t.Errorf("text lacks cutechess's \"inf +/- nan\"")
	}
	for _, format := range []string{"markdown", "html"} {
		if !strings.Contains(out[format], "all games won") {
			t.Errorf("%s does not say \"all games won\"", format)
		}
		if m := regexp.MustCompile(`\b(inf|nan)\b|(^|[^0-9.])-0\.0\b`).FindString(out[format]); m != "" {
			t.Errorf("%s prints %q", format, m)
		}
	}
}

// A report of one game says "1 game", in text and Markdown; of two, "2 games".
func TestGameCount(t *testing.T) {
	for _, n := range []int{1, 2} {
		db := openDB(t)
		var games []g
		for range n {
			games = append(games, g{0, -1, "lines-of-action", "A", "B", "1-0", "", nil})
		}
		insert(t, db, games)
		r := compute(t, db, Query{})
		want := map[int]string{1: "1 game, 1 finished, 0 unfinished", 2: "2 games, 2 finished, 0 unfinished"}[n]
		for _, format := range []string{"text", "markdown"} {
			var b bytes.Buffer
			if err := r.Write(&b, format); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), want) {
				t.Errorf("%s report of %d games lacks %q:\n%s", format, n, want, b.String())
			}
		}
	}
}

// TestHTMLIllegalCharacters gives the HTML writers names with characters
// XML forbids: what they write holds none of them, and the charts parse as
// XML.
func TestHTMLIllegalCharacters(t *testing.T) {
	db := openDB(t)
	a, b := "al\uFFFEice\x01", "b\uFFFFob\x0b\xff"
	insert(t, db, []g{
		{0, -1, "lines-of-action", a, b, "1-0", "", nil},
		{0, -1, "lines-of-action", b, a, "1/2-1/2", "", nil},
	})
	r := compute(t, db, Query{})
	writers := []struct {
		name  string
		write func(io.Writer) error
	}{
		{"WriteHTML", r.WriteHTML},
		{"WriteHTMLParts", r.WriteHTMLParts},
	}
	for _, w := range writers {
		var out bytes.Buffer
		if err := w.write(&out); err != nil {
			t.Fatalf("%s: %v", w.name, err)
		}
		h := out.String()
		if c := xmltext.Clean(h); c != h {
			t.Errorf("%s with players %q and %q holds characters XML forbids", w.name, a, b)
		}
		if !strings.Contains(h, "al\uFFFDice\uFFFD") {
			t.Errorf("%s with player %q lacks al\uFFFDice\uFFFD", w.name, a)
		}
		charts := regexp.MustCompile(`(?s)<svg.*?</svg>`).FindAllString(h, -1)
		if len(charts) == 0 {
			t.Errorf("%s has no chart", w.name)
		}
		for _, c := range charts {
			if err := xml.Unmarshal([]byte(c), new(struct{})); err != nil {
				t.Errorf("%s: a chart is not XML: %v", w.name, err)
			}
		}
	}
}

// TestMatchCutechess checks the head-to-head lines against lines printed by
// cutechess-cli.
func TestMatchCutechess(t *testing.T) {
	tests := []struct {
		w, l, d    int
		score, elo string
	}{
		{99, 97, 104, "Score of X vs Y: 99 - 97 - 104  [0.503] 300",
			"Elo difference: 2.3 +/- 31.8, LOS: 55.7 %, DrawRatio: 34.7 %"},
		{45, 37, 18, "Score of X vs Y: 45 - 37 - 18  [0.540] 100",
			"Elo difference: 27.9 +/- 62.4, LOS: 81.2 %, DrawRatio: 18.0 %"},
		{3, 0, 0, "Score of X vs Y: 3 - 0 - 0  [1.000] 3",
			"Elo difference: inf +/- nan, LOS: 95.8 %, DrawRatio: 0.0 %"},
	}
	for _, tt := range tests {
		m := rating.Match{Wins: tt.w, Losses: tt.l, Draws: tt.d}
		p := &Pair{A: "X", B: "Y", Wins: tt.w, Losses: tt.l, Draws: tt.d, Games: m.Games(), Score: round(m.Score(), 3)}
		if got := p.ScoreLine(); got != tt.score {
			t.Errorf("ScoreLine = %q; want %q", got, tt.score)
		}
		if got := p.EloLine(); got != tt.elo {
			t.Errorf("EloLine = %q; want %q", got, tt.elo)
		}
	}
}
