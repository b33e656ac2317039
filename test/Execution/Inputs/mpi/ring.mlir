// Many exchanges in a row: a loop of 10 steps, each a ring shift
// (collective_permute 0→1→2→3→0) and an integer all_reduce, so that the
// exchanges' numbers run on past the first few.
module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>) {
    %pid = stablehlo.partition_id : tensor<ui32>
    %pi = stablehlo.convert %pid : (tensor<ui32>) -> tensor<i32>
    %b = stablehlo.broadcast_in_dim %pi, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %y = stablehlo.multiply %x, %b : tensor<6xi32>
    %zero = stablehlo.constant dense<0> : tensor<i64>
    %w:3 = stablehlo.while(%i = %zero, %v = %y, %acc = %x) : tensor<i64>, tensor<6xi32>, tensor<6xi32>
      cond {
        %ten = stablehlo.constant dense<10> : tensor<i64>
        %c = stablehlo.compare LT, %i, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
        stablehlo.return %c : tensor<i1>
      } do {
        %one = stablehlo.constant dense<1> : tensor<i64>
        %i2 = stablehlo.add %i, %one : tensor<i64>
        %p = "stablehlo.collective_permute"(%v) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<6xi32>) -> tensor<6xi32>
        %three = stablehlo.constant dense<3> : tensor<6xi32>
        %v2 = stablehlo.add %p, %three : tensor<6xi32>
        %s = "stablehlo.all_reduce"(%v2) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
          ^bb0(%a: tensor<i32>, %bb: tensor<i32>):
            %r = stablehlo.maximum %a, %bb : tensor<i32>
            stablehlo.return %r : tensor<i32>
          }) : (tensor<6xi32>) -> tensor<6xi32>
        %acc2 = stablehlo.add %acc, %s : tensor<6xi32>
        stablehlo.return %i2, %v2, %acc2 : tensor<i64>, tensor<6xi32>, tensor<6xi32>
      }
    return %w#1, %w#2 : tensor<6xi32>, tensor<6xi32>
  }
}
