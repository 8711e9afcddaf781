package human

import (
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/theme"
)

// Links says how paths and web addresses become hyperlinks (OSC 8) for a
// terminal that follows them; nil in Options means no links.
type Links struct {
	// Format is a preset (file, vscode, …) or a template of {path},
	// {line}, {column} and {host}, as ripgrep's --hyperlink-format.
	Format string
	Dir    string // what relative paths are relative to
	Host   string // for file:// links
}

// linkFormat is the template of a preset of --hyperlink-format, as
// ripgrep has them. A switch, not a map: a map would be built when the
// program starts, in every run, linked or not.
func linkFormat(name string) (tmpl string, preset bool) {
	switch name {
	case "default", "file":
		return "file://{host}{path}", true
	case "kitty":
		return "file://{host}{path}#{line}", true
	case "vscode":
		return "vscode://file{path}:{line}:{column}", true
	case "vscode-insiders":
		return "vscode-insiders://file{path}:{line}:{column}", true
	case "vscodium":
		return "vscodium://file{path}:{line}:{column}", true
	case "cursor":
		return "cursor://file{path}:{line}:{column}", true
	case "macvim":
		return "mvim://open?url=file://{path}&line={line}&column={column}", true
	case "textmate":
		return "txmt://open?url=file://{path}&line={line}&column={column}", true
	case "none":
		return "", true
	}
	return "", false
}

// LinkFormats lists the presets, for checking and completing the flag.
func LinkFormats() []string {
	return []string{"default", "file", "kitty", "vscode", "vscode-insiders", "vscodium", "cursor", "macvim", "textmate", "none"}
}

// ValidLinkFormat reports a preset or a template that names {path}.
func ValidLinkFormat(f string) bool {
	_, preset := linkFormat(f)
	return preset || strings.Contains(f, "{path}")
}

// fileLink is the style that links text to a file at a line; empty when
// links are off or the path cannot be linked.
func (l *Links) fileLink(path string, line int) theme.Style {
	if l == nil || path == "" {
		return theme.Style{}
	}
	tmpl, ok := linkFormat(l.Format)
	if !ok {
		tmpl = l.Format
	}
	if tmpl == "" {
		return theme.Style{}
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(l.Dir, path)
	}
	path = filepath.ToSlash(path)
	if !strings.HasPrefix(path, "/") {
		path = "/" + path // C:/x on Windows
	}
	line = max(line, 1)
	u := strings.NewReplacer("{path}", (&url.URL{Path: path}).EscapedPath(), "{line}", strconv.Itoa(line),
		"{column}", "1", "{host}", l.Host).Replace(tmpl)
	return webLink(u)
}

// webLink is the style that links text to an address, when it is one a
// terminal may be handed: printable ASCII only, or no link at all (an
// escape inside the address would end the link and run whatever follows).
func webLink(u string) theme.Style {
	for i := 0; i < len(u); i++ {
		if u[i] <= ' ' || u[i] >= 0x7f {
			return theme.Style{}
		}
	}
	return theme.Link(u)
}
