package stats

import (
	"strings"
	"testing"
	"unicode"
)

// FuzzClean checks that no name survives the Markdown and text escapes with
// markup, a line break or an unescaped table pipe.
func FuzzClean(f *testing.F) {
	for _, n := range hostileNames {
		f.Add(n)
	}
	f.Add("a|b\\|c\\\\|d")
	f.Fuzz(func(t *testing.T, name string) {
		md := cleanMarkdown(name)
		if strings.ContainsAny(md, "<>\n\r") {
			t.Errorf("cleanMarkdown(%q) = %q keeps markup or a line break", name, md)
		}
		// Every pipe is escaped: preceded by an odd run of backslashes.
		for i := 0; i < len(md); i++ {
			if md[i] != '|' {
				continue
			}
			n := 0
			for j := i - 1; j >= 0 && md[j] == '\\'; j-- {
				n++
			}
			if n%2 == 0 {
				t.Errorf("cleanMarkdown(%q) = %q has an unescaped pipe at %d", name, md, i)
			}
		}
		if tx := cleanText(name); strings.ContainsFunc(tx, unicode.IsControl) {
			t.Errorf("cleanText(%q) = %q keeps a control character", name, tx)
		}
	})
}

// FuzzCSVCell checks the CSV injection guard: no cell a spreadsheet would
// read as a formula survives, and a safe cell is left as it is.
func FuzzCSVCell(f *testing.F) {
	for _, s := range []string{"=cmd|' /C calc'!A0", "=HYPERLINK(\"http://x\")", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "engine", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := csvCell(s)
		if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
			t.Errorf("csvCell(%q) = %q starts like a formula", s, c)
		}
		if s != "" && !strings.ContainsRune("=+-@\t\r", rune(s[0])) && c != s {
			t.Errorf("csvCell(%q) = %q; want it unchanged", s, c)
		}
		if c != s && c != "'"+s {
			t.Errorf("csvCell(%q) = %q; want it or it with a leading '", s, c)
		}
	})
}
