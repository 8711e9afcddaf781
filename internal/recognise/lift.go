package recognise

// khive keeps a task's GTD fields (priority, due, assignee) and a scheduled
// event's trigger_at and status under the record's properties, where a
// table would show them as one cell among many "key=value" pairs. A table
// lifts them into columns of their own when the record has no field of that
// name (khive's own table view hoists trigger_at, due and status the same
// way), and leaves them in properties too. Only tables do: a record shows
// properties as they came, and plain output is not a view. Rows named only
// in their metadata record lift its fields the same way (namedIn).

import (
	"slices"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/steer"
)

// liftKeys are the fields a table lifts out of properties.
var liftKeys = [...]string{"status", "priority", "assignee", "due", "trigger_at"}

func isLiftKey(k string) bool { return slices.Contains(liftKeys[:], k) }

// liftsAny reports whether some row has a field to lift.
func liftsAny(rows []Value) bool {
	return slices.ContainsFunc(rows, func(r Value) bool { _, ok := liftFrom(r); return ok })
}

// liftFrom finds the properties member of a row with something to lift.
func liftFrom(row Value) (int, bool) {
	at := -1
	for i, m := range row.Members {
		if m.Key == "properties" {
			if at >= 0 {
				return -1, false // two: which one would be meant?
			}
			at = i
		}
	}
	if at < 0 || row.Members[at].Value.Kind != Object {
		return -1, false
	}
	for _, p := range row.Members[at].Value.Members {
		if isLiftKey(p.Key) && p.Value.Scalar() && p.Value.Kind != Null && !row.Has(p.Key) {
			return at, true
		}
	}
	return -1, false
}

// lift is the row with its liftable properties as fields of its own too,
// after the others; properties keeps them as well, so that nothing it held
// goes missing from a table whose columns were planned on other rows (a
// long list's first ones). A key repeated under properties is lifted once.
func lift(row Value) Value {
	at, ok := liftFrom(row)
	if !ok {
		return row
	}
	return liftFields(row, at, func(p Member) bool { return isLiftKey(p.Key) })
}

// liftFields is row with the scalar fields of its record at (those pick
// keeps) as fields of its own too, after the others, where the row has
// none of that name; the record keeps them as well.
func liftFields(row Value, at int, pick func(Member) bool) Value {
	var lifted []Member
	for _, p := range row.Members[at].Value.Members {
		if pick(p) && p.Value.Scalar() && p.Value.Kind != Null && !row.Has(p.Key) && !hasKey(lifted, p.Key) {
			lifted = append(lifted, p)
		}
	}
	if lifted == nil {
		return row
	}
	return Value{Kind: Object, Members: append(append(make([]Member, 0, len(row.Members)+len(lifted)), row.Members...), lifted...)}
}

func hasKey(ms []Member, k string) bool {
	return slices.ContainsFunc(ms, func(m Member) bool { return m.Key == k })
}

// A nested field that --columns names by its path (sig.x, as plain
// output and -o tsv head its column) is lifted too: a column of its own,
// under the name as given, where no key of the rows is that name. So a
// name picks the same field in every output.

// lifter is what a table lifts from its rows, decided once on its first
// rows: khive's properties, and the paths --columns names.
type lifter struct {
	props bool
	named bool // each row is named in its metadata record (namedIn)
	paths []string
	// drops are the paths --columns leaves out (-meta.owner): lifted, to
	// meet their name, and taken out of the object they are in, which
	// would show them still.
	drops []string
}

// liftsOf is what rows lift, under spec.
func liftsOf(rows []Value, spec steer.Spec) lifter {
	l := lifter{props: liftsAny(rows), named: namedIn(rows)}
	for _, p := range spec.Columns {
		// One left out (-sig.x) is lifted too, and then left out: the name
		// meets its column, as in plain output.
		if strings.Contains(p.Name, ".") && !slices.Contains(l.paths, p.Name) && nestedIn(rows, p.Name) {
			l.paths = append(l.paths, p.Name)
			if p.Drop {
				l.drops = append(l.drops, p.Name)
			}
		}
	}
	return l
}

// namedIn reports rows named only in their metadata record (pip
// inspect's packages: {"metadata": {"name", "version", "summary", …},
// "metadata_location", …}, as PEP 566's JSON form of core metadata has
// it; Kubernetes' objects: metadata.name, ObjectMeta): its scalar fields
// are lifted, as khive's properties are, since its name is what tells the
// rows apart, and in one cell of key=value pairs it was hidden. Not when
// a field of the row names it (an id, a name, a title). Only metadata:
// another record with a name is what the row is about, not the row (gh's
// issues have an author with a name and id).
func namedIn(rows []Value) bool {
	if len(rows) == 0 {
		return false
	}
	for _, m := range rows[0].Members {
		if k := Snake(m.Key); IsIDKey(k) || k == "name" || k == "title" {
			return false
		}
	}
	return !slices.ContainsFunc(rows, func(r Value) bool {
		rec, ok := r.Get("metadata")
		return !ok || rec.Kind != Object || rec.Str("name") == "" // not every row: not where they are named
	})
}

// nestedIn reports a path some row holds a value at, below its own
// fields, where no row has a field that name spells.
func nestedIn(rows []Value, name string) bool {
	found := false
	for _, r := range rows {
		for _, m := range r.Members {
			if steer.Names(name, m.Key, Header(m.Key)) {
				return false
			}
		}
		if _, _, ok := Lookup(r, name); ok {
			found = true
		}
	}
	return found
}

// any reports a lifter that lifts something.
func (l lifter) any() bool { return l.props || l.named || len(l.paths) > 0 }

// row is v with what l lifts as fields of its own, after the others.
func (l lifter) row(v Value) Value {
	if l.props {
		v = lift(v)
	}
	if l.named {
		if at := slices.IndexFunc(v.Members, func(m Member) bool { return m.Key == "metadata" }); at >= 0 && v.Members[at].Value.Kind == Object {
			v = liftFields(v, at, func(Member) bool { return true })
		}
	}
	if len(l.paths) == 0 || v.Kind != Object {
		return v
	}
	ms := append(make([]Member, 0, len(v.Members)+len(l.paths)), v.Members...)
	for _, p := range l.paths {
		if _, x, ok := Lookup(v, p); ok {
			ms = append(ms, Member{Key: p, Value: x})
		}
	}
	out := Value{Kind: Object, Members: ms}
	for _, p := range l.drops {
		out = without(out, p)
	}
	return out
}

// without is v with the field at the dotted path p (as Lookup finds it,
// below v's own fields) left out of the object it is in; v itself, and
// every object on the way, copied, not changed.
func without(v Value, p string) Value {
	head, rest, ok := strings.Cut(p, ".")
	if !ok {
		return v
	}
	for i, m := range v.Members {
		if m.Value.Kind != Object || !steer.Names(head, m.Key, Header(m.Key)) {
			continue
		}
		inner := m.Value
		if strings.Contains(rest, ".") {
			inner = without(inner, rest)
		} else {
			kept := make([]Member, 0, len(inner.Members))
			for _, f := range inner.Members {
				if !steer.Names(rest, f.Key, Header(f.Key)) {
					kept = append(kept, f)
				}
			}
			inner = Value{Kind: Object, Members: kept}
		}
		ms := slices.Clone(v.Members)
		ms[i].Value = inner
		return Value{Kind: Object, Members: ms}
	}
	return v
}

// rows is every row lifted.
func (l lifter) rows(rows []Value) []Value {
	if !l.any() {
		return rows
	}
	out := make([]Value, len(rows))
	for i, r := range rows {
		out[i] = l.row(r)
	}
	return out
}
