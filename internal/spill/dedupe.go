package spill

import (
	"bytes"
	"encoding/binary"
	"errors"
)

// Repeated keys are found without holding every key (keys added in order
// cannot repeat: they are not hashed). Each key is hashed into one of
// fanout buckets, by the first bits of its hash; a bucket is then read
// into a table of its keys' hashes, and a hash met again is the same key
// when the two records' keys are (read back). A bucket holding more than
// most keys is split by the next bits of the hash, so that no table
// holds more than most keys: the files grow by 24 bytes a member (and as
// much again for each split).

const (
	fanoutBits = 6
	fanout     = 1 << fanoutBits
	// most is how many keys a bucket's table holds before the bucket is
	// split: about 2.5 MB of table.
	most = 1 << 16
)

// hashed is a member in a bucket: its key's hash, its place and its
// record's offset.
type hashed struct{ h, idx, off uint64 }

const hashedSize = 24

// bucket holds its records in memory until they fill a chunk, which is
// then written to the keys' file, one for every bucket (a file a bucket
// cost more than the writing itself).
type bucket struct {
	mem    []byte
	chunks []int64 // where its chunks are in the keys' file, in order
	n      int
}

// chunk is the size of a bucket's chunk: as many records as fit in 16 KiB.
const chunk = 16 << 10 / hashedSize * hashedSize

func (s *Members) add(b *bucket, x hashed) error {
	if b.mem == nil {
		b.mem = make([]byte, 0, chunk)
	}
	b.mem = binary.LittleEndian.AppendUint64(b.mem, x.h)
	b.mem = binary.LittleEndian.AppendUint64(b.mem, x.idx)
	b.mem = binary.LittleEndian.AppendUint64(b.mem, x.off)
	b.n++
	if len(b.mem) < chunk {
		return nil
	}
	if s.keys == nil {
		f, err := temp(s.dir)
		if err != nil {
			return err
		}
		s.keys = f
	}
	if _, err := s.keys.WriteAt(b.mem, s.keysOff); err != nil {
		return err
	}
	b.chunks = append(b.chunks, s.keysOff)
	s.keysOff += chunk
	b.mem = b.mem[:0]
	return nil
}

// hashes reads a bucket's members back, in the order they were added.
func (s *Members) hashes(b *bucket, f func(hashed) error) error {
	buf := make([]byte, chunk)
	for _, off := range b.chunks {
		if _, err := s.keys.ReadAt(buf, off); err != nil {
			return noEOF(err)
		}
		if err := hashesIn(buf, f); err != nil {
			return err
		}
	}
	return hashesIn(b.mem, f)
}

// hashesIn gives f each member of a chunk.
func hashesIn(b []byte, f func(hashed) error) error {
	for ; len(b) >= hashedSize; b = b[hashedSize:] {
		x := hashed{binary.LittleEndian.Uint64(b[0:]), binary.LittleEndian.Uint64(b[8:]), binary.LittleEndian.Uint64(b[16:])}
		if err := f(x); err != nil {
			return err
		}
	}
	return nil
}

// newBucket is bucket i of a set, made when its first member comes.
func newBucket(set *[fanout]*bucket, i uint64) *bucket {
	if set[i] == nil {
		set[i] = &bucket{}
	}
	return set[i]
}

// dedupe finds every key given more than once, and writes into act what
// EachLast does with each of its members: the first takes the last one's
// value, the others are skipped.
func (s *Members) dedupe() error {
	if s.deduped || s.sorted {
		return nil
	}
	s.deduped = true
	return s.dedupeAll(&s.buckets, 1)
}

// dedupeAll finds the repeated keys of each bucket of a set at level,
// dropping each once done.
func (s *Members) dedupeAll(set *[fanout]*bucket, level int) error {
	for i, b := range set {
		if b == nil {
			continue
		}
		if err := s.dedupeBucket(b, level); err != nil {
			return err
		}
		set[i] = nil
	}
	return nil
}

