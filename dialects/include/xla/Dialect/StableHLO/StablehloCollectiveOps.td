//===- StablehloCollectiveOps.td - collectives, channels, tokens ---------===//
//
// Ops that talk to other processes (collectives, send/recv), to the host
// (infeed/outfeed), the process ids, and the tokens that order them. They
// print in StableHLO's generic form, except the token and id ops. Included
// from StablehloOps.td; verifiers in lib/StableHLO/StablehloCollectives.cpp.
//
// None of them is Pure: communication is a side effect, so they must not be
// erased, merged or reordered.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_STABLEHLO_COLLECTIVE_OPS
#define XLA_STABLEHLO_COLLECTIVE_OPS

//===----------------------------------------------------------------------===//
// Tokens and process ids
//===----------------------------------------------------------------------===//

def StableHLO_AfterAllOp : StableHLO_Op<"after_all", [Pure]> {
  let summary = "Joins tokens (XLA: AfterAll).";
  let description = [{
    The result token depends on all `inputs`, so ops taking it run after the
    ops that produced them.

    ```mlir
    %t = stablehlo.after_all %t1, %t2 : !stablehlo.token
    ```
  }];
  let arguments = (ins Variadic<HLO_Token>:$inputs);
  let results = (outs HLO_Token:$result);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_CreateTokenOp : StableHLO_Op<"create_token", [Pure]> {
  let summary = "A fresh token (XLA: CreateToken; after_all without inputs).";
  let description = [{
    ```mlir
    %t = stablehlo.create_token : !stablehlo.token
    ```
  }];
  let results = (outs HLO_Token:$output);
  let assemblyFormat = "attr-dict `:` type(results)";
}

def StableHLO_ReplicaIdOp : StableHLO_Op<"replica_id", [HLO_InferType, Pure]> {
  let summary = "The replica id of this process (XLA: ReplicaId).";
  let description = [{
    ```mlir
    %r = stablehlo.replica_id : tensor<ui32>
    ```
  }];
  let results = (outs 0DTensorOf<[UI32]>:$result);
  let assemblyFormat = "attr-dict `:` type(results)";
}

def StableHLO_PartitionIdOp : StableHLO_Op<"partition_id", [HLO_InferType, Pure]> {
  let summary = "The partition id of this process (XLA: PartitionId).";
  let description = [{
    ```mlir
    %p = stablehlo.partition_id : tensor<ui32>
    ```
  }];
  let results = (outs 0DTensorOf<[UI32]>:$result);
  let assemblyFormat = "attr-dict `:` type(results)";
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

def StableHLO_AllGatherOp : StableHLO_Op<"all_gather", [HLO_InferType]> {
  let summary = "Concatenates the operands of a process group (XLA: AllGather).";
  let description = [{
    Every process of a group (a row of `replica_groups`) receives the
    concatenation, along `all_gather_dim`, of the operands of all processes
    of its group, in group order. `channel_handle` (handle > 0) makes the
    groups cross-partition; `use_global_device_ids` reads the groups as
    flattened process ids.

    ```mlir
    %r = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64,
           replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}>
           : (tensor<2x2xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrQuant>:$operands, I64Attr:$all_gather_dim,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandleAttr>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_TensorOrQuant>);
  let hasVerifier = 1;
}

def StableHLO_AllReduceOp : StableHLO_Op<"all_reduce", [HLO_InferType]> {
  let summary = "Reduces the operands of a process group (XLA: AllReduce, CrossReplicaSum).";
  let description = [{
    Every process of a group receives the element-wise reduction, with
    `computation`, of the operands of all processes of its group. (XLA's
    CrossReplicaSum is an all_reduce with an add computation; StableHLO has
    no separate op for it.)

    ```mlir
    %r = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrQuant>:$operands, I64ElementsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandleAttr>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_TensorOrQuant>);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_ReduceScatterOp : StableHLO_Op<"reduce_scatter", [HLO_InferType]> {
  let summary = "all_reduce, then each process keeps one slice (XLA: ReduceScatter).";
  let description = [{
    Reduces the operands of the group like `all_reduce`, splits the result
    along `scatter_dimension` into one part per group member, and gives the
    i-th member the i-th part.

    ```mlir
    %r = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
           scatter_dimension = 1 : i64}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<2x4xf32>) -> tensor<2x2xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, I64Attr:$scatter_dimension,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandleAttr>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs HLO_TensorOrQuant:$result);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_AllToAllOp : StableHLO_Op<"all_to_all", [HLO_InferType]> {
  let summary = "Exchanges slices between the members of a group (XLA: AllToAll).";
  let description = [{
    Each process splits its operand along `split_dimension` into
    `split_count` parts and sends the i-th to the i-th member of its group;
    the received parts are concatenated along `concat_dimension`.

    ```mlir
    %r = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64,
           replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
           split_count = 2 : i64, split_dimension = 1 : i64}>
           : (tensor<2x4xf32>) -> tensor<4x2xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrQuant>:$operands, I64Attr:$split_dimension,
                       I64Attr:$concat_dimension, I64Attr:$split_count,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandleAttr>:$channel_handle);
  let results = (outs Variadic<HLO_TensorOrQuant>);
  let hasVerifier = 1;
}

def StableHLO_RaggedAllToAllOp : StableHLO_Op<"ragged_all_to_all", []> {
  let summary = "Exchanges ragged row ranges between the members of a group (XLA: RaggedAllToAll).";
  let description = [{
    `input` and `output` hold rows along dimension 0 (each row being the
    trailing dimensions, equal in both). The offset and size tables list,
    for each member `i` of the process's group (a row of `replica_groups`),
    `U` updates (1-D tables of `G * U` entries, member-major, or 2-D tables
    `[G, U]`): update `(i, u)` sends the rows
    `input[input_offsets[i, u] : input_offsets[i, u] + send_sizes[i, u]]` to
    member `i`, which writes them into its own `output` from row
    `output_offsets[i, u]` (an offset in the receiver's output, given by the
    sender). Rows nobody writes keep the values of the `output` operand,
    which is also the result's type. `recv_sizes[i, u]` is what the process
    receives from member `i`'s update `u` (a consistency check only).
    `channel_handle` (handle > 0) makes the groups cross-partition.

    ```mlir
    %r = "stablehlo.ragged_all_to_all"(%input, %output, %input_offsets, %send_sizes,
           %output_offsets, %recv_sizes) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}>
           : (tensor<3xf32>, tensor<4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>,
              tensor<2xi32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$input, HLO_Tensor:$output, HLO_Tensor:$input_offsets,
                       HLO_Tensor:$send_sizes, HLO_Tensor:$output_offsets, HLO_Tensor:$recv_sizes,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandleAttr>:$channel_handle);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_CollectivePermuteOp : StableHLO_Op<"collective_permute", [HLO_InferType]> {
  let summary = "Sends each operand to another process (XLA: CollectivePermute).";
  let description = [{
    Each `[source, target]` row of `source_target_pairs` sends the source's
    operand to the target; a process that is no target gets zeros.

    ```mlir
    %r = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}>
           : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, I64ElementsAttr:$source_target_pairs,
                       OptionalAttr<HLO_ChannelHandleAttr>:$channel_handle);
  let results = (outs HLO_TensorOrQuant:$result);
  let hasVerifier = 1;
}

def StableHLO_CollectiveBroadcastOp : StableHLO_Op<"collective_broadcast", [HLO_InferType]> {
  let summary = "Broadcasts the first member's operand to its group (XLA: CollectiveBroadcast).";
  let description = [{
    Every process of a group receives the operand of the group's first
    process; processes in no group get zeros.

    ```mlir
    %r = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}>
           : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, I64ElementsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandleAttr>:$channel_handle);
  let results = (outs HLO_TensorOrQuant:$result);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Point-to-point and host transfers
//===----------------------------------------------------------------------===//

def StableHLO_SendOp : StableHLO_Op<"send", []> {
  let summary = "Sends values on a channel (XLA: Send).";
  let description = [{
    Sends `inputs` on channel `channel_handle` (to the host when
    `is_host_transfer`), after `token`; returns a token for ordering.

    Host transfers (`is_host_transfer = true`, channel type 2,
    DEVICE_TO_HOST) run in the CPU JIT: each send hands the values to the
    run's host transfer handler for channel `handle` (`xla-run --send-dir`
    writes `send_<channel>_<k>_<i>.npy`; the builder's `HostCallbacks` /
    `HostQueues`). Sends between devices are not lowered yet; AOT objects,
    the GPU and programs over several devices refuse host transfers.

    ```mlir
    %t1 = "stablehlo.send"(%x, %t0) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>,
            is_host_transfer = true}> : (tensor<3x4xi32>, !stablehlo.token) -> !stablehlo.token
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrQuant>:$inputs, HLO_Token:$token,
                       HLO_ChannelHandleAttr:$channel_handle,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer);
  let results = (outs HLO_Token:$result);
  let hasVerifier = 1;
}

def StableHLO_RecvOp : StableHLO_Op<"recv", []> {
  let summary = "Receives values from a channel (XLA: Recv).";
  let description = [{
    Receives the payload results (from the host when `is_host_transfer`),
    followed by a token.

    Host transfers (channel type 3, HOST_TO_DEVICE) run in the CPU JIT:
    each recv takes the next value queued for channel `handle` (`xla-run
    --recv CHANNEL=FILE`); a missing value, or one whose tensors differ from
    the results in count, element type or shape, fails the run with the
    op's location. Receives between devices are not lowered yet.

    ```mlir
    %x, %t1 = "stablehlo.recv"(%t0) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 3>,
                is_host_transfer = true}> : (!stablehlo.token) -> (tensor<3x4xi32>, !stablehlo.token)
    ```
  }];
  let arguments = (ins HLO_Token:$token, HLO_ChannelHandleAttr:$channel_handle,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer);
  let results = (outs Variadic<HLO_TensorOrToken>:$results);
  let hasVerifier = 1;
}

def StableHLO_InfeedOp : StableHLO_Op<"infeed", []> {
  let summary = "Reads values from the infeed (XLA: Infeed).";
  let description = [{
    Reads the payload results, then returns a token; `infeed_config` is
    passed to the implementation.

    In the CPU JIT each infeed that has tensor results takes the run's next
    infeed value (`xla-run --infeed FILE`, a `.npy` for one tensor, a
    `.npz` for several; the builder's `HostCallbacks` / `HostQueues`), in
    program order, which follows the tokens. An infeed of only a token reads
    nothing. A missing value, or one whose tensors differ from the results
    in count, element type or shape, fails the run with the op's location
    and config. `layout` is not read: the host hands over logical row-major
    arrays. AOT objects, the GPU and programs over several devices refuse
    infeed.

    ```mlir
    %x, %t1 = "stablehlo.infeed"(%t0) <{infeed_config = ""}>
                : (!stablehlo.token) -> (tensor<3x3xi32>, !stablehlo.token)
    ```
  }];
  let arguments = (ins HLO_Token:$token,
                       DefaultValuedStrAttr<StrAttr, "">:$infeed_config,
                       OptionalAttr<ArrayAttr>:$layout);
  let results = (outs Variadic<HLO_TensorOrToken>:$results);
  let hasVerifier = 1;
}

def StableHLO_OutfeedOp : StableHLO_Op<"outfeed", []> {
  let summary = "Writes values to the outfeed (XLA: Outfeed).";
  let description = [{
    Writes `inputs` to the outfeed after `token`; returns a token;
    `outfeed_config` is passed to the implementation. In the CPU JIT each
    outfeed with inputs hands them to the run's host transfer handler
    (`xla-run --outfeed-dir DIR` writes the k-th outfeed's tensor i as
    `outfeed_<k>_<i>.npy`, or prints it); an outfeed of nothing writes
    nothing. AOT objects, the GPU and programs over several devices refuse
    outfeed.

    ```mlir
    %t1 = "stablehlo.outfeed"(%x, %t0) <{outfeed_config = ""}>
            : (tensor<3xf32>, !stablehlo.token) -> !stablehlo.token
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrQuant>:$inputs, HLO_Token:$token,
                       DefaultValuedStrAttr<StrAttr, "">:$outfeed_config);
  let results = (outs HLO_Token:$result);
}

#endif // XLA_STABLEHLO_COLLECTIVE_OPS
