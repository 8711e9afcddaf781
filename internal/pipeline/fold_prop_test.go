package pipeline

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// Every "a = b" a table's footer says is true of the data: each row's
// value of a is b's (or an id the other's prefix), for random rows whose
// cells are scalars, lists and objects, often alike. A census's raw
// values were said to be its buckets because two objects were compared
// by a text neither has.
func TestFoldedColumnsSayOnlyWhatIsTrue(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	values := []any{"x", "y", 1, 2, true, []any{"a", "b"}, []any{"a", "c"},
		map[string]any{"s": 1, "c": "m"}, map[string]any{"s": 2, "c": "m"}, map[string]any{"s": 1, "c": "n"}}
	same := regexp.MustCompile(`([a-z0-9]+) = ([a-z0-9]+)`)
	for n := range short(300, 60) {
		rows := make([]map[string]any, 3+rng.IntN(4))
		for i := range rows {
			rows[i] = map[string]any{"id": fmt.Sprintf("r%d", i)}
			for _, k := range []string{"p", "q", "r"} {
				rows[i][k] = values[rng.IntN(len(values))]
			}
			if rng.IntN(2) == 0 {
				rows[i]["q"] = rows[i]["p"] // alike, often
			}
		}
		doc, _ := json.Marshal(rows)
		got := renderString(t, string(doc), Options{Output: Human, Width: 200})
		for _, line := range strings.Split(got, "\n") {
			if !strings.HasPrefix(line, "all: ") {
				continue
			}
			for _, m := range same.FindAllStringSubmatch(line, -1) {
				for _, row := range rows {
					if !reflect.DeepEqual(row[m[1]], row[m[2]]) {
						t.Fatalf("case %d: %q said, but %v ≠ %v\n%s\n%s", n, m[0], row[m[1]], row[m[2]], doc, got)
					}
				}
			}
		}
	}
}
