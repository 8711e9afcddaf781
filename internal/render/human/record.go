package human

import (
	"math"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/relative"
	"github.com/khive-ai/khive-pretty/table"
)

// minValueW is the room a value keeps however long its key.
const minValueW = 12

// container reports a field whose value is an object or an array: its key
// may have a line of its own.
func container(f view.Field) bool {
	switch f.Cell.Kind {
	case view.List, view.Object, view.Nested, view.Deep, view.Empty:
		return true
	}
	return f.Block != nil
}

// extra writes what a block's lines leave out (its Extra), if anything,
// as a record at indent.
func (h *Writer) extra(r *view.Record, indent int) {
	if r != nil {
		h.record(*r, indent)
	}
}

// record writes key/value lines, aligned; nested records and tables are
// indented under their key. An exact record (inside an error) is never
// cut: its long values wrap, and a key too long for the width gets lines
// of its own, its value under it.
func (h *Writer) record(r view.Record, indent int) error {
	raw := r.Exact
	// Deep nesting in a narrow terminal stops indenting where values would
	// have no room left.
	if h.width > 0 {
		indent = min(indent, max(h.width-minValueW-4, 0))
	}
	keyW := 0
	for _, f := range r.Laid() {
		keyW = max(keyW, table.Width(h.text(f.Name())))
	}
	// A key is never so wide that its value has no room: wider keys are
	// cut (in an error a key that long gets lines of its own). With no
	// width (--verbose) none is: a streamed record's later keys ([1000]
	// after [999]) may be wider than those it is laid out on.
	capW := math.MaxInt
	if h.width > 0 {
		capW = max(h.width-indent-2-minValueW, 4)
		keyW = min(keyW, capW)
	}
	pad := blank(indent)
	for _, f := range r.Fields {
		h.field(f, pad, indent, keyW, capW, raw, r.Stamps)
	}
	return view.Drain(r.Stream, h.o.Err, func(f view.Field) { h.field(f, pad, indent, keyW, capW, raw, r.Stamps) })
}

// field writes one field of a record whose keys are keyW wide (at most
// capW), at indent.
func (h *Writer) field(f view.Field, pad string, indent, keyW, capW int, raw, stamps bool) {
	key := h.text(f.Name())
	// A key on a line of its own (over a nested block) has the line.
	if container(f) && h.width > 0 && !raw {
		key = table.Cut(key, h.width-indent, h.g.Ellipsis)
	} else if table.Width(key) > capW {
		if !raw {
			key = table.Cut(key, capW, h.g.Ellipsis)
		} else if !container(f) {
			for _, ln := range wrapText(key, h.width-indent) {
				h.o.Line(pad + h.th.Key.Render(ln))
			}
			h.wrappedAfter(blank(indent+2), h.cell(f.Cell), indent+2)
			return
		}
	}
	kpre, kpost := ends(h.th.Key, key)
	// The line's start, in pieces: most values are written after them
	// with no string made for the line (valueLines); the others join them.
	pieces := keyPieces{pad, kpre, key, kpost, blank(max(keyW-table.Width(key), 0) + 2)}
	prefix := pieces.String

	switch b := f.Block.(type) {
	case view.Record:
		h.o.Line(pad + h.th.Key.Render(key))
		h.nested(b, indent+2, raw)
		return
	case view.Table:
		h.o.Line(pad + h.th.Key.Render(key))
		h.table(b, indent+2)
		if b.Count != nil {
			c := *b.Count
			c.Indent = indent + 2
			h.footer(c)
		}
		return
	case view.Footer:
		h.o.Line(pad + h.th.Key.Render(key))
		b.Indent = indent + 2
		h.footer(b)
		return
	}
	c := f.Cell
	switch {
	case c.Kind == view.Deep:
		h.o.Pair(prefix(), h.th.Faint.Render(h.cell(c).Text))
	case c.IsString() && strings.Contains(c.Text, "\n"):
		h.multiline(prefix(), indent+keyW+2, c.Text, raw)
	default:
		tc := h.cell(c)
		switch {
		case c.Kind == view.Time && stamps && !h.opt.Markdown:
			// The time as written, and how long ago when that is days
			// (further, the date it has says it); a number of seconds
			// since 1970 with the date it is.
			tc.Text = h.text(c.Text)
			if age := relative.Format(c.At, h.opt.Now); !isDate(age) || !strings.ContainsAny(c.Text, "-:") {
				tc.Text += h.th.Faint.Render(" (" + h.recordWhen(c.At) + ")")
			}
		case c.Kind == view.Time && h.short(&c):
			tc.Text = h.recordWhen(c.At) // a record has room for the time of day
		}
		if raw && h.width > 0 {
			h.wrappedAfter(prefix(), tc, indent+keyW+2)
			return
		}
		h.valueLines(pieces, tc, indent+keyW+2)
	}
}

