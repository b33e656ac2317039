#!/usr/bin/env python3
"""Generate more StableHLO execution-test examples from JAX (beyond the thin
op subset of ``generate.py``).

What it generates
-----------------
Same conventions as ``generate.py``.  For every example NAME in ``EXAMPLES``
below, this script writes into the directory containing this file
(``test/examples/``):

* ``NAME.mlir``            -- the StableHLO module, exactly the text returned
                              by ``jax.jit(f).lower(*args).as_text()``
                              (verbatim, nothing added or changed).
* ``NAME.in<i>.npy``       -- the i-th input argument (``np.save``, C order;
                              0-d arrays stay 0-d).
* ``NAME.expected<i>.npy`` -- the i-th output JAX computes for those inputs
                              (``np.asarray`` of the i-th leaf of
                              ``jax.jit(f)(*args)``, C order).

Unlike ``generate.py`` these examples exercise the wider op set real JAX
programs use: control flow (while, case), dynamic_slice /
dynamic_update_slice, gather / scatter, reduce_window, sort, top_k,
convolution (forward and gradient: select_and_scatter, dilations),
attention, layernorm, threefry RNG, fft, complex numbers, unsigned 32/64-bit
integers, converts, bitcast_convert, reduce_precision, clamp / iota, chlo
special functions (erf, lgamma, erf_inv), CPU LAPACK custom_calls
(cholesky, triangular_solve) and collectives over one device.  Some of the programs therefore contain
``chlo.*`` ops, ``stablehlo.custom_call`` ops and private helper functions;
they are kept verbatim on purpose.

The ``uint64`` example is lowered and run inside ``jax.enable_x64(True)``;
everything else runs with JAX's default 32-bit mode.  The ``collectives``
example (``shard_map`` over a one-device mesh) is lowered with the Shardy
partitioner off, so that it contains only StableHLO collectives.

Inputs come from fixed-seed ``np.random.RandomState`` generators (plus a few
hand-written edge values: NaN, +-inf, -0.0, out-of-range indices, values
near 2**32-1), so the output is deterministic: rerunning produces
byte-identical files for the same jax/jaxlib/numpy versions (printed on
stdout).  These files were generated with jax 0.10.2 / jaxlib 0.10.2 on CPU.

An example that fails to lower or run is reported on stdout and skipped (no
files are written for it); the script exits non-zero if any failed.

How to rerun
------------
From the repository root, with jax and numpy installed (CPU is enough)::

    python3 test/examples/generate_more.py            # all examples
    python3 test/examples/generate_more.py sort top_k # only these

The script forces ``JAX_PLATFORMS=cpu``.
"""

import os
import sys
import traceback

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax import lax  # noqa: E402

OUT_DIR = os.path.dirname(os.path.abspath(__file__))

NAN = np.float32(np.nan)
INF = np.float32(np.inf)


def _f32(rs, shape, lo=-4.0, hi=4.0):
    return rs.uniform(lo, hi, size=shape).astype(np.float32)


def _i32(v):
    return np.array(v, dtype=np.int32)


# ---------------------------------------------------------------- control flow


def make_fori_loop():
    """fori_loop with static bounds -> stablehlo.while (i32 counter)."""
    rs = np.random.RandomState(100)
    x = _f32(rs, (4,))
    return (lambda x: lax.fori_loop(0, 10, lambda i, c: c * 1.1 + i, x)), (x,)


def make_while_loop():
    """Data-dependent while: halve until sum < 1, also count iterations."""
    rs = np.random.RandomState(101)
    x = _f32(rs, (5,), 0.5, 6.0)

    def f(x):
        def cond(carry):
            c, _ = carry
            return jnp.sum(c) >= 1.0

        def body(carry):
            c, n = carry
            return c * 0.5, n + 1

        return lax.while_loop(cond, body, (x, jnp.int32(0)))

    return f, (x,)


