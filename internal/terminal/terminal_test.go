package terminal

import (
	"os"
	"testing"

	"github.com/creack/pty"
)

func envOf(m map[string]string) Getenv { return func(k string) string { return m[k] } }

func TestColor(t *testing.T) {
	tests := []struct {
		name string
		mode string
		tty  bool
		env  map[string]string
		want bool
	}{
		{"auto on a terminal", "auto", true, nil, true},
		{"auto piped", "auto", false, nil, false},
		{"NO_COLOR=1", "auto", true, map[string]string{"NO_COLOR": "1"}, false},
		{"NO_COLOR=yes is honoured too", "auto", true, map[string]string{"NO_COLOR": "yes"}, false},
		{"NO_COLOR empty is unset", "auto", true, map[string]string{"NO_COLOR": ""}, true},
		{"TERM=dumb", "auto", true, map[string]string{"TERM": "dumb"}, false},
		{"CLICOLOR=0", "auto", true, map[string]string{"CLICOLOR": "0"}, false},
		{"CLICOLOR_FORCE piped", "auto", false, map[string]string{"CLICOLOR_FORCE": "1"}, true},
		{"FORCE_COLOR piped", "auto", false, map[string]string{"FORCE_COLOR": "true"}, true},
		{"FORCE_COLOR=0 is not forcing", "auto", false, map[string]string{"FORCE_COLOR": "0"}, false},
		{"forcing beats NO_COLOR", "auto", true, map[string]string{"FORCE_COLOR": "1", "NO_COLOR": "1"}, true},
		{"--color always beats NO_COLOR and a pipe", "always", false, map[string]string{"NO_COLOR": "1"}, true},
		{"--color never beats forcing", "never", true, map[string]string{"CLICOLOR_FORCE": "1"}, false},
	}
	for _, tt := range tests {
		if got := Color(tt.mode, tt.tty, envOf(tt.env)); got != tt.want {
			t.Errorf("%s: Color = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestWidth(t *testing.T) {
	asked := false
	cols := func(n int) func() int { return func() int { asked = true; return n } }
	tests := []struct {
		name    string
		flag    int
		env     map[string]string
		columns func() int
		want    int
	}{
		{"flag wins", 100, map[string]string{"COLUMNS": "60"}, cols(70), 100},
		{"COLUMNS next", 0, map[string]string{"COLUMNS": "60"}, cols(70), 60},
		{"then the terminal", 0, nil, cols(70), 70},
		{"bad COLUMNS is ignored", 0, map[string]string{"COLUMNS": "wide"}, cols(70), 70},
		{"no terminal: 80", 0, nil, cols(0), 80},
		{"nothing to ask: 80", 0, nil, nil, 80},
	}
	for _, tt := range tests {
		if got := Width(tt.flag, envOf(tt.env), tt.columns); got != tt.want {
			t.Errorf("%s: Width = %d, want %d", tt.name, got, tt.want)
		}
	}
	asked = false
	Width(0, envOf(map[string]string{"COLUMNS": "60"}), cols(70))
	if asked {
		t.Error("the terminal was asked although COLUMNS answered")
	}
}

// With stdout piped (`| less -R`), the width comes from stderr.
func TestColumnsAsksEachFileInTurn(t *testing.T) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skip("no pty:", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 30, Cols: 57}); err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if got := Columns(w, tty); got != 57 {
		t.Errorf("Columns(pipe, pty) = %d, want 57", got)
	}
	if cols, rows := Size(tty); cols != 57 || rows != 30 {
		t.Errorf("Size = %d×%d, want 57×30", cols, rows)
	}
	if cols, rows := Size(w); cols != 0 || rows != 0 {
		t.Errorf("Size of a pipe = %d×%d, want 0×0", cols, rows)
	}
}

func TestHyperlinksOnKnownTerminalsOnly(t *testing.T) {
	env := func(kv ...string) Getenv {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, tt := range []struct {
		env  Getenv
		want bool
	}{
		{env("TERM_PROGRAM", "iTerm.app"), true},
		{env("TERM_PROGRAM", "Apple_Terminal"), false},
		{env("VTE_VERSION", "6800"), true},
		{env("VTE_VERSION", "4200"), false},
		{env("TERM", "xterm-kitty"), true},
		{env("TERM", "foot-extra"), true},
		{env("WT_SESSION", "abc"), true},
		{env("TERM", "xterm-256color"), false},
		{env(), false},
	} {
		if got := Hyperlinks(tt.env); got != tt.want {
			t.Errorf("%v: %v", tt.env, got)
		}
	}
}
