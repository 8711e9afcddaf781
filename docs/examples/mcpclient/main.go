// Command mcpclient calls one tool of an MCP server and prints its result
// as khive-pretty would: for a person on a terminal, plain when piped.
//
//	mcpclient TOOL ARGS-JSON SERVER-COMMAND [ARG...]
//	mcpclient list_tasks '{"status":"open"}' go run ./tasks
//
// It exits 0 when the tool succeeded, 1 when its result reports a failure,
// and 2 when the call itself could not be made.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"

	"github.com/khive-ai/khive-pretty/pretty"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	if len(os.Args) < 4 {
		fmt.Fprintln(os.Stderr, "usage: mcpclient TOOL ARGS-JSON SERVER-COMMAND [ARG...]")
		os.Exit(2)
	}
	tool, server := os.Args[1], os.Args[3:]
	var args map[string]any
	if err := json.Unmarshal([]byte(os.Args[2]), &args); err != nil {
		fmt.Fprintln(os.Stderr, "mcpclient: ARGS-JSON:", err)
		os.Exit(2)
	}

	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "mcpclient", Version: "v1.0.0"}, nil)
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(server[0], server[1:]...)}, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpclient:", err)
		os.Exit(2)
	}
	defer session.Close()
	result, err := session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpclient:", err)
		os.Exit(2)
	}

	// The result as the server sent it; pretty knows an MCP tool result
	// (its text blocks, structuredContent, isError) by its shape.
	reply, err := json.Marshal(result)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpclient:", err)
		os.Exit(2)
	}
	// What the command would decide for standard output, and this
	// program's name for the input in an error.
	opt := pretty.ForTerminal(os.Stdout, os.Getenv)
	opt.Name = tool
	res, err := pretty.Render(os.Stdout, bytes.NewReader(reply), opt)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpclient:", err)
		os.Exit(2)
	}
	for _, f := range res.Failures {
		// String escapes what the server wrote; the fields are raw.
		fmt.Fprintf(os.Stderr, "mcpclient: %s failed: %s\n", tool, f)
	}
	if res.Failed {
		os.Exit(1)
	}
}
