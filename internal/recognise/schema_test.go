package recognise

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// capture is every JSON document of a capture under testdata/mcp: the
// whole file, or the data of each Server-Sent Event.
func capture(t *testing.T, name string) []Value {
	t.Helper()
	data, err := os.ReadFile("../../testdata/mcp/" + name)
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{string(data)}
	if strings.HasSuffix(name, ".sse") {
		texts = nil
		for _, ln := range strings.Split(string(data), "\n") {
			if d, ok := strings.CutPrefix(ln, "data: "); ok && strings.HasPrefix(d, "{") {
				texts = append(texts, d)
			}
		}
	}
	var docs []Value
	for _, text := range texts {
		v, err := input.NewDecoder(strings.NewReader(text), name).Next()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		docs = append(docs, v)
	}
	return docs
}

// path follows keys (and "[i]" for an item) down a value.
func path(t *testing.T, v Value, keys ...string) Value {
	t.Helper()
	for _, k := range keys {
		var ok bool
		if strings.HasPrefix(k, "[") {
			i := 0
			for _, c := range k[1 : len(k)-1] {
				i = i*10 + int(c-'0')
			}
			ok = v.Kind == Array && i < len(v.Items)
			if ok {
				v = v.Items[i]
			}
		} else {
			v, ok = v.Get(k)
		}
		if !ok {
			t.Fatalf("no %s in %s", k, strings.Join(keys, "."))
		}
	}
	return v
}

// toolSchema is a tool's schema (inputSchema or outputSchema) from a
// capture of tools/list.
func toolSchema(t *testing.T, file, tool, which string) Value {
	t.Helper()
	doc := capture(t, file)[0]
	for _, tl := range path(t, doc, "tools").Items {
		if tl.Str("name") == tool {
			return path(t, tl, which)
		}
	}
	t.Fatalf("no tool %s in %s", tool, file)
	return Value{}
}

func lits(texts ...string) []view.Literal {
	out := make([]view.Literal, len(texts))
	for i, s := range texts {
		out[i] = view.Literal{Text: s}
	}
	return out
}

func fact(label string, texts ...string) view.Fact {
	return view.Fact{Label: label, Values: lits(texts...)}
}

func params(t *testing.T, s Value) []view.Param {
	t.Helper()
	ps, err := schema{root: s}.params(s, false)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func checkParams(t *testing.T, got, want []view.Param) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("params:\n%+v\nwant\n%+v", got, want)
	}
}

// An enum is a choice, a default and bounds are facts; $schema and
// additionalProperties say nothing a person needs.
func TestSchemaParamsOfEverythingTools(t *testing.T) {
	s := toolSchema(t, "everything_tools_list.json", "get-annotated-message", "inputSchema")
	checkParams(t, params(t, s), []view.Param{
		{Name: "messageType", Type: "string", Required: true, Facts: []view.Fact{fact("one of", "error", "success", "debug")},
			Description: "Type of message to demonstrate different annotation patterns"},
		{Name: "includeImage", Type: "boolean", Facts: []view.Fact{fact("default", "false")}, Description: "Whether to include an example image"},
	})
	s = toolSchema(t, "everything_tools_list.json", "get-resource-links", "inputSchema")
	checkParams(t, params(t, s), []view.Param{
		{Name: "count", Type: "number", Facts: []view.Fact{fact("default", "3"), fact("min", "1"), fact("max", "10")},
			Description: "Number of resource links to return (1-10)"},
	})
	// Over HTTP, $schema comes first: the same params.
	http := capture(t, "everything_http_tools_list.sse")[0]
	for _, tl := range path(t, http, "result", "tools").Items {
		if tl.Str("name") == "gzip-file-as-resource" {
			ps := params(t, path(t, tl, "inputSchema"))
			if len(ps) != 3 || !reflect.DeepEqual(ps[1].Facts, []view.Fact{
				fact("default", "https://raw.githubusercontent.com/modelcontextprotocol/servers/refs/heads/main/README.md"),
				fact("format", "uri"),
			}) {
				t.Errorf("gzip-file-as-resource data: %+v", ps)
			}
		}
	}
	if ps := params(t, toolSchema(t, "everything_tools_list.json", "get-env", "inputSchema")); len(ps) != 0 {
		t.Errorf("get-env takes nothing: %+v", ps)
	}
}

