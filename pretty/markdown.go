package pretty

import (
	"strings"

	"github.com/khive-ai/khive-pretty/sanitize"
	"github.com/khive-ai/khive-pretty/table"
)

// markdown renders GitHub-flavoured Markdown (-o markdown), to paste into a
// pull request, an issue or a prompt: lists as tables, records as bullet
// lists, errors as blockquotes, code in fenced blocks. It is deterministic
// (no relative times, no width, no colour) and concise by default: cells
// are cut at mdCell characters, except identity columns (IDs, statuses,
// titles, times), which never are; no column, table or section that human
// output shows is left out. --verbose shows everything in full.
type markdown struct {
	o *out
	h human // cells are formatted as human output's, in its Markdown mode
}

const mdCell = 120

func newMarkdown(o *out, opt Options, st style) markdown {
	h := newHuman(o, opt, st)
	h.width, h.md = 0, true
	return markdown{o: o, h: h}
}

func (m markdown) part(p part) {
	switch p.kind {
	case partValue:
		m.document(p.v)
	case partProse:
		// A tool's prose is line by line, often in columns: more than one
		// line keeps its breaks and alignment in a text block.
		text := strings.TrimRight(strings.ReplaceAll(p.text, "\r\n", "\n"), "\n")
		if strings.Contains(text, "\n") {
			m.codeBlock(text, "text", false)
		} else {
			m.o.line(mdLineStart(m.h.text(text)))
		}
	case partNote:
		if p.plain != "" { // headers and such have no plain form: left out here too
			m.o.line("_" + mdInline(m.h.text(strings.Join(p.fields, m.h.g.Sep))) + "_")
		}
	}
}

func (m markdown) document(v Value) {
	if r := findRenderer(v, ""); r != nil && r.markdown != nil && m.special(r, v, "") {
		return
	}
	switch classify(v) {
	case ShapeBatch:
		m.batch(v)
	case ShapeError:
		m.errorBlock(v, "")
	case ShapeEnvelope:
		m.envelope(v, "")
	case ShapeList:
		m.list(v)
	case ShapeRecords:
		m.table(v.Items, "")
		m.footer([]string{count(len(v.Items), noun(v.Items, ""))}, "")
	case ShapeRecord:
		m.bullets(v, "", false, false)
	case ShapeScalars:
		parts := make([]string, len(v.Items))
		for i, it := range v.Items {
			parts[i] = mdInline(m.h.cell("", it, it.Kind == Null).Text)
		}
		m.o.line(mdLineStart(strings.Join(parts, ", ")))
	case ShapeArray:
		if short, deep := m.h.tooDeep(v); deep {
			m.o.line("_" + mdInline(short) + "_")
			return
		}
		for _, it := range v.Items {
			m.deeper().document(it)
			m.o.gap()
		}
	default:
		m.o.line(mdLineStart(mdInline(m.h.cell("", v, false).Text)))
	}
}

// special renders with a renderer's Markdown form, falling back like human
// output does.
func (m markdown) special(r *shapeRenderer, v Value, title string) bool {
	return special(m.o, m.h.opt, r.name, func(o *out) error {
		mm := m
		mm.o, mm.h.o = o, o
		if title != "" {
			o.line(title)
			o.gap()
		}
		return r.markdown(mm, v)
	})
}

// table writes rows as a GitHub table: the columns human output would
// choose at any width, numbers right-aligned.
func (m markdown) table(rows []Value, indent string) {
	t := m.h.newRecordTable(rows, false)
	// Every column human output has room for at any width (a page has no
	// width to fit); no score bar. Concise Markdown cuts cells, never
	// columns.
	var cols []int
	for i := range t.tcols {
		if i != t.bar {
			cols = append(cols, i)
		}
	}
	if len(cols) == 0 {
		return
	}
	var b strings.Builder
	line := func(cells []string) {
		b.Reset()
		b.WriteString(indent + "|")
		for _, c := range cells {
			b.WriteString(" " + c + " |")
		}
		m.o.line(b.String())
	}
	var hdr, sep []string
	for _, i := range cols {
		c := t.tcols[i]
		hdr = append(hdr, mdCellText(c.Header))
		if c.Align == table.Right {
			sep = append(sep, "---:")
		} else {
			sep = append(sep, "---")
		}
	}
	line(hdr)
	line(sep)
	for _, row := range rows {
		cells := t.cells(row)
		out := make([]string, len(cols))
		for k, i := range cols {
			text := cells[i].Text
			if !m.h.opt.Verbose && !mdIdentity(t.keys[i]) {
				text = table.Cut(text, mdCell, m.h.g.Ellipsis)
			}
			out[k] = mdCellText(text)
		}
		line(out)
	}
}

