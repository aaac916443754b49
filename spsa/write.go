package spsa

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteText writes the schedule as the dry run prints it: a line of the
// settings, a table of the parameters (their line, c and a), and a table
// of every iteration k from 1 to Pairs with each parameter's c_k and R_k.
func (s *Schedule) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d pairs, A %d, alpha %s, gamma %s, seed %d\n\n", s.Pairs, s.A, num(s.Alpha), num(s.Gamma), s.Seed)
	rows := [][]string{{"param", "type", "start", "min", "max", "c_end", "r_end", "c", "a"}}
	for i, p := range s.Params {
		kind := p.Kind.String()
		if kind == "" {
			kind = "-"
		}
		rows = append(rows, []string{p.Name, kind, num(p.Start), num(p.Min), num(p.Max), num(p.CEnd), num(p.REnd), num(s.c[i]), num(s.a[i])})
	}
	table(bw, rows)
	bw.WriteString("\n")
	head := []string{"k"}
	for _, p := range s.Params {
		head = append(head, p.Name+" c", p.Name+" R")
	}
	widths := make([]int, len(head))
	for i, h := range head {
		widths[i] = max(len(h), 12)
	}
	widths[0] = max(len(strconv.Itoa(s.Pairs)), 1)
	row(bw, head, widths)
	var steps []Step
	cells := make([]string, len(head))
	for k := 1; k <= s.Pairs; k++ {
		steps = s.At(k, steps[:0])
		cells[0] = strconv.Itoa(k)
		for i, st := range steps {
			cells[1+2*i], cells[2+2*i] = num(st.C), num(st.R)
		}
		row(bw, cells, widths)
	}
	return bw.Flush()
}

// StepJSON is one parameter's step in a line of WriteJSON.
type StepJSON struct {
	Name string  `json:"name"`
	C    float64 `json:"c"`
	R    float64 `json:"R"`
}

// IterationJSON is one line of WriteJSON: iteration k and every
// parameter's step.
type IterationJSON struct {
	K      int        `json:"k"`
	Params []StepJSON `json:"params"`
}

// WriteJSON writes the schedule one object a line, k from 1 to Pairs:
// {"k":1,"params":[{"name":"X","c":4.2,"R":0.0019}]}.
func (s *Schedule) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	line := IterationJSON{Params: make([]StepJSON, len(s.Params))}
	for i, p := range s.Params {
		line.Params[i].Name = p.Name
	}
	var steps []Step
	for k := 1; k <= s.Pairs; k++ {
		steps = s.At(k, steps[:0])
		line.K = k
		for i, st := range steps {
			line.Params[i].C, line.Params[i].R = st.C, st.R
		}
		if err := enc.Encode(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// num writes x in at most 6 significant digits.
func num(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

// table writes rows in columns two spaces apart, each as wide as its
// widest cell.
func table(w *bufio.Writer, rows [][]string) {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len(c))
		}
	}
	for _, r := range rows {
		row(w, r, widths)
	}
}

func row(w *bufio.Writer, cells []string, widths []int) {
	for i, c := range cells {
		if i > 0 {
			w.WriteString("  ")
		}
		w.WriteString(c)
		if i < len(cells)-1 {
			w.WriteString(strings.Repeat(" ", max(widths[i]-len(c), 0)))
		}
	}
	w.WriteString("\n")
}
