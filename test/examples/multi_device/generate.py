#!/usr/bin/env python3
"""Generate multi-device (4 CPU devices) StableHLO examples from JAX.

What it generates
-----------------
Same conventions as ``test/examples/generate.py``.  For every example NAME in
``EXAMPLES`` below, this script writes into the directory containing this
file (``test/examples/multi_device/``):

* ``NAME.mlir``            -- the module, exactly the text returned by
                              ``jax.jit(f).lower(*args).as_text()`` (verbatim,
                              nothing added or changed).
* ``NAME.in<i>.npy``       -- the i-th input: the GLOBAL array the jitted
                              function takes (``np.save``, C order).
* ``NAME.expected<i>.npy`` -- the i-th output leaf JAX computes for those
                              inputs, as a global array (``np.asarray`` of the
                              i-th leaf of ``jax.jit(f)(*args)``, C order).

Every program is for exactly 4 devices: the script forces
``XLA_FLAGS=--xla_force_host_platform_device_count=4`` and
``JAX_PLATFORMS=cpu`` before importing jax.

Programs and the collectives in their exported text
---------------------------------------------------
(from grepping each .mlir for all_reduce, all_gather, reduce_scatter,
all_to_all, collective_permute, partition_id, replica_id,
sdy.manual_computation and the module's mhlo.num_partitions /
mhlo.num_replicas; the script prints a summary of this again when it runs.)

Every module has ``mhlo.num_partitions = 4, mhlo.num_replicas = 1``, the
pmap ones included: with jax 0.10.2 ``jax.pmap`` is lowered through
shard_map, so a pmap program is an ``sdy.mesh @mesh = <["i"=4]>`` plus an
``sdy.manual_computation`` (manual_axes={"i"}) whose body gets the per-device
block with the leading size-1 axis (tensor<1x...>), reshapes it away and
broadcasts it back before ``sdy.return``.  Collectives are over partitions:
all_reduce / all_gather / reduce_scatter carry a channel_handle (type 1) and
``use_global_device_ids``; all_to_all (channel_handle + replica_groups)
and collective_permute (channel_handle + source_target_pairs) do not carry
``use_global_device_ids``.  No program contains replica_id.

  program                     what the exported text contains
  pmap_psum                   manual_computation; all_reduce(add) [[0,1,2,3]]
  pmap_psum_int               manual_computation; all_reduce(add) on i32
  pmap_bool_uint8             manual_computation; 4 all_reduces: psum of bool
                              (JAX converts i1 -> i32 first, result i32),
                              pmax / pmin of bool (all_reduce on i1 with
                              stablehlo.maximum / minimum), psum of uint8
                              (add on ui8; the sums wrap mod 256)
  pmap_pmax                   manual_computation; all_reduce(max)
  pmap_pmean                  manual_computation; all_reduce(add), then a
                              divide by 4
  pmap_all_gather             manual_computation; all_gather (untiled axis 0:
                              broadcast to 1x2x4, all_gather_dim 0)
  pmap_all_gather_tiled       manual_computation; all_gather (tiled,
                              all_gather_dim 1)
  pmap_all_gather_axis1       manual_computation; all_gather (untiled axis 1:
                              all_gather_dim 1 on a size-1 inserted axis)
  pmap_ppermute               manual_computation; collective_permute, ring
                              source_target_pairs [[0,1],[1,2],[2,3],[3,0]]
  pmap_ppermute_partial       manual_computation; collective_permute, pairs
                              [[0,2],[1,0]] (devices 1 and 3 receive nothing:
                              zeros, then + 0.5)
  pmap_all_to_all             manual_computation; all_to_all (untiled
                              split_axis 0 / concat_axis 1: lowered as a
                              broadcast to 4x3x1, split_dimension 0,
                              concat_dimension 2, split_count 4, reshape)
  pmap_all_to_all_tiled       manual_computation; all_to_all (tiled,
                              split_dimension 1, concat_dimension 0)
  pmap_axis_index             manual_computation; partition_id (axis_index is
                              partition_id / 1 % 4 as ui32, converted to i32);
                              two outputs (f32 and i32)
  shmap_psum_scatter          manual_computation; reduce_scatter (1-D mesh,
                              scatter_dimension 0, tiled, [[0,1,2,3]])
  shmap_2d_scatter_psum       manual_computation (manual_axes x, y);
                              reduce_scatter over "x" (groups [[0,2],[1,3]])
                              then all_reduce over "y" (groups [[0,1],[2,3]]);
                              in P("x","y"), out P(None,"x")
  shmap_2d_transpose_specs    manual_computation; 2 partition_ids (axis_index
                              of "x" and "y"), no collective; in P("x","y"),
                              out P("y","x"), so the blocks move
  shmap_2d_replicated_out     manual_computation; all_reduce over "y" (groups
                              [[0,1],[2,3]]); out P("x"), i.e. replicated
                              over "y"
  dp_train_step               manual_computation; 5 all_reduce(add): the
                              loss pmean and the 4 gradient pmeans
  ring_allreduce              manual_computation; stablehlo.while (3 trips)
                              whose body calls a private @closed_call
                              holding the collective_permute (ring pairs)
  jit_named_sharding          no collective and no manual computation: a
                              2x2 sdy.mesh and sdy.sharding attributes on
                              the arguments and result only (the
                              partitioner has to add the communication)
  jit_named_sharding_1d       same on a 1-D mesh "i"=4, with the dot's
                              contraction dimension sharded (partial sums)
                              and a replicated result P()
  gspmd_shmap_psum            GSPMD form, no sdy ops: custom_call @Sharding
                              / @SPMDFullToShardShape / @SPMDShardToFullShape
                              (mhlo.sharding "{devices=[4,1]<=[4]}" and
                              "{manual}") around a call to a private
                              @shmap_body holding one all_reduce(add)
  gspmd_jit_named_sharding    GSPMD form of jit_named_sharding: no sdy ops,
                              no custom_call, no collective; only
                              mhlo.sharding attributes on the arguments and
                              result ("{devices=[2,2]<=[4]}" and
                              "{devices=[2,1,2]<=[2,2]T(1,0)
                              last_tile_dim_replicate}")

Inputs come from fixed-seed ``np.random.RandomState`` generators, so the
output is deterministic for the same jax/jaxlib/numpy versions (printed on
stdout).  The checked-in files were generated with jax 0.10.2 / jaxlib
0.10.2 on CPU.

How to rerun
------------
From the repository root, with jax and numpy installed (CPU is enough)::

    python3 test/examples/multi_device/generate.py              # all
    python3 test/examples/multi_device/generate.py pmap_psum    # only these
"""

