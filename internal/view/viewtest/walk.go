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
	text := func(s string) {
		if s != "" {
			fn(view.Cell{Kind: view.Text, Text: s})
		}
	}
	rec := func(r *view.Record) {
		if r != nil {
			Walk(*r, fn)
		}
	}
	var cell func(c view.Cell)
	cell = func(c view.Cell) {
		switch c.Kind {
		case view.List:
			for _, it := range c.Items() {
				cell(it)
			}
		case view.Object:
			for _, f := range c.Fields() {
				text(f.Key)
				cell(f.Cell)
			}
		default:
			fn(c)
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
		for _, c := range b.Items {
			cell(c)
		}
	case view.Scalar:
		cell(b.Cell)
	case view.Heading:
		text(b.Text)
		text(b.Aside)
	case view.Definition:
		walkDefinition(b, text, rec)
	case view.Messages:
		walkMessages(b, text, rec)
	case view.Title:
		text(b.Number)
		text(b.Text)
		if b.Value != nil {
			cell(*b.Value)
		}
	case view.Error:
		text(b.Tool)
		text(b.Kind)
		text(b.Message)
		rec(b.Details)
	case view.Footer:
		for _, p := range b.Parts {
			text(p.Text)
			if p.Cell != nil {
				cell(*p.Cell)
			}
		}
	case view.Items:
		text(b.Heading)
		for _, e := range b.Entries {
			text(e.Name)
			text(e.Tag)
			text(e.Summary)
			for _, l := range e.Lines {
				text(l)
			}
			rec(e.Extra)
		}
	case view.Relations:
		text(b.Heading)
		for _, r := range b.Relations {
			text(r.From)
			text(r.Rel)
			text(r.To)
			if r.Score != nil {
				cell(*r.Score)
			}
			if r.Invalid != nil {
				cell(*r.Invalid)
			}
			text(r.Detail)
			rec(r.Extra)
		}
	case view.Timeline:
		text(b.Heading)
		for _, e := range b.Events {
			if e.At != nil {
				cell(*e.At)
			}
			text(e.Name)
			text(e.Source)
			text(e.Content)
			rec(e.Extra)
		}
	case view.Code:
		text(b.Path)
		if b.Score != nil {
			cell(*b.Score)
		}
		text(b.Text)
		text(b.Before)
		text(b.After)
		rec(b.Extra)
	case view.Bullets:
		for _, c := range b.Items {
			cell(c)
		}
	case view.Prose:
		for _, l := range b.Lines {
			text(untab(l.Text))
		}
	case view.Note:
		for _, f := range b.Fields {
			text(f)
		}
		rec(b.Extra)
	case view.Document:
		text(b.Title)
		for _, f := range b.Fields {
			text(f)
		}
		text(untab(b.Text))
		rec(b.Extra)
	case view.Tree:
		text(b.Heading)
		b.EachNode(func(n view.TreeNode, _ []bool) {
			text(n.Name)
			text(n.Size)
		})
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

// walkDefinition gives Walk every text of a definition.
func walkDefinition(d view.Definition, text func(string), rec func(*view.Record)) {
	text(d.Name)
	text(d.Title)
	for _, h := range d.Hints {
		text(h.Text)
	}
	text(d.Description)
	walkParams(d.Params, text)
	text(d.Returns)
	rec(d.Extra)
}

func walkParams(ps []view.Param, text func(string)) {
	for _, p := range ps {
		text(p.Name)
		text(p.Title)
		text(p.Type)
		text(p.Description)
		for _, f := range p.Facts {
			text(f.Label)
			for _, l := range f.Values {
				text(l.Text)
				text(l.Label)
			}
		}
		walkParams(p.Params, text)
	}
}

// walkMessages gives Walk every text of a conversation.
func walkMessages(ms view.Messages, text func(string), rec func(*view.Record)) {
	for _, m := range ms.Messages {
		text(m.Role)
		text(m.Text)
		for _, f := range m.Note {
			text(f)
		}
		rec(m.Extra)
	}
}