// mdIdentity: the columns Markdown never cuts.
func mdIdentity(key string) bool {
	switch {
	case isIDKey(key), isStatusKey(key), key == "outcome", key == "title", key == "name", key == "priority":
		return true
	case strings.HasSuffix(key, "_at"), key == "due":
		return true
	}
	return false
}

// list: the table, then the footer and the list's other fields.
func (m markdown) list(v Value) {
	key, rows, _ := listRows(v)
	m.table(rows.Items, "")
	parts := []string{m.h.text(count(len(rows.Items), noun(rows.Items, key)))}
	if hm, _ := v.Get("has_more"); hm.IsTrue() {
		parts = append(parts, "more available")
	}
	if na, ok := v.Get("next_after"); ok && na.Kind != Null {
		parts = append(parts, "more after "+mdCode(scalarText(na)))
	}
	if lc, _ := v.Get("limit_clamped"); lc.IsTrue() {
		parts = append(parts, "limit clamped to "+m.h.text(scalarText(mustGet(v, "effective_limit")))+" (asked "+m.h.text(scalarText(mustGet(v, "requested_limit")))+")")
	}
	m.footer(parts, "")
	rest := Value{Kind: Object}
	for _, mem := range v.Members {
		if mem.Key != key && (m.h.opt.Verbose || !isListMetaKey(mem.Key)) {
			rest.Members = append(rest.Members, mem)
		}
	}
	if !isFiller("", rest, false) {
		m.o.gap()
		m.bullets(rest, "", false, false)
	}
}

func mustGet(v Value, key string) Value {
	f, _ := v.Get(key)
	return f
}

func (m markdown) footer(parts []string, indent string) {
	m.o.gap()
	m.o.line(indent + "_" + strings.Join(parts, m.h.g.Sep) + "_")
}

// bullets writes an object as a bullet list: nested objects as nested
// lists, arrays of objects as tables inside the item.
func (m markdown) bullets(v Value, indent string, raw, inProps bool) {
	for _, mem := range v.Members {
		if !raw && isFiller(mem.Key, mem.Value, inProps) {
			continue
		}
		if mem.Key == "full_id" && m.h.short(raw) {
			continue
		}
		key := mdStrong(mdInline(m.h.text(mem.Key)))
		val := mem.Value
		props := inProps || mem.Key == "properties"
		short, deep := "", false
		if val.Kind == Object || val.Kind == Array {
			short, deep = m.h.tooDeep(val)
		}
		switch {
		case deep && (len(val.Members) > 0 || len(val.Items) > 0):
			m.o.line(indent + "- " + key + ": " + mdInline(short))
		case val.Kind == Object && len(val.Members) > 0:
			m.o.line(indent + "- " + key + ":")
			m.deeper().bullets(val, indent+"  ", raw, props)
		case val.Kind == Array && allObjects(val.Items):
			m.o.line(indent + "- " + key + ":")
			m.o.line("")
			m.deeper().table(val.Items, indent+"  ")
			m.o.line("")
		case val.Kind == Array && !allScalars(val.Items):
			m.o.line(indent + "- " + key + ":")
			items := Value{Kind: Object}
			for i, it := range val.Items {
				items.Members = append(items.Members, Member{Key: "[" + itoa(i) + "]", Value: it})
			}
			m.deeper().bullets(items, indent+"  ", raw, props)
		default:
			text := m.h.cell(mem.Key, val, raw).Text
			if !raw && !m.h.opt.Verbose {
				text = table.Cut(text, mdCell, m.h.g.Ellipsis)
			}
			m.o.line(indent + "- " + key + ": " + mdInline(text))
		}
	}
}

