package replay

import (
	"path/filepath"
	"strings"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/sgf"
)

// Format is the way a file writes its records.
type Format uint8

// The formats File reads.
const (
	// AGN is arbiter's record notation, PGN-shaped (.agn, .pgn).
	AGN Format = iota
	// SGF is the Smart Game Format of boardspace.net's Lines of Action
	// archives (GM[9]).
	SGF
)

// String returns "agn" or "sgf".
func (f Format) String() string {
	if f == SGF {
		return "sgf"
	}
	return "agn"
}

// FormatOf tells the format of the file name that holds data: by the
// name's extension, in any case (".sgf" SGF, ".agn" and ".pgn" AGN), or
// else by the text: SGF when it begins with "(" after white space and a
// byte order mark, as an SGF game tree does and no .agn record can (a
// variation there is an error), AGN otherwise (standard input among
// them).
func FormatOf(name string, data []byte) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".sgf":
		return SGF
	case ".agn", ".pgn":
		return AGN
	}
	i := 0
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		i = 3
	}
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n') {
		i++
	}
	if i < len(data) && data[i] == '(' {
		return SGF
	}
	return AGN
}

// A Splitter cuts a file into the text of its games (see
// notation.Splitter and sgf.Splitter).
type Splitter interface {
	Next() (notation.Chunk, bool)
}

// Splitter returns a Splitter of the games of data, written in f.
func (f Format) Splitter(data []byte) Splitter {
	if f == SGF {
		return sgf.NewSplitter(data)
	}
	return notation.NewSplitter(data)
}

// Parse parses one game of a file written in f into g: the chunk ch of src
// that f's Splitter returned (see notation.Game.Parse and sgf.ParseGame),
// index its 1-based position in file name. An .agn record's result is read
// as opts.Results says and written into g in PGN's convention (1-0: White
// won), and its Winner and Loser tags are checked against it; opts.Game
// stands for the game of a record without a Game tag.
func (f Format) Parse(g *notation.Game, name, src string, ch notation.Chunk, index int, opts Options) {
	if f == SGF {
		sgf.ParseGame(g, name, src, ch, index)
		return
	}
	g.Parse(name, src, ch, index)
	if g.Err == nil {
		readResults(name, g, opts)
	}
}

// Nth parses game n (from 1) of data, the file name written in the format
// FormatOf tells, as Format.Parse does, and returns it with the number of
// games of the file; only that game is parsed. g is nil when the file has
// no game n.
func Nth(name string, data []byte, n int, opts Options) (g *notation.Game, games int) {
	format := FormatOf(name, data)
	var shown notation.Chunk
	sp := format.Splitter(data)
	for ch, ok := sp.Next(); ok; ch, ok = sp.Next() {
		if games++; games == n {
			shown = ch
		}
	}
	if n < 1 || n > games {
		return nil, games
	}
	g = new(notation.Game)
	format.Parse(g, name, string(data), shown, n, opts)
	return g, games
}
