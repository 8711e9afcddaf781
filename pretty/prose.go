package pretty

import (
	"strings"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/sanitize"
	"github.com/khive-ai/khive-pretty/theme"
)

// part shows one part of a document for a person.
func (h human) part(p part) {
	switch p.kind {
	case partValue:
		h.document(p.v)
	case partProse:
		h.prose(p.text)
	case partNote:
		style := h.th.Faint
		if p.tone == noteBad {
			style = h.th.Tone(glyphs.Bad)
		}
		fields := make([]string, len(p.fields))
		for i, f := range p.fields {
			fields[i] = h.text(f)
		}
		h.o.line(style.Render(strings.Join(fields, h.g.Sep)))
		if h.opt.Verbose && len(p.rest.Members) > 0 {
			h.record(p.rest, 2, false, false)
		}
	}
}

// part shows one part of a document in plain output: prose as text: lines,
// a note in its plain form and the fields its line does not say.
func (p plain) part(pt part) {
	switch pt.kind {
	case partValue:
		p.document(pt.v)
	case partProse:
		// Each line under a text: key, escaped like any value, so that a
		// line of prose ("error: …") is never mistaken for the contract's
		// own lines, and a script can take the text back.
		for _, ln := range strings.Split(strings.ReplaceAll(pt.text, "\r\n", "\n"), "\n") {
			if ln == "" {
				p.o.line("text:")
			} else {
				p.o.line("text: " + plainText(ln))
			}
		}
	case partNote:
		p.o.line(plainText(pt.plain))
		rest := pt.rest
		if pt.plainRest.Kind == Object {
			rest = pt.plainRest
		}
		for _, m := range rest.Members {
			p.field(pt.restPath, m)
		}
	}
}

// prose shows text a tool wrote for people with the conventions of terse
// text servers: a leading [state_tag] coloured by what it says, "→ next:"
// hints and "? ask user:" prompts set apart. Lines are not cut: prose is
// the message itself. A line wider than the terminal wraps, its further
// lines hanging two columns in from where it starts.
func (h human) prose(text string) {
	lines := strings.Split(strings.ReplaceAll(h.bound(text), "\r\n", "\n"), "\n")
	for i, ln := range lines {
		ln = sanitize.String(ln, 0)
		trimmed := strings.TrimLeft(ln, " ")
		lead := ln[:len(ln)-len(trimmed)]
		if h.width > 0 && len(lead) > h.width/2 {
			lead = lead[:h.width/2] // deep indents in a narrow terminal
		}
		segs := []string{trimmed}
		if h.width > 0 {
			segs = wrapText(trimmed, h.width-len(lead))
			if len(segs) > 1 {
				rest := wrapText(strings.Join(segs[1:], " "), h.width-len(lead)-2)
				segs = append(segs[:1], rest...)
			}
		}
		first, more := segs[0], segs[1:]
		restStyle := theme.Style{}
		switch {
		case i == 0 && strings.HasPrefix(first, "["):
			end := strings.IndexByte(first, ']')
			if end < 0 || end > 48 {
				h.o.line(lead + first)
				break
			}
			tag := first[:end+1]
			h.o.line(lead + h.th.Bold.Render(h.tagStyle(tag).Render(tag)) + first[end+1:])
		case hasAnyPrefix(first, "→ next:", "-> next:"):
			label, rest, _ := strings.Cut(first, ":")
			h.o.line(lead + h.th.Tone(glyphs.Accent).Render(label+":") + rest)
		case hasAnyPrefix(first, "? ask user:", "? ask:"):
			label, rest, _ := strings.Cut(first, ":")
			h.o.line(lead + h.th.Tone(glyphs.Warn).Render(h.th.Bold.Render(label+":")) + h.th.Bold.Render(rest))
			restStyle = h.th.Bold
		default:
			h.o.line(lead + first)
		}
		for _, seg := range more {
			h.o.line(lead + "  " + restStyle.Render(seg))
		}
	}
}

// tagStyle colours a [state_tag] by kind: errors and blocks red, warnings
// yellow, anything else neutral.
func (h human) tagStyle(tag string) theme.Style {
	t := strings.ToLower(tag)
	for _, w := range []string{"error", "fail", "blocked", "denied", "fatal", "invalid", "reject", "abort"} {
		if strings.Contains(t, w) {
			return h.th.Tone(glyphs.Bad)
		}
	}
	for _, w := range []string{"warn", "partial", "degraded", "pending", "stale", "attention", "retry", "waiting"} {
		if strings.Contains(t, w) {
			return h.th.Tone(glyphs.Warn)
		}
	}
	return theme.Style{}
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
