package human

import (
	"testing"

	"github.com/khive-ai/khive-pretty/table"
)

// A streamed table makes room for one digit more in a column whose values
// count up after the same text (the thousandth id), not in one whose
// numbers stay the same or go up and down, nor in one whose texts differ
// before their digits.
func TestDigitRoom(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells []string
		room  string
	}{
		{"ids", []string{"998", "999"}, "9999"},
		{"named ids", []string{"task-98", "task-99"}, "99999999"}, // as wide as task-100
		{"gaps", []string{"r1", "", "r7"}, "999"},
		{"the same", []string{"1.0e+10", "1.0e+10", "1.0e+10"}, ""},
		{"up and down", []string{"12", "7", "30"}, ""},
		{"other text", []string{"a-1", "b-2"}, ""},
		{"one row", []string{"999"}, ""},
	} {
		grid := make([][]table.Cell, len(tc.cells))
		for i, c := range tc.cells {
			grid[i] = []table.Cell{{Text: c}}
		}
		room, ok := digitRoom([]table.Column{{}}, grid)
		if got := room[0].Text; got != tc.room || ok != (tc.room != "") {
			t.Errorf("%s: room %q (%v), want %q", tc.name, got, ok, tc.room)
		}
	}
}
