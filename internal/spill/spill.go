// Package spill keeps what is too large to hold in temporary files, in
// constant memory: a Buffer of bytes a writer holds back for a while (in
// memory up to a bound, then in a file), and the Members of an object too
// large to hold, given back once it has ended: every member in order
// (Each), or each key once, at its first place, with the value of its last
// member (EachLast), as serde_json reads an object. For Members, repeated
// keys are found by their hashes, sorted on disk into buckets small enough
// to look at one at a time. Files go in the directory given ("" is the
// system's), removed when closed, or at once where the system lets an
// open file go. It imports value.
package spill

import (
	"bufio"
	"encoding/binary"
	"errors"
	"hash/maphash"
	"io"
	"os"

	"github.com/khive-ai/khive-pretty/internal/value"
)

// Members are the members of one object, kept in temporary files.
type Members struct {
	dir string   // where its files go
	f   *os.File // the members, a record each (record)
	w   *bufio.Writer
	off int64 // where the next record starts
	n   int   // members added
	buf []byte
	// hash hashes keys; buckets hold, for each key added, its hash, its
	// member's place and its record's offset (a hashed), by the first
	// bits of the hash.
	hash    func(string) uint64
	buckets [fanout]*bucket
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
}

// A record is a member: its key's length (uvarint) and bytes, its value's
// encoding's length (uvarint) and bytes (encode).

// NewMembers is an empty object kept in temporary files in dir.
func NewMembers(dir string) (*Members, error) {
	f, err := temp(dir)
	if err != nil {
		return nil, err
	}
	seed := maphash.MakeSeed()
	return &Members{
		dir: dir, f: f, w: bufio.NewWriterSize(f, 64<<10), most: most,
		hash: func(k string) uint64 { return maphash.String(seed, k) },
	}, nil
}

// temp is a new temporary file, gone from its directory already where the
// system allows (it is then gone too when the process dies).
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
	for _, b := range s.buckets {
		if b != nil {
			drop(b.f)
		}
	}
}

// Add keeps the object's next member.
func (s *Members) Add(m value.Member) error {
	b := binary.AppendUvarint(s.buf[:0], uint64(len(m.Key)))
	b = append(b, m.Key...)
	at := len(b)
	b = encode(b, m.Value)
	enc := len(b) - at
	// The value's length goes before it: shift it along.
	var head [binary.MaxVarintLen64]byte
	k := binary.PutUvarint(head[:], uint64(enc))
	b = append(b, head[:k]...)
	copy(b[at+k:], b[at:at+enc])
	copy(b[at:], head[:k])
	s.buf = b
	if _, err := s.w.Write(b); err != nil {
		return err
	}
	h := s.hash(m.Key)
	if err := newBucket(&s.buckets, h>>(64-fanoutBits), s.dir).add(hashed{h: h, idx: uint64(s.n), off: uint64(s.off)}); err != nil {
		return err
	}
	s.off += int64(len(b))
	s.n++
	return nil
}

// Each gives back every member, in order.
func (s *Members) Each(f func(value.Member) error) error { return s.each(f, false) }

// What EachLast does with a member, by its place (Members.act).
const (
	actAsRead = 0
	actSkip   = 1
	actFrom   = 2 // plus the offset of the record whose value it takes
)

// EachLast gives back each key once, at the place of its first member,
// with the value of its last one.
func (s *Members) EachLast(f func(value.Member) error) error { return s.each(f, true) }

func (s *Members) each(f func(value.Member) error, last bool) error {
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
		m, err := r.member(act == actAsRead) // the key, and the value if its own
		if err != nil {
			return err
		}
		switch {
		case act == actSkip:
			continue
		case act >= actFrom:
			from, err := newReader(s.f, int64(act-actFrom), s.off, 4<<10).member(true)
			if err != nil {
				return err
			}
			m.Value = from.Value
		}
		if err := f(m); err != nil {
			return err
		}
	}
	return nil
}

// reader reads records from a place in the members' file.
type reader struct {
	r   *bufio.Reader
	buf []byte
}

func newReader(f *os.File, from, to int64, size int) *reader {
	return &reader{r: bufio.NewReaderSize(io.NewSectionReader(f, from, to-from), size)}
}

// member reads the next record: its member, or, when !decode, only its
// key (the value is skipped).
func (r *reader) member(decode bool) (value.Member, error) {
	key, err := r.bytes()
	if err != nil {
		return value.Member{}, err
	}
	m := value.Member{Key: string(key)}
	enc, err := r.bytes()
	if err != nil {
		return value.Member{}, err
	}
	if decode {
		var ok bool
		if m.Value, _, ok = decodeValue(enc); !ok {
			return value.Member{}, errCorrupt
		}
	}
	return m, nil
}

// bytes reads a length (uvarint) and that many bytes, valid until the
// next read.
func (r *reader) bytes() ([]byte, error) {
	n, err := binary.ReadUvarint(r.r)
	if err != nil {
		return nil, noEOF(err)
	}
	if uint64(cap(r.buf)) < n {
		r.buf = make([]byte, n)
	}
	r.buf = r.buf[:n]
	_, err = io.ReadFull(r.r, r.buf)
	return r.buf, noEOF(err)
}

var errCorrupt = errors.New("spill: a temporary file does not read back as written")

// noEOF: the file ending inside a record is no end of it.
func noEOF(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errCorrupt
	}
	return err
}
