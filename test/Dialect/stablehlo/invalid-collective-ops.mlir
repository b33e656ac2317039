// Verifier and parser errors of the ops in StablehloCollectiveOps.td: one
// case per rule, named after the spec constraint id. Rules that need the
// number of replicas or partitions (e.g. all_gather_c3) are not checked.
// RUN: xla-opt %s --split-input-file --verify-diagnostics

func.func @all_gather_c1(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{all_gather_dim 2 is out of range for an operand of rank 2}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c2(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{replica_groups has 1 more than once}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>}> : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c4(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{replica_groups has 2, out of range [0, 2)}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>}> : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c5(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{use_global_device_ids requires a channel_handle with handle > 0}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, use_global_device_ids, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c6(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op result type 'tensor<2x6xf32>' does not match the inferred type 'tensor<2x4xf32>' (all_gather_c6}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x2xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @all_gather_c6_other_dim(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op result type 'tensor<3x4xf32>' does not match the inferred type 'tensor<2x4xf32>' (all_gather_c6}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x2xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @all_gather_replica_groups_rank(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{replica_groups must be a 2-dimensional tensor, got 'tensor<2xi64>'}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<[0, 1]> : tensor<2xi64>}> : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_result_count(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op has 2 result(s), but the operands give 1}}
  %0:2 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x2xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
  return
}

// -----

func.func @all_reduce_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{replica_groups has 0 more than once}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0], [0]]> : tensor<2x1xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{replica_groups has -1, out of range [0, 2)}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, -1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c4(%x: tensor<4xf32>) {
  // expected-error @+1 {{use_global_device_ids requires a channel_handle with handle > 0}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c5(%x: tensor<4xf32>) {
  // expected-error @+1 {{computation must have type ('tensor<f32>', 'tensor<f32>') -> 'tensor<f32>'}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.convert %a : (tensor<f32>) -> tensor<f64>
    stablehlo.return %c : tensor<f64>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c5_element_types(%x: tensor<4xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{operands must share one element type, got 'f32' and 'i32'}}
  %0:2 = "stablehlo.all_reduce"(%x, %y) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return
}

// -----

func.func @all_reduce_c6(%x: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op result type 'tensor<2xf32>' does not match the inferred type 'tensor<4xf32>' (all_reduce_c6: the results have the operand types)}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @reduce_scatter_c1(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op scatter_dimension size 3 is not divisible by the group size 2}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @reduce_scatter_c2(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{scatter_dimension 2 is out of range for an operand of rank 2}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 2 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c3(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{replica_groups has 1 more than once}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c5(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{replica_groups has 5, out of range [0, 2)}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 5]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c6(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{use_global_device_ids requires a channel_handle with handle > 0}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c7(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{computation must have type ('tensor<f32>', 'tensor<f32>') -> 'tensor<f32>'}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c8(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op result type 'tensor<2x4xf32>' does not match the inferred type 'tensor<2x2xf32>' (reduce_scatter_c8}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_to_all_c1(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{split_dimension 2 is out of range for an operand of rank 2}}
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 2 : i64}> : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c2(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op split_dimension size 4 is not divisible by split_count 3}}
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 3 : i64, split_dimension = 1 : i64}> : (tensor<2x4xf32>) -> tensor<6x1xf32>
  return
}

// -----

func.func @all_to_all_c3(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{concat_dimension -1 is out of range for an operand of rank 2}}
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = -1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c4(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{split_count must be positive, got 0}}
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 0 : i64, split_dimension = 1 : i64}> : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c5(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{replica_groups has 0 more than once}}
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c7(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{replica_groups has 3, out of range [0, 2)}}
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 3]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c8(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op result type 'tensor<2x4xf32>' does not match the inferred type 'tensor<4x2xf32>' (all_to_all_c8}}
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_to_all_result_count(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op has 2 result(s), but the operands give 1}}
  %0:2 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>)
  return
}

// -----

