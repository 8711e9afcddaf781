package recognise

import (
	"strconv"
	"strings"
	"testing"
)

// A table's columns are its rows' keys in the order they first came,
// a key given twice in a row a second column, a nested object's keys
// under their key's column; a row in another order finds the same
// columns, and Reset empties the tree for the next table.
func TestKeyTreeIsTheRowsColumns(t *testing.T) {
	var tr KeyTree[int]
	paths := func() string {
		var out []string
		var walk func(prefix string, cols []*KeyCol[int])
		walk = func(prefix string, cols []*KeyCol[int]) {
			for _, c := range cols {
				name := prefix + c.Key
				if c.Occ > 0 {
					name += "#" + strconv.Itoa(c.Occ)
				}
				out = append(out, name)
				walk(name+".", c.Kids)
			}
		}
		walk("", tr.Root.Kids)
		return strings.Join(out, " ")
	}
	row := func(keys ...string) (fresh int) {
		tr.Row()
		for i, k := range keys {
			parent, at := &tr.Root, i
			for _, part := range strings.Split(k, ".") {
				c, f := tr.Child(parent, at, part)
				if f {
					fresh++
				}
				parent, at = c, 0 // the first key of its object
			}
		}
		return fresh
	}
	if n := row("id", "meta.owner", "tag", "tag"); n != 5 {
		t.Errorf("first row: %d columns made, want 5", n)
	}
	if n := row("tag", "id", "tag", "meta.owner"); n != 0 {
		t.Errorf("the same keys in another order: %d columns made, want 0", n)
	}
	row("id", "note", "tag", "tag", "tag")
	if got, want := paths(), "id meta meta.owner tag tag#1 note tag#2"; got != want {
		t.Errorf("columns %q, want %q", got, want)
	}
	if c := tr.Top("tag", 2); c == nil || c.Occ != 2 {
		t.Errorf("Top(tag, 2) = %v", c)
	}
	if c := tr.Top("nope", 0); c != nil {
		t.Errorf("Top(nope) = %v", c)
	}
	tr.Reset()
	row("b", "a")
	if got := paths(); got != "b a" {
		t.Errorf("after Reset: %q", got)
	}
}
