package view

// Heading is a line that says what follows: "14 tools", or a request
// that waits for an answer, "? server asks: roots/list  #0".
type Heading struct {
	Mark  Mark // NoMark, or Asks
	Tone  Tone
	Text  string
	Aside string // after the text, receded: an id
}

func (Heading) block() {}
