package recognise

import (
	"slices"
	"sort"

	"github.com/khive-ai/khive-pretty/internal/view"
)

// MinPrefix is the shortest ID prefix shown: khive accepts the first 8
// characters of a UUID as the ID.
const MinPrefix = 8

// uniquePrefixes makes every shortened ID of a view as long as it takes
// to tell it from every other ID in the view, like git's short hashes:
// at least MinPrefix characters, more where two IDs begin alike, so that
// what a person copies names one thing.
func uniquePrefixes(blocks []view.Block) {
	var few [8]string // the IDs of most views: on the stack
	ids := few[:0]
	seen := map[string]bool{}
	least := 255 // the shortest prefix shown
	for i := range blocks {
		blocks[i] = eachCell(blocks[i], func(c *view.Cell) {
			if c.Kind != view.ID || c.ShortLen == 0 {
				return
			}
			least = min(least, int(c.ShortLen))
			if !seen[c.Text] {
				seen[c.Text] = true
				ids = append(ids, c.Text)
			}
		})
	}
	if len(ids) < 2 {
		return
	}
	// A few IDs are compared with each other, which is what the sorted
	// neighbours of prefixLengths come to, without its copy and map.
	need := func(id string) int { return prefixLength(id, ids) }
	if len(ids) > len(few) {
		m := prefixLengths(ids)
		need = func(id string) int { return m[id] }
	}
	if !slices.ContainsFunc(ids, func(id string) bool { return need(id) > least }) {
		return // the prefixes shown tell them apart (most views'): no cell is walked again
	}
	for i := range blocks {
		blocks[i] = eachCell(blocks[i], func(c *view.Cell) {
			if c.Kind != view.ID || c.ShortLen == 0 {
				return
			}
			if n := need(c.Text); n > int(c.ShortLen) {
				c.ShortLen = uint8(min(n, 255))
			}
		})
	}
}

// prefixLength is prefixLengths' length for id, one of ids (which are
// distinct), found by comparing it with each other: its longest common
// prefix with any is with a neighbour in sorted order.
func prefixLength(id string, ids []string) int {
	n := MinPrefix
	for _, o := range ids {
		if o != id {
			n = max(n, common(id, o)+1)
		}
	}
	return min(n, len(id))
}

// prefixLengths is, for each of ids, the length of its shortest prefix
// (at least MinPrefix) that no other begins with: one more than its
// longest common prefix with a neighbour in sorted order.
func prefixLengths(ids []string) map[string]int {
	sorted := append([]string(nil), ids...)
	sort.Strings(sorted)
	need := make(map[string]int, len(sorted))
	for i, id := range sorted {
		n := MinPrefix
		if i > 0 {
			n = max(n, common(id, sorted[i-1])+1)
		}
		if i+1 < len(sorted) {
			n = max(n, common(id, sorted[i+1])+1)
		}
		need[id] = min(n, len(id))
	}
	return need
}

func common(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// eachCell calls fn with a pointer to every cell of a block and the
// blocks inside it, and returns the block (a Scalar holds its cell by
// value, so the changed one is returned).
func eachCell(b view.Block, fn func(*view.Cell)) view.Block {
	var cell func(c *view.Cell)
	cell = func(c *view.Cell) {
		fn(c)
		if c.Sub != nil {
			for i := range c.Sub.Items {
				cell(&c.Sub.Items[i])
			}
			for i := range c.Sub.Fields {
				cell(&c.Sub.Fields[i].Cell)
			}
		}
	}
	rec := func(r *view.Record) {
		if r != nil {
			eachCell(*r, fn)
		}
	}
	switch b := b.(type) {
	case view.Record:
		for i := range b.Fields {
			if b.Fields[i].Block != nil {
				b.Fields[i].Block = eachCell(b.Fields[i].Block, fn)
			} else {
				cell(&b.Fields[i].Cell)
			}
		}
	case view.Table:
		for _, row := range b.Rows {
			for i := range row {
				cell(&row[i])
			}
		}
		rec(b.Records)
	case view.Inline:
		for i := range b.Items {
			cell(&b.Items[i])
		}
	case view.Scalar:
		cell(&b.Cell)
		return b
	case view.Title:
		if b.Value != nil {
			cell(b.Value)
		}
	case view.Error:
		rec(b.Details)
	case view.Footer:
		for _, p := range b.Parts {
			if p.Cell != nil {
				cell(p.Cell)
			}
		}
	case view.Items:
		for _, e := range b.Entries {
			rec(e.Extra)
		}
	case view.Relations:
		for _, r := range b.Relations {
			rec(r.Extra)
		}
	case view.Timeline:
		for _, e := range b.Events {
			rec(e.Extra)
		}
	case view.Code:
		rec(b.Extra)
	case view.Bullets:
		for i := range b.Items {
			cell(&b.Items[i])
		}
	case view.Note:
		rec(b.Extra)
	case view.Document:
		rec(b.Extra)
	}
	return b
}
