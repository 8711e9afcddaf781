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
	takes := map[byte]bool{} // the one-letter flags, and whether each takes a value
	for _, f := range flags {
		for _, n := range f.Names() {
			if len(n) == 1 {
				dg, ok := f.(cli.DocGenerationFlag)
				takes[n[0]] = ok && dg.TakesValue()
			}
		}
	}
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if i == 0 || len(a) < 3 || a[0] != '-' || a[1] == '-' {
			out = append(out, a)
			continue
		}
		spelled, ok := spellShort(a[1:], takes)
		if !ok {
			out = append(out, a)
			continue
		}
		out = append(out, spelled...)
	}
	return out
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
