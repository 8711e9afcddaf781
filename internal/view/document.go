package view

// Document is a text sent whole, to be read as it is: a file's contents,
// a resource. A header names it (a path or URI, then what else is known:
// a MIME type, a size); the body keeps its line breaks and its tabs
// (expanded to the next tab stop), and is wrapped, never cut, to the
// width. A document whose contents are JSON has no body: the view of the
// value follows it.
type Document struct {
	Title  string   // a path or URI; "" for none
	Fields []string // the rest of the header: "text/plain", "62 B"
	Text   string   // the body; "" for none (a binary blob, JSON shown after it)
	// Language names the body's syntax for writers that colour or fence
	// it ("markdown", "go"); "" for plain text.
	Language string
	Extra    *Record // fields the header leaves out, under --verbose
}

func (Document) block() {}
