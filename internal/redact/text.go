package redact

import "strings"

// What is minted, found in decoded text: the rules of docs/scripting.md.
// Each matcher returns the length of what it recognises at s[i:] (0 for
// nothing); text walks the text once, word by word, and asks only the
// matchers a word can start.

// class of a byte: what a word may be made of.
const (
	cDigit     = 1 << iota
	cHexLetter // a to f, A to F
	cLetter    // the other letters
	cUpper
)

var classes = func() (t [256]uint8) {
	for c := '0'; c <= '9'; c++ {
		t[c] = cDigit
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = cLetter
		if c <= 'f' {
			t[c] = cHexLetter
		}
		t[c-'a'+'A'] = t[c] | cUpper
	}
	return t
}()

func isDigit(c byte) bool { return classes[c]&cDigit != 0 }
func isAlnum(c byte) bool { return classes[c] != 0 }

// digits reports whether s[i:] starts with n digits; hexes, n hex digits.
func digits(s []byte, i, n int) bool { return all(s, i, n, cDigit) }
func hexes(s []byte, i, n int) bool  { return all(s, i, n, cDigit|cHexLetter) }

// all reports whether s[i:] starts with n bytes of the classes in class.
func all(s []byte, i, n int, class uint8) bool {
	if i < 0 || i+n > len(s) {
		return false
	}
	for _, c := range s[i : i+n] {
		if classes[c]&class == 0 {
			return false
		}
	}
	return true
}

// endsWord reports that s[i:] starts with no letter or digit: a match
// ends there.
func endsWord(s []byte, i int) bool { return i >= len(s) || !isAlnum(s[i]) }

// uuidAt is the length of a UUID (8-4-4-4-12 hex digits, any case) at
// s[i:], 36 or 0.
func uuidAt(s []byte, i int) int {
	if !hexes(s, i, 8) || i+36 > len(s) {
		return 0
	}
	for _, g := range [...]struct{ at, n int }{{8, 4}, {13, 4}, {18, 4}, {23, 12}} {
		if s[i+g.at] != '-' || !hexes(s, i+g.at+1, g.n) {
			return 0
		}
	}
	if !endsWord(s, i+36) {
		return 0
	}
	return 36
}

// colon is the length of a time's separator at s[i:]: ":" or its URL
// encoding "%3A".
func colon(s []byte, i int) int {
	switch {
	case i < len(s) && s[i] == ':':
		return 1
	case i+2 < len(s) && s[i] == '%' && s[i+1] == '3' && (s[i+2] == 'A' || s[i+2] == 'a'):
		return 3
	}
	return 0
}

// clockAt is the length of hh:mm, :ss and a fraction (dot or comma, any
// digits) at s[i:]; 0 for none.
func clockAt(s []byte, i int) int {
	j := i
	if !digits(s, j, 2) {
		return 0
	}
	j += 2
	c := colon(s, j)
	if c == 0 || !digits(s, j+c, 2) {
		return 0
	}
	j += c + 2
	if c2 := colon(s, j); c2 > 0 && digits(s, j+c2, 2) {
		j += c2 + 2
		j += fraction(s, j)
	}
	return j - i
}

// fraction is the length of a fraction of a second at s[i:] (a dot or a
// comma, then digits); 0 for none.
func fraction(s []byte, i int) int {
	if i+1 >= len(s) || s[i] != '.' && s[i] != ',' || !isDigit(s[i+1]) {
		return 0
	}
	j := i + 1
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	return j - i
}

// zoneAt is the length of a zone at s[i:]: Z (any case), +hh:mm, +hhmm
// or +hh; 0 for none.
func zoneAt(s []byte, i int) int {
	if i >= len(s) {
		return 0
	}
	if s[i] == 'Z' || s[i] == 'z' {
		return 1
	}
	if (s[i] == '+' || s[i] == '-') && digits(s, i+1, 2) {
		j := i + 3
		if c := colon(s, j); c > 0 && digits(s, j+c, 2) {
			return j + c + 2 - i
		}
		if digits(s, j, 2) {
			return j + 2 - i
		}
		return 3
	}
	return 0
}

