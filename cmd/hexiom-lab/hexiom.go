//go:build linux

package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// hexiomFlag declares -hexiom, the player's binary that bench-play and
// play-demo run (`hexiom play`).
func hexiomFlag(fs *flag.FlagSet) *string {
	return fs.String("hexiom", "", "the hexiom `binary` whose play the command runs (default: the hexiom beside hexiom-lab, else the one on PATH)")
}

// findHexiom returns the hexiom binary to run: flag if given, else the
// hexiom beside this program, else the one on PATH.
func findHexiom(flag string) (string, error) {
	if flag != "" {
		if _, err := os.Stat(flag); err != nil {
			return "", fmt.Errorf("-hexiom: %w", err)
		}
		return filepath.Abs(flag)
	}
	self, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find hexiom: %w", err)
	}
	beside := filepath.Join(filepath.Dir(self), "hexiom")
	if _, err := os.Stat(beside); err == nil {
		return beside, nil
	}
	p, err := exec.LookPath("hexiom")
	if err == nil {
		return filepath.Abs(p)
	}
	if errors.Is(err, exec.ErrNotFound) {
		return "", fmt.Errorf("no hexiom beside %s nor on PATH: build both (go build -o DIR/ ./cmd/hexiom ./cmd/hexiom-lab) or give -hexiom FILE", self)
	}
	return "", fmt.Errorf("find hexiom: %w", err)
}

// templatesFlag declares -templates, passed on to hexiom play.
func templatesFlag(fs *flag.FlagSet) *string {
	return fs.String("templates", "", "template set `FILE` from 'hexiom learn', or \"builtin\", passed to hexiom play (default: hexiom play's)")
}
