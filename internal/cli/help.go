package cli

import (
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/urfave/cli/v3"
)

// seeAlso is the SEE ALSO section's text.
const seeAlso = "man khive-pretty (man -l doc/khive-pretty.1 in a clone); the repository's README.md and docs/: usage.md (every option and output), scripting.md (plain output, tsv and csv, --redact), servers.md (khive, MCP and other servers), performance.md, library.md (the pretty Go package), design.md."

// helpFlag is -h, --help. Its value is a bool of a type of its own,
// helpWanted: urfave/cli shows its own help when a flag named help holds
// a true bool, through text/template (parsing, reflection, a map of
// functions: about 1.4 ms of a 12 ms --help), and leaves a value of
// another type to the command's Action, which writes helpText.
type helpFlag = cli.FlagBase[helpWanted, cli.BoolConfig, helpValue]

// helpWanted says that --help was given.
type helpWanted bool

// helpValue holds --help's value; it is a switch (IsBoolFlag), taking no
// argument.
type helpValue struct{ p *helpWanted }

func (helpValue) Create(v helpWanted, p *helpWanted, _ cli.BoolConfig) cli.Value {
	*p = v
	return &helpValue{p}
}

func (helpValue) ToString(v helpWanted) string { return strconv.FormatBool(bool(v)) }

func (h *helpValue) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*h.p = helpWanted(b)
	return nil
}

func (h *helpValue) Get() any { return *h.p }

func (h *helpValue) String() string {
	if h.p == nil {
		return "false"
	}
	return strconv.FormatBool(bool(*h.p))
}

func (h *helpValue) IsBoolFlag() bool { return true }

// helpText is --help at cols columns.
func helpText(cmd *cli.Command, cols int) string {
	// One builder for all of it: in a fresh process, every allocation
	// touches memory for the first time, and --help is all start-up.
	p := page{width: cols}
	p.Grow(12 << 10)
	p.fill(cmd.Name+" - "+cmd.Usage, 0)
	p.WriteString("\n\nUSAGE\n")
	p.fill(cmd.Name+" [options] "+cmd.ArgsUsage, 2)
	p.WriteString("\n\n")
	p.fill(cmd.Description, 2)
	p.WriteString("\n\nOPTIONS\n")
	p.defList(flagItems(cmd.VisibleFlags()), 2)
	p.WriteString("\nEXAMPLES\n")
	for i, e := range examples() {
		if i > 0 {
			p.WriteString("\n")
		}
		p.WriteString("  # ")
		p.wrap(e.what, 4, "  # ")
		p.shellLines(e.command, 2)
	}
	p.WriteString("\nENVIRONMENT\n")
	p.defList(environment(), 2)
	p.WriteString("\nEXIT STATUS\n")
	p.defList(exitCodes(), 2)
	p.WriteString("\nSEE ALSO\n")
	p.fill(seeAlso, 2)
	p.WriteString("\n")
	return p.String()
}

// item is a term and its definition: a flag, a variable, an exit code.
type item struct{ term, text string }

// flagItems lists flags as in gh: "-o, --output MODE", long names aligned.
func flagItems(flags []cli.Flag) []item {
	items := make([]item, 0, len(flags))
	var b strings.Builder
	b.Grow(len(flags) * 128)
	for _, f := range flags {
		start := b.Len()
		_, _, text := flagDoc(&b, f, true)
		// The term is the indent, the names and the placeholder, as written.
		items = append(items, item{b.String()[start : b.Len()-len(text)], text})
	}
	return items
}

// flagDoc is what --help and the man page say of a flag: its names
// ("-o, --output"), the placeholder of its value, and its description with
// the default and the environment variable. It writes them to b in that
// order, the placeholder after a space if the flag takes a value, and
// with align, four spaces first for a flag with no short name, to line
// its long name up with the others; it returns the three cut from b.
// --help lays out every flag, and in a fresh process each allocation of a
// size not used yet touches a page of memory for the first time.
func flagDoc(b *strings.Builder, f cli.Flag, align bool) (names, arg, text string) {
	all := f.Names()
	if align && len(all) < 2 {
		b.WriteString("    ")
	}
	start := b.Len()
	if len(all) > 1 {
		b.WriteString("-")
		b.WriteString(all[1])
		b.WriteString(", ")
	}
	b.WriteString("--")
	b.WriteString(all[0])
	names = b.String()[start:]
	if arg = placeholder(all[0]); arg != "" {
		b.WriteString(" ")
		b.WriteString(arg)
	}
	start = b.Len()
	if d, ok := f.(cli.DocGenerationFlag); ok {
		b.WriteString(d.GetUsage())
		if def := d.GetDefaultText(); def != "" {
			b.WriteString(" (default: ")
			b.WriteString(def)
			b.WriteString(")")
		}
		for i, env := range d.GetEnvVars() {
			if i == 0 {
				b.WriteString("; env ")
			} else {
				b.WriteString(", ")
			}
			b.WriteString(env)
		}
	}
	return names, arg, b.String()[start:]
}

