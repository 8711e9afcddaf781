package recognise

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/view"
)

// colInfo is how a column of human output is placed: its position (order),
// what it is worth when the table must lose columns (keep), and whether it
// is free text that may be cut.
type colInfo struct {
	order int
	keep  int
	flex  bool
	min   int
	want  int
	align view.Align
	// generic: no key of ours named it; its values rank it (measured).
	generic bool
}

// knownColumns is where a column of a key of ours stands: identity
// first, then state, then what the row is about, then who and when;
// bookkeeping last and first to go. Keys that stand alike share a line.
var knownColumns = byKeys([]keysInfo{
	// What names the row; a URI is never cut, it would not work.
	{"id uuid uri uri_template", colInfo{order: 0, keep: view.Essential}},
	// short, and says what a row holds
	{"mime_type", colInfo{order: 31, keep: 70}},
	{"note_id chunk_id edge_id", colInfo{order: 1, keep: 96}},
	{"status state outcome", colInfo{order: 10, keep: 95}},
	{"dependency_state", colInfo{order: 12, keep: 68}},
	// what a blocked task waits on: worth more than when it was made
	{"blocked_by", colInfo{order: 14, keep: 67}},
	{"actionable", colInfo{order: 13, keep: 45}},
	{"priority", colInfo{order: 20, keep: 90}},
	{"verb", colInfo{order: 24, keep: 42}},
	{"kind type entity_type memory_type", colInfo{order: 25, keep: 55}},
	{"rank_score_kind", colInfo{order: 53, keep: 44}},
	{"substrate", colInfo{order: 25, keep: 38}},
	{"relation", colInfo{order: 26, keep: 85}},
	{"direction", colInfo{order: 25, keep: 80}},
	// a transition's two states, right after the state itself
	{"from to", colInfo{order: 11, keep: 85}},
	{"title name", colInfo{order: 30, keep: view.Essential, flex: true, min: 20, want: 40}},
	{"content text fact summary", colInfo{order: 31, keep: 98, flex: true, min: 20, want: 60}},
	{"description message reason result file_path path source_description", colInfo{order: 32, keep: 60, flex: true, min: 12, want: 30}},
	// An MCP task's word on how it goes ("Analyzing content..."): what
	// its row says beyond its status.
	{"status_message", colInfo{order: 32, keep: 70, flex: true, min: 12, want: 30}},
	{"assignee actor owner", colInfo{order: 40, keep: 70, flex: true, min: 10}},
	{"score similarity similarity_score confidence", colInfo{order: 50, keep: 80, align: view.Right}},
	{"weight", colInfo{order: 51, keep: 50, align: view.Right}},
	// what a task list is read for: shown before text widens
	{"due due_at", colInfo{order: 60, keep: 80}},
	{"updated_at", colInfo{order: 61, keep: 72}},
	{"created_at", colInfo{order: 62, keep: 66}},
	{"completed_at", colInfo{order: 63, keep: 50}},
	{"tags labels", colInfo{order: 70, keep: 45, flex: true, min: 10}},
	{"namespace group_id", colInfo{order: 80, keep: 25}},
})

// keysInfo is where the columns of some keys (split by spaces) stand.
type keysInfo struct {
	keys string
	info colInfo
}

func byKeys(groups []keysInfo) map[string]colInfo {
	m := map[string]colInfo{}
	for _, g := range groups {
		for _, k := range strings.Fields(g.keys) {
			m[k] = g.info
		}
	}
	return m
}

// columnInfo ranks a column by usefulness, from its key and the kind of
// values it holds. Identity first, then state, then what the row is about,
// then who and when; bookkeeping last and first to go.
func columnInfo(key string, kind Kind, isTime bool) colInfo {
	key = Snake(key)
	if ci, ok := knownColumns[key]; ok {
		return ci
	}
	return unknownColumn(key, kind, isTime)
}

// unknownColumn is columnInfo of a key (in snake case) knownColumns does
// not have.
func unknownColumn(key string, kind Kind, isTime bool) colInfo {
	switch {
	case idWords(key):
		return colInfo{order: 75, keep: 35}
	case scoreWords(key):
		return colInfo{order: 52, keep: 48, align: view.Right}
	case isTime || strings.HasSuffix(key, "_at"):
		return colInfo{order: 64, keep: 40}
	}
	if sizeWords(key) && kind == Number {
		return colInfo{order: 31, keep: 45, align: view.Right}
	}
	if _, ok := durationWords(key); ok && kind == Number {
		return durationColumn
	}
	return genericColumns[kind]
}

// colKey is what a table asks of a column's key, worked out once for a
// run's tables (Keys.column): its header (Header), where its column
// stands when a key of ours names it (known, when isKnown), whether it
// names a row or its state (identity), and whether it is a name or a path,
// whose texts are told apart.
type colKey struct {
	header          string
	known           colInfo
	isKnown         bool
	identity, names bool
}

func newColKey(key string) *colKey {
	k := Snake(key)
	ci, ok := knownColumns[k]
	return &colKey{header: Header(key), known: ci, isKnown: ok, identity: identity(key), names: k == "name" || k == "path"}
}

// info is columnInfo of the key of k.
func (k *colKey) info(key string, kind Kind, isTime bool) colInfo {
	if k.isKnown {
		return k.known
	}
	return unknownColumn(Snake(key), kind, isTime)
}

// durationColumn is where a column of durations stands: after what the
// row is about, numbers aligned.
var durationColumn = colInfo{order: 55, keep: 55, align: view.Right}

// genericColumns is where a column of a key we know nothing of stands, by
// the kind of its values: in the order it came (the first is often the
// row's name), after the known leading columns and before times.
var genericColumns = [...]colInfo{
	Null:   {order: 45, keep: 45, flex: true, min: 10, generic: true},
	String: {order: 45, keep: 45, flex: true, min: 10, generic: true},
	Number: {order: 45, keep: 40, align: view.Right, generic: true},
	Bool:   {order: 45, keep: 40, generic: true},
	Array:  {order: 72, keep: 30, flex: true, min: 8, generic: true},
	Object: {order: 85, keep: 20, flex: true, min: 10, generic: true},
}

// identityMax is the length of the longest value of a column that tells
// rows apart (a number, a name, a file's name, a short hash): longer
// ones are text.
const identityMax = 64

// Header turns a key into a column header: created_at → CREATED,
// duration_us → DURATION, rank_score → RANK SCORE.
func Header(key string) string {
	key = Snake(key)
	h := strings.TrimSuffix(key, "_at")
	if _, ok := durationWords(key); ok && strings.LastIndexByte(key, '_') > 0 {
		if i := strings.LastIndexByte(key, '_'); len(key)-i <= len("_seconds") {
			h = key[:i] // the unit suffix: the cell says the unit
		}
	}
	if h == "" {
		h = key
	}
	return strings.ToUpper(Spaced(h))
}

// Spaced is a key's words apart: an underscore between two is a space
// (rank_score: rank score), one that begins or ends the key is part of
// its name and stays (_id, __typename).
func Spaced(key string) string {
	i, j := 0, len(key)
	for i < j && key[i] == '_' {
		i++
	}
	for j > i && key[j-1] == '_' {
		j--
	}
	if strings.IndexByte(key[i:j], '_') < 0 {
		return key
	}
	return key[:i] + strings.ReplaceAll(key[i:j], "_", " ") + key[j:]
}

// sparseColumns is how many columns any table may have, however empty its
// rows leave them: a screen or a page shows no more.
const sparseColumns = 64

// Sparse reports rows that are not a table: more than sparseColumns
// columns, of which the rows fill under a quarter (cells is how many
// members the rows have in all). Such a table is mostly blank cells:
// 6,000 rows of ten keys each, 60,000 keys in all, would be 360 million
// cells laid out from 60,000 members, and no screen shows it. Its rows are
// shown as records instead, one after another under their index. Human,
// Markdown and plain output decide on the columns they would show, before
// making any cell, so that the cost of a table stays within four cells a
// member of the input.
func Sparse(columns, rows, cells int) bool {
	return columns > sparseColumns && int64(columns)*int64(rows) > 4*int64(cells)
}