// envelope: "**✓ tool**", then the result as what it is.
func (m markdown) envelope(v Value, num string) {
	res, _ := v.Get("result")
	title := mdStrong(num + m.h.g.OKMark + " " + mdInline(m.h.text(v.str("tool"))))
	if r := findRenderer(res, v.str("tool")); r != nil && r.markdown != nil && m.special(r, res, title) {
		m.envelopeRest(v)
		return
	}
	switch classify(res) {
	case ShapeScalar:
		if res.Kind == Null {
			m.o.line(title)
		} else {
			m.o.line(title + ": " + mdInline(m.h.cell("result", res, false).Text))
		}
	case ShapeList:
		m.o.line(title)
		m.o.gap()
		m.list(res)
	case ShapeRecords:
		m.o.line(title)
		m.o.gap()
		m.table(res.Items, "")
		m.footer([]string{count(len(res.Items), noun(res.Items, "results"))}, "")
	default:
		m.o.line(title)
		m.o.gap()
		m.document(res)
	}
	m.envelopeRest(v)
}

func (m markdown) envelopeRest(v Value) {
	m.restBullets(okRest(v))
}

// restBullets writes fields left over after a summary as bullets, after a
// blank line, when there are any.
func (m markdown) restBullets(rest Value) {
	if !isFiller("", rest, false) {
		m.o.gap()
		m.bullets(rest, "", false, false)
	}
}

// errorBlock: a blockquote with ✗, the tool and the kind, the message, and
// every detail; nothing shortened.
func (m markdown) errorBlock(v Value, num string) {
	ev := viewError(v)
	kind, msg := ev.kind, ev.msg
	mark := m.h.g.ErrorMark
	if ev.aborted {
		mark = m.h.g.AbortMark
	}
	tool := m.h.text(ev.tool)
	if tool == "" {
		tool = "error"
	}
	title := "> " + mdStrong(num+mark+" "+mdInline(tool))
	if kind != "" {
		title += " " + mdCode(kind)
	}
	m.o.line(title)
	if msg != "" {
		m.o.line(">")
		for _, ln := range strings.Split(strings.ReplaceAll(m.h.bound(msg), "\r\n", "\n"), "\n") {
			m.o.line("> " + mdLineStart(m.h.text(ln)))
		}
	}
	details := ev.details()
	if len(details.Members) > 0 {
		m.o.line(">")
		var buf strings.Builder
		bo := &out{w: newLineBuffer(&buf)}
		mm := m
		mm.o, mm.h.o = bo, bo
		mm.bullets(details, "", true, false)
		bo.w.Flush()
		for _, ln := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
			m.o.line("> " + ln)
		}
	}
}

// batch: one section per op, then the summary line in bold.
func (m markdown) batch(v Value) {
	res, _ := v.Get("results")
	for i, r := range res.Items {
		num := itoa(i+1) + ". "
		if isErrorEnvelope(r) {
			m.errorBlock(r, num)
		} else {
			m.envelope(r, num)
		}
		m.o.gap()
	}
	bv := viewBatch(v)
	parts := []string{}
	for _, mem := range bv.counts {
		parts = append(parts, mdInline(m.h.text(scalarText(mem.Value)))+" "+mdInline(m.h.text(mem.Key)))
	}
	line := mdStrong(strings.Join(parts, m.h.g.Sep))
	if bv.status != "" {
		line += m.h.g.Sep + mdInline(m.h.text(bv.status))
	}
	m.o.line(line)
	m.restBullets(bv.rest)
}

// mdCellText makes text safe inside a table cell: its pipes are escaped
// already (as text), and no line break may end the row.
func mdCellText(s string) string { return mdInline(s) }

// mdInline keeps text on one line; line breaks were already made spaces
// by the cell formatting, this catches any that were not.
func mdInline(s string) string {
	return strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
}