// example is a command line worth copying, and what it does.
type example struct{ what, command string }

func examples() []example {
	return []example{
		{"A khive server's answer, for a person on a terminal (plain text when piped)",
			"curl -s localhost:8080/api/list | khive-pretty"},
		{"An MCP tool call streamed as Server-Sent Events: progress shows as it arrives",
			`curl -sN http://localhost:8000/mcp -H 'Accept: application/json, text/event-stream' -H 'Content-Type: application/json' -d @call.json | khive-pretty`},
		{"A tool call through the MCP inspector",
			"npx @modelcontextprotocol/inspector --cli node server.js --method tools/call --tool-name list | khive-pretty"},
		{"A CI snapshot: plain output is stable, and --redact labels the IDs and times a server mints anew each run",
			"khive-pretty --redact reply.json > reply.txt && git diff --exit-code reply.txt"},
		{"The rows of the answer's table alone, for a script",
			"khive-pretty tasks.json -o tsv -c id,title --no-headers | cut -f1"},
		{"Errors in a stream of replies",
			"khive-pretty replies.ndjson | grep '^error:'"},
		{"Human output in colour through a pager of your own",
			"khive-pretty -o human --color always big.json | less -R"},
	}
}

func environment() []item {
	return []item{
		{"NO_COLOR", "set (to anything): no colour under --color auto (no-color.org)"},
		{"CLICOLOR", "0: no colour under --color auto"},
		{"CLICOLOR_FORCE", "set, and not 0: colour under --color auto even when piped, also over NO_COLOR; " +
			"colour only: -o auto still gives plain output when piped"},
		{"FORCE_COLOR", "as CLICOLOR_FORCE"},
		{"TERM", "dumb, unset or empty (not on Windows): no colour under --color auto, and no less by default"},
		{"COLUMNS", "the width of human output, before the terminal's (stdout, stderr, then /dev/tty)"},
		{"KHIVE_PRETTY_NOW", "the clock for relative times, as --now"},
		{"KHIVE_PRETTY_COLORS", "recolour parts of the theme, as ROLE=SGR entries separated by : or ; " +
			"(id=2;key=34;bad=1;31); roles: " + strings.Join(theme.RoleNames(), ", ")},
		{"KHIVE_PRETTY_PAGER", "the pager, before PAGER; empty or cat: no pager"},
		{"PAGER", "the pager when KHIVE_PRETTY_PAGER is unset; else less"},
		{"LESS", "options of less; FRX when unset (quit if one screen, raw colours, no init); less gets -R either way"},
		{"LESSCHARSET", "less's character set; utf-8 unless LESSCHARSET or LESSCHARDEF is set"},
	}
}

func exitCodes() []item {
	return []item{
		{"0", "everything rendered"},
		{"1", "everything rendered, and the input reported a failure: ok: false, a JSON-RPC error, " +
			"an MCP isError result, an HTTP 4xx/5xx status"},
		{"2", "usage error, unreadable file, empty input, input that is not JSON, or a write error"},
		{"130, 143", "interrupted by Ctrl-C (SIGINT) or SIGTERM while not paging; quitting the pager early exits 0"},
	}
}

// page is help text being laid out at a width.
type page struct {
	strings.Builder
	width int
}

// blanks are the spaces indents are cut from.
const blanks = "                                                                "

// spaces is n spaces.
func spaces(n int) string {
	if n <= len(blanks) {
		return blanks[:n]
	}
	return strings.Repeat(" ", n)
}

// pad writes n spaces.
func (p *page) pad(n int) { p.WriteString(spaces(n)) }

