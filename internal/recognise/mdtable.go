package recognise

import (
	"io"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/input"
)

// khive's format="table" (and "auto" on a list) answers with its rows
// already drawn: result is a Markdown table, then one "key: value" line
// per field of the page (has_more, offset …), values that are not plain
// one-line strings written as compact JSON. mdTable reads that back into
// the page it was drawn from, so that it is shown as any page is: a table
// fitted to the terminal, a Markdown table again in Markdown output.

// mdTable parses a result string that is a Markdown table and its sibling
// lines; false when the text is anything else.
func mdTable(text string) (Value, bool) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) < 3 || !tableLine(lines[0]) || !separatorLine(lines[1]) {
		return Value{}, false
	}
	header := mdCells(lines[0])
	if len(mdCells(lines[1])) != len(header) {
		return Value{}, false
	}
	rows := Value{Kind: Array}
	i := 2
	for ; i < len(lines) && tableLine(lines[i]); i++ {
		cells := mdCells(lines[i])
		if len(cells) != len(header) {
			return Value{}, false
		}
		row := Value{Kind: Object, Members: make([]Member, 0, len(header))}
		for j, c := range cells {
			if c != "" { // khive writes null as an empty cell
				row.Members = append(row.Members, Member{Key: header[j], Value: cellValue(header[j], c)})
			}
		}
		rows.Items = append(rows.Items, row)
	}
	var fields []Member
	for ; i < len(lines); i++ {
		key, val, ok := strings.Cut(lines[i], ": ")
		if !ok || key == "" || strings.ContainsAny(key, " |") {
			return Value{}, false
		}
		v := Value{Kind: String, Text: val}
		if j, ok := jsonLiteral(val); ok {
			v = j
		}
		fields = append(fields, Member{Key: key, Value: v})
	}
	// The rows go under the first list key no field uses: khive drops the
	// array's own key, and a field may be called "items" too.
	rowsKey := ""
	for _, k := range ListKeys {
		if !hasKey(fields, k) {
			rowsKey = k
			break
		}
	}
	if rowsKey == "" {
		return Value{}, false
	}
	return Value{Kind: Object, Members: append([]Member{{Key: rowsKey, Value: rows}}, fields...)}, true
}

func tableLine(l string) bool {
	return len(l) >= 2 && l[0] == '|' && l[len(l)-1] == '|'
}

func separatorLine(l string) bool {
	if !tableLine(l) {
		return false
	}
	for _, c := range mdCells(l) {
		if strings.Trim(c, ":-") != "" || !strings.Contains(c, "-") {
			return false
		}
	}
	return true
}

// mdCells splits a table line on the bars that are not escaped ("\|" is a
// bar in a cell) and trims each cell.
func mdCells(l string) []string {
	l = l[1 : len(l)-1]
	var cells []string
	var b strings.Builder
	for i := 0; i < len(l); i++ {
		switch {
		case l[i] == '\\' && i+1 < len(l) && l[i+1] == '|':
			b.WriteByte('|')
			i++
		case l[i] == '|':
			cells = append(cells, unpad(b.String()))
			b.Reset()
		default:
			b.WriteByte(l[i])
		}
	}
	return append(cells, unpad(b.String()))
}

// unpad takes off the one space khive writes each side of a cell, and no
// more: a value's own spaces are the value's.
func unpad(c string) string {
	c = strings.TrimPrefix(c, " ")
	return strings.TrimSuffix(c, " ")
}

// cellValue is a cell as the value it was drawn from: a number, a boolean
// or an array of scalars written as JSON, else text ({…} and […] are
// khive's marks for what it left out, and stay text). An ID is text
// whatever it looks like: "12345678" and "1e5a0b3c" are IDs too.
func cellValue(key, c string) Value {
	if IsIDKey(key) {
		return Value{Kind: String, Text: c}
	}
	if c == "true" || c == "false" {
		return Value{Kind: Bool, Text: c}
	}
	if c[0] == '-' || c[0] >= '0' && c[0] <= '9' || c[0] == '[' {
		if v, ok := jsonLiteral(c); ok && (v.Kind == Number || v.Kind == Array) {
			return v
		}
	}
	return Value{Kind: String, Text: c}
}

// jsonLiteral reads s when it is exactly one JSON value.
func jsonLiteral(s string) (Value, bool) {
	dec := input.NewDecoder(strings.NewReader(s), "")
	v, err := dec.Next()
	if err != nil {
		return Value{}, false
	}
	if _, err := dec.Next(); err != io.EOF {
		return Value{}, false // more after it, or not JSON: text
	}
	return v, true
}
