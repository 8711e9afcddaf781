// Command tasks is a small MCP server over stdio for the mcpclient guide:
// list_tasks answers with structured content, add_task fails for a title
// that is already taken.
package main

import (
	"context"
	"fmt"
	"log"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type task struct {
	ID       int    `json:"id"`
	Title    string `json:"title"`
	Status   string `json:"status"`
	Priority string `json:"priority"`
}

var tasks = []task{
	{1, "Parse JSON-RPC envelopes", "done", "high"},
	{2, "Render tool results", "open", "high"},
	{3, "Page output taller than the terminal", "open", "low"},
}

type listArgs struct {
	Status string `json:"status,omitempty" jsonschema:"only tasks with this status"`
}

type listOut struct {
	Tasks []task `json:"tasks"`
}

type addArgs struct {
	Title string `json:"title" jsonschema:"the new task's title"`
}

func main() {
	server := mcp.NewServer(&mcp.Implementation{Name: "tasks", Version: "v1.0.0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "list_tasks", Description: "List the tasks"},
		func(ctx context.Context, req *mcp.CallToolRequest, args listArgs) (*mcp.CallToolResult, listOut, error) {
			out := listOut{Tasks: []task{}}
			for _, t := range tasks {
				if args.Status == "" || t.Status == args.Status {
					out.Tasks = append(out.Tasks, t)
				}
			}
			return nil, out, nil
		})
	mcp.AddTool(server, &mcp.Tool{Name: "add_task", Description: "Add a task"},
		func(ctx context.Context, req *mcp.CallToolRequest, args addArgs) (*mcp.CallToolResult, any, error) {
			if slices.ContainsFunc(tasks, func(t task) bool { return t.Title == args.Title }) {
				// A tool's failure is its result's (isError), not the call's.
				return nil, nil, fmt.Errorf("a task titled %q exists", args.Title)
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "added " + args.Title}}}, nil, nil
		})
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
