//go:build !windows && !darwin

package browser

import (
	"os/exec"
	"syscall"
)

const hint = " (apt-get install xdg-utils)"

func opener(url string) (string, []string) { return "xdg-open", []string{url} }

// detach puts the opener, and the browser it may run, in a process group of
// its own, so a Ctrl-C meant for hexiom does not close the browser.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }
