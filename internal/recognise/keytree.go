package recognise

import "strings"

// KeyTree is the plan of a table's columns, as its rows bring them: a
// column for each key of a row's object, in the order the keys first
// came; for a key a row gives twice, a column for each time (JSON allows
// it, and each value is shown); under a key's column, the columns of the
// keys of the objects it holds. Every output finds a row's columns here:
// human and Markdown plan the top level (ranking and fitting it), plain,
// TSV and CSV write every column that holds a value.
//
// Rows mostly repeat the row before's keys in the same order, so that
// order is tried before a map: a row finds its columns without hashing.
type KeyTree[T any] struct {
	Root KeyCol[T]
	// Lent: a column's key is the row's own string, which outlives the
	// tree (rows held while they are planned); otherwise it is copied,
	// so that the tree keeps no row's text alive (rows read token by
	// token are lent, and their text is reused).
	Lent bool
	row  int
	// slab is where columns are made, used again by Reset: a table of a
	// few columns per small document allocates nothing once warm; hint,
	// how many a row may bring (Expect), sizes the next chunk.
	slab []KeyCol[T]
	hint int
}

// KeyCol is a column of a KeyTree: a key path of the rows.
type KeyCol[T any] struct {
	Key  string
	Occ  int // which time the key stands in its object (0: the first)
	Kids []*KeyCol[T]
	// Of is what an output keeps of the column.
	Of T

	below *below[T]  // how its keys are found, once it has any
	seen  int        // the row it was last met in: a second time is a repeated key
	dup   *KeyCol[T] // the next occurrence's column
}

// below finds the keys under a column: most columns have none, and a
// table's columns are many.
type below[T any] struct {
	// byKey has the first occurrence of each key once the column has
	// more than fewKids (mapped): a few are looked through in a row, as
	// hashing each key of a small table's first row cost more.
	byKey  map[string]*KeyCol[T]
	mapped bool
	order  []*KeyCol[T] // the keys in the order the last row had them
}

// fewKids is the most columns under a column found without byKey.
const fewKids = 16

// Row starts the next row: a key met from here on is met for the first
// time in it.
func (t *KeyTree[T]) Row() { t.row++ }

// Expect says that the next row has n keys: a new chunk of columns has
// room for them all, made once rather than doubled up to their number.
func (t *KeyTree[T]) Expect(n int) { t.hint = n }

// Reset empties the tree for another table, keeping its memory.
func (t *KeyTree[T]) Reset() {
	b := t.Root.below
	if b != nil {
		if len(b.byKey) > 256 {
			b.byKey = nil // cleared in time proportional to what it held
		}
		clear(b.byKey)
		b.mapped = false
		b.order = b.order[:0]
	}
	t.Root = KeyCol[T]{below: b, Kids: t.Root.Kids[:0]}
	t.row = 0
	clear(t.slab)
	t.slab = t.slab[:0]
}

// Child is the column of the i-th key, key, of the current row's object
// under column n: made on first sight (fresh), after n's columns so far;
// for a key the object already gave in this row, its next occurrence's.
func (t *KeyTree[T]) Child(n *KeyCol[T], i int, key string) (k *KeyCol[T], fresh bool) {
	b := n.below
	if b == nil {
		b = &below[T]{}
		n.below = b
	}
	if i < len(b.order) && b.order[i].Key == key {
		k = b.order[i]
	} else {
		k = first(n, key)
		if k == nil {
			if !t.Lent {
				key = strings.Clone(key)
			}
			k, fresh = t.column(n, key, 0), true
			switch {
			case b.mapped:
				b.byKey[key] = k
			case len(n.Kids) > fewKids:
				if b.byKey == nil {
					b.byKey = make(map[string]*KeyCol[T], 2*len(n.Kids))
				}
				for _, c := range n.Kids {
					if c.Occ == 0 {
						b.byKey[c.Key] = c
					}
				}
				b.mapped = true
			}
		}
		if i < len(b.order) {
			b.order[i] = k
		} else {
			b.order = append(b.order, k)
		}
	}
	for k.seen == t.row {
		if k.dup == nil {
			k.dup, fresh = t.column(n, k.Key, k.Occ+1), true
		}
		k = k.dup
	}
	k.seen = t.row
	return k, fresh
}

// first is the column of the first occurrence of key under n, or nil.
func first[T any](n *KeyCol[T], key string) *KeyCol[T] {
	b := n.below
	if b == nil {
		return nil
	}
	if b.mapped {
		return b.byKey[key]
	}
	for _, c := range n.Kids {
		if c.Occ == 0 && c.Key == key {
			return c
		}
	}
	return nil
}

// column is a new column for the occ-th occurrence of key under n.
func (t *KeyTree[T]) column(n *KeyCol[T], key string, occ int) *KeyCol[T] {
	if len(t.slab) == cap(t.slab) {
		// A new chunk: the columns made so far point into the last one.
		t.slab = make([]KeyCol[T], 0, max(8, 2*cap(t.slab), t.hint))
	}
	t.slab = append(t.slab, KeyCol[T]{Key: key, Occ: occ})
	c := &t.slab[len(t.slab)-1]
	n.Kids = append(n.Kids, c)
	return c
}

// Top is the top-level column of key's occ-th occurrence, if a row had one.
func (t *KeyTree[T]) Top(key string, occ int) *KeyCol[T] {
	k := first(&t.Root, key)
	for k != nil && k.Occ < occ {
		k = k.dup
	}
	return k
}
