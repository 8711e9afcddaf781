// Package spill keeps what is too large to hold in temporary files, in
// constant memory: a Buffer of bytes a writer holds back for a while (in
// memory up to a bound, then in a file), and the Members of an object too
// large to hold, each a key and a record of its caller's making, given
// back once it has ended: every member in order (Each), or each key once,
// at its first place, with the record of its last member (EachLast), as
// serde_json reads an object. Files go in the directory given ("" is the
// system's), removed at once where the system lets an open file go.
package spill

import (
	"bufio"
	"encoding/binary"
	"errors"
	"hash/maphash"
	"io"
	"os"
	"slices"
)

// Members are the members of one object, kept in temporary files.
type Members struct {
	dir string   // where its files go
	f   *os.File // the members, a record each (record)
	w   *bufio.Writer
	off int64 // where the next record starts
	n   int   // members added
	// hash hashes keys; buckets hold, for each key added, a hashed, by the
	// first bits of the hash, in memory and in keys, a file (dedupe.go).
	hash    func(string) uint64
	buckets [fanout]*bucket
	keys    *os.File
	keysOff int64
	// most is how many keys a bucket's table holds (most, but for tests);
	// slots and entries are the table, kept from bucket to bucket.
	most    int
	slots   []int32
	entries []entry
	// act, once a key was found given twice, holds what EachLast does
	// with each member, by its place: actAsRead, actSkip, or the offset
	// of the record whose value to take, plus actFrom.
	act     *os.File
	deduped bool
	// sorted: each key added came after the one before (last), so none is
	// hashed yet (most encoders sort a map's keys: hashing a million of
	// them, to find none repeated, was a sixth of agent output's time).
	sorted bool
	last   string
}

// In the file, a member is its key's length (uvarint) and bytes, then its
// record's.

// NewMembers is an empty object kept in temporary files in dir.
func NewMembers(dir string) (*Members, error) {
	f, err := temp(dir)
	if err != nil {
		return nil, err
	}
	seed := maphash.MakeSeed()
	return &Members{
		dir: dir, f: f, w: bufio.NewWriterSize(f, 64<<10), most: most, sorted: true,
		hash: func(k string) uint64 { return maphash.String(seed, k) },
	}, nil
}

// temp is a new temporary file, gone from its directory already where the
// system allows (it is then gone however the process ends).
func temp(dir string) (*os.File, error) {
	f, err := os.CreateTemp(dir, "khive-pretty-spill-*")
	if err == nil {
		os.Remove(f.Name()) // fails on Windows, where Close removes it
	}
	return f, err
}

// drop closes and removes a temporary file.
func drop(f *os.File) {
	if f != nil {
		f.Close()
		os.Remove(f.Name())
	}
}

// Close removes the files.
func (s *Members) Close() {
	drop(s.f)
	drop(s.act)
	drop(s.keys)
}

// Add keeps the object's next member: its key and its record.
func (s *Members) Add(key string, rec []byte) error {
	b := binary.AppendUvarint(s.w.AvailableBuffer(), uint64(len(key))) // in place, unless it does not fit
	b = append(b, key...)
	b = binary.AppendUvarint(b, uint64(len(rec)))
	b = append(b, rec...)
	if _, err := s.w.Write(b); err != nil {
		return err
	}
	off := s.off
	s.off += int64(len(b))
	s.n++
	switch {
	case s.sorted && (s.n == 1 || key > s.last):
		s.last = key
		return nil
	case s.sorted:
		// Out of order: the members before are hashed now.
		s.sorted, s.last = false, ""
		if err := s.hashBefore(off); err != nil {
			return err
		}
	}
	return s.hashKey(key, s.n-1, off)
}

// hashKey puts the key of the member at place idx, record at off, in its
// bucket.
func (s *Members) hashKey(key string, idx int, off int64) error {
	h := s.hash(key)
	return s.add(newBucket(&s.buckets, h>>(64-fanoutBits)), hashed{h: h, idx: uint64(idx), off: uint64(off)})
}

