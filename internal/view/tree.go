package view

// TreeNode is an entry of a Tree: a file or a directory, with what it
// holds.
type TreeNode struct {
	Name     string
	Dir      bool   // a directory, which a writer marks as one
	Size     string // as the server wrote it ("192 B"); "" for none
	Children []TreeNode
}

// Tree is a listing of files and directories, nested or flat, under an
// optional heading. Sizes, when given, line up in a column.
type Tree struct {
	Heading string
	Nodes   []TreeNode
}

func (Tree) block() {}

// EachNode calls fn with every node of the tree in the order it is shown
// and, for each level from the top down to its own, whether the node on
// its path at that level is the last of its siblings: len(last)-1 is its
// depth. last is valid during the call.
func (t Tree) EachNode(fn func(n TreeNode, last []bool)) {
	var walk func(nodes []TreeNode, last []bool)
	walk = func(nodes []TreeNode, last []bool) {
		for i, n := range nodes {
			l := append(last, i == len(nodes)-1)
			fn(n, l)
			walk(n.Children, l)
		}
	}
	walk(t.Nodes, nil)
}
