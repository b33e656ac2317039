#!/usr/bin/env python3
"""Writes the .npy files of bf16-npy.test with numpy.save of ml_dtypes.bfloat16
arrays (descr `<V2`): the input and x + x (exact in bfloat16).

    /work/venv-jax/bin/python test/Execution/Inputs/bf16/bf16.py
"""
import os

import ml_dtypes
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
x = np.array([[1.5, -2.0, 3.140625], [0.0, -0.0, 65280.0]], ml_dtypes.bfloat16)
np.save(os.path.join(HERE, "in.npy"), x)
np.save(os.path.join(HERE, "twice.npy"), (x.astype(np.float32) * 2).astype(ml_dtypes.bfloat16))
