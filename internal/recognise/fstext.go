package recognise

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/relative"
)

// The text formats of the filesystem MCP server's results, each read by a
// small pure parser that reports false unless it accounts for every line:
// a text that only looks like one of them is shown as it came.

// listing is a directory listing: list_directory's "[FILE] name" and
// "[DIR] name" lines, or list_directory_with_sizes' padded columns and
// the totals after them.
type listing struct {
	nodes []view.TreeNode
	// From the totals ("Total: 5 files, 3 directories", "Combined size:
	// 637 B"); "" when there are none.
	files, dirs, size string
}

func parseListing(text string) (listing, bool) {
	var l listing
	if first := firstLine(text); !strings.HasPrefix(first, "[DIR] ") && !strings.HasPrefix(first, "[FILE] ") {
		return l, false // told by its first line, before a long text is split
	}
	lines := strings.Split(text, "\n")
	entries := lines
	if i := slices.Index(lines, ""); i >= 0 {
		// With sizes: the entries, a blank line, the two totals.
		if len(lines) != i+3 || !parseTotals(&l, lines[i+1], lines[i+2]) {
			return l, false
		}
		entries = lines[:i]
	}
	sized := l.size != ""
	for _, ln := range entries {
		var n view.TreeNode
		switch {
		case strings.HasPrefix(ln, "[DIR] "):
			n = view.TreeNode{Name: ln[len("[DIR] "):], Dir: true}
			if sized {
				n.Name = strings.TrimRight(n.Name, " ") // padded to a column
			}
		case strings.HasPrefix(ln, "[FILE] "):
			n.Name = ln[len("[FILE] "):]
			if sized {
				// The name padded to a column, then the size: a number and
				// a unit ("192 B", "1.50 KB").
				unit := strings.LastIndexByte(n.Name, ' ')
				num := strings.LastIndexByte(n.Name[:max(unit, 0)], ' ')
				if num < 0 || !isSize(n.Name[num+1:]) {
					return l, false
				}
				n.Name, n.Size = strings.TrimRight(n.Name[:num], " "), n.Name[num+1:]
			}
		default:
			return l, false
		}
		if n.Name == "" {
			return l, false
		}
		l.nodes = append(l.nodes, n)
	}
	return l, len(l.nodes) > 0
}

// parseTotals reads the two lines after a listing with sizes.
func parseTotals(l *listing, total, combined string) bool {
	counts, ok := strings.CutPrefix(total, "Total: ")
	if !ok {
		return false
	}
	files, dirs, ok := strings.Cut(counts, ", ")
	l.files, ok = numberOf(files, "files", ok)
	l.dirs, ok = numberOf(dirs, "directories", ok)
	l.size, _ = strings.CutPrefix(combined, "Combined size: ")
	return ok && isSize(l.size)
}

// numberOf is the number of "5 files".
func numberOf(s, noun string, ok bool) (string, bool) {
	n, rest, found := strings.Cut(s, " ")
	if !ok || !found || rest != noun || !isUint(n) {
		return "", false
	}
	return n, true
}

// isSize: a size as the server writes one, "0 B", "192 B", "1.50 KB".
func isSize(s string) bool {
	num, unit, ok := strings.Cut(s, " ")
	whole, frac, hasFrac := strings.Cut(num, ".")
	return ok && isUint(whole) && (!hasFrac || isUint(frac)) && slices.Contains([]string{"B", "KB", "MB", "GB", "TB"}, unit)
}

