package recognise

import (
	"reflect"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/view"
)

// The texts below are the filesystem server's, as captured in
// testdata/mcp (filesystem_*.json).

func TestParseListing(t *testing.T) {
	plain := "[FILE] README.md\n[DIR] docs\n[FILE] my notes.txt"
	l, ok := parseListing(plain)
	want := []view.TreeNode{{Name: "README.md"}, {Name: "docs", Dir: true}, {Name: "my notes.txt"}}
	if !ok || !reflect.DeepEqual(l.nodes, want) || l.size != "" {
		t.Errorf("plain listing: %+v, %v", l, ok)
	}

	sized := "[DIR] docs                           \n[DIR] ünïcödé                        \n" +
		"[FILE] README.md                           192 B\n[FILE] a name with spaces.bin          1.50 KB\n" +
		"[FILE] empty.txt                             0 B\n\nTotal: 3 files, 2 directories\nCombined size: 1.69 KB"
	l, ok = parseListing(sized)
	want = []view.TreeNode{{Name: "docs", Dir: true}, {Name: "ünïcödé", Dir: true}, {Name: "README.md", Size: "192 B"},
		{Name: "a name with spaces.bin", Size: "1.50 KB"}, {Name: "empty.txt", Size: "0 B"}}
	if !ok || !reflect.DeepEqual(l.nodes, want) || l.files != "3" || l.dirs != "2" || l.size != "1.69 KB" {
		t.Errorf("listing with sizes: %+v, %v", l, ok)
	}

	for _, bad := range []string{
		"",
		"[FILE] a\nsomething else", // a line of another form
		"[FILE] ",                  // no name
		"[FILE] a\n\nTotal: 1 files, 0 directories",                             // a total missing
		"[FILE] a    1 B\n\nTotal: 1 files, 0 directories\nCombined size: lots", // not a size
		"[FILE] nosize\n\nTotal: 1 files, 0 directories\nCombined size: 1 B",    // a file without its size
		"[FILE] a    1 B\n\nTotal: 1 files, 0 directories\nCombined size: 1 B\nmore",
	} {
		if l, ok := parseListing(bad); ok {
			t.Errorf("parseListing(%q) = %+v, want no listing", bad, l)
		}
	}
}

func TestParseDiff(t *testing.T) {
	dryRun := "```diff\nIndex: /tmp/kp-fs-fixture/new.txt\n===================================================================\n" +
		"--- /tmp/kp-fs-fixture/new.txt\toriginal\n+++ /tmp/kp-fs-fixture/new.txt\tmodified\n@@ -1,3 +1,4 @@\n" +
		" first line\n-second\tline\n+second line (edited)\n+an added line\n third line\n```\n\n"
	lines, ok := parseDiff(dryRun)
	var kinds []view.DiffKind
	for _, l := range lines {
		kinds = append(kinds, l.Kind)
	}
	H, C, A, R := view.DiffHeader, view.DiffContext, view.DiffAdded, view.DiffRemoved
	want := []view.DiffKind{H, H, H, H, view.DiffHunk, C, R, A, A, C}
	if !ok || !reflect.DeepEqual(kinds, want) || lines[6].Text != "-second\tline" {
		t.Errorf("edit_file's diff: %v, %+v", ok, lines)
	}

	// A diff holding a fence comes in a longer one; blank context lines
	// may have lost their space.
	fenced := "````diff\n--- a\n+++ b\n@@ -1,4 +1,4 @@\n-x\n+y\n\n ```go\n ```\n````\n\n"
	if lines, ok := parseDiff(fenced); !ok || len(lines) != 8 || lines[5].Kind != view.DiffContext {
		t.Errorf("a diff in a four-backtick fence: %v, %+v", ok, lines)
	}
	bare := "diff --git a/x b/x\nindex 1..2 100644\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file"
	if lines, ok := parseDiff(bare); !ok || lines[6].Kind != view.DiffNote || lines[8].Kind != view.DiffNote {
		t.Errorf("a bare git diff: %v, %+v", ok, lines)
	}

	for _, bad := range []string{
		"",
		"```go\n--- a\n+++ b\n@@ -1 +1 @@\n-a\n+b\n```",         // not a diff fence
		"```diff\n--- a\n+++ b\n@@ -1 +1 @@\n-a\n+b\n```\nmore", // text after the fence
		"--- a\n+++ b\n@@ -1,2 +1 @@\n-a\n+b",                   // a line short
		"--- a\n+++ b\n@@ -1 +1 @@\n-a\n+b\n+c",                 // a line too many
		"--- a\n+++ b",                                          // no hunk
		"--- a\n+++ b\n@@ -1 +1 @@\n*a\n+b",                     // not a line of a hunk
		"--- not a diff at all",
	} {
		if lines, ok := parseDiff(bad); ok {
			t.Errorf("parseDiff(%q) = %+v, want no diff", bad, lines)
		}
	}
}

