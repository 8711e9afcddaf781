package input

import (
	"bufio"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/khive-ai/khive-pretty/internal/asciijson"
	"github.com/khive-ai/khive-pretty/internal/jsonlib"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// The unescaper reads what the token decoder reads from a string, however
// the bytes arrive: one at a time, every escape split at every point.
func TestUnescaperReadsWhatTheTokenDecoderReads(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "é", "漢", "😀", "\"", "\\", "/", "\n", "\t", "\r", "\b", "\f", "\x01", "\u2028", "\ufffd", " ", "{", "}"}
	for i := range 300 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		want := b.String()
		quoted, _ := jsonlib.AppendQuote(nil, want)
		raw := string(quoted)
		if i%2 == 1 {
			raw = asciijson.Escape(raw) // every non-ASCII character as \uXXXX, pairs for the emoji
		}
		var via strings.Builder
		via.WriteString(raw[1:])
		via.WriteString(`, "after"`)
		u := &unescaper{r: bufio.NewReaderSize(iotest.OneByteReader(strings.NewReader(via.String())), 16)}
		got, err := io.ReadAll(iotest.OneByteReader(u))
		if err != nil {
			t.Fatalf("%q: %v", raw, err)
		}
		if string(got) != want {
			t.Fatalf("%q: read %q, want %q", raw, got, want)
		}
		if rest, _ := io.ReadAll(u.r); string(rest) != `, "after"` {
			t.Fatalf("%q: left %q after the string", raw, rest)
		}
	}
}

// Bytes that are not UTF-8 are read as the token decoder reads them, U+FFFD
// for each, however the bytes arrive and however little is read at once.
func TestUnescaperReadsBadUTF8AsTheTokenDecoderDoes(t *testing.T) {
	for _, raw := range []string{"a\xffb", "\xe2\x82a", "\xc3", "x\xf0\x9f\x98", "\xed\xa0\x80", "é\x80漢", "\xef\xbf\xbd\xff😀"} {
		tok, err := jsonlib.NewDecoder(strings.NewReader(`"` + raw + `"`)).ReadToken()
		if err != nil {
			t.Fatalf("%q: the token decoder: %v", raw, err)
		}
		for _, oneByte := range []bool{false, true} {
			var r io.Reader = strings.NewReader(raw + `"`)
			if oneByte {
				r = iotest.OneByteReader(r)
			}
			u := &unescaper{r: bufio.NewReaderSize(r, 16)}
			var got []byte
			if oneByte {
				got, err = io.ReadAll(iotest.OneByteReader(u))
			} else {
				got, err = io.ReadAll(u)
			}
			if err != nil || string(got) != tok.String() {
				t.Errorf("%q (one byte %v): read %q, %v; the token decoder reads %q", raw, oneByte, got, err, tok.String())
			}
		}
	}
}

// A string cut short, a raw control character and a bad escape are errors,
// never a panic or a string made up.
func TestUnescaperErrors(t *testing.T) {
	for _, raw := range []string{`abc`, `ab\`, `ab\u12`, "a\x01b\"", `a\xb"`, `a\u12G4"`} {
		u := &unescaper{r: bufio.NewReaderSize(strings.NewReader(raw), 16)}
		if _, err := io.ReadAll(u); err == nil {
			t.Errorf("%q: no error", raw)
		}
	}
	// A lone surrogate is U+FFFD, as the token decoder reads it.
	u := &unescaper{r: bufio.NewReaderSize(strings.NewReader(`a\ud800b\udc00"`), 16)}
	got, err := io.ReadAll(u)
	tok, _ := jsonlib.NewDecoder(strings.NewReader(`"a\ud800b\udc00"`)).ReadToken()
	if err != nil || string(got) != tok.String() {
		t.Errorf("lone surrogates: %q, %v; the token decoder reads %q", got, err, tok.String())
	}
}

func TestQuoteIn(t *testing.T) {
	for _, c := range []struct {
		segs   []string
		closed bool
	}{
		{[]string{`abc"`}, true},
		{[]string{`abc\"`}, false},
		{[]string{`abc\`, `"`}, false},
		{[]string{`abc\\`, `"`}, true},
		{[]string{`\`, `\`, `\`, `"x"`}, true}, // \\ \" then the close
		{[]string{`\`, `\`, `"`}, true},
		{[]string{``, `\`, ``, `"`}, false},
	} {
		slashes, closed := 0, false
		for _, s := range c.segs {
			if closed, slashes = quoteIn([]byte(s), slashes); closed {
				break
			}
		}
		if closed != c.closed {
			t.Errorf("%q: closed %v, want %v", c.segs, closed, c.closed)
		}
	}
}

// A long string, anywhere in a document, is read here rather than by the
// token decoder, which held its escaped bytes in a buffer grown to their
// size, then unquoted and copied them: about five times the text at its
// peak, 6 × in all. Read here, it costs twice the text (its chunks, then
// the string made of them), and reads as the token decoder reads it: a
// 20 MB string as a member, an item, in nested containers, the document
// itself, an item of a list returned open.
func TestLongStringCostsTwiceItsText(t *testing.T) {
	if testing.Short() {
		t.Skip("short: a measure of memory over large strings")
	}
	const n = 20 << 20
	line := "a line — naïve \"quoted\" \\ path\tend 😀\n"
	text := strings.Repeat(line, n/len(line)+1)[:n]
	quoted, _ := jsonlib.AppendQuote(nil, text)
	q := string(quoted)
	rows := strings.Repeat(`{"a": 1}, `, StreamAfter+1)
	for _, tt := range []struct {
		name, doc string
		strings   int
		stream    bool
	}{
		{"member", `{"content": ` + q + `}`, 1, false},
		{"nested, and an item", `{"a": [{"b": {"c": ` + q + `}, "d": 2}, ` + q + `], "e": true}`, 2, false},
		{"documents", q + "\n" + q, 2, false},
		{"open list", `{"items": [` + rows + q + `]}`, 1, true},
	} {
		d := NewDecoder(strings.NewReader(tt.doc), "in.json")
		if tt.stream {
			d.Stream = func([]Frame, []value.Value) bool { return true }
		}
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var found int
		for {
			v, err := d.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			if l, ok := value.OpenList(v); ok {
				rest := value.Take(l)
				for {
					it, ok, err := rest.Next()
					if err != nil || !ok {
						break
					}
					if it.Kind == value.String && it.Text == text {
						found++
					}
				}
				v, _ = d.Finish()
			}
			found += countText(v, text)
		}
		runtime.ReadMemStats(&after)
		if found != tt.strings {
			t.Errorf("%s: the string read right %d times, want %d", tt.name, found, tt.strings)
		}
		if alloc, limit := after.TotalAlloc-before.TotalAlloc, uint64(tt.strings)*(2*n+4<<20)+4<<20; alloc > limit {
			t.Errorf("%s: %d MiB allocated for %d MiB of text, want at most %d", tt.name, alloc>>20, tt.strings*n>>20, limit>>20)
		}
	}
}

// countText counts the strings in v that are text.
func countText(v value.Value, text string) int {
	n := 0
	if v.Kind == value.String && v.Text == text {
		n++
	}
	for _, m := range v.Members {
		n += countText(m.Value, text)
	}
	for _, it := range v.Items {
		n += countText(it, text)
	}
	return n
}
