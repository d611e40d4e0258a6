package units

import (
	"fmt"
	"path"
	"strings"

	"herdsim/internal/shard"
)

// Unit is one item of a plan.
type Unit struct {
	Key  string         // stable identity: a relative slash path, the name of its file under units/
	Name string         // for logs and timing lines; the key when empty
	Tags map[string]any // further fields of its timing line (say its model and split)
}

func (u Unit) name() string {
	if u.Name == "" {
		return u.Key
	}
	return u.Name
}

// keyChars are the characters a key's names may use besides letters and digits.
const keyChars = "._=+-"

// CheckKey reports whether key can name a unit's file: a relative slash path whose names
// are non-empty, not "." or "..", and use letters, digits and . _ = + - only.
func CheckKey(key string) error {
	if key == "" || path.Clean(key) != key || path.IsAbs(key) || key == "." || strings.HasPrefix(key, "../") || key == ".." {
		return fmt.Errorf("unit key %q: want a relative path like split0/H1/class3", key)
	}
	for _, c := range key {
		ok := c == '/' || strings.ContainsRune(keyChars, c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !ok {
			return fmt.Errorf("unit key %q: character %q (want letters, digits and %s)", key, c, keyChars)
		}
	}
	return nil
}

// checkPlan checks every key and that no key is used twice.
func checkPlan(units []Unit) error {
	seen := make(map[string]bool, len(units))
	for _, u := range units {
		if err := CheckKey(u.Key); err != nil {
			return err
		}
		if seen[u.Key] {
			return fmt.Errorf("unit key %q is used twice in the plan", u.Key)
		}
		seen[u.Key] = true
	}
	return nil
}

// Select returns the indexes of the units of the plan a shard takes, in plan order.
func Select(n int, s shard.Shard) []int {
	var out []int
	for i := range n {
		if s.Takes(i) {
			out = append(out, i)
		}
	}
	return out
}
