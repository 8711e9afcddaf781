package recognise

import (
	"slices"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// A JSON Schema summed up for people: an object's properties as params
// (type, required, choices, default, bounds, description), objects inside
// them one level down; and a schema as one line of types, for what a tool
// returns. Tools' inputSchema and outputSchema and elicitation's
// requestedSchema share it. What it leaves out ($schema,
// additionalProperties, $defs …) is in the raw schema under --verbose.

// schema is a schema and the document it belongs to, against which local
// references ("#/$defs/Item") are resolved.
type schema struct {
	root Value
}

// maxRefs bounds a chain of references, which may loop.
const maxRefs = 8

// resolve follows a local $ref ("#/$defs/Item", "#/definitions/Item") and
// returns the schema it names and that name; a schema without one is
// returned as it is, with no name. A reference it cannot follow (to
// another document, or in a loop) gives an empty schema: the name alone.
func (sc schema) resolve(s Value) (Value, string) {
	name := ""
	for range maxRefs {
		ref, ok := s.Get("$ref")
		if s.Kind != Object || !ok || ref.Kind != String {
			return s, name
		}
		name = ref.Text[strings.LastIndexByte(ref.Text, '/')+1:]
		target, ok := sc.pointer(ref.Text)
		if !ok {
			break
		}
		s = target
	}
	return Value{Kind: Object}, name
}

// pointer finds the value a local JSON pointer ("#/a/b") names.
func (sc schema) pointer(ref string) (Value, bool) {
	path, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return Value{}, false // another document's: not ours to read
	}
	v := sc.root
	for _, seg := range strings.Split(strings.TrimPrefix(path, "/"), "/") {
		if seg == "" {
			continue
		}
		seg = strings.NewReplacer("~1", "/", "~0", "~").Replace(seg)
		next, ok := v.Get(seg)
		if !ok {
			return Value{}, false
		}
		v = next
	}
	return v, true
}

// params is an object schema's properties, in order: each one's type,
// whether it is required, its facts and description, and the fields of an
// object (or of an array's objects) one level down.
func (sc schema) params(s Value, nested bool) ([]view.Param, error) {
	return try(func() []view.Param {
		s, _ = sc.resolve(s)
		if s.Kind != Object {
			badShape("a schema is not an object")
		}
		props, ok := s.Get("properties")
		if !ok {
			return nil
		}
		if props.Kind != Object {
			badShape("properties is not an object")
		}
		required := requiredSet(s)
		var out []view.Param
		for _, m := range props.Members {
			out = append(out, sc.param(m.Key, m.Value, required[m.Key], nested))
		}
		return out
	})
}

// param is one property.
func (sc schema) param(name string, prop Value, required, nested bool) view.Param {
	s, _ := sc.resolve(prop)
	p := view.Param{Name: name, Type: sc.typeOf(prop, 0), Required: required}
	if s.Kind == Bool {
		return p // true: anything; false: nothing
	}
	if s.Kind != Object {
		badShape("the schema of %s is not an object", name)
	}
	title := optString(s, "title")
	desc := optString(s, "description")
	if !SameWords(title, name) {
		p.Title = title
	}
	p.Description = desc
	p.Facts = sc.facts(s)
	if nested {
		return p // deeper objects are their type alone: "object"
	}
	inner := s
	if items, ok := s.Get("items"); ok && isType(s, "array") {
		inner, _ = sc.resolve(items)
	}
	if inner.Kind == Object && inner.Has("properties") {
		p.Params = must(sc.params(inner, true))
	}
	return p
}

// requiredSet is the names an object schema requires.
func requiredSet(s Value) map[string]bool {
	req, ok := s.Get("required")
	if !ok {
		return nil
	}
	if req.Kind != Array {
		badShape("required is not a list")
	}
	set := map[string]bool{}
	for _, r := range req.Items {
		if r.Kind != String {
			badShape("an item of required is not a name")
		}
		set[r.Text] = true
	}
	return set
}

// isType reports a schema whose type is t (or includes it).
func isType(s Value, t string) bool {
	ty, _ := s.Get("type")
	if ty.Kind == String {
		return ty.Text == t
	}
	return slices.ContainsFunc(ty.Items, func(it Value) bool { return it.Kind == String && it.Text == t })
}

