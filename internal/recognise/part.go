package recognise

import (
	"slices"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// Doc is the view of one part of a document, once protocol has taken its
// wrappers off: a value by its shape, a tool's prose line by line, a
// request by its method, a note.
// A part that only a full view shows (content repeating structuredContent,
// _meta) is an empty view otherwise; one that another part's view shows
// (an embedded resource's text, in its document) is always empty.
func Doc(p protocol.Part, opt Options) view.Doc {
	var d view.Doc
	if p.ShownBefore || p.Detail && !opt.Verbose {
		return d
	}
	b := builder{opt: opt}
	switch p.Kind {
	case protocol.RequestPart:
		d.Blocks = b.request(*p.Request, &d)
	case protocol.ValuePart:
		d.Blocks = b.document(p.Value, &d)
		if saysNothing(d.Blocks) {
			// An answer with nothing in it ({}, or only empty fields)
			// says so rather than print nothing: a JSON-RPC result's as
			// the success its protocol says it is; any other as what it
			// holds ({"devices": []} was "✓ empty result", its key lost
			// and a success no value said).
			parts := []view.Part{{Mark: view.OK, Tone: view.Good, Text: "empty result"}}
			switch {
			case !p.Reply:
				parts = []view.Part{{Text: "empty: " + emptyText(p.Value)}}
			case len(p.Value.Members) > 0 && !protocol.IsToolResult(p.Value):
				// Its keys too ({"devices": []}): what came back empty.
				parts = append(parts, view.Part{Text: emptyText(p.Value)})
			}
			d.Blocks = []view.Block{view.Footer{Kind: view.Result, Parts: parts}}
		}
		uniquePrefixes(d.Blocks)
	case protocol.ProsePart:
		// Text in one of the filesystem server's forms (a listing, a diff
		// …) without its structuredContent, as older servers send it.
		if d.Blocks = b.fileText(p.Text, false); d.Blocks == nil {
			d.Blocks = []view.Block{Prose(p.Text)}
		}
	case protocol.NotePart:
		if blocks, ok := b.embedded(*p.Note); ok {
			d.Blocks = blocks
			break
		}
		n := view.Note{Fields: p.Note.Fields}
		switch {
		case p.Note.Bad:
			n.Tone = view.Bad
		case p.Note.Warn:
			n.Tone = view.Warn
		case p.Note.Key:
			n.Tone = view.Accent
		}
		if opt.Verbose && len(p.Note.Rest.Members) > 0 {
			n.Extra = b.record(p.Note.Rest, 2, false, false)
		}
		d.Blocks = []view.Block{n}
	}
	return d
}

// Prose is text a tool wrote for people, its lines marked by the
// conventions of terse-text servers: a leading [state_tag] (its tone by
// what it says), "→ next:" hints and "? ask user:" prompts.
func Prose(text string) view.Prose {
	// The lines that start in the first format.MaxValue bytes: past them,
	// more than any writer shows (view.Prose).
	shown := text[:min(len(text), format.MaxValue)]
	p := view.Prose{Text: text, Lines: make([]view.ProseLine, 0, strings.Count(shown, "\n")+1)}
	at := 0 // where the line starts in text
	for ln := range strings.SplitSeq(text, "\n") {
		if at > len(shown) {
			break
		}
		i := len(p.Lines)
		at += len(ln) + 1
		pl := view.ProseLine{Text: ln}
		t := strings.TrimLeft(ln, " ")
		switch {
		case i == 0 && strings.HasPrefix(t, "["):
			if end := strings.IndexByte(t, ']'); end >= 0 && end <= 48 {
				pl.Kind, pl.Tag, pl.Tone = view.Tagged, t[:end+1], tagTone(t[:end+1])
			}
		case strings.HasPrefix(t, "→ next:"), strings.HasPrefix(t, "-> next:"):
			pl.Kind, pl.Tag = view.NextHint, t[:strings.IndexByte(t, ':')+1]
		case strings.HasPrefix(t, "? ask user:"), strings.HasPrefix(t, "? ask:"):
			pl.Kind, pl.Tag = view.Ask, t[:strings.IndexByte(t, ':')+1]
		}
		p.Lines = append(p.Lines, pl)
	}
	return p
}

// tagTone colours a [state_tag] by what it says: errors and blocks are
// bad, warnings are warnings, anything else is neutral.
func tagTone(tag string) view.Tone {
	t := strings.ToLower(tag)
	in := func(w string) bool { return strings.Contains(t, w) }
	switch {
	case slices.ContainsFunc([]string{"error", "fail", "blocked", "denied", "fatal", "invalid", "reject", "abort"}, in):
		return view.Bad
	case slices.ContainsFunc([]string{"warn", "partial", "degraded", "pending", "stale", "attention", "retry", "waiting"}, in):
		return view.Warn
	}
	return view.Neutral
}

// DocOf is a view of blocks made outside Doc (a streamed list's).
func DocOf(blocks []view.Block) view.Doc {
	uniquePrefixes(blocks)
	return view.Doc{Blocks: blocks}
}

// saysNothing reports blocks that write nothing: none, or records with no
// field to show.
func saysNothing(blocks []view.Block) bool {
	for _, bl := range blocks {
		switch r := bl.(type) {
		case view.Gap:
		case view.Record:
			if len(r.Fields) > 0 || r.Stream != nil {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// emptyText is an answer with nothing in it as its JSON ({"devices":[]}),
// or, past emptyShown bytes, its count of fields.
func emptyText(v Value) string {
	if t := value.Compact(v); len(t) <= emptyShown {
		return t
	}
	return format.Count(len(v.Members), "empty field")
}

// emptyShown is the most of an empty answer's JSON its line shows.
const emptyShown = 200