func.func @collective_permute_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{source_target_pairs must have shape [N, 2], got 'tensor<1x3xi64>'}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @collective_permute_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{source 0 appears twice in source_target_pairs}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @collective_permute_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{target 1 appears twice in source_target_pairs}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @collective_permute_c4(%x: tensor<4xf32>) {
  // expected-error @+1 {{source_target_pairs has the negative process id -1}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @collective_permute_c5(%x: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_permute' op result type 'tensor<4xf16>' does not match the inferred type 'tensor<4xf32>' (collective_permute_c5: the result has the operand's type)}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @collective_broadcast_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{replica_groups has 1 more than once}}
  %0 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @collective_broadcast_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{replica_groups has -2, out of range [0, N)}}
  %0 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[0, -2]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @collective_broadcast_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op result type 'tensor<2xf32>' does not match the inferred type 'tensor<4xf32>' (collective_broadcast_c3: the result has the operand's type)}}
  %0 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

// (I1): the current spec's collective_broadcast has one operand; several
// (a variadic form some other implementations accept) are refused.
func.func @collective_broadcast_i1_one_operand(%x: tensor<4xf32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op requires a single operand}}
  %0 = "stablehlo.collective_broadcast"(%x, %y) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>, tensor<2xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @send_c1_host(%x: tensor<3xf32>, %t: !stablehlo.token) {
  // expected-error @+1 {{channel_handle type must be 2 (DEVICE_TO_HOST) when is_host_transfer is true, got 1}}
  %0 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, is_host_transfer = true}> : (tensor<3xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

func.func @send_c1_device(%x: tensor<3xf32>, %t: !stablehlo.token) {
  // expected-error @+1 {{channel_handle type must be 1 (DEVICE_TO_DEVICE) when is_host_transfer is false, got 2}}
  %0 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>}> : (tensor<3xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

func.func @recv_c1(%t: !stablehlo.token) {
  // expected-error @+1 {{channel_handle type must be 3 (HOST_TO_DEVICE) when is_host_transfer is true, got 2}}
  %0:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<3xf32>, !stablehlo.token)
  return
}

// -----

func.func @recv_c2(%t: !stablehlo.token) {
  // expected-error @+1 {{results must end with a !stablehlo.token}}
  "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>}> : (!stablehlo.token) -> ()
  return
}

// -----

func.func @recv_c3(%t: !stablehlo.token) {
  // expected-error @+1 {{results must end with a !stablehlo.token}}
  %0:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>}> : (!stablehlo.token) -> (!stablehlo.token, tensor<3xf32>)
  return
}

// -----

func.func @infeed_c1(%t: !stablehlo.token) {
  // expected-error @+1 {{results must end with a !stablehlo.token}}
  "stablehlo.infeed"(%t) : (!stablehlo.token) -> ()
  return
}

// -----

func.func @infeed_c2(%t: !stablehlo.token) {
  // expected-error @+1 {{results must end with a !stablehlo.token}}
  %0 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> tensor<3xf32>
  return
}

// -----

func.func @after_all_operand_type(%x: tensor<f32>) {
  // expected-error @+1 {{operand #0 must be variadic of token, but got 'tensor<f32>'}}
  %0 = "stablehlo.after_all"(%x) : (tensor<f32>) -> !stablehlo.token
  return
}

// -----

func.func @replica_id_type() {
  // expected-error @+1 {{result #0 must be 0D tensor of 32-bit unsigned integer values}}
  %0 = stablehlo.replica_id : tensor<i32>
  return
}

// -----

// expected-error @+1 {{expected ','}}
#bad_channel = #stablehlo.channel_handle<handle = 1>

// -----

// With no replica groups the group size is unknown: the gathered dimension
// is inferred as ?, but it must still be a multiple of the operand's.
func.func @all_gather_unknown_group_not_multiple(%x: tensor<2x3xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{'stablehlo.all_gather' op result type 'tensor<2x4xf32>' does not follow from operand type 'tensor<2x3xf32>'}}
  %r = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<> : tensor<0x0xi64>}> : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// ragged_all_to_all: the rules of XLA's RaggedAllToAll, numbered
// ragged_all_to_all_cN in StablehloCollectives.cpp (the StableHLO spec has
// no such op yet).
func.func @ragged_all_to_all_c1_element(%x: tensor<3xf32>, %y: tensor<4xf16>, %t: tensor<2xi32>) {
  // expected-error @+1 {{input and output must have one element type, got 'f32' and 'f16'}}
  %0 = "stablehlo.ragged_all_to_all"(%x, %y, %t, %t, %t, %t) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<3xf32>, tensor<4xf16>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4xf16>
  return
}

// -----

