package notation

import (
	"strconv"
	"strings"
	"time"
)

// Date is the date of a record, as its Date tag gives it. A part that is
// not known is 0.
type Date struct {
	Year, Month, Day int
}

// ParseDate reads a date as record writers write it: PGN's YYYY.MM.DD with
// any part in question marks ("2024.??.??", "????.??.??"), one-digit months
// and days ("2024.1.5"), the ISO form and slashes ("2024-01-05",
// "2024/01/05"), a year alone or with its month ("2024", "2024-01", as SGF
// writes them), and "", "?" or "??" for a date not known. The year comes
// first, in four digits, and one separator is used throughout; the known
// parts must make a possible date (29 February is one when the year is not
// known). ok is false for anything else.
func ParseDate(s string) (d Date, ok bool) {
	s = strings.TrimSpace(s)
	if strings.Trim(s, "?") == "" {
		return Date{}, true
	}
	sep := byte(0)
	var parts [3]string
	n := 0
	for n < 3 {
		i := strings.IndexAny(s, ".-/")
		if i < 0 {
			parts[n] = s
			n++
			s = ""
			break
		}
		if sep != 0 && s[i] != sep {
			return Date{}, false // "2024.01-05": two kinds of separator
		}
		sep = s[i]
		parts[n], s = s[:i], s[i+1:]
		n++
	}
	if s != "" {
		return Date{}, false // more than three parts
	}
	y, ok := datePart(parts[0], 4, 4)
	if !ok {
		return Date{}, false
	}
	d.Year = y
	if n > 1 {
		if d.Month, ok = datePart(parts[1], 1, 2); !ok || d.Month > 12 {
			return Date{}, false
		}
	}
	if n > 2 {
		if d.Day, ok = datePart(parts[2], 1, 2); !ok || d.Day > 31 {
			return Date{}, false
		}
	}
	if d.Month > 0 && d.Day > 0 {
		year := d.Year
		if year == 0 {
			year = 2000 // a leap year: 29 February stays possible
		}
		if time.Date(year, time.Month(d.Month), d.Day, 0, 0, 0, 0, time.UTC).Day() != d.Day {
			return Date{}, false
		}
	}
	return d, true
}

// datePart reads one part of a date: question marks (0, not known), or
// from lo to hi digits making a number above 0.
func datePart(s string, lo, hi int) (int, bool) {
	if s != "" && strings.Trim(s, "?") == "" {
		return 0, len(s) <= hi
	}
	if len(s) < lo || len(s) > hi {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, _ := strconv.Atoi(s)
	return n, n > 0
}

// String returns the date as PGN writes it: "2024.01.05", "2024.??.??",
// "????.??.??" for a date not known.
func (d Date) String() string {
	b := make([]byte, 0, 10)
	if d.Year > 0 {
		for n := 1000; n > 1 && d.Year < n; n /= 10 {
			b = append(b, '0')
		}
		b = strconv.AppendInt(b, int64(d.Year), 10)
	} else {
		b = append(b, "????"...)
	}
	for _, n := range []int{d.Month, d.Day} {
		b = append(b, '.')
		switch {
		case n == 0:
			b = append(b, "??"...)
		case n < 10:
			b = append(b, '0', byte('0'+n))
		default:
			b = strconv.AppendInt(b, int64(n), 10)
		}
	}
	return string(b)
}
