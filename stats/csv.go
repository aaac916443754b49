package stats

import (
	"encoding/csv"
	"io"
	"slices"
	"strconv"
	"strings"
)

// csvCell neutralises a text cell that a spreadsheet would read as a
// formula (it starts with =, +, -, @, a tab or a carriage return) by
// putting an apostrophe in front, as OWASP advises against CSV injection.
// Only text cells go through it (names, game and termination names);
// numbers, negative Elo figures included, are written as they are.
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// WriteCSV writes the game-type table and the standings as CSV: two tables,
// each with its header row, separated by an empty line. The standings have
// a game column; text cells that start like a formula are neutralised
// (see csvCell).
func (r *Report) WriteCSV(w io.Writer) error {
	ew := &errWriter{w: w}
	cw := csv.NewWriter(ew)
	// The solver's figures are columns of their own, after the others, in
	// a report that has them.
	solver := false
	for _, gs := range r.Games {
		solver = solver || gs.Solver != nil
	}
	head := []string{"game", "name", "total", "finished", "unfinished", "white_wins", "black_wins", "draws",
		"white_pct", "black_pct", "draw_pct", "white_score_pct", "white_score_low", "white_score_high", "advantage",
		"unknown_player_games", "white_advantage", "white_advantage_error"}
	if solver {
		head = append(head, "solver_games", "solver_ms", "solver_nodes")
	}
	cw.Write(head)
	for _, id := range r.GameIDs() {
		gs := r.Games[id]
		row := []string{csvCell(gs.ID), csvCell(gs.Name), strconv.Itoa(gs.Total), strconv.Itoa(gs.Finished), strconv.Itoa(gs.Unfinished),
			strconv.Itoa(gs.WhiteWins), strconv.Itoa(gs.BlackWins), strconv.Itoa(gs.Draws),
			fmtPct(gs.WhitePct), fmtPct(gs.BlackPct), fmtPct(gs.DrawPct),
			fmtPct(gs.WhiteScorePct), fmtPct(gs.WhiteScoreLow), fmtPct(gs.WhiteScoreHigh), gs.Advantage,
			strconv.Itoa(gs.UnknownPlayerGames), fmtOpt(gs.WhiteAdvantage, 1, ""), fmtOpt(gs.WhiteAdvantageError, 1, "")}
		if solver {
			if s := gs.Solver; s != nil {
				row = append(row, strconv.Itoa(s.Games), strconv.FormatFloat(s.TimeMS, 'f', 1, 64), strconv.FormatInt(s.Nodes, 10))
			} else {
				row = append(row, "0", "", "")
			}
		}
		cw.Write(row)
	}
	cw.Flush()
	if _, err := io.WriteString(ew, "\n"); err != nil {
		return err
	}
	// A Swiss's byes and tie-breaks are columns of its own, after the
	// others, in a report that has them.
	swiss := slices.ContainsFunc(r.Players, func(p *Player) bool { return p.Buchholz != nil })
	head = []string{"game", "rank", "player", "games", "wins", "draws", "losses", "points", "score_pct",
		"white_games", "white_points", "white_score_pct", "black_games", "black_points", "black_score_pct",
		"unfinished", "point_games", "avg_points", "elo", "elo_error", "avg_depth", "avg_move_ms", "avg_nps"}
	if swiss {
		head = append(head, "byes", "buchholz", "sonneborn_berger")
	}
	cw.Write(head)
	for _, p := range r.Players {
		row := []string{csvCell(p.Game), strconv.Itoa(p.Rank), csvCell(p.Name), strconv.Itoa(p.Games), strconv.Itoa(p.Wins),
			strconv.Itoa(p.Draws), strconv.Itoa(p.Losses), fmtPoints(p.Points), fmtPct(p.ScorePct),
			strconv.Itoa(p.WhiteGames), fmtPoints(p.WhitePoints), fmtOpt(p.WhiteScorePct, 2, ""),
			strconv.Itoa(p.BlackGames), fmtPoints(p.BlackPoints), fmtOpt(p.BlackScorePct, 2, ""),
			strconv.Itoa(p.Unfinished), strconv.Itoa(p.PointGames), fmtOpt(p.AvgPoints, 2, ""),
			fmtOpt(p.Elo, 1, ""), fmtOpt(p.EloError, 1, ""), fmtOpt(p.AvgDepth, 1, ""), fmtOpt(p.AvgMoveMS, 1, ""), fmtOpt(p.AvgNPS, 0, "")}
		if swiss {
			row = append(row, strconv.Itoa(p.Byes), fmtOpt(p.Buchholz, 2, ""), fmtOpt(p.SonnebornBerger, 2, ""))
		}
		cw.Write(row)
	}
	cw.Flush()
	if rows := r.sprtCSV(); rows != nil {
		if _, err := io.WriteString(ew, "\n"); err != nil {
			return err
		}
		for _, row := range rows[1:] {
			for i := range min(3, len(row)) { // tournament, player, opponent
				row[i] = csvCell(row[i])
			}
		}
		cw.WriteAll(rows)
	}
	if rows := r.tuneCSV(); rows != nil {
		cw.Flush()
		if _, err := io.WriteString(ew, "\n"); err != nil {
			return err
		}
		cw.WriteAll(rows)
	}
	if ew.err != nil {
		return ew.err
	}
	return cw.Error()
}
