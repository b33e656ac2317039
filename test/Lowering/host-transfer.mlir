// Host transfers become calls of the runtime's xla_host_transfer(kind,
// channel, buffers, count, info, info_len): infeed/recv into fresh buffers
// read back as tensors after the call, outfeed/send from their operands'
// buffers; the info bytes hold the site, the config and the element types
// as the program states them (ui32, though compiled code sees i32). A
// transfer of no tensors is not called. Calls stay in program order.
// RUN: xla-opt %s --stablehlo-legalize-to-linalg | FileCheck %s

// CHECK: func.func private @xla_host_transfer(i64, i64, i64, i64, i64, i64)
// CHECK-LABEL: func.func @transfers
func.func @transfers(%x: tensor<3xui32>) -> tensor<2xf32> {
  %t0 = stablehlo.create_token : !stablehlo.token
  // No tensors: no call.
  %t1 = "stablehlo.infeed"(%t0) <{infeed_config = "empty"}> : (!stablehlo.token) -> !stablehlo.token
  // CHECK: %[[BUF:.*]] = memref.alloc() : memref<2xf32>
  // CHECK: memref.extract_aligned_pointer_as_index %[[BUF]]
  // CHECK: tensor.from_elements {{.*}} : tensor<1xi64>
  // "stablehlo.infeed at ...\0cfg\0f32 2"
  // CHECK: arith.constant dense<[115, 116, 97, 98, 108, 101, 104, 108, 111, 46, 105, 110, 102, 101, 101, 100, 32, 97, 116, 32, {{.*}}, 0, 99, 102, 103, 0, 102, 51, 50, 32, 50]> : tensor<{{[0-9]+}}xi8>
  // CHECK: %[[KIND0:.*]] = arith.constant 0 : i64
  // CHECK: call @xla_host_transfer(%[[KIND0]],
  // CHECK: %[[A:.*]] = bufferization.to_tensor %[[BUF]] restrict writable : memref<2xf32> to tensor<2xf32>
  %a, %t2 = "stablehlo.infeed"(%t1) <{infeed_config = "cfg"}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  // CHECK: bufferization.to_buffer %{{.*}} read_only : tensor<3xi32> to memref<3xi32>
  // ", 0, 0, ui32 3": an empty config, then the original element type.
  // CHECK: arith.constant dense<[115, 116, 97, 98, 108, 101, 104, 108, 111, 46, 111, 117, 116, 102, 101, 101, 100, {{.*}}, 0, 0, 117, 105, 51, 50, 32, 51]>
  // CHECK: %[[KIND1:.*]] = arith.constant 1 : i64
  // CHECK: call @xla_host_transfer(%[[KIND1]],
  %t3 = "stablehlo.outfeed"(%x, %t2) <{outfeed_config = ""}> : (tensor<3xui32>, !stablehlo.token) -> !stablehlo.token
  // CHECK: %[[KIND2:.*]] = arith.constant 2 : i64
  // CHECK-NEXT: %[[CHANNEL:.*]] = arith.constant 9 : i64
  // CHECK: call @xla_host_transfer(%[[KIND2]], %[[CHANNEL]],
  %t4 = "stablehlo.send"(%a, %t3) <{channel_handle = #stablehlo.channel_handle<handle = 9, type = 2>, is_host_transfer = true}>
      : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  // CHECK: %[[KIND3:.*]] = arith.constant 3 : i64
  // CHECK-NEXT: %[[CHANNEL4:.*]] = arith.constant 4 : i64
  // CHECK: call @xla_host_transfer(%[[KIND3]], %[[CHANNEL4]],
  // CHECK: %[[B:.*]] = bufferization.to_tensor
  %b, %t5 = "stablehlo.recv"(%t4) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 3>, is_host_transfer = true}>
      : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  // CHECK: linalg.generic
  // CHECK-NOT: stablehlo.
  %r = stablehlo.add %a, %b : tensor<2xf32>
  return %r : tensor<2xf32>
}
