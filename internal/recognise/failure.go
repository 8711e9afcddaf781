package recognise

import (
	"slices"
	"strconv"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/view"
)

// The one rule for "this document reports a failure", used by every
// output, by the exit code and by the choice to stream: a list or an
// object is shown as it is read only while what was read of its document
// reports no failure, so that a failure always heads its output.
//
// A document reports a failure by these members of its own (and a batch
// by its ops'); the wrappers around a document (a JSON-RPC error, an MCP
// result's isError, an HTTP status) are protocol's, which applies this
// rule to what they wrap.

// FailureKey reports a member key whose value can tell that its document
// failed: khive's ok, graph-memory servers' success, an error report, and
// MCP's isError (judged by protocol). What keeps only part of a document
// (the skeleton -o json keeps, a streamed object's later members) keeps
// these.
func FailureKey(key string) bool {
	switch key {
	case "ok", "success", "error", "Error", "isError":
		return true
	}
	return false
}

// Tells reports a member whose scalar value can tell that its document
// failed (FailureKey), or may hold a document that does: an MCP text
// block's text that holds JSON. What keeps only part of a document keeps
// these.
func Tells(key string, v Value) bool {
	if key == "text" {
		t := strings.TrimLeft(v.Text, " \t\r\n")
		return v.Kind == String && t != "" && (t[0] == '{' || t[0] == '[')
	}
	return FailureKey(key)
}

// Failed reports whether v reports a failure: an error envelope (ok: false,
// at the top or in a batch), "success": false (graph-memory servers answer
// a failed delete so), or an error report (an "error" that says something,
// with no "ok" and no "success": true), or khive's manifest of saved
// results that lists failed ops. A document read only in part (the members
// before a long list) is judged on what was read.
func Failed(v Value) bool {
	if s, ok := v.Says("success"); ok && s.IsFalse() {
		return true
	}
	if isSinkManifest(v) && manifestFailed(v) || isStatusReport(v) && reportTone(v.Str("status")) == view.Bad {
		return true
	}
	if len(failedRules(v)) > 0 || testEventFailed(v) {
		return true
	}
	switch Classify(v) {
	case ShapeError:
		return true
	case ShapeEnvelope:
		// khive's non-atomic op (a bulk link) ran, and says some of its
		// items failed: its envelope says success, its result does not.
		return PartialOp(v)
	case ShapeBatch:
		res, _ := v.Get("results")
		return slices.ContainsFunc(res.Items, func(r Value) bool { return IsErrorEnvelope(r) || PartialOp(r) })
	}
	return false
}

// isErrorReport: an object that reports a failure by its "error" alone,
// with no "ok": the MCP inspector's own failures ({"error": {"code":
// "tool_not_found", "message": …}}), khive's parse errors, a server's
// {"error": "…"}. An error that is null or empty is no report, and an
// explicit "success": true wins. npm's --json error (lib/utils/
// output-error.js, jsonError: code, summary, detail, the code left out
// when there is none, as npm audit's 405 has it) is one even when its
// summary and detail are empty: npm writes it only when it failed.
func isErrorReport(v Value) bool {
	e, ok := errorOf(v)
	if !ok || v.Has("ok") || IsLogRecord(v) {
		return false // a log line that says what went wrong is a log line
	}
	if s, has := v.Says("success"); has && s.IsTrue() {
		return false
	}
	switch e.Kind {
	case String:
		return e.Text != ""
	case Object:
		return e.Has("message") || e.Has("code") || e.Has("kind") || e.Has("summary") && e.Has("detail") || e.Has("Err")
	}
	return false
}

// errorOf is v's "error", or Go's "Error" (a struct's field as
// encoding/json writes it: go mod download -json's Module.Error, a
// string; go list -e -json's Package.Error, a PackageError whose Err
// says what went wrong; go help list, go help mod download).
func errorOf(v Value) (Value, bool) {
	if e, ok := v.Get("error"); ok {
		return e, true
	}
	if slices.ContainsFunc(v.Members, func(m Member) bool {
		return strings.EqualFold(m.Key, "level") || strings.EqualFold(m.Key, "msg") || strings.EqualFold(m.Key, "message")
	}) {
		return Value{}, false // a Go program's log line (Level, Message) that says what went wrong
	}
	return v.Get("Error")
}

// PartialOp reports an op that ran and says some of its items failed (a
// bulk link in a request): its envelope says ok, its result does not.
func PartialOp(r Value) bool {
	if IsErrorEnvelope(r) {
		return false
	}
	res, _ := r.Get("result")
	_, _, partial := PartialResult(res)
	return partial
}

