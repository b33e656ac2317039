"""jax.jit on the xla_mlir platform against jax's own CPU backend, in one process.

Run from the repository root, after `cargo build -p xla-mlir-pjrt`::

    python -m pytest -rs python/tests/test_plugin.py

The whole module is skipped, with the reason printed (`-rs`), when jax is not
installed or the plugin library is not built. The library is found as the
package finds it (XLA_MLIR_PJRT_LIBRARY, else target/{release,debug}).

Each program of test/examples/ is taken from the scripts that generated it
(test/examples/generate*.py: the same functions and inputs) and run through
`jax.jit` with its inputs on each device; the results must match.
"""

import importlib.util
import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES_DIR = ROOT / "test" / "examples"

# Both platforms in one process; set before jax is imported.
os.environ["JAX_PLATFORMS"] = "cpu,xla_mlir"

try:
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax import lax
except ImportError as error:  # pragma: no cover - depends on the machine
    pytest.skip(f"jax is not installed ({error}); the PJRT plugin tests need jax==0.10.2",
                allow_module_level=True)

sys.path.insert(0, str(ROOT / "python"))
import xla_mlir_pjrt  # noqa: E402

if xla_mlir_pjrt.library_path() is None:
    pytest.skip("the plugin library is not built: run `cargo build -p xla-mlir-pjrt` "
                "(or set XLA_MLIR_PJRT_LIBRARY)", allow_module_level=True)
xla_mlir_pjrt.initialize()

CPU = jax.devices("cpu")[0]
OURS = jax.devices("xla_mlir")[0]


