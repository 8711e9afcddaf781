package jsonout

import (
	"bufio"
	"io"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/jsonlib"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// Quote is s as a JSON string, escaped as Write escapes it.
func Quote(s string) string {
	var b strings.Builder
	w := bufio.NewWriter(&b)
	w.WriteByte('"')
	writeText(w, s)
	w.WriteByte('"')
	w.Flush()
	return b.String()
}

// Quote escapes what sanitize escapes, in JSON's spelling, and keeps what
// sanitize keeps in context.
func TestQuote(t *testing.T) {
	const (
		family   = "\U0001F468\u200D\U0001F469\u200D\U0001F467"
		scotland = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"
	)
	tests := []struct{ in, want string }{
		{"plain \"quoted\" C:\\dir", `"plain \"quoted\" C:\\dir"`},
		{"\b\f\n\r\t\x00\x1f\x7f", `"\b\f\n\r\t\u0000\u001f\u007f"`},
		{"zero\u200bwidth \ufeffBOM \u00ad", `"zero\u200bwidth \ufeffBOM \u00ad"`},
		{"hidden \U000E0041\U000E0042", `"hidden \udb40\udc41\udb40\udc42"`},
		{"bad \xff byte \xc0\xaf", "\"bad \ufffd byte \ufffd\ufffd\""},
		{family + " \u2764\uFE0F " + scotland, "\"" + family + " \u2764\uFE0F " + scotland + "\""},
		{"a\uFE0F\uFE0F \u200D", "\"a\uFE0F" + `\ufe0f \u200d"`},
		{"\U0001BCA0", `"\ud82f\udca0"`},
	}
	for _, tt := range tests {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("quote(%+q) = %+q, want %+q", tt.in, got, tt.want)
		}
	}
}

// FuzzQuote: Quote's output is valid JSON that decodes to the input (each
// invalid byte read as U+FFFD), and holds nothing sanitize would escape.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{
		"plain", "a\"b\\c\n", "\x1b]0;x\x07\u009b\u202e\u2028\x7f", "\xff\xc3\xed\xa0\x80",
		"\u200b\ufeff\U000E0041 \U0001F468\u200D\U0001F469 \u2764\uFE0F\uFE0F \u0645\u06CC\u200C\u062E",
		"\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := Quote(s)
		got, err := jsonlib.AppendUnquote(nil, []byte(q))
		if err != nil {
			t.Fatalf("quote(%+q) = %+q: not a JSON string: %v", s, q, err)
		}
		var want strings.Builder
		for _, r := range s { // one U+FFFD an invalid byte
			want.WriteRune(r)
		}
		if string(got) != want.String() {
			t.Fatalf("quote(%+q) = %+q reads back as %+q", s, q, got)
		}
		if safe := sanitize.String(q, 0); safe != q {
			t.Fatalf("quote(%+q) = %+q holds what sanitize escapes: %+q", s, q, safe)
		}
	})
}

// A string is written as it is escaped, without an allocation of its own,
// escapes and all.
func TestQuotedDoesNotAllocate(t *testing.T) {
	j := writer{w: bufio.NewWriter(io.Discard)}
	for _, s := range []string{"Task number 17: wire the recall pipeline — résumé", "a \"quote\"\n\t\x01 \u202e \U000E0041 \xff"} {
		if n := testing.AllocsPerRun(100, func() { j.quoted(j.th.Str, s) }); n != 0 {
			t.Errorf("quoted(%+q): allocs = %v, want 0", s, n)
		}
	}
}

// AppendMember appends what Member writes, or nothing.
func TestAppendMember(t *testing.T) {
	for _, m := range []value.Member{
		{Key: "k", Value: value.Value{Kind: value.Null}}, {Key: "ok", Value: value.Value{Kind: value.Bool, Text: "true"}},
		{Key: "n", Value: value.Value{Kind: value.Number, Text: "-1.5e400"}}, {Key: "", Value: value.Text("")},
		{Key: "s", Value: value.Text("plain ~ text")}, {Key: "q", Value: value.Text(`a "quote"`)}, {Key: "b", Value: value.Text(`C:\dir`)},
		{Key: "nl", Value: value.Text("a\nb")}, {Key: "é", Value: value.Text("x")}, {Key: "x", Value: value.Text("résumé \u202e")},
		{Key: "\x7f", Value: value.Text("")}, {Key: "o", Value: value.Value{Kind: value.Object}}, {Key: "a", Value: value.Value{Kind: value.Array}},
	} {
		var want strings.Builder
		w := bufio.NewWriter(&want)
		Member(w, m)
		w.Flush()
		if got, ok := AppendMember([]byte("x"), m); ok && string(got) != "x"+want.String() || !ok && string(got) != "x" {
			t.Errorf("AppendMember(%+q: %+q) = %+q, %v; Member writes %+q", m.Key, m.Value.Text, got, ok, want.String())
		}
	}
}

func BenchmarkQuote(b *testing.B) {
	for _, tc := range []struct{ name, s string }{
		{"clean", "Task number 17: wire the recall pipeline into the daemon — résumé"},
		{"hostile", strings.Repeat("a\u202eb\u009bc\u2028d\"e", 200)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.s)))
			j := writer{w: bufio.NewWriter(io.Discard)}
			for b.Loop() {
				j.quoted(j.th.Str, tc.s)
			}
		})
	}
}