def _branches():
    return [
        lambda x: x * 2.0,
        lambda x: jnp.sin(x) - 1.0,
        lambda x: jnp.exp(-x * x),
    ]


def make_cond_switch():
    """lax.switch with an i32 scalar index input -> stablehlo.case."""
    rs = np.random.RandomState(102)
    x = _f32(rs, (5,))
    return (lambda idx, x: lax.switch(idx, _branches(), x)), (_i32(1), x)


def make_cond_switch_oob():
    """lax.switch with an out-of-range index (7): JAX clamps it to 2."""
    rs = np.random.RandomState(103)
    x = _f32(rs, (5,))
    return (lambda idx, x: lax.switch(idx, _branches(), x)), (_i32(7), x)


def make_cond_pred():
    """lax.cond with a bool scalar predicate (and two operands)."""
    rs = np.random.RandomState(104)
    x = _f32(rs, (3, 4))
    y = _f32(rs, (4,))
    pred = np.array(False)

    def f(pred, x, y):
        return lax.cond(pred, lambda x, y: x + y, lambda x, y: x * y - 1.0,
                        x, y)

    return f, (pred, x, y)


# ------------------------------------------------------- dynamic slice/update


def make_dynamic_slice():
    """dynamic_slice with j=5 out of range for size 3 in a dim of 6 (clamped
    to 3)."""
    x = np.arange(30, dtype=np.float32).reshape(5, 6)
    f = lambda x, i, j: lax.dynamic_slice(x, (i, j), (2, 3))  # noqa: E731
    return f, (x, _i32(1), _i32(5))


def make_dynamic_slice_neg():
    """Negative starts: JAX wraps them (i=-1 -> 4, then clamped to 3;
    j=-10 -> -4, clamped to 0)."""
    x = np.arange(30, dtype=np.float32).reshape(5, 6)
    f = lambda x, i, j: lax.dynamic_slice(x, (i, j), (2, 3))  # noqa: E731
    return f, (x, _i32(-1), _i32(-10))


def make_dynamic_update_slice():
    """dynamic_update_slice with i=4 out of range for a 2-row update in 5
    rows (clamped to 3)."""
    rs = np.random.RandomState(105)
    x = _f32(rs, (5, 6))
    u = _f32(rs, (2, 3), 10.0, 20.0)
    f = lambda x, u, i, j: lax.dynamic_update_slice(x, u, (i, j))  # noqa
    return f, (x, u, _i32(4), _i32(2))


# --------------------------------------------------------------- gather/scatter


def make_gather_rows():
    """x[idx] with duplicate and negative (wrapped) indices."""
    rs = np.random.RandomState(106)
    x = _f32(rs, (6, 4))
    idx = _i32([0, 5, 2, 2, -1])
    return (lambda x, idx: x[idx]), (x, idx)


def make_gather_cols():
    """x[:, idx]."""
    rs = np.random.RandomState(107)
    x = _f32(rs, (3, 5))
    idx = _i32([4, 0, 3])
    return (lambda x, idx: x[:, idx]), (x, idx)


def make_take_along_axis():
    rs = np.random.RandomState(108)
    x = _f32(rs, (3, 5))
    idx = _i32([[0, 4], [2, 2], [1, 3]])
    return (lambda x, idx: jnp.take_along_axis(x, idx, axis=1)), (x, idx)


def make_scatter_add():
    """x.at[idx].add(v) with duplicate indices (updates accumulate)."""
    rs = np.random.RandomState(109)
    x = _f32(rs, (5, 3))
    idx = _i32([1, 3, 1, 0])
    v = _f32(rs, (4, 3))
    return (lambda x, idx, v: x.at[idx].add(v)), (x, idx, v)


def make_scatter_set():
    """x.at[idx].set(v) with unique indices."""
    rs = np.random.RandomState(110)
    x = _f32(rs, (8,))
    idx = _i32([6, 0, 3])
    v = _f32(rs, (3,), 10.0, 20.0)
    return (lambda x, idx, v: x.at[idx].set(v)), (x, idx, v)


