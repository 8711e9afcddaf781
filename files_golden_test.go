package main

import (
	"path/filepath"
	"testing"
)

// Files, trees and diffs in the looks the MCP goldens leave out: tree
// lines and sizes in ASCII (--ascii stays ASCII), a diff and a
// multi-file read with their colours.
func TestFileGoldens(t *testing.T) {
	ascii := human(80)
	ascii.ASCII = true
	color := human(80)
	color.Color = true
	dir := filepath.Join("testdata", "golden", "mcp")
	for in, v := range map[string]variant{
		"filesystem_directory_tree_after.json":      {"ascii", ascii},
		"filesystem_list_directory_with_sizes.json": {"ascii", ascii},
		"filesystem_edit_file.json":                 {"color", color},
		"filesystem_read_multiple_files.json":       {"color", color},
		"everything_resources_read_markdown.json":   {"human-40", human(40)},
	} {
		checkGoldens(t, filepath.Join("testdata", "mcp", in), dir, []variant{v})
	}
}
