module github.com/khive-ai/khive-pretty

// The lowest Go the code builds with: golang.org/x/sys and x/term ask for
// 1.26.0, the code itself for 1.25. The build's own Go is pinned apart.
go 1.26.0

toolchain go1.26.8

// Runtime defaults that a run of a few milliseconds pays for at start-up
// and never uses (docs/performance.md): a goroutine, and a thread to run
// it, that follows changes of the CPU limit, and a system call naming
// each anonymous mapping for /proc/PID/maps. They apply to this command
// only, not to programs that import pretty; GODEBUG still overrides them.
godebug (
	decoratemappings=0
	updatemaxprocs=0
)

require (
	charm.land/lipgloss/v2 v2.0.6
	github.com/charmbracelet/colorprofile v0.4.3
	github.com/charmbracelet/x/ansi v0.11.9
	github.com/creack/pty v1.1.24
	github.com/go-json-experiment/json v0.0.0-20260820222146-c27c302e5fc3
	github.com/mattn/go-isatty v0.0.24
	github.com/urfave/cli/v3 v3.14.0
	github.com/yuin/goldmark v1.8.7
	golang.org/x/sys v0.49.0
	golang.org/x/term v0.47.0
)

require (
	github.com/charmbracelet/ultraviolet v0.0.0-20260811164956-006e29f97886 // indirect
	github.com/charmbracelet/x/term v0.2.2 // indirect
	github.com/charmbracelet/x/termios v0.1.1 // indirect
	github.com/charmbracelet/x/windows v0.2.2 // indirect
	github.com/clipperhouse/displaywidth v0.11.0 // indirect
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/lucasb-eyer/go-colorful v1.4.1 // indirect
	github.com/mattn/go-runewidth v0.0.31 // indirect
	github.com/muesli/cancelreader v0.2.2 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/xo/terminfo v0.0.0-20220910002029-abceb7e1c41e // indirect
	golang.org/x/sync v0.22.0 // indirect
)
