package glyphs

import "strings"

// A Vocabulary is the words one source gives a meaning to, each with its
// mark. A mark says success or failure only because a vocabulary whose
// source is named says so: a word no vocabulary of a value's shape claims
// is shown as written (GitHub's closed is not khive's done).
type Vocabulary struct {
	Name   string // as docs/usage.md lists it
	Source string // where its words are defined
	Words  []Word
}

// A Word is one word of a vocabulary, matched without regard to case:
// its symbol and tone, or the word of the same vocabulary it stands for
// (an alias its source accepts).
type Word struct {
	Word   string
	Symbol Symbol
	Tone   Tone
	Alias  string
}

// Symbol names a glyph of a Set, so that a vocabulary is the same data in
// Unicode and in ASCII.
type Symbol uint8

const (
	NoSymbol Symbol = iota // colour only: a glyph would claim a task's status
	InboxSymbol
	NextSymbol
	ActiveSymbol
	WaitingSymbol
	SomedaySymbol
	DoneSymbol
	CancelledSymbol
	SuccessSymbol
	DeniedSymbol
	FailureSymbol
)

// The vocabularies, by the cell kinds that use them. Each list is tried in
// order; the first that has a word decides it.
var (
	KhiveTaskStatus = Vocabulary{
		Name:   "khive task status",
		Source: "khive, crates/khive-pack-gtd/src/vocab.rs: the task lifecycle (GTD_NOTE_KIND_SPECS) and the aliases gtd.transition accepts",
		Words: []Word{
			{Word: "inbox", Symbol: InboxSymbol, Tone: Neutral},
			{Word: "next", Symbol: NextSymbol, Tone: Accent},
			{Word: "active", Symbol: ActiveSymbol, Tone: Busy},
			{Word: "waiting", Symbol: WaitingSymbol, Tone: Warn},
			{Word: "someday", Symbol: SomedaySymbol, Tone: Muted},
			{Word: "done", Symbol: DoneSymbol, Tone: Good},
			{Word: "cancelled", Symbol: CancelledSymbol, Tone: Muted},
			{Word: "todo", Alias: "inbox"},
			{Word: "in_progress", Alias: "active"},
			{Word: "blocked", Alias: "waiting"},
			{Word: "later", Alias: "someday"},
			{Word: "finished", Alias: "done"},
		},
	}
	KhiveRequestStatus = Vocabulary{
		Name:   "khive request status",
		Source: "khive, crates/khive-mcp/docs/design.md: the request envelope's status",
		Words:  []Word{{Word: "success", Tone: Good}, {Word: "partial", Tone: Warn}},
	}
	HealthCheck = Vocabulary{
		Name:   "HTTP API health check",
		Source: "IETF draft-inadarei-api-health-check, status (pass, warn, fail, and the aliases it accepts)",
		Words: []Word{
			{Word: "pass", Tone: Good}, {Word: "ok", Alias: "pass"}, {Word: "up", Alias: "pass"},
			{Word: "warn", Tone: Warn},
			{Word: "fail", Tone: Bad}, {Word: "error", Alias: "fail"}, {Word: "down", Alias: "fail"},
		},
	}
	HealthStatus = Vocabulary{
		Name:   "service health",
		Source: "ASP.NET Core HealthStatus (Healthy, Degraded, Unhealthy); Docker's State.Health.Status",
		Words:  []Word{{Word: "healthy", Tone: Good}, {Word: "degraded", Tone: Warn}, {Word: "unhealthy", Tone: Bad}},
	}
	CommitState = Vocabulary{
		Name:   "GitHub commit status",
		Source: "GitHub REST API, commit statuses: state",
		Words:  []Word{{Word: "success", Tone: Good}, {Word: "failure", Tone: Bad}, {Word: "error", Tone: Bad}},
	}
	PodPhase = Vocabulary{
		Name:   "Kubernetes pod phase",
		Source: "Kubernetes API, PodStatus.phase",
		Words:  []Word{{Word: "succeeded", Tone: Good}, {Word: "failed", Tone: Bad}},
	}
	KhiveEventOutcome = Vocabulary{
		Name:   "khive event outcome",
		Source: "khive, crates/khive-types/src/event.rs: EventOutcome",
		Words: []Word{
			{Word: "success", Symbol: SuccessSymbol, Tone: Good},
			{Word: "denied", Symbol: DeniedSymbol, Tone: Warn},
			{Word: "error", Symbol: FailureSymbol, Tone: Bad},
		},
	}
	CheckConclusion = Vocabulary{
		Name:   "GitHub check conclusion",
		Source: "GitHub REST API, check runs and workflow jobs: conclusion",
		Words: []Word{
			{Word: "success", Symbol: SuccessSymbol, Tone: Good},
			{Word: "failure", Symbol: FailureSymbol, Tone: Bad},
			{Word: "timed_out", Symbol: FailureSymbol, Tone: Bad},
			{Word: "startup_failure", Symbol: FailureSymbol, Tone: Bad},
			{Word: "cancelled", Symbol: CancelledSymbol, Tone: Muted},
			{Word: "skipped", Symbol: CancelledSymbol, Tone: Muted},
			{Word: "action_required", Tone: Warn},
			{Word: "stale", Tone: Warn},
		},
	}
	TestAction = Vocabulary{
		Name:   "go test -json action",
		Source: "Go, cmd/test2json: TestEvent.Action; cmd/go (go help buildjson): BuildEvent.Action",
		Words: []Word{
			{Word: "pass", Symbol: SuccessSymbol, Tone: Good},
			{Word: "fail", Symbol: FailureSymbol, Tone: Bad},
			{Word: "skip", Symbol: CancelledSymbol, Tone: Muted},
			{Word: "build-fail", Symbol: FailureSymbol, Tone: Bad},
		},
	}
	MCPTaskStatus = Vocabulary{
		Name:   "MCP task status",
		Source: "Model Context Protocol specification 2025-11-25, tasks: TaskStatus",
		Words: []Word{
			{Word: "working", Symbol: ActiveSymbol, Tone: Busy},
			{Word: "input_required", Symbol: WaitingSymbol, Tone: Warn},
			{Word: "completed", Symbol: SuccessSymbol, Tone: Good},
			{Word: "failed", Symbol: FailureSymbol, Tone: Bad},
			{Word: "cancelled", Symbol: CancelledSymbol, Tone: Muted},
		},
	}
	TaskManagerStatus = Vocabulary{
		Name:   "mcp-taskmanager status",
		Source: "@kazuph/mcp-taskmanager 1.1.1, dist/index.js: the status of a tool's answer (the others say what was done)",
		Words:  []Word{{Word: "error", Tone: Bad}, {Word: "task_not_found", Tone: Bad}},
	}
	LogSeverity = Vocabulary{
		Name:   "log severity",
		Source: "RFC 5424, the syslog severities, which MCP's logging levels are",
		Words: []Word{
			{Word: "debug", Tone: Muted}, {Word: "info", Tone: Neutral}, {Word: "notice", Tone: Neutral},
			{Word: "warning", Tone: Warn}, {Word: "error", Tone: Bad}, {Word: "critical", Tone: Bad},
			{Word: "alert", Tone: Bad}, {Word: "emergency", Tone: Bad},
		},
	}
	LoggerLevel = Vocabulary{
		Name:   "logger level",
		Source: "pino (lib/constants.js) and bunyan levels, with their numbers; Go's log/slog and zap; Python's logging",
		Words: []Word{
			{Word: "trace", Tone: Muted}, {Word: "debug", Tone: Muted}, {Word: "info", Tone: Neutral},
			{Word: "warn", Tone: Warn}, {Word: "warning", Tone: Warn}, {Word: "error", Tone: Bad},
			{Word: "fatal", Tone: Bad}, {Word: "critical", Tone: Bad}, {Word: "dpanic", Tone: Bad}, {Word: "panic", Tone: Bad},
			{Word: "10", Alias: "trace"}, {Word: "20", Alias: "debug"}, {Word: "30", Alias: "info"},
			{Word: "40", Alias: "warn"}, {Word: "50", Alias: "error"}, {Word: "60", Alias: "fatal"},
		},
	}
	KhiveDependency = Vocabulary{
		Name:   "khive dependency state",
		Source: "khive, crates/khive-pack-gtd/src/dependency.rs: a task's dependency_state and its blockers' state",
		Words: []Word{
			{Word: "ready", Symbol: SuccessSymbol, Tone: Good},
			{Word: "blocked", Symbol: WaitingSymbol, Tone: Warn},
			{Word: "pending", Symbol: WaitingSymbol, Tone: Warn},
			{Word: "broken", Symbol: FailureSymbol, Tone: Bad},
			{Word: "cancelled", Symbol: FailureSymbol, Tone: Bad},
			{Word: "soft_deleted", Symbol: FailureSymbol, Tone: Bad},
			{Word: "missing", Symbol: FailureSymbol, Tone: Bad},
			{Word: "invalid", Symbol: FailureSymbol, Tone: Bad},
			{Word: "different_namespace", Symbol: FailureSymbol, Tone: Bad},
			{Word: "wrong_kind", Symbol: FailureSymbol, Tone: Bad},
		},
	}
)

