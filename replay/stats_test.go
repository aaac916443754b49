package replay

import (
	"context"
	"testing"
)

// TestEngineStats: each side's moves, mean depth and time per move come
// from its moves' comments, the side that moves first being Black in Lines
// of Action; a side without such comments gets nil.
func TestEngineStats(t *testing.T) {
	src := loaTags + "\n1. c8-c6 {+0.35/12 0.120s} a2-c2 {book} 2. c6-c4 {-0.10/8 0.200s} *\n"
	var white []int
	n := 0
	err := File(context.Background(), "t.agn", []byte(src), Options{Jobs: 1}, func(r Report) {
		n++
		w, b := r.EngineStats()
		if w != nil {
			white = append(white, w.Moves)
		}
		if b == nil {
			t.Fatalf("EngineStats: Black's = nil; want its two moves")
		}
		if b.Moves != 2 || b.Depth != 10 || b.MoveMS != 160 {
			t.Errorf("EngineStats: Black's = %+v; want 2 moves, depth 10, 160 ms a move", *b)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Fatalf("File gave %d reports; want 1", n)
	}
	if white != nil {
		t.Errorf("EngineStats: White's moves %v; want nil (no comment gives a search)", white)
	}
}
