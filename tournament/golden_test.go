package tournament

import (
	"regexp"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/internal/toygames"
)

// TestRecordsGolden pins the records a small tournament writes: tags and
// their order, the Round and Board tags of the schedule, comments for
// forfeits, the Score, TimeControl and Termination tags, the engines' move
// comments. The Date tag and the times of the move comments are blanked.
func TestRecordsGolden(t *testing.T) {
	dir := t.TempDir()
	head := strings.Replace(toygames.RaceHead, "games_per_encounter: 1", "games_per_encounter: 2", 1) +
		"max_plies: 12\nadjudication: score\n"
	path := writeConfig(t, dir, head, "first=first", "last=last", "rogue=first,badat:3:7")
	var out strings.Builder
	playConfig(t, path, Options{Out: &out})
	got := regexp.MustCompile(`\[Date "[^"]*"\]`).ReplaceAllString(out.String(), `[Date "????.??.??"]`)
	got = blankTimes(got)
	testkit.Golden(t, "toy-tournament.golden", got)
	checkValid(t, out.String())
}
