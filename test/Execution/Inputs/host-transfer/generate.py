"""Inputs and expected values of test/Execution/host-transfer.test, computed
with numpy (independent of the compiler). Run with any Python that has
numpy, from this directory: python3 generate.py"""

import numpy as np

# tuple.mlir: infeed (a: 2x3 f32, b: 3 i32); outfeed (a + b, -b);
# recv r (2 f32) on channel 5; send r * arg on channel 6; result a + b.
a = np.array([[1.5, -2.0, 3.25], [0.0, 10.0, -7.5]], dtype=np.float32)
b = np.array([4, -5, 6], dtype=np.int32)
arg = np.array([2.0, -3.0], dtype=np.float32)
r = np.array([0.5, 8.0], dtype=np.float32)
np.savez("tuple_infeed.npz", a=a, b=b)
np.save("tuple_arg.npy", arg)
np.save("tuple_recv.npy", r)
np.save("tuple_expected_sum.npy", a + b.astype(np.float32))
np.save("tuple_expected_neg.npy", -b)
np.save("tuple_expected_send.npy", r * arg)

# loop.mlir: three iterations of acc += x_k; outfeed acc; acc *= s_k;
# outfeed (k, acc).
xs = [np.array(v, dtype=np.float32) for v in ([1.0, 2.0], [-3.0, 0.5], [10.0, 4.0])]
ss = [np.array(v, dtype=np.float32) for v in (2.0, -1.0, 0.25)]
acc = np.zeros(2, dtype=np.float32)
outfeed = 0
for k in range(3):
    np.save(f"loop_x{k}.npy", xs[k])
    np.save(f"loop_s{k}.npy", ss[k])
    acc = acc + xs[k]
    np.save(f"loop_expected_{outfeed}_0.npy", acc)
    outfeed += 1
    acc = acc * ss[k]
    np.save(f"loop_expected_{outfeed}_0.npy", np.array(k, dtype=np.int32))
    np.save(f"loop_expected_{outfeed}_1.npy", acc)
    outfeed += 1
np.save("loop_expected_result.npy", acc)

# types.mlir: infeed (u: 4 ui32, p: 4 bool); outfeed (u / 2, not p).
u = np.array([0, 7, 4000000000, 4294967295], dtype=np.uint32)
p = np.array([True, False, False, True])
np.savez("types_infeed.npz", u=u, p=p)
np.save("types_expected_q.npy", u // 2)
np.save("types_expected_not.npy", ~p)

# Wrong inputs for the error tests.
np.save("wrong_shape.npy", np.zeros((3, 2), dtype=np.float32))
np.save("wrong_dtype.npy", np.zeros(2, dtype=np.float64))
