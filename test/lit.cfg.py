# lit configuration of the regression and execution tests. Run through
# `cargo test --test lit`, which builds the tools and sets XLA_TOOLS_DIR.
import os

import lit.formats

config.name = "xla"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
# examples/ holds inputs (JAX output, .npy files) that tests refer to.
config.excludes = ["examples", "Inputs", "lit.cfg.py"]

tools_dir = os.environ.get("XLA_TOOLS_DIR")
if not tools_dir:
    lit_config.fatal("XLA_TOOLS_DIR is not set; run the suite with `cargo test --test lit`")
llvm_tools_dir = os.environ.get("LLVM_TOOLS_DIR", "/usr/lib/llvm-22/bin")
config.environment["PATH"] = os.pathsep.join([tools_dir, llvm_tools_dir, os.environ.get("PATH", "")])

# The thread pool's settings reach the tools (tools/tests/lit.rs runs the
# execution tests a second time on 8 threads with every parallel loop split).
for name in ["XLA_MLIR_NUM_THREADS", "XLA_MLIR_PARALLEL_MIN_COST"]:
    if name in os.environ:
        config.environment[name] = os.environ[name]

# Graphviz renders the DOT graphs of --dump-dir / --view-graph (.ci/run
# installs it); without it those checks are UNSUPPORTED.
import shutil as _shutil
if _shutil.which("dot"):
    config.available_features.add("graphviz")
else:
    lit_config.note("Graphviz (dot) not found: graph rendering tests are UNSUPPORTED")

# Programs over several devices run under MPI (one device per rank) when
# mpirun is installed and xla-run was built with MPI (`xla-run --version`
# says `mpi: yes`; .ci/run installs Open MPI); else the MPI tests are
# UNSUPPORTED. %mpirun starts 4 ranks on this machine whatever its cores,
# as root too.
import subprocess as _subprocess

_mpirun = _shutil.which("mpirun")
try:
    _xla_run_version = _subprocess.run(
        [os.path.join(tools_dir, "xla-run"), "--version"], capture_output=True, text=True, timeout=60
    ).stdout
except (OSError, _subprocess.SubprocessError):
    _xla_run_version = ""
if _mpirun and "mpi: yes" in _xla_run_version:
    config.available_features.add("mpi")
    config.substitutions.append(("%mpirun", _mpirun + " --allow-run-as-root --oversubscribe"))
    # Open MPI's launcher wants a home and a temporary directory.
    for name in ["HOME", "TMPDIR"]:
        if name in os.environ:
            config.environment[name] = os.environ[name]
elif not _mpirun:
    lit_config.note("mpirun not found: MPI tests are UNSUPPORTED (install openmpi-bin libopenmpi-dev, see .ci/run)")
else:
    lit_config.note("xla-run was built without MPI: MPI tests are UNSUPPORTED (install libopenmpi-dev and rebuild)")

config.substitutions.append(("%tools_dir", tools_dir))
config.substitutions.append(("%examples", os.path.join(config.test_source_root, "examples")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))

# PTX validity tests need ptxas (and libdevice for math functions): from
# $PTXAS, PATH, or the venv that .ci/run creates from PyPI's
# nvidia-cuda-nvcc-cu12 wheel. Without it they are reported UNSUPPORTED.
import glob
import shutil

repo_root = os.path.dirname(config.test_source_root)
ptxas = os.environ.get("PTXAS") or shutil.which("ptxas")
wheel = sorted(glob.glob(os.path.join(repo_root, ".venv-cuda/lib/python3*/site-packages/nvidia/cuda_nvcc")))
if not ptxas and wheel:
    candidate = os.path.join(wheel[-1], "bin", "ptxas")
    if os.access(candidate, os.X_OK):
        ptxas = candidate
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
else:
    lit_config.note("ptxas not found: PTX validity tests are UNSUPPORTED (install nvidia-cuda-nvcc-cu12, see .ci/run)")
if "XLA_LIBDEVICE" in os.environ:
    config.environment["XLA_LIBDEVICE"] = os.environ["XLA_LIBDEVICE"]
elif wheel and os.path.isfile(os.path.join(wheel[-1], "nvvm/libdevice/libdevice.10.bc")):
    config.environment["XLA_LIBDEVICE"] = os.path.join(wheel[-1], "nvvm/libdevice/libdevice.10.bc")

# GPU execution tests need an NVIDIA GPU and its driver (libcuda.so.1):
# probed here with ctypes the way the runtime does it. Without one they are
# reported UNSUPPORTED, and this note says why.
import ctypes


def _cuda_devices():
    try:
        cuda = ctypes.CDLL(os.environ.get("XLA_LIBCUDA", "libcuda.so.1"))
    except OSError as error:
        return 0, "cannot load libcuda.so.1 (%s)" % error
    if cuda.cuInit(0) != 0:
        return 0, "cuInit failed"
    count = ctypes.c_int(0)
    if cuda.cuDeviceGetCount(ctypes.byref(count)) != 0 or count.value == 0:
        return 0, "the driver reports no device"
    return count.value, None


_devices, _why = _cuda_devices()
if _devices and not os.environ.get("XLA_LIBCUDA"):
    config.available_features.add("cuda-device")
    lit_config.note("CUDA device found: GPU execution tests run")
else:
    lit_config.note("no CUDA device: GPU execution tests are UNSUPPORTED (%s)" % (_why or "XLA_LIBCUDA is set"))
