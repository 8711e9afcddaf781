package recognise

import (
	"bufio"
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
// its last entry says, as a map would have it.
type Names struct {
	m    map[string]string
	dir  string
	more *spill.Buffer
	w    *bufio.Writer
	buf  []byte
}

func newNames(dir string) *Names { return &Names{m: map[string]string{}, dir: dir} }

func (n *Names) add(id, name string) {
	if _, ok := n.m[id]; ok || len(n.m) < namesHeld {
		n.m[id] = name
		return
	}
	if n.more == nil {
		n.more = spill.New(n.dir)
		n.w = bufio.NewWriterSize(n.more, 64<<10)
	}
	b := binary.AppendUvarint(n.buf[:0], uint64(len(id)))
	b = append(b, id...)
	b = binary.AppendUvarint(b, uint64(len(name)))
	b = append(b, name...)
	n.buf = b
	n.w.Write(b) // an error sticks in the buffer: Resolve then finds nothing more
}

// Resolve reads back, once, the names of the ids not kept in memory.
func (n *Names) Resolve(ids []string) {
	if n == nil || n.more == nil {
		return
	}
	want := map[string]bool{}
	for _, id := range ids {
		if _, ok := n.m[id]; !ok {
			want[id] = true
		}
	}
	if len(want) == 0 || n.w.Flush() != nil {
		return
	}
	r := bufio.NewReader(n.more.Reader())
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
		if want[id] {
			n.m[id] = name // the last entry's, as the scan goes on
		}
	}
}

// Name is what the entry id is called, or "".
func (n *Names) Name(id string) string {
	if n == nil {
		return ""
	}
	return n.m[id]
}

// Close lets the spilled names go.
func (n *Names) Close() {
	if n != nil && n.more != nil {
		n.more.Close()
		n.more = nil
	}
}
