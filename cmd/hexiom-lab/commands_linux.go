package main

import "hexiom/internal/cli"

// platformCommands are the commands only Linux has: they start Xvfb and
// Chromium (package play/desk).
var platformCommands = []cli.Command{benchPlayCommand, playDemoCommand}
