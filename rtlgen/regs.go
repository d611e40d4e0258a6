package rtlgen

import (
	"fmt"
	"strings"

	"herdsim/datapath"
	"herdsim/fixedpoint"
)

// Register formats: every register of datapath.Arch becomes two parameters, <NAME>_W
// (its width) and <NAME>_SAT (1 for SAT, 0 for WRAP), and three functions over the
// common exact width XW: ext_<name> (sign-extend a stored value), fits_<name> (does an
// exact value fit) and cast_<name> (store an exact value: wrap or saturate, exactly
// datapath/register.go's put).

func regParam(r datapath.Reg) string { return strings.ToUpper(r.String()) }
func regFunc(r datapath.Reg) string  { return strings.ToLower(r.String()) }

// regParams lists the width and overflow parameters of regs, with the Arch's values.
func regParams(a datapath.Arch, regs []datapath.Reg) []param {
	var out []param
	for _, r := range regs {
		s := a.Spec(r)
		sat := "0"
		if s.Overflow == fixedpoint.Sat {
			sat = "1"
		}
		out = append(out,
			param{regParam(r) + "_W", fmt.Sprint(s.Format.Word), fmt.Sprintf("register %s: %v", r, s.Format)},
			param{regParam(r) + "_SAT", sat, fmt.Sprintf("register %s: 1 = SAT, 0 = WRAP (%v)", r, s.Overflow)})
	}
	return out
}

// regFunctions is the Verilog of the ext/fits/cast functions of regs. XW must exceed
// every width (so the sign-extension replication is never empty).
func regFunctions(regs []datapath.Reg) string {
	var b strings.Builder
	for i, r := range regs {
		if i > 0 {
			b.WriteString("\n")
		}
		p, f := regParam(r), regFunc(r)
		fmt.Fprintf(&b, `function [XW-1:0] ext_%[2]s;  // register %[3]s: stored value, sign-extended
  input [%[1]s_W-1:0] v;
  ext_%[2]s = {{(XW-%[1]s_W){v[%[1]s_W-1]}}, v};
endfunction
function fits_%[2]s;  // register %[3]s: the exact value is in range
  input [XW-1:0] v;
  fits_%[2]s = (ext_%[2]s(v[%[1]s_W-1:0]) == v);
endfunction
function [%[1]s_W-1:0] cast_%[2]s;  // register %[3]s: the value stored (wrap or saturate)
  input [XW-1:0] v;
  if (%[1]s_SAT == 0 || fits_%[2]s(v)) cast_%[2]s = v[%[1]s_W-1:0];
  else if (v[XW-1]) cast_%[2]s = {1'b1, {(%[1]s_W-1){1'b0}}};
  else cast_%[2]s = {1'b0, {(%[1]s_W-1){1'b1}}};
endfunction
`, p, f, r)
	}
	return b.String()
}

// maxWidthExpr is a Verilog constant expression for the widest of regs.
func maxWidthExpr(regs []datapath.Reg) string {
	e := regParam(regs[0]) + "_W"
	for _, r := range regs[1:] {
		w := regParam(r) + "_W"
		e = fmt.Sprintf("(%s > %s ? %s : %s)", w, e, w, e)
	}
	return e
}
