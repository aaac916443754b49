package stats

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
)

// WriteJSON writes r as one indented JSON object. A report whose pairs
// are made as they are written (see Query.Pairs) is written key by key,
// its pairs and crosstable rows one by one, in the same layout.
func (r *Report) WriteJSON(w io.Writer) error {
	if len(r.lazy) == 0 {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	b := &errWriter{w: w}
	sections := r.Sections()
	io.WriteString(b, "{")
	rv := reflect.ValueOf(r).Elem()
	first := true
	for i := range rv.NumField() {
		f := rv.Type().Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if strings.Contains(opts, "omitempty") && emptyJSON(rv.Field(i)) {
			continue
		}
		if !first {
			io.WriteString(b, ",")
		}
		first = false
		key, _ := json.Marshal(name)
		fmt.Fprintf(b, "\n  %s: ", key)
		switch name {
		case "pairs":
			writeJSONList(b, sections, (*Section).EachPair)
		case "crosstable":
			writeJSONList(b, sections, (*Section).EachCrossRow)
		default:
			v, err := json.MarshalIndent(rv.Field(i).Interface(), "  ", "  ")
			if err != nil {
				return err
			}
			b.Write(v)
		}
		if b.err != nil {
			return b.err
		}
	}
	io.WriteString(b, "\n}\n")
	return b.err
}

// emptyJSON reports whether encoding/json's omitempty leaves v out: false,
// 0, a nil pointer or interface, an empty array, slice, map or string.
func emptyJSON(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	}
	return v.IsZero()
}

// writeJSONList writes the items each gives for every section as one JSON
// array, indented as a value of the report's object.
func writeJSONList[T any](b *errWriter, sections []*Section, each func(*Section, func(T) error) error) {
	n := 0
	for _, s := range sections {
		each(s, func(x T) error {
			v, err := json.MarshalIndent(x, "    ", "  ")
			if err != nil {
				return err
			}
			if n == 0 {
				io.WriteString(b, "[\n    ")
			} else {
				io.WriteString(b, ",\n    ")
			}
			n++
			_, err = b.Write(v)
			return err
		})
	}
	if n == 0 {
		io.WriteString(b, "[]")
	} else {
		io.WriteString(b, "\n  ]")
	}
}

// MarshalJSON writes s as encoding/json does, but a number that is not
// finite as null, which encoding/json refuses: a database may hold one (the
// bound of an alpha too small, the LLR of hypotheses too far apart, stored
// before such tests were refused).
func (s SPRTResult) MarshalJSON() ([]byte, error) {
	type plain SPRTResult
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	all := finite(s.Elo0) && finite(s.Elo1) && finite(s.Alpha) && finite(s.Beta) &&
		finite(s.LLR) && finite(s.Lower) && finite(s.Upper)
	for _, p := range s.Trajectory {
		all = all && finite(p.LLR)
	}
	if all {
		return json.Marshal(plain(s))
	}
	num := func(x float64) *float64 {
		if !finite(x) {
			return nil
		}
		return &x
	}
	type point struct {
		Games int      `json:"games"`
		LLR   *float64 `json:"llr"`
	}
	traj := make([]point, len(s.Trajectory))
	for i, p := range s.Trajectory {
		traj[i] = point{p.Games, num(p.LLR)}
	}
	// The fields of the outer struct hide the embedded ones of the same
	// names.
	return json.Marshal(struct {
		plain
		Elo0       *float64 `json:"elo0"`
		Elo1       *float64 `json:"elo1"`
		Alpha      *float64 `json:"alpha"`
		Beta       *float64 `json:"beta"`
		LLR        *float64 `json:"llr"`
		Lower      *float64 `json:"lower"`
		Upper      *float64 `json:"upper"`
		Trajectory []point  `json:"trajectory"`
	}{plain(s), num(s.Elo0), num(s.Elo1), num(s.Alpha), num(s.Beta), num(s.LLR), num(s.Lower), num(s.Upper), traj})
}
