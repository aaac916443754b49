package knightfight_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/knightfight"
)

// record returns the text of a finished random game on the board of seed,
// with its Result and Score tags.
func record(tb testing.TB, seed int64) string {
	start, texts := playout(tb, seed)
	p := *start
	g := &notation.Game{}
	for _, t := range [][2]string{
		{"Event", "sample"}, {"Site", "?"}, {"Date", "2026.12.01"}, {"Round", fmt.Sprint(seed)},
		{"White", "random"}, {"Black", "random"}, {"Result", "*"}, {"Game", "Knight Fight"},
		{"Board", knightfight.RandomBoard(seed)},
	} {
		g.SetTag(t[0], t[1])
	}
	for _, s := range texts {
		g.Moves = append(g.Moves, notation.Move{Text: s})
		play(tb, &p, s)
	}
	res := p.Outcome().Result.String()
	g.Result = res
	g.SetTag("Result", res)
	sc, _ := p.Score()
	g.SetTag("Score", sc.String())
	return g.String()
}

// TestRecords validates sample records of whole games with the replayer:
// testdata/games.agn holds three random games (rewritten by -update), and
// changing a record must be caught.
func TestRecords(t *testing.T) {
	var all strings.Builder
	for seed := int64(1); seed <= 3; seed++ {
		all.WriteString(record(t, seed))
	}
	testkit.Golden(t, "games.agn", all.String())
	data, err := os.ReadFile(filepath.Join("testdata", "games.agn"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	err = replay.File(context.Background(), "games.agn", data, replay.Options{Jobs: 1}, func(r replay.Report) {
		n++
		if !r.Valid || r.Score == nil || r.Result == rules.Unfinished {
			t.Errorf("game %d: valid %v, score %v, result %v: %s", r.Index, r.Valid, r.Score, r.Result, r.Describe())
		}
	})
	if err != nil || n != 3 {
		t.Fatalf("replay.File: %d games, %v; want 3", n, err)
	}

	one := record(t, 1)
	score := one[strings.Index(one, `[Score "`)+8:]
	score = score[:strings.Index(score, `"`)]
	tests := []struct {
		name, from, to, code string
	}{
		{"wrong score", `[Score "` + score + `"]`, `[Score "1-2"]`, notation.CodeScoreMismatch},
		{"bad board", `[Board "`, `[Board "1`, notation.CodeBadTag},
		{"capture sign", "", "", notation.CodeNotation},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := strings.Replace(one, tt.from, tt.to, 1)
			if tt.name == "capture sign" {
				// Change the first jump, which follows the two placements.
				i := strings.Index(text, "2. ")
				j := i + strings.Index(text[i:], "-")
				text = text[:j] + "x" + text[j+1:]
			}
			gs, _ := notation.Parse("x.agn", []byte(text))
			if len(gs) != 1 {
				t.Fatalf("parsed %d games", len(gs))
			}
			r := replay.Game("x.agn", gs[0], replay.Options{})
			if r.Valid || r.Err == nil || r.Err.Code != tt.code {
				t.Errorf("replay = valid %v, %+v; want code %s", r.Valid, r.Err, tt.code)
			}
		})
	}
}

// BenchmarkValidate replays a file of 200 random games with replay.File on
// one goroutine, the validator's hot path. It reports ns per game and the
// plies per game.
func BenchmarkValidate(b *testing.B) {
	var all strings.Builder
	plies := 0
	const games = 200
	for seed := int64(1); seed <= games; seed++ {
		_, texts := playout(b, seed)
		plies += len(texts)
		all.WriteString(record(b, seed))
	}
	data := []byte(all.String())
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := replay.File(context.Background(), "bench.agn", data, replay.Options{Jobs: 1}, func(r replay.Report) {
			if !r.Valid {
				b.Fatal(r.Describe())
			}
		}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*games), "ns/game")
	b.ReportMetric(float64(plies)/games, "plies/game")
}