// stampAt is the length of a date and time at s[i:] (s[i-1] not a
// digit): RFC 3339 and its kin (2026-11-28T13:46:52.5Z, any case, a
// space for the T, a comma for the dot, URL-encoded colons) and ISO
// 8601's compact form (20261128T134652Z); 0 for none.
func stampAt(s []byte, i int) int {
	var j int
	switch {
	case digits(s, i, 4) && i+10 < len(s) && s[i+4] == '-' && digits(s, i+5, 2) && s[i+7] == '-' && digits(s, i+8, 2):
		j = i + 10
	case digits(s, i, 8) && i+8 < len(s):
		j = i + 8
		if s[j] != 'T' && s[j] != 't' || !digits(s, j+1, 4) {
			return 0
		}
		j++
		n := 4
		if digits(s, j+4, 2) {
			n = 6
		}
		j += n
		j += fraction(s, j)
		j += zoneAt(s, j)
		if !endsWord(s, j) {
			return 0
		}
		return j - i
	default:
		return 0
	}
	if j >= len(s) || s[j] != 'T' && s[j] != 't' && s[j] != ' ' {
		return 0
	}
	c := clockAt(s, j+1)
	if c == 0 {
		return 0
	}
	j += 1 + c
	j += zoneAt(s, j)
	if !endsWord(s, j) && s[j-1] != 'Z' && s[j-1] != 'z' {
		return 0
	}
	return j - i
}

var (
	weekdays = [...]string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}
	longDays = [...]string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
	months   = [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
)

func wordIn(s []byte, i int, words []string) int {
	for _, w := range words {
		if i+len(w) <= len(s) && string(s[i:i+len(w)]) == w {
			return len(w)
		}
	}
	return 0
}

func spaces(s []byte, i int) int {
	j := i
	for j < len(s) && s[j] == ' ' {
		j++
	}
	return j - i
}

// dayAt is the length of a day of the month (one or two digits) at s[i:].
func dayAt(s []byte, i int) int {
	switch {
	case digits(s, i, 2):
		return 2
	case digits(s, i, 1):
		return 1
	}
	return 0
}

// weekdayDateAt is the length of a date that starts with its weekday at
// s[i:]: HTTP's (Fri, 27 Nov 2026 10:00:00 GMT), a cookie's (Sat,
// 28-Nov-2026 13:46:52 GMT), RFC 850's (Saturday, 28-Nov-26 …), RFC
// 2822's (… +0000), date(1)'s and asctime's (Sat Nov 28 13:46:52 UTC
// 2026, Sun Nov  6 08:49:37 1994) and GNU date's (Sat 28 Nov 2026
// 01:46:52 PM UTC); 0 for none.
func weekdayDateAt(s []byte, i int) int {
	j := i
	if n := wordIn(s, j, longDays[:]); n > 0 {
		j += n
	} else if n := wordIn(s, j, weekdays[:]); n > 0 {
		j += n
	} else {
		return 0
	}
	if j < len(s) && s[j] == ',' {
		j++
	}
	sp := spaces(s, j)
	if sp == 0 {
		return 0
	}
	j += sp
	year := false
	if d := dayAt(s, j); d > 0 {
		// 27 Nov 2026, 28-Nov-2026, 28-Nov-26
		j += d
		if j >= len(s) || s[j] != ' ' && s[j] != '-' {
			return 0
		}
		sep := s[j]
		j++
		m := wordIn(s, j, months[:])
		if m == 0 || j+m >= len(s) || s[j+m] != sep {
			return 0
		}
		j += m + 1
		switch {
		case digits(s, j, 4):
			j += 4
		case sep == '-' && digits(s, j, 2):
			j += 2
		default:
			return 0
		}
		year = true
	} else if m := wordIn(s, j, months[:]); m > 0 {
		// Nov 28, Nov  6
		j += m
		j += spaces(s, j)
		d := dayAt(s, j)
		if d == 0 {
			return 0
		}
		j += d
	} else {
		return 0
	}
	if j >= len(s) || s[j] != ' ' {
		return 0
	}
	j++
	if !digits(s, j, 2) || j+8 > len(s) || s[j+2] != ':' || !digits(s, j+3, 2) || s[j+5] != ':' || !digits(s, j+6, 2) {
		return 0
	}
	j += 8
	// The rest is optional: AM or PM, a zone, and the year if not yet said.
	if k := j + 1; j < len(s) && s[j] == ' ' && k+2 <= len(s) && (string(s[k:k+2]) == "AM" || string(s[k:k+2]) == "PM") && endsWord(s, k+2) {
		j = k + 2
	}
	if k := j + 1; j < len(s) && s[j] == ' ' && k < len(s) {
		switch {
		case (s[k] == '+' || s[k] == '-') && digits(s, k+1, 4):
			j = k + 5
		case classes[s[k]]&cUpper != 0:
			n := 0
			for k+n < len(s) && classes[s[k+n]]&cUpper != 0 {
				n++
			}
			if n >= 2 && n <= 5 && endsWord(s, k+n) {
				j = k + n
			}
		}
	}
	if !year {
		if j < len(s) && s[j] == ' ' && digits(s, j+1, 4) {
			j += 5
		} else {
			return 0
		}
	}
	if !endsWord(s, j) {
		return 0
	}
	return j - i
}

