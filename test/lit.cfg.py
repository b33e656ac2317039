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

config.substitutions.append(("%examples", os.path.join(config.test_source_root, "examples")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
