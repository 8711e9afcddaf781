package input

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// squeezeByByte is the squeezer's rule, a byte at a time: outside strings
// a run of white space keeps its first squeezeRun bytes; a string, from
// its quote to its unescaped closing quote, is passed whole; a line break
// ends a string a line left open.
func squeezeByByte(in []byte) []byte {
	var out []byte
	inString, slashes, run := false, 0, 0
	for _, c := range in {
		if inString {
			out = append(out, c)
			switch {
			case c == '\n':
				inString, slashes, run = false, 0, 1
			case c == '\\':
				slashes++
			case c == '"' && slashes%2 == 0:
				inString, run = false, 0
			default:
				slashes = 0
			}
			continue
		}
		switch {
		case c == '"':
			inString, slashes, run = true, 0, 0
		case isSpace(c):
			if run++; run > squeezeRun {
				continue
			}
		default:
			run = 0
		}
		out = append(out, c)
	}
	return out
}

// The squeezer, read by read, keeps what the rule a byte at a time keeps,
// wherever the reads split the input: inside an indent, a long run, a
// string, a run of backslashes.
func TestSqueezerKeepsWhatTheRuleKeeps(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{`"abc"`, `"a\"b"`, `"\\"`, `"\\\"x"`, `"`, `\`, `{`, `}`, `: `, `, `, "\n", "\n        ", `1`, `"é"`, "\t", "\r\n"}
	for round := range 300 {
		var b strings.Builder
		for range 40 + rng.IntN(200) {
			if rng.IntN(6) == 0 {
				n := []int{1, 8, 500, 600, squeezeRun - 1, squeezeRun, squeezeRun + 1, 3000}[rng.IntN(8)]
				b.WriteString(strings.Repeat(string(" \t\n"[rng.IntN(3)]), n))
				continue
			}
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		in := []byte(b.String())
		want := squeezeByByte(in)
		buf := append([]byte(nil), in...)
		s := &squeezer{}
		var got []byte
		for off := 0; off < len(buf); {
			n := min(1+rng.IntN([]int{3, 64, 700, 5000}[rng.IntN(4)]), len(buf)-off)
			w := s.squeeze(buf[off : off+n])
			got = append(got, buf[off:off+w]...)
			off += n
		}
		if string(got) != string(want) {
			t.Fatalf("round %d: squeezed %d bytes to %d, want %d\n%q", round, len(in), len(got), len(want), in)
		}
	}
}
