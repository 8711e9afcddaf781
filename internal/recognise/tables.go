package recognise

import (
	"slices"
	"strconv"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/value"
)

// Table is a list of records an answer holds: the rows -o tsv and -o csv
// write, and nothing else of it.
type Table struct {
	// Name is where the list is in the answer, as a path of keys
	// ("items", "results[1].hits"); "" for an answer that is the list.
	Name string
	Rows Value // an array of objects, held or open
	// Lead and Whole are the shape's plan of its entries' columns
	// (Recogniser's): those first, and those one cell each.
	Lead, Whole []string
}

// Tables finds the tables of an answer: the list of a khive page (of each
// op of a batch), a server shape's list of entries (a search's hits, a
// server's tools), an array of records, and an object's members that are
// lists of records (a memory graph's entities and relations). An answer
// that is an object holding none is a table of one row: itself (a stream
// of NDJSON records is a table a row a document). An error, a scalar,
// prose hold none.
func Tables(v Value) []Table { return tablesIn(v, "", "") }

func tablesIn(v Value, path, tool string) []Table {
	switch Classify(v) {
	case ShapeError:
		return nil
	case ShapeBatch:
		res, _ := v.Get("results")
		var out []Table
		for i, op := range res.Items {
			out = append(out, tablesIn(op, path+"results["+strconv.Itoa(i)+"]", "")...)
		}
		return out
	case ShapeEnvelope:
		res, ok := v.Get("result")
		if !ok {
			return nil
		}
		if res.Kind == Object || res.Kind == Array && value.AllObjects(res.Items) {
			return tablesIn(res, path, v.Str("tool"))
		}
		return nil
	case ShapeList:
		key, rows, _ := ListRows(v)
		return []Table{{Name: joinName(path, key), Rows: rows}}
	case ShapeRecords:
		return []Table{{Name: path, Rows: v}}
	}
	if v.Kind == Array && len(v.Items) == 0 {
		return []Table{{Name: path, Rows: v}} // an empty result: no rows
	}
	if v.Kind != Object {
		return nil
	}
	out := memberTables(v, path, findShape(v, Classify(v), tool), true)
	if len(out) == 0 && !v.IsOpen() && path == "" {
		// The answer itself (not an op of a batch) is a record.
		out = append(out, Table{Name: path, Rows: Value{Kind: Array, Items: []Value{v}}})
	}
	return out
}

// wrapper reports an object that only holds others, and lists: a
// wrapper around the answer's lists ({"data": {"tasks": […], "stats":
// {…}}}), where one with a scalar of its own (a server's info, a
// summary) is a record, whose lists are its cells.
func wrapper(v Value) bool {
	return v.Kind == Object && len(v.Members) > 0 && !slices.ContainsFunc(v.Members, func(m Member) bool { return m.Value.Scalar() })
}

// page reports an object holding a list of records under a list key
// (items, results, rows …): a page of rows, with what says of them
// (total, next_cursor).
func page(v Value) (key string, rows Value, ok bool) {
	if v.Kind != Object {
		return "", Value{}, false
	}
	for _, m := range v.Members {
		if IsListKey(m.Key) && m.Value.Kind == Array && len(m.Value.Items) > 0 && value.AllObjects(m.Value.Items) {
			return m.Key, m.Value, true
		}
	}
	return "", Value{}, false
}

// memberTables is every list of records among v's members (never v
// itself as a row), the shape's own list of entries first (a search's
// hits before its facets), with its plan: a page's rows ({"data":
// {"items": […], "total": 3}}), and the tables of a wrapper ({"data":
// {"tasks": […]}}), at any depth, as human output shows them; in the
// answer itself (top) only of a wrapper that is a record.
func memberTables(v Value, path string, shape *Recogniser, top bool) []Table {
	var out []Table
	for _, m := range v.Members {
		k, rows, isPage := page(m.Value)
		entries := shape != nil && m.Key == shape.items()
		switch {
		case isPage:
			out = append(out, Table{Name: joinName(joinName(path, m.Key), k), Rows: rows})
		case wrapper(m.Value) && (!top || Classify(m.Value) == ShapeRecord):
			out = append(out, memberTables(m.Value, joinName(path, m.Key), nil, false)...)
		case records(m.Value) && (len(m.Value.Items) > 0 || m.Value.IsOpen() || entries || IsListKey(m.Key)):
			// An empty list is a table of no rows (a search that found
			// nothing) where it is the list (the shape's entries, a list
			// key); any other ([] tags) is a cell of the record.
			t := Table{Name: joinName(path, m.Key), Rows: m.Value}
			if entries {
				t.Lead, t.Whole = shape.Lead, shape.Whole
				out = append([]Table{t}, out...)
			} else {
				out = append(out, t)
			}
		}
	}
	return out
}

// records reports an array of objects (what of it has been read, for an
// open one).
func records(v Value) bool {
	return v.Kind == Array && (len(v.Items) == 0 || value.AllObjects(v.Items))
}

func joinName(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// TableNamed reports whether name (of --table) picks table t: its whole
// name, its last key ("hits" for "results[0].hits"), or its path in the
// JSON, through an envelope's result ("result.items").
func TableNamed(t Table, name string) bool {
	if strings.EqualFold(t.Name, name) || t.Name != "" && strings.EqualFold(name, "result."+t.Name) {
		return true
	}
	i := strings.LastIndexAny(t.Name, ".]")
	return i >= 0 && strings.EqualFold(t.Name[i+1:], name)
}
