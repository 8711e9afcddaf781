package view

// DiffKind is what a line of a unified diff is.
type DiffKind uint8

const (
	DiffContext DiffKind = iota // unchanged, starts with a space
	DiffAdded                   // starts with +
	DiffRemoved                 // starts with -
	DiffHunk                    // @@ -1,3 +1,4 @@
	DiffHeader                  // a file's header: Index:, ===, ---, +++, diff --git
	DiffNote                    // \ No newline at end of file
)

// DiffLine is one line of a diff, as written (its + - or space included).
type DiffLine struct {
	Kind DiffKind
	Text string
}

// Diff is a unified diff, line by line.
type Diff struct {
	Lines []DiffLine
}

func (Diff) block() {}
