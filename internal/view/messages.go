package view

// Messages is a conversation, turn by turn: a prompt's messages, what a
// server asks a model to answer.
type Messages struct {
	Messages []Message
	Indent   int
}

func (Messages) block() {}

// walkMessages gives Walk every text of a conversation.
func walkMessages(ms Messages, text func(string), rec func(*Record)) {
	for _, m := range ms.Messages {
		text(m.Role)
		text(m.Text)
		for _, f := range m.Note {
			text(f)
		}
		rec(m.Extra)
	}
}

// Message is one turn: who speaks, and what.
type Message struct {
	Role string
	Text string // prose: wrapped, never cut
	// Note names content that is not text in one line: "image ·
	// image/png · 70 B".
	Note  []string
	Extra *Record
}
