#!/usr/bin/env python3
"""Generate StableHLO execution-test examples from JAX.

What it generates
-----------------
For every example NAME in ``EXAMPLES`` below, this script writes into the
directory containing this file (``test/examples/``):

* ``NAME.mlir``          -- the StableHLO module, exactly the text returned by
                            ``jax.jit(f).lower(*args).as_text()`` (verbatim,
                            nothing added or changed).
* ``NAME.in<i>.npy``     -- the i-th input argument (``np.save``, C order).
* ``NAME.expected<i>.npy`` -- the i-th output JAX computes for those inputs
                            (``np.asarray`` of ``jax.jit(f)(*args)``).

The examples deliberately use only the thin op subset the compiler supports:
constant, broadcast_in_dim, add, subtract, multiply, divide, maximum, minimum,
negate, abs, exponential, log, tanh, sqrt, rsqrt, compare, select.

Inputs come from fixed-seed ``np.random.RandomState`` generators, so the
output is deterministic: rerunning produces byte-identical files (for the same
jax/jaxlib/numpy versions; the versions used are printed on stdout).

How to rerun
------------
From the repository root, with jax and numpy installed (CPU is enough)::

    python3 test/examples/generate.py

The script forces ``JAX_PLATFORMS=cpu``.
"""

import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

OUT_DIR = os.path.dirname(os.path.abspath(__file__))


def _f32(rs, shape, lo=-4.0, hi=4.0):
    return rs.uniform(lo, hi, size=shape).astype(np.float32)


def make_axpy():
    rs = np.random.RandomState(0)
    alpha = np.array(2.5, dtype=np.float32)  # 0-d float32 scalar
    x = _f32(rs, (8,))
    y = _f32(rs, (8,))
    return (lambda alpha, x, y: alpha * x + y), (alpha, x, y)


def make_relu_affine():
    rs = np.random.RandomState(1)
    x = _f32(rs, (4, 8))
    w = _f32(rs, (8,))
    b = _f32(rs, (4, 1))
    return (lambda x, w, b: jnp.maximum(x * w + b, 0.0)), (x, w, b)


def make_select_max():
    rs = np.random.RandomState(2)
    a = _f32(rs, (16,))
    b = _f32(rs, (16,))
    # Same as jnp.where(a > b, a - b, jnp.tanh(b)), but jnp.where lowers to a
    # `call @_where` into a private helper function; lax.select emits a plain
    # stablehlo.select inside @main, staying within the supported op subset.
    return (lambda a, b: jax.lax.select(a > b, a - b, jnp.tanh(b))), (a, b)


def make_int_ops():
    rs = np.random.RandomState(3)
    a = rs.randint(-100, 101, size=(6,)).astype(np.int32)
    b = rs.randint(-100, 101, size=(6,)).astype(np.int32)
    return (lambda a, b: jnp.minimum(a * b + 7, a - b)), (a, b)


def make_softplus_like():
    rs = np.random.RandomState(4)
    x = _f32(rs, (3, 5))
    return (
        lambda x: jnp.log(1.0 + jnp.exp(-jnp.abs(x))) + jnp.maximum(x, 0.0)
    ), (x,)


def make_mlp():
    """A two-layer MLP with log-softmax: dot_general, reduce (max and add),
    broadcasting, and a call into a private helper function."""
    rs = np.random.RandomState(5)
    x = _f32(rs, (4, 8), -1.0, 1.0)
    w1 = _f32(rs, (8, 16), -0.5, 0.5)
    b1 = _f32(rs, (16,), -0.1, 0.1)
    w2 = _f32(rs, (16, 3), -0.5, 0.5)
    b2 = _f32(rs, (3,), -0.1, 0.1)

    def mlp(x, w1, b1, w2, b2):
        h = jnp.maximum(x @ w1 + b1, 0.0)
        return jax.nn.log_softmax(h @ w2 + b2, axis=-1)

    return mlp, (x, w1, b1, w2, b2)


def make_argmax():
    """argmax: a variadic reduce (values and iota indices) whose reducer uses
    compare/and/or/select; the input has ties and a NaN."""
    rs = np.random.RandomState(6)
    x = _f32(rs, (6, 9))
    x[1, 3] = np.nan
    x[2, 4] = x[2, 7] = 9.0
    return (lambda x: jnp.argmax(x, axis=1)), (x,)


EXAMPLES = [
    ("axpy", make_axpy),
    ("relu_affine", make_relu_affine),
    ("select_max", make_select_max),
    ("int_ops", make_int_ops),
    ("softplus_like", make_softplus_like),
    ("mlp", make_mlp),
    ("argmax", make_argmax),
]


def main():
    import jaxlib

    print(f"jax {jax.__version__}, jaxlib {jaxlib.__version__}, "
          f"numpy {np.__version__}, backend {jax.default_backend()}")
    for name, make in EXAMPLES:
        f, args = make()
        # np.array(..., order="C") keeps 0-d arrays 0-d (np.ascontiguousarray
        # would promote them to shape (1,)).
        args = tuple(np.array(a, order="C") for a in args)
        jitted = jax.jit(f)
        text = jitted.lower(*args).as_text()
        with open(os.path.join(OUT_DIR, f"{name}.mlir"), "w") as fh:
            fh.write(text)
        for i, a in enumerate(args):
            np.save(os.path.join(OUT_DIR, f"{name}.in{i}.npy"), a)
        outs = jitted(*args)
        if not isinstance(outs, (tuple, list)):
            outs = (outs,)
        for i, o in enumerate(outs):
            np.save(os.path.join(OUT_DIR, f"{name}.expected{i}.npy"),
                    np.array(np.asarray(o), order="C"))
        print(f"wrote {name}: {len(args)} input(s), {len(outs)} output(s)")


if __name__ == "__main__":
    main()
