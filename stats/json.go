package stats

import (
	"encoding/json"
	"fmt"
	"io"
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
