package plain

import (
	"bytes"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/jsonlib"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// tsvScan writes the further rows of a long list in plain output straight
// from the decoder's tokens, without building a Value per row: a row is
// most of the cost of a large render, and this keeps it to the work of
// reading the tokens. Each key path resolves to its column through a tree
// of nodes, built once, so a row allocates nothing; cells are kept in one
// byte arena per row. The cells are those flattenRow gives.
type tsvScan struct {
	t    *tsv
	l    tokenCursor
	root colNode
	tmp  []byte // unquoting scratch
	raw  []byte // the items of the array being read
	ends []int  // where each item ends in raw
	sub  *jsonlib.Decoder
	rd   bytes.Reader
}

// colNode is a key path of the rows: a column, and the keys below it.
type colNode struct {
	id, header string
	key        string
	col        *tsvCol
	kids       map[string]*colNode
	order      []*colNode // the keys below it in the order the last row had them
	seen       int        // the row it was last seen in, to tell duplicate keys apart
	dup        *colNode   // the next occurrence of the same key in a row
}

// tokenCursor is an open list whose rows can be read token by token
// (the rest of an open list, as the decoder gives it).
type tokenCursor interface {
	value.Cursor
	Tokens() *jsonlib.Decoder
}

func newTSVScan(t *tsv, l tokenCursor) *tsvScan {
	s := &tsvScan{t: t, l: l}
	s.sub = jsonlib.NewDecoder(&s.rd)
	return s
}

// row reads one row object and makes it the current row.
func (s *tsvScan) row() error {
	t := s.t
	t.gen++
	t.rows++
	t.arena = t.arena[:0]
	t.added = false
	t.rowCells = t.rowCells[:0]
	if _, err := s.object(&s.root); err != nil {
		return err
	}
	if t.added {
		t.newColumns()
	}
	return nil
}

// object reads an object's members into the row: how many it had.
func (s *tsvScan) object(n *colNode) (int, error) {
	dec := s.l.Tokens()
	if _, err := dec.ReadToken(); err != nil { // '{'
		return 0, err
	}
	i := 0
	for ; dec.PeekKind() != '}'; i++ {
		name, err := dec.ReadValue()
		if err != nil {
			return 0, err
		}
		k := s.child(n, i, name)
		switch dec.PeekKind() {
		case '{':
			s.cell(k, nil)
			n, err := s.object(k)
			if err != nil {
				return 0, err
			}
			if n == 0 {
				s.cell(k, []byte("{}"))
			}
		case '[':
			if err := s.array(k); err != nil {
				return 0, err
			}
		default:
			raw, err := dec.ReadValue()
			if err != nil {
				return 0, err
			}
			s.scalar(k, raw)
		}
	}
	_, err := dec.ReadToken() // '}'
	return i, err
}

// child finds the node of the i-th key (the raw name token) below n,
// making it on first sight, and the next occurrence's node for a repeated
// key. Rows mostly repeat the previous row's keys in the same order, so
// that order is tried before the map.
func (s *tsvScan) child(n *colNode, i int, name jsonlib.Raw) *colNode {
	var key []byte
	key, s.tmp = jsonlib.NameText(name, s.tmp) // as the decoder makes it: the header's
	s.t.cells++
	var k *colNode
	if i < len(n.order) && n.order[i].key == string(key) {
		k = n.order[i]
	} else {
		k = n.kids[string(key)]
		if k == nil {
			if n.kids == nil {
				n.kids = map[string]*colNode{}
			}
			ks := string(key)
			k = &colNode{id: colID(n.id, ks, 0), header: joinPath(n.header, ks), key: ks}
			n.kids[ks] = k
		}
		if i < len(n.order) {
			n.order[i] = k
		} else {
			n.order = append(n.order, k)
		}
	}
	// The ids are flattenRow's: the occ-th repeat of a key in one object.
	for occ := 1; k.seen == s.t.gen; occ++ {
		if k.dup == nil {
			k.dup = &colNode{id: colID(n.id, k.key, occ), header: k.header, key: k.key}
		}
		k = k.dup
	}
	k.seen = s.t.gen
	if k.col == nil {
		k.col = s.t.column(k.id, n.id, k.header)
	}
	return k
}

// cell sets a node's cell to text (nil: empty) in the row's arena.
func (s *tsvScan) cell(k *colNode, text []byte) {
	t, c := s.t, k.col
	c.arenaGen, c.gen = t.gen, 0
	c.a0 = len(t.arena)
	t.arena = append(t.arena, text...)
	c.a1 = len(t.arena)
	if t.long {
		t.rowCells = append(t.rowCells, c)
	}
	if len(text) > 0 && !c.used {
		t.use(c)
	}
}

// scalar: numbers, true, false and null as written; strings escaped as
// plainText does, an empty one as "".
func (s *tsvScan) scalar(k *colNode, raw jsonlib.Raw) {
	switch raw[0] {
	case 'n':
		if s.t.p.csv {
			raw = []byte(NoValue)
		}
		s.cell(k, raw)
	case '"':
		body := raw[1 : len(raw)-1]
		if sanitize.Unsafe(body, sanitize.EscapeBackslash) { // also true for any escape
			s.tmp, _ = jsonlib.AppendUnquote(s.tmp[:0], raw)
			body = []byte(plainText(string(s.tmp)))
		}
		if len(body) == 0 {
			body = []byte(`""`)
			if s.t.p.csv {
				body = []byte(NoValue)
			}
		}
		s.cell(k, body)
	default:
		s.cell(k, raw)
	}
}

// array: the cell flattenRow gives. Items are read from the decoder and
// written inline as inlineScalars would; an array that turns out to hold an
// object or an array is written as compact JSON instead, from its items
// decoded on their own (the raw bytes of the scalars read so far are kept
// for that).
func (s *tsvScan) array(k *colNode) error {
	dec := s.l.Tokens()
	if _, err := dec.ReadToken(); err != nil { // '['
		return err
	}
	t := s.t
	start := len(t.arena)
	s.raw = s.raw[:0]
	s.ends = s.ends[:0]
	complex := false
	for n := 0; dec.PeekKind() != ']'; n++ {
		kind := dec.PeekKind()
		item, err := dec.ReadValue()
		if err != nil {
			return err
		}
		s.raw = append(s.raw, item...)
		s.ends = append(s.ends, len(s.raw))
		if kind == '{' || kind == '[' {
			complex = true
		}
		if complex {
			continue
		}
		if n > 0 {
			t.arena = append(t.arena, ", "...)
		}
		t.arena = s.appendInline(t.arena, item)
	}
	if _, err := dec.ReadToken(); err != nil { // ']'
		return err
	}
	if len(s.ends) == 0 {
		t.arena = append(t.arena, "[]"...)
	}
	if complex {
		t.arena = t.arena[:start]
		v := Value{Kind: Array}
		prev := 0
		for _, end := range s.ends {
			s.rd.Reset(s.raw[prev:end])
			s.sub.Reset(&s.rd, jsonlib.Lenient()...)
			item, err := input.ReadFrom(s.sub)
			if err != nil {
				return err
			}
			v.Items = append(v.Items, item)
			prev = end
		}
		t.arena = append(t.arena, plainText(value.Compact(v))...)
	}
	c := k.col
	c.arenaGen, c.gen = t.gen, 0
	c.a0, c.a1 = start, len(t.arena)
	if t.long {
		t.rowCells = append(t.rowCells, c)
	}
	if c.a1 > c.a0 && !c.used {
		t.use(c)
	}
	return nil
}

// appendInline appends one scalar of an inline list as inlineScalars writes
// it.
func (s *tsvScan) appendInline(dst []byte, raw jsonlib.Raw) []byte {
	switch raw[0] {
	case 'n':
		return append(dst, "null"...)
	case '"':
	default:
		return append(dst, raw...)
	}
	body := raw[1 : len(raw)-1]
	// Without escapes or unsafe characters the body is what plainText
	// would write, so the one rule of inlineScalars decides the quotes.
	if !sanitize.Unsafe(body, sanitize.EscapeBackslash) && !blursListBytes(body) {
		return append(dst, body...)
	}
	s.tmp, _ = jsonlib.AppendUnquote(s.tmp[:0], raw)
	return append(dst, inlineScalars([]Value{{Kind: String, Text: string(s.tmp)}})...)
}

// blursListBytes is blursList for text still in the decoder's buffer.
func blursListBytes(b []byte) bool {
	return len(b) == 0 || bytes.ContainsAny(b, `,"`) || len(bytes.TrimSpace(b)) != len(b)
}
