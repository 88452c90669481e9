//go:build windows

package browser

import "os/exec"

const hint = ""

// opener is what Windows itself runs for a link: the URL's protocol handler.
func opener(url string) (string, []string) {
	return "rundll32", []string{"url.dll,FileProtocolHandler", url}
}

func detach(*exec.Cmd) {}
