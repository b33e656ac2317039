// Host transfers the lowering refuses, at the op: element types the host's
// tensors do not have, and programs over several devices. (AOT objects and
// the GPU refuse every host transfer: Execution/host-transfer-errors.test.)
// RUN: xla-opt %s --split-input-file --verify-diagnostics --stablehlo-legalize-to-linalg

func.func @infeed_i4() -> tensor<4xi4> {
  %t = stablehlo.create_token : !stablehlo.token
  // expected-error@+1 {{cannot lower 'stablehlo.infeed': host transfers of i4 elements are not supported (the host's tensors have no such type)}}
  %x, %t1 = "stablehlo.infeed"(%t) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<4xi4>, !stablehlo.token)
  return %x : tensor<4xi4>
}

// -----

func.func @outfeed_ui2(%x: tensor<4xui2>) {
  %t = stablehlo.create_token : !stablehlo.token
  // expected-error@+1 {{cannot lower 'stablehlo.outfeed': host transfers of ui2 elements are not supported (the host's tensors have no such type)}}
  %t1 = "stablehlo.outfeed"(%x, %t) <{outfeed_config = ""}> : (tensor<4xui2>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

module attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @infeed_on_two_devices() -> tensor<3xf32> {
    %t = stablehlo.create_token : !stablehlo.token
    // expected-error@+1 {{cannot lower 'stablehlo.infeed': stablehlo.infeed (a host transfer) in a program over several devices (1 replicas x 2 partitions) is not supported}}
    %x, %t1 = "stablehlo.infeed"(%t) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<3xf32>, !stablehlo.token)
    return %x : tensor<3xf32>
  }
}

// -----

module attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 2 : i32} {
  func.func @send_to_host_on_two_devices(%x: tensor<3xf32>) {
    %t = stablehlo.create_token : !stablehlo.token
    // expected-error@+1 {{cannot lower 'stablehlo.send': stablehlo.send (a host transfer) in a program over several devices (2 replicas x 1 partitions) is not supported}}
    %t1 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true}>
        : (tensor<3xf32>, !stablehlo.token) -> !stablehlo.token
    return
  }
}
