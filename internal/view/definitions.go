package view

// Definition is something a server offers, with what it takes: a tool
// and its arguments, a prompt, a form to fill in.
type Definition struct {
	Name  string // "" for a form that has no name of its own
	Title string // a name for people, when it says more than Name
	Hints []Hint // what it declares about its behaviour
	// Description is prose: wrapped, never cut.
	Description string
	Params      []Param
	// Returns is what it gives back, summed up in one line that a
	// shortened view may cut.
	Returns string
	Extra   *Record
	Indent  int
}

func (Definition) block() {}

// HintKind is a declared behaviour, which a writer shows as a glyph.
type HintKind uint8

const (
	OtherHint   HintKind = iota // words only
	ReadOnly                    // changes nothing
	Destructive                 // may destroy or overwrite
	Idempotent                  // the same call again changes nothing more
	OpenWorld                   // reaches outside: the web, other systems
)

// Hint is one declared behaviour: its kind, its words and their tone.
type Hint struct {
	Kind HintKind
	Text string
	Tone Tone
}

// Param is one input of a definition: an argument, a field of a form.
type Param struct {
	Name  string
	Title string // a label for people, when it says more than Name
	// Type is the value's type as written for people: "string",
	// "number[]", "string | null"; "" when it is not said.
	Type        string
	Required    bool
	Facts       []Fact // constraints: choices, a default, a range
	Description string
	Params      []Param // the fields of an object, or of an array's objects
}

// Fact is a constraint on a param's value: "one of error, success",
// "default 3", "max 10".
type Fact struct {
	Label  string
	Values []Literal
}

// Literal is a value as written (a string's text, JSON otherwise) and,
// for a choice, the label people see for it.
type Literal struct {
	Text  string
	Label string
}
