package tournament

import (
	"fmt"

	"github.com/arbiter-games/arbiter/pairing"
	"github.com/arbiter-games/arbiter/rules"
)

// schedule is the tournament's games as its pairing hands them out, stage
// by stage (see package pairing), with what is stored of them: a stage is
// made once every game of the stages before it is stored.
type schedule struct {
	p      pairing.Pairing
	stages []pairing.Stage
	over   bool // the pairing has no stage after the last made
	// stored is by slot: 0 not stored, else 1 + the stored game's result.
	stored []uint8
	n      int // games stored
	// inStage counts the stored games of the last stage made.
	inStage int
}

func newSchedule(p pairing.Pairing) *schedule { return &schedule{p: p} }

// end is the slot after the last of the stages made.
func (s *schedule) end() int {
	if len(s.stages) == 0 {
		return 0
	}
	return s.stages[len(s.stages)-1].End()
}

// current is the last stage made.
func (s *schedule) current() pairing.Stage { return s.stages[len(s.stages)-1] }

// game returns the game of slot k, if its stage is made.
func (s *schedule) game(k int) (pairing.Game, bool) {
	for i := len(s.stages) - 1; i >= 0; i-- {
		if st := s.stages[i]; k >= st.First && k < st.End() {
			return st.Game(k), true
		}
	}
	return pairing.Game{}, false
}

// has reports whether slot k has a stored game.
func (s *schedule) has(k int) bool { return k >= 0 && k < len(s.stored) && s.stored[k] != 0 }

// result is the result of the stored game of slot k.
func (s *schedule) result(k int) rules.Result {
	if !s.has(k) {
		return rules.Unfinished
	}
	return rules.Result(s.stored[k] - 1)
}

// store records the result of slot k; it reports whether the slot was not
// stored before.
func (s *schedule) store(k int, r rules.Result) bool {
	if k < 0 || s.has(k) {
		return false
	}
	if k >= len(s.stored) {
		s.stored = append(s.stored, make([]uint8, k+1-len(s.stored))...)
	}
	s.stored[k] = 1 + uint8(r)
	s.n++
	if len(s.stages) > 0 && k >= s.current().First && k < s.end() {
		s.inStage++
	}
	return true
}

// advance makes the stages that can be made now: the first one, and each
// next one once every game of the stages before it is stored. It returns
// the stages it made.
func (s *schedule) advance() ([]pairing.Stage, error) {
	var made []pairing.Stage
	for !s.over && (len(s.stages) == 0 || s.inStage == s.current().Len) {
		st, ok, err := s.p.Next(s.result)
		if err != nil {
			return made, fmt.Errorf("pairing of stage %d: %w", len(s.stages)+1, err)
		}
		if !ok {
			s.over = true
			break
		}
		if st.First != s.end() {
			return made, fmt.Errorf("pairing: stage %d starts at slot %d, not %d", len(s.stages)+1, st.First, s.end())
		}
		s.stages = append(s.stages, st)
		s.inStage = 0
		for k := st.First; k < min(st.End(), len(s.stored)); k++ {
			if s.stored[k] != 0 {
				s.inStage++
			}
		}
		made = append(made, st)
	}
	return made, nil
}

// total is the number of games of the tournament: the pairing's count, or
// at least the slots made so far.
func (s *schedule) total() int {
	n, _ := s.p.Total()
	return max(n, s.end())
}