import os
import re
import sys
import traceback

os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") +
                           " --xla_force_host_platform_device_count=4").strip()
os.environ["JAX_PLATFORMS"] = "cpu"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax import lax  # noqa: E402
from jax.sharding import Mesh, NamedSharding  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402

OUT_DIR = os.path.dirname(os.path.abspath(__file__))
N = 4


def _f32(rs, shape, lo=-4.0, hi=4.0):
    return rs.uniform(lo, hi, size=shape).astype(np.float32)


def _shard_map(f, mesh, in_specs, out_specs):
    if hasattr(jax, "shard_map"):
        return jax.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs)
    from jax.experimental.shard_map import shard_map
    return shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def _mesh1():
    return Mesh(np.array(jax.devices()[:N]), ("i",))


def _mesh2():
    return Mesh(np.array(jax.devices()[:N]).reshape(2, 2), ("x", "y"))


def _pmap(f):
    return jax.pmap(f, axis_name="i")


# ----------------------------------------------------------------- pmap ----

def make_pmap_psum():
    rs = np.random.RandomState(100)
    x = _f32(rs, (N, 8))
    return _pmap(lambda v: lax.psum(v, "i")), (x,)


def make_pmap_psum_int():
    rs = np.random.RandomState(101)
    x = rs.randint(-1000, 1001, size=(N, 6)).astype(np.int32)
    return _pmap(lambda v: lax.psum(v * 3 + 1, "i")), (x,)


def make_pmap_bool_uint8():
    rs = np.random.RandomState(102)
    b = rs.randint(0, 2, size=(N, 8)).astype(np.bool_)
    b[:, 0] = True    # all true
    b[:, 1] = False   # all false
    u = rs.randint(0, 256, size=(N, 8)).astype(np.uint8)  # sums wrap mod 256

    def f(b, u):
        return (lax.psum(b, "i"), lax.pmax(b, "i"), lax.pmin(b, "i"),
                lax.psum(u, "i"))

    return _pmap(f), (b, u)


def make_pmap_pmax():
    rs = np.random.RandomState(103)
    x = _f32(rs, (N, 3, 4))
    return _pmap(lambda v: lax.pmax(v, "i") - v), (x,)


def make_pmap_pmean():
    rs = np.random.RandomState(104)
    x = _f32(rs, (N, 12))
    return _pmap(lambda v: lax.pmean(v, "i") * 2.0 + v), (x,)


