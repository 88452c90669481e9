package main

// platformCommands are the commands only Linux has: they start Xvfb and
// Chromium (package play/desk).
var platformCommands = []command{benchPlayCommand, playDemoCommand}
