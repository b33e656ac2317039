// RUN: xla-opt %s --stablehlo-legalize-to-linalg | FileCheck %s

// In a module for several devices a collective becomes data movement
// through the runtime: the runtime's entry points are declared; the
// operand's buffer (a rank-1 view) and a fresh result buffer are passed by
// address with their sizes in bytes, with the process groups as a
// constant table of device ids (here in the order listed: [1, 0]), and the
// op's name and location as bytes (the runtime's messages name it, and it
// checks that every device is at the same op); the
// gathered [member, ...] tensor is then transposed so that the members
// sit next to the gathered dimension.

module attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<2x3xf32>) -> tensor<2x6xf32> {
    %g = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>, use_global_device_ids}> : (tensor<2x3xf32>) -> tensor<2x6xf32>
    return %g : tensor<2x6xf32>
  }
}

// CHECK-DAG:  #[[MOVE:.*]] = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
// CHECK:      func.func private @xla_device_id() -> i64
// CHECK:      func.func private @xla_collective(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)
// CHECK-LABEL: func.func @main
// CHECK:      %[[FLAT:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK:      %[[SEND:.*]] = bufferization.to_buffer %[[FLAT]] read_only : tensor<6xf32> to memref<6xf32>
// CHECK:      %[[GROUPS:.*]] = arith.constant dense<[1, 0]> : tensor<2xi64>
// CHECK:      %[[TABLE:.*]] = bufferization.to_buffer %[[GROUPS]] read_only
// CHECK:      %[[RECV:.*]] = memref.alloc() : memref<12xf32>
// CHECK:      %[[KIND:.*]] = arith.constant 0 : i64
// CHECK:      %[[SEND_BYTES:.*]] = arith.constant 24 : i64
// CHECK:      %[[RECV_BYTES:.*]] = arith.constant 48 : i64
// CHECK:      call @xla_collective(%[[KIND]], %{{.*}}, %[[SEND_BYTES]], %{{.*}}, %[[RECV_BYTES]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK:      %[[GOT:.*]] = bufferization.to_tensor %[[RECV]] restrict writable : memref<12xf32> to tensor<12xf32>
// CHECK:      %[[MEMBERS:.*]] = tensor.expand_shape %[[GOT]] {{.*}} into tensor<2x2x3xf32>
// CHECK:      linalg.generic {indexing_maps = [#[[MOVE]], {{.*}}ins(%[[MEMBERS]]
// CHECK:      tensor.expand_shape {{.*}} into tensor<2x6xf32>