// entry is a key of a bucket: its hash, its first member's place and
// record, and its last member's record.
type entry struct{ h, idx, first, last uint64 }

// dedupeBucket finds the repeated keys of a bucket of keys whose hashes
// share their first level × fanoutBits bits, in a table open addressed
// on the hash.
func (s *Members) dedupeBucket(b *bucket, level int) error {
	// At the last level no bit of the hash is left to split by: the
	// table takes every key (more than most share 60 bits of a random
	// hash only in tests).
	last := 64-fanoutBits*(level+1) < 0
	n := b.n
	if !last {
		n = min(n, s.most)
	}
	size := 1
	for size < 2*n {
		size *= 2
	}
	if cap(s.slots) < size {
		s.slots = make([]int32, size)
	}
	slots := s.slots[:size]
	clear(slots)
	mask := uint64(size - 1)
	if cap(s.entries) < n {
		s.entries = make([]entry, 0, n)
	}
	es := s.entries[:0]
	var ka, kb []byte
	err := s.hashes(b, func(x hashed) error {
		i := x.h & mask
		for ; slots[i] != 0; i = (i + 1) & mask {
			e := &es[slots[i]-1]
			if e.h != x.h {
				continue
			}
			var err error
			if ka, err = s.keyAt(e.first, ka); err != nil {
				return err
			}
			if kb, err = s.keyAt(x.off, kb); err != nil {
				return err
			}
			if bytes.Equal(ka, kb) {
				e.last = x.off
				return s.setAct(x.idx, actSkip)
			}
		}
		if len(es) == n {
			return errSplit
		}
		es = append(es, entry{h: x.h, idx: x.idx, first: x.off, last: x.off})
		slots[i] = int32(len(es))
		return nil
	})
	s.entries = es[:0]
	switch err {
	case errSplit:
		// What was found stands (a repeated member is skipped whatever
		// else is found); the smaller buckets find it all again.
		return s.split(b, level)
	case nil:
	default:
		return err
	}
	for _, e := range es {
		if e.last != e.first {
			if err := s.setAct(e.idx, actFrom+e.last); err != nil {
				return err
			}
		}
	}
	return nil
}

// errSplit stops reading a bucket too large for one table: not an error.
var errSplit = errors.New("spill: a bucket to split")

// split sorts a bucket's members into buckets by the next fanoutBits bits
// of their hash, and finds the repeated keys of each.
func (s *Members) split(b *bucket, level int) error {
	var subs [fanout]*bucket
	shift := 64 - fanoutBits*(level+1)
	err := s.hashes(b, func(x hashed) error {
		return s.add(newBucket(&subs, x.h>>shift&(fanout-1)), x)
	})
	if err != nil {
		return err
	}
	return s.dedupeAll(&subs, level+1)
}

// keyAt reads the key of the record at off into buf.
func (s *Members) keyAt(off uint64, buf []byte) ([]byte, error) {
	var head [binary.MaxVarintLen64]byte
	n, _ := s.f.ReadAt(head[:], int64(off)) // short near the end of the file
	l, k := binary.Uvarint(head[:n])
	if k <= 0 {
		return nil, errCorrupt
	}
	if uint64(cap(buf)) < l {
		buf = make([]byte, l)
	}
	buf = buf[:l]
	if _, err := s.f.ReadAt(buf, int64(off)+int64(k)); err != nil {
		return nil, noEOF(err)
	}
	return buf, nil
}

// setAct writes what EachLast does with the member at place idx.
func (s *Members) setAct(idx, act uint64) error {
	if s.act == nil {
		f, err := temp(s.dir)
		if err != nil {
			return err
		}
		// Every member's action is actAsRead (0) until written: the file
		// is made its full size, a hole the system stores as nothing.
		if err := f.Truncate(int64(s.n) * 8); err != nil {
			drop(f)
			return err
		}
		s.act = f
	}
	var a [8]byte
	binary.LittleEndian.PutUint64(a[:], act)
	_, err := s.act.WriteAt(a[:], int64(idx)*8)
	return err
}
