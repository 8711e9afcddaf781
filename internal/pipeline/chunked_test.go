package pipeline

import (
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Every sample under testdata, fed through a pipe in random chunks (a
// byte, a few, a buffer's worth), reads as the whole file does, in every
// output: where a document's bytes break when read from a network or a
// slow tool changes nothing. In the full run a pause longer than a run's
// (runPause) follows some chunk, where the reader waits, maybe
// mid-token: the outputs that hold nothing back (plain, JSON, agent)
// still read exactly as the file; TSV keeps every cell, its header
// written again when records after the pause bring columns (as its docs
// say); human and Markdown show a run from the records before the pause
// (TestSlowStreamShowsWhatTheFileShows checks their values).
func TestChunkedPipeReadsAsTheFile(t *testing.T) {
	t.Parallel()
	var files []string
	for _, pat := range []string{"../../testdata/*", "../../testdata/*/*"} {
		m, _ := filepath.Glob(pat)
		for _, f := range m {
			if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() && !strings.HasSuffix(f, ".md") &&
				!strings.HasSuffix(f, ".sh") && !strings.Contains(f, "/golden") && st.Size() < 1<<20 {
				files = append(files, f)
			}
		}
	}
	if len(files) < 100 {
		t.Fatalf("%d samples", len(files))
	}
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	outputs := map[string]Options{
		"plain": {Output: Plain}, "human": {Output: Human, Width: 100, Now: now}, "markdown": {Output: Markdown},
		"json": {Output: JSON}, "agent": {Output: Agent, Now: now}, "tsv": {Output: TSV},
	}
	r := rand.New(rand.NewPCG(45, 1))
	type job struct {
		file, name string
		opt        Options
		seed       uint64
	}
	var jobs []job
	for _, f := range files {
		for name, opt := range outputs {
			if testing.Short() && r.IntN(4) != 0 {
				continue // a quarter of them, each in one output at least as often
			}
			jobs = append(jobs, job{f, name, opt, r.Uint64()})
		}
	}
	var wg sync.WaitGroup
	work := make(chan job)
	for range 8 { // a pause keeps a worker waiting, not a core
		wg.Go(func() {
			for j := range work {
				data, err := os.ReadFile(j.file)
				if err != nil {
					t.Error(err)
					continue
				}
				whole, werr := renderFrom(strings.NewReader(string(data)), j.opt)
				pr, pw := io.Pipe()
				paused := make(chan bool, 1)
				go func() { paused <- feedChunks(pw, data, rand.New(rand.NewPCG(j.seed, 2))) }()
				got, gerr := renderFrom(pr, j.opt)
				pr.Close()
				name := filepath.Base(j.file) + " -o " + j.name
				switch {
				case (werr == nil) != (gerr == nil):
					t.Errorf("%s: chunked ends in %v, the file in %v", name, gerr, werr)
				case got == whole:
				case !<-paused:
					t.Errorf("%s: chunked differs from the file:\n%s", name, firstDiff(got, whole))
				case j.name == "tsv":
					for _, line := range strings.Split(whole, "\n") {
						for _, cell := range strings.Split(line, "\t") {
							if !strings.Contains(got, cell) {
								t.Errorf("%s: after a pause, no %q", name, cell)
							}
						}
					}
				case j.name != "human" && j.name != "markdown":
					t.Errorf("%s: after a pause, chunked differs from the file:\n%s", name, firstDiff(got, whole))
				}
			}
		})
	}
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
}

// renderFrom is what Stream writes of in, and its error.
func renderFrom(in io.Reader, opt Options) (string, error) {
	var out strings.Builder
	_, err := NewRenderer(&out, opt).Stream(in, "t")
	return out.String(), err
}

// feedChunks writes data to pw in random chunks, in a sixth of the full
// run's feeds pausing past runPause after one of them, and says whether
// it paused.
func feedChunks(pw *io.PipeWriter, data []byte, r *rand.Rand) bool {
	defer pw.Close()
	pausing := !testing.Short() && r.IntN(6) == 0 // a sixth of the runs
	pauses := 0
	for len(data) > 0 {
		n := 1 + r.IntN(min(len(data), []int{1, 7, 300, 5000}[r.IntN(4)]))
		if _, err := pw.Write(data[:n]); err != nil {
			return pauses > 0
		}
		data = data[n:]
		if pausing && pauses < 1 && len(data) > 0 && r.IntN(40) == 0 {
			pauses++
			time.Sleep(runPause + runPause/2)
		}
	}
	return pauses > 0
}