def make_pmap_all_gather():
    rs = np.random.RandomState(105)
    x = _f32(rs, (N, 2, 4))
    # per device (2,4) -> (4,2,4); global (4,4,2,4)
    return _pmap(lambda v: lax.all_gather(v, "i")), (x,)


def make_pmap_all_gather_tiled():
    rs = np.random.RandomState(106)
    x = _f32(rs, (N, 2, 3))
    # per device (2,3) -> (2,12); global (4,2,12)
    return _pmap(lambda v: lax.all_gather(v, "i", axis=1, tiled=True) + 1.0), (x,)


def make_pmap_all_gather_axis1():
    rs = np.random.RandomState(107)
    x = _f32(rs, (N, 2, 3))
    # per device (2,3) -> (2,4,3); global (4,2,4,3)
    return _pmap(lambda v: lax.all_gather(v, "i", axis=1)), (x,)


def make_pmap_ppermute():
    rs = np.random.RandomState(108)
    x = _f32(rs, (N, 6))
    perm = [(j, (j + 1) % N) for j in range(N)]
    return _pmap(lambda v: lax.ppermute(v, "i", perm=perm)), (x,)


def make_pmap_ppermute_partial():
    rs = np.random.RandomState(109)
    x = _f32(rs, (N, 6))
    # Devices 1 and 3 receive nothing: their result is zeros.
    perm = [(0, 2), (1, 0)]
    return _pmap(lambda v: lax.ppermute(v * 2.0, "i", perm=perm) + 0.5), (x,)


def make_pmap_all_to_all():
    rs = np.random.RandomState(110)
    x = _f32(rs, (N, N, 3))
    # per device (4,3): split axis 0 into 4 pieces, stack them at axis 1
    # -> (3,4); global (4,3,4)
    return _pmap(lambda v: lax.all_to_all(v, "i", split_axis=0, concat_axis=1)), (x,)


def make_pmap_all_to_all_tiled():
    rs = np.random.RandomState(111)
    x = _f32(rs, (N, 2, 8))
    # per device (2,8): split axis 1 into 4 chunks of 2, concatenate along
    # axis 0 -> (8,2); global (4,8,2)
    return _pmap(lambda v: lax.all_to_all(v, "i", split_axis=1, concat_axis=0,
                                          tiled=True)), (x,)


def make_pmap_axis_index():
    rs = np.random.RandomState(112)
    x = _f32(rs, (N, 5))

    def f(v):
        i = lax.axis_index("i")
        return v * i.astype(jnp.float32) + (i * i + 1).astype(jnp.float32), i * 10

    return _pmap(f), (x,)


# ------------------------------------------------------------ shard_map ----

def make_shmap_psum_scatter():
    rs = np.random.RandomState(120)
    x = _f32(rs, (4 * N, 6))
    # local (4,6) -> psum_scatter dim 0 tiled -> (1,6); global (4,6)
    body = lambda v: lax.psum_scatter(v, "i", scatter_dimension=0, tiled=True)
    return _shard_map(body, _mesh1(), P("i"), P("i")), (x,)


def make_shmap_2d_scatter_psum():
    rs = np.random.RandomState(121)
    x = _f32(rs, (8, 8))
    # local (4,4) -> psum_scatter over "x" on dim 0 -> (2,4) -> psum over "y"
    # -> (2,4), invariant over "y"; out P(None,"x") -> global (2,8)
    def body(v):
        s = lax.psum_scatter(v, "x", scatter_dimension=0, tiled=True)
        return lax.psum(s, "y")

    return _shard_map(body, _mesh2(), P("x", "y"), P(None, "x")), (x,)


def make_shmap_2d_transpose_specs():
    rs = np.random.RandomState(122)
    x = _f32(rs, (8, 4))
    # local (4,2); out P("y","x") -> global (4,8): the blocks land
    # elsewhere than where they came from.
    def body(v):
        ix = lax.axis_index("x").astype(jnp.float32)
        iy = lax.axis_index("y").astype(jnp.float32)
        return v * 2.0 + ix * 10.0 + iy * 100.0

    return _shard_map(body, _mesh2(), P("x", "y"), P("y", "x")), (x,)


def make_shmap_2d_replicated_out():
    rs = np.random.RandomState(123)
    x = _f32(rs, (8, 4))
    # local (4,2) -> psum over "y" -> (4,2) invariant over "y"; out P("x")
    # -> global (8,2) (each "x" row of the mesh contributes one block).
    body = lambda v: jnp.tanh(lax.psum(v, "y"))
    return _shard_map(body, _mesh2(), P("x", "y"), P("x")), (x,)


