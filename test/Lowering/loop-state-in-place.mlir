// xla-loop-state-in-place: the op that computes a loop's next state writes
// into the region argument holding the current state when every read of
// the current state comes before it (or is its own element-wise read);
// otherwise the loop is left as it is. And a row inserted into a stacked
// output that nothing else in the body reads is computed in its slice.
// RUN: xla-opt %s --xla-loop-state-in-place | FileCheck %s
// And end to end: the RNN step's state is updated in place, so one-shot
// bufferization copies no state in the loop's condition and allocates no
// new state per iteration (only the two products' buffers remain).
// RUN: xla-opt %s --xla-loop-state-in-place "--one-shot-bufferize=bufferize-function-boundaries=1 allow-return-allocs-from-loops=1" --cse --canonicalize | FileCheck %s --check-prefix=BUF

#id = affine_map<(d0, d1) -> (d0, d1)>
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#scalar = affine_map<() -> ()>

// An RNN step: h' = tanh(h @ u + x); the product is the last read of h.
// CHECK-LABEL: func.func @rnn(
// CHECK: scf.while
// CHECK: } do {
// CHECK-NEXT: ^bb0(%[[I:.*]]: tensor<i64>, %[[H:.*]]: tensor<4x8xf32>):
// CHECK: linalg.generic {{.*}} ins(%[[H]], %{{.*}} : tensor<4x8xf32>, tensor<8x8xf32>)
// The counter reads itself element-wise: in place too.
// CHECK: %[[N:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<i64>) outs(%[[I]] : tensor<i64>)
// CHECK: %[[T:.*]] = linalg.generic {{.*}} outs(%[[H]] : tensor<4x8xf32>)
// CHECK: scf.yield %[[N]], %[[T]]
// BUF-LABEL: func.func @rnn(
// BUF: scf.while
// BUF-NOT: memref.copy
// BUF: } do {
// BUF-COUNT-1: memref.alloc
// BUF-NOT: memref.alloc
// BUF: scf.yield
func.func @rnn(%h0: tensor<4x8xf32>, %u: tensor<8x8xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant dense<0> : tensor<i64>
  %r:2 = scf.while (%i = %c0, %h = %h0) : (tensor<i64>, tensor<4x8xf32>) -> (tensor<i64>, tensor<4x8xf32>) {
    %e = tensor.empty() : tensor<i1>
    %c = linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []} ins(%i : tensor<i64>) outs(%e : tensor<i1>) {
    ^bb0(%v: i64, %o: i1):
      %n = arith.constant 16 : i64
      %lt = arith.cmpi slt, %v, %n : i64
      linalg.yield %lt : i1
    } -> tensor<i1>
    %flag = tensor.extract %c[] : tensor<i1>
    scf.condition(%flag) %i, %h : tensor<i64>, tensor<4x8xf32>
  } do {
  ^bb0(%i: tensor<i64>, %h: tensor<4x8xf32>):
    %e = tensor.empty() : tensor<4x8xf32>
    %z = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<4x8xf32>) {
    ^bb0(%o: f32):
      linalg.yield %zero : f32
    } -> tensor<4x8xf32>
    %p = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%h, %u : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %o, %m : f32
      linalg.yield %s : f32
    } -> tensor<4x8xf32>
    %ei = tensor.empty() : tensor<i64>
    %next = linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []} ins(%i : tensor<i64>) outs(%ei : tensor<i64>) {
    ^bb0(%v: i64, %o: i64):
      %one = arith.constant 1 : i64
      %s = arith.addi %v, %one : i64
      linalg.yield %s : i64
    } -> tensor<i64>
    %t = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%p, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.addf %a, %b : f32
      %y = math.tanh %s : f32
      linalg.yield %y : f32
    } -> tensor<4x8xf32>
    scf.yield %next, %t : tensor<i64>, tensor<4x8xf32>
  }
  return %r#1 : tensor<4x8xf32>
}

// The old state is read (transposed) after the new one is computed: left
// as it is, an in-place write would clobber what the later op reads. The
// transposed copy itself may go into the other state (nothing reads it).
// CHECK-LABEL: func.func @read_after(
// CHECK: iter_args(%[[H:.*]] = %{{.*}}, %[[G:.*]] = %{{.*}})
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: %[[T:.*]] = linalg.generic {{.*}} ins(%[[H]] : tensor<4x8xf32>) outs(%[[E]] : tensor<4x8xf32>)
// CHECK: %[[U:.*]] = linalg.generic {{.*}} ins(%[[H]] : tensor<4x8xf32>) outs(%[[G]] : tensor<8x4xf32>)
// CHECK: scf.yield %[[T]], %[[U]]
func.func @read_after(%h0: tensor<4x8xf32>, %g0: tensor<8x4xf32>, %n: index) -> (tensor<4x8xf32>, tensor<8x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%h = %h0, %g = %g0) -> (tensor<4x8xf32>, tensor<8x4xf32>) {
    %e = tensor.empty() : tensor<4x8xf32>
    %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%h : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %y = math.tanh %a : f32
      linalg.yield %y : f32
    } -> tensor<4x8xf32>
    %et = tensor.empty() : tensor<8x4xf32>
    %u = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]} ins(%h : tensor<4x8xf32>) outs(%et : tensor<8x4xf32>) {
    ^bb0(%a: f32, %o: f32):
      linalg.yield %a : f32
    } -> tensor<8x4xf32>
    scf.yield %t, %u : tensor<4x8xf32>, tensor<8x4xf32>
  }
  return %r#0, %r#1 : tensor<4x8xf32>, tensor<8x4xf32>
}

