package terminal

import "testing"

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
	if got := Width(100, envOf(map[string]string{"COLUMNS": "60"}), nil, false); got != 100 {
		t.Errorf("flag: %d", got)
	}
	if got := Width(0, envOf(map[string]string{"COLUMNS": "60"}), nil, false); got != 60 {
		t.Errorf("COLUMNS: %d", got)
	}
	if got := Width(0, envOf(map[string]string{"COLUMNS": "wide"}), nil, false); got != 80 {
		t.Errorf("bad COLUMNS: %d", got)
	}
	if got := Width(0, envOf(nil), nil, false); got != 80 {
		t.Errorf("default: %d", got)
	}
}
