#!/usr/bin/env python3
"""Every JAX-generated program in test/examples/ parses, verifies and prints
stably: `xla-opt f` == `xla-opt f | xla-opt` == `xla-opt
--mlir-print-op-generic f | xla-opt`. Prints one line per failure and a
summary; exits 1 on any failure."""
import glob
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
failures = 0
files = sorted(glob.glob(os.path.join(here, "..", "examples", "*.mlir")))


def opt(args, text=None):
    run = subprocess.run(["xla-opt", *args], input=text, capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(run.stderr.strip().splitlines()[0] if run.stderr else f"exit {run.returncode}")
    return run.stdout


for path in files:
    name = os.path.basename(path)
    try:
        pretty = opt([path])
        again = opt(["-"], pretty)
        generic = opt(["-"], opt([path, "--mlir-print-op-generic"]))
    except RuntimeError as error:
        print(f"FAIL {name}: {error}")
        failures += 1
        continue
    if again != pretty:
        print(f"FAIL {name}: printing is not stable")
        failures += 1
    elif generic != pretty:
        print(f"FAIL {name}: the generic form does not print back the same")
        failures += 1
print(f"round trip: {len(files) - failures} of {len(files)} examples stable")
sys.exit(1 if failures else 0)