# ------------------------------------------------------ dp_train_step ----

def _mlp_loss(params, x, y):
    w1, b1, w2, b2 = params
    h = jnp.tanh(x @ w1 + b1)
    out = h @ w2 + b2
    return jnp.mean((out - y) ** 2)


def make_dp_train_step():
    rs = np.random.RandomState(130)
    w1 = _f32(rs, (16, 32), -0.5, 0.5)
    b1 = _f32(rs, (32,), -0.1, 0.1)
    w2 = _f32(rs, (32, 4), -0.5, 0.5)
    b2 = _f32(rs, (4,), -0.1, 0.1)
    x = _f32(rs, (8, 16), -1.0, 1.0)
    y = _f32(rs, (8, 4), -1.0, 1.0)
    lr = 0.1

    def body(w1, b1, w2, b2, x, y):
        params = (w1, b1, w2, b2)
        # Under shard_map's replication (vma) checking, the gradient of a
        # replicated parameter is already psummed by autodiff (the transpose
        # of the implicit pvary), and a pmean on top would scale it by 4.
        # Cast the parameters to "varying" first, so that the gradients are
        # the per-device local ones and the pmean below does the averaging.
        local = lax.pcast(params, "i", to="varying")
        loss, grads = jax.value_and_grad(_mlp_loss)(local, x, y)
        grads = [lax.pmean(g, "i") for g in grads]
        loss = lax.pmean(loss, "i")
        new = tuple(p - lr * g for p, g in zip(params, grads))
        return new + (loss,)

    rep = P()
    f = _shard_map(body, _mesh1(), (rep, rep, rep, rep, P("i"), P("i")),
                   (rep, rep, rep, rep, rep))
    return f, (w1, b1, w2, b2, x, y)


# ----------------------------------------------------- ring_allreduce ----

def make_ring_allreduce():
    rs = np.random.RandomState(131)
    x = _f32(rs, (N * 2, 6))
    perm = [(j, (j + 1) % N) for j in range(N)]

    # local (2,6): pass the block around the ring N-1 times, adding what
    # arrives; every device ends with the sum of all 4 blocks.
    def body(v):
        def step(_, carry):
            acc, buf = carry
            buf = lax.ppermute(buf, "i", perm=perm)
            return acc + buf, buf

        acc, _ = lax.fori_loop(0, N - 1, step, (v, v))
        return acc

    return _shard_map(body, _mesh1(), P("i"), P("i")), (x,)


# -------------------------------------------------- jit + NamedSharding ----

def make_jit_named_sharding():
    rs = np.random.RandomState(140)
    a = _f32(rs, (8, 8), -1.0, 1.0)
    b = _f32(rs, (8, 4), -1.0, 1.0)
    mesh = _mesh2()
    jit_kwargs = dict(in_shardings=(NamedSharding(mesh, P("x", "y")),
                                    NamedSharding(mesh, P("y", None))),
                      out_shardings=NamedSharding(mesh, P("x", "y")))
    return (lambda a, b: jnp.tanh(a) @ b + 1.0), (a, b), jit_kwargs


def make_jit_named_sharding_1d():
    rs = np.random.RandomState(141)
    a = _f32(rs, (4, 8), -1.0, 1.0)
    b = _f32(rs, (8, 4), -1.0, 1.0)
    mesh = _mesh1()
    jit_kwargs = dict(in_shardings=(NamedSharding(mesh, P(None, "i")),
                                    NamedSharding(mesh, P("i", None))),
                      out_shardings=(NamedSharding(mesh, P()),
                                     NamedSharding(mesh, P("i"))))
    return ((lambda a, b: (jnp.exp(a) @ b, jnp.sum(a * 2.0, axis=1))), (a, b),
            jit_kwargs)


# --------------------------------------------------------------- GSPMD ----

def make_gspmd_shmap_psum():
    rs = np.random.RandomState(150)
    x = _f32(rs, (8, 3))
    body = lambda v: lax.psum(v, "i") * 0.5 + v
    return _shard_map(body, _mesh1(), P("i"), P("i")), (x,)


def make_gspmd_jit_named_sharding():
    return make_jit_named_sharding()


