package config

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// engineConfig is a config of engines a (cmd ./bot) and b (cmd).
func engineConfig(cmd string) string {
	return "name: m\ngame: toy-race\ntime_control: {move_ms: 100}\nengines:\n" +
		"  - {name: a, cmd: ./bot}\n  - {name: b, cmd: " + cmd + "}\n"
}

func sum(data string) string {
	s := sha256.Sum256([]byte(data))
	return hex.EncodeToString(s[:])
}

// TestEngineFiles: each engine's file is found through a symbolic link and
// through PATH, and its digest is its content's sha256.
func TestEngineFiles(t *testing.T) {
	dir := t.TempDir()
	bot := filepath.Join(dir, "bot")
	writeFile(t, bot, "#!/bin/sh\n")
	os.Chmod(bot, 0o755)
	bin := filepath.Join(dir, "bin")
	os.Mkdir(bin, 0o755)
	if err := os.Symlink(bot, filepath.Join(bin, "linked")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	for _, cmd := range []string{"linked", "./bin/linked"} {
		cfg, err := parse(filepath.Join(dir, "m.yaml"), []byte(engineConfig(cmd)))
		if err != nil {
			t.Fatal(err)
		}
		files, err := cfg.EngineFiles()
		if err != nil {
			t.Fatalf("cmd %s: EngineFiles: %v", cmd, err)
		}
		want := EngineFile{Path: bot, Digest: sum("#!/bin/sh\n")}
		if len(files) != 2 || files[0] != want || files[1] != want {
			t.Errorf("cmd %s: EngineFiles = %+v; want both %+v", cmd, files, want)
		}
	}
}

// TestIdentity: a config's identity changes with an engine's file (a byte
// appended) and not otherwise; its Hash does not change.
// TestEngineFilesConcurrent: runners sharing one config ask for its files
// at once; under the race detector an unguarded first read is a race.
func TestEngineFilesConcurrent(t *testing.T) {
	dir := t.TempDir()
	bot := filepath.Join(dir, "bot")
	writeFile(t, bot, "#!/bin/sh\n")
	os.Chmod(bot, 0o755)
	cfg, err := parse(filepath.Join(dir, "m.yaml"), []byte(engineConfig("./bot")))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	got := make([][]EngineFile, 4)
	for i := range got {
		wg.Go(func() { got[i], _ = cfg.EngineFiles() })
	}
	wg.Wait()
	for i, files := range got {
		if len(files) != 2 || files[0].Digest != sum("#!/bin/sh\n") {
			t.Errorf("call %d: EngineFiles = %+v; want both engines' files", i, files)
		}
	}
}

func TestIdentity(t *testing.T) {
	dir := t.TempDir()
	bot := filepath.Join(dir, "bot")
	writeFile(t, bot, "#!/bin/sh\n")
	os.Chmod(bot, 0o755)
	exe, _ := os.Executable()
	identity := func() (hash, id string) {
		t.Helper()
		cfg, err := parse(filepath.Join(dir, "m.yaml"), []byte(engineConfig(exe)))
		if err != nil {
			t.Fatal(err)
		}
		id, err = cfg.Identity()
		if err != nil {
			t.Fatal(err)
		}
		return cfg.Hash(), id
	}
	hash, id := identity()
	if h2, id2 := identity(); h2 != hash || id2 != id {
		t.Errorf("the same config and files: identity %s then %s; want the same", id, id2)
	}
	f, err := os.OpenFile(bot, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n")
	f.Close()
	h2, id2 := identity()
	if id2 == id {
		t.Errorf("identity %s after the engine's file changed; want another", id2)
	}
	if h2 != hash {
		t.Errorf("Hash %s after the engine's file changed, %s before; want the same (the settings did not change)", h2, hash)
	}
}