# ---------------------------------------------------------------- reduce_window


def make_cumsum():
    """jnp.cumsum along axis 1 (lowering is backend dependent)."""
    rs = np.random.RandomState(111)
    x = _f32(rs, (3, 6))
    return (lambda x: jnp.cumsum(x, axis=1)), (x,)


def make_cumsum_reduce_window():
    """Explicit prefix sum via reduce_window with low padding 5."""
    rs = np.random.RandomState(112)
    x = _f32(rs, (3, 6))

    def f(x):
        return lax.reduce_window(x, 0.0, lax.add, (1, 6), (1, 1),
                                 ((0, 0), (5, 0)))

    return f, (x,)


def make_max_pool():
    """2x2 stride-2 max pool on NHWC."""
    rs = np.random.RandomState(113)
    x = _f32(rs, (2, 4, 4, 3))

    def f(x):
        return lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1),
                                 (1, 2, 2, 1), "VALID")

    return f, (x,)


def make_avg_pool_same():
    """3x3 stride-2 avg pool, padding SAME (asymmetric (0,1) padding), both
    count-include-pad (divide by 9) and count-exclude-pad outputs."""
    rs = np.random.RandomState(114)
    x = _f32(rs, (1, 6, 6, 2))

    def f(x):
        win, strides = (1, 3, 3, 1), (1, 2, 2, 1)
        s = lax.reduce_window(x, 0.0, lax.add, win, strides, "SAME")
        cnt = lax.reduce_window(jnp.ones_like(x), 0.0, lax.add, win, strides,
                                "SAME")
        return s / 9.0, s / cnt

    return f, (x,)


# ------------------------------------------------------------------- sort/top_k


def make_sort():
    """jnp.sort along the last axis with NaN, +-inf, -0.0 and 0.0."""
    rs = np.random.RandomState(115)
    x = _f32(rs, (3, 6))
    x[0, 1] = NAN
    x[0, 4] = -0.0
    x[0, 5] = 0.0
    x[1, 0] = INF
    x[1, 2] = -INF
    x[1, 3] = NAN
    x[2, :] = [0.0, -0.0, 1.0, -0.0, NAN, -1.0]
    return (lambda x: jnp.sort(x, axis=-1)), (x,)


def make_argsort():
    """jnp.argsort (stable) with ties and a NaN."""
    x = np.array([3.0, 1.0, NAN, 1.0, -2.0, 3.0, 0.0, -0.0], dtype=np.float32)
    return (lambda x: jnp.argsort(x)), (x,)


def make_sort_multi():
    """lax.sort((k, v), num_keys=1): i32 keys with ties, f32 payload."""
    rs = np.random.RandomState(116)
    k = _i32([5, -3, 5, 0, 2, -3, 7, 0])
    v = _f32(rs, (8,))
    return (lambda k, v: lax.sort((k, v), num_keys=1)), (k, v)


def make_top_k():
    rs = np.random.RandomState(117)
    x = _f32(rs, (2, 7))
    x[1, 2] = x[1, 5] = 5.0  # tie
    return (lambda x: lax.top_k(x, 3)), (x,)


# ------------------------------------------------------------------------- conv


def _cnn(x, w, b, w2, b2):
    dn = ("NHWC", "HWIO", "NHWC")
    h = lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=dn)
    h = jnp.maximum(h + b, 0.0)
    h = lax.reduce_window(h, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1),
                          "VALID")
    h = h.reshape(h.shape[0], -1)
    return h @ w2 + b2


def _cnn_args(seed):
    rs = np.random.RandomState(seed)
    x = _f32(rs, (2, 6, 6, 3), -1.0, 1.0)
    w = _f32(rs, (3, 3, 3, 4), -0.5, 0.5)
    b = _f32(rs, (4,), -0.1, 0.1)
    w2 = _f32(rs, (36, 5), -0.3, 0.3)
    b2 = _f32(rs, (5,), -0.1, 0.1)
    return x, w, b, w2, b2


