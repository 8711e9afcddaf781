package pretty

// markdown renders GitHub-flavoured Markdown (-o markdown).
type markdown struct {
	o   *out
	opt Options
}
