package human

import "testing"

// Every preset of --hyperlink-format has ripgrep's template, and the list
// that completes the flag names each of them.
func TestLinkFormatPresets(t *testing.T) {
	want := map[string]string{
		"default":         "file://{host}{path}",
		"file":            "file://{host}{path}",
		"kitty":           "file://{host}{path}#{line}",
		"vscode":          "vscode://file{path}:{line}:{column}",
		"vscode-insiders": "vscode-insiders://file{path}:{line}:{column}",
		"vscodium":        "vscodium://file{path}:{line}:{column}",
		"cursor":          "cursor://file{path}:{line}:{column}",
		"macvim":          "mvim://open?url=file://{path}&line={line}&column={column}",
		"textmate":        "txmt://open?url=file://{path}&line={line}&column={column}",
		"none":            "",
	}
	names := LinkFormats()
	if len(names) != len(want) {
		t.Errorf("LinkFormats() = %q, want the %d presets", names, len(want))
	}
	for _, name := range names {
		tmpl, preset := linkFormat(name)
		if w, ok := want[name]; !ok || !preset || tmpl != w {
			t.Errorf("linkFormat(%q) = %q, %v; want %q", name, tmpl, preset, w)
		}
	}
	if _, preset := linkFormat("file://{path}"); preset {
		t.Error("a template is taken for a preset")
	}
	if !ValidLinkFormat("x://{path}") || ValidLinkFormat("x://{line}") {
		t.Error("a template is valid when, and only when, it names {path}")
	}
}
