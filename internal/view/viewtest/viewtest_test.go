package viewtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/view"
)

// kinds is the name of every type of package view with a block method:
// every kind of block there is, as the source says.
func kinds(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob("../*.go")
	var names []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == "block" && fn.Recv != nil {
				if id, ok := fn.Recv.List[0].Type.(*ast.Ident); ok {
					names = append(names, id.Name)
				}
			}
		}
	}
	if len(names) < 20 {
		t.Fatalf("only %d kinds of block found in package view: %v", len(names), names)
	}
	return names
}

// Every kind of block has an example, which the writers' tests write.
func TestEveryKindHasAnExample(t *testing.T) {
	var have []string
	for _, b := range append(Held(), Streaming(nil)...) {
		have = append(have, reflect.TypeOf(b).Name())
	}
	for _, k := range kinds(t) {
		if !slices.Contains(have, k) {
			t.Errorf("view.%s has no example in viewtest.Held or viewtest.Streaming: add one", k)
		}
	}
}

// Walk has a case for every kind of block: without one it panics.
func TestWalkKnowsEveryKind(t *testing.T) {
	for _, b := range append(Held(), Streaming(nil)...) {
		n := 0
		Walk(b, func(view.Cell) { n++ })
		switch b.(type) {
		case view.Gap, view.Stream, view.Later: // nothing to walk: made as they are written
		default:
			if n == 0 {
				t.Errorf("Walk finds nothing in a %T", b)
			}
		}
	}
}
