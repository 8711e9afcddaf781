// Command jsonscan reads every JSON token of a file with jsontext and does
// nothing else: the floor that bench/compare.sh measures rendering against.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/khive-ai/khive-pretty/internal/jsonlib"
)

func main() {
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	dec := jsonlib.NewDecoder(bufio.NewReaderSize(f, 64<<10))
	n := 0
	for {
		_, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		n++
	}
	fmt.Fprintln(os.Stderr, n, "tokens")
}
