// RUN: xla-opt %s --split-input-file --xla-spmd-partition --verify-diagnostics

// Found by xla-fuzz: a transpose permutation outside the iota's rank
// indexed out of bounds (a panic); malformed HLO shardings are located
// errors.
module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%arg0: tensor<8x3xf32>) -> tensor<8x3xf32> {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", mhlo.sharding = "{devices=[4,1]<=[2,2]T(1,0)}"} : (tensor<8x3xf32>) -> tensor<8x3xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<8x3xf32>) -> tensor<2x3xf32>
    %2 = stablehlo.negate %1 : tensor<2x3xf32>
    %3 = stablehlo.custom_call @Sharding(%2) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    // expected-error @+1 {{the transpose is not a permutation}}
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {backend_config = "", mhlo.sharding = "{devices=[4,1]<=[2,2]T(1,-2147483648)}"} : (tensor<2x3xf32>) -> tensor<8x3xf32>
    return %4 : tensor<8x3xf32>
  }
}

// -----

module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%arg0: tensor<8x3xf32>) -> tensor<2x3xf32> {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", mhlo.sharding = "{devices=[4,1]0,1,1,3}"} : (tensor<8x3xf32>) -> tensor<8x3xf32>
    // expected-error @+1 {{device 1 is assigned twice}}
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<8x3xf32>) -> tensor<2x3xf32>
    return %1 : tensor<2x3xf32>
  }
}
