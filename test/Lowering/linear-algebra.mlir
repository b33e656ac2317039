// stablehlo.cholesky, stablehlo.triangular_solve and the LAPACK custom_call
// targets → scf.for loops over the batch, the columns, the rows and the
// dot-product index, carrying the result tensor.
// RUN: xla-opt %s --split-input-file --stablehlo-legalize-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @cholesky_lower
// CHECK-SAME: (%[[A:[a-zA-Z0-9_]+]]: tensor<3x3xf32>)
// CHECK: %[[INFO0:[a-zA-Z0-9_]+]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<i32>)
// CHECK: %[[ZEROS:[a-zA-Z0-9_]+]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3x3xf32>)
// CHECK: %[[LOOP:[a-zA-Z0-9_]+]]:2 = scf.for %[[B:[a-zA-Z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[L:[a-zA-Z0-9_]+]] = %[[ZEROS]], %[[INFO:[a-zA-Z0-9_]+]] = %[[INFO0]]) -> (tensor<3x3xf32>, tensor<i32>)
// CHECK: %[[COLS:[a-zA-Z0-9_]+]]:2 = scf.for %[[J:[a-zA-Z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[L1:[a-zA-Z0-9_]+]] = %[[L]], %[[STATUS:[a-zA-Z0-9_]+]] = %{{.*}}) -> (tensor<3x3xf32>, i32)
// CHECK: %[[ROWS:[a-zA-Z0-9_]+]] = scf.for %[[I:[a-zA-Z0-9_]+]] = %[[J]] to %{{.*}} step %{{.*}} iter_args(%[[L2:[a-zA-Z0-9_]+]] = %[[L1]]) -> (tensor<3x3xf32>)
// CHECK: %[[AIJ:[a-zA-Z0-9_]+]] = tensor.extract %[[A]][%[[I]], %[[J]]] : tensor<3x3xf32>
// CHECK: %[[S:[a-zA-Z0-9_]+]] = scf.for %[[K:[a-zA-Z0-9_]+]] = %{{.*}} to %[[J]] step %{{.*}} iter_args(%[[ACC:[a-zA-Z0-9_]+]] = %[[AIJ]]) -> (f32)
// CHECK: %[[LIK:[a-zA-Z0-9_]+]] = tensor.extract %[[L2]][%[[I]], %[[K]]]
// CHECK: %[[LJK:[a-zA-Z0-9_]+]] = tensor.extract %[[L2]][%[[J]], %[[K]]]
// CHECK: %[[P:[a-zA-Z0-9_]+]] = arith.mulf %[[LIK]], %[[LJK]] : f32
// CHECK: %[[D:[a-zA-Z0-9_]+]] = arith.subf %[[ACC]], %[[P]] : f32
// CHECK: scf.yield %[[D]] : f32
// CHECK: %[[SQRT:[a-zA-Z0-9_]+]] = math.sqrt %[[S]] : f32
// CHECK: %[[LJJ:[a-zA-Z0-9_]+]] = tensor.extract %[[L2]][%[[J]], %[[J]]]
// CHECK: %[[BELOW:[a-zA-Z0-9_]+]] = arith.divf %[[S]], %[[LJJ]] : f32
// CHECK: %[[DIAG:[a-zA-Z0-9_]+]] = arith.cmpi eq, %[[I]], %[[J]] : index
// CHECK: %[[V:[a-zA-Z0-9_]+]] = arith.select %[[DIAG]], %[[SQRT]], %[[BELOW]] : f32
// CHECK: tensor.insert %[[V]] into %[[L2]][%[[I]], %[[J]]]
// The pivot check of XLA: the square root is NaN.
// CHECK: %[[PIVOT:[a-zA-Z0-9_]+]] = tensor.extract %[[ROWS]][%[[J]], %[[J]]]
// CHECK: arith.cmpf uno, %[[PIVOT]], %[[PIVOT]] : f32
// CHECK: tensor.insert %[[COLS]]#1 into %[[INFO]][] : tensor<i32>
// A failed matrix becomes NaN.
// CHECK: linalg.generic {{.*}} ins(%[[LOOP]]#0, %[[LOOP]]#1 : tensor<3x3xf32>, tensor<i32>)
// CHECK: arith.cmpi ne
// CHECK: arith.constant 0x7FC00000 : f32
// CHECK-NOT: stablehlo.
func.func @cholesky_lower(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %r = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// -----

// lower = false runs the same loops on the adjoint: transposed indices and
// conjugates.
// CHECK-LABEL: func.func @cholesky_upper_complex
// CHECK-SAME: (%[[A:[a-zA-Z0-9_]+]]: tensor<2x2xcomplex<f32>>)
// CHECK: scf.for %{{.*}} -> (tensor<2x2xcomplex<f32>>, tensor<i32>)
// CHECK: scf.for %[[J:[a-zA-Z0-9_]+]] = %{{.*}} to
// CHECK: scf.for %[[I:[a-zA-Z0-9_]+]] = %[[J]] to
// CHECK: %[[AJI:[a-zA-Z0-9_]+]] = tensor.extract %[[A]][%[[J]], %[[I]]] : tensor<2x2xcomplex<f32>>
// CHECK: complex.conj %[[AJI]] : complex<f32>
// CHECK: complex.mul
// CHECK: complex.sub
// CHECK: complex.re
// CHECK: math.sqrt %{{.*}} : f32
// CHECK: complex.div
// CHECK: tensor.insert %{{.*}} into %{{.*}}[%[[J]], %[[I]]] : tensor<2x2xcomplex<f32>>
func.func @cholesky_upper_complex(%a: tensor<2x2xcomplex<f32>>) -> tensor<2x2xcomplex<f32>> {
  %r = stablehlo.cholesky %a, lower = false : tensor<2x2xcomplex<f32>>
  return %r : tensor<2x2xcomplex<f32>>
}

// -----

// Left side, lower: forward substitution down each column of b.
// CHECK-LABEL: func.func @solve_left_lower
// CHECK-SAME: (%[[A:[a-zA-Z0-9_]+]]: tensor<3x3xf32>, %[[B:[a-zA-Z0-9_]+]]: tensor<3x2xf32>)
// CHECK: scf.for %[[C:[a-zA-Z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[X:[a-zA-Z0-9_]+]] = %[[B]]) -> (tensor<3x2xf32>)
// CHECK: scf.for %[[I:[a-zA-Z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[X1:[a-zA-Z0-9_]+]] = %[[X]]) -> (tensor<3x2xf32>)
// CHECK: %[[BI:[a-zA-Z0-9_]+]] = tensor.extract %[[X1]][%[[I]], %[[C]]]
// CHECK: %[[S:[a-zA-Z0-9_]+]] = scf.for %[[K:[a-zA-Z0-9_]+]] = %{{.*}} to %[[I]] step %{{.*}} iter_args(%[[ACC:[a-zA-Z0-9_]+]] = %[[BI]]) -> (f32)
// CHECK: %[[AIK:[a-zA-Z0-9_]+]] = tensor.extract %[[A]][%[[I]], %[[K]]]
// CHECK: %[[XK:[a-zA-Z0-9_]+]] = tensor.extract %[[X1]][%[[K]], %[[C]]]
// CHECK: arith.mulf %[[AIK]], %[[XK]] : f32
// CHECK: %[[AII:[a-zA-Z0-9_]+]] = tensor.extract %[[A]][%[[I]], %[[I]]]
// CHECK: %[[XI:[a-zA-Z0-9_]+]] = arith.divf %[[S]], %[[AII]] : f32
// CHECK: tensor.insert %[[XI]] into %[[X1]][%[[I]], %[[C]]]
func.func @solve_left_lower(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true,
         transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %x : tensor<3x2xf32>
}

// -----

// Left side, lower, TRANSPOSE: op(a) is upper, so backward substitution
// (i = 2 - step, k from i + 1) reading a[k, i]; unit_diagonal: no division.
// CHECK-LABEL: func.func @solve_left_lower_transpose_unit
// CHECK-SAME: (%[[A:[a-zA-Z0-9_]+]]: tensor<3x3xf32>, %[[B:[a-zA-Z0-9_]+]]: tensor<3x2xf32>)
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %[[B]])
// CHECK: scf.for %[[STEP:[a-zA-Z0-9_]+]] = %{{.*}} to
// CHECK: %[[I:[a-zA-Z0-9_]+]] = arith.subi %c2{{.*}}, %[[STEP]] : index
// CHECK: %[[NEXT:[a-zA-Z0-9_]+]] = arith.addi %[[I]], %{{.*}} : index
// CHECK: scf.for %[[K:[a-zA-Z0-9_]+]] = %[[NEXT]] to
// CHECK: tensor.extract %[[A]][%[[K]], %[[I]]]
// CHECK-NOT: arith.divf
// CHECK: tensor.insert
func.func @solve_left_lower_transpose_unit(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true,
         transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = true}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %x : tensor<3x2xf32>
}