// An array of objects is object[], its objects' fields one level down.
func TestSchemaParamsNestOneLevel(t *testing.T) {
	s := toolSchema(t, "memory_tools_list.json", "create_entities", "inputSchema")
	checkParams(t, params(t, s), []view.Param{
		{Name: "entities", Type: "object[]", Required: true, Params: []view.Param{
			{Name: "name", Type: "string", Required: true, Description: "The name of the entity"},
			{Name: "entityType", Type: "string", Required: true, Description: "The type of the entity"},
			{Name: "observations", Type: "string[]", Required: true, Description: "An array of observation contents associated with the entity"},
		}},
	})
	s = toolSchema(t, "filesystem_tools_list.json", "read_multiple_files", "inputSchema")
	ps := params(t, s)
	if len(ps) != 1 || ps[0].Type != "string[]" || !reflect.DeepEqual(ps[0].Facts, []view.Fact{fact("min items", "1")}) {
		t.Errorf("read_multiple_files: %+v", ps)
	}
	s = toolSchema(t, "filesystem_tools_list.json", "directory_tree", "inputSchema")
	ps = params(t, s)
	if len(ps) != 2 || !reflect.DeepEqual(ps[1].Facts, []view.Fact{fact("default", "[]")}) {
		t.Errorf("directory_tree excludePatterns: %+v", ps)
	}
}

// Elicitation's form: titled choices (oneOf, anyOf of consts, the legacy
// enumNames), multiple choices (arrays of enums), formats and ranges.
func TestSchemaParamsOfAnElicitationForm(t *testing.T) {
	req := capture(t, "everything_http_elicitation.sse")[0]
	ps := params(t, path(t, req, "params", "requestedSchema"))
	byName := map[string]view.Param{}
	for _, p := range ps {
		byName[p.Name] = p
	}
	if len(ps) != 13 || !byName["name"].Required || byName["check"].Required {
		t.Fatalf("fields: %+v", ps)
	}
	labelled := func(label string, pairs ...string) view.Fact {
		f := view.Fact{Label: label}
		for i := 0; i < len(pairs); i += 2 {
			f.Values = append(f.Values, view.Literal{Text: pairs[i], Label: pairs[i+1]})
		}
		return f
	}
	for name, want := range map[string]view.Param{
		"email": {Name: "email", Title: "String with email format", Type: "string", Facts: []view.Fact{fact("format", "email")},
			Description: "Your email address (will be verified, and never shared with anyone else)"},
		"number": {Name: "number", Title: "Number in range 1-1000", Type: "number",
			Facts:       []view.Fact{fact("default", "3.14"), fact("min", "0"), fact("max", "1000")},
			Description: "Favorite number (there are no wrong answers)"},
		"integer": {Name: "integer", Type: "integer", Facts: []view.Fact{fact("default", "42"), fact("min", "1"), fact("max", "100")},
			Description: "Your favorite integer (do not give us your phone number, pin, or other sensitive info)"},
		"untitledMultipleSelectEnum": {Name: "untitledMultipleSelectEnum", Type: "string[]",
			Facts: []view.Fact{fact("any of", "Guitar", "Piano", "Violin", "Drums", "Bass"), fact("default", "Guitar"),
				fact("min items", "1"), fact("max items", "3")},
			Description: "Choose your favorite instruments"},
		"titledSingleSelectEnum": {Name: "titledSingleSelectEnum", Type: "string",
			Facts:       []view.Fact{labelled("one of", "hero-1", "Superman", "hero-2", "Green Lantern", "hero-3", "Wonder Woman"), fact("default", "hero-1")},
			Description: "Choose your favorite hero"},
		"titledMultipleSelectEnum": {Name: "titledMultipleSelectEnum", Type: "string[]",
			Facts: []view.Fact{labelled("any of", "fish-1", "Tuna", "fish-2", "Salmon", "fish-3", "Trout"), fact("default", "fish-1"),
				fact("min items", "1"), fact("max items", "3")},
			Description: "Choose your favorite types of fish"},
		"legacyTitledEnum": {Name: "legacyTitledEnum", Title: "Legacy Titled Single Select Enum", Type: "string",
			Facts: []view.Fact{labelled("one of", "pet-1", "Cats", "pet-2", "Dogs", "pet-3", "Birds", "pet-4", "Fish", "pet-5", "Reptiles"),
				fact("default", "pet-1")},
			Description: "Choose your favorite type of pet"},
	} {
		if got := byName[name]; !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n%+v\nwant\n%+v", name, got, want)
		}
	}
	// A title that only repeats the name in words is left out.
	if byName["untitledSingleSelectEnum"].Title != "" || byName["integer"].Title != "" || byName["name"].Title != "String" {
		t.Errorf("titles: %q, %q, %q", byName["untitledSingleSelectEnum"].Title, byName["integer"].Title, byName["name"].Title)
	}
}