// minMinted is the length of the shortest text that is minted: a short
// id (eight hex digits).
const minMinted = 8

// text appends s to dst with what is minted in it replaced by labels; it
// reports whether anything was. hash is set under a key that names a hash
// or checksum (sha, digest, etag …), whose hex digits are the value.
func (r *Redactor) text(dst, s []byte, hash bool) ([]byte, bool) {
	if len(s) < minMinted {
		return dst, false
	}
	last := 0 // past the last label: none while 0
	emit := func(i, n int, kind byte, fold bool) {
		dst = append(dst, s[last:i]...)
		dst = r.label(dst, kind, s[i:i+n], fold)
		last = i + n
	}
	for i := 0; i < len(s); {
		c := classes[s[i]]
		if c == 0 {
			if s[i] == '=' {
				// A URL's parameter that carries a session (?sessionid=…):
				// minted whatever its alphabet.
				if n := paramValue(s, i); n > 0 {
					emit(i+1, n, 'k', false)
					i += 1 + n
					continue
				}
			}
			i++
			continue
		}
		// A word: letters and digits. What may start here is asked by
		// its first byte; what needs the word whole, after.
		start := i
		var acc uint8
		for i < len(s) && classes[s[i]] != 0 {
			acc |= classes[s[i]]
			i++
		}
		digitsOnly := acc&^cDigit == 0
		hexOnly := acc&cLetter == 0
		word := i - start
		// A UUID's first group may end a longer word (%2F<uuid>).
		if word >= 8 && i < len(s) && s[i] == '-' && hexes(s, i-8, 8) {
			if n := uuidAt(s, i-8); n > 0 {
				emit(i-8, n, 'i', true)
				i = i - 8 + n
				continue
			}
		}
		// 20261128T134652Z reads as one word.
		if digitsOnly || word >= 9 && isDigit(s[start]) {
			if n := stampAt(s, start); n > 0 {
				emit(start, n, 't', false)
				i = start + n
				continue
			}
		}
		if c&cUpper != 0 && (word == 3 || word >= 6) {
			if n := weekdayDateAt(s, start); n > 0 {
				emit(start, n, 't', false)
				i = start + n
				continue
			}
		}
		if hash || !hexOnly {
			continue
		}
		switch {
		case word == 32 && !digitsOnly: // 32 digits are a number
			emit(start, 32, 'i', true)
		case word == 8 && r.prefixOfSeen(s[start:i]):
			emit(start, 8, 's', true)
		}
	}
	if last == 0 {
		return dst, false
	}
	return append(dst, s[last:]...), true
}

// paramValue is the length of the value after s[eq], an '=' whose name (a
// URL's parameter, a cookie's) carries a session or request id; 0 for none.
func paramValue(s []byte, eq int) int {
	k := eq
	for k > 0 && (isAlnum(s[k-1]) || s[k-1] == '_' || s[k-1] == '-' || s[k-1] == '.') {
		k--
	}
	if k == eq || classify(s[k:eq]) != keyCarrier {
		return 0
	}
	j := eq + 1
	for j < len(s) && s[j] > ' ' && s[j] < 0x7f && !strings.ContainsRune("&\"';#,<>", rune(s[j])) {
		j++
	}
	return j - eq - 1
}