// typeOf writes a schema's type for people: "string", "number[]",
// "string | null", a reference by its name ("Item"). Objects spell out
// their fields to a depth of fields: "{a: string, b: number[]}" at 2,
// "{a, b}" at 1, "object" at 0.
func (sc schema) typeOf(s Value, fields int) string {
	s, name := sc.resolve(s)
	if name != "" {
		return name
	}
	switch s.Kind {
	case Bool:
		if s.IsTrue() {
			return "any"
		}
		return "nothing"
	case Object:
	default:
		return ""
	}
	var types []string
	ty, _ := s.Get("type")
	switch ty.Kind {
	case String:
		types = []string{ty.Text}
	case Array:
		for _, it := range ty.Items {
			if it.Kind == String {
				types = append(types, it.Text)
			}
		}
	}
	if len(types) == 0 {
		types = sc.impliedTypes(s, fields)
	}
	for i, t := range types {
		switch t {
		case "array":
			if items, ok := s.Get("items"); ok {
				if it := sc.typeOf(items, fields); it != "" {
					if strings.Contains(it, " | ") {
						it = "(" + it + ")"
					}
					types[i] = it + "[]"
				}
			}
		case "object":
			if fields > 0 {
				if f := sc.fields(s, fields); f != "" {
					types[i] = f
				}
			}
		}
	}
	return strings.Join(types, " | ")
}

// impliedTypes is the type of a schema that does not say it: its
// branches' (anyOf, oneOf), its values' (const, enum), or what its
// keywords imply (properties: an object; items: an array).
func (sc schema) impliedTypes(s Value, fields int) []string {
	var types []string
	add := func(t string) {
		if t != "" && !slices.Contains(types, t) {
			types = append(types, t)
		}
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if br, ok := s.Get(key); ok && br.Kind == Array {
			for _, b := range br.Items {
				add(sc.typeOf(b, fields))
			}
		}
	}
	if c, ok := s.Get("const"); ok {
		add(jsonTypes[c.Kind])
	}
	if e, ok := s.Get("enum"); ok {
		for _, it := range e.Items {
			add(jsonTypes[it.Kind])
		}
	}
	switch {
	case len(types) > 0:
	case s.Has("properties"):
		add("object")
	case s.Has("items"):
		add("array")
	}
	return types
}

// fields writes an object's properties: "{a: string, b: number}" with
// their types when depth is 2 or more, "{a, b}" at 1.
func (sc schema) fields(s Value, depth int) string {
	props, _ := s.Get("properties")
	if props.Kind != Object || len(props.Members) == 0 {
		return ""
	}
	names := make([]string, len(props.Members))
	for i, m := range props.Members {
		names[i] = m.Key
		if depth > 1 {
			if t := sc.typeOf(m.Value, depth-1); t != "" {
				names[i] += ": " + t
			}
		}
	}
	return "{" + strings.Join(names, ", ") + "}"
}

// jsonTypes are the JSON Schema types of the kinds of values.
var jsonTypes = [...]string{Null: "null", Bool: "boolean", Number: "number", String: "string", Object: "object", Array: "array"}

// facts are what a schema says about a value besides its type: its
// choices, default, bounds, format and pattern, in that order.
func (sc schema) facts(s Value) []view.Fact {
	var out []view.Fact
	add := func(label string, vals ...view.Literal) {
		out = append(out, view.Fact{Label: label, Values: vals})
	}
	if c, ok := choices(s); ok {
		add("one of", c...)
	} else if items, ok := s.Get("items"); ok {
		items, _ = sc.resolve(items)
		if c, ok := choices(items); ok {
			add("any of", c...) // a multiple choice
		}
	}
	if c, ok := s.Get("const"); ok {
		add("always", schemaLiteral(c, ""))
	}
	if d, ok := s.Get("default"); ok {
		add("default", schemaLiterals(d)...)
	}
	for _, k := range []struct{ key, label string }{
		{"minimum", "min"}, {"exclusiveMinimum", "more than"},
		{"maximum", "max"}, {"exclusiveMaximum", "less than"},
		{"minLength", "min length"}, {"maxLength", "max length"},
		{"minItems", "min items"}, {"maxItems", "max items"},
		{"format", "format"}, {"pattern", "pattern"},
	} {
		if v, ok := s.Get(k.key); ok && (v.Kind == Number || v.Kind == String) && !safeIntBound(v) {
			add(k.label, schemaLiteral(v, ""))
		}
	}
	if u, _ := s.Get("uniqueItems"); u.IsTrue() {
		add("unique items")
	}
	if d, _ := s.Get("deprecated"); d.IsTrue() {
		add("deprecated")
	}
	if ex, ok := s.Get("examples"); ok && ex.Kind == Array && len(ex.Items) > 0 {
		vals := make([]view.Literal, len(ex.Items)) // each one a whole value
		for i, it := range ex.Items {
			vals[i] = schemaLiteral(it, "")
		}
		add("e.g.", vals...)
	}
	return out
}

