package recognise

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"

	"github.com/khive-ai/khive-pretty/internal/spill"
)

// namesHeld is how many entries' names (Long.Name) are kept in memory.
// Those of the entries after go to a spill buffer, read back once for
// the ids the view after the list asks (Names.Resolve): a graph of
// 100,000 nodes kept 12 MiB of names for the edges after it, whether it
// had any edges or not.
const namesHeld = 4096

// Names is what a long list's entries are called, by id (Long.Name), for
// the view after the list (Long.After). An id given twice is called what
// its last entry says, as a map would have it. Where no temporary file
// can be written, the names are all kept in memory, as they were before
// there was one: a name is never lost.
type Names struct {
	m       map[string]string
	dir     string
	more    *spill.Buffer
	pending []byte // names to write to more, in a batch
	failed  bool   // more could not be written: the rest go to m
}

// namesBatch is how many bytes of names are written to the spill buffer
// at a time.
const namesBatch = 64 << 10

func newNames(dir string) *Names { return &Names{m: map[string]string{}, dir: dir} }

func (n *Names) add(id, name string) {
	if _, ok := n.m[id]; ok || len(n.m) < namesHeld || n.failed {
		n.m[id] = name
		return
	}
	b := binary.AppendUvarint(n.pending, uint64(len(id)))
	b = append(b, id...)
	b = binary.AppendUvarint(b, uint64(len(name)))
	n.pending = append(b, name...)
	if len(n.pending) >= namesBatch {
		n.flush()
	}
}

// flush writes the pending names to the spill buffer; if it cannot, they
// and every name after them are kept in memory. (Those of them written
// before it failed are found in memory first: the same names.)
func (n *Names) flush() {
	if len(n.pending) == 0 || n.failed {
		return
	}
	if n.more == nil {
		n.more = spill.New(n.dir)
	}
	if _, err := n.more.Write(n.pending); err != nil {
		n.failed = true
		readNames(bytes.NewReader(n.pending), func(id, name string) { n.m[id] = name })
	}
	n.pending = n.pending[:0]
}

// readNames calls f with every id and name r holds, as add wrote them,
// up to the end or what cannot be read.
func readNames(r interface {
	io.Reader
	io.ByteReader
}, f func(id, name string)) {
	next := func() (string, bool) {
		l, err := binary.ReadUvarint(r)
		if err != nil {
			return "", false
		}
		b := make([]byte, l)
		_, err = io.ReadFull(r, b)
		return string(b), err == nil
	}
	for {
		id, ok := next()
		if !ok {
			return
		}
		name, ok := next()
		if !ok {
			return
		}
		f(id, name)
	}
}

// Resolve reads back, once, the names of the ids not kept in memory.
func (n *Names) Resolve(ids []string) {
	if n == nil {
		return
	}
	n.flush()
	if n.more == nil {
		return
	}
	want := map[string]bool{}
	for _, id := range ids {
		if _, ok := n.m[id]; !ok {
			want[id] = true
		}
	}
	if len(want) == 0 {
		return
	}
	// To the end; or until the file cannot be read, its names then shown
	// as ids. An id's name is its last entry's, as the scan goes on.
	readNames(bufio.NewReaderSize(n.more.Reader(), namesBatch), func(id, name string) {
		if want[id] {
			n.m[id] = name
		}
	})
}

// Name is what the entry id is called, or "".
func (n *Names) Name(id string) string {
	if n == nil {
		return ""
	}
	return n.m[id]
}

// Close lets the spilled names go. It may be called more than once.
func (n *Names) Close() {
	if n != nil && n.more != nil {
		n.more.Close()
		n.more = nil
	}
}