// -----

// lapack_dpotrf_ffi: the Cholesky loops starting from the input (LAPACK
// factors in place), LAPACK's pivot check (<= 0 or NaN) and the info of
// each matrix as the second result, with no NaN replacement.
// CHECK-LABEL: func.func @potrf
// CHECK-SAME: (%[[A:[a-zA-Z0-9_]+]]: tensor<2x3x3xf64>)
// CHECK: %[[R:[a-zA-Z0-9_]+]]:2 = scf.for %[[B:[a-zA-Z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[A]], %[[INFO:[a-zA-Z0-9_]+]] = %{{.*}}) -> (tensor<2x3x3xf64>, tensor<2xi32>)
// CHECK: arith.cmpf ule, %{{.*}}, %{{.*}} : f64
// CHECK: tensor.insert %{{.*}} into %[[INFO]][%[[B]]] : tensor<2xi32>
// CHECK: return %[[R]]#0, %[[R]]#1 : tensor<2x3x3xf64>, tensor<2xi32>
func.func @potrf(%a: tensor<2x3x3xf64>) -> (tensor<2x3x3xf64>, tensor<2xi32>) {
  %r:2 = stablehlo.custom_call @lapack_dpotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}} : (tensor<2x3x3xf64>) -> (tensor<2x3x3xf64>, tensor<2xi32>)
  return %r#0, %r#1 : tensor<2x3x3xf64>, tensor<2xi32>
}

// -----

// lapack_strsm_ffi with side = 'R', uplo = 'U', trans_x = 'N', diag = 'U':
// the right-side solve reads a[k, i] and runs along the rows of b.
// CHECK-LABEL: func.func @trsm
// CHECK-SAME: (%[[A:[a-zA-Z0-9_]+]]: tensor<3x3xf32>, %[[B:[a-zA-Z0-9_]+]]: tensor<2x3xf32>)
// CHECK: scf.for %[[R:[a-zA-Z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[B]])
// CHECK: scf.for %[[I:[a-zA-Z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[X:[a-zA-Z0-9_]+]] = %{{.*}})
// CHECK: tensor.extract %[[X]][%[[R]], %[[I]]]
// CHECK: scf.for %[[K:[a-zA-Z0-9_]+]] = %{{.*}} to %[[I]]
// CHECK: tensor.extract %[[A]][%[[K]], %[[I]]]
// CHECK-NOT: arith.divf
func.func @trsm(%a: tensor<3x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %x = stablehlo.custom_call @lapack_strsm_ffi(%a, %b) {mhlo.backend_config = {diag = 85 : ui8, side = 82 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}} : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %x : tensor<2x3xf32>
}
