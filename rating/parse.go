package rating

import (
	"errors"
	"fmt"
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
