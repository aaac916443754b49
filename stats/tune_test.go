package stats

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/store"
)

// tuneFixture stores a tuning run of two parameters and three pairs, each
// moving θ by a fixed step.
func tuneFixture(t testing.TB) *store.DB {
	t.Helper()
	db := openDB(t)
	ctx := context.Background()
	r := &store.TuneRun{Name: "loa-spsa", Game: "lines-of-action", Engine: "arbiter-search", Config: "x", ConfigHash: "h",
		Pairs: 10, Params: []store.TuneParam{{Name: "Group", Start: 40, Min: 0, Max: 400}, {Name: "Tempo", Start: 10, Min: 0, Max: 100}},
		Theta: []float64{40, 10}, CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	if err := db.RegisterTune(ctx, r); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		take, ok, _, err := db.TakeTunePair(ctx, r.ID, "me", time.Minute)
		if err != nil || !ok || take.Pair != i || take.K != i+1 {
			t.Fatalf("take %d: %+v, %v, %v", i, take, ok, err)
		}
		p := &store.TunePair{Pair: i, K: take.K, Flips: []int{1, -1}, Plus: []float64{48, 8}, Minus: []float64{32, 12},
			Games: []string{"1-0", "1/2-1/2"}, Result: 1}
		if err := db.StoreTunePair(ctx, r.ID, "me", p, func(th []float64) { th[0] += 2.5; th[1] -= 0.25 }); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

// TestTuneSection checks the tuning runs' section of every format: each
// parameter's start, current value, change and range, and in HTML its
// trajectory normalised to its range.
func TestTuneSection(t *testing.T) {
	r := compute(t, tuneFixture(t), Query{})
	if len(r.Tune) != 1 || r.Tune[0].Done != 3 || len(r.Tune[0].Trajectory) != 4 {
		t.Fatalf("Tune = %+v; want one run of 3 pairs done and 4 points", r.Tune)
	}
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			var b bytes.Buffer
			if err := r.Write(&b, format); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			switch format {
			case "json":
				var got struct {
					Tune []TuneRun `json:"tune"`
				}
				if err := json.Unmarshal(b.Bytes(), &got); err != nil {
					t.Fatal(err)
				}
				p := got.Tune[0].Params[0]
				if p.Name != "Group" || p.Start != 40 || p.Current != 47.5 || p.Change != 7.5 || p.Max != 400 {
					t.Errorf("json tune param %+v; want Group 40 → 47.5", p)
				}
			case "html":
				// Group from 40 to 47.5 of 0–400: 10% to 11.875% of the
				// chart's 220 from y 230 up; Tempo from 10% to 9.25%.
				for _, want := range []string{`<h2>Tuning run loa-spsa</h2>`, `points="50,208 104,206.6 158,205.2 212,203.9"`,
					`points="50,208 104,208.6 158,209.1 212,209.7"`, `<td class="name">Group</td><td>40</td><td>47.5</td><td>&#43;7.5</td>`} {
					if !strings.Contains(out, want) {
						t.Errorf("html lacks %s", want)
					}
				}
			default:
				ext := map[string]string{"text": "txt", "markdown": "md"}[format]
				if ext == "" {
					ext = format
				}
				testkit.Golden(t, "tune."+ext, out)
			}
		})
	}
}
