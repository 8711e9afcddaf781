package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v3"
)

// completionMarker ends the command line that urfave/cli's completion
// scripts run to ask for candidates.
const completionMarker = "--generate-shell-completion"

// completionScript is urfave/cli's completion script for shell, taken from
// a throwaway command: on the real one its `completion` subcommand would
// stop a file named completion from being rendered, hence the hidden
// --completion flag. Two changes: in bash it works without the
// bash-completion package, and in fish file names are completed where no
// flag or value is.
func completionScript(shell string) (string, error) {
	var b bytes.Buffer
	c := &cli.Command{Name: "khive-pretty", EnableShellCompletion: true, Writer: &b, ErrWriter: io.Discard,
		ExitErrHandler: func(context.Context, *cli.Command, error) {}}
	if err := c.Run(context.Background(), []string{"khive-pretty", "completion", shell}); err != nil {
		return "", err
	}
	script := b.String()
	switch shell {
	case "bash":
		script = strings.Replace(script,
			"  else\n    _get_comp_words_by_ref \"$@\" cur prev words cword\n",
			"  elif declare -F _get_comp_words_by_ref >/dev/null 2>&1; then\n    _get_comp_words_by_ref \"$@\" cur prev words cword\n", 1)
	case "fish":
		script += "# Files, where no flag or value is being completed.\n" +
			"complete -c khive-pretty -n 'not count (__khive-pretty_perform_completion) >/dev/null' -F\n"
	}
	return script, nil
}

// complete answers a completion script: the values of the flag before the
// cursor (-o, --color, --pager, --completion), else the flags starting
// with the word being completed; else nothing, and the shell completes
// file names. args are the words before the cursor as the parser left
// them: a flag still waiting for its value, or an unknown one, is last.
func complete(w io.Writer, args []string, flags []cli.Flag) {
	last := ""
	if len(args) > 0 {
		last = args[len(args)-1]
	}
	if !strings.HasPrefix(last, "-") {
		return
	}
	for _, f := range flags {
		for _, n := range f.Names() {
			if "-"+n != last && "--"+n != last {
				continue
			}
			if d, ok := f.(cli.DocGenerationFlag); ok && d.TakesValue() {
				for _, c := range flagChoices(f.Names()[0]) {
					fmt.Fprintf(w, "%s:%s\n", c.name, c.help)
				}
				return
			}
		}
	}
	for _, f := range flags {
		if v, ok := f.(cli.VisibleFlag); ok && !v.IsVisible() {
			continue
		}
		usage := ""
		if d, ok := f.(cli.DocGenerationFlag); ok {
			usage, _, _ = strings.Cut(d.GetUsage(), ";")
		}
		for _, n := range f.Names() {
			if c := dashed(n); strings.HasPrefix(c, last) && c != last {
				fmt.Fprintf(w, "%s:%s\n", c, usage)
			}
		}
	}
}
