package viewtest

import (
	"fmt"
	"github.com/khive-ai/khive-pretty/internal/view"
	"strings"
)

// Walk calls fn with every cell of a block and the blocks inside it, and
// with every piece of text a block carries as a cell of kind Text: what a
// full view (--verbose) must show, for tests that check nothing is lost.
// It has a case for every kind of block (viewtest checks it) and panics
// on a block it has none for. A Stream or a Later it leaves alone: its
// blocks are made once, by the writer.
func Walk(b view.Block, fn func(view.Cell)) {
	text := func(ss ...string) {
		for _, s := range ss {
			if s != "" {
				fn(view.Cell{Kind: view.Text, Text: s})
			}
		}
	}
	rec := func(r *view.Record) {
		if r != nil {
			Walk(*r, fn)
		}
	}
	var cell func(cs ...view.Cell)
	cell = func(cs ...view.Cell) {
		for _, c := range cs {
			switch c.Kind {
			case view.List:
				cell(c.Items()...)
			case view.Object:
				for _, f := range c.Fields() {
					text(f.Key)
					cell(f.Cell)
				}
			default:
				fn(c)
			}
		}
	}
	// opt is a cell that may be absent.
	opt := func(c *view.Cell) {
		if c != nil {
			cell(*c)
		}
	}
	switch b := b.(type) {
	case view.Record:
		for _, f := range b.Fields {
			text(f.Key)
			if f.Block != nil {
				Walk(f.Block, fn)
			} else {
				cell(f.Cell)
			}
		}
	case view.Table:
		for _, c := range b.Columns {
			if !c.Bar {
				text(c.Header)
			}
		}
		for _, row := range b.Rows {
			for i, c := range row {
				if i < len(b.Columns) && !b.Columns[i].Bar {
					cell(c)
				}
			}
		}
	case view.Inline:
		cell(b.Items...)
	case view.Scalar:
		cell(b.Cell)
	case view.Heading:
		text(b.Text, b.Aside)
	case view.Definition:
		text(b.Name, b.Title)
		for _, h := range b.Hints {
			text(h.Text)
		}
		text(b.Description)
		walkParams(b.Params, text)
		text(b.Returns)
		rec(b.Extra)
	case view.Messages:
		for _, m := range b.Messages {
			text(m.Role, m.Text)
			text(m.Note...)
			rec(m.Extra)
		}
	case view.Title:
		text(b.Number, b.Text)
		opt(b.Value)
	case view.Error:
		text(b.Tool, b.Kind, b.Message)
		rec(b.Details)
	case view.Footer:
		for _, p := range b.Parts {
			text(p.Text)
			opt(p.Cell)
		}
	case view.Items:
		text(b.Heading)
		for _, e := range b.Entries {
			text(e.Name, e.Tag, e.Summary)
			text(e.Lines...)
			rec(e.Extra)
		}
	case view.Relations:
		text(b.Heading)
		for _, r := range b.Relations {
			text(r.From, r.Rel, r.To)
			opt(r.Score)
			opt(r.Invalid)
			text(r.Detail)
			rec(r.Extra)
		}
	case view.Timeline:
		text(b.Heading)
		for _, e := range b.Events {
			opt(e.At)
			text(e.Name, e.Source, e.Content)
			rec(e.Extra)
		}
	case view.Code:
		text(b.Path)
		opt(b.Score)
		text(b.Text, b.Before, b.After)
		rec(b.Extra)
	case view.Bullets:
		cell(b.Items...)
	case view.Prose:
		for _, l := range b.Lines {
			text(untab(l.Text))
		}
	case view.Note:
		text(b.Fields...)
		rec(b.Extra)
	case view.Document:
		text(b.Title)
		text(b.Fields...)
		text(untab(b.Text))
		rec(b.Extra)
	case view.Tree:
		text(b.Heading)
		b.EachNode(func(n view.TreeNode, _ []bool) { text(n.Name, n.Size) })
	case view.Diff:
		for _, l := range b.Lines {
			text(untab(l.Text))
		}
	case view.Gap, view.Stream, view.Later:
	default:
		panic(fmt.Sprintf("viewtest.Walk: no case for %T", b))
	}
}

// untab is text whose tabs are layout, which a writer expands to the next
// tab stop: what must show is the text around them.
func untab(s string) string { return strings.ReplaceAll(s, "\t", " ") }

func walkParams(ps []view.Param, text func(...string)) {
	for _, p := range ps {
		text(p.Name, p.Title, p.Type, p.Description)
		for _, f := range p.Facts {
			text(f.Label)
			for _, l := range f.Values {
				text(l.Text, l.Label)
			}
		}
		walkParams(p.Params, text)
	}
}
