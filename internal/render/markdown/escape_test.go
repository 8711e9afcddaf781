package markdown

import "testing"

// inline makes each line break a space and leaves every other byte as it
// is, an invalid one too.
func TestInlineReplacesLineBreaksOnly(t *testing.T) {
	for in, want := range map[string]string{
		"plain":           "plain",
		"a\nb\r\nc\rd":    "a b  c d",
		"\xff\n\xfe":      "\xff \xfe",
		"é\n✓":            "é ✓",
		"":                "",
		"\n":              " ",
		"tab\tstays\x00.": "tab\tstays\x00.",
	} {
		if got := inline(in); got != want {
			t.Errorf("inline(%q) = %q, want %q", in, got, want)
		}
	}
}
