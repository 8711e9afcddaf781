package pipeline

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/render/human"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/render/markdown"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// viewParts is human and Markdown output: each part recognised as a view
// (recognise.Doc), which a view writer writes.
type viewParts struct {
	rn *Renderer
	// hw and mw are reused for every document (Reset).
	hw *human.Writer
	mw *markdown.Writer
}

func newViews(rn *Renderer) output { return runs{writeParts(rn, &viewParts{rn: rn})} }

func (vp *viewParts) part(p protocol.Part) error {
	rn := vp.rn
	d := recognise.Doc(p, rn.rec)
	rn.problems(d.Problems)
	if len(d.Blocks) == 0 {
		return nil
	}
	// An embedded resource is a note in plain output, a document here.
	o := rn.begin(p.Kind == protocol.NotePart && p.Note.Resource.Kind != value.Object)
	rn.heads = p.IsID && rn.opt.Output == Human
	return vp.write(o, d)
}

// open: the view of the open document, its list as it is read; nil when
// its view does not take the list as it comes (it is then held).
func (vp *viewParts) open(v value.Value, parts []protocol.Part) func(*Result) error {
	if len(parts) != 1 || parts[0].Kind != protocol.ValuePart {
		return nil
	}
	rn := vp.rn
	d := recognise.Doc(parts[0], rn.rec)
	if !value.Taken(v) {
		return nil
	}
	return func(*Result) error {
		rn.streamed(v)
		rn.problems(d.Problems)
		return vp.write(rn.begin(false), d)
	}
}

// write writes a view in human or Markdown output.
func (vp *viewParts) write(o *lines.Writer, d view.Doc) error {
	rn := vp.rn
	if err := rn.firstTable(); err != nil {
		return err
	}
	if rn.viewed != nil {
		rn.viewed(d)
	}
	if rn.opt.Output == Markdown {
		if vp.mw == nil {
			mw := markdown.New(o, markdown.Options{Verbose: rn.opt.Verbose, Glyphs: rn.hopt.Glyphs})
			vp.mw = &mw
		}
		vp.mw.Reset(o)
		return vp.mw.Doc(d)
	}
	if vp.hw == nil {
		vp.hw = human.New(o, rn.hopt)
	}
	if top, ok := failedFirst(d); ok && rn.opt.Height > 0 {
		return vp.tallFirst(o, d, top)
	}
	vp.hw.Reset(o)
	return vp.hw.Doc(d)
}

// tallFirst writes d, held, with top before it when it is taller than
// the terminal: what failed is then on the first screen.
func (vp *viewParts) tallFirst(o *lines.Writer, d view.Doc, top view.Footer) error {
	var buf bytes.Buffer
	bw := bufio.NewWriter(&buf)
	vp.hw.Reset(o.Sub(bw))
	if err := vp.hw.Doc(d); err != nil {
		return err
	}
	bw.Flush()
	vp.hw.Reset(o)
	if bytes.Count(buf.Bytes(), []byte{'\n'}) > vp.rn.opt.Height {
		if err := vp.hw.Doc(view.Doc{Blocks: []view.Block{top, view.Gap{}}}); err != nil {
			return err
		}
	}
	for _, ln := range strings.SplitAfter(buf.String(), "\n") {
		if ln != "" {
			o.Line(strings.TrimSuffix(ln, "\n"))
		}
	}
	return o.Err()
}

// failedFirst is the line that says which ops of a held batch failed,
// if some did: the ops whose errors its view shows, numbered.
func failedFirst(d view.Doc) (view.Footer, bool) {
	var top failuresLine
	batch := false
	for _, b := range d.Blocks {
		switch b := b.(type) {
		case view.Later, view.Stream:
			return view.Footer{}, false // read as it comes: its height is not known
		case view.Table:
			if b.Stream != nil {
				return view.Footer{}, false
			}
		case view.Footer:
			batch = batch || b.Kind == view.Totals
		case view.Error:
			if b.Number == "" {
				continue
			}
			p := view.Part{Mark: view.Failed, Tone: view.Bad, Text: "#" + b.Number + " " + b.Tool}
			if b.Aborted {
				p.Mark, p.Tone = view.Aborted, view.Muted
			}
			top.add(p)
		}
	}
	return top.footer(), batch && len(top.parts) > 0
}

// failuresLine names what failed, before a tall batch or session: the
// first maxFailedFirst, the others counted.
type failuresLine struct {
	parts []view.Part
	more  int
}

func (l *failuresLine) add(p view.Part) {
	if len(l.parts) < maxFailedFirst {
		l.parts = append(l.parts, p)
		return
	}
	l.more++
}

func (l *failuresLine) footer() view.Footer {
	f := view.Footer{Kind: view.Totals, Parts: l.parts}
	if l.more > 0 {
		f.Parts = append(f.Parts, view.Part{Tone: view.Bad, Text: strconv.Itoa(l.more) + " more"})
	}
	return f
}

// maxFailedFirst is how many failures the top line names.
const maxFailedFirst = 8

// openTable writes a table that stays open for more rows (a run).
func (vp *viewParts) openTable(o *lines.Writer, t view.Table) (openTable, error) {
	if vp.rn.opt.Output == Markdown {
		mw := markdown.New(o, markdown.Options{Verbose: vp.rn.opt.Verbose, Glyphs: vp.rn.hopt.Glyphs})
		return mw.Open(t, ""), nil
	}
	return human.New(o, vp.rn.hopt).Open(t, 0)
}
