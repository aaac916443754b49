package config

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// EngineFile is the file an engine's command runs and what it holds.
type EngineFile struct {
	// Path is the file the command resolves to (a bare name through PATH,
	// "arbiter" to this very binary), with its symbolic links followed.
	Path string
	// Digest is the sha256 of the file's content, in hex.
	Digest string
}

// digests are a Tournament's EngineFiles, made once.
type digests struct {
	once  sync.Once
	files []EngineFile
	err   error
}

// EngineFiles returns, in config order, the file each engine runs and the
// sha256 of its content: an engine is its file as much as its settings, so
// a rebuilt engine is another engine (see docs/tournament.md). The
// built-in engines (cmd arbiter) are the running arbiter's file: a rebuilt
// arbiter may play otherwise. Each distinct file is read once, the first
// time EngineFiles is called; later calls return the same answer.
func (c *Tournament) EngineFiles() ([]EngineFile, error) {
	d := &c.digests
	d.once.Do(func() { d.files, d.err = c.engineFiles() })
	return d.files, d.err
}

func (c *Tournament) engineFiles() ([]EngineFile, error) {
	byPath := map[string]string{}
	files := make([]EngineFile, len(c.specs))
	for i, s := range c.specs {
		path, err := filepath.EvalSymlinks(s.Path)
		if err != nil {
			return nil, fmt.Errorf("engine %q: %w", s.Name, err)
		}
		sum, ok := byPath[path]
		if !ok {
			if sum, err = fileDigest(path); err != nil {
				return nil, fmt.Errorf("engine %q: %w", s.Name, err)
			}
			byPath[path] = sum
		}
		files[i] = EngineFile{Path: path, Digest: sum}
	}
	return files, nil
}

// fileDigest returns the sha256 of the regular file at path, in hex. A
// FIFO or a device is refused rather than read: its reading may never end.
func fileDigest(path string) (string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file: its content cannot identify the engine", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("read %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Identity is the sha256 (hex) of the config's Hash and its engines'
// digests (EngineFiles): it changes with a setting that changes the games
// and with any engine's file. A match is named after it.
func (c *Tournament) Identity() (string, error) {
	files, err := c.EngineFiles()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	io.WriteString(h, c.Hash())
	for _, f := range files {
		io.WriteString(h, "\n"+f.Digest)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
