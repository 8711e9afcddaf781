package recognise

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// The filesystem MCP server answers every tool with one text, and its
// structuredContent is only {"content": "<the same text>"}: what the text
// is (a file, a listing, a diff …) is told by its form. A lone content
// string is that server's signature; the inspector prints no tool name.

var fileText = Recogniser{
	Name: "filesystem text",
	Keys: []string{"content"},
	Match: func(v Value) bool {
		return len(v.Members) == 1 && v.Members[0].Key == "content" && v.Members[0].Value.Kind == String
	},
	View: func(b builder, v Value) ([]view.Block, error) {
		return b.fileText(v.Members[0].Value.Text, true), nil
	},
}

// fileTree is directory_tree's JSON: [{name, type: file|directory,
// children}], also when it comes as a text block.
var fileTree = Recogniser{
	Name:   "file tree",
	Arrays: true,
	Match: func(v Value) bool {
		_, ok := treeNodes(v, 0)
		return ok
	},
	View: func(b builder, v Value) ([]view.Block, error) {
		nodes, ok := treeNodes(v, 0)
		if !ok {
			return nil, errShape("not a file tree")
		}
		return []view.Block{view.Tree{Nodes: nodes}}, nil
	},
}

// treeNodes reads a list of tree entries; each is a name, a type, and for
// a directory its entries; anything else is not this tree.
func treeNodes(v Value, depth int) ([]view.TreeNode, bool) {
	if v.Kind != Array || len(v.Items) == 0 && depth == 0 || depth >= MaxDepth {
		return nil, false
	}
	nodes := []view.TreeNode{} // room made once an item is an entry: most lists are not trees
	for _, it := range v.Items {
		name, _ := it.Get("name")
		typ := it.Str("type")
		if it.Kind != Object || name.Kind != String || typ != "file" && typ != "directory" {
			return nil, false
		}
		n := view.TreeNode{Name: name.Text, Dir: typ == "directory"}
		for _, m := range it.Members {
			switch m.Key {
			case "name", "type":
			case "children":
				kids, ok := treeNodes(m.Value, depth+1)
				if !ok {
					return nil, false
				}
				n.Children = kids
			default:
				return nil, false
			}
		}
		if cap(nodes) == 0 {
			nodes = make([]view.TreeNode, 0, len(v.Items))
		}
		nodes = append(nodes, n)
	}
	return nodes, true
}

// fileText is the view of a filesystem result's text by its form: a diff,
// a listing, file info, a multi-file read, the allowed directories. loose
// also reads the forms that could be anyone's text, for a text known to
// be the filesystem server's: JSON, search matches, a success message,
// and else a file's contents as a document. Without loose, nil when the
// text has none of the strict forms.
func (b builder) fileText(text string, loose bool) []view.Block {
	if loose {
		if text == "" {
			return []view.Block{view.Note{Fields: []string{"empty"}}}
		}
		if docs, ok := protocol.ParseJSONText(text); ok {
			return b.values(docs)
		}
	}
	if lines, ok := parseDiff(text); ok {
		return []view.Block{view.Diff{Lines: lines}}
	}
	if l, ok := parseListing(text); ok {
		return listingBlocks(l)
	}
	if fields, ok := parseFileInfo(text); ok {
		return []view.Block{fileInfo(fields)}
	}
	if reads, ok := parseReads(text); ok {
		return b.reads(reads, false)
	}
	if reads, ok := parseReadSummary(text); ok {
		return b.reads(reads, true)
	}
	if heading, dirs, ok := parseAllowed(text); ok {
		return []view.Block{pathTree(heading, dirs, true)}
	}
	if !loose {
		return nil
	}
	if text == "No matches found" {
		return []view.Block{view.Note{Fields: []string{text}}}
	}
	if paths, ok := parsePaths(text); ok {
		return []view.Block{pathTree("", paths, false)}
	}
	if strings.HasPrefix(text, "Successfully ") && !strings.Contains(text, "\n") {
		return []view.Block{view.Footer{Kind: view.Result, Parts: []view.Part{{Mark: view.OK, Tone: view.Good, Text: text}}}}
	}
	return []view.Block{view.Document{Text: text}}
}