// keyPieces is the start of a record's line: the indent, the key's style
// around the key, and the padding to the values' column.
type keyPieces [5]string

func (k keyPieces) String() string { return k[0] + k[1] + k[2] + k[3] + k[4] }

// ends is what style.Render puts around text, written around it in place.
func ends(style table.Style, text string) (pre, post string) {
	pre, post = style.Ends()
	if pre == "" || text == "" {
		return "", "" // as Render leaves them
	}
	return pre, post
}

// nestedMost is how many fields a record inside a record shows whole;
// past it, the first nestedShown and a count of the rest.
const nestedMost, nestedShown = 24, 12

// nested writes a record inside a record: whole when it has at most
// nestedMost fields, else its first nestedShown and how many more. A map
// of thousands (npm's time of every version) would push the fields after
// it off the screen, as a long list's values would (valueLines). A
// streamed one is read to its end either way, holding at most
// nestedMost+1 fields, so that it shows what it shows held. A list by
// index ([0], [1] …) is a list, shown whole; so is everything under
// --verbose and in an error.
func (h *Writer) nested(r view.Record, indent int, raw bool) error {
	if raw || h.opt.Verbose || len(r.Fields) > 0 && byIndex(r.Fields[0].Key) {
		return h.record(r, indent)
	}
	fields := slices.Clip(r.Fields) // appended to: the view's are not written over
	for r.Stream != nil && len(fields) <= nestedMost {
		f, ok, err := r.Stream()
		if err != nil {
			return err
		}
		if !ok {
			r.Stream = nil
			break
		}
		fields = append(fields, f)
	}
	if len(fields) <= nestedMost && r.Stream == nil {
		r.Fields = fields
		return h.record(r, indent)
	}
	more := len(fields) - nestedShown
	shown := r
	shown.Fields, shown.Stream, shown.Measured = fields[:nestedShown], nil, 0
	if err := h.record(shown, indent); err != nil {
		return err
	}
	if err := view.Drain(r.Stream, h.o.Err, func(view.Field) { more++ }); err != nil {
		return err
	}
	h.o.Line(blank(indent) + h.th.Faint.Render(h.g.Ellipsis+" "+format.Count(more, "more field")+" (-v)"))
	return h.o.Err()
}

// byIndex reports a key that is an item's place in a list ([12]).
func byIndex(key string) bool {
	if len(key) < 3 || key[0] != '[' || key[len(key)-1] != ']' {
		return false
	}
	for i := 1; i < len(key)-1; i++ {
		if key[i] < '0' || key[i] > '9' {
			return false
		}
	}
	return true
}

// valueLines is how many lines a long value of a record may take: a
// record has the room a table row has not, but a value should not push
// everything after it off the screen either.
const valueLines = 4

// valueLines writes a value after prefix (which ends at column col): cut
// to the width when it is short of a word, else wrapped with a hanging
// indent onto at most valueLines lines, the last one cut.
func (h *Writer) valueLines(prefix keyPieces, c table.Cell, col int) {
	avail := h.width - col
	fits := h.width <= 0 || h.measure(c.Text) <= avail
	if fits || avail < minValueW {
		text := c.Text
		if !fits {
			text = table.Cut(text, avail, h.g.Ellipsis)
		}
		pre, post := ends(c.Style, text)
		h.o.Pieces(prefix[0], prefix[1], prefix[2], prefix[3], prefix[4], pre, text, post)
		return
	}
	// Only the first lines are shown: a huge value is not wrapped whole.
	lns := wrapText(table.Cut(c.Text, (valueLines+1)*avail, ""), avail)
	hint := ""
	if len(lns) > valueLines {
		// The last line is cut, and says how to see the rest.
		hint = " (-v)"
		lns[valueLines-1] = table.Cut(strings.Join(lns[valueLines-1:], " ")+" "+h.g.Ellipsis, avail-len(hint), h.g.Ellipsis)
		lns = lns[:valueLines]
	}
	for i, ln := range lns {
		ln = c.Style.Render(ln)
		if i == len(lns)-1 && hint != "" {
			ln += h.th.Faint.Render(hint)
		}
		if i == 0 {
			h.o.Pair(prefix.String(), ln)
		} else {
			h.o.Line(blank(col) + ln)
		}
	}
}

