package view

// Stream is blocks that come as a long list is read: a server view's items
// (code-search hits) past the rows a decoder holds. Next yields the next
// block, false after the last; its error is the input's.
type Stream struct {
	Next func() (Block, bool, error)
}

func (Stream) block() {}
