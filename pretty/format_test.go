package pretty

import (
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/pipeline"
)

// pretty's formats are the pipeline's outputs, one for one: the
// conversion New makes is a plain cast.
func TestFormatsAreOutputs(t *testing.T) {
	for f, o := range map[Format]pipeline.Output{Human: pipeline.Human, Plain: pipeline.Plain, Markdown: pipeline.Markdown,
		JSON: pipeline.JSON, Agent: pipeline.Agent, TSV: pipeline.TSV, CSV: pipeline.CSV} {
		if pipeline.Output(f) != o {
			t.Errorf("%v is %d, the pipeline's %d", f, f, o)
		}
		if g, err := ParseFormat(f.String()); err != nil || g != f {
			t.Errorf("ParseFormat(%q) = %v, %v", f.String(), g, err)
		}
	}
	if _, err := ParseFormat("yaml"); err == nil {
		t.Error("yaml parsed")
	}
}

// A Failure's String escapes what the server wrote: its fields are raw.
func TestFailureStringEscapes(t *testing.T) {
	f := Failure{Op: -1, Kind: "tool error", Message: "bad \x1b]0;pwned\a\x1b[2J", ID: "8"}
	s := f.String()
	if strings.ContainsAny(s, "\x1b\a") || !strings.HasPrefix(s, "reply 8: tool error: bad ") {
		t.Errorf("%q", s)
	}
}
