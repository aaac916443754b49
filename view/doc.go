// Package view writes the game viewer: one self-contained HTML page that
// holds every game of some record files (or of a database's selection) and
// shows any of them, ply by ply, as a board with its move list, the move
// comments, a graph of the engines' evaluations, the plies where arbiter
// solve's comments say the proven result changes or was thrown away
// (marked on the graph and in the move list), and for an invalid game the
// validator's message at its failing ply.
//
// The page computes no rules. For each game it carries the positions the
// Go rules reach, compactly: the start as one cell id per square, then per
// ply only the squares that change, the squares to mark and the caption
// (Picture, from the game's rules.Drawer). The cells (colour, label, piece)
// are kept once per page in a dictionary. The page's script rebuilds a
// game's cells when the game is opened and draws the board of the ply asked
// for with the same layout as rules.Picture.SVG, so that a thousand games
// cost their move text and a few bytes per ply, and only one board is ever
// drawn at a time. A game whose position is no rules.Drawer carries its
// position text per ply instead.
//
// A Page takes replay reports: Prepare does the per-game work on the
// replay's worker goroutines (replay.Options.Prepare), Add keeps the result
// in file order, and Write writes the page:
//
//	page := view.New("games.agn")
//	opts.Prepare = page.Prepare
//	err := replay.File(ctx, name, data, opts, page.Add)
//	err = page.Write(w, "")
package view