def make_cnn_forward():
    """conv (NHWC/HWIO, stride 1, SAME) + bias + relu + 2x2 maxpool + dense."""
    return _cnn, _cnn_args(118)


def make_cnn_grad():
    """jax.grad of sum(cnn(...)**2) w.r.t. the conv weights."""
    def loss(x, w, b, w2, b2):
        return jnp.sum(_cnn(x, w, b, w2, b2) ** 2)

    return jax.grad(loss, argnums=1), _cnn_args(118)


def make_conv_strided_grad():
    """Stride-2 VALID conv; gradient w.r.t. input (lhs_dilation) and
    weights (rhs_dilation)."""
    rs = np.random.RandomState(119)
    x = _f32(rs, (1, 7, 7, 2), -1.0, 1.0)
    w = _f32(rs, (3, 3, 2, 3), -0.5, 0.5)

    def loss(x, w):
        y = lax.conv_general_dilated(x, w, (2, 2), "VALID",
                                     dimension_numbers=("NHWC", "HWIO",
                                                        "NHWC"))
        return jnp.sum(jnp.tanh(y))

    return jax.grad(loss, argnums=(0, 1)), (x, w)


def make_conv_dilated_grouped():
    """NCHW/OIHW conv with rhs_dilation 2, explicit padding, 2 groups."""
    rs = np.random.RandomState(120)
    x = _f32(rs, (1, 4, 6, 6), -1.0, 1.0)
    w = _f32(rs, (6, 2, 2, 2), -0.5, 0.5)

    def f(x, w):
        return lax.conv_general_dilated(
            x, w, window_strides=(1, 1), padding=((1, 0), (0, 2)),
            rhs_dilation=(2, 2), feature_group_count=2,
            dimension_numbers=("NCHW", "OIHW", "NCHW"))

    return f, (x, w)


# ----------------------------------------------------------- attention / norms


def make_attention():
    """softmax(q k^T / sqrt(d)) v with batch and head dims."""
    rs = np.random.RandomState(121)
    q = _f32(rs, (2, 2, 4, 8), -1.0, 1.0)
    k = _f32(rs, (2, 2, 6, 8), -1.0, 1.0)
    v = _f32(rs, (2, 2, 6, 8), -1.0, 1.0)

    def f(q, k, v):
        s = jnp.einsum("bhqd,bhkd->bhqk", q, k) / jnp.sqrt(8.0)
        p = jax.nn.softmax(s, axis=-1)
        return jnp.einsum("bhqk,bhkd->bhqd", p, v)

    return f, (q, k, v)


def make_layernorm():
    rs = np.random.RandomState(122)
    x = _f32(rs, (4, 16))
    g = _f32(rs, (16,), 0.5, 1.5)
    b = _f32(rs, (16,), -0.5, 0.5)

    def f(x, g, b):
        mu = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean((x - mu) ** 2, axis=-1, keepdims=True)
        return (x - mu) * lax.rsqrt(var + 1e-5) * g + b

    return f, (x, g, b)


# -------------------------------------------------------------------------- rng


def make_rng_uniform():
    """jax.random.uniform from a raw uint32[2] key input (threefry2x32, the
    default jax_default_prng_impl)."""
    key = np.asarray(jax.random.PRNGKey(0))
    return (lambda key: jax.random.uniform(key, (8,))), (key,)


def make_rng_normal_split():
    """split + normal from a raw uint32[2] key (normal uses erf_inv)."""
    key = np.asarray(jax.random.PRNGKey(42))

    def f(key):
        k1, k2 = jax.random.split(key)
        return jax.random.normal(k1, (2, 3)), jax.random.bits(k2, (4,))

    return f, (key,)


# -------------------------------------------------------------------------- fft