// choices are a schema's allowed values: an enum (labelled by the
// legacy enumNames when there are as many), or oneOf/anyOf branches that
// are each a const (labelled by their titles).
func choices(s Value) ([]view.Literal, bool) {
	if e, ok := s.Get("enum"); ok && e.Kind == Array {
		names, _ := s.Get("enumNames")
		labelled := names.Kind == Array && len(names.Items) == len(e.Items)
		out := make([]view.Literal, len(e.Items))
		for i, it := range e.Items {
			label := ""
			if labelled && names.Items[i].Kind == String {
				label = names.Items[i].Text
			}
			out[i] = schemaLiteral(it, label)
		}
		return out, true
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		br, ok := s.Get(key)
		if !ok || br.Kind != Array || len(br.Items) == 0 {
			continue
		}
		out := make([]view.Literal, 0, len(br.Items))
		for _, b := range br.Items {
			if isType(b, "null") && len(b.Members) == 1 {
				continue // a nullable choice: its values are the others'
			}
			if c, ok := choices(b); ok && !b.Has("const") {
				out = append(out, c...) // {enum: […]} beside {type: null}
				continue
			}
			c, ok := b.Get("const")
			if !ok {
				return nil, false // a union of types, not of values
			}
			out = append(out, schemaLiteral(c, b.Str("title")))
		}
		return out, len(out) > 0
	}
	return nil, false
}

// safeIntBound reports a bound that only says "an integer JavaScript can
// hold" (Zod writes ±9007199254740991 on every integer): no bound a
// person needs told.
func safeIntBound(v Value) bool {
	return v.Kind == Number && (v.Text == "9007199254740991" || v.Text == "-9007199254740991")
}

// schemaLiteral is a value as a schema's fact shows it: a string's text
// (quoted when it would not read as itself: empty, or with spaces at an
// end or a comma), other values as compact JSON.
func schemaLiteral(v Value, label string) view.Literal {
	if v.Kind != String {
		return view.Literal{Text: value.Compact(v), Label: label}
	}
	t := v.Text
	if t == "" || strings.TrimSpace(t) != t || strings.Contains(t, ",") {
		t = value.Compact(v)
	}
	return view.Literal{Text: t, Label: label}
}

// schemaLiterals are an array's items one by one (an empty array as
// []), or a value alone.
func schemaLiterals(v Value) []view.Literal {
	if v.Kind != Array || len(v.Items) == 0 || !value.AllScalars(v.Items) {
		return []view.Literal{schemaLiteral(v, "")}
	}
	out := make([]view.Literal, len(v.Items))
	for i, it := range v.Items {
		out[i] = schemaLiteral(it, "")
	}
	return out
}

// SameWords reports whether a title says no more than a name: the same
// words, whatever their case and separators ("Create Entities",
// "create_entities"); an empty title says nothing.
func SameWords(title, name string) bool {
	norm := func(s string) string {
		return strings.Join(strings.Fields(strings.Map(func(r rune) rune {
			switch r {
			case '_', '-', '.', '/':
				return ' '
			}
			return r
		}, strings.ToLower(s))), " ")
	}
	return title == "" || norm(title) == norm(RelationWords(name)) || norm(title) == norm(name)
}
