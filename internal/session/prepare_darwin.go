//go:build darwin

package session

const unixDesktop = false

func prepare() error { return nil }
