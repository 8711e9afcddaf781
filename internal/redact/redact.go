// Package redact replaces what changes on every run of a server (minted
// IDs, times, session and request ids) with stable labels, so that a
// snapshot of its answer is the same every run: IDs become <id-1>,
// <id-2> … and times <time-1> …, numbered by first appearance (one ID
// keeps its label everywhere: which rows point at which stays visible),
// and the values of keys named by the caller <KEY>.
//
// It works on decoded values: every string and member name is read as
// JSON reads it (escapes resolved), redacted, and written back, at any
// depth, and so is JSON held in a string (an MCP text block) and the
// lines around documents (a curl -i head, Server-Sent Events' fields, log
// lines). It runs once, on the input as it is read, so every output and
// every path (a document held or read as it comes) sees the same labels.
// docs/scripting.md lists what is minted.
package redact

import (
	"encoding/binary"
	"hash/maphash"
	"io"
	"strconv"
	"strings"
)

// Redactor labels what it has seen; one is shared by every input of a run,
// so that an ID in two files gets one label.
type Redactor struct {
	names []keyName
	// ids and times number each value by first appearance, keyed by a
	// 128-bit hash of its kind and value: no string is kept per label
	// (what a label stands for only if Keep was called).
	ids, times labels
	seeds      [2]maphash.Seed
	keep       bool
	recent     [1 << recentBits]recent
	// uuids holds the first eight hex digits (lower case) of every UUID
	// seen, in order; prefixes, the first known of them as a set, made
	// only when a short id is looked for (few inputs have one outside an
	// id's key).
	uuids    []uint64
	prefixes map[uint64]struct{}
	known    int
}

// labels numbers values of one kind by a 128-bit hash of each (two
// values of one hash are as likely as a cosmic ray's bit flip), and may
// keep their first spellings.
type labels struct {
	n    map[[2]uint64]uint32
	orig []byte   // the first spellings, one after another, if kept
	ends []uint32 // where label n's ends in orig
}

// spelling is what label n stands for, if kept.
func (l *labels) spelling(n int) (string, bool) {
	if n < 1 || n > len(l.ends) {
		return "", false
	}
	start := uint32(0)
	if n > 1 {
		start = l.ends[n-2]
	}
	return string(l.orig[start:l.ends[n-1]]), true
}

// New returns a redactor that also replaces the values of keys: names
// or paths of names (meta.took, results[].usage), compared as --columns
// compares them (case, _ and - do not count).
func New(keys []string) *Redactor {
	r := &Redactor{prefixes: map[uint64]struct{}{}}
	r.ids.n, r.times.n = map[[2]uint64]uint32{}, map[[2]uint64]uint32{}
	r.seeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
	for _, k := range keys {
		if k = strings.TrimSpace(k); k != "" {
			if n := parseKeyName(k); len(n.path) > 0 {
				r.names = append(r.names, n)
			}
		}
	}
	return r
}

// Unmatched is, after the run, the names of New's keys that met no key.
func (r *Redactor) Unmatched() []string {
	var out []string
	for _, n := range r.names {
		if !n.used {
			out = append(out, n.given)
		}
	}
	return out
}

// label appends the label of v, a value of kind 'i' (an ID, any case),
// 's' (a short id), 'k' (a session or request id, case kept) or 't' (a
// time): the same for the same value.
func (r *Redactor) label(dst []byte, kind byte, v []byte, lowerCase bool) []byte {
	l, name := &r.ids, "<id-"
	if kind == 't' {
		l, name = &r.times, "<time-"
	}
	// The few values met again and again (a list's times, its parents'
	// IDs) are found in a small cache by their spelling, before hashing.
	var e *recent
	if len(v) <= len(e.v) {
		e = &r.recent[recentSlot(kind, v)]
		if e.kind == kind && int(e.len) == len(v) && string(e.v[:e.len]) == string(v) {
			return appendLabel(dst, name, e.n)
		}
	}
	n := r.number(l, kind, v, lowerCase)
	if e != nil {
		e.kind, e.len, e.n = kind, uint8(len(v)), n
		copy(e.v[:], v)
	}
	return appendLabel(dst, name, n)
}

