// Package jsonlib is the one place the JSON tokenizer is imported: today
// github.com/go-json-experiment/json/jsontext, which becomes the standard
// library's encoding/json/jsontext (Go 1.27). Swapping is this file's
// import line. Every other package uses these names.
package jsonlib

import "github.com/go-json-experiment/json/jsontext"

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
