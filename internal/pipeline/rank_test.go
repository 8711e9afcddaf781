package pipeline

import (
	"fmt"
	"strings"
	"testing"
)

// Columns no key of ours names are ranked by what their values are: a
// position in a file first and whole, a name distinct on every row whole
// (however long), a hash never taken for the rows' names.
func TestPositionsNamesAndDigestsRanked(t *testing.T) {
	var findings, files, deps []string
	for i := range 5 {
		findings = append(findings, fmt.Sprintf(`{"message": "fmt.Printf format %%d has arg name of wrong type string number %d", "posn": "/tmp/everyday/vetdemo/main.go:%d:20", "end": "/tmp/everyday/vetdemo/main.go:%d:22"}`, i, i+7, i+7))
		files = append(files, fmt.Sprintf(`{"size": %d, "filename": "activate-global-python-argcomplete-%d", "link_to": "../lib/llvm-14/bin/FileCheck-%d", "flags": "lrwxrwxrwx", "date": "Feb 17 2023"}`, 28+i, i, i))
		deps = append(deps, fmt.Sprintf(`{"path": "github.com/charmbracelet/x/windows%d", "version": "v0.2.2", "sum": "h1:IofanmuvaxnKHuV04sC0eBy/smG6kIKrWG2/jYn%dGuM="}`, i, i))
	}
	for _, tt := range []struct {
		name, doc string
		first     string // the header the table starts with
		whole     []string
	}{
		{"positions", "[" + strings.Join(findings, ",") + "]", "POSN", []string{"/tmp/everyday/vetdemo/main.go:11:20"}},
		{"names", "[" + strings.Join(files, ",") + "]", "FILENAME", []string{"activate-global-python-argcomplete-4"}},
		{"digests", "[" + strings.Join(deps, ",") + "]", "PATH", nil},
	} {
		got := renderString(t, tt.doc, Options{Output: Human, Width: 80})
		if !strings.HasPrefix(got, tt.first+" ") && !strings.HasPrefix(got, tt.first+"\n") {
			t.Errorf("%s: not led by %s:\n%s", tt.name, tt.first, got)
		}
		for _, w := range tt.whole {
			if !strings.Contains(got, w+" ") {
				t.Errorf("%s: %s cut:\n%s", tt.name, w, got)
			}
		}
	}
}

// One row of fields no shape names, more than the width can show as
// columns (stat's), is its fields one under another: none hidden.
func TestOneWideRowIsARecord(t *testing.T) {
	var fields []string
	for i := range 20 {
		fields = append(fields, fmt.Sprintf(`"field_%d": "value number %d"`, i, i))
	}
	got := renderString(t, "[{"+strings.Join(fields, ",")+"}]", Options{Output: Human, Width: 80})
	if strings.Contains(got, "hidden") || !strings.Contains(got, "field_19  value number 19\n") {
		t.Errorf("a column hidden:\n%s", got)
	}
}
