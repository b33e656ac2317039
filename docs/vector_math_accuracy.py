#!/usr/bin/env python3
"""Accuracy of the CPU back end's transcendental functions, ours and XLA's.

For each function and each of f32/f64, one set of inputs is run through
(1) our compiler (`xla-run` on a one-op StableHLO module, so everything the
lowering and `xla-polynomial-math` do is included) and (2) XLA's CPU back
end (the same op through `jax.jit` on CPU, f64 with `jax_enable_x64`), and
both are compared with mpmath at 256 bits. Inputs:

- random bit patterns over every finite float of the type (so every
  exponent, subnormals included, both signs), limited to the function's
  domain where stated (`domain` below),
- uniform random points in the range where the function is interesting
  (`core`),
- special values: ±0, ±smallest and ±largest subnormal, ±smallest normal,
  ±largest finite, ±inf, NaN, ±1 and function-specific edges (overflow and
  underflow thresholds, multiples of pi/2, ...).

The error of a finite result is |y - ref| / ulp(ref), with ulp(ref) the
spacing of the type at the exactly rounded reference (subnormal spacing
below the normal range). A result that should be ±inf, NaN or ±0 must be
exactly that (sign of zero included), else the error counts as inf and the
input is listed. sin/cos/tan report |x| < 2^20 pi/2 and the rest separately.

    /work/venv-jax/bin/python docs/vector_math_accuracy.py --xla-run target/release/xla-run
    ... --functions tanh,sin --n 20000 --no-jax

It prints one JSON line per function and type (with the worst inputs) and
finally the markdown table of docs/vector_math.md.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

import mpmath as mp
import numpy as np

mp.mp.prec = 256
LIMIT = 1647099.3291652855  # 2^20 pi/2: sin/cos/tan reduce exactly below it

# name: (arity, StableHLO text of `%y = ... ` on %x (and %z), mpmath reference,
#        jax function, core range, domain)
FUNCTIONS = {
    "exp": (1, "stablehlo.exponential %x", mp.exp, "jnp.exp", (-750, 750), None),
    "log": (1, "stablehlo.log %x", mp.log, "jnp.log", (0, 10), "positive"),
    "log1p": (1, "stablehlo.log_plus_one %x", mp.log1p, "jnp.log1p", (-1, 10), None),
    "expm1": (1, "stablehlo.exponential_minus_one %x", mp.expm1, "jnp.expm1", (-40, 40), None),
    "tanh": (1, "stablehlo.tanh %x", mp.tanh, "jnp.tanh", (-10, 10), None),
    "logistic": (1, "stablehlo.logistic %x", lambda x: 1 / (1 + mp.exp(-x)), "jax.nn.sigmoid", (-100, 100), None),
    "sin": (1, "stablehlo.sine %x", mp.sin, "jnp.sin", (-10, 10), None),
    "cos": (1, "stablehlo.cosine %x", mp.cos, "jnp.cos", (-10, 10), None),
    "tan": (1, "stablehlo.tan %x", mp.tan, "jnp.tan", (-10, 10), None),
    "atan": (1, "chlo.atan %x", mp.atan, "jnp.arctan", (-10, 10), None),
    "cbrt": (1, "stablehlo.cbrt %x", mp.cbrt, "jnp.cbrt", (-10, 10), None),
    "rsqrt": (1, "stablehlo.rsqrt %x", lambda x: 1 / mp.sqrt(x), "jax.lax.rsqrt", (0, 10), "positive"),
    "erf": (1, "chlo.erf %x", mp.erf, "jax.lax.erf", (-6, 6), None),
    "erfc": (1, "chlo.erfc %x", mp.erfc, "jax.lax.erfc", (-6, 30), None),
    "atan2": (2, "stablehlo.atan2 %x, %z", None, "jax.lax.atan2", (-10, 10), None),
    "pow": (2, "stablehlo.power %x, %z", None, "jax.lax.pow", (0, 10), None),
}

TYPES = {"f32": (np.float32, np.uint32, 24, -126), "f64": (np.float64, np.uint64, 53, -1022)}


def specials(dtype):
    info = np.finfo(dtype)
    tiny_sub = np.nextafter(dtype(0), dtype(1))
    big_sub = info.tiny - tiny_sub
    base = [0.0, tiny_sub, big_sub, info.tiny, info.max, np.inf, 1.0, 0.5, 2.0, 3.0, 1e-8, 1e-20]
    base += [math.pi / 2, math.pi, 3 * math.pi / 2, 2 * math.pi, 1e6, LIMIT, 1e10, 1e22, 1e30]
    base += [88.72283172607422, 88.72283935546875, 89.0, 103.97, 104.5, 709.78, 709.79, 745.13, 746.0]
    base += [5.0, 9.0, 10.0, 19.0, 20.0, 26.5, 27.3, 100.0, 1000.0]
    values = [dtype(v) for v in base] + [-dtype(v) for v in base] + [dtype(np.nan)]
    return np.array(values, dtype=dtype)


def random_bits(dtype, bits_type, n, rng, positive=False):
    width = np.dtype(bits_type).itemsize * 8
    raw = rng.integers(0, 2 ** width, size=n, dtype=np.uint64 if width == 64 else np.uint32)
    x = raw.astype(bits_type).view(dtype)
    x = x[np.isfinite(x)]
    return np.abs(x) if positive else x


def inputs(name, dtype_name, n, rng):
    dtype, bits_type, _, _ = TYPES[dtype_name]
    arity, _, _, _, (low, high), domain = FUNCTIONS[name]
    positive = domain == "positive"
    if arity == 1:
        parts = [random_bits(dtype, bits_type, n, rng, positive), rng.uniform(low, high, n).astype(dtype), specials(dtype)]
        return (np.concatenate(parts),)
    # Pairs: random bits for both, a core grid, and special x special.
    x = np.concatenate([random_bits(dtype, bits_type, n, rng), rng.uniform(low, high, n).astype(dtype)])
    if name == "pow":
        # Exponents that keep the result finite more often, and integers.
        z = np.concatenate([rng.uniform(-50, 50, n), np.round(rng.uniform(-40, 40, n))]).astype(dtype)
        rng.shuffle(z)
        m = min(len(x), len(z))
        x, z = x[:m], z[:m]
        x = np.abs(x) * np.where(rng.uniform(size=len(z)) < 0.8, 1, -1).astype(dtype)
    else:
        z = random_bits(dtype, bits_type, 2 * n, rng)[: len(x)]
        x = x[: len(z)]
    s = specials(dtype)
    sx, sz = np.meshgrid(s, s)
    return np.concatenate([x, sx.ravel()]), np.concatenate([z, sz.ravel()])


def reference(name, args):
    """mpmath value (an mpf, or a float for inf/NaN/exact special cases)."""
    if name in ("atan2", "pow"):
        x, z = float(args[0]), float(args[1])
        if not (math.isfinite(x) and math.isfinite(z)) or x == 0 or z == 0:
            # IEEE special cases: the C library's values (exactly specified).
            if name == "atan2":
                return float(np.arctan2(x, z))
            try:
                return math.pow(x, z)
            except ValueError:  # pow(±0, y < 0): ±inf (- for odd integer y)
                odd = z == math.floor(z) and z % 2 == 1
                return math.copysign(math.inf, x) if odd else math.inf
            except OverflowError:
                return math.inf
        if name == "atan2":
            return mp.atan2(x, z)
        if x < 0:
            if z != math.floor(z):
                return math.nan
            r = mp.power(-mp.mpf(x), z)
            return -r if z % 2 == 1 else r
        return mp.power(x, z)
    x = float(args[0])
    if math.isnan(x):
        return math.nan
    if math.isinf(x) or x == 0:
        with np.errstate(all="ignore"):
            table = {"exp": np.exp, "log": np.log, "log1p": np.log1p, "expm1": np.expm1, "tanh": np.tanh,
                     "logistic": lambda v: 1 / (1 + np.exp(-v)), "sin": np.sin, "cos": np.cos, "tan": np.tan,
                     "atan": np.arctan, "cbrt": np.cbrt, "rsqrt": lambda v: 1 / np.sqrt(v),
                     "erf": lambda v: math.erf(v), "erfc": lambda v: math.erfc(v)}
            return float(table[name](np.float64(x)))
    if name == "log" and x < 0 or name == "log1p" and x < -1 or name == "rsqrt" and x < 0:
        return math.nan
    if name == "log1p" and x == -1:
        return -math.inf
    if name == "erfc" and abs(x) > 40:
        return 0.0 if x > 0 else 2.0  # mpmath overflows; the rounded values
    if name == "cbrt" and x < 0:
        return -mp.cbrt(-mp.mpf(x))
    return FUNCTIONS[name][2](mp.mpf(x))


def ulp_errors(values, refs, dtype_name):
    dtype, _, precision, emin = TYPES[dtype_name]
    errors = np.zeros(len(values))
    for i, (y, ref) in enumerate(zip(values, refs)):
        y = float(y)
        if isinstance(ref, float) and not math.isfinite(ref):
            ok = math.isnan(y) if math.isnan(ref) else y == ref
            errors[i] = 0.0 if ok else math.inf
            continue
        ref = mp.mpf(ref)
        with np.errstate(over="ignore"):
            rounded = float(dtype(float(ref)))
        if math.isinf(rounded) and y == rounded:
            continue
        if not math.isfinite(y):
            errors[i] = math.inf
            continue
        if ref == 0 or rounded == 0:
            # An exact or underflowing zero: the sign must match too.
            if y == 0 and math.copysign(1, y) == (1 if ref > 0 or (ref == 0 and not mp.sign(ref) < 0) else -1):
                continue
        exponent = max(int(mp.floor(mp.log(abs(ref), 2))) if ref != 0 else emin, emin)
        ulp = mp.mpf(2) ** (exponent - precision + 1)
        errors[i] = float(abs(mp.mpf(y) - ref) / ulp)
    return errors


def run_ours(xla_run, name, dtype_name, args, work):
    arity, text = FUNCTIONS[name][0], FUNCTIONS[name][1]
    n = len(args[0])
    ty = f"tensor<{n}x{dtype_name}>"
    params = ", ".join(f"%{v}: {ty}" for v in ["x", "z"][:arity])
    signature = f"{ty} -> {ty}" if text.startswith("chlo.") else ty
    module = f"func.func @main({params}) -> {ty} {{\n  %y = {text} : {signature}\n  func.return %y : {ty}\n}}\n"
    path = os.path.join(work, "m.mlir")
    with open(path, "w") as f:
        f.write(module)
    command = [xla_run, path, "--output-dir", work]
    for i, a in enumerate(args):
        np.save(os.path.join(work, f"in{i}.npy"), a)
        command += ["--input", os.path.join(work, f"in{i}.npy")]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        return None, done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "failed"
    return np.load(os.path.join(work, "out_0.npy")), None


def run_xla(name, args):
    import jax
    import jax.numpy as jnp  # noqa: F401 (used by eval)
    fn = eval(FUNCTIONS[name][3])
    with jax.default_device(jax.devices("cpu")[0]):
        return np.asarray(jax.jit(fn)(*args))


def summarize(errors, args, name, limit_split, refs, dtype_name):
    rows = {}
    # XLA's CPU code runs with subnormals flushed to zero: also report the
    # error over inputs and references that are not subnormal.
    tiny = np.finfo(TYPES[dtype_name][0]).tiny
    normal = np.ones(len(errors), dtype=bool)
    for a in args:
        a = np.abs(a.astype(np.float64))
        normal &= ~((a > 0) & (a < tiny))
    r = np.array([abs(float(v)) if not isinstance(v, float) or math.isfinite(v) else 1.0 for v in refs])
    normal &= ~((r > 0) & (r < tiny))
    rows["no-subnormal"] = errors[normal]
    if limit_split:
        small = np.abs(args[0].astype(np.float64)) < LIMIT
        rows["|x|<2^20pi/2"] = errors[small]
        rows["|x|>=2^20pi/2"] = errors[~small]
    else:
        rows["all"] = errors
    if limit_split:
        rows["no-subnormal"] = errors[normal & (np.abs(args[0].astype(np.float64)) < LIMIT)]
    return {k: (float(np.max(v)) if len(v) else 0.0) for k, v in rows.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--xla-run", default="target/release/xla-run")
    parser.add_argument("--functions", default=",".join(FUNCTIONS))
    parser.add_argument("--types", default="f32,f64")
    parser.add_argument("--n", type=int, default=20000, help="random inputs of each kind per function and type")
    parser.add_argument("--no-jax", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write the results here")
    options = parser.parse_args()
    if not options.no_jax:
        import jax
        jax.config.update("jax_enable_x64", True)
        jax.config.update("jax_platforms", "cpu")
    results = {}
    with tempfile.TemporaryDirectory() as work:
        for dtype_name in options.types.split(","):
            for name in options.functions.split(","):
                rng = np.random.default_rng(options.seed)
                args = inputs(name, dtype_name, options.n, rng)
                refs = [reference(name, a) for a in zip(*args)]
                ours, failure = run_ours(options.xla_run, name, dtype_name, args, work)
                split = name in ("sin", "cos", "tan")
                row = {"inputs": len(args[0])}
                if ours is None:
                    row["ours"] = failure
                else:
                    errors = ulp_errors(ours, refs, dtype_name)
                    row["ours"] = summarize(errors, args, name, split, refs, dtype_name)
                    bad = np.argsort(-errors)[:3]
                    row["ours_worst"] = [[float(a[i]) for a in args] + [float(ours[i])] for i in bad]
                if not options.no_jax:
                    theirs = run_xla(name, args)
                    errors = ulp_errors(theirs, refs, dtype_name)
                    row["xla"] = summarize(errors, args, name, split, refs, dtype_name)
                    bad = np.argsort(-errors)[:3]
                    row["xla_worst"] = [[float(a[i]) for a in args] + [float(theirs[i])] for i in bad]
                results[f"{name} {dtype_name}"] = row
                print(f"{name} {dtype_name}: {json.dumps(row)}", flush=True)
    if options.json:
        with open(options.json, "w") as f:
            json.dump(results, f, indent=1)
    print_table(results)


def cell(value):
    if isinstance(value, str):
        return "error"
    return "inf" if math.isinf(value) else f"{value:.2f}"


def print_table(results):
    """Markdown: max ulp error, all inputs / without subnormal inputs and
    results (XLA flushes subnormals to zero), ours and XLA's."""
    print("| function | type | ours | ours, no subnormals | XLA | XLA, no subnormals |")
    print("|---|---|---|---|---|---|")
    for key, row in results.items():
        name, dtype_name = key.split()
        cells = []
        for who in ("ours", "xla"):
            r = row.get(who, "-")
            if isinstance(r, str):
                cells += [r if r == "-" else "error", r if r == "-" else "error"]
                continue
            if "all" in r:
                whole = cell(r["all"])
            else:
                whole = f"{cell(r['|x|<2^20pi/2'])} / {cell(r['|x|>=2^20pi/2'])} (huge)"
            cells += [whole, cell(r["no-subnormal"])]
        print(f"| {name} | {dtype_name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    sys.exit(main())
