// stablehlo.fft → one direct-DFT linalg.generic per transformed dimension
// (a reduction loop over the input index, reading cos/sin tables computed
// in f64 at the exact residue j·k mod n), then a scaling generic for
// IFFT/IRFFT.
// RUN: xla-opt %s --split-input-file --stablehlo-legalize-to-linalg | FileCheck %s

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$IN:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @ifft
// CHECK: %[[ZEROS:.*]] = linalg.generic {indexing_maps = [#[[$ID]]], iterator_types = ["parallel"]}
// CHECK: complex.constant [0.000000e+00 : f32, 0.000000e+00 : f32] : complex<f32>
// The twiddle tables: cos and sin of 2π·m/4 (π/2 = 1.5707963267948966).
// CHECK: %[[COS:.*]] = linalg.generic {indexing_maps = [#[[$ID]]], iterator_types = ["parallel"]} outs(%{{.*}} : tensor<4xf32>)
// CHECK: %[[M:.*]] = linalg.index 0 : index
// CHECK: arith.uitofp %{{.*}} : i64 to f64
// CHECK: arith.constant 1.5707963267948966 : f64
// CHECK: math.cos %{{.*}} : f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: %[[SIN:.*]] = linalg.generic {indexing_maps = [#[[$ID]]], iterator_types = ["parallel"]} outs(%{{.*}} : tensor<4xf32>)
// CHECK: math.sin %{{.*}} : f64
// CHECK: %[[DFT:.*]] = linalg.generic {indexing_maps = [#[[$IN]], #[[$OUT]]], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: ins(%arg0 : tensor<4xcomplex<f32>>) outs(%[[ZEROS]] : tensor<4xcomplex<f32>>)
// CHECK: %[[K:.*]] = linalg.index 0 : index
// CHECK: %[[J:.*]] = linalg.index 1 : index
// CHECK: %[[JK:.*]] = arith.muli %[[J]], %[[K]] : index
// CHECK: %[[R:.*]] = arith.remui %[[JK]], %{{.*}} : index
// CHECK: tensor.extract %[[COS]][%[[R]]] : tensor<4xf32>
// CHECK: tensor.extract %[[SIN]][%[[R]]] : tensor<4xf32>
// IFFT: exp(+iθ), so no negation of the sine.
// CHECK-NOT: arith.negf
// CHECK: complex.create
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel"]} ins(%[[DFT]]
// CHECK: arith.constant 2.500000e-01 : f32
// CHECK-NOT: stablehlo.
func.func @ifft(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %r = stablehlo.fft %x, type = IFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %r : tensor<4xcomplex<f32>>
}

// -----

// RFFT: a real input and n/2 + 1 outputs along the last dimension; the
// forward transform negates the sine.
// CHECK-DAG: #[[$IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @rfft
// CHECK: linalg.generic {indexing_maps = [#[[$IN]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%arg0 : tensor<2x6xf32>) outs(%{{.*}} : tensor<2x4xcomplex<f32>>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[ACC:.*]]: complex<f32>):
// CHECK: %[[NEG:.*]] = arith.negf %{{.*}} : f32
// CHECK: arith.mulf %[[X]], %{{.*}} : f32
// CHECK: arith.mulf %[[X]], %[[NEG]] : f32
// CHECK: complex.re %[[ACC]]
// CHECK: complex.create
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @rfft(%x: tensor<2x6xf32>) -> tensor<2x4xcomplex<f32>> {
  %r = stablehlo.fft %x, type = RFFT, length = [6] : (tensor<2x6xf32>) -> tensor<2x4xcomplex<f32>>
  return %r : tensor<2x4xcomplex<f32>>
}

// -----

// 2-D IRFFT: a complex backward transform of dimension 0, then the
// Hermitian one of the last dimension (weight 1 for j = 0 and 2j = n, else
// 2), then the scaling by 1/18.
// CHECK-DAG: #[[$DIM0:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$DIM1:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @irfft
// CHECK: %[[STEP0:.*]] = linalg.generic {indexing_maps = [#[[$DIM0]], #{{.*}}], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%arg0 : tensor<3x4xcomplex<f64>>) outs(%{{.*}} : tensor<3x4xcomplex<f64>>)
// CHECK: %[[STEP1:.*]] = linalg.generic {indexing_maps = [#[[$DIM1]], #{{.*}}], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[STEP0]] : tensor<3x4xcomplex<f64>>) outs(%{{.*}} : tensor<3x6xf64>)
// CHECK: %[[J:.*]] = linalg.index 2 : index
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[J]], %{{.*}} : index
// CHECK: %[[TWICE:.*]] = arith.muli %[[J]], %{{.*}} : index
// CHECK: %[[MIDDLE:.*]] = arith.cmpi eq, %[[TWICE]], %{{.*}} : index
// CHECK: %[[SINGLE:.*]] = arith.ori %[[FIRST]], %[[MIDDLE]] : i1
// CHECK: arith.select %[[SINGLE]], %{{.*}}, %{{.*}} : f64
// CHECK: linalg.generic {{.*}} ins(%[[STEP1]] : tensor<3x6xf64>)
// CHECK: arith.constant 0.055555555555555552 : f64
func.func @irfft(%x: tensor<3x4xcomplex<f64>>) -> tensor<3x6xf64> {
  %r = stablehlo.fft %x, type = IRFFT, length = [3, 6] : (tensor<3x4xcomplex<f64>>) -> tensor<3x6xf64>
  return %r : tensor<3x6xf64>
}
