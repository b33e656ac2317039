// Round trip of the ops in StablehloCollectiveOps.td: tokens and process ids
// (pretty forms), collectives, send/recv and feeds (generic forms, as
// StableHLO prints them).
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// Tokens: create_token and after_all (with and without inputs).
// CHECK-LABEL: func.func @tokens(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: !stablehlo.token) -> !stablehlo.token {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stablehlo.create_token : !stablehlo.token
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.after_all %[[ARG0]], %[[V0]] : !stablehlo.token
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stablehlo.after_all : !stablehlo.token
// CHECK-NEXT: return %[[V1]] : !stablehlo.token
// CHECK-NEXT: }
func.func @tokens(%t: !stablehlo.token) -> !stablehlo.token {
  %0 = stablehlo.create_token : !stablehlo.token
  %1 = stablehlo.after_all %t, %0 : !stablehlo.token
  %2 = stablehlo.after_all : !stablehlo.token
  return %1 : !stablehlo.token
}

// Process ids.
// CHECK-LABEL: func.func @ids(
// CHECK-SAME: ) -> (tensor<ui32>, tensor<ui32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stablehlo.replica_id : tensor<ui32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: return %[[V0]], %[[V1]] : tensor<ui32>, tensor<ui32>
// CHECK-NEXT: }
func.func @ids() -> (tensor<ui32>, tensor<ui32>) {
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  return %r, %p : tensor<ui32>, tensor<ui32>
}

// Collectives print in generic form, as StableHLO prints them. A second
// all_gather with two operands, a channel and global device ids.
// CHECK-LABEL: func.func @all_gather(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<2x2xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<2xi32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = "stablehlo.all_gather"(%[[ARG0]]) <{all_gather_dim = 1 : i64, replica_groups = dense<{{\[\[}}0, 1{{\]\]}}> : tensor<1x2xi64>}> : (tensor<2x2xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]]:2 = "stablehlo.all_gather"(%[[ARG0]], %[[ARG1]]) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<{{\[\[}}0, 1, 2, 3{{\]\]}}> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<2x2xf32>, tensor<2xi32>) -> (tensor<8x2xf32>, tensor<8xi32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @all_gather(%x: tensor<2x2xf32>, %y: tensor<2xi32>) {
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x2xf32>) -> tensor<2x4xf32>
  %1:2 = "stablehlo.all_gather"(%x, %y) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<2x2xf32>, tensor<2xi32>) -> (tensor<8x2xf32>, tensor<8xi32>)
  return
}

// all_reduce with one operand, and with two operands sharing the computation.
// CHECK-LABEL: func.func @all_reduce(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<4xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<f32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = "stablehlo.all_reduce"(%[[ARG0]]) <{replica_groups = dense<{{\[\[}}0, 1{{\]\]}}> : tensor<1x2xi64>}> ({
// CHECK-NEXT: ^bb0(%[[ARG2:[a-zA-Z0-9_]+]]: tensor<f32>, %[[ARG3:[a-zA-Z0-9_]+]]: tensor<f32>):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stablehlo.add %[[ARG2]], %[[ARG3]] : tensor<f32>
// CHECK-NEXT: stablehlo.return %[[V2]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]]:2 = "stablehlo.all_reduce"(%[[ARG0]], %[[ARG1]]) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<{{\[\[}}0], [1{{\]\]}}> : tensor<2x1xi64>}> ({
// CHECK-NEXT: ^bb0(%[[ARG2]]: tensor<f32>, %[[ARG3]]: tensor<f32>):
// CHECK-NEXT: %[[V2]] = stablehlo.maximum %[[ARG2]], %[[ARG3]] : tensor<f32>
// CHECK-NEXT: stablehlo.return %[[V2]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @all_reduce(%x: tensor<4xf32>, %y: tensor<f32>) {
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %1:2 = "stablehlo.all_reduce"(%x, %y) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
  return
}