// hashBefore hashes the keys of the members before the one at to.
func (s *Members) hashBefore(to int64) error {
	if err := s.w.Flush(); err != nil {
		return err
	}
	r := newReader(s.f, 0, to, 64<<10)
	for i := 0; r.off < to; i++ {
		at := r.off
		key, _, err := r.member()
		if err != nil {
			return err
		}
		if err := s.hashKey(string(key), i, at); err != nil {
			return err
		}
	}
	return nil
}

// Each gives back every member's key and record, in order, each valid
// until the next.
func (s *Members) Each(f func(key, rec []byte) error) error { return s.each(f, false) }

// What EachLast does with a member, by its place (Members.act).
const (
	actAsRead = 0
	actSkip   = 1
	actFrom   = 2 // plus the offset of the member whose record it takes
)

// EachLast gives back each key once, at the place of its first member,
// with the record of its last one.
func (s *Members) EachLast(f func(key, rec []byte) error) error { return s.each(f, true) }

func (s *Members) each(f func(key, rec []byte) error, last bool) error {
	if err := s.w.Flush(); err != nil {
		return err
	}
	var acts *bufio.Reader
	if last {
		if err := s.dedupe(); err != nil {
			return err
		}
		if s.act != nil {
			acts = bufio.NewReader(io.NewSectionReader(s.act, 0, int64(s.n)*8))
		}
	}
	r := newReader(s.f, 0, s.off, 64<<10)
	var a [8]byte
	for i := 0; i < s.n; i++ {
		act := uint64(actAsRead)
		if acts != nil {
			if _, err := io.ReadFull(acts, a[:]); err != nil {
				return noEOF(err)
			}
			act = binary.LittleEndian.Uint64(a[:])
		}
		key, rec, err := r.member()
		if err != nil {
			return err
		}
		switch {
		case act == actSkip:
			continue
		case act >= actFrom:
			if _, rec, err = newReader(s.f, int64(act-actFrom), s.off, 4<<10).member(); err != nil {
				return err
			}
		}
		if err := f(key, rec); err != nil {
			return err
		}
	}
	return nil
}

// reader reads members from a place in the members' file, a buffer at a
// time, each member where it was read into the buffer (a copy of each key
// and record was a tenth of writing a large object back).
type reader struct {
	r   io.Reader
	buf []byte
	at  int   // where the next member starts in buf
	off int64 // and in the section read
}

func newReader(f *os.File, from, to int64, size int) *reader {
	return &reader{r: io.NewSectionReader(f, from, to-from), buf: make([]byte, 0, size)}
}

// member reads the next member's key and record, valid until the next read.
func (r *reader) member() (key, rec []byte, err error) {
	for {
		if key, rest, ok := field(r.buf[r.at:]); ok {
			if rec, rest, ok := field(rest); ok {
				r.off += int64(len(r.buf) - len(rest) - r.at)
				r.at = len(r.buf) - len(rest)
				return key, rec, nil
			}
		}
		// The member runs past what was read: what is read of it goes to
		// the start, and more is read after it (the buffer doubled if full).
		n := copy(r.buf, r.buf[r.at:])
		r.buf, r.at = r.buf[:n], 0
		if n == cap(r.buf) {
			r.buf = slices.Grow(r.buf, n)
		}
		m, err := r.r.Read(r.buf[n:cap(r.buf)])
		r.buf = r.buf[:n+m]
		if m == 0 {
			if err == nil {
				err = io.ErrNoProgress
			}
			return nil, nil, noEOF(err)
		}
	}
}

// field is the length (uvarint) and that many bytes at the start of b,
// and what follows; false if b does not hold them all.
func field(b []byte) (f, rest []byte, ok bool) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return nil, nil, false
	}
	return b[k : k+int(n)], b[k+int(n):], true
}

var errCorrupt = errors.New("spill: a temporary file does not read back as written")

// noEOF: the file ending inside a record is no end of it.
func noEOF(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errCorrupt
	}
	return err
}
