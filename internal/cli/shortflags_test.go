package cli

import (
	"reflect"
	"testing"
)

// Short flags glued as pflag (kubectl, gh) accepts them are spelled out;
// anything else is left for the parser to say what is wrong with it.
func TestShortFlagsGlued(t *testing.T) {
	var f flags
	flagsOf := newCommand(nil, nil, &f).Flags
	for in, want := range map[string][]string{
		"-ojson":       {"-o", "json"},
		"-o=json":      {"-o", "json"},
		"-w80":         {"-w", "80"},
		"-w=80":        {"-w", "80"},
		"-vw80":        {"-v", "-w", "80"},
		"-vw":          {"-v", "-w"},
		"-vf":          {"-v", "-f"},
		"-xyz":         {"-xyz"},
		"-vx":          {"-vx"},
		"--output":     {"--output"},
		"-":            {"-"},
		"file-name.js": {"file-name.js"},
		"--sort":       {"--sort", "-cost"}, // a value, however it looks
		"-c":           {"-c", "-cost"},
		"-vc":          {"-v", "-c", "-cost"},
		"--sort=-cost": {"--sort=-cost", "-c", "ost"}, // a flag again: -c ost
	} {
		args := []string{"khive-pretty", in}
		if want[len(want)-1] == "-cost" || want[len(want)-1] == "ost" {
			args = append(args, "-cost") // what follows the flag
		}
		got := shortFlags(append(args, "--", "-ojson"), flagsOf)
		if !reflect.DeepEqual(got[1:len(got)-2], want) || got[len(got)-1] != "-ojson" {
			t.Errorf("%q: %q, want %q then -- -ojson", in, got[1:], want)
		}
	}
}
