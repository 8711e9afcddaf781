package input

import (
	"strings"
	"testing"
)

// The white-space squeezer runs over every byte of input before the
// decoder: on ordinary input it must cost a small fraction of decoding,
// one record a line or indented (where a read often starts inside an
// indent).
func BenchmarkSqueeze(b *testing.B) {
	for name, record := range map[string]string{
		"lines":    `{"id": "41f60be0-7cef-4aa3-aaed-cf4a4599a084", "title": "Task number 17: wire the recall pipeline", "tags": ["a", "b"]},` + "\n",
		"indented": "      {\n        \"id\": \"41f60be0-7cef-4aa3-aaed-cf4a4599a084\",\n        \"title\": \"Task number 17: wire the recall pipeline\",\n        \"tags\": [\n          \"a\",\n          \"b\"\n        ]\n      },\n",
	} {
		b.Run(name, func(b *testing.B) {
			data := []byte(strings.Repeat(record, 4000))
			buf := make([]byte, len(data))
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				copy(buf, data)
				s := &squeezer{}
				for off := 0; off < len(buf); off += 4096 {
					s.squeeze(buf[off:min(off+4096, len(buf))])
				}
			}
		})
	}
}
