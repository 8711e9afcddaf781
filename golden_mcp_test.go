package main

import "github.com/khive-ai/khive-pretty/pretty"

// mcpExtraVariants: what a server offers and asks (tools, prompts,
// sampling, elicitation) in ASCII glyphs, narrow, and in full Markdown.
func mcpExtraVariants(input string) []variant {
	ascii := human(80)
	ascii.ASCII = true
	switch input {
	case "everything_tools_list.json", "memory_tools_list.json", "filesystem_tools_list.json", "everything_http_tools_list.sse",
		"everything_prompts_list.json", "everything_prompts_get_resource_text.json",
		"everything_http_sampling_async.sse", "everything_http_elicitation.sse", "everything_http_url_elicitation.sse":
		return []variant{{"ascii", ascii}, {"human-40", human(40)},
			{"markdown-verbose", pretty.Options{Format: pretty.Markdown, Verbose: true}}}
	}
	return nil
}
