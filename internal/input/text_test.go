package input

import (
	"bufio"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/khive-ai/khive-pretty/internal/asciijson"
	"github.com/khive-ai/khive-pretty/internal/jsonlib"
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
