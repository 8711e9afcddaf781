package mangen

import (
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	var b strings.Builder
	err := Write(&b, Page{
		Name: "tool", Section: 1, Manual: "User Commands", Source: "tool 1.0",
		Summary: "do a thing", Synopsis: "[options] [FILE ...]",
		Sections: []Section{
			{Name: "Description", Text: "First paragraph,\nfilled.\n\n.starts with a dot and has a back\\slash"},
			{Name: "Options", Items: []Item{{Tag: "-o, --output", Arg: "MODE", Text: "'quoted' mode"}}},
			{Name: "Examples", Examples: []Example{{What: "Run it", Command: []string{"tool -o x | \\", "  less"}}}},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `.TH "TOOL" 1 "" "tool 1.0" "User Commands"
.ad l
.nh
.SH NAME
tool \- do a thing
.SH SYNOPSIS
.B tool
[options] [FILE ...]
.SH "DESCRIPTION"
First paragraph, filled.
.PP
\&.starts with a dot and has a back\eslash
.SH "OPTIONS"
.TP
\fB\-o, \-\-output\fR \fIMODE\fR
\&'quoted' mode
.SH "EXAMPLES"
.PP
Run it
.PP
.RS 4
.nf
tool \-o x | \e
  less
.fi
.RE
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
