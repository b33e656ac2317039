"""Builds the plugin library with cargo and ships it inside the package.

`pip install ./python` (from the repository root) runs
`cargo build -p xla-mlir-pjrt` (debug profile unless
XLA_MLIR_PJRT_PROFILE=release; the programs jax compiles are optimised by
LLVM either way, the profile only changes how fast xla-mlir compiles) and
copies target/<profile>/libxla_mlir_pjrt.so into the package. With
XLA_MLIR_PJRT_LIBRARY set, that library is copied instead and cargo is not
run.
"""

import os
import pathlib
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

LIBRARY = "libxla_mlir_pjrt.so"
REPOSITORY = pathlib.Path(__file__).resolve().parent.parent


def built_library():
    explicit = os.environ.get("XLA_MLIR_PJRT_LIBRARY")
    if explicit:
        return pathlib.Path(explicit)
    profile = os.environ.get("XLA_MLIR_PJRT_PROFILE", "debug")
    command = ["cargo", "build", "-p", "xla-mlir-pjrt"] + (["--release"] if profile == "release" else [])
    subprocess.run(command, cwd=REPOSITORY, check=True)
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPOSITORY / "target"))
    return target / profile / LIBRARY


class BuildWithCargo(build_py):
    def run(self):
        super().run()
        library = built_library()
        if not library.is_file():
            raise RuntimeError(f"the plugin library {library} was not built")
        destination = pathlib.Path(self.build_lib) / "xla_mlir_pjrt" / LIBRARY
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(library, destination)


class BinaryDistribution(Distribution):
    """The wheel holds a native library: tag it for this platform."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildWithCargo}, distclass=BinaryDistribution)
