package main

import (
	"archive/zip"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// installVersion is the version this checkout is published under for the
// test: a pseudo-version, as `go install …@main` would resolve.
const installVersion = "v0.0.0-20260101000000-000000000000"

// `go install github.com/khive-ai/khive-pretty@VERSION` works from an
// empty module cache, offline: the module is served from a proxy laid out
// on disk (its .info, .mod and .zip, made from this checkout), and its
// dependencies from the module cache's own download directory, which has
// the same layout. The installed binary reports that version.
func TestGoInstallFromAProxy(t *testing.T) {
	t.Parallel() // long: alongside the other tests
	if testing.Short() {
		t.Skip("builds the module from an empty module cache")
	}
	gomodcache := goEnv(t, "GOMODCACHE")
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "proxy", "github.com", "khive-ai", "khive-pretty", "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("list", installVersion+"\n")
	write(installVersion+".info", `{"Version":"`+installVersion+`","Time":"2026-01-01T00:00:00Z"}`)
	write(installVersion+".mod", string(gomod))
	moduleZip(t, filepath.Join(dir, installVersion+".zip"), "github.com/khive-ai/khive-pretty@"+installVersion)

	cache := filepath.Join(tmp, "modcache")
	bin := filepath.Join(tmp, "bin")
	env := append(os.Environ(),
		"GOPROXY=file://"+filepath.ToSlash(filepath.Join(tmp, "proxy"))+",file://"+filepath.ToSlash(filepath.Join(gomodcache, "cache", "download")),
		"GOMODCACHE="+cache,
		"GOBIN="+bin,
		"GOSUMDB=off",       // the checksum database knows nothing of this version
		"GOTOOLCHAIN=local", // no toolchain download
		"GOFLAGS=",
		"GOWORK=off",
	)
	t.Cleanup(func() {
		clean := exec.Command("go", "clean", "-modcache")
		clean.Env = env
		clean.Run() // the module cache is read-only; go knows how to remove it
	})
	start := time.Now()
	// -trimpath, as release builds are made: the build then does not depend
	// on where this run's module cache is, and the build cache serves it.
	cmd := exec.Command("go", "install", "-trimpath", "github.com/khive-ai/khive-pretty@"+installVersion)
	cmd.Dir = tmp
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install: %v\n%s", err, out)
	}
	t.Logf("go install took %v", time.Since(start).Round(time.Millisecond))
	out, err := exec.Command(filepath.Join(bin, "khive-pretty"), "--version").Output()
	if err != nil || !strings.HasPrefix(string(out), "khive-pretty "+installVersion+"\n") {
		t.Errorf("--version of the installed binary: %v\n%s", err, out)
	}
}

func goEnv(t *testing.T, key string) string {
	t.Helper()
	out, err := exec.Command("go", "env", key).Output()
	if err != nil {
		t.Skip("no go command:", err)
	}
	return strings.TrimSpace(string(out))
}

// moduleZip writes the module zip of this checkout: every file under
// prefix/, leaving out what a module zip leaves out (version-control
// directories, submodules with their own go.mod) and what .gitignore
// does (the built binary, benchmark output, test binaries, profiles).
func moduleZip(t *testing.T, path, prefix string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zw := zip.NewWriter(f)
	err = filepath.WalkDir(".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name != "." && (strings.HasPrefix(d.Name(), ".") && d.Name() != ".ci" ||
				name == "bench/out" || name == "dist" || name == "completions") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(name, "go.mod")); err == nil && name != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || name == "khive-pretty" || strings.HasSuffix(name, ".test") || strings.HasSuffix(name, ".prof") {
			return nil
		}
		content, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		w, err := zw.Create(prefix + "/" + filepath.ToSlash(name))
		if err != nil {
			return err
		}
		_, err = w.Write(content)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}
