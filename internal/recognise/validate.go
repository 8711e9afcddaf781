package recognise

import (
	"strconv"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// kgValidate is `kkernel kg validate --format json` (khive's
// ValidationReport: rules [{id, severity, passed, violations}], summary
// {errors, warnings, info, entities, edges, empty, passed}). Its verdict
// comes first, then the rules that failed, errors before warnings, each
// with its violations under it, then a count of those that passed: nine
// rules listed in the order checked, the verdict last, hid what failed.
var kgValidate = Recogniser{
	Name: "khive kg validate",
	Keys: []string{"rules"},
	Match: func(v Value) bool {
		s, ok := v.Get("summary")
		return hasObjects(v, "rules", "passed") && ok && s.Has("passed")
	},
	Failures: true,
	View: func(b builder, v Value) ([]view.Block, error) {
		rules := objects(v, "rules")
		b.khive = true
		var failed []Value
		var n [3]int // failed rules of each severity
		for k, sev := range []string{"error", "warning", ""} {
			for _, r := range rules {
				p, _ := r.Says("passed")
				s := strings.ToLower(r.Str("severity"))
				if p.IsFalse() && (s == sev || sev == "" && s != "error" && s != "warning") {
					failed = append(failed, r)
					n[k]++
				}
			}
		}
		errs, warns := n[0], n[1]
		head := view.Part{Mark: view.OK, Tone: view.Good, Text: "kg validate: every rule passed"}
		switch {
		case errs > 0:
			head = view.Part{Mark: view.Failed, Tone: view.Bad, Text: "kg validate: " + format.Count(errs, "error rule") + " failed"}
		case len(failed) > 0:
			head = view.Part{Mark: view.Warning, Tone: view.Warn, Text: "kg validate: passed with warnings"}
		}
		parts := []view.Part{head}
		if warns > 0 && errs > 0 {
			parts = append(parts, view.Part{Text: format.Count(warns, "warning rule") + " failed"})
		}
		blocks := []view.Block{view.Footer{Kind: view.Result, Parts: parts}}
		if len(failed) > 0 {
			t, _ := b.table(failed, 0, false)
			blocks = append(blocks, t)
		}
		if n := len(rules) - len(failed); n > 0 {
			blocks = append(blocks, view.Footer{Kind: view.Meta, Parts: []view.Part{{Text: strconv.Itoa(n) + " of " + format.Count(len(rules), "rule") + " passed"}}})
		}
		return withRest(blocks, b.restAlways(v, 0, "rules"), view.Gap{}), nil
	},
}
