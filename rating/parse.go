package rating

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ParseSPRT reads an SPRT written ELO0,ELO1[,ALPHA,BETA[,MODEL]] (arbiter
// report --sprt): alpha and beta default to DefaultSPRTAlpha and
// DefaultSPRTBeta, the model to ModelNormalized. The numbers are plain
// decimals (IsDecimal); the test is checked (Check), its problems joined
// in the error.
func ParseSPRT(s string) (SPRT, error) {
	test := SPRT{Alpha: DefaultSPRTAlpha, Beta: DefaultSPRTBeta, Model: ModelNormalized}
	parts := strings.Split(s, ",")
	if len(parts) != 2 && len(parts) != 4 && len(parts) != 5 {
		return test, errors.New("want ELO0,ELO1[,ALPHA,BETA[,MODEL]]")
	}
	nums := []*float64{&test.Elo0, &test.Elo1, &test.Alpha, &test.Beta}
	for i, p := range parts {
		if i == 4 {
			test.Model = strings.TrimSpace(p)
			break
		}
		p = strings.TrimSpace(p)
		v, err := strconv.ParseFloat(p, 64)
		if err != nil || !IsDecimal(p) {
			return test, fmt.Errorf("%q is not a plain decimal number (5, -1.5, 0.05, 1e-3)", p)
		}
		*nums[i] = v
	}
	if errs := test.Check(); len(errs) > 0 {
		msgs := make([]string, len(errs))
		for i, e := range errs {
			msgs[i] = e.Msg
		}
		return test, errors.New(strings.Join(msgs, "; "))
	}
	return test, nil
}

// MaxAnchor is the largest rating an anchor, or White's advantage, may
// be given, in absolute value: far past any real rating difference, and
// far from the numbers that the fit cannot hold.
const MaxAnchor = 10000

// ParseAnchor reads an anchor written NAME=ELO (arbiter report --anchor):
// a player's name and the finite rating, within ±MaxAnchor, that the fit
// gives it.
func ParseAnchor(a string) (name string, elo float64, err error) {
	i := strings.LastIndexByte(a, '=')
	if i <= 0 {
		return "", 0, errors.New("want NAME=ELO")
	}
	elo, err = strconv.ParseFloat(strings.TrimSpace(a[i+1:]), 64)
	if err != nil || math.IsNaN(elo) || math.IsInf(elo, 0) {
		return "", 0, fmt.Errorf("rating %q is not a number", a[i+1:])
	}
	if math.Abs(elo) > MaxAnchor {
		return "", 0, fmt.Errorf("rating %s is out of range (-%d to %d)", a[i+1:], MaxAnchor, MaxAnchor)
	}
	return a[:i], elo, nil
}

// ParseAdvantage reads White's advantage in the fit (arbiter report
// --white-advantage): "auto" (fit it with the ratings) or a finite number
// of Elo within ±MaxAnchor.
func ParseAdvantage(a string) (fit bool, elo float64, err error) {
	if strings.EqualFold(strings.TrimSpace(a), "auto") {
		return true, 0, nil
	}
	elo, err = strconv.ParseFloat(strings.TrimSpace(a), 64)
	if err != nil || math.IsNaN(elo) || math.IsInf(elo, 0) || math.Abs(elo) > MaxAnchor {
		return false, 0, fmt.Errorf("want auto or a number of Elo within ±%d", MaxAnchor)
	}
	return false, elo, nil
}