func isUint(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// firstLine is text up to its first line break: what most forms are told
// apart by, looked at before a text that may be very long is split.
func firstLine(text string) string {
	first, _, _ := strings.Cut(text, "\n")
	return first
}

// parseDiff reads a unified diff, bare or in a ```diff fence (edit_file
// sends it so, with a longer fence when the diff holds one, and blank
// lines after): every line must be a file header, a hunk head or a line
// of a hunk, and each hunk must hold as many lines as its head says.
func parseDiff(text string) ([]view.DiffLine, bool) {
	if first := firstLine(text); fenceOf(first) == "" && !diffHeader(first) {
		return nil, false // told by its first line, before a long text is split
	}
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if f := fenceOf(lines[0]); f != "" {
		lang := lines[0][len(f):]
		if lang != "diff" && lang != "patch" || len(lines) < 3 || lines[len(lines)-1] != f {
			return nil, false
		}
		lines = lines[1 : len(lines)-1]
	} else if !diffHeader(lines[0]) {
		return nil, false
	}
	out := make([]view.DiffLine, 0, len(lines))
	oldLeft, newLeft, hunks := 0, 0, 0
	for _, ln := range lines {
		kind := view.DiffContext
		switch {
		case oldLeft > 0 || newLeft > 0:
			switch {
			case ln == "" || ln[0] == ' ':
				oldLeft--
				newLeft--
			case ln[0] == '-':
				kind = view.DiffRemoved
				oldLeft--
			case ln[0] == '+':
				kind = view.DiffAdded
				newLeft--
			case ln[0] == '\\':
				kind = view.DiffNote
			default:
				return nil, false
			}
			if oldLeft < 0 || newLeft < 0 {
				return nil, false
			}
		case strings.HasPrefix(ln, "@@ "):
			var ok bool
			if oldLeft, newLeft, ok = hunkHead(ln); !ok {
				return nil, false
			}
			kind = view.DiffHunk
			hunks++
		case strings.HasPrefix(ln, `\ `):
			kind = view.DiffNote // "\ No newline at end of file" after a hunk's last line
		case diffHeader(ln):
			kind = view.DiffHeader
		default:
			return nil, false
		}
		out = append(out, view.DiffLine{Kind: kind, Text: ln})
	}
	return out, hunks > 0 && oldLeft == 0 && newLeft == 0
}

// fenceOf is the run of three or more backticks a line starts with, or "".
func fenceOf(ln string) string {
	n := 0
	for n < len(ln) && ln[n] == '`' {
		n++
	}
	if n < 3 {
		return ""
	}
	return ln[:n]
}

// diffHeader: a line of a file's header in a unified diff (diff's, git's
// or jsdiff's, which edit_file uses).
func diffHeader(ln string) bool {
	for _, p := range []string{"Index: ", "--- ", "+++ ", "diff ", "index ", "new file mode ", "deleted file mode ",
		"old mode ", "new mode ", "similarity index ", "rename from ", "rename to ", "Binary files "} {
		if strings.HasPrefix(ln, p) {
			return true
		}
	}
	return len(ln) >= 3 && strings.Trim(ln, "=") == ""
}

// hunkHead reads "@@ -1,3 +1,4 @@ …": how many old and new lines follow.
func hunkHead(ln string) (oldN, newN int, ok bool) {
	f := strings.Fields(ln)
	if len(f) < 4 || f[3] != "@@" || !strings.HasPrefix(f[1], "-") || !strings.HasPrefix(f[2], "+") {
		return 0, 0, false
	}
	count := func(r string) (int, bool) {
		start, n, has := strings.Cut(r[1:], ",")
		if !has {
			n = "1"
		}
		v, err := strconv.Atoi(n)
		return v, isUint(start) && err == nil && v >= 0
	}
	oldN, ok1 := count(f[1])
	newN, ok2 := count(f[2])
	return oldN, newN, ok1 && ok2
}

// infoField is one line of get_file_info: "size: 167".
type infoField struct{ key, value string }

// parseFileInfo reads get_file_info's "key: value" lines; it is one when
// it tells a size and whether the path is a file or a directory.
func parseFileInfo(text string) ([]infoField, bool) {
	var fields []infoField
	has := map[string]bool{}
	for ln := range strings.SplitSeq(text, "\n") {
		k, v, ok := strings.Cut(ln, ": ")
		if !ok || !isIdent(k) {
			return nil, false
		}
		fields = append(fields, infoField{k, v})
		has[k] = true
	}
	return fields, has["size"] && (has["isFile"] || has["isDirectory"])
}

func isIdent(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// jsDate reads a time as JavaScript's Date.toString() writes it:
// "Fri Jan 02 2026 03:04:05 GMT+0000 (Coordinated Universal Time)".
func jsDate(s string) (time.Time, bool) {
	if i := strings.Index(s, " ("); i > 0 && strings.HasSuffix(s, ")") {
		s = s[:i]
	}
	t, err := time.Parse("Mon Jan 02 2006 15:04:05 GMT-0700", s)
	return t, err == nil
}

// quoted is a time written as a JSON string ("2026-11-28T17:36:41.827Z"),
// its text without the quotes.
type quoted struct {
	text string
	at   time.Time
}

func quotedTime(s string) (quoted, bool) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return quoted{}, false
	}
	inner := s[1 : len(s)-1]
	t, ok := relative.Parse(inner)
	return quoted{inner, t}, ok
}

// fileRead is one file of read_multiple_files: its contents, or why it
// could not be read.
type fileRead struct {
	path, content string
	err           string // the message of a failed read
	failed        bool
}

// The separator read_multiple_files joins its files with.
const readSep = "\n---\n"

