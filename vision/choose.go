package vision

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// TemplatesPath is where hexiom learn saves the user's template set:
// os.UserConfigDir()/hexiom/templates.json.
func TemplatesPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("templates: %w", err)
	}
	return filepath.Join(dir, "hexiom", "templates.json"), nil
}

// BuiltinName is the name OpenTemplates takes for the built-in set.
const BuiltinName = "builtin"

// OpenTemplates is the one rule every command follows to find its template
// set: the file named (BuiltinName: the built-in set), else the set hexiom
// learn saved (TemplatesPath) when there is one, else the built-in set. It
// returns the set and one line that says which set it is and what it has
// not learnt.
func OpenTemplates(name string) (*Templates, string, error) {
	var t *Templates
	var err error
	what := ""
	switch name {
	case BuiltinName:
		t, err = Builtin()
		what = "the built-in classic set"
	case "":
		p, perr := TemplatesPath()
		if perr == nil {
			if _, serr := os.Stat(p); serr == nil {
				t, err = LoadTemplates(p)
				what = "the learnt set " + p
				break
			}
		}
		t, err = Builtin()
		what = "the built-in classic set (nothing learnt: no " + p + ")"
		if perr != nil {
			what = fmt.Sprintf("the built-in classic set (%v)", perr)
		}
	default:
		t, err = LoadTemplates(name)
		what = "the set " + name
	}
	if err != nil {
		return nil, "", err
	}
	return t, "templates: " + what + t.describeMissing(), nil
}

func (t *Templates) describeMissing() string {
	m := t.Missing()
	if len(m) == 0 {
		return ", every kind and digit learnt"
	}
	return ", not learnt: " + strings.Join(m, ", ") + " (cells that look like them are refused; hexiom learn)"
}
