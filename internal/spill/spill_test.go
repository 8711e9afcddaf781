package spill

import (
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"reflect"
	"runtime"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/value"
)

// randomValue is a value of every kind, nested, with texts that need
// escaping and numbers as written.
func randomValue(r *rand.Rand, depth int) value.Value {
	switch n := r.IntN(8); {
	case depth > 0 && n == 0:
		v := value.Value{Kind: value.Object, Members: []value.Member{}}
		for range r.IntN(4) {
			v.Members = append(v.Members, value.Member{Key: []string{"a", "", "b", "a", "ключ"}[r.IntN(5)], Value: randomValue(r, depth-1)})
		}
		return v
	case depth > 0 && n == 1:
		v := value.Value{Kind: value.Array, Items: []value.Value{}}
		for range r.IntN(4) {
			v.Items = append(v.Items, randomValue(r, depth-1))
		}
		return v
	case n == 2:
		return value.Value{Kind: value.Null}
	case n == 3:
		return value.Value{Kind: value.Bool, Text: []string{"true", "false"}[r.IntN(2)]}
	case n == 4:
		return value.Value{Kind: value.Number, Text: []string{"1", "-0", "1.50", "1e400", "12345678901234567890"}[r.IntN(5)]}
	}
	return value.Text([]string{"", "x", "line\nbreak \"quoted\"", "\x00\u202e", string(make([]byte, 300))}[r.IntN(5)])
}

// randomObject is n members whose keys come from a set of size keys, so
// that some come again, near and far.
func randomObject(r *rand.Rand, n, keys int) []value.Member {
	ms := make([]value.Member, n)
	for i := range ms {
		ms[i] = value.Member{Key: fmt.Sprintf("k%06d", r.IntN(keys)), Value: randomValue(r, 2)}
	}
	return ms
}

// lastOfEach is EachLast done in memory: each key once, at its first
// place, with its last value.
func lastOfEach(ms []value.Member) []value.Member {
	at := map[string]int{}
	var out []value.Member
	for _, m := range ms {
		if i, ok := at[m.Key]; ok {
			out[i].Value = m.Value
			continue
		}
		at[m.Key] = len(out)
		out = append(out, m)
	}
	return out
}

