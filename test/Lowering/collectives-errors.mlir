// What a single process cannot run is reported at the op: collectives
// written for more processes, and send/recv between devices (host
// transfers: host-transfer-errors.mlir).
// RUN: xla-opt %s --split-input-file --verify-diagnostics --stablehlo-legalize-to-linalg

// all_gather over a group of two doubles the operand.
func.func @all_gather_two_processes(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.all_gather': replica_groups name process 1, but programs run as one process (id 0)}}
  %r = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}>
         : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// Without groups (all processes) the result size still says two.
func.func @all_gather_larger_result(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.all_gather': result type tensor<2x4xf32> differs from operand type tensor<2x2xf32>: all_gather over several processes grows the operand, but programs run as one process}}
  %r = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<> : tensor<0x0xi64>}>
         : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @reduce_scatter_smaller_result(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.reduce_scatter': result type tensor<2x2xf32> differs from operand type tensor<2x4xf32>: reduce_scatter over several processes shrinks the operand, but programs run as one process}}
  %r = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<> : tensor<0x0xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// all_reduce keeps its shape, but a group of two has no second process.
func.func @all_reduce_two_processes(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.all_reduce': replica_groups name process 1, but programs run as one process (id 0)}}
  %r = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @all_to_all_split_two(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.all_to_all': all_to_all with split_count = 2 needs that many processes, but programs run as one process}}
  %r = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<> : tensor<0x0xi64>,
         split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// A module for several devices: process groups must name devices that exist
// and put every device in exactly one group.
module attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 2 : i32} {
  func.func @missing_replica(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{'stablehlo.all_reduce' op replica_groups has 5, out of range [0, 2)}}
    %r = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 5]]> : tensor<1x2xi64>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

// -----

module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @device_in_no_group(%x: tensor<4xf32>) -> tensor<8xf32> {
    // expected-error@+1 {{cannot lower 'stablehlo.all_gather': replica_groups put device 2 in no group (FlattenedIds mode)}}
    %r = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
           replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> : (tensor<4xf32>) -> tensor<8xf32>
    return %r : tensor<8xf32>
  }
}

// -----

// ragged_all_to_all in a program of one process: its group must be {0}.
func.func @ragged_all_to_all_two_processes(%x: tensor<3xf32>, %t: tensor<2xi32>) -> tensor<3xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.ragged_all_to_all': replica_groups name process 1, but programs run as one process (id 0)}}
  %r = "stablehlo.ragged_all_to_all"(%x, %x, %t, %t, %t, %t) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}>
         : (tensor<3xf32>, tensor<3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// Without groups (all processes), 2-D tables with 2 rows say two members.
func.func @ragged_all_to_all_two_rows(%x: tensor<3xf32>, %t: tensor<2x1xi32>) -> tensor<3xf32> {
  // expected-error@+1 {{cannot lower 'stablehlo.ragged_all_to_all': offset and size tables with 2 rows need that many processes, but programs run as one process}}
  %r = "stablehlo.ragged_all_to_all"(%x, %x, %t, %t, %t, %t) <{replica_groups = dense<> : tensor<0x0xi64>}>
         : (tensor<3xf32>, tensor<3xf32>, tensor<2x1xi32>, tensor<2x1xi32>, tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// Over 4 devices without groups (all 4 partitions), a table of 6 entries
// does not split into one block of updates per member.
module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @ragged_all_to_all_uneven_tables(%x: tensor<3xf32>, %t: tensor<6xi64>) -> tensor<3xf32> {
    // expected-error@+1 {{cannot lower 'stablehlo.ragged_all_to_all': offset and size tables of shape [6] do not hold the same number of updates for each of 4 group members}}
    %r = "stablehlo.ragged_all_to_all"(%x, %x, %t, %t, %t, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
           replica_groups = dense<> : tensor<0x0xi64>}>
           : (tensor<3xf32>, tensor<3xf32>, tensor<6xi64>, tensor<6xi64>, tensor<6xi64>, tensor<6xi64>) -> tensor<3xf32>
    return %r : tensor<3xf32>
  }
}

// -----

// Between devices (no host transfer), send needs another process.
func.func @send_to_device(%x: tensor<3xi32>) {
  %t = stablehlo.create_token : !stablehlo.token
  // expected-error@+1 {{cannot lower 'stablehlo.send': stablehlo.send between devices needs a communication runtime, not available}}
  %r = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>}>
         : (tensor<3xi32>, !stablehlo.token) -> !stablehlo.token
  return
}