// What a tool returns, in one line: the fields with their types, objects
// inside them by their fields' names, unions of objects.
func TestSchemaReturnsLine(t *testing.T) {
	for _, tt := range []struct{ file, tool, want string }{
		{"everything_tools_list.json", "get-structured-content", "{temperature: number, conditions: string, humidity: number}"},
		{"memory_tools_list.json", "read_graph", "{entities: {name, entityType, observations}[], relations: {from, to, relationType}[]}"},
		{"memory_tools_list.json", "delete_entities", "{success: boolean, message: string}"},
		{"filesystem_tools_list.json", "read_text_file", "{content: string}"},
		{"filesystem_tools_list.json", "read_media_file", "{content: ({type, data, mimeType} | {type, resource})[]}"},
	} {
		s := toolSchema(t, tt.file, tt.tool, "outputSchema")
		if got := (schema{root: s}).typeOf(s, 2); got != tt.want {
			t.Errorf("%s %s: %q, want %q", tt.file, tt.tool, got, tt.want)
		}
	}
}

// Types that are not said are implied; references are followed within
// the schema and named; nullable types read as unions.
func TestSchemaTypesAndReferences(t *testing.T) {
	s := mustDecode(t, `{
		"type": "object",
		"$defs": {"Item": {"title": "Item", "type": "object", "properties": {"sku": {"type": "string"}, "qty": {"type": "integer", "exclusiveMinimum": 0}}, "required": ["sku"]},
		          "Loop": {"$ref": "#/$defs/Loop"}},
		"properties": {
			"item": {"$ref": "#/$defs/Item", "description": "what to order"},
			"items": {"type": "array", "items": {"$ref": "#/$defs/Item"}, "uniqueItems": true},
			"note": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Note"},
			"mode": {"const": "fast"},
			"level": {"enum": [1, 2, "max"], "deprecated": true},
			"tags": {"items": {"type": "string"}, "examples": [["a", "b"]]},
			"loop": {"$ref": "#/$defs/Loop"},
			"remote": {"$ref": "https://example.org/schema.json"},
			"anything": true,
			"blank": {"enum": ["", " x", "a,b"]}
		},
		"required": ["item"]
	}`)
	ps := params(t, s)
	got := map[string]view.Param{}
	for _, p := range ps {
		got[p.Name] = p
	}
	item := []view.Param{{Name: "sku", Type: "string", Required: true}, {Name: "qty", Type: "integer", Facts: []view.Fact{fact("more than", "0")}}}
	checkParams(t, []view.Param{got["item"], got["items"]}, []view.Param{
		// The reference's own description is not read: the referenced
		// schema stands for it (as JSON Schema draft 7 has it).
		{Name: "item", Type: "Item", Required: true, Params: item},
		{Name: "items", Type: "Item[]", Facts: []view.Fact{{Label: "unique items"}}, Params: item},
	})
	for name, want := range map[string]string{
		"note": "string | null", "mode": "string", "level": "number | string", "tags": "string[]",
		"loop": "Loop", "remote": "schema.json", "anything": "any",
	} {
		if got[name].Type != want {
			t.Errorf("%s: type %q, want %q", name, got[name].Type, want)
		}
	}
	if f := got["note"].Facts; !reflect.DeepEqual(f, []view.Fact{fact("default", "null")}) || got["note"].Title != "" {
		t.Errorf("note: %+v", got["note"])
	}
	if f := got["mode"].Facts; !reflect.DeepEqual(f, []view.Fact{fact("always", "fast")}) {
		t.Errorf("mode: %+v", f)
	}
	if f := got["level"].Facts; !reflect.DeepEqual(f, []view.Fact{fact("one of", "1", "2", "max"), {Label: "deprecated"}}) {
		t.Errorf("level: %+v", f)
	}
	if f := got["tags"].Facts; !reflect.DeepEqual(f, []view.Fact{fact("e.g.", `["a","b"]`)}) {
		t.Errorf("tags: %+v", f)
	}
	// Values that would not read as themselves are quoted.
	if f := got["blank"].Facts; !reflect.DeepEqual(f, []view.Fact{fact("one of", `""`, `" x"`, `"a,b"`)}) {
		t.Errorf("blank: %+v", f)
	}
}

