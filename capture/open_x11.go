//go:build !windows && !darwin

package capture

// Default is the way to capture on this platform: the X11 fast path.
const Default = ViaX11

func openX11(display string) (Source, error) {
	s, err := OpenScreen(display)
	if err != nil {
		return nil, err
	}
	return s, nil
}
