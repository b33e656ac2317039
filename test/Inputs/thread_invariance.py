#!/usr/bin/env python3
"""Runs every JAX example of test/examples on one thread and on many, and
checks that the results are the same bytes.

For each `NAME.mlir` with inputs `NAME.in<i>.npy`: `xla-run --threads T
--parallel-min-cost 0` for T = 1 and each T given. With that threshold
every parallel loop of two or more iterations is outlined and, on more
than one thread, split into one chunk per thread, so small programs
exercise the pool too. Parallel loops only split independent iterations
and every thread count runs the same compiled code, so the outputs must be
identical, bit for bit. (The threshold changes what is compiled: LLVM may
then vectorize a reassociable reduction differently, so results compiled
with another threshold may differ in the last bits; jax-examples.test
checks those against JAX within tolerance.)
Prints one line per difference or failure and a summary
`N programs, N identical, N differ, N failed`; exits 1 unless all are
identical.

    thread_invariance.py XLA_RUN EXAMPLES_DIR [--threads 2,8]
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile


def run(xla_run, program, inputs, out_dir, extra):
    command = [xla_run, program, "--output-dir", out_dir] + extra
    for path in inputs:
        command += ["--input", path]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        return done.stderr.strip().splitlines()[-1:] or ["exit %d" % done.returncode]
    return None


def outputs(directory):
    files = sorted(os.listdir(directory))
    return {name: open(os.path.join(directory, name), "rb").read() for name in files}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("xla_run")
    parser.add_argument("examples")
    parser.add_argument("--threads", default="2,8")
    args = parser.parse_args()
    counts = [int(t) for t in args.threads.split(",")]
    programs = sorted(glob.glob(os.path.join(args.examples, "*.mlir")))
    identical = differ = failed = 0
    with tempfile.TemporaryDirectory() as scratch:
        for program in programs:
            name = os.path.basename(program)[: -len(".mlir")]
            inputs = sorted(glob.glob(os.path.join(args.examples, name + ".in*.npy")),
                            key=lambda p: int(p.rsplit(".in", 1)[1].split(".")[0]))
            base = os.path.join(scratch, name, "1")
            error = run(args.xla_run, program, inputs, base, ["--threads", "1", "--parallel-min-cost", "0"])
            if error:
                print("FAILED %s (1 thread): %s" % (name, error[0]))
                failed += 1
                continue
            reference = outputs(base)
            same = True
            for count in counts:
                directory = os.path.join(scratch, name, str(count))
                error = run(args.xla_run, program, inputs, directory,
                            ["--threads", str(count), "--parallel-min-cost", "0"])
                if error:
                    print("FAILED %s (%d threads): %s" % (name, count, error[0]))
                    failed += 1
                    same = None
                    break
                got = outputs(directory)
                if got != reference:
                    changed = [k for k in reference if got.get(k) != reference[k]]
                    print("DIFFER %s (%d threads): %s" % (name, count, ", ".join(changed) or "file set"))
                    same = False
            if same:
                identical += 1
            elif same is False:
                differ += 1
    print("%d programs, %d identical, %d differ, %d failed" % (len(programs), identical, differ, failed))
    return 0 if identical == len(programs) else 1


if __name__ == "__main__":
    sys.exit(main())
