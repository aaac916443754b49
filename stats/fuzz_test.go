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