// CHECK-LABEL: func.func @reduce_scatter(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<2x4xf32>) -> tensor<2x2xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = "stablehlo.reduce_scatter"(%[[ARG0]]) <{replica_groups = dense<{{\[\[}}0, 1{{\]\]}}> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
// CHECK-NEXT: ^bb0(%[[ARG1:[a-zA-Z0-9_]+]]: tensor<f32>, %[[ARG2:[a-zA-Z0-9_]+]]: tensor<f32>):
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stablehlo.add %[[ARG1]], %[[ARG2]] : tensor<f32>
// CHECK-NEXT: stablehlo.return %[[V1]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<2x4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: return %[[V0]] : tensor<2x2xf32>
// CHECK-NEXT: }
func.func @reduce_scatter(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// CHECK-LABEL: func.func @all_to_all(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<2x4xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<4xi32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = "stablehlo.all_to_all"(%[[ARG0]]) <{concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 1{{\]\]}}> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]]:2 = "stablehlo.all_to_all"(%[[ARG0]], %[[ARG1]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 1{{\]\]}}> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<2x4xf32>, tensor<4xi32>) -> (tensor<2x4xf32>, tensor<4xi32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @all_to_all(%x: tensor<2x4xf32>, %y: tensor<4xi32>) {
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xf32>) -> tensor<4x2xf32>
  %1:2 = "stablehlo.all_to_all"(%x, %y) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<2x4xf32>, tensor<4xi32>) -> (tensor<2x4xf32>, tensor<4xi32>)
  return
}

// CHECK-LABEL: func.func @collective_permute(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = "stablehlo.collective_permute"(%[[ARG0]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 0{{\]\]}}> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %[[V0]] : tensor<4xf32>
// CHECK-NEXT: }
func.func @collective_permute(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.collective_permute"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @collective_broadcast(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = "stablehlo.collective_broadcast"(%[[ARG0]]) <{replica_groups = dense<{{\[\[}}2, 3{{\]\]}}> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %[[V0]] : tensor<4xf32>
// CHECK-NEXT: }
func.func @collective_broadcast(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[2, 3]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// collective_broadcast as the current spec has it: one operand (I1), of any
// shape, dynamic and bounded ones included (C3 only ties the result's type
// to it), cross-partition through a channel, groups of different sizes.
// CHECK-LABEL: func.func @collective_broadcast_dynamic(
// CHECK: "stablehlo.collective_broadcast"(%{{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<{{\[\[}}1, 0], [2, 3]]> : tensor<2x2xi64>}> : (tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK: "stablehlo.collective_broadcast"(%{{.*}}) <{replica_groups = dense<3> : tensor<1x1xi64>}> : (tensor<?xi8, #stablehlo.bounds<4>>) -> tensor<?xi8, #stablehlo.bounds<4>>
func.func @collective_broadcast_dynamic(%x: tensor<?x3xf32>, %y: tensor<?xi8, #stablehlo.bounds<4>>) -> (tensor<?x3xf32>, tensor<?xi8, #stablehlo.bounds<4>>) {
  %0 = "stablehlo.collective_broadcast"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[1, 0], [2, 3]]> : tensor<2x2xi64>}> : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %1 = "stablehlo.collective_broadcast"(%y) <{replica_groups = dense<[[3]]> : tensor<1x1xi64>}> : (tensor<?xi8, #stablehlo.bounds<4>>) -> tensor<?xi8, #stablehlo.bounds<4>>
  return %0, %1 : tensor<?x3xf32>, tensor<?xi8, #stablehlo.bounds<4>>
}

// ragged_all_to_all: JAX's generic form with 1-D i32 tables; 2-D i64
// tables with a channel and 2-D rows.
// CHECK-LABEL: func.func @ragged_all_to_all(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<3xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: tensor<4xf32>, %[[ARG2:[a-zA-Z0-9_]+]]: tensor<2xi32>, %[[ARG3:[a-zA-Z0-9_]+]]: tensor<6x5xbf16>, %[[ARG4:[a-zA-Z0-9_]+]]: tensor<2x3xi64>) -> tensor<4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = "stablehlo.ragged_all_to_all"(%[[ARG0]], %[[ARG1]], %[[ARG2]], %[[ARG2]], %[[ARG2]], %[[ARG2]]) <{replica_groups = dense<{{\[\[}}0, 1{{\]\]}}> : tensor<1x2xi64>}> : (tensor<3xf32>, tensor<4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = "stablehlo.ragged_all_to_all"(%[[ARG3]], %[[ARG3]], %[[ARG4]], %[[ARG4]], %[[ARG4]], %[[ARG4]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1], [2, 3{{\]\]}}> : tensor<2x2xi64>}> : (tensor<6x5xbf16>, tensor<6x5xbf16>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<6x5xbf16>
// CHECK-NEXT: return %[[V0]] : tensor<4xf32>
// CHECK-NEXT: }
func.func @ragged_all_to_all(%input: tensor<3xf32>, %output: tensor<4xf32>, %table: tensor<2xi32>, %rows: tensor<6x5xbf16>, %table2: tensor<2x3xi64>) -> tensor<4xf32> {
  %0 = "stablehlo.ragged_all_to_all"(%input, %output, %table, %table, %table, %table) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<3xf32>, tensor<4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4xf32>
  %1 = "stablehlo.ragged_all_to_all"(%rows, %rows, %table2, %table2, %table2, %table2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>}> : (tensor<6x5xbf16>, tensor<6x5xbf16>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<6x5xbf16>
  return %0 : tensor<4xf32>
}

// Host transfers (channel types 2 and 3) and device-to-device ones (type 1);
// a recv may return only its token.
// CHECK-LABEL: func.func @send_recv(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: tensor<3x4xi32>, %[[ARG1:[a-zA-Z0-9_]+]]: !stablehlo.token) -> !stablehlo.token {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = "stablehlo.send"(%[[ARG0]], %[[ARG1]]) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true}> : (tensor<3x4xi32>, !stablehlo.token) -> !stablehlo.token
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]]:2 = "stablehlo.recv"(%[[V0]]) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<3x4xi32>, !stablehlo.token)
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = "stablehlo.send"(%[[V1]]#0, %[[V1]]#1) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 1>}> : (tensor<3x4xi32>, !stablehlo.token) -> !stablehlo.token
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = "stablehlo.recv"(%[[V2]]) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 1>, is_host_transfer = false}> : (!stablehlo.token) -> !stablehlo.token
// CHECK-NEXT: return %[[V3]] : !stablehlo.token
// CHECK-NEXT: }
func.func @send_recv(%x: tensor<3x4xi32>, %t: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true}> : (tensor<3x4xi32>, !stablehlo.token) -> !stablehlo.token
  %1:2 = "stablehlo.recv"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<3x4xi32>, !stablehlo.token)
  %2 = "stablehlo.send"(%1#0, %1#1) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 1>}> : (tensor<3x4xi32>, !stablehlo.token) -> !stablehlo.token
  %3 = "stablehlo.recv"(%2) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 1>, is_host_transfer = false}> : (!stablehlo.token) -> !stablehlo.token
  return %3 : !stablehlo.token
}

