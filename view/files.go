package view

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/arbiter-games/arbiter/internal/input"
	"github.com/arbiter-games/arbiter/replay"
)

// Files returns the viewer page of the games of files, as arbiter view
// writes it: titled with the files' names, their games replayed with
// opts, every game or, when only is above 0, game number only of each
// file. invalid counts the invalid games on the page.
func Files(ctx context.Context, files []*input.File, opts replay.Options, only int) (page *Page, invalid int, err error) {
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = filepath.Base(f.Name)
	}
	page = New("arbiter view: " + strings.Join(names, ", "))
	prepare := opts.Prepare
	opts.Prepare = func(r *replay.Report) {
		if prepare != nil {
			prepare(r)
		}
		if only == 0 || r.Index == only {
			page.Prepare(r)
		}
	}
	for _, f := range files {
		err := replay.File(ctx, f.Name, f.Data, opts, func(r replay.Report) {
			if only != 0 && r.Index != only {
				return
			}
			if !r.Valid {
				invalid++
			}
			page.Add(r)
		})
		if err != nil {
			return nil, invalid, err
		}
	}
	return page, invalid, nil
}