func.func @ragged_all_to_all_c1_rank(%x: tensor<f32>, %y: tensor<f32>, %t: tensor<2xi32>) {
  // expected-error @+1 {{input and output must have one rank of at least 1, got 'tensor<f32>' and 'tensor<f32>'}}
  %0 = "stablehlo.ragged_all_to_all"(%x, %y, %t, %t, %t, %t) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<f32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<f32>
  return
}

// -----

func.func @ragged_all_to_all_c1_rows(%x: tensor<3x2xf32>, %y: tensor<4x3xf32>, %t: tensor<2xi32>) {
  // expected-error @+1 {{input and output must have equal dimensions after the first, got 'tensor<3x2xf32>' and 'tensor<4x3xf32>' (dimension 1)}}
  %0 = "stablehlo.ragged_all_to_all"(%x, %y, %t, %t, %t, %t) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<3x2xf32>, tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @ragged_all_to_all_c2(%x: tensor<3xf32>, %y: tensor<4xf32>, %t: tensor<2xi32>) {
  // expected-error @+1 {{result type 'tensor<3xf32>' must be the type of output, 'tensor<4xf32>'}}
  %0 = "stablehlo.ragged_all_to_all"(%x, %y, %t, %t, %t, %t) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<3xf32>, tensor<4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3xf32>
  return
}

// -----

func.func @ragged_all_to_all_c3_same_type(%x: tensor<3xf32>, %t: tensor<2xi32>, %u: tensor<2xi64>) {
  // expected-error @+1 {{recv_sizes must have the type of input_offsets, 'tensor<2xi32>', got 'tensor<2xi64>'}}
  %0 = "stablehlo.ragged_all_to_all"(%x, %x, %t, %t, %t, %u) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<3xf32>, tensor<3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi64>) -> tensor<3xf32>
  return
}

// -----

func.func @ragged_all_to_all_c3_rank(%x: tensor<3xf32>, %t: tensor<2x1x1xi32>) {
  // expected-error @+1 {{offset and size tables must have rank 1 or 2, got 'tensor<2x1x1xi32>'}}
  %0 = "stablehlo.ragged_all_to_all"(%x, %x, %t, %t, %t, %t) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<3xf32>, tensor<3xf32>, tensor<2x1x1xi32>, tensor<2x1x1xi32>, tensor<2x1x1xi32>, tensor<2x1x1xi32>) -> tensor<3xf32>
  return
}

// -----

func.func @ragged_all_to_all_c3_element(%x: tensor<3xf32>, %t: tensor<2xui32>) {
  // expected-error @+1 {{offset and size tables must have i32 or i64 elements, got 'tensor<2xui32>'}}
  %0 = "stablehlo.ragged_all_to_all"(%x, %x, %t, %t, %t, %t) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<3xf32>, tensor<3xf32>, tensor<2xui32>, tensor<2xui32>, tensor<2xui32>, tensor<2xui32>) -> tensor<3xf32>
  return
}

// -----

func.func @ragged_all_to_all_c4(%x: tensor<3xf32>, %t: tensor<2xi32>) {
  // expected-error @+1 {{replica_groups has 0 more than once}}
  %0 = "stablehlo.ragged_all_to_all"(%x, %x, %t, %t, %t, %t) <{replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>}> : (tensor<3xf32>, tensor<3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3xf32>
  return
}

// -----

func.func @ragged_all_to_all_c5_rows(%x: tensor<3xf32>, %t: tensor<3x2xi32>) {
  // expected-error @+1 {{a 2-D offset or size table must have one row per group member (2), got 'tensor<3x2xi32>'}}
  %0 = "stablehlo.ragged_all_to_all"(%x, %x, %t, %t, %t, %t) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<3xf32>, tensor<3xf32>, tensor<3x2xi32>, tensor<3x2xi32>, tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3xf32>
  return
}

// -----

func.func @ragged_all_to_all_c5_entries(%x: tensor<3xf32>, %t: tensor<3xi64>) {
  // expected-error @+1 {{a 1-D offset or size table must have a multiple of the group size (2) entries, got 'tensor<3xi64>'}}
  %0 = "stablehlo.ragged_all_to_all"(%x, %x, %t, %t, %t, %t) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<3xf32>, tensor<3xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<3xf32>
  return
}
