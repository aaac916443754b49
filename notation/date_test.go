package notation

import "testing"

func TestParseDate(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" when the date cannot be read
	}{
		{"2024.01.05", "2024.01.05"},
		{"2024.1.5", "2024.01.05"},
		{"2024-01-05", "2024.01.05"},
		{"2024/1/5", "2024.01.05"},
		{" 2024.01.05 ", "2024.01.05"},
		{"2024.??.??", "2024.??.??"},
		{"2024.01.??", "2024.01.??"},
		{"????.??.??", "????.??.??"},
		{"????.02.29", "????.02.29"},
		{"??", "????.??.??"},
		{"?", "????.??.??"},
		{"", "????.??.??"},
		{"2024", "2024.??.??"},
		{"2024-01", "2024.01.??"},
		{"1996.12.31", "1996.12.31"},
		{"0999.01.01", "0999.01.01"},
		{"2024.02.29", "2024.02.29"},
		{"2023.02.29", ""},
		{"2024.13.01", ""},
		{"2024.00.01", ""},
		{"2024.01.32", ""},
		{"2024.01.00", ""},
		{"24.1.5", ""},
		{"05.01.2024", ""},
		{"2024.01-05", ""},
		{"2024.01.05.01", ""},
		{"2024.001.05", ""},
		{"2024.???.05", ""},
		{"Jan 5, 2024", ""},
		{"2024.+1.05", ""},
		{"0000.01.01", ""},
		{"2024..05", ""},
	}
	for _, tt := range tests {
		d, ok := ParseDate(tt.in)
		got := ""
		if ok {
			got = d.String()
		}
		if got != tt.want {
			t.Errorf("ParseDate(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

func TestParseResults(t *testing.T) {
	for _, r := range []Results{ResultsWhite, ResultsFirstMover} {
		if got, err := ParseResults(r.String()); err != nil || got != r {
			t.Errorf("ParseResults(%q) = %v, %v; want %v", r.String(), got, err, r)
		}
	}
	if _, err := ParseResults("black"); err == nil {
		t.Error("ParseResults(\"black\") succeeded; want an error")
	}
	for in, want := range map[string]string{"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1/2-1/2", "*": "*"} {
		if got := FlipResult(in); got != want {
			t.Errorf("FlipResult(%q) = %q; want %q", in, got, want)
		}
	}
}

// FuzzParseDate checks that ParseDate never panics and that a date it
// reads prints as a date it reads back unchanged.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2024.01.05", "2024-1-5", "????.??.??", "??", "2024", "2024.02.29", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, ok := ParseDate(s)
		if !ok {
			return
		}
		again, ok := ParseDate(d.String())
		if !ok || again != d {
			t.Errorf("ParseDate(%q) = %v, printed %q, read back as %v, %v", s, d, d.String(), again, ok)
		}
	})
}