// A schema of an unexpected form gives the view up (the generic one is
// shown instead), rather than show it wrong.
func TestSchemaOfUnexpectedFormFails(t *testing.T) {
	for _, doc := range []string{
		`"object"`,
		`{"properties": ["a"]}`,
		`{"properties": {"a": "string"}}`,
		`{"properties": {"a": {"description": 3}}}`,
		`{"properties": {"a": {}}, "required": "a"}`,
		`{"properties": {"a": {}}, "required": [1]}`,
	} {
		s := mustDecode(t, doc)
		if _, err := (schema{root: s}).params(s, false); err == nil {
			t.Errorf("%s: no error", doc)
		}
	}
}

func TestSameWords(t *testing.T) {
	for _, tt := range []struct {
		title, name string
		same        bool
	}{
		{"Create Entities", "create_entities", true},
		{"List Directory with Sizes", "list_directory_with_sizes", true},
		{"Toggle Simulated Logging", "toggle-simulated-logging", true},
		{"Entity Type", "entityType", true},
		{"", "anything", true},
		{"Echo Tool", "echo", false},
		{"Read File (Deprecated)", "read_file", false},
		{"Team Management", "completable-prompt", false},
	} {
		if got := SameWords(tt.title, tt.name); got != tt.same {
			t.Errorf("SameWords(%q, %q) = %v", tt.title, tt.name, got)
		}
	}
}

// Objects nest one level: deeper ones are their type alone.
func TestSchemaParamsStopAtOneLevel(t *testing.T) {
	s := mustDecode(t, `{"type": "object", "properties": {"a": {"type": "object", "properties": {
		"b": {"type": "object", "properties": {"c": {"type": "string"}}},
		"d": {"type": "array", "items": {"type": "object", "properties": {"e": {"type": "number"}}}}}}}}`)
	checkParams(t, params(t, s), []view.Param{{Name: "a", Type: "object", Params: []view.Param{
		{Name: "b", Type: "object"}, {Name: "d", Type: "object[]"},
	}}})
}

// What real servers' tool lists say: a nullable enum keeps its values
// (Playwright's colorScheme), Zod's ±9007199254740991 on every integer
// is no bound worth saying, a title only among the annotations is the
// tool's title.
func TestSchemaFactsOfRealServers(t *testing.T) {
	facts := func(doc string) string {
		var out []string
		for _, f := range (schema{}).facts(mustDecode(t, doc)) {
			var vals []string
			for _, v := range f.Values {
				vals = append(vals, v.Text)
			}
			out = append(out, f.Label+" "+strings.Join(vals, ", "))
		}
		return strings.Join(out, " · ")
	}
	if got, want := facts(`{"anyOf":[{"type":"string","enum":["light","dark"]},{"type":"null"}]}`), "one of light, dark"; got != want {
		t.Errorf("nullable enum: %q, want %q", got, want)
	}
	if got, want := facts(`{"type":"integer","minimum":1,"maximum":9007199254740991}`), "min 1"; got != want {
		t.Errorf("Zod's safe-integer bound: %q, want %q", got, want)
	}
	if got := facts(`{"anyOf":[{"type":"string"},{"type":"null"}]}`); got != "" {
		t.Errorf("a nullable string has no choices: %q", got)
	}
	d, err := builder{}.tool(mustDecode(t, `{"name":"browser_close","annotations":{"title":"Close browser","destructiveHint":true},"inputSchema":{"type":"object"}}`))
	if err != nil || d.Title != "Close browser" {
		t.Errorf("title from annotations: %q, %v", d.Title, err)
	}
}
