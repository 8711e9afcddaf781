package pretty_test

import (
	"errors"
	"testing"

	"github.com/khive-ai/khive-pretty/pretty"
)

// Options a caller passes are checked as the command's flags and
// environment are: nothing unchecked reaches a terminal as an escape.
func TestOptionsAreChecked(t *testing.T) {
	for name, opt := range map[string]pretty.Options{
		"Colors":       {Format: pretty.Human, Color: true, Colors: map[string]string{"id": "1m\x1b]0;pwned\a\x1b["}},
		"Colors role":  {Format: pretty.Human, Color: true, Colors: map[string]string{"nosuchrole": "31"}},
		"Links.Format": {Format: pretty.Human, Links: &pretty.Links{Format: "bogus"}},
		"Where":        {Where: []string{"status"}},
		"Format":       {Format: pretty.JSON, Sort: "title"},
		"Format kind":  {Format: 99},
	} {
		var oe *pretty.OptionError
		if err := opt.Check(); !errors.As(err, &oe) {
			t.Errorf("%s: Check() = %v, want an *OptionError", name, err)
		}
	}
	ok := pretty.Options{Format: pretty.Human, Color: true, Colors: map[string]string{"id": "2", "bad": "1;31"}, Links: &pretty.Links{Format: "vscode"}}
	if err := ok.Check(); err != nil {
		t.Errorf("good options: %v", err)
	}
}
