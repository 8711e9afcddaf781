package pretty

import (
	"bufio"
	"bytes"
	"fmt"
)

// shapeRenderer knows one server's response shape and shows it as the
// people who use that server expect. Adding one is a file with its value
// and a line in renderers below.
type shapeRenderer struct {
	name  string
	tools []string         // envelope tool names it renders
	match func(Value) bool // otherwise, the fields that tell it apart
	human func(human, Value) error
	// markdown, when set, replaces the generic Markdown rendering.
	markdown func(markdown, Value) error
	// failures marks a renderer that draws "success": false as the failure
	// it is (✗ in red); no other renderer ever sees one.
	failures bool
}

// renderers are tried in order; the first match wins.
var renderers = []*shapeRenderer{
	&graphitiNodes, &graphitiFacts, &graphitiEpisodes, &graphitiStatus,
	&graphitiAddMemory, &graphitiClear, &graphitiDelete,
	&codeSearch, &codeIndex,
}

// findRenderer picks the renderer for a value: by tool name when the value
// came in an envelope that names one, else by its fields.
//
// A failure never reaches a renderer made for a success: an error envelope
// or a batch is shown as one whatever fields it also has, and "success":
// false only by a renderer that says it failed.
func findRenderer(v Value, tool string) *shapeRenderer {
	if v.Kind != Object {
		return nil
	}
	switch classify(v) {
	case ShapeError, ShapeBatch:
		return nil
	}
	r := pickRenderer(v, tool)
	if s, ok := v.Get("success"); ok && !s.IsTrue() && r != nil && !r.failures {
		return nil
	}
	return r
}

func pickRenderer(v Value, tool string) *shapeRenderer {
	if tool != "" {
		for _, r := range renderers {
			for _, t := range r.tools {
				if t == tool {
					return r
				}
			}
		}
	}
	for _, r := range renderers {
		if r.match(v) {
			return r
		}
	}
	return nil
}

// errShape is what a renderer returns for a value it did not expect.
func errShape(format string, args ...any) error {
	return fmt.Errorf(format, args...)
}

// special renders v with r into a buffer and, if that works, writes it out.
// If r fails, or panics, on an unexpected value, nothing of it is written:
// the caller falls back to the generic rendering, so no output is lost;
// under --verbose a note on stderr says why.
func special(o *out, opt Options, name string, render func(o *out) error) bool {
	var buf bytes.Buffer
	bw := bufio.NewWriter(&buf)
	err := func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic: %v", p)
			}
		}()
		return render(o.sub(bw))
	}()
	bw.Flush()
	if err != nil {
		if opt.Verbose && opt.Log != nil {
			fmt.Fprintf(opt.Log, "khive-pretty: the %s renderer failed (%v); showing the generic form\n", name, err)
		}
		return false
	}
	if buf.Len() > 0 {
		o.Write(buf.Bytes())
	}
	return true
}

// Strict readers for renderers: a field that is present must have the
// expected kind, or the renderer gives up (and the generic form is shown).

func optString(v Value, key string) (string, error) {
	f, ok := v.Get(key)
	if !ok || f.Kind == Null {
		return "", nil
	}
	if f.Kind != String {
		return "", errShape("%s is not a string", key)
	}
	return f.Text, nil
}

func optNumber(v Value, key string) (string, bool, error) {
	f, ok := v.Get(key)
	if !ok || f.Kind == Null {
		return "", false, nil
	}
	if f.Kind != Number {
		return "", false, errShape("%s is not a number", key)
	}
	return f.Text, true, nil
}

func objects(v Value, key string) ([]Value, error) {
	f, ok := v.Get(key)
	if !ok || f.Kind != Array {
		return nil, errShape("%s is not a list", key)
	}
	for _, it := range f.Items {
		if it.Kind != Object {
			return nil, errShape("an item of %s is not an object", key)
		}
	}
	return f.Items, nil
}