// Health is the vocabularies of a status word that says how a service or
// a request went, whoever sent it; colour only, as a glyph would suggest a
// task's status.
var Health = []*Vocabulary{&KhiveRequestStatus, &HealthCheck, &HealthStatus, &CommitState, &PodPhase}

// Outcomes is the vocabularies of an outcome: an event's, a CI check's, a
// test's.
var Outcomes = []*Vocabulary{&KhiveEventOutcome, &CheckConclusion, &TestAction}

// Reports is the vocabularies of a {status, message} report, beside the
// health words: those of servers that answer so.
var Reports = []*Vocabulary{&TaskManagerStatus}

// Levels is the vocabularies of a log record's level: colour only.
var Levels = []*Vocabulary{&LogSeverity, &LoggerLevel}

// All is every vocabulary, as docs/usage.md lists them.
func All() []*Vocabulary {
	return []*Vocabulary{&KhiveTaskStatus, &KhiveRequestStatus, &KhiveEventOutcome, &KhiveDependency,
		&MCPTaskStatus, &HealthCheck, &HealthStatus, &CommitState, &PodPhase, &CheckConclusion, &TestAction,
		&TaskManagerStatus, &LogSeverity, &LoggerLevel}
}

// Lookup is the word of v that w is (an alias resolved), if v has it.
func (v *Vocabulary) Lookup(w string) (Word, bool) {
	for _, x := range v.Words {
		if strings.EqualFold(x.Word, w) {
			if x.Alias != "" {
				return v.Lookup(x.Alias)
			}
			return x, true
		}
	}
	return Word{}, false
}

// Find is the word w in the first of vs that has it.
func Find(w string, vs ...*Vocabulary) (Word, bool) {
	for _, v := range vs {
		if x, ok := v.Lookup(w); ok {
			return x, true
		}
	}
	return Word{}, false
}

// Mark is the mark of w in the first of vs that has it.
func (s Set) Mark(w string, vs ...*Vocabulary) (Mark, bool) {
	x, ok := Find(w, vs...)
	if !ok {
		return Mark{}, false
	}
	m := Mark{Tone: x.Tone}
	if int(x.Symbol) < len(s.symbols) { // a caller's vocabulary may name any
		m.Glyph = s.symbols[x.Symbol]
	}
	return m, true
}
