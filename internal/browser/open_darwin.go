//go:build darwin

package browser

import "os/exec"

const hint = ""

func opener(url string) (string, []string) { return "open", []string{url} }

func detach(*exec.Cmd) {}
