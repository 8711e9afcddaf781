// Package steer reads what a person asks of tables on the command line:
// which columns (--columns), in which order (--sort), which rows (--where),
// with or without a header line (--no-headers). It parses and matches
// names; what a value means when rows are compared (p0 before p3, next
// before done, times as times) is the recogniser's to say.
//
// It imports nothing of the project.
package steer

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Spec is what the flags ask. The zero Spec asks nothing.
type Spec struct {
	Columns []Pick
	// Exact: some column was named without + or -, so the table shows
	// exactly the columns named, in their order.
	Exact     bool
	Sort      []Key
	Where     []Cond
	NoHeaders bool
}

// Pick is one name of --columns: a column to show (Add with "+", which
// keeps it however narrow the terminal), or to leave out (Drop, "-").
type Pick struct {
	Name      string
	Add, Drop bool
}

// Key is one name of --sort; "-" in front sorts it descending.
type Key struct {
	Name string
	Desc bool
}

// Op is a comparison of --where.
type Op string

const (
	Eq       Op = "="
	Ne       Op = "!="
	Lt       Op = "<"
	Le       Op = "<="
	Gt       Op = ">"
	Ge       Op = ">="
	Has      Op = "~"  // contains, ignoring case
	HasNot   Op = "!~" // does not contain, ignoring case
	noOp     Op = ""
	opsOrder    = "!~ != <= >= = < > ~"
)

// Cond is one --where: a column, a comparison and a value.
type Cond struct {
	Name  string
	Op    Op
	Value string
}

func (c Cond) String() string { return c.Name + string(c.Op) + c.Value }

// Empty reports a Spec that asks nothing of any table.
func (s Spec) Empty() bool {
	return len(s.Columns) == 0 && len(s.Sort) == 0 && len(s.Where) == 0 && !s.NoHeaders
}

// ParseColumns reads --columns: names separated by commas, each shown as
// given ("id"), added to the automatic choice ("+tags") or left out of it
// ("-created").
func ParseColumns(s string) (picks []Pick, exact bool, err error) {
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		p := Pick{Name: f}
		switch {
		case strings.HasPrefix(f, "+"):
			p.Name, p.Add = strings.TrimSpace(f[1:]), true
		case strings.HasPrefix(f, "-"):
			p.Name, p.Drop = strings.TrimSpace(f[1:]), true
		default:
			exact = true
		}
		if p.Name == "" {
			return nil, false, errors.New("a column name is empty")
		}
		picks = append(picks, p)
	}
	return picks, exact, nil
}

// ParseSort reads --sort: names separated by commas, "-" in front for
// descending order.
func ParseSort(s string) ([]Key, error) {
	var keys []Key
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		k := Key{Name: strings.TrimSpace(strings.TrimLeft(f, "+-")), Desc: strings.HasPrefix(f, "-")}
		if k.Name == "" {
			return nil, errors.New("a column name is empty")
		}
		keys = append(keys, k)
	}
	return keys, nil
}

// ParseWhere reads one --where: NAME OP VALUE, OP one of = != < <= > >=
// ~ (contains) !~ (does not contain); spaces around OP are optional.
func ParseWhere(s string) (Cond, error) {
	at, op := -1, noOp
	// The first operator wins, the longest one where two start there.
	for _, o := range strings.Fields(opsOrder) {
		if i := strings.Index(s, o); i > 0 && (at < 0 || i < at || i == at && len(o) > len(op)) {
			at, op = i, Op(o)
		}
	}
	if at < 0 {
		return Cond{}, fmt.Errorf("%q has no comparison: use NAME=VALUE, NAME!=VALUE, NAME<VALUE, NAME<=VALUE, NAME>VALUE, NAME>=VALUE, NAME~TEXT or NAME!~TEXT", s)
	}
	c := Cond{Name: strings.TrimSpace(s[:at]), Op: op, Value: strings.TrimSpace(s[at+len(op):])}
	if c.Name == "" {
		return Cond{}, fmt.Errorf("%q names no column", s)
	}
	return c, nil
}

// Normal is a name as names are compared: letters and digits only,
// lower case, so that "updated", "UPDATED", "updated_at"'s header, "Rank
// Score" and "rank_score" meet.
func Normal(name string) string {
	var b strings.Builder
	for _, r := range name {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// Names reports whether a name given on the command line names a column
// shown under header (as people see it) or read from key (as the input
// spells it).
func Names(name, key, header string) bool {
	n := Normal(name)
	return n != "" && (n == Normal(header) || n == Normal(key))
}

// Ends reports whether name spells the last words of key (score of
// similarity_score, id of chunkId), for a row that has no key the name
// spells whole.
func Ends(name, key string) bool {
	n := Normal(name)
	if n == "" {
		return false
	}
	rs := []rune(key)
	for i := 1; i < len(rs); i++ {
		// A word starts after a separator or at a capital after a small
		// letter.
		sep := !unicode.IsLetter(rs[i-1]) && !unicode.IsDigit(rs[i-1])
		camel := unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i-1])
		if (sep || camel) && Normal(string(rs[i:])) == n {
			return true
		}
	}
	return false
}

// Suggest returns the one of candidates closest to word when it is close
// enough to be a typo (or word begins it), or "": for mistyped flags,
// values and column names alike. Case and separators do not count.
func Suggest(word string, candidates []string) string {
	w := Normal(word)
	if utf8.RuneCountInString(w) < 2 {
		return ""
	}
	best, bestD := "", max(1, utf8.RuneCountInString(w)/3)+1
	for _, c := range candidates {
		n := Normal(c)
		if utf8.RuneCountInString(n) < 2 {
			continue
		}
		d := distance(w, n)
		if strings.HasPrefix(n, w) {
			d = 0
		}
		if d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// distance is the optimal-string-alignment edit distance: insertions,
// deletions, substitutions and swaps of neighbours each count one.
func distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}