def _c64(rs, shape):
    return (rs.uniform(-2, 2, size=shape)
            + 1j * rs.uniform(-2, 2, size=shape)).astype(np.complex64)


def make_fft():
    rs = np.random.RandomState(123)
    return (lambda x: jnp.fft.fft(x)), (_c64(rs, (8,)),)


def make_rfft():
    rs = np.random.RandomState(124)
    return (lambda x: jnp.fft.rfft(x)), (_f32(rs, (8,)),)


def make_irfft():
    rs = np.random.RandomState(125)
    return (lambda x: jnp.fft.irfft(x, n=8)), (_c64(rs, (5,)),)


def make_fft_large():
    # Power-of-two lengths >= 16 take the radix-2 FFT path of the lowering.
    rs = np.random.RandomState(127)
    return (lambda x, y: (jnp.fft.fft(x), jnp.fft.ifft2(y))), (_c64(rs, (4, 1024)), _c64(rs, (32, 64)))


def make_mixed_precision():
    # dot_general / convolution with a result element type other than the
    # operands' (preferred_element_type): bf16 x bf16 -> f32, i8 x i8 -> i32,
    # u8 x u8 -> i32 (unsigned operands widen by zero extension).
    rs = np.random.RandomState(128)
    a = _f32(rs, (8, 16))
    b = _f32(rs, (16, 4))
    i = rs.randint(-128, 128, size=(4, 8)).astype(np.int8)
    j = rs.randint(-128, 128, size=(8, 3)).astype(np.int8)
    u = rs.randint(0, 256, size=(3, 5)).astype(np.uint8)
    x = _f32(rs, (1, 6, 6, 2))
    k = _f32(rs, (3, 3, 2, 4))

    def f(a, b, i, j, u, x, k):
        bf = jnp.bfloat16
        mm = jax.lax.dot(a.astype(bf), b.astype(bf), preferred_element_type=jnp.float32)
        ii = jax.lax.dot(i, j, preferred_element_type=jnp.int32)
        uu = jax.lax.dot(u, u.T, preferred_element_type=jnp.int32)
        conv = jax.lax.conv_general_dilated(
            x.astype(bf), k.astype(bf), (1, 1), "SAME",
            dimension_numbers=("NHWC", "HWIO", "NHWC"), preferred_element_type=jnp.float32)
        return mm, ii, uu, conv
    return f, (a, b, i, j, u, x, k)


def make_half_matmul():
    # bf16 x bf16 -> bf16 and f16 x f16 -> f16 with JAX's default result
    # type: XLA accumulates in f32 and rounds once; rounding after every
    # multiply-add would differ after a few hundred terms.
    rs = np.random.RandomState(129)
    a = _f32(rs, (16, 512))
    b = _f32(rs, (512, 8))

    def f(a, b):
        bf = jnp.bfloat16
        return (jnp.dot(a.astype(bf), b.astype(bf)),
                jnp.dot(a.astype(jnp.float16), b.astype(jnp.float16)))
    return f, (a, b)


