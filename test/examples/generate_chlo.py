#!/usr/bin/env python3
"""Generate the CHLO execution examples from JAX (ops that JAX's CPU
lowering does not emit as CHLO by itself).

Same file conventions as ``generate.py`` / ``generate_more.py``: for every
example NAME it writes ``NAME.mlir`` (the text of
``jax.jit(f).trace(*args).lower(...).as_text()``, verbatim),
``NAME.in<i>.npy`` and ``NAME.expected<i>.npy`` (what ``jax.jit(f)(*args)``
returns on CPU) into ``test/examples/``.

* ``ragged_dot`` / ``ragged_dot_batched``: ``jax.lax.ragged_dot`` and
  ``ragged_dot_general`` with a batch dimension.  On CPU JAX lowers these to
  plain StableHLO; the ``chlo.ragged_dot`` op is what it emits for TPU (and
  GPU), so the module is lowered with ``lowering_platforms=('tpu',)`` and
  the expected output is computed on CPU (JAX's reference implementation:
  rows past ``sum(group_sizes)`` are zero; an empty group is allowed).

* ``polygamma`` / ``zeta``: ``jax.scipy.special.polygamma`` (n = 0..5, x
  in (-6, 12), away from the poles) and ``zeta`` (x in (1, 12), q in
  (0, 30)), which JAX lowers to ``chlo.polygamma`` / ``chlo.zeta`` on every
  platform; expected values are JAX's (XLA's decomposition on CPU).

* ``complex_trig`` / ``complex_trig_f64``: ``jnp.arcsin, arccos, arctan,
  arcsinh, arccosh, arctanh, sinh, cosh, tan`` of a 13x12 complex64 (and,
  under ``jax.enable_x64``, complex128) grid around the branch points and
  on both sides of every branch cut (never on one).  JAX emits
  ``chlo.asin`` ... ``chlo.cosh`` (``stablehlo.tan`` for tan).  The
  expected outputs are numpy's (complex128, rounded to the input type),
  not JAX's.

Generated with jax 0.10.2 / jaxlib 0.10.2 / numpy 2.4 on CPU.  Rerun from
the repository root: ``python3 test/examples/generate_chlo.py [NAME...]``.
"""

import os
import sys

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import numpy as np  # noqa: E402
from jax import lax  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def make_ragged_dot():
    rs = np.random.RandomState(11)
    lhs = rs.uniform(-2, 2, (10, 4)).astype(np.float32)
    rhs = rs.uniform(-2, 2, (3, 4, 5)).astype(np.float32)
    # Group 1 is empty; rows 7..9 are past the groups (zeros).
    group_sizes = np.array([3, 0, 4], np.int32)
    return (lambda l, r, g: lax.ragged_dot(l, r, g)), (lhs, rhs, group_sizes), ("tpu",)


def make_ragged_dot_batched():
    rs = np.random.RandomState(12)
    lhs = rs.uniform(-2, 2, (2, 6, 3)).astype(np.float32)
    rhs = rs.uniform(-2, 2, (3, 2, 3, 4)).astype(np.float32)
    group_sizes = np.array([2, 1, 3], np.int32)
    dn = lax.RaggedDotDimensionNumbers(
        dot_dimension_numbers=(([2], [2]), ([0], [1])),
        lhs_ragged_dimensions=[1],
        rhs_group_dimensions=[0],
    )
    return (lambda l, r, g: lax.ragged_dot_general(l, r, g, dn)), (lhs, rhs, group_sizes), ("tpu",)


def make_polygamma():
    import jax.scipy.special as jss
    rs = np.random.RandomState(13)
    n = np.array([0, 1, 2, 3, 4, 1, 2, 0, 1, 3, 5, 1] * 4, np.int32).reshape(6, 8)
    x = np.concatenate([rs.uniform(0.05, 12, 36), rs.uniform(-5.9, -0.1, 12)]).astype(np.float32).reshape(6, 8)
    return (lambda n, x: jss.polygamma(n, x)), (n, x), None


def make_zeta():
    import jax.scipy.special as jss
    rs = np.random.RandomState(14)
    x = rs.uniform(1.05, 12, (5, 8)).astype(np.float32)
    q = rs.uniform(0.05, 30, (5, 8)).astype(np.float32)
    return (lambda x, q: jss.zeta(x, q)), (x, q), None


COMPLEX_FUNCTIONS = ("arcsin", "arccos", "arctan", "arcsinh", "arccosh", "arctanh", "sinh", "cosh", "tan")


def _complex_grid(dtype):
    # Around the branch points +-1, +-i and along both sides of the cuts
    # (imaginary or real part +-1e-3), never exactly on a cut.
    re = np.array([-6, -3, -1.5, -1.001, -0.999, -0.5, -1e-3, 1e-3, 0.3, 0.999, 1.001, 2, 8])
    im = np.array([-5, -1.5, -1.001, -0.999, -0.4, -1e-3, 1e-3, 0.7, 0.999, 1.001, 2.5, 9])
    return (re[:, None] + 1j * im[None, :]).astype(dtype)


def _complex_trig(dtype, numpy_dtype):
    import jax.numpy as jnp
    z = _complex_grid(dtype)
    f = lambda z: tuple(getattr(jnp, name)(z) for name in COMPLEX_FUNCTIONS)
    # Expected values from numpy in complex128, rounded to the input type
    # (not JAX's: the reference is numpy's principal branches).
    wide = z.astype(np.complex128)
    expected = tuple(getattr(np, name)(wide).astype(numpy_dtype) for name in COMPLEX_FUNCTIONS)
    return f, (z,), None, expected


def make_complex_trig():
    return _complex_trig(np.complex64, np.complex64)


def make_complex_trig_f64():
    return _complex_trig(np.complex128, np.complex128)


EXAMPLES = {
    "ragged_dot": make_ragged_dot,
    "ragged_dot_batched": make_ragged_dot_batched,
    "polygamma": make_polygamma,
    "zeta": make_zeta,
    "complex_trig": make_complex_trig,
    "complex_trig_f64": make_complex_trig_f64,
}

X64 = {"complex_trig_f64"}


def generate(name):
    with jax.enable_x64(name in X64):
        made = EXAMPLES[name]()
        f, args, platforms = made[:3]
        traced = jax.jit(f).trace(*args)
        lowered = traced.lower(lowering_platforms=platforms) if platforms else traced.lower()
        text = lowered.as_text()
        outs = made[3] if len(made) > 3 else jax.tree_util.tree_leaves(jax.jit(f)(*args))
    with open(os.path.join(HERE, f"{name}.mlir"), "w") as fh:
        fh.write(text)
    for i, a in enumerate(args):
        np.save(os.path.join(HERE, f"{name}.in{i}.npy"), np.asarray(a))
    for i, o in enumerate(outs):
        np.save(os.path.join(HERE, f"{name}.expected{i}.npy"), np.asarray(o))
    print(f"{name}: {len(args)} inputs, {len(outs)} outputs")


def main(names):
    print(f"jax {jax.__version__}, numpy {np.__version__}")
    for name in names or EXAMPLES:
        generate(name)


if __name__ == "__main__":
    main(sys.argv[1:])
