// Package jsonlib is the one place the JSON tokenizer is imported: today
// github.com/go-json-experiment/json/jsontext, which becomes the standard
// library's encoding/json/jsontext (Go 1.27). Swapping is this file's
// import line. Every other package uses these names.
package jsonlib

import (
	"bytes"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

type (
	// Decoder reads JSON tokens and values from a stream.
	Decoder = jsontext.Decoder
	// Raw is the raw bytes of one JSON value (valid until the next read).
	Raw = jsontext.Value
	// Kind is the kind of the next token ('{', '[', '"', '0', 'n', 't', 'f', …).
	Kind = jsontext.Kind
	// SyntacticError is input that is not JSON, at a byte offset.
	SyntacticError = jsontext.SyntacticError
	// Options configure a Decoder.
	Options = jsontext.Options
)

// NewDecoder reads from r. Duplicate names are allowed (shown both, as
// they came) and invalid UTF-8 is too (decoded as U+FFFD).
func NewDecoder(r interface{ Read([]byte) (int, error) }) *Decoder {
	return jsontext.NewDecoder(r, Lenient()...)
}

// Lenient is the options NewDecoder uses, for Reset.
func Lenient() []Options {
	return []Options{jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)}
}

// AppendQuote appends s as a JSON string.
func AppendQuote(dst []byte, s string) ([]byte, error) { return jsontext.AppendQuote(dst, s) }

// AppendUnquote appends the text of a JSON string token.
func AppendUnquote(dst []byte, raw []byte) ([]byte, error) { return jsontext.AppendUnquote(dst, raw) }

// NameText is the text of a string read raw (a member name, quotes and
// all) as a Decoder's token makes it: escapes resolved, invalid bytes
// U+FFFD. That is the raw bytes themselves, most often; else it is
// unquoted into tmp, which is returned to use again.
func NameText(raw, tmp []byte) (text, tmpOut []byte) {
	text = raw[1 : len(raw)-1]
	if bytes.IndexByte(text, '\\') < 0 && utf8.Valid(text) {
		return text, tmp
	}
	tmp, _ = AppendUnquote(tmp[:0], raw)
	return tmp, tmp
}
