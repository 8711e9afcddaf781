package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// layers is what each package may import of this module: the pipeline's
// stages, each knowing only what its job needs. Writers know no domain
// (no value, protocol or recognise); recognisers know no output syntax (no
// table, theme or sanitize); the small pure packages know almost nothing.
// The public packages (pretty, glyphs, table, relative) show no internal
// type but through pretty's aliases. A new package must say here what it
// may import. The top level reads as the design card: main.go, pretty
// (the library), the small public packages, and internal/ for the rest.
var layers = map[string][]string{
	// public
	"glyphs":   {},
	"relative": {},
	"table":    {},
	"pretty":   {"internal/pipeline", "internal/render/human", "internal/steer", "internal/theme", "internal/redact", "internal/terminal", "internal/sanitize"},
	// small and pure
	"internal/view":      {},
	"internal/format":    {},
	"internal/sanitize":  {},
	"internal/terminal":  {},
	"internal/steer":     {},
	"internal/pager":     {},
	"internal/jsonlib":   {},
	"internal/asciijson": {},
	"internal/redact":    {"internal/jsonlib"},
	"internal/stack":     {},
	"internal/gcpace":    {}, // the collector's pacing, set once in main
	"internal/theme":     {"glyphs", "table"},
	// input → decode → unwrap → recognise
	"internal/value":     {"internal/jsonlib"},
	"internal/input":     {"internal/value", "internal/sanitize", "internal/jsonlib", "internal/stack"},
	"internal/protocol":  {"internal/value", "internal/input", "internal/format"},
	"internal/recognise": {"internal/value", "internal/view", "internal/input", "internal/protocol", "internal/format", "relative", "glyphs", "internal/steer", "internal/jsonlib", "internal/spill"},
	// khive's presentation policy for agents: values to values
	"internal/khive": {"internal/value", "internal/protocol", "internal/recognise"},
	// what is too large to hold, kept in temporary files
	"internal/spill": {},
	// writers
	"internal/render/lines":    {},
	"internal/render/human":    {"internal/view", "internal/render/lines", "table", "glyphs", "internal/theme", "internal/sanitize", "relative", "internal/format"},
	"internal/render/markdown": {"internal/view", "internal/render/human", "internal/render/lines", "table", "glyphs", "internal/theme", "internal/sanitize", "internal/format"},
	"internal/render/plain":    {"internal/value", "internal/input", "internal/protocol", "internal/recognise", "internal/steer", "internal/render/lines", "internal/sanitize", "internal/jsonlib", "internal/spill"},
	"internal/render/jsonout":  {"internal/value", "internal/sanitize", "internal/theme"},
	// the stages put together
	"internal/pipeline": {"internal/value", "internal/input", "internal/protocol", "internal/recognise", "internal/khive", "internal/render/human", "internal/render/markdown", "internal/render/plain",
		"internal/render/jsonout", "internal/render/lines", "glyphs", "internal/theme", "internal/format", "internal/sanitize", "internal/steer", "internal/view",
		"internal/redact", "internal/spill"},
	// the command line, over the library
	"internal/cli": {"pretty", "internal/terminal", "internal/pager", "internal/theme", "internal/steer", "internal/render/human",
		"internal/sanitize", "internal/input", "internal/stack"},
	// tools
	"internal/mangen": {},
	// the bench's tools, beside the product
	"bench/benchdata": {},
	"bench/jsonscan":  {"internal/jsonlib"},
	// for tests: an example of every kind of block, for every writer
	"internal/view/viewtest": {"internal/view"},
	// the library guide's program (a module of its own): the public API only
	"docs/examples/mcpclient":       {"pretty"},
	"docs/examples/mcpclient/tasks": {},
}

func TestPackagesImportOnlyTheirLayers(t *testing.T) {
	const module = "github.com/khive-ai/khive-pretty/"
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "bench") {
			return filepath.SkipDir
		}
		files, _ := filepath.Glob(filepath.Join(path, "*.go"))
		var imports []string
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, imp := range af.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if rest, ok := strings.CutPrefix(p, module); ok {
					imports = append(imports, rest)
				}
			}
		}
		if len(files) == 0 || path == "." {
			return nil // main wires everything together
		}
		pkg := filepath.ToSlash(path)
		allowed, ok := layers[pkg]
		if !ok {
			t.Errorf("package %s is not in the layers map: say what it may import", pkg)
			return nil
		}
		for _, imp := range imports {
			if !slices.Contains(allowed, imp) {
				t.Errorf("%s imports %s, which its layer does not allow", pkg, imp)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
