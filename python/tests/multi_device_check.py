"""Programs over several devices on xla_mlir (XLA_MLIR_NUM_DEVICES=4) against
the same on jax's CPU backend with 4 host devices, in one process.

Run by test_plugin.py::test_several_devices in a fresh process (the device
counts are fixed when the backends start). Prints "ok NAME" per case and
exits 1 at the first mismatch or error.
"""

import os
import sys

os.environ["JAX_PLATFORMS"] = "cpu,xla_mlir"
os.environ["XLA_MLIR_NUM_DEVICES"] = "4"
os.environ["XLA_FLAGS"] = os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=4"

import pathlib  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
import xla_mlir_pjrt  # noqa: E402

xla_mlir_pjrt.initialize()

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax import lax, shard_map  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

CPU = jax.devices("cpu")
OURS = jax.devices("xla_mlir")


def same(name, expected, actual, rtol=2e-5, atol=1e-6, check_sharding=True):
    e_leaves, a_leaves = jax.tree_util.tree_leaves(expected), jax.tree_util.tree_leaves(actual)
    assert len(e_leaves) == len(a_leaves), name
    for e, a in zip(e_leaves, a_leaves):
        assert a.shape == e.shape and a.dtype == e.dtype, (name, a.shape, e.shape, a.dtype, e.dtype)
        np.testing.assert_allclose(np.asarray(a), np.asarray(e), rtol=rtol, atol=atol, err_msg=name)
        if check_sharding and isinstance(getattr(e, "sharding", None), NamedSharding):
            assert a.sharding.spec == e.sharding.spec, (name, a.sharding, e.sharding)
    print("ok", name, flush=True)


def on_both(name, run, **options):
    """`run(devices)` on the cpu devices and on ours."""
    same(name, run(CPU), run(OURS), **options)


def devices_case():
    assert len(OURS) == 4, OURS
    assert [d.id for d in OURS] == [0, 1, 2, 3], OURS
    assert len({str(d) for d in OURS}) == 4
    print("ok devices", flush=True)


def placement_case():
    x = np.arange(12.0, dtype=np.float32).reshape(3, 4)
    on = jax.device_put(x, OURS[2])
    y = jax.jit(lambda a: jnp.tanh(a) @ a.T)(on)
    assert y.devices() == {OURS[2]}, y.devices()
    moved = jax.device_put(y, OURS[3])
    assert moved.devices() == {OURS[3]}
    same("placement", jax.jit(lambda a: jnp.tanh(a) @ a.T)(jax.device_put(x, CPU[2])), moved)


def pmap_case():
    x = np.arange(24.0, dtype=np.float32).reshape(4, 6)

    def body(a):
        i = lax.axis_index("i")
        return a * (i + 1) + lax.psum(a, "i"), lax.pmax(jnp.sum(a), "i"), lax.all_gather(a[0], "i")

    on_both("pmap", lambda devs: jax.pmap(body, axis_name="i", devices=devs)(x))


def named_sharding_case():
    x = np.linspace(-2, 2, 64, dtype=np.float32).reshape(8, 8)

    def run(devs):
        mesh = Mesh(np.array(devs).reshape(2, 2), ("a", "b"))
        placed = jax.device_put(x, NamedSharding(mesh, P("a", "b")))
        out = NamedSharding(mesh, P("a", None))
        return jax.jit(lambda v: (jnp.sin(v) * 2 + v, jnp.sum(v, axis=1, keepdims=True)), out_shardings=(NamedSharding(mesh, P("a", "b")), out))(placed)

    on_both("named_sharding", run)


def shard_map_case():
    x = np.arange(32.0, dtype=np.float32).reshape(8, 4)

    def run(devs):
        mesh = Mesh(np.array(devs).reshape(2, 2), ("x", "y"))

        def body(a):
            s = lax.psum(a, "y")
            g = lax.all_gather(a, "x", axis=0, tiled=True)
            p = lax.ppermute(a, "x", perm=[(0, 1), (1, 0)])
            return s + lax.axis_index("x"), g, p

        f = shard_map(body, mesh=mesh, in_specs=P("x", "y"), out_specs=(P("x", None), P(None, "y"), P("x", "y")), check_vma=False)
        shardings = (NamedSharding(mesh, P("x", None)), NamedSharding(mesh, P(None, "y")), NamedSharding(mesh, P("x", "y")))
        return jax.jit(f, out_shardings=shardings)(jax.device_put(x, NamedSharding(mesh, P("x", "y"))))

    on_both("shard_map", run)


def data_parallel_grad_case():
    rng = np.random.default_rng(0)
    w1 = rng.normal(size=(6, 8)).astype(np.float32) * 0.3
    w2 = rng.normal(size=(8, 3)).astype(np.float32) * 0.3
    xs = rng.normal(size=(8, 6)).astype(np.float32)
    ys = rng.normal(size=(8, 3)).astype(np.float32)

    def loss(params, xb, yb):
        a, b = params
        return jnp.mean((jnp.tanh(xb @ a) @ b - yb) ** 2)

    def run(devs):
        mesh = Mesh(np.array(devs), ("batch",))
        rep = NamedSharding(mesh, P())
        data = NamedSharding(mesh, P("batch", None))
        params = jax.device_put((w1, w2), rep)
        xb, yb = jax.device_put(xs, data), jax.device_put(ys, data)
        step = jax.jit(jax.value_and_grad(loss), out_shardings=(rep, (rep, rep)))
        return step(params, xb, yb)

    on_both("data_parallel_grad", run, rtol=1e-4, atol=1e-5)


def unspecified_shardings_case():
    """jit leaves the shardings to the compiler: jax asks the executable
    (the package answers with the plugin's record). Results whose sharding
    the program leaves open come back replicated (XLA may pick another
    sharding), so only the values are compared."""
    x = np.arange(32.0, dtype=np.float32).reshape(8, 4)

    def run(devs):
        mesh = Mesh(np.array(devs).reshape(2, 2), ("x", "y"))
        f = shard_map(lambda a: lax.psum(a, "y") * (lax.axis_index("x") + 1), mesh=mesh, in_specs=P("x", "y"), out_specs=P("x", None))
        g = jax.jit(jax.grad(lambda v: jnp.sum(jnp.tanh(f(v)))))
        return jax.jit(f)(x), g(jax.device_put(x, NamedSharding(mesh, P("x", "y"))))

    on_both("unspecified_shardings", run, check_sharding=False, rtol=1e-5)


for case in [devices_case, placement_case, pmap_case, named_sharding_case, shard_map_case, data_parallel_grad_case,
             unspecified_shardings_case]:
    case()
