package human

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/table"
)

// A Markdown table inside a tool's text (a task manager's "Requests List:"
// then `| Request ID | … |` rows) is drawn as a table fitted to the width,
// its columns aligned, instead of pipe rows cut at the edge. Its cells
// are the text as written; the text around it is prose as before.

// mdTableEnd is where the Markdown table that starts at lines[i] ends
// (the line after its last row), or -1 when none starts there: a row of
// cells, a separator row of dashes with as many cells, then rows.
func mdTableEnd(lines []string, i int) int {
	if i+1 >= len(lines) || !pipeRow(lines[i]) || !dashRow(lines[i+1]) || len(pipeCells(lines[i])) != len(pipeCells(lines[i+1])) {
		return -1
	}
	end, width := i+2, len(pipeCells(lines[i]))
	for end < len(lines) {
		n := rowLines(lines, end)
		if n == 0 {
			break
		}
		if len(pipeCells(strings.Join(lines[end:end+n], " "))) > width {
			return -1 // cells past the header's: drawn, they would be lost
		}
		end += n
	}
	if end == i+2 {
		return -1 // a header alone: no table to draw
	}
	return end
}

// rowLines is how many lines the row at lines[i] takes: one, or a few
// when a cell holds a line break the server did not escape (a row that
// starts with a bar ends with one a line or two later); 0 for no row.
func rowLines(lines []string, i int) int {
	if pipeRow(lines[i]) {
		return 1
	}
	if !strings.HasPrefix(strings.TrimSpace(lines[i]), "|") {
		return 0
	}
	for n := 1; n < 4 && i+n < len(lines); n++ {
		next := strings.TrimSpace(lines[i+n])
		if strings.HasPrefix(next, "|") {
			return 0 // the next row: this one never ended
		}
		if strings.HasSuffix(next, "|") {
			return n + 1
		}
	}
	return 0
}

func pipeRow(s string) bool {
	s = strings.TrimSpace(s)
	return len(s) >= 2 && s[0] == '|' && s[len(s)-1] == '|'
}

func dashRow(s string) bool {
	if !pipeRow(s) {
		return false
	}
	for _, c := range pipeCells(s) {
		c = strings.Trim(c, ":")
		if c == "" || strings.Trim(c, "-") != "" {
			return false
		}
	}
	return true
}

// pipeCells is a row's cells, trimmed; `\|` is a bar inside a cell.
func pipeCells(s string) []string {
	s = strings.TrimSpace(s)
	s = s[1 : len(s)-1]
	var cells []string
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '|':
			b.WriteByte('|')
			i++
		case s[i] == '|':
			cells = append(cells, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteByte(s[i])
		}
	}
	return append(cells, strings.TrimSpace(b.String()))
}

// drawMDTable is the table of lines (a header, a separator, rows) drawn
// width columns wide: lines of text, no styles (the caller sanitises and
// indents them as the text around them).
func (h *Writer) drawMDTable(lines []string, width int) []string {
	head := pipeCells(lines[0])
	cols := make([]table.Column, len(head))
	for i, c := range head {
		cols[i] = table.Column{Header: Untab(c, h.San()), Keep: 50, Flex: true, Min: 6}
	}
	cols[0].Keep = table.Essential
	var rows [][]table.Cell
	for i := 2; i < len(lines); {
		n := max(rowLines(lines, i), 1)
		cells := pipeCells(strings.Join(lines[i:i+n], " "))
		i += n
		row := make([]table.Cell, len(cols))
		for j := range row {
			if j < len(cells) {
				row[j] = table.Cell{Text: Untab(cells[j], h.San())}
			}
		}
		rows = append(rows, row)
	}
	var b strings.Builder
	tw, err := table.NewWriter(&b, cols, rows, table.Options{Width: width, Gap: 2, Ellipsis: h.g.Ellipsis})
	if err != nil {
		return lines
	}
	drawn := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	// A column left out is said, as under any table.
	var names []string
	for _, i := range tw.Hidden(len(cols)) {
		names = append(names, cols[i].Header)
	}
	if len(names) > 0 {
		drawn = append(drawn, format.Count(len(names), "column")+" hidden: "+strings.Join(names, ", ")+" (-w)")
	}
	return drawn
}

// withMDTables is text with each Markdown table in it drawn width columns
// wide (drawMDTable).
func (h *Writer) withMDTables(s string, width int) string {
	if !strings.Contains(s, "|") || width <= 0 {
		return s
	}
	lines := strings.Split(s, "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		if end := mdTableEnd(lines, i); end > 0 {
			out = append(out, h.drawMDTable(lines[i:end], width)...)
			i = end - 1
			continue
		}
		out = append(out, lines[i])
	}
	return strings.Join(out, "\n")
}