// values is the view of JSON documents found in a text, one after another.
func (b builder) values(docs []Value) []view.Block {
	var n nester = b
	var blocks []view.Block
	for i, d := range docs {
		if i > 0 {
			blocks = append(blocks, view.Gap{})
		}
		blocks = append(blocks, n.document(d, &view.Doc{})...)
	}
	return blocks
}

// nester makes the view of a value found inside a shape's value. A view
// that calls document depends on the registry, which holds that view's
// shape: called through an interface, the call is not the initialisation
// cycle Go would otherwise see in it.
type nester interface {
	document(v Value, d *view.Doc) []view.Block
}

// listingBlocks is a listing as a flat tree, then its totals.
func listingBlocks(l listing) []view.Block {
	blocks := []view.Block{view.Tree{Nodes: l.nodes}}
	if l.size != "" {
		blocks = append(blocks, view.Footer{Kind: view.Meta, Parts: []view.Part{
			{Text: format.CountText(l.files, "file")},
			{Text: format.CountText(l.dirs, "directory")},
			{Text: l.size + " combined"},
		}})
	}
	return blocks
}

// pathTree is a list of paths, as a flat tree.
func pathTree(heading string, paths []string, dirs bool) view.Tree {
	t := view.Tree{Heading: heading, Nodes: make([]view.TreeNode, len(paths))}
	for i, p := range paths {
		t.Nodes[i] = view.TreeNode{Name: p, Dir: dirs}
	}
	return t
}

// fileInfo is get_file_info as a record: times as times, flags as
// booleans, numbers as numbers, each as written.
func fileInfo(fields []infoField) view.Record {
	r := view.Record{}
	for _, f := range fields {
		c := view.Cell{Kind: view.Text, Text: f.value}
		if t, ok := jsDate(f.value); ok {
			c.Kind, c.At = view.Time, t
		} else if t, ok := quotedTime(f.value); ok {
			// desktop-commander writes its dates as JSON strings
			// (JSON.stringify of a Date): the quotes are its format's.
			c.Text, c.Kind, c.At = t.text, view.Time, t.at
		} else if f.value == "true" || f.value == "false" {
			c.Kind = view.Bool
		} else if isUint(f.value) && f.key == "size" {
			c.Kind = view.Number
		}
		r.Fields = append(r.Fields, view.Field{Key: f.key, Cell: c})
	}
	return r
}

// reads is read_multiple_files: a document for each file, an error for
// each that could not be read. A summary (desktop-commander's) is a line
// for each file, its type, the contents following in blocks of their own.
func (b builder) reads(reads []fileRead, summary bool) []view.Block {
	var blocks []view.Block
	for i, r := range reads {
		if i > 0 && !summary {
			blocks = append(blocks, view.Gap{})
		}
		switch {
		case r.failed:
			blocks = append(blocks, view.Error{Tool: r.path, Message: r.err})
		case summary:
			blocks = append(blocks, view.Document{Title: r.path, Fields: []string{r.content}})
		default:
			d := view.Document{Title: r.path, Fields: []string{format.Bytes(int64(len(r.content)))}}
			blocks = append(blocks, b.textDocument(d, r.content, Language(r.path))...)
		}
	}
	return blocks
}

// textDocument is a document whose body is text: JSON as the view of its
// value after the header, other text as the body, in lang.
func (b builder) textDocument(d view.Document, text, lang string) []view.Block {
	if docs, ok := protocol.ParseJSONText(text); ok {
		return append([]view.Block{d}, b.values(docs)...)
	}
	d.Text, d.Language = text, lang
	return []view.Block{d}
}