// mdEscape escapes, in text that is already safe for a terminal, what
// GitHub-flavoured Markdown would read as structure rather than text, so a
// value can never open an HTML comment, a link, emphasis, a code span or
// math that changes or hides what follows it: backslash, backtick, *, [,
// ], <, >, ~, |, &, $, and _ where it could start or end emphasis (not
// inside a word: snake_case stays readable). Text that starts a line also
// goes through mdLineStart.
func mdEscape(s string) string {
	if strings.IndexAny(s, "\\`*[]<>~|&$_") < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\', '`', '*', '[', ']', '<', '>', '~', '|', '&', '$':
			b.WriteByte('\\')
		case '_':
			if !wordByte(s, i-1) || !wordByte(s, i+1) {
				b.WriteByte('\\')
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// mdLineStart escapes what makes a block when it starts a line: a heading
// (#), a list item (-, +, "1." or "1)"), a setext underline (=). Spaces
// that would make an indented code block are dropped.
func mdLineStart(s string) string {
	s = strings.TrimLeft(s, " ")
	if s == "" {
		return s
	}
	if strings.IndexByte("#+-=", s[0]) >= 0 {
		return "\\" + s
	}
	digits := 0
	for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
		digits++
	}
	if digits > 0 && digits < len(s) && (s[digits] == '.' || s[digits] == ')') {
		return s[:digits] + "\\" + s[digits:]
	}
	return s
}

// wordByte reports whether s[i] is an ASCII letter or digit (or a byte of
// a non-ASCII character): the neighbours that keep an underscore inside a
// word.
func wordByte(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// mdStrong makes text bold. Markdown reads ** as strong emphasis only
// next to text, so spaces at the ends go, and an empty text stays
// visible as "".
func mdStrong(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		s = `""`
	}
	return "**" + s + "**"
}

// mdCode writes text as an inline code span, whose content Markdown shows
// as it is: the fence is longer than any run of backticks inside, with a
// space inside it when the text starts or ends with a backtick. A pipe is
// still escaped, as GitHub tables require even in code.
func mdCode(s string) string {
	s = mdInline(sanitize.String(s, 0))
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	f := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return f + strings.ReplaceAll(s, "|", `\|`) + f
}

// mdLine runs a renderer's human form in Markdown's mode (no colour, no
// width, no relative times) for a one-line result, and under --verbose
// adds the remaining fields as bullets.
func (m markdown) mdLine(v Value, human func(human, Value) error, shown ...string) error {
	h := m.h
	h.opt.Verbose = false
	if err := human(h, v); err != nil {
		return err
	}
	if m.h.opt.Verbose {
		m.restBullets(without(v, shown...))
	}
	return nil
}

// fence returns a code fence longer than any run of backticks in code.
func fence(code string) string {
	longest, run := 0, 0
	for _, c := range code {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}

// language guesses a fenced block's language from a file's extension.
func language(path string) string {
	ext := path[strings.LastIndexByte(path, '.')+1:]
	if !strings.Contains(path, ".") {
		return ""
	}
	switch strings.ToLower(ext) {
	case "py":
		return "python"
	case "go":
		return "go"
	case "js", "mjs", "cjs":
		return "javascript"
	case "ts":
		return "typescript"
	case "tsx":
		return "tsx"
	case "jsx":
		return "jsx"
	case "rs":
		return "rust"
	case "java":
		return "java"
	case "kt", "kts":
		return "kotlin"
	case "rb":
		return "ruby"
	case "sh", "bash":
		return "bash"
	case "c", "h":
		return "c"
	case "cc", "cpp", "cxx", "hpp", "hh":
		return "cpp"
	case "cs":
		return "csharp"
	case "php":
		return "php"
	case "swift":
		return "swift"
	case "sql":
		return "sql"
	case "html", "htm":
		return "html"
	case "css":
		return "css"
	case "json":
		return "json"
	case "yaml", "yml":
		return "yaml"
	case "toml":
		return "toml"
	case "md":
		return "markdown"
	}
	return ""
}

// codeBlock writes code in a fenced block: concise, the first codeLines
// lines and a count of the rest after the block.
func (m markdown) codeBlock(code, lang string, limit bool) {
	lines := strings.Split(strings.TrimRight(strings.ReplaceAll(m.h.bound(code), "\r\n", "\n"), "\n"), "\n")
	more := 0
	if limit && len(lines) > codeLines {
		more = len(lines) - codeLines
		lines = lines[:codeLines]
	}
	f := fence(code)
	m.o.line(f + lang)
	for _, ln := range lines {
		m.o.line(sanitize.String(strings.ReplaceAll(ln, "\t", "    "), 0))
	}
	m.o.line(f)
	if more > 0 {
		m.o.line("_" + m.h.g.Ellipsis + " " + count(more, "more line") + "_")
	}
}

// deeper is the renderer one level of nesting further in (the same limit
// as human output's).
func (m markdown) deeper() markdown {
	m.h = m.h.deeper()
	return m
}
