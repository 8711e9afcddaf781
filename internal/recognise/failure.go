package recognise

import (
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
	case "ok", "success", "error", "isError":
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

// Failed reports whether v reports a failure: an error envelope (ok:
// false, at the top or in a batch), "success": false (graph-memory
// servers answer a failed delete so), or an error report (an "error"
// that says something, with no "ok" and no "success": true), or khive's
// manifest of saved results that lists failed ops. A document
// read only in part (the members before a long list) is judged on what
// was read.
func Failed(v Value) bool {
	if s, ok := v.Says("success"); ok && s.IsFalse() {
		return true
	}
	if isSinkManifest(v) && manifestFailed(v) || isStatusReport(v) && StatusTone(v.Str("status")) == view.Bad {
		return true
	}
	switch Classify(v) {
	case ShapeError:
		return true
	case ShapeBatch:
		res, _ := v.Get("results")
		for _, r := range res.Items {
			if IsErrorEnvelope(r) {
				return true
			}
		}
	}
	return false
}

// isErrorReport: an object that reports a failure by its "error" alone,
// with no "ok": the MCP inspector's own failures ({"error": {"code":
// "tool_not_found", "message": …}}), khive's parse errors, a server's
// {"error": "…"}. An error that is null or empty is no report, and an
// explicit "success": true wins.
func isErrorReport(v Value) bool {
	e, ok := v.Get("error")
	if !ok || v.Has("ok") {
		return false
	}
	if s, has := v.Says("success"); has && s.IsTrue() {
		return false
	}
	switch e.Kind {
	case String:
		return e.Text != ""
	case Object:
		return e.Has("message") || e.Has("code") || e.Has("kind")
	}
	return false
}
