package browser

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// Wait is how long Open waits for the opener to exit. openers hand the page
// to the browser and exit at once; xdg-open, in a session with no desktop
// environment it knows, runs the browser itself and exits only with it.
// Still running after Wait means the browser is up.
var Wait = 5 * time.Second

// Open asks the platform's opener to show url in the default browser. It
// returns an error when the opener is missing or fails (xdg-open exits 3
// when it finds no browser).
func Open(url string) error {
	if !strings.HasPrefix(url, "http://") && !strings.HasPrefix(url, "https://") {
		return fmt.Errorf("open %q: not a web address", url)
	}
	name, args := opener(url)
	path, err := exec.LookPath(name)
	if err != nil {
		return fmt.Errorf("open %s: %s not found%s: %w", url, name, hint, err)
	}
	cmd := exec.Command(path, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	detach(cmd)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("open %s: %w", url, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("open %s: %s: %w: %s", url, name, err, bytes.TrimSpace(out.Bytes()))
		}
	case <-time.After(Wait):
		// the browser itself runs in the opener: leave it; done reaps it
	}
	return nil
}
