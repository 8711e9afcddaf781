// Package mangen writes a manual page in roff (the man(7) macros) from a
// description of a command, so that the page is generated from the same
// definitions as --help.
package mangen

import (
	"fmt"
	"io"
	"strings"
)

// Page is a manual page.
type Page struct {
	Name     string // khive-pretty
	Section  int    // 1 for commands
	Manual   string // the centre of the header: "User Commands"
	Source   string // the left of the footer: the program and version
	Summary  string // the NAME line after the dash
	Synopsis string // the arguments after the name
	Sections []Section
}

// Section is a heading and what comes under it: paragraphs of text (blank
// lines between them), then tagged items, then examples.
type Section struct {
	Name     string
	Text     string
	Items    []Item
	Examples []Example
}

// Item is a tagged paragraph: Tag in bold, then Arg in italics, and Text
// indented under them.
type Item struct {
	Tag, Arg, Text string
}

// Example is a command line, already broken into lines, and what it does.
type Example struct {
	What    string
	Command []string
}

// Write writes p as roff. The header has no date, so that the page
// changes only when its text does.
func Write(w io.Writer, p Page) error {
	var b strings.Builder
	fmt.Fprintf(&b, ".TH %s %d \"\" %s %s\n", quote(strings.ToUpper(p.Name)), p.Section, quote(p.Source), quote(p.Manual))
	// Ragged right, no hyphenation: flag names and URLs stay whole.
	b.WriteString(".ad l\n.nh\n")
	b.WriteString(".SH NAME\n")
	b.WriteString(line(p.Name + ` \- ` + escape(p.Summary)))
	b.WriteString(".SH SYNOPSIS\n.B " + escape(p.Name) + "\n")
	b.WriteString(line(escape(p.Synopsis)))
	for _, s := range p.Sections {
		b.WriteString(".SH " + quote(strings.ToUpper(s.Name)) + "\n")
		for i, para := range paragraphs(s.Text) {
			if i > 0 {
				b.WriteString(".PP\n")
			}
			b.WriteString(line(escape(para)))
		}
		for _, it := range s.Items {
			b.WriteString(".TP\n")
			tag := `\fB` + escape(it.Tag) + `\fR`
			if it.Arg != "" {
				tag += ` \fI` + escape(it.Arg) + `\fR`
			}
			b.WriteString(line(tag))
			b.WriteString(line(escape(it.Text)))
		}
		for _, e := range s.Examples {
			b.WriteString(".PP\n")
			b.WriteString(line(escape(e.What)))
			b.WriteString(".PP\n.RS 4\n.nf\n")
			for _, c := range e.Command {
				b.WriteString(line(escape(c)))
			}
			b.WriteString(".fi\n.RE\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func paragraphs(text string) []string {
	var out []string
	for _, p := range strings.Split(text, "\n\n") {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// escape makes text literal in roff: a backslash is \e, and a hyphen is
// \- so that options print as the minus signs that can be typed.
func escape(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	return strings.ReplaceAll(s, "-", `\-`)
}

// line ends s with a newline; a line starting with a dot or a quote would
// be a request, so it starts with \& (a zero-width nothing) instead.
func line(s string) string {
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s + "\n"
}

// quote is a macro argument: in double quotes, a quote inside doubled.
func quote(s string) string {
	return `"` + strings.ReplaceAll(escape(s), `"`, `""`) + `"`
}
