package input

import (
	"bufio"
	"strings"
	"testing"
	"testing/iotest"
)

// An event stream's lines may end in CRLF, LF or a lone CR, mixed: each
// gives the same frames, read at once or a byte at a time.
func TestEventStreamLineEndings(t *testing.T) {
	frames := func(in string, oneByte bool) []string {
		var r = strings.NewReader(in)
		br := bufio.NewReader(r)
		if oneByte {
			br = bufio.NewReader(iotest.OneByteReader(strings.NewReader(in)))
		}
		var got []string
		err := ReadSSE(br, 1, func(event, data string, _ FrameAt) error {
			got = append(got, event+"|"+data)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	want := "message|{\"a\":1}\nmore,|[2]"
	for _, end := range []string{"\n", "\r\n", "\r"} {
		in := "event: message" + end + "data: {\"a\":1}" + end + "data: more" + end + end + ": ping" + end + "data: [2]" + end + end
		for _, one := range []bool{false, true} {
			if got := strings.Join(frames(in, one), ","); got != want {
				t.Errorf("%q (byte by byte %v): %q", end, one, got)
			}
		}
	}
}
