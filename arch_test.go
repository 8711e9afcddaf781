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
// A new package must say here what it may import.
var layers = map[string][]string{
	"view":             {},
	"format":           {},
	"relative":         {},
	"sanitize":         {},
	"glyphs":           {},
	"terminal":         {},
	"render/lines":     {},
	"internal/jsonlib": {},
	"theme":            {"glyphs"},
	"table":            {"theme"},
	"value":            {"internal/jsonlib"},
	"input":            {"value", "sanitize", "internal/jsonlib"},
	"protocol":         {"value", "input", "format"},
	"steer":            {},
	"recognise":        {"value", "view", "input", "protocol", "format", "relative", "glyphs", "steer", "internal/jsonlib"},
	"render/human":     {"view", "render/lines", "table", "glyphs", "theme", "sanitize", "relative", "format"},
	"render/markdown":  {"view", "render/human", "render/lines", "table", "glyphs", "theme", "sanitize", "format"},
	"render/plain":     {"value", "input", "protocol", "recognise", "steer", "render/lines", "sanitize", "internal/jsonlib"},
	"render/jsonout":   {"value", "protocol", "recognise", "relative", "format", "sanitize", "theme"},
	"pipeline": {"value", "input", "protocol", "recognise", "render/human", "render/markdown", "render/plain",
		"render/jsonout", "render/lines", "glyphs", "theme", "format", "sanitize", "steer", "view"},
	"pager":              {},
	"internal/mangen":    {},
	"internal/benchdata": {},
	"internal/jsonscan":  {"internal/jsonlib"},
	"internal/asciijson": {},
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