// recent is a value labelled lately, as it was spelled.
type recent struct {
	kind byte
	len  uint8
	n    uint32
	v    [48]byte
}

// recentSlot is where v of kind goes in the cache: a hash of its length,
// first and last bytes, which tells most values apart and costs little.
func recentSlot(kind byte, v []byte) int {
	var a, b uint64
	if len(v) >= 8 {
		a, b = binary.LittleEndian.Uint64(v), binary.LittleEndian.Uint64(v[len(v)-8:])
	} else {
		for _, c := range v {
			a = a<<8 | uint64(c)
		}
	}
	h := (a*0x9E3779B97F4A7C15 ^ b*0xC2B2AE3D27D4EB4F ^ uint64(len(v))<<8 ^ uint64(kind)) * 0x165667B19E3779F9
	return int(h >> (64 - recentBits))
}

const recentBits = 10

func appendLabel(dst []byte, name string, n uint32) []byte {
	return append(strconv.AppendUint(append(dst, name...), uint64(n), 10), '>')
}

// number is the label number of v.
func (r *Redactor) number(l *labels, kind byte, v []byte, lowerCase bool) uint32 {
	var buf [72]byte
	key := buf[:0]
	if kind != 'i' && kind != 't' {
		key = append(key, kind, 0)
	}
	if lowerCase {
		for _, c := range v {
			key = append(key, lower(c))
		}
	} else {
		key = append(key, v...)
	}
	// A short id's and a session's labels are the IDs' too, in spaces of
	// their own: what is hashed has the kind before it.
	h := [2]uint64{maphash.Bytes(r.seeds[0], key), maphash.Bytes(r.seeds[1], key)}
	n, ok := l.n[h]
	if !ok {
		n = uint32(len(l.n) + 1)
		l.n[h] = n
		if r.keep {
			l.orig = append(l.orig, v...)
			l.ends = append(l.ends, uint32(len(l.orig)))
		}
		if kind == 'i' && len(v) == 36 {
			r.uuids = append(r.uuids, binary.LittleEndian.Uint64(key[:8])) // lower case
		}
	}
	return n
}

// prefixOfSeen reports eight hex digits that begin a UUID seen before.
func (r *Redactor) prefixOfSeen(v []byte) bool {
	if len(r.uuids) == 0 {
		return false
	}
	for _, p := range r.uuids[r.known:] {
		r.prefixes[p] = struct{}{}
	}
	r.known = len(r.uuids)
	var b [8]byte
	for i, c := range v[:8] {
		b[i] = lower(c)
	}
	_, ok := r.prefixes[binary.LittleEndian.Uint64(b[:])]
	return ok
}

// Original is s with each label in it back to what it stands for, if
// Keep was called: what --where and --sort compare, so that the rows they
// pick and their order are those of the answer itself. A key's value
// (--redact-key) is not kept, and stays its label.
func (r *Redactor) Original(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "<")
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '>')
		if j < 0 {
			break
		}
		if o, ok := r.original(s[i : i+j+1]); ok {
			b.WriteString(s[:i])
			b.WriteString(o)
		} else {
			b.WriteString(s[:i+j+1])
		}
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

func (r *Redactor) original(label string) (string, bool) {
	l, num := &r.ids, strings.TrimPrefix(label, "<id-")
	if num == label {
		l, num = &r.times, strings.TrimPrefix(label, "<time-")
	}
	n, err := strconv.Atoi(strings.TrimSuffix(num, ">"))
	if num == label || err != nil || label != label[:len(label)-len(num)]+strconv.Itoa(n)+">" {
		return "", false
	}
	return l.spelling(n)
}