func TestParseFileInfo(t *testing.T) {
	info := "size: 167\ncreated: Sun Nov 22 2026 02:23:48 GMT+0000 (Coordinated Universal Time)\nisDirectory: false\nisFile: true\npermissions: 644"
	fields, ok := parseFileInfo(info)
	if !ok || len(fields) != 5 || fields[1] != (infoField{"created", "Sun Nov 22 2026 02:23:48 GMT+0000 (Coordinated Universal Time)"}) {
		t.Errorf("get_file_info: %v, %+v", ok, fields)
	}
	for _, bad := range []string{
		"name: fixture\nversion: 3",   // YAML, not file info
		"size: 1\nisFile: true\n",     // a blank line
		"size: 1\nis file: true",      // not a key
		"size: 1\nisFile: true\nnope", // not a key: value line
	} {
		if fields, ok := parseFileInfo(bad); ok {
			t.Errorf("parseFileInfo(%q) = %+v, want none", bad, fields)
		}
	}
}

func TestJSDate(t *testing.T) {
	got, ok := jsDate("Fri Jan 02 2026 03:04:05 GMT+0200 (Eastern European Standard Time)")
	if want := time.Date(2026, 1, 2, 1, 4, 5, 0, time.UTC); !ok || !got.Equal(want) {
		t.Errorf("jsDate = %v, %v; want %v", got, ok, want)
	}
	for _, bad := range []string{"2026-01-02T03:04:05Z", "Fri Jan 02 2026", "yesterday"} {
		if _, ok := jsDate(bad); ok {
			t.Errorf("jsDate(%q) read a time", bad)
		}
	}
}

func TestParseReads(t *testing.T) {
	text := "/tmp/kp-fs-fixture/data.json:\n{\"name\": \"fixture\"}\n\n\n---\n/tmp/kp-fs-fixture/docs/guide.md:\n# Guide\n\n---\n\nStep one.\n\n\n---\n" +
		"/tmp/kp-fs-fixture/empty.txt:\n\n\n---\n" +
		"/tmp/kp-fs-fixture/missing.txt: Error - ENOENT: no such file or directory\n---\n/etc/hostname: Error - Access denied"
	reads, ok := parseReads(text)
	want := []fileRead{
		{path: "/tmp/kp-fs-fixture/data.json", content: "{\"name\": \"fixture\"}\n"},
		{path: "/tmp/kp-fs-fixture/docs/guide.md", content: "# Guide\n\n---\n\nStep one.\n"}, // its own rule stays
		{path: "/tmp/kp-fs-fixture/empty.txt", content: ""},
		{path: "/tmp/kp-fs-fixture/missing.txt", err: "ENOENT: no such file or directory", failed: true},
		{path: "/etc/hostname", err: "Access denied", failed: true},
	}
	if !ok || !reflect.DeepEqual(reads, want) {
		t.Errorf("read_multiple_files:\n%+v, %v\nwant\n%+v", reads, ok, want)
	}
	if reads, ok := parseReads("src/a.go:\npackage a\n"); !ok || len(reads) != 1 || reads[0].content != "package a" {
		t.Errorf("one file: %+v, %v", reads, ok)
	}
	for _, bad := range []string{
		"notes:\nbuy milk\n",                  // one "file" without a directory: a heading, not a path
		"/a/b.txt:\nno line break at the end", // contents always end with one
		"/a/b.txt:",
		"Results:\nfoo\n\n---\nMore:\nbar\n", // headers that are no paths
		"plain text",
		// gopls's go_workspace: prose whose first line ends in a colon.
		"The workspace at /tmp/m uses Go modules, with the following main modules:\n\texample.com/m in /tmp/m\n",
		"See the docs at pkg.go.dev for more:\nhttps://pkg.go.dev/x\n",
	} {
		if reads, ok := parseReads(bad); ok {
			t.Errorf("parseReads(%q) = %+v, want none", bad, reads)
		}
	}
}

func TestParsePathsAndAllowed(t *testing.T) {
	if p, ok := parsePaths("/tmp/a.go\nC:\\src\\b.go\n\\\\server\\share\\c.go"); !ok || len(p) != 3 {
		t.Errorf("absolute paths: %q, %v", p, ok)
	}
	for _, bad := range []string{"relative/a.go", "/a\n", "/", "No matches found"} {
		if p, ok := parsePaths(bad); ok {
			t.Errorf("parsePaths(%q) = %q", bad, p)
		}
	}
	if h, dirs, ok := parseAllowed("Allowed directories:\n/tmp/a\n/tmp/b"); !ok || h != "Allowed directories" || len(dirs) != 2 {
		t.Errorf("allowed directories: %q %q %v", h, dirs, ok)
	}
	for _, bad := range []string{"Allowed directories:", "Allowed directories:\n", "Other:\n/tmp"} {
		if _, _, ok := parseAllowed(bad); ok {
			t.Errorf("parseAllowed(%q) read a list", bad)
		}
	}
}

// desktop-commander's read_multiple_files summary: a file's type, or why
// it could not be read; prose with such a line, or none failed, is prose.
func TestReadSummary(t *testing.T) {
	reads, ok := parseReadSummary("/tmp/a.md: text/plain (text)\n/tmp/b.md: Error - ENOENT: no such file")
	if !ok || len(reads) != 2 || reads[0].failed || !reads[1].failed || reads[1].err != "ENOENT: no such file" {
		t.Errorf("%+v %v", reads, ok)
	}
	for _, prose := range []string{"/tmp/a.md: text/plain (text)", "Note: Error - this is prose\nand more"} {
		if _, ok := parseReadSummary(prose); ok {
			t.Errorf("%q read as a summary", prose)
		}
	}
}
