package table

// Style wraps text in a fixed pair of escape sequences (SGR colours, an
// OSC 8 link). The zero Style leaves text untouched, which is what every
// style is when colour is off: the layout is then identical, only the
// escapes are missing. Widths are measured on the text, never on a Style.
type Style struct{ pre, post string }

// NewStyle is the style that writes pre before a text and post after it.
func NewStyle(pre, post string) Style { return Style{pre, post} }

// Render styles s. Callers must pass text that is already sanitised and cut
// to width: styles are applied last so that widths are measured on plain text.
func (s Style) Render(text string) string {
	if s.pre == "" || text == "" {
		return text
	}
	return s.pre + text + s.post
}

// Ends is what Render puts before and after a text: for text written in
// pieces (a string too long to hold), styled as a whole.
func (s Style) Ends() (pre, post string) { return s.pre, s.post }

// Around is s inside outer: outer's sequences first and last.
func (s Style) Around(outer Style) Style {
	if outer.pre == "" {
		return s
	}
	return Style{pre: outer.pre + s.pre, post: s.post + outer.post}
}