EXAMPLES = [
    ("pmap_psum", make_pmap_psum),
    ("pmap_psum_int", make_pmap_psum_int),
    ("pmap_bool_uint8", make_pmap_bool_uint8),
    ("pmap_pmax", make_pmap_pmax),
    ("pmap_pmean", make_pmap_pmean),
    ("pmap_all_gather", make_pmap_all_gather),
    ("pmap_all_gather_tiled", make_pmap_all_gather_tiled),
    ("pmap_all_gather_axis1", make_pmap_all_gather_axis1),
    ("pmap_ppermute", make_pmap_ppermute),
    ("pmap_ppermute_partial", make_pmap_ppermute_partial),
    ("pmap_all_to_all", make_pmap_all_to_all),
    ("pmap_all_to_all_tiled", make_pmap_all_to_all_tiled),
    ("pmap_axis_index", make_pmap_axis_index),
    ("shmap_psum_scatter", make_shmap_psum_scatter),
    ("shmap_2d_scatter_psum", make_shmap_2d_scatter_psum),
    ("shmap_2d_transpose_specs", make_shmap_2d_transpose_specs),
    ("shmap_2d_replicated_out", make_shmap_2d_replicated_out),
    ("dp_train_step", make_dp_train_step),
    ("ring_allreduce", make_ring_allreduce),
    ("jit_named_sharding", make_jit_named_sharding),
    ("jit_named_sharding_1d", make_jit_named_sharding_1d),
    # The older GSPMD form: Shardy off, so the module carries mhlo.sharding
    # attributes and SPMD custom_calls instead of sdy.* ops.
    ("gspmd_shmap_psum", make_gspmd_shmap_psum, {"shardy": False}),
    ("gspmd_jit_named_sharding", make_gspmd_jit_named_sharding, {"shardy": False}),
]

_MARKERS = ["all_reduce", "all_gather", "reduce_scatter", "all_to_all",
            "collective_permute", "partition_id", "replica_id",
            "sdy.manual_computation", "stablehlo.while", "custom_call"]


def _summary(text):
    found = []
    for m in _MARKERS:
        n = text.count(m)
        if n:
            found.append(f"{m}x{n}")
    parts = re.search(r"mhlo.num_partitions = (\d+)", text)
    reps = re.search(r"mhlo.num_replicas = (\d+)", text)
    attrs = (f"num_partitions={parts.group(1) if parts else '-'} "
             f"num_replicas={reps.group(1) if reps else '-'}")
    return attrs + ": " + (", ".join(found) if found else "(none)")


def _generate(name, make):
    # A maker returns (f, args) or (f, args, jit_kwargs); jit_kwargs carries
    # the in_shardings/out_shardings of the jit_named_sharding programs.
    made = make()
    f, args = made[0], made[1]
    jit_kwargs = made[2] if len(made) > 2 else {}
    args = tuple(np.array(a, order="C") for a in args)
    jitted = jax.jit(f, **jit_kwargs)
    text = jitted.lower(*args).as_text()
    outs = jax.tree_util.tree_leaves(jitted(*args))
    outs = [np.array(np.asarray(o), order="C") for o in outs]
    with open(os.path.join(OUT_DIR, f"{name}.mlir"), "w") as fh:
        fh.write(text)
    for i, a in enumerate(args):
        np.save(os.path.join(OUT_DIR, f"{name}.in{i}.npy"), a)
    for i, o in enumerate(outs):
        np.save(os.path.join(OUT_DIR, f"{name}.expected{i}.npy"), o)
    return args, outs, text


def main(argv):
    import jaxlib

    print(f"jax {jax.__version__}, jaxlib {jaxlib.__version__}, "
          f"numpy {np.__version__}, backend {jax.default_backend()}, "
          f"devices {jax.device_count()}")
    if jax.device_count() != N:
        print(f"need {N} devices, got {jax.device_count()}")
        return 1
    wanted = set(argv)
    failed = []
    for entry in EXAMPLES:
        name, make = entry[0], entry[1]
        opts = entry[2] if len(entry) > 2 else {}
        if wanted and name not in wanted:
            continue
        shardy = jax.config.jax_use_shardy_partitioner
        try:
            jax.config.update("jax_use_shardy_partitioner",
                              bool(opts.get("shardy", shardy)))
            args, outs, text = _generate(name, make)
        except Exception:  # keep going; report at the end
            traceback.print_exc()
            failed.append(name)
            print(f"FAILED {name}")
            continue
        finally:
            jax.config.update("jax_use_shardy_partitioner", shardy)
        ins = " ".join(f"{a.dtype}{list(a.shape)}" for a in args)
        res = " ".join(f"{o.dtype}{list(o.shape)}" for o in outs)
        print(f"wrote {name}: in {ins} -> out {res}")
        print(f"    {_summary(text)}")
    if failed:
        print("failed: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
