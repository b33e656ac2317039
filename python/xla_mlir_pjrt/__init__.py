"""The xla-mlir PJRT plugin for jax: ``JAX_PLATFORMS=xla_mlir``.

jax finds this module through the ``jax_plugins`` entry point and calls
:func:`initialize`, which registers the plugin library as the platform
``xla_mlir``. Before jax compiles anything, the module also registers, in
the library, a translator from StableHLO portable artifacts (VHLO bytecode,
which jax hands to ``PJRT_Client_Compile``) to StableHLO text, using jaxlib's
own MLIR: MLIR 22, which xla-mlir is built on, cannot read VHLO.

The library is found, in this order, at ``$XLA_MLIR_PJRT_LIBRARY``, inside
this package (``pip install ./python`` copies it there), or in the
repository's ``target/release`` / ``target/debug`` (a checkout installed with
``pip install -e ./python``).
"""

import ctypes
import os
import pathlib

PLATFORM = "xla_mlir"
LIBRARY_NAME = "libxla_mlir_pjrt.so"
# Above jax's own CPU backend (priority 0) is not wanted: jax picks the
# highest-priority platform by default, and the user should opt in with
# JAX_PLATFORMS=xla_mlir or jax.devices("xla_mlir").
PRIORITY = -100

_library = None
_registered = False
# Kept alive for as long as the library may call it.
_translator = None


def library_path():
    """The path of the plugin library, or None if it cannot be found."""
    explicit = os.environ.get("XLA_MLIR_PJRT_LIBRARY")
    if explicit:
        return explicit
    here = pathlib.Path(__file__).resolve().parent
    candidates = [here / LIBRARY_NAME]
    for root in [here.parent.parent, pathlib.Path.cwd()]:
        for profile in ("release", "debug"):
            candidates.append(root / "target" / profile / LIBRARY_NAME)
    for candidate in candidates:
        if candidate.is_file():
            return str(candidate)
    return None


def _artifact_to_text(artifact):
    """StableHLO text of a portable artifact, read with jaxlib's MLIR."""
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir.dialects import stablehlo

    context = jax_mlir.make_ir_context()
    with context:
        module = stablehlo.deserialize_portable_artifact(context, artifact)
        return module.operation.get_asm(enable_debug_info=False)


_TRANSLATOR_TYPE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p)


def _translate(data, size, sink):
    # Runs inside PJRT_Client_Compile, with the GIL (ctypes takes it). Any
    # failure goes back to the library as an error message: an exception
    # must not escape a ctypes callback.
    try:
        text = _artifact_to_text(ctypes.string_at(data, size)).encode("utf-8")
        ok = 1
    except BaseException as error:  # noqa: BLE001 - reported to jax as an error
        text = f"{type(error).__name__}: {error}".encode("utf-8", "replace")
        ok = 0
    _library.xla_mlir_pjrt_translation_result(sink, text, len(text), ok)


def load(path=None):
    """Loads the library (once) and registers the translator in it."""
    global _library, _translator
    if _library is not None:
        return _library
    path = path or library_path()
    if path is None:
        raise RuntimeError(
            f"cannot find {LIBRARY_NAME}: build it with `cargo build -p xla-mlir-pjrt` "
            "or set XLA_MLIR_PJRT_LIBRARY to its path.")
    library = ctypes.CDLL(path)
    library.xla_mlir_pjrt_set_translator.argtypes = [_TRANSLATOR_TYPE]
    library.xla_mlir_pjrt_set_translator.restype = None
    library.xla_mlir_pjrt_translation_result.argtypes = [
        ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int]
    library.xla_mlir_pjrt_translation_result.restype = None
    _translator = _TRANSLATOR_TYPE(_translate)
    library.xla_mlir_pjrt_set_translator(_translator)
    _library = library
    return library


def compilations():
    """How many programs the plugin has compiled (compile-cache hits excluded)."""
    library = load()
    library.xla_mlir_pjrt_compilations.restype = ctypes.c_uint64
    return library.xla_mlir_pjrt_compilations()


