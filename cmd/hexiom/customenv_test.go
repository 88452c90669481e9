//go:build customenv

package main

// customEnv: built with gocv's customenv tag, the build of scripts/env.sh.
const customEnv = true
