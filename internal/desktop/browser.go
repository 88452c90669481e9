//go:build linux

package desktop

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// DefaultBrowser makes Debian's Chromium the default web browser of a fresh
// freedesktop configuration in a new temporary directory, the way a desktop
// records a user's choice (x-scheme-handler/http and https in mimeapps.list,
// naming a .desktop entry), for tests of code that opens pages with
// xdg-open. It returns the environment that points xdg-open there and at
// display x, and a function that removes the directory (Chromium's profile
// is there too). The Chromium xdg-open starts belongs to no one: it exits
// when x closes, so call the function after x.Close.
func DefaultBrowser(x *X) (env []string, remove func(), err error) {
	if _, err := os.Stat(ChromiumPath); err != nil {
		return nil, nil, fmt.Errorf("default browser: %s missing (apt-get install chromium): %w", ChromiumPath, err)
	}
	dir, err := os.MkdirTemp("", "hexiom-default-browser-")
	if err != nil {
		return nil, nil, fmt.Errorf("default browser: %w", err)
	}
	remove = func() {
		// Chromium's processes may still be writing the profile for a
		// moment after their X server went.
		_ = WaitFor(10*time.Second, 50*time.Millisecond, "the profile to go", func() (bool, error) {
			return os.RemoveAll(dir) == nil, nil
		})
	}
	env, err = writeDefaultBrowser(x, dir)
	if err != nil {
		remove()
		return nil, nil, err
	}
	return env, remove, nil
}

func writeDefaultBrowser(x *X, dir string) ([]string, error) {
	config, data, apps := filepath.Join(dir, "config"), filepath.Join(dir, "data"), filepath.Join(dir, "data", "applications")
	for _, d := range []string{config, apps, filepath.Join(dir, "none")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, fmt.Errorf("default browser: %w", err)
		}
	}
	exec := strings.Join(append(append([]string{ChromiumPath}, chromiumFlags(filepath.Join(dir, "profile"))...), "%u"), " ")
	entry := "[Desktop Entry]\nType=Application\nName=Test Chromium\nExec=" + exec + "\nMimeType=x-scheme-handler/http;x-scheme-handler/https;\n"
	list := "[Default Applications]\nx-scheme-handler/http=hexiom-test-chromium.desktop\nx-scheme-handler/https=hexiom-test-chromium.desktop\n"
	if err := os.WriteFile(filepath.Join(apps, "hexiom-test-chromium.desktop"), []byte(entry), 0o644); err != nil {
		return nil, fmt.Errorf("default browser: %w", err)
	}
	if err := os.WriteFile(filepath.Join(config, "mimeapps.list"), []byte(list), 0o644); err != nil {
		return nil, fmt.Errorf("default browser: %w", err)
	}
	return []string{
		"DISPLAY=" + x.Display,
		"XDG_CONFIG_HOME=" + config,
		"XDG_DATA_HOME=" + data,
		"XDG_DATA_DIRS=" + filepath.Join(dir, "none"),          // not the system's chromium.desktop
		"XDG_CURRENT_DESKTOP=", "DESKTOP_SESSION=", "BROWSER=", // xdg-open's generic mode
	}, nil
}
