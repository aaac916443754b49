package proc

import "testing"

func TestTail(t *testing.T) {
	r := NewTail(8)
	r.Write([]byte("abc"))
	if got := string(r.Bytes()); got != "abc" {
		t.Errorf("Bytes = %q; want abc", got)
	}
	r.Write([]byte("defgh"))
	r.Write([]byte("ij"))
	if got := string(r.Bytes()); got != "cdefghij" {
		t.Errorf("Bytes = %q; want cdefghij", got)
	}
	r.Write([]byte("0123456789"))
	if got := string(r.Bytes()); got != "23456789" {
		t.Errorf("Bytes = %q; want 23456789", got)
	}
	if r.Total() != 20 {
		t.Errorf("Total = %d; want 20", r.Total())
	}
}