def _load(name):
    spec = importlib.util.spec_from_file_location(f"examples_{name}", EXAMPLES_DIR / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_on(device, f, args):
    """jax.jit(f) with the inputs committed to `device`: the leaves as numpy."""
    placed = [jax.device_put(a, device) for a in args]
    out = jax.jit(f)(*placed)
    leaves = jax.tree_util.tree_leaves(out)
    for leaf in leaves:
        assert leaf.devices() == {device}, f"an output is on {leaf.devices()}, not {device}"
    return out, [np.asarray(leaf) for leaf in leaves]


def assert_same(expected, actual, rtol=2e-5, atol=1e-6):
    assert len(expected) == len(actual)
    for i, (e, a) in enumerate(zip(expected, actual)):
        assert e.dtype == a.dtype, f"output {i}: dtype {a.dtype}, expected {e.dtype}"
        assert e.shape == a.shape, f"output {i}: shape {a.shape}, expected {e.shape}"
        if np.issubdtype(e.dtype, np.inexact):
            np.testing.assert_allclose(a.astype(np.complex128 if np.iscomplexobj(e) else np.float64),
                                       e.astype(np.complex128 if np.iscomplexobj(e) else np.float64),
                                       rtol=rtol, atol=atol, equal_nan=True, err_msg=f"output {i}")
        else:
            np.testing.assert_array_equal(a, e, err_msg=f"output {i}")


def compare(f, *args, rtol=2e-5, atol=1e-6):
    """Runs f on both platforms and checks that the results agree."""
    cpu_tree, cpu = run_on(CPU, f, args)
    ours_tree, ours = run_on(OURS, f, args)
    assert jax.tree_util.tree_structure(cpu_tree) == jax.tree_util.tree_structure(ours_tree)
    assert_same(cpu, ours, rtol, atol)
    return ours_tree


# ------------------------------------------------------------------ examples

def _example_cases():
    cases = []
    for script in ("generate", "generate_more"):
        module = _load(script)
        for entry in module.EXAMPLES:
            name, make = entry[0], entry[1]
            options = entry[2] if len(entry) > 2 else {}
            cases.append(pytest.param(make, options, id=name))
    chlo = _load("generate_chlo")
    for name, make in chlo.EXAMPLES.items():
        cases.append(pytest.param(lambda make=make: make()[:2], {"x64": name in chlo.X64}, id=name))
    return cases


# Examples that cannot run on another platform as written.
NOT_FOR_PLUGINS = {
    "collectives": "the example builds its shard_map mesh from jax.devices(), the cpu device",
}

# Looser tolerances where the two backends use different approximations.
TOLERANCE = {
    "special_fns": (2e-4, 1e-5),
    "polygamma": (2e-4, 1e-5),
    "zeta": (2e-4, 1e-5),
    "complex_trig": (2e-4, 1e-5),
    "rng_normal_split": (2e-5, 1e-5),
    "fft_large": (1e-4, 1e-4),
    "layernorm": (1e-4, 1e-5),
    "attention": (1e-4, 1e-5),
    "cnn_grad": (1e-4, 1e-4),
    "conv_strided_grad": (1e-4, 1e-4),
    "mixed_precision": (1e-2, 1e-2),
}


@pytest.mark.parametrize("make,options", _example_cases())
def test_example(request, make, options):
    name = request.node.callspec.id
    if name in NOT_FOR_PLUGINS:
        pytest.skip(NOT_FOR_PLUGINS[name])
    shardy = jax.config.jax_use_shardy_partitioner
    try:
        jax.config.update("jax_use_shardy_partitioner", bool(options.get("shardy", shardy)))
        with jax.enable_x64(bool(options.get("x64", False))):
            f, args = make()
            args = tuple(np.array(a, order="C") for a in args)
            compare(f, *args, rtol=TOLERANCE.get(name, (2e-5, 1e-6))[0], atol=TOLERANCE.get(name, (2e-5, 1e-6))[1])
    finally:
        jax.config.update("jax_use_shardy_partitioner", shardy)


# --------------------------------------------------------- what users expect

def test_device_and_platform():
    assert OURS.platform == "xla_mlir"
    assert jax.devices("xla_mlir") == [OURS]
    x = jax.device_put(jnp.arange(4.0), OURS)
    np.testing.assert_array_equal(np.asarray(jax.jit(lambda x: x * 2 + 1)(x)), [1.0, 3.0, 5.0, 7.0])


def test_xla_mlir_as_the_only_platform():
    """The issue's acceptance line, in a fresh process where xla_mlir is the default platform."""
    import subprocess

    program = ("import xla_mlir_pjrt; xla_mlir_pjrt.initialize(); import jax, jax.numpy as jnp; "
               "print(jax.devices()); print(jax.jit(lambda x: x * 2 + 1)(jnp.arange(4.0)))")
    environment = dict(os.environ, JAX_PLATFORMS="xla_mlir", PYTHONPATH=str(ROOT / "python"))
    result = subprocess.run([sys.executable, "-c", program], env=environment, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["[XlaMlirCpuDevice(id=0)]", "[1. 3. 5. 7.]"], result.stdout


def test_several_devices():
    """XLA_MLIR_NUM_DEVICES=4: placement, pmap, NamedSharding jit, shard_map, a
    data-parallel gradient and jit with shardings left to the compiler against
    jax's CPU backend with 4 devices, in a fresh
    process (multi_device_check.py; device counts are fixed at start-up)."""
    import subprocess

    result = subprocess.run([sys.executable, str(pathlib.Path(__file__).with_name("multi_device_check.py"))],
                            env=dict(os.environ), capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    passed = [line.split()[1] for line in result.stdout.splitlines() if line.startswith("ok ")]
    assert passed == ["devices", "placement", "pmap", "named_sharding", "shard_map", "data_parallel_grad",
                      "unspecified_shardings"], result.stdout


def test_too_many_devices_is_an_exception():
    """A pmap wider than the client: an exception, not a crash."""
    import subprocess

    program = ("import xla_mlir_pjrt; xla_mlir_pjrt.initialize(); import jax, numpy as np\n"
               "try:\n"
               "    jax.pmap(lambda a: a * 2)(np.ones((2, 3), np.float32))\n"
               "except Exception as e:\n"
               "    print('raised', type(e).__name__)\n")
    environment = dict(os.environ, JAX_PLATFORMS="xla_mlir", XLA_MLIR_NUM_DEVICES="1", PYTHONPATH=str(ROOT / "python"))
    result = subprocess.run([sys.executable, "-c", program], env=environment, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("raised"), result.stdout


def test_bad_device_count_is_an_exception():
    import subprocess

    program = "import xla_mlir_pjrt; xla_mlir_pjrt.initialize(); import jax\ntry:\n    jax.devices()\nexcept Exception as e:\n    print('raised', e)\n"
    environment = dict(os.environ, JAX_PLATFORMS="xla_mlir", XLA_MLIR_NUM_DEVICES="zero", PYTHONPATH=str(ROOT / "python"))
    result = subprocess.run([sys.executable, "-c", program], env=environment, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "XLA_MLIR_NUM_DEVICES" in result.stdout, result.stdout


def test_donation_as_on_cpu():
    """donate_argnums: the donated input is deleted after the call, an unusable
    donation is warned about, and the values are right; the same as on cpu."""
    import warnings

    seen = {}
    for device in (CPU, OURS):
        x = jax.device_put(np.arange(4.0, dtype=np.float32), device)
        y = jax.device_put(np.arange(3.0, dtype=np.float32), device)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            out = jax.jit(lambda a, b: (a * 2, b.sum()), donate_argnums=(0, 1))(x, y)
        with pytest.raises(RuntimeError, match="deleted"):
            np.asarray(x + 1)
        seen[device.platform] = (x.is_deleted(), y.is_deleted(), [np.asarray(o).tolist() for o in out],
                                 sorted(str(w.message).split(".")[0] for w in caught))
    assert seen["xla_mlir"] == seen["cpu"], seen
    assert seen["xla_mlir"][:2] == (True, False)


def test_retracing_for_new_shapes_and_dtypes():
    f = jax.jit(lambda x: jnp.cumsum(x * x))
    for shape, dtype in [((3,), np.float32), ((5,), np.float32), ((2, 4), np.float32), ((6,), np.int32)]:
        x = (np.arange(np.prod(shape)).reshape(shape) - 2).astype(dtype)
        np.testing.assert_array_equal(np.asarray(f(jax.device_put(x, OURS))), np.cumsum(x * x))


def test_pytrees_and_many_outputs():
    def f(tree):
        a, (b, c) = tree["a"], tree["bc"]
        return {"sum": a + b, "parts": (a * c, [b - c, jnp.sin(a)]), "n": a.sum()}

    tree = {"a": np.arange(6, dtype=np.float32).reshape(2, 3),
            "bc": (np.ones((2, 3), np.float32), np.full((2, 3), 0.5, np.float32))}
    compare(f, tree)


def test_scalars_and_zero_size_arrays():
    compare(lambda x, y: (x * y + 1.0, jnp.float32(3.0)), np.float32(2.0), np.float32(-1.5))
    compare(lambda x: (x + 1, x.sum(axis=0), x.reshape(3, 0)), np.zeros((0, 3), np.float32))
    compare(lambda n: jnp.arange(5) * n, np.int32(3))


DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64", "complex64", "complex128"]


@pytest.mark.parametrize("dtype", DTYPES)
def test_element_types(dtype):
    with jax.enable_x64(True):
        dt = jnp.dtype(dtype)
        x = np.asarray(np.arange(12).reshape(3, 4) % 5, dtype=dt)
        y = np.asarray((np.arange(12).reshape(3, 4) * 7) % 3 + 1, dtype=dt)
        if dt == np.bool_:
            compare(lambda x, y: (x ^ y, x & ~y, x), x, y)
        else:
            compare(lambda x, y: (x + y, x * y, x - y, x == y, x.T), x, y, rtol=1e-2 if dt.itemsize <= 2 else 2e-5)


def test_strided_inputs():
    x = np.arange(24, dtype=np.float32).reshape(4, 6)
    compare(lambda a: a * 2, np.asfortranarray(x))
    compare(lambda a: a + 1, x[:, ::2])


def _mlp_params(seed=0):
    rs = np.random.RandomState(seed)
    return {"w1": rs.normal(0, 0.3, (8, 16)).astype(np.float32), "b1": np.zeros(16, np.float32),
            "w2": rs.normal(0, 0.3, (16, 3)).astype(np.float32), "b2": np.zeros(3, np.float32)}


def _mlp_loss(params, x, y):
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    logits = h @ params["w2"] + params["b2"]
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))


def test_grad_of_an_mlp():
    rs = np.random.RandomState(1)
    x = rs.normal(size=(5, 8)).astype(np.float32)
    y = np.eye(3, dtype=np.float32)[rs.randint(0, 3, 5)]
    compare(jax.value_and_grad(_mlp_loss), _mlp_params(), x, y, rtol=1e-4, atol=1e-6)


def test_training_loop():
    rs = np.random.RandomState(2)
    x = rs.normal(size=(16, 8)).astype(np.float32)
    y = np.eye(3, dtype=np.float32)[rs.randint(0, 3, 16)]

    @jax.jit
    def step(params, x, y):
        loss, grads = jax.value_and_grad(_mlp_loss)(params, x, y)
        return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads), loss

    results = {}
    for device in (CPU, OURS):
        params = jax.device_put(_mlp_params(), device)
        xs, ys = jax.device_put(x, device), jax.device_put(y, device)
        losses = []
        for _ in range(20):
            params, loss = step(params, xs, ys)
            losses.append(float(loss))
        results[device.platform] = losses
    np.testing.assert_allclose(results["xla_mlir"], results["cpu"], rtol=1e-4)
    assert results["xla_mlir"][-1] < results["xla_mlir"][0]


def test_control_flow():
    def f(x, n):
        def body(state):
            i, acc = state
            return i + 1, lax.cond(i % 2 == 0, lambda a: a * 1.5, lambda a: a - 1.0, acc)

        _, acc = lax.while_loop(lambda s: s[0] < n, body, (0, x))
        total, prefix = lax.scan(lambda c, v: (c + v, c * v), 0.0, acc)
        return acc, total, prefix, lax.switch(n % 3, [jnp.sin, jnp.cos, jnp.tanh], x)

    compare(f, np.linspace(-1, 1, 7).astype(np.float32), np.int32(5), rtol=1e-5)


def test_threefry_random():
    def f(key):
        k1, k2 = jax.random.split(key)
        return jax.random.uniform(k1, (4, 5)), jax.random.normal(k2, (6,)), jax.random.randint(k1, (3,), 0, 100)

    key = jax.random.key_data(jax.random.PRNGKey(42))
    compare(lambda k: f(jax.random.wrap_key_data(k)), np.asarray(key), rtol=1e-5, atol=1e-6)


def test_compile_cache():
    x = jax.device_put(np.arange(8, dtype=np.float32), OURS)
    before = xla_mlir_pjrt.compilations()
    # Two functions jax caches apart, with the same program text.
    a = jax.jit(lambda v: v * 3.0 - 0.25)(x)
    b = jax.jit(lambda v: v * 3.0 - 0.25)(x)
    np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
    assert xla_mlir_pjrt.compilations() - before == 1


def test_unreadable_artifact_is_an_exception(monkeypatch):
    def broken(artifact):
        raise ValueError("this artifact is unreadable on purpose")

    monkeypatch.setattr(xla_mlir_pjrt, "_artifact_to_text", broken)
    x = jax.device_put(np.arange(3, dtype=np.float32), OURS)
    with pytest.raises(Exception, match="cannot read the StableHLO portable artifact.*unreadable on purpose"):
        jax.jit(lambda v: v - 11.0)(x)


def test_uncompilable_program_is_an_exception():
    x = jax.device_put(np.arange(4, dtype=np.float32), OURS)

    def f(v):
        # A custom call no backend but the one named implements.
        return jax.ffi.ffi_call("xla_mlir_no_such_target", jax.ShapeDtypeStruct(v.shape, v.dtype))(v)

    with pytest.raises(Exception, match="xla-mlir cannot compile"):
        jax.jit(f)(x)


def test_host_callbacks_are_refused_clearly():
    from jax.experimental import io_callback

    x = jax.device_put(np.arange(4, dtype=np.float32), OURS)
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    programs = {
        "pure_callback": lambda v: jax.pure_callback(lambda a: np.asarray(a) * 2, spec, v),
        "io_callback": lambda v: io_callback(lambda a: np.asarray(a), spec, v),
        "debug.callback": lambda v: (jax.debug.callback(lambda a: None, v), v * 2)[1],
    }
    for name, f in programs.items():
        with pytest.raises(Exception) as raised:
            jax.jit(f)(x)
        message = str(raised.value)
        assert "xla_mlir" in message and ("callback" in message.lower() or "Callback" in message), (name, message)
