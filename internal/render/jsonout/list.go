package jsonout

import (
	"bufio"

	"github.com/khive-ai/khive-pretty/internal/value"
)

// Around is a document around a long list as it is to be written, the
// list's rows one by one as they are read (khive.AgentList is -o agent's).
type Around interface {
	// Before is, for each object or array from the document's root down
	// to the list, what comes before the list (or the next level) in it:
	// an object's members, with the key the list (or the next level) is
	// under, or an array's items (keys[i] is then ""); none when the
	// document is the list.
	Before() (levels []value.Value, keys []string)
	// Row is the list's next row as it is to be written.
	Row(r value.Value) value.Value
	// After is, for each of those levels, root first, what comes after
	// the list (or the next level) in it, once the document, doc, is
	// read: an object's members, an array's items.
	After(doc value.Value) []value.Value
}

// List writes a document around a long list on one line as it is read:
// what comes before the list, then each row as it arrives, then, once the
// document ends, what comes after it.
type List struct {
	a    Around
	j    writer
	rows int
}

// NewList starts writing the document around a long list to w: what
// comes before the list, and its first rows.
func NewList(w *bufio.Writer, a Around, first []value.Value) *List {
	l := &List{a: a, j: writer{w: w}}
	levels, keys := a.Before()
	for i, lv := range levels {
		if lv.Kind == value.Array {
			w.WriteByte('[')
			for _, it := range lv.Items {
				l.j.value(it, 0)
				w.WriteByte(',')
			}
			continue
		}
		w.WriteByte('{')
		for _, m := range lv.Members {
			l.j.key(m.Key)
			l.j.value(m.Value, 0)
			w.WriteByte(',')
		}
		l.j.key(keys[i])
	}
	w.WriteByte('[')
	for _, r := range first {
		l.Row(r)
	}
	return l
}

// Row writes the list's next row.
func (l *List) Row(r value.Value) {
	if l.rows > 0 {
		l.j.w.WriteByte(',')
	}
	l.rows++
	l.j.value(l.a.Row(r), 0)
}

// Finish writes the rest of the document, complete now, its list read;
// no line break after it.
func (l *List) Finish(doc value.Value) {
	w := l.j.w
	w.WriteByte(']')
	after := l.a.After(doc)
	for i := len(after) - 1; i >= 0; i-- {
		if after[i].Kind == value.Array {
			for _, it := range after[i].Items {
				w.WriteByte(',')
				l.j.value(it, 0)
			}
			w.WriteByte(']')
			continue
		}
		for _, m := range after[i].Members {
			w.WriteByte(',')
			l.j.key(m.Key)
			l.j.value(m.Value, 0)
		}
		w.WriteByte('}')
	}
}

// Members writes a document that is an object on one line as its
// members come, byte for byte as Write writes it whole (compact, no colour): -o
// agent of an object too large to hold.
type Members struct {
	j writer
	n int
}

// NewMembers starts writing an object to w.
func NewMembers(w *bufio.Writer) *Members {
	w.WriteByte('{')
	return &Members{j: writer{w: w}}
}

// Member writes the object's next member.
func (o *Members) Member(m value.Member) {
	o.next()
	Member(o.j.w, m)
}

// Raw writes the object's next member as Member wrote it.
func (o *Members) Raw(b []byte) {
	o.next()
	o.j.w.Write(b)
}

func (o *Members) next() {
	if o.n > 0 {
		o.j.w.WriteByte(',')
	}
	o.n++
}

// Member writes m as a member of an object on one line, `"key":value`, as
// Members writes it: its JSON made before it is written (kept, or
// compared).
func Member(w *bufio.Writer, m value.Member) {
	j := writer{w: w}
	j.key(m.Key)
	j.value(m.Value, 0)
}

// AppendMember appends m as Member writes it, where that is its text as
// it is: a scalar whose key and text are printable (a million members
// written so took half the time); false, with b as it was, for any other.
func AppendMember(b []byte, m value.Member) ([]byte, bool) {
	v := m.Value
	if v.Kind > value.String || !printable(m.Key) || v.Kind == value.String && !printable(v.Text) {
		return b, false
	}
	b = append(append(append(b, '"'), m.Key...), '"', ':')
	switch v.Kind {
	case value.Null:
		return append(b, "null"...), true
	case value.String:
		return append(append(append(b, '"'), v.Text...), '"'), true
	}
	return append(b, v.Text...), true // a number or a bool, as written
}

// Finish ends the object (its line is its caller's to end).
func (o *Members) Finish() { o.j.w.WriteByte('}') }