func spilled(t *testing.T, ms []value.Member, setup func(*Members)) *Members {
	t.Helper()
	s, err := NewMembers("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if setup != nil {
		setup(s)
	}
	for _, m := range ms {
		if err := s.Add(m.Key, []byte(value.Compact(m.Value))); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// collect is what each gives back, each record as the member whose value
// it is (spilled keeps a value's JSON).
func collect(t *testing.T, each func(func(key, rec []byte) error) error) []value.Member {
	t.Helper()
	var got []value.Member
	if err := each(func(key, rec []byte) error {
		got = append(got, value.Member{Key: string(key), Value: value.Text(string(rec))})
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return got
}

// compacted is ms, each value as its JSON, as collect gives them back.
func compacted(ms []value.Member) []value.Member {
	out := make([]value.Member, len(ms))
	for i, m := range ms {
		out[i] = value.Member{Key: m.Key, Value: value.Text(value.Compact(m.Value))}
	}
	return out
}

// Members come back as they went in, every one (Each) or each key once
// with its last value (EachLast), whatever the repeats: none, a few far
// apart, most keys many times; through one table, through buckets split
// again and again (a small table), and through keys whose hashes collide
// (a hash of a few values, told apart by the keys themselves); keys in
// order (none hashed), and in order only at first (hashed once one is
// not: those before too).
func TestMembersComeBackAsAdded(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	small := func(s *Members) { s.most = 4 }
	collide := func(s *Members) {
		s.most = 8
		s.hash = func(k string) uint64 { return uint64(len(k)%3) << 62 } // three hashes for every key
	}
	// Every key in the first bucket: past what a bucket holds in memory,
	// its records go to the keys' file, in chunks.
	seed := maphash.MakeSeed()
	oneBucket := func(s *Members) { s.hash = func(k string) uint64 { return maphash.String(seed, k) >> fanoutBits } }
	for _, tc := range []struct {
		name   string
		n, k   int
		setup  func(*Members)
		sorted int // members first, each key after the one before
	}{
		{"empty", 0, 1, nil, 0},
		{"no repeats", 3000, 1 << 30, nil, 0},
		{"few repeats", 3000, 2500, nil, 0},
		{"many repeats", 3000, 40, nil, 0},
		{"split buckets", 3000, 1500, small, 0},
		{"colliding hashes", 500, 200, collide, 0},
		{"a bucket in chunks", 3000, 1500, oneBucket, 0},
		{"sorted", 0, 1, nil, 3000},
		{"sorted, then repeats", 300, 3000, nil, 3000},
		{"sorted, then repeats, split buckets", 300, 3000, small, 3000},
	} {
		var ms []value.Member
		for i := range tc.sorted {
			ms = append(ms, value.Member{Key: fmt.Sprintf("k%06d", i), Value: randomValue(r, 1)})
		}
		ms = append(ms, randomObject(r, tc.n, tc.k)...)
		s := spilled(t, ms, tc.setup)
		ms = compacted(ms)
		if got := collect(t, s.Each); !reflect.DeepEqual(got, ms) && len(ms) > 0 {
			t.Errorf("%s: Each gave back other members", tc.name)
		}
		want := lastOfEach(ms)
		if got := collect(t, s.EachLast); !reflect.DeepEqual(got, want) && len(want) > 0 {
			t.Errorf("%s: EachLast gave back %d members, want %d (or other ones)", tc.name, len(got), len(want))
		}
		// and again, once found
		if got := collect(t, s.EachLast); !reflect.DeepEqual(got, want) && len(want) > 0 {
			t.Errorf("%s: EachLast, a second time, gave back other members", tc.name)
		}
	}
}

// A key given at the start and again at the end of a large object is
// shown once, at the start, with the last value; one given three times
// too, whatever comes between.
func TestRepeatsFarApart(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 20000 // still past the file's write buffer, many times
	}
	ms := []value.Member{{Key: "first", Value: value.Text("one")}, {Key: "thrice", Value: value.Text("a")}}
	for i := range n {
		ms = append(ms, value.Member{Key: fmt.Sprintf("k%07d", i), Value: value.Value{Kind: value.Number, Text: fmt.Sprint(i)}})
		if i == n/2 {
			ms = append(ms, value.Member{Key: "thrice", Value: value.Text("b")})
		}
	}
	ms = append(ms, value.Member{Key: "thrice", Value: value.Text("c")}, value.Member{Key: "first", Value: value.Value{Kind: value.Null}})
	got := collect(t, spilled(t, ms, nil).EachLast)
	if want := lastOfEach(compacted(ms)); !reflect.DeepEqual(got, want) {
		t.Fatalf("EachLast gave back %d members, want %d (or other ones)", len(got), len(want))
	}
	if got[0].Value.Text != "null" || got[1].Value.Text != `"c"` || len(got) != n+2 {
		t.Errorf("got %v, %v, %d members", got[0], got[1], len(got))
	}
}

// Memory stays bounded whatever the object: a million members, every key
// different, leave a few megabytes live while they are added and while
// they are given back, each key once (held, they take hundreds).
func TestMembersHoldLittle(t *testing.T) {
	if testing.Short() {
		t.Skip("short: a million members")
	}
	s, err := NewMembers("")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var peak uint64
	sample := func() {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc)
	}
	const n = 1000000
	for i := range n {
		if err := s.Add(fmt.Sprintf("k%07d", (i*7919)%n), []byte(`{"v":"some text"}`)); err != nil {
			t.Fatal(err)
		}
		if i%250000 == 0 {
			sample()
		}
	}
	count := 0
	err = s.EachLast(func(_, _ []byte) error {
		if count++; count%250000 == 0 {
			sample()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if count != n {
		t.Fatalf("%d members given back, want %d", count, n)
	}
	t.Logf("%.1f MiB live at the most", float64(peak)/(1<<20))
	if peak > 8<<20 {
		t.Errorf("%d MiB live at the most, want at most 8", peak>>20)
	}
}
