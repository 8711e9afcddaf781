package terminal

import (
	"reflect"
	"testing"
)

// An unset or empty TERM is a dumb terminal, except on Windows, whose
// consoles have no TERM.
func TestEnvironMakesAMissingTERMDumb(t *testing.T) {
	tests := []struct {
		goos string
		in   []string
		want []string
	}{
		{"linux", []string{"HOME=/h"}, []string{"HOME=/h", "TERM=dumb"}},
		{"darwin", []string{"TERM=", "HOME=/h"}, []string{"HOME=/h", "TERM=dumb"}},
		{"linux", []string{"TERM=", "TERM=xterm"}, []string{"TERM=dumb"}},
		{"linux", nil, []string{"TERM=dumb"}},
		{"linux", []string{"TERM=xterm-256color"}, []string{"TERM=xterm-256color"}},
		{"linux", []string{"TERM=dumb"}, []string{"TERM=dumb"}},
		{"windows", []string{"HOME=/h"}, []string{"HOME=/h"}},
		{"windows", []string{"TERM="}, []string{"TERM="}},
	}
	for _, tt := range tests {
		in := append([]string(nil), tt.in...)
		got := environFor(tt.goos, in)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s %q: %q, want %q", tt.goos, tt.in, got, tt.want)
		}
		if !reflect.DeepEqual(in, tt.in) {
			t.Errorf("%s %q: the environment given was changed to %q", tt.goos, tt.in, in)
		}
	}
	// And what is decided from it: no colour under --color auto.
	env := environFor("linux", nil)
	getenv := func(k string) string {
		for _, kv := range env {
			if len(kv) > len(k) && kv[:len(k)] == k && kv[len(k)] == '=' {
				return kv[len(k)+1:]
			}
		}
		return ""
	}
	if Color("auto", true, getenv) {
		t.Error("colour on a terminal without TERM")
	}
}