// infeed results end with the token; outfeed_config defaults to "".
// CHECK-LABEL: func.func @feeds(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: !stablehlo.token) -> !stablehlo.token {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]]:3 = "stablehlo.infeed"(%[[ARG0]]) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<3x3xi32>, tensor<f32>, !stablehlo.token)
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = "stablehlo.outfeed"(%[[V0]]#0, %[[V0]]#1, %[[V0]]#2) <{outfeed_config = "cfg"}> : (tensor<3x3xi32>, tensor<f32>, !stablehlo.token) -> !stablehlo.token
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = "stablehlo.outfeed"(%[[V1]]) <{outfeed_config = ""}> : (!stablehlo.token) -> !stablehlo.token
// CHECK-NEXT: return %[[V2]] : !stablehlo.token
// CHECK-NEXT: }
func.func @feeds(%t: !stablehlo.token) -> !stablehlo.token {
  %0:3 = "stablehlo.infeed"(%t) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<3x3xi32>, tensor<f32>, !stablehlo.token)
  %1 = "stablehlo.outfeed"(%0#0, %0#1, %0#2) <{outfeed_config = "cfg"}> : (tensor<3x3xi32>, tensor<f32>, !stablehlo.token) -> !stablehlo.token
  %2 = "stablehlo.outfeed"(%1) : (!stablehlo.token) -> !stablehlo.token
  return %2 : !stablehlo.token
}