// PartialResult reads a result that says how many of its items failed:
// a count failed above 0, or errors listed; n is the failed count (the
// errors listed when no count says it), of attempted (-1 unknown).
func PartialResult(res Value) (n, attempted int, ok bool) {
	if res.Kind != Object {
		return 0, 0, false
	}
	count := func(key string) int {
		if f, has := res.Says(key); has && f.Kind == Number {
			if c, err := strconv.Atoi(f.Text); err == nil {
				return c
			}
		}
		return -1
	}
	n, attempted = count("failed"), count("attempted")
	errs, has := res.Says("errors")
	listed := has && errs.Kind == Array && len(errs.Items) > 0
	switch {
	case n > 0:
		return n, attempted, true
	case n == 0:
		return 0, attempted, false
	case listed:
		return len(errs.Items), attempted, true
	}
	return 0, 0, false
}

// testEventFailed reports an event of go test -json that says a test or
// a package failed (cmd/test2json's "fail"), or one of go build -json
// that says a package did not build (cmd/go's "build-fail"): a stream of
// them fails.
func testEventFailed(v Value) bool {
	a := v.Str("Action")
	return testEvent(v) && (a == "fail" || a == "build-fail")
}

// testEvent reports an event of go test -json (an Action among a
// Package's) or of go build -json (a BuildEvent: an ImportPath's
// build-output or build-fail).
func testEvent(v Value) bool {
	a, ok := v.Get("Action")
	return ok && a.Kind == String && (v.Has("Package") || v.Has("ImportPath") && strings.HasPrefix(a.Text, "build-"))
}

// failedRules are the rules of khive's kkernel kg validate report of
// severity error that did not pass (a warning's does not fail it).
func failedRules(v Value) []Value {
	rules, _ := v.Get("rules")
	var failed []Value
	for _, r := range rules.Items {
		if p, has := r.Says("passed"); has && p.IsFalse() && strings.EqualFold(r.Str("severity"), "error") {
			failed = append(failed, r)
		}
	}
	return failed
}

// failedText is "3 failed", or "3 of 5 failed" when attempted is known.
func failedText(n, attempted int) string {
	if attempted < 0 {
		return strconv.Itoa(n) + " failed"
	}
	return strconv.Itoa(n) + " of " + strconv.Itoa(attempted) + " failed"
}

// A Failure is one failure a document reports, as Failures reads it: its
// kind (khive's error kind, a JSON-RPC code, "partial"), its message, and
// the op of a batch it is (-1: none).
type Failure struct {
	Op            int
	Kind, Message string
}

// Failures is what failed in v, by the rules Failed decides by: each
// failed op of a batch, the error of an error envelope, the items of a
// partial result, the rules of a failed validation. A v that Failed
// reports but that names nothing gives one Failure of kind "failed".
func Failures(v Value) []Failure {
	var out []Failure
	add := func(op int, kind, msg string) { out = append(out, Failure{Op: op, Kind: kind, Message: msg}) }
	errorOf := func(op int, e Value) {
		ev := ViewError(e)
		kind := ev.Kind
		switch {
		case ev.Aborted:
			kind = "aborted"
		case kind == "":
			kind = "failed"
		}
		add(op, kind, ev.Msg)
	}
	partial := func(op int, env Value) {
		res, _ := env.Get("result")
		n, of, _ := PartialResult(res)
		add(op, "partial", failedText(n, of))
	}
	switch rules := failedRules(v); {
	case len(rules) > 0:
		for _, r := range rules {
			add(-1, "rule failed", r.Str("id"))
		}
	case testEventFailed(v):
		add(-1, v.Str("Action"), strings.TrimSpace(v.Str("Package")+v.Str("ImportPath")+" "+v.Str("Test")))
	case isSinkManifest(v):
		// Its failed ops, projected ({op_index, tool, error}): each as
		// the failed op it was, as its view shows them.
		fails, _ := manifestFailures(v)
		for _, f := range fails {
			op := -1
			if n, ok := f.Get("op_index"); ok && n.Kind == Number {
				op, _ = strconv.Atoi(n.Text)
			}
			errorOf(op, f)
		}
	case Classify(v) == ShapeBatch:
		res, _ := v.Get("results")
		for i, r := range res.Items {
			switch {
			case IsErrorEnvelope(r):
				errorOf(i, r)
			case PartialOp(r):
				partial(i, r)
			}
		}
	case Classify(v) == ShapeError:
		errorOf(-1, v)
	case Classify(v) == ShapeEnvelope && PartialOp(v):
		partial(-1, v)
	}
	if len(out) == 0 && Failed(v) {
		msg := v.Str("message")
		if msg == "" {
			msg = v.Str("error")
		}
		add(-1, "failed", msg)
	}
	return out
}
