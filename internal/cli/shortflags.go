package cli

import (
	"strings"

	"github.com/urfave/cli/v3"
)

// shortFlags spells out short flags written glued, as kubectl and gh
// users type them (pflag accepts them): -ojson is -o json, -w80 is
// -w 80, -vw80 is -v -w 80, -vf is -v -f. An argument whose letters are
// not all short flags, or a bool flag's, is left as it is, for the
// parser to say what is wrong with it; so is everything after "--".
func shortFlags(args []string, flags []cli.Flag) []string {
	if !anyGlued(args) {
		return args // the usual command line: no need to look at the flags
	}
	takes := map[byte]bool{}    // the one-letter flags, and whether each takes a value
	valued := map[string]bool{} // every name of a flag that takes a value
	for _, f := range flags {
		dg, ok := f.(cli.DocGenerationFlag)
		value := ok && dg.TakesValue()
		for _, n := range f.Names() {
			if len(n) == 1 {
				takes[n[0]] = value
			}
			valued[n] = value
		}
	}
	out := make([]string, 0, len(args))
	wants := false // the argument before is a flag still waiting for its value
	for i, a := range args {
		switch {
		case a == "--":
			return append(out, args[i:]...)
		case wants:
			// A value, whatever it looks like: --sort -cost, -c -owner.
			out, wants = append(out, a), false
			continue
		case i == 0 || len(a) < 2 || a[0] != '-':
			out = append(out, a)
			continue
		case a[1] == '-':
			name, _, eq := strings.Cut(a[2:], "=")
			out, wants = append(out, a), valued[name] && !eq
			continue
		}
		spelled, ok := spellShort(a[1:], takes)
		if !ok || len(a) < 3 {
			out, wants = append(out, a), len(a) == 2 && takes[a[1]]
			continue
		}
		out = append(out, spelled...)
		// -vw: its last letter takes a value, the next argument.
		last := spelled[len(spelled)-1]
		wants = len(last) == 2 && last[0] == '-' && takes[last[1]]
	}
	return out
}

// anyGlued reports whether an argument (after the program's name, before
// "--") could be short flags written glued: one dash, two letters or more.
func anyGlued(args []string) bool {
	for i, a := range args {
		if a == "--" {
			return false
		}
		if i > 0 && len(a) > 2 && a[0] == '-' && a[1] != '-' {
			return true
		}
	}
	return false
}

// spellShort is the letters of a glued short-flag argument (after its
// dash) as arguments, or false when a letter is no short flag.
func spellShort(s string, takes map[byte]bool) ([]string, bool) {
	if s[0] == '=' {
		return nil, false
	}
	var out []string
	for j := 0; j < len(s); j++ {
		value, known := takes[s[j]]
		if !known {
			return nil, false
		}
		out = append(out, "-"+s[j:j+1])
		if value {
			// The rest, if any, is its value: -ojson, -w=80, -vw80.
			if rest := strings.TrimPrefix(s[j+1:], "="); rest != "" {
				out = append(out, rest)
			}
			return out, true
		}
	}
	return out, true
}