def make_half_conv():
    # A bf16 convolution with JAX's default result type (576 terms per
    # output): accumulated in f32, rounded once, as for half_matmul. (An
    # f16 one differs from JAX's in the last bit of 1 element in 512: the
    # f32 sums are added in another order.)
    rs = np.random.RandomState(130)
    x = _f32(rs, (1, 8, 8, 64))
    k = _f32(rs, (3, 3, 64, 8))

    def f(x, k):
        bf = jnp.bfloat16
        return jax.lax.conv_general_dilated(
            x.astype(bf), k.astype(bf), (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    return f, (x, k)


def make_complex_ops():
    rs = np.random.RandomState(126)
    a = _c64(rs, (6,))
    b = _c64(rs, (6,))

    def f(a, b):
        return (a * b + jnp.conj(a)) / b, jnp.abs(a), jnp.real(a), jnp.imag(a)

    return f, (a, b)


# -------------------------------------------------------------- integer / casts


def _uint_ops(a, b, s):
    return (lax.add(a, b), lax.mul(a, b), lax.shift_left(a, s),
            lax.shift_right_logical(a, s), lax.div(a, b), lax.rem(a, b),
            lax.lt(a, b), lax.max(a, b), lax.sub(b, a))


def make_uint32_ops():
    """ui32 add/mul/shift/div/rem/compare/max/sub with wraparound; shift
    amounts include 31, 32 and 40 (>= bit width gives 0)."""
    m = 2**32 - 1
    a = np.array([m, m - 1, 2**31, 7, 123456789, 0, m, 3], dtype=np.uint32)
    b = np.array([2, m, 2**31 + 5, 3, 1000, 9, 1, m - 2], dtype=np.uint32)
    s = np.array([1, 0, 31, 32, 40, 3, 16, 2], dtype=np.uint32)
    return _uint_ops, (a, b, s)


def make_uint64_ops():
    """Same as uint32_ops for ui64 (lowered and run with x64 enabled)."""
    m = 2**64 - 1
    a = np.array([m, m - 1, 2**63, 7, 2**32 + 5, 0, m, 2**32 - 1],
                 dtype=np.uint64)
    b = np.array([2, m, 2**63 + 5, 3, 2**32, 9, 1, 2**32 + 1],
                 dtype=np.uint64)
    s = np.array([1, 0, 63, 64, 70, 3, 32, 33], dtype=np.uint64)
    return _uint_ops, (a, b, s)


def make_converts():
    """f32->bf16->f32, f32->f16, f32->i32 (NaN/inf/large), i32->f32,
    bool conversions."""
    x = np.array([0.5, 1.5, 2.5, -2.5, 3.999, -0.0, 1e10, -1e10, NAN, INF,
                  -INF, 65520.0, 70000.0, 1e-8, 1.00390625, 0.1],
                 dtype=np.float32)
    n = np.array([0, 1, -7, 2**24 + 1, 2**31 - 1, -2**31, 16777217 * 3, 5],
                 dtype=np.int32)

    def f(x, n):
        return (x.astype(jnp.bfloat16).astype(jnp.float32),
                x.astype(jnp.float16),
                x.astype(jnp.int32),
                n.astype(jnp.float32),
                x.astype(jnp.bool_),
                n.astype(jnp.bool_),
                (x > 0).astype(jnp.float32),
                (n > 0).astype(jnp.int32))

    return f, (x, n)


def make_bitcast():
    x = np.array([1.0, -0.0, 0.0, NAN, INF, -1.5], dtype=np.float32)

    def f(x):
        i = lax.bitcast_convert_type(x, jnp.int32)
        return i, lax.bitcast_convert_type(i + 1, jnp.float32), \
            lax.bitcast_convert_type(x, jnp.uint8)

    return f, (x,)


def make_reduce_precision():
    x = np.array([0.1, 1.0 / 3.0, 65504.0, 65520.0, 1e5, 1e-5, 6e-8, 1e-8,
                  NAN, -INF, -0.0, 2049.0], dtype=np.float32)
    f = lambda x: lax.reduce_precision(x, exponent_bits=5, mantissa_bits=10)  # noqa
    return f, (x,)


def make_clamp_select_iota():
    rs = np.random.RandomState(127)
    x = _f32(rs, (4, 6))
    lo = np.array(-1.0, dtype=np.float32)
    hi = np.array(2.0, dtype=np.float32)

    def f(x, lo, hi):
        c = lax.clamp(lo, x, hi)
        row = lax.broadcasted_iota(jnp.int32, (4, 6), 0)
        col = lax.broadcasted_iota(jnp.int32, (4, 6), 1)
        sel = lax.select((row + col) % 2 == 0, c, -x)
        return sel, lax.iota(jnp.int32, 6) * 3

    return f, (x, lo, hi)


def make_argmin_int():
    """jnp.argmin on int32 along axis 1, with ties (first index wins)."""
    x = _i32([[3, 1, 4, 1, 5, 9, 2],
              [-6, 5, -6, 5, 8, 9, 7],
              [0, 0, 0, 0, 0, 0, 0]])
    return (lambda x: jnp.argmin(x, axis=1)), (x,)


# --------------------------------------------------------------- special / linalg


def make_special_fns():
    """erf, lgamma, erf_inv (may lower to chlo ops)."""
    x = np.array([-3.0, -1.5, -0.5, 0.0, 0.3, 1.0, 2.5, 4.0, -2.5, 0.1],
                 dtype=np.float32)
    p = np.array([-0.999, -0.9, -0.5, 0.0, 0.25, 0.5, 0.9, 0.999, 1.0, -1.0],
                 dtype=np.float32)

    def f(x, p):
        return jax.scipy.special.erf(x), lax.lgamma(x), lax.erf_inv(p)

    return f, (x, p)


def _spd(seed):
    rs = np.random.RandomState(seed)
    m = rs.uniform(-1, 1, size=(4, 4))
    return (m @ m.T + 4.0 * np.eye(4)).astype(np.float32), rs


def make_cholesky():
    a, _ = _spd(128)
    return (lambda a: jnp.linalg.cholesky(a)), (a,)


def make_triangular_solve():
    """cholesky followed by solve_triangular(L, b, lower=True)."""
    a, rs = _spd(129)
    b = _f32(rs, (4, 2))

    def f(a, b):
        l = jnp.linalg.cholesky(a)  # noqa: E741
        return jax.scipy.linalg.solve_triangular(l, b, lower=True)

    return f, (a, b)


# ------------------------------------------------------------------- shape ops


def make_shape_ops():
    """pad (negative + interior), reverse, concatenate, strided slice,
    transpose, reshape."""
    rs = np.random.RandomState(130)
    x = _f32(rs, (3, 4))
    y = _f32(rs, (3, 2))

    def f(x, y):
        p = lax.pad(x, 0.5, ((1, -1, 1), (-1, 2, 0)))
        r = lax.rev(x, (0, 1))
        c = jnp.concatenate([x, y], axis=1)
        s = lax.slice(c, (0, 1), (3, 6), (2, 2))
        t = jnp.transpose(c).reshape(2, 9)
        return p, r, s, t

    return f, (x, y)


# ------------------------------------------------------------- collectives


def make_collectives():
    """psum, pmax, axis_index, all_gather, ppermute and psum_scatter inside
    shard_map over a one-device mesh: the collectives run over one process
    (all_reduce, partition_id, all_gather, collective_permute,
    reduce_scatter in the module)."""
    rs = np.random.RandomState(140)
    x = _f32(rs, (2, 4))
    mesh = jax.sharding.Mesh(np.array(jax.devices()[:1]), ("i",))

    def body(x):
        s = lax.psum(x, "i")
        i = lax.axis_index("i")
        m = lax.pmax(x, "i")
        g = lax.all_gather(x, "i", axis=0, tiled=True)
        p = lax.ppermute(x, "i", perm=[(0, 0)])
        r = lax.psum_scatter(x * 3.0, "i", scatter_dimension=1, tiled=True)
        return s * 2.0 + i.astype(jnp.float32), m - g, p, r

    spec = jax.sharding.PartitionSpec("i")
    f = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=spec)
    return f, (x,)


EXAMPLES = [
    ("fori_loop", make_fori_loop),
    ("while_loop", make_while_loop),
    ("cond_switch", make_cond_switch),
    ("cond_switch_oob", make_cond_switch_oob),
    ("cond_pred", make_cond_pred),
    ("dynamic_slice", make_dynamic_slice),
    ("dynamic_slice_neg", make_dynamic_slice_neg),
    ("dynamic_update_slice", make_dynamic_update_slice),
    ("gather_rows", make_gather_rows),
    ("gather_cols", make_gather_cols),
    ("take_along_axis", make_take_along_axis),
    ("scatter_add", make_scatter_add),
    ("scatter_set", make_scatter_set),
    ("cumsum", make_cumsum),
    ("cumsum_reduce_window", make_cumsum_reduce_window),
    ("max_pool", make_max_pool),
    ("avg_pool_same", make_avg_pool_same),
    ("sort", make_sort),
    ("argsort", make_argsort),
    ("sort_multi", make_sort_multi),
    ("top_k", make_top_k),
    ("cnn_forward", make_cnn_forward),
    ("cnn_grad", make_cnn_grad),
    ("conv_strided_grad", make_conv_strided_grad),
    ("conv_dilated_grouped", make_conv_dilated_grouped),
    ("attention", make_attention),
    ("layernorm", make_layernorm),
    ("rng_uniform", make_rng_uniform),
    ("rng_normal_split", make_rng_normal_split),
    ("fft", make_fft),
    ("rfft", make_rfft),
    ("irfft", make_irfft),
    ("fft_large", make_fft_large),
    ("mixed_precision", make_mixed_precision),
    ("half_matmul", make_half_matmul),
    ("half_conv", make_half_conv),
    ("complex_ops", make_complex_ops),
    ("uint32_ops", make_uint32_ops),
    ("uint64_ops", make_uint64_ops, {"x64": True}),
    ("converts", make_converts),
    ("bitcast", make_bitcast),
    ("reduce_precision", make_reduce_precision),
    ("clamp_select_iota", make_clamp_select_iota),
    ("argmin_int", make_argmin_int),
    ("special_fns", make_special_fns),
    ("cholesky", make_cholesky),
    ("triangular_solve", make_triangular_solve),
    ("shape_ops", make_shape_ops),
    # Shardy would wrap the body in sdy.manual_computation (an op of another
    # dialect); the GSPMD lowering emits plain StableHLO collectives.
    ("collectives", make_collectives, {"shardy": False}),
]


def _generate(name, make):
    f, args = make()
    # np.array(..., order="C") keeps 0-d arrays 0-d (np.ascontiguousarray
    # would promote them to shape (1,)).
    args = tuple(np.array(a, order="C") for a in args)
    jitted = jax.jit(f)
    text = jitted.lower(*args).as_text()
    outs = jax.tree_util.tree_leaves(jitted(*args))
    outs = [np.array(np.asarray(o), order="C") for o in outs]
    # Write only once lowering and execution both succeeded.
    with open(os.path.join(OUT_DIR, f"{name}.mlir"), "w") as fh:
        fh.write(text)
    for i, a in enumerate(args):
        np.save(os.path.join(OUT_DIR, f"{name}.in{i}.npy"), a)
    for i, o in enumerate(outs):
        np.save(os.path.join(OUT_DIR, f"{name}.expected{i}.npy"), o)
    return len(args), len(outs)


def main(argv):
    import jaxlib

    print(f"jax {jax.__version__}, jaxlib {jaxlib.__version__}, "
          f"numpy {np.__version__}, backend {jax.default_backend()}, "
          f"prng {jax.config.jax_default_prng_impl}")
    wanted = set(argv)
    failed = []
    for entry in EXAMPLES:
        name, make = entry[0], entry[1]
        opts = entry[2] if len(entry) > 2 else {}
        if wanted and name not in wanted:
            continue
        shardy = jax.config.jax_use_shardy_partitioner
        try:
            jax.config.update("jax_use_shardy_partitioner", bool(opts.get("shardy", shardy)))
            with jax.enable_x64(bool(opts.get("x64", False))):
                n_in, n_out = _generate(name, make)
        except Exception:  # keep going; report at the end
            traceback.print_exc()
            failed.append(name)
            print(f"FAILED {name}")
            continue
        finally:
            jax.config.update("jax_use_shardy_partitioner", shardy)
        print(f"wrote {name}: {n_in} input(s), {n_out} output(s)")
    if failed:
        print("failed: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
