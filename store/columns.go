package store

import (
	"fmt"

	"github.com/arbiter-games/arbiter/internal/shorten"
	"github.com/arbiter-games/arbiter/rules"
)

// resultColumn scans a result column into a rules.Result: the column
// keeps the record's text, and a text that is none of the four results is
// an error rather than an unfinished game.
type resultColumn struct{ r *rules.Result }

func (c resultColumn) Scan(src any) error {
	s, err := columnText(src)
	if err != nil {
		return err
	}
	r, ok := rules.ParseResult(s)
	if !ok {
		return fmt.Errorf("result %q is none of 1-0, 0-1, 1/2-1/2, *", shorten.To(s, 40))
	}
	*c.r = r
	return nil
}

// columnText is the text a driver returns for a TEXT column.
func columnText(src any) (string, error) {
	switch v := src.(type) {
	case string:
		return v, nil
	case []byte:
		return string(v), nil
	}
	return "", fmt.Errorf("a %T where text is stored", src)
}