// Keep makes the redactor keep what each label stands for, for Original
// (--sort and --where compare values, not labels). Call it before reading.
func (r *Redactor) Keep() { r.keep = true }

// Reader returns src redacted, as it is read: what is complete (a string,
// a line outside documents, a token) is given on as soon as it is read,
// so a live stream is shown as it comes.
func (r *Redactor) Reader(src io.Reader) io.Reader {
	return &reader{lx: &lexer{r: r, line: true}, src: src}
}

type reader struct {
	lx   *lexer
	src  io.Reader
	in   []byte // read, not redacted yet
	out  []byte // redacted, out[off:] not returned yet
	off  int
	err  error
	done bool
}

// readSize is how much is asked of the source at a time.
const readSize = 256 << 10

// step reads from the source once and appends to out what of all that
// was read is redacted: what is whole so far (all of it at the end).
func (x *reader) step(out []byte) []byte {
	if cap(x.in)-len(x.in) < readSize {
		x.in = append(make([]byte, 0, 2*cap(x.in)+readSize), x.in...)
	}
	n, err := x.src.Read(x.in[len(x.in):cap(x.in)])
	x.in = x.in[:len(x.in)+n]
	if err != nil {
		x.done = true
		if err != io.EOF {
			x.err = err
		}
	}
	out, used := x.lx.run(out, x.in, x.done)
	if used > 0 { // else nothing moves: a long string's reads are not copied again
		x.in = x.in[:copy(x.in, x.in[used:])]
	}
	return out
}

func (x *reader) Read(p []byte) (int, error) {
	for x.off == len(x.out) {
		if x.done {
			if x.err != nil {
				return 0, x.err
			}
			return 0, io.EOF
		}
		x.out, x.off = x.step(x.out[:0]), 0
	}
	n := copy(p, x.out[x.off:])
	x.off += n
	return n, nil
}

// Ahead is Reader on a goroutine of its own, which reads src and redacts
// while what it gave before is decoded and shown: for a machine with
// more than one core. Close ends the goroutine (once a read it is
// waiting on returns).
func (r *Redactor) Ahead(src io.Reader) io.ReadCloser {
	const buffers = 3
	a := &ahead{full: make(chan chunk, buffers), free: make(chan []byte, buffers), stop: make(chan struct{})}
	for range buffers {
		a.free <- make([]byte, 0, readSize+readSize/4)
	}
	go a.redact(&reader{lx: &lexer{r: r, line: true}, src: src})
	return a
}

type ahead struct {
	full chan chunk
	free chan []byte
	stop chan struct{}
	cur  chunk
	off  int
	once bool
}

// chunk is what the goroutine gives at a time: redacted bytes, and the
// source's error (io.EOF at its end) after them.
type chunk struct {
	b   []byte
	err error
}

func (a *ahead) Read(p []byte) (int, error) {
	for a.off == len(a.cur.b) {
		if a.cur.err != nil {
			return 0, a.cur.err
		}
		if a.cur.b != nil {
			a.free <- a.cur.b[:0]
		}
		a.cur, a.off = <-a.full, 0
	}
	n := copy(p, a.cur.b[a.off:])
	a.off += n
	return n, nil
}

func (a *ahead) Close() error {
	if !a.once {
		a.once = true
		close(a.stop)
	}
	return nil
}

// redact reads x's source, runs its lexer over what it read into a free
// buffer and hands the buffer over, until the source ends.
func (a *ahead) redact(x *reader) {
	for {
		var buf []byte
		select {
		case buf = <-a.free:
		case <-a.stop:
			return
		}
		for len(buf) == 0 && !x.done {
			buf = x.step(buf)
		}
		c := chunk{b: buf}
		if x.done {
			c.err = x.err
			if c.err == nil {
				c.err = io.EOF
			}
		}
		select {
		case a.full <- c:
		case <-a.stop:
			return
		}
		if x.done {
			return
		}
	}
}