// wrapText breaks sanitised, unstyled text into lines at most w columns
// wide: at spaces (never inside an ID at its hyphens), and inside a word
// only when the word alone is wider than a line.
func wrapText(s string, w int) []string {
	if w <= 0 || table.Width(s) <= w {
		return []string{s}
	}
	var out []string
	var cur strings.Builder
	curW := 0
	flush := func() {
		out = append(out, cur.String())
		cur.Reset()
		curW = 0
	}
	for _, word := range strings.Split(s, " ") {
		ww := table.Width(word)
		switch {
		case curW > 0 && curW+1+ww <= w:
			cur.WriteByte(' ')
			cur.WriteString(word)
			curW += 1 + ww
			continue
		case curW > 0:
			flush()
		}
		if ww <= w {
			cur.WriteString(word)
			curW = ww
			continue
		}
		// A word wider than a line: hard breaks, the last piece carries on.
		pieces := strings.Split(ansi.Hardwrap(word, w, false), "\n")
		out = append(out, pieces[:len(pieces)-1]...)
		cur.WriteString(pieces[len(pieces)-1])
		curW = table.Width(pieces[len(pieces)-1])
	}
	if curW > 0 || len(out) == 0 {
		flush()
	}
	return out
}

// wrappedAfter writes a cell that must not be cut after prefix (which
// ends at column col), wrapped so that its further lines start at col; when
// that leaves too little room, the value starts on the next line, further
// left.
func (h *Writer) wrappedAfter(prefix string, c table.Cell, col int) {
	if h.width > 0 && h.width-col < minValueW {
		h.o.Line(strings.TrimRight(prefix, " "))
		prefix, col = "", max(min(col, h.width-minValueW), 0)
	}
	for i, ln := range wrapText(c.Text, h.width-col) {
		if i == 0 && prefix != "" {
			h.o.Pair(prefix, c.Style.Render(ln))
			continue
		}
		h.o.Line(blank(col) + c.Style.Render(ln))
	}
}

// multiLines is how many lines a value with line breaks may take in a
// record, wrapped: twice a one-line value's, for a short message or an
// episode of a few lines to be read whole.
const multiLines = 2 * valueLines

// diffLines is how many lines of a unified diff a record shows.
const diffLines = 3 * multiLines

// unifiedDiff reports text in the unified diff format (git diff, diff
// -u): a line "@@ -a,b +c,d @@" after a "--- " line.
func unifiedDiff(s string) bool {
	i := strings.Index(s, "\n@@ -")
	return i > 0 && strings.Contains(s[:i], "--- ") && strings.Contains(s[i:min(len(s), i+64)], " @@")
}

// multiline writes text that has line breaks: the first line after prefix,
// the rest aligned under it, each wrapped to the width (never cut short of
// its end: its last words may be the point); unless raw (an error's) or
// verbose, at most multiLines lines, the last one cut.
func (h *Writer) multiline(prefix string, col int, s string, raw bool) {
	n := multiLines
	switch {
	case raw || h.width <= 0:
		n = -1
	case unifiedDiff(s):
		// A diff's changes come after its headers and context: at
		// eight lines a short diff showed none of them.
		n = diffLines
	}
	if n >= 0 {
		s = strings.TrimSuffix(s, "\n") // shortened: the break that ends the last line starts no line
	}
	if !raw {
		s = h.withMDTables(s, h.width-col) // an error's text is never cut: as written
	}
	lns, left := h.firstLines(s, h.width-col, n)
	if left > 0 {
		// The last line says how much is left, and how to see it.
		lns, left = h.firstLines(s, h.width-col, n-1)
	}
	for i, ln := range lns {
		ln = sanitize.String(ln, h.San())
		if i == 0 {
			h.o.Line(strings.TrimRight(prefix+ln, " "))
		} else {
			h.o.Line(strings.TrimRight(blank(col)+ln, " "))
		}
	}
	if left > 0 {
		h.o.Line(blank(col) + h.more(left))
	}
}
