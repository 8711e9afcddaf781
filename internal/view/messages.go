package view

// Messages is a conversation, turn by turn: a prompt's messages, what a
// server asks a model to answer.
type Messages struct {
	Messages []Message
	Indent   int
}

func (Messages) block() {}

// Message is one turn: who speaks, and what.
type Message struct {
	Role string
	Text string // prose: wrapped, never cut
	// Note names content that is not text in one line: "image ·
	// image/png · 70 B"; with Text, what the text is (an embedded
	// resource), before it.
	Note  []string
	Extra *Record
}