// fill wraps text to the width at spaces, each line indented; paragraphs
// are separated by a blank line. A word wider than the line is not broken.
func (p *page) fill(text string, indent int) {
	first := true
	for para := range strings.SplitSeq(text, "\n\n") {
		if !first {
			p.WriteString("\n\n")
		}
		first = false
		p.pad(indent)
		p.wrap(para, indent, spaces(indent))
	}
}

// wrap fills one paragraph from column col, where what leads its first
// line has been written; the other lines start with rest.
func (p *page) wrap(para string, col int, rest string) {
	start := true
	for word := range strings.FieldsSeq(para) {
		n := utf8.RuneCountInString(word)
		if !start && col+1+n > p.width {
			p.WriteByte('\n')
			p.WriteString(rest)
			col, start = utf8.RuneCountInString(rest), true
		}
		if !start {
			p.WriteByte(' ')
			col++
		}
		p.WriteString(word)
		col += n
		start = false
	}
}

// defList lays out terms and their definitions in two columns, the
// definitions wrapped beside the terms; when the page is too narrow for
// that, each definition goes under its term.
func (p *page) defList(items []item, indent int) {
	termWidth := 0
	for _, it := range items {
		termWidth = max(termWidth, utf8.RuneCountInString(it.term))
	}
	col := indent + termWidth + 2
	beside := p.width-col >= 30
	for _, it := range items {
		p.pad(indent)
		if !beside {
			p.WriteString(strings.TrimLeft(it.term, " "))
			p.WriteByte('\n')
			p.pad(indent + 4)
			p.wrap(it.text, indent+4, spaces(indent+4))
			p.WriteByte('\n')
			continue
		}
		p.WriteString(it.term)
		p.pad(termWidth - utf8.RuneCountInString(it.term) + 2)
		p.wrap(it.text, col, spaces(col))
		p.WriteByte('\n')
	}
}

// shellLines writes a command line fitted to the width, continued with
// backslashes so that it can still be copied. Quoted words stay whole, and
// an option stays with its value where it can.
func (p *page) shellLines(command string, indent int) {
	p.WriteByte('\n')
	p.pad(indent)
	col := indent
	for i, unit := range shellUnits(shellWords(command), p.width-indent-4) {
		n := utf8.RuneCountInString(unit)
		if i > 0 && col+1+n+2 > p.width {
			p.WriteString(" \\\n")
			p.pad(indent + 2)
			col = indent + 2
		} else if i > 0 {
			p.WriteByte(' ')
			col++
		}
		p.WriteString(unit)
		col += n
	}
	p.WriteByte('\n')
}

// shellUnits joins an option to the word after it ("-H 'Accept: …'"),
// unless that is an option or an operator too, or the two are wider than
// max.
func shellUnits(words []string, max int) []string {
	var units []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if strings.HasPrefix(w, "-") && i+1 < len(words) && !strings.ContainsAny(words[i+1][:1], "-|>&") &&
			utf8.RuneCountInString(w)+1+utf8.RuneCountInString(words[i+1]) <= max {
			w += " " + words[i+1]
			i++
		}
		units = append(units, w)
	}
	return units
}

// shellWords splits a command line at spaces outside quotes.
func shellWords(s string) []string {
	var words []string
	var quote rune
	start := -1
	for i, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == ' ':
			if start >= 0 {
				words = append(words, s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		words = append(words, s[start:])
	}
	return words
}

// versionText is --version: the module version, the commit it was built
// from (and whether the tree had changes), and the Go toolchain, all from
// the build information Go records in the binary.
func versionText(bi *debug.BuildInfo) string {
	if bi == nil {
		return "khive-pretty (unknown version)\n"
	}
	var rev, when, modified string
	goos, goarch := runtime.GOOS, runtime.GOARCH
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		case "GOOS":
			goos = s.Value
		case "GOARCH":
			goarch = s.Value
		}
	}
	version := bi.Main.Version
	if version == "" {
		version = "(devel)"
	}
	s := "khive-pretty " + version + "\n"
	if rev != "" {
		s += "commit " + rev[:min(12, len(rev))]
		if when != "" {
			s += " (" + when + ")"
		}
		s += modified + "\n"
	}
	return s + bi.GoVersion + " " + goos + "/" + goarch + "\n"
}
