package redact

import (
	"slices"
	"strings"
)

// keyKind is what a member's name (or a header's, or a URL parameter's)
// says of its value: "when in doubt, use the key".
type keyKind uint8

const (
	keyPlain keyKind = iota
	// keyID: id, *_id, *Id: a value of eight hex digits is a short id
	// (khive's, beside its full_id), digits alone included.
	keyID
	// keyCarrier: a session, request or trace id (Mcp-Session-Id,
	// sessionid, X-Request-Id, traceparent): minted by definition, in
	// whatever alphabet.
	keyCarrier
	// keyHash: sha, checksum, digest, etag, hash, md5: its hex digits are
	// the value, not minted.
	keyHash
)

// fold is a name as names are compared (as --columns compares them):
// ASCII letters lower-cased, other ASCII dropped, other bytes kept.
func fold(dst []byte, name []byte) []byte {
	for _, c := range name {
		switch {
		case c >= 'A' && c <= 'Z':
			dst = append(dst, c+'a'-'A')
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 0x80:
			dst = append(dst, c)
		}
	}
	return dst
}

var (
	carrierEnds = [...]string{"sessionid", "requestid", "traceid", "spanid", "correlationid"}
	carriers    = [...]string{"session", "traceparent", "tracestate", "cfray", "xamzid2"}
	hashEnds    = [...]string{"sha", "sha1", "sha256", "sha512", "hash", "checksum", "digest", "md5", "etag", "integrity"}
)

// classify says what the name of a key says of its value.
func classify(name []byte) keyKind {
	if !mayMean(lastTwo(name)) {
		return keyPlain
	}
	var buf [64]byte
	f := string(fold(buf[:0], name))
	ends := func(e string) bool { return strings.HasSuffix(f, e) }
	n := len(name)
	switch {
	case slices.ContainsFunc(carrierEnds[:], ends) || slices.Contains(carriers[:], f):
		return keyCarrier
	case slices.ContainsFunc(hashEnds[:], ends):
		return keyHash
	case n == 2 && f == "id":
		return keyID
	case n > 3 && (name[n-3] == '_' || name[n-3] == '-' || name[n-3] == '.' || name[n-3] == ' ') && strings.EqualFold(string(name[n-2:]), "id"):
		return keyID // parent_id, entity-id, ENTITY_ID
	case n > 2 && (string(name[n-2:]) == "Id" || string(name[n-2:]) == "ID") && (isDigit(name[n-3]) || name[n-3] >= 'a' && name[n-3] <= 'z'):
		return keyID // taskId, sessionID
	}
	return keyPlain
}

// shortID reports a value that an id-like key holds as a short id: eight
// hex digits, digits alone included.
func shortID(v []byte) bool { return len(v) == 8 && hexes(v, 0, 8) }

// A keyName is one name of --redact-key: a key (latency_ms), or a path of
// keys (meta.took, results[].usage) that the end of a value's path must
// spell, each folded.
type keyName struct {
	given string
	path  []string // folded, outermost first; [] and [N] dropped
	used  bool
}

func parseKeyName(s string) keyName {
	k := keyName{given: s}
	for _, seg := range strings.Split(s, ".") {
		if i := strings.IndexByte(seg, '['); i >= 0 {
			seg = seg[:i]
		}
		if f := string(fold(nil, []byte(seg))); f != "" {
			k.path = append(k.path, f)
		}
	}
	return k
}

// mayMean reports the last two letters or digits (lower case) of a name
// that classify may not call plain (those of carrierEnds, carriers,
// hashEnds and id): most names end otherwise, and are told at a glance.
func mayMean(last [2]byte) bool {
	switch string(last[:]) {
	case "id", "nt", "te", "on", "ay", "d2", "ha", "a1", "56", "12", "sh", "um", "st", "d5", "ag", "ty":
		return true
	}
	return false
}

// lastTwo is the last two letters or digits of name, in lower case.
func lastTwo(name []byte) (last [2]byte) {
	if n := len(name); n >= 2 && isAlnum(name[n-1]) && isAlnum(name[n-2]) {
		return [2]byte{lower(name[n-2]), lower(name[n-1])}
	}
	k := 2
	for i := len(name) - 1; i >= 0 && k > 0; i-- {
		if isAlnum(name[i]) {
			k--
			last[k] = lower(name[i])
		}
	}
	return last
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