// parseReadSummary reads desktop-commander's read_multiple_files summary:
// a line for each file, "path: text/plain (text)" (its content, here, is
// that type) or "path: Error - why". It is one when every line is one of
// these and a path, and one of them failed (else the prose says it all).
func parseReadSummary(text string) ([]fileRead, bool) {
	var reads []fileRead
	failed := false
	for ln := range strings.SplitSeq(strings.TrimRight(text, "\n"), "\n") {
		if p, why, ok := strings.Cut(ln, ": Error - "); ok && looksPath(p) {
			reads = append(reads, fileRead{path: p, err: why, failed: true})
			failed = true
			continue
		}
		p, kind, ok := strings.Cut(ln, ": ")
		mime, _, typed := strings.Cut(kind, " (")
		if !ok || !typed || !strings.HasSuffix(kind, ")") || !strings.Contains(mime, "/") || !looksPath(p) {
			return nil, false
		}
		reads = append(reads, fileRead{path: p, content: kind})
	}
	return reads, failed
}

// parseReads reads read_multiple_files: "path:\ncontents\n" for each file,
// "path: Error - message" for each failure, joined by "\n---\n". A
// separator counts only where the next file's header follows it, so that
// a file holding "---" lines is read whole. Paths look like paths: one
// file alone has a directory in its path.
func parseReads(text string) ([]fileRead, bool) {
	var reads []fileRead
	for pos := 0; ; {
		line, _, _ := strings.Cut(text[pos:], "\n")
		var r fileRead
		var next int // where the next header starts; 0: none
		if p, _, ok := strings.Cut(line, ": Error - "); ok {
			start := pos + len(p) + len(": Error - ")
			end := nextRead(text, start, readSep)
			r = fileRead{path: p, failed: true}
			if end < 0 {
				r.err = text[start:]
			} else {
				r.err, next = text[start:end], end+len(readSep)
			}
		} else if p, ok := strings.CutSuffix(line, ":"); ok && pos+len(line) < len(text) {
			start := pos + len(line) + 1
			// The contents end with a line break, before the separator or
			// at the end of the text.
			end := nextRead(text, start, "\n"+readSep)
			r = fileRead{path: p}
			switch {
			case end >= 0:
				r.content, next = text[start:end], end+len("\n"+readSep)
			case start < len(text) && strings.HasSuffix(text, "\n"):
				r.content = text[start : len(text)-1]
			default:
				return nil, false
			}
		} else {
			return nil, false
		}
		if !looksPath(r.path) {
			return nil, false
		}
		reads = append(reads, r)
		if next == 0 {
			break
		}
		pos = next
	}
	if len(reads) == 1 && !strings.ContainsAny(reads[0].path, `/\`) {
		return nil, false
	}
	return reads, true
}

// nextRead is where the first sep at or after from is followed by the
// header of a file, or -1.
func nextRead(text string, from int, sep string) int {
	for i := from; ; {
		j := strings.Index(text[i:], sep)
		if j < 0 {
			return -1
		}
		at := i + j
		header, _, _ := strings.Cut(text[at+len(sep):], "\n")
		if p, _, ok := strings.Cut(header, ": Error - "); ok && looksPath(p) {
			return at
		}
		if p, ok := strings.CutSuffix(header, ":"); ok && looksPath(p) {
			return at
		}
		i = at + 1
	}
}

// looksPath: a path as a header names one, with a directory or an
// extension.
func looksPath(p string) bool {
	// A sentence ending in a colon ("… with the following main modules:",
	// gopls's prose) is no path, though a path may hold a space or two.
	return p != "" && p[0] != ' ' && strings.ContainsAny(p, `/\.`) && strings.Count(p, " ") < 3 && !strings.Contains(p, ", ")
}

// parsePaths reads search_files' matches: absolute paths, one a line.
func parsePaths(text string) ([]string, bool) {
	if !absPath(firstLine(text)) {
		return nil, false // told by its first line, before a long text is split
	}
	paths := strings.Split(text, "\n")
	for _, p := range paths {
		if !absPath(p) {
			return nil, false
		}
	}
	return paths, true
}

// absPath: /unix, C:\windows or C:/windows, \\unc.
func absPath(p string) bool {
	switch {
	case strings.HasPrefix(p, "/"), strings.HasPrefix(p, `\\`):
		return len(p) > 1
	case len(p) > 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/'):
		c := p[0] | 0x20
		return c >= 'a' && c <= 'z'
	}
	return false
}

// parseAllowed reads list_allowed_directories: "Allowed directories:" and
// a path a line.
func parseAllowed(text string) (heading string, dirs []string, ok bool) {
	heading, rest, ok := strings.Cut(text, "\n")
	if !ok || heading != "Allowed directories:" {
		return "", nil, false
	}
	dirs = strings.Split(rest, "\n")
	if slices.Contains(dirs, "") {
		return "", nil, false
	}
	return strings.TrimSuffix(heading, ":"), dirs, true
}
