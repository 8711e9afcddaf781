package pretty

import (
	"bytes"

	"github.com/go-json-experiment/json/jsontext"

	"khive-pretty/sanitize"
)

// tsvScan writes the further rows of a long list in plain output straight
// from the decoder's tokens, without building a Value per row: a row is
// most of the cost of a large render, and this keeps it to the work of
// reading the tokens. Each key path resolves to its column through a tree
// of nodes, built once, so a row allocates nothing; cells are kept in one
// byte arena per row. The cells are those flattenRow gives.
type tsvScan struct {
	t    *tsv
	d    *Decoder
	root colNode
	tmp  []byte // unquoting scratch
	sub  *jsontext.Decoder
	rd   bytes.Reader
}

// colNode is a key path of the rows: a column, and the keys below it.
type colNode struct {
	id, header string
	col        *tsvCol
	kids       map[string]*colNode
	seen       int      // the row it was last seen in, to tell duplicate keys apart
	dup        *colNode // the next occurrence of the same key in a row
	props      bool     // below a "properties" key: empty strings are data
}

func newTSVScan(t *tsv, d *Decoder) *tsvScan {
	s := &tsvScan{t: t, d: d}
	s.sub = jsontext.NewDecoder(&s.rd, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	return s
}

// row reads one row object and makes it the current row.
func (s *tsvScan) row() error {
	t := s.t
	t.gen++
	t.arena = t.arena[:0]
	t.added = false
	if err := s.object(&s.root); err != nil {
		return err
	}
	if t.added {
		t.p.o.gap()
		t.header()
	}
	return nil
}

func (s *tsvScan) object(n *colNode) error {
	dec := s.d.dec
	if _, err := dec.ReadToken(); err != nil { // '{'
		return err
	}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadValue()
		if err != nil {
			return err
		}
		k := s.child(n, name)
		switch dec.PeekKind() {
		case '{':
			s.cell(k, nil)
			if err := s.object(k); err != nil {
				return err
			}
		case '[':
			raw, err := dec.ReadValue()
			if err != nil {
				return err
			}
			if err := s.array(k, raw); err != nil {
				return err
			}
		default:
			raw, err := dec.ReadValue()
			if err != nil {
				return err
			}
			s.scalar(k, raw)
		}
	}
	_, err := dec.ReadToken() // '}'
	return err
}

// child finds the node of a key (the raw name token) below n, making it on
// first sight, and the next occurrence's node for a repeated key.
func (s *tsvScan) child(n *colNode, name jsontext.Value) *colNode {
	key := name[1 : len(name)-1]
	if bytes.IndexByte(key, '\\') >= 0 {
		s.tmp, _ = jsontext.AppendUnquote(s.tmp[:0], name)
		key = s.tmp
	}
	k := n.kids[string(key)]
	if k == nil {
		if n.kids == nil {
			n.kids = map[string]*colNode{}
		}
		ks := string(key)
		id := joinPath(n.id, ks)
		k = &colNode{id: id, header: id, props: n.props || ks == "properties"}
		n.kids[ks] = k
	}
	for occ := 1; k.seen == s.t.gen; occ++ {
		if k.dup == nil {
			id := k.id + "\x00" + itoa(occ)
			if i := bytes.IndexByte([]byte(k.id), 0); i >= 0 {
				id = k.id[:i] + "\x00" + itoa(occ)
			}
			k.dup = &colNode{id: id, header: stripIDs(id), props: k.props}
		}
		k = k.dup
	}
	k.seen = s.t.gen
	if k.col == nil {
		parent := ""
		if n != &s.root {
			parent = n.id
		}
		k.col = s.t.column(k.id, parent, k.header)
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
	if len(text) > 0 && !c.used {
		c.used, t.added = true, true
	}
}

// scalar: numbers, true and false as written; null empty; strings escaped
// as plainText does, an empty one shown only under properties.
func (s *tsvScan) scalar(k *colNode, raw jsontext.Value) {
	switch raw[0] {
	case 'n':
		s.cell(k, nil)
	case '"':
		body := raw[1 : len(raw)-1]
		if bytes.IndexByte(body, '\\') >= 0 || sanitize.Unsafe(body, sanitize.EscapeBackslash) {
			s.tmp, _ = jsontext.AppendUnquote(s.tmp[:0], raw)
			body = []byte(plainText(string(s.tmp)))
		}
		if len(body) == 0 && k.props {
			body = []byte(`""`)
		}
		s.cell(k, body)
	default:
		s.cell(k, raw)
	}
}

// array: the cell flattenRow gives, from the array decoded on its own.
func (s *tsvScan) array(k *colNode, raw jsontext.Value) error {
	s.rd.Reset(raw)
	s.sub.Reset(&s.rd, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	d := &Decoder{dec: s.sub}
	v, err := d.value()
	if err != nil {
		return err
	}
	switch {
	case len(v.Items) == 0:
		s.cell(k, nil)
	case allScalars(v.Items):
		s.cell(k, []byte(inlineScalars(v.Items)))
	default:
		s.cell(k, []byte(plainText(compactJSON(v))))
	}
	return nil
}