def _shardings(library, fingerprint, which):
    """The OpShardings the plugin recorded for a program, or None."""
    from jax._src.lib import xla_client as xc

    key = fingerprint if isinstance(fingerprint, bytes) else str(fingerprint).encode("utf-8")
    count = library.xla_mlir_pjrt_sharding_count(key, len(key), which)
    if count < 0:
        return None
    protos = []
    for index in range(count):
        size = library.xla_mlir_pjrt_sharding(key, len(key), which, index, None, 0)
        buffer = ctypes.create_string_buffer(max(size, 1))
        library.xla_mlir_pjrt_sharding(key, len(key), which, index, buffer, size)
        proto = xc.OpSharding()
        proto.ParseFromString(buffer.raw[:size])
        protos.append(proto)
    return protos


def _answer_sharding_queries(library):
    """Lets jax learn the shardings of our multi-device executables.

    jax 0.10.2 asks an executable which shardings the compiler chose (for a
    `jit` whose in/out shardings it leaves unspecified) through
    `PJRT_Executable_OptimizedProgram` (an HLO module, which we do not
    produce) or a C API extension it reads only from plugins at API >= 0.91.
    Its Python helper for that question is wrapped here: for executables of
    this platform it returns the OpShardings the plugin recorded when it
    compiled the program (keyed by the executable's fingerprint); anything
    else goes to jax's own code. Without the helper (another jax version),
    nothing is changed.
    """
    try:
        from jax._src.interpreters import pxla
    except ImportError:  # pragma: no cover - another jax layout
        return
    original = getattr(pxla, "get_op_sharding_from_executable", None)
    if original is None or getattr(original, "_xla_mlir", False):
        return
    library.xla_mlir_pjrt_sharding_count.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int]
    library.xla_mlir_pjrt_sharding_count.restype = ctypes.c_int64
    library.xla_mlir_pjrt_sharding.argtypes = [
        ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t]
    library.xla_mlir_pjrt_sharding.restype = ctypes.c_int64

    def get_op_sharding_from_executable(executable):
        try:
            ours = executable.client.platform == PLATFORM
        except Exception:  # noqa: BLE001 - not an executable we know
            ours = False
        if ours:
            inputs = _shardings(library, executable.fingerprint, 0)
            outputs = _shardings(library, executable.fingerprint, 1)
            if inputs is not None and outputs is not None:
                return inputs, outputs
        return original(executable)

    get_op_sharding_from_executable._xla_mlir = True
    pxla.get_op_sharding_from_executable = get_op_sharding_from_executable


def _accept_donation():
    """Lets jax donate buffers to this platform (`donate_argnums`).

    jax emits the aliasing attributes only for the platforms in its list
    `mlir._platforms_with_donation`; the plugin then deletes donated
    arguments after a run, as XLA does (see ARCHITECTURE.md). Without the
    list (another jax version), jax warns and runs without donation.
    """
    try:
        from jax._src.interpreters import mlir
    except ImportError:  # pragma: no cover - another jax layout
        return
    platforms = getattr(mlir, "_platforms_with_donation", None)
    if isinstance(platforms, list) and PLATFORM not in platforms:
        platforms.append(PLATFORM)


def initialize():
    """The jax_plugins hook: registers the platform ``xla_mlir`` (once)."""
    global _registered
    if _registered:
        return
    from jax._src import xla_bridge

    path = library_path()
    if path is None:
        # jax calls every installed plugin at start-up: a missing library
        # must not break jax's other platforms.
        import warnings
        warnings.warn(
            f"xla_mlir_pjrt: {LIBRARY_NAME} not found (build it with `cargo build -p xla-mlir-pjrt` "
            "or set XLA_MLIR_PJRT_LIBRARY); the xla_mlir platform is not registered.")
        return
    library = load(path)
    _answer_sharding_queries(library)
    _accept_donation()
    xla_bridge.register_plugin(PLATFORM, priority=PRIORITY, library_path=path)
    _registered = True