// scf.for, and a reduction whose init is a fill of a tensor.empty: the
// fill, first op of the chain, writes into the state, whose last read
// comes before it. (The other state, %h, is yielded as it is.)
// CHECK-LABEL: func.func @fill_chain(
// CHECK: iter_args(%[[H:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}})
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<4xf32>)
// CHECK: %[[F:.*]] = linalg.generic {{.*}} outs(%[[S]] : tensor<4xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[H]] : tensor<4x8xf32>) outs(%[[F]] : tensor<4xf32>)
func.func @fill_chain(%h0: tensor<4x8xf32>, %s0: tensor<4xf32>, %n: index) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%h = %h0, %s = %s0) -> (tensor<4x8xf32>, tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    // The old sum, read before the new one's fill: the fill may write %s.
    %old = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      linalg.yield %a : f32
    } -> tensor<4xf32>
    %f = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<4xf32>) {
    ^bb0(%o: f32):
      linalg.yield %zero : f32
    } -> tensor<4xf32>
    %sum = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%h : tensor<4x8xf32>) outs(%f : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %y = arith.addf %a, %o : f32
      linalg.yield %y : f32
    } -> tensor<4xf32>
    scf.yield %h, %sum : tensor<4x8xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4x8xf32>, tensor<4xf32>
}

// The condition passes on something else than its region argument: the
// after region's argument is not the state; left as it is.
// CHECK-LABEL: func.func @not_forwarded(
// CHECK: } do {
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<4xf32>)
func.func @not_forwarded(%x0: tensor<4xf32>, %other: tensor<4xf32>, %flag: i1) -> tensor<4xf32> {
  %r = scf.while (%x = %x0) : (tensor<4xf32>) -> tensor<4xf32> {
    scf.condition(%flag) %other : tensor<4xf32>
  } do {
  ^bb0(%x: tensor<4xf32>):
    %e = tensor.empty() : tensor<4xf32>
    %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %y = math.exp %a : f32
      linalg.yield %y : f32
    } -> tensor<4xf32>
    scf.yield %t : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// A scan's row: the row (a broadcast of the state to 1x8) is computed in
// the slice of the stacked output it is inserted into. The broadcast
// moves right before the insertion, after its offset.
// CHECK-LABEL: func.func @row_in_place(
// CHECK: iter_args(%[[YS:.*]] = %{{.*}})
// CHECK: %[[K:.*]] = arith.addi
// CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %[[YS]][%[[K]], 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<1x8xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {{.*}} outs(%[[S]] : tensor<1x8xf32>)
// CHECK: tensor.insert_slice %[[R]] into %[[YS]][%[[K]], 0] [1, 8] [1, 1]
// BUF-LABEL: func.func @row_in_place(
// BUF-NOT: memref.alloc
// BUF-NOT: memref.copy
// BUF: return
func.func @row_in_place(%x: tensor<8xf32>, %ys0: tensor<4x8xf32>, %n: index) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%ys = %ys0) -> (tensor<4x8xf32>) {
    %e = tensor.empty() : tensor<1x8xf32>
    %row = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<1x8xf32>) {
    ^bb0(%a: f32, %o: f32):
      linalg.yield %a : f32
    } -> tensor<1x8xf32>
    %at = arith.addi %k, %c0 : index
    %ys1 = tensor.insert_slice %row into %ys[%at, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<4x8xf32>
    scf.yield %ys1 : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// The stacked output is also read in the body (its sum): left as it is.
// CHECK-LABEL: func.func @row_read_too(
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x8xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<1x8xf32>)
func.func @row_read_too(%x: tensor<8xf32>, %ys0: tensor<4x8xf32>, %n: index) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%ys = %ys0, %old = %ys0) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
    %e = tensor.empty() : tensor<1x8xf32>
    %row = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<1x8xf32>) {
    ^bb0(%a: f32, %o: f32):
      linalg.yield %a : f32
    } -> tensor<1x8xf32>
    %ys1 = tensor.insert_slice %row into %ys[%k, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<4x8xf32>
    scf.yield %ys1, %ys : tensor<4x8xf32>, tensor<4x8xf32>
  }
  return %r#0, %r#1 : tensor<4x8xf32>, tensor<4x8xf32>
}
