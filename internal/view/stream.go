package view

// Stream is blocks that come as a long list is read: a server view's items
// (code-search hits) past the rows a decoder holds. Next yields the next
// block, false after the last; its error is the input's.
type Stream struct {
	Next func() (Block, bool, error)
}

// Later is blocks that can be made only once what comes before them has
// been written: what follows a list shown as it is read (its count, its
// footer, the fields after it, a failure said after its rows), made from
// the rest of the document, which is read when they are asked for. Its
// error is the input's.
type Later struct {
	Blocks func() ([]Block, error)
}

func (Stream) block() {}
func (Later) block()  {}
