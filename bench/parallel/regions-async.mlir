// The same work through MLIR's async runtime (async-parallel-for): R
// regions of a parallel loop over N rows of W floats. Prints microseconds
// per region (best of 5).
func.func private @rtclock() -> f64
func.func private @printF64(f64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %rows = arith.constant ROWS : index
  %width = arith.constant WIDTH : index
  %regions = arith.constant REGIONS : index
  %a = arith.constant 1.5 : f32
  %b = arith.constant 0.5 : f32
  %x = memref.alloc() : memref<ROWSxWIDTHxf32>
  %y = memref.alloc() : memref<ROWSxWIDTHxf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%x : memref<ROWSxWIDTHxf32>)
  %big = arith.constant 1.0e30 : f64
  %best = scf.for %rep = %c0 to %c5 step %c1 iter_args(%best_so_far = %big) -> (f64) {
    %t0 = func.call @rtclock() : () -> f64
    // Two regions per iteration, x -> y then y -> x, so that no store is dead.
    %c2 = arith.constant 2 : index
    %half = arith.divui %regions, %c2 : index
    scf.for %r = %c0 to %half step %c1 {
      scf.parallel (%i) = (%c0) to (%rows) step (%c1) {
        scf.for %j = %c0 to %width step %c1 {
          %v = memref.load %x[%i, %j] : memref<ROWSxWIDTHxf32>
          %m = arith.mulf %v, %a : f32
          %s = arith.addf %m, %b : f32
          memref.store %s, %y[%i, %j] : memref<ROWSxWIDTHxf32>
        }
        scf.reduce
      }
      scf.parallel (%i) = (%c0) to (%rows) step (%c1) {
        scf.for %j = %c0 to %width step %c1 {
          %v = memref.load %y[%i, %j] : memref<ROWSxWIDTHxf32>
          %m = arith.mulf %v, %a : f32
          %s = arith.addf %m, %b : f32
          memref.store %s, %x[%i, %j] : memref<ROWSxWIDTHxf32>
        }
        scf.reduce
      }
    }
    %t1 = func.call @rtclock() : () -> f64
    %dt = arith.subf %t1, %t0 : f64
    %best_now = arith.minimumf %dt, %best_so_far : f64
    scf.yield %best_now : f64
  }
  %n = arith.index_cast %regions : index to i64
  %nf = arith.sitofp %n : i64 to f64
  %per = arith.divf %best, %nf : f64
  %million = arith.constant 1.0e6 : f64
  %us = arith.mulf %per, %million : f64
  func.call @printF64(%us) : (f64) -> ()
  func.call @printNewline() : () -> ()
  // Print one element so the work is observable.
  %e = memref.load %x[%c0, %c0] : memref<ROWSxWIDTHxf32>
  %ed = arith.extf %e : f32 to f64
  func.call @printF64(%ed) : (f64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %x : memref<ROWSxWIDTHxf32>
  memref.dealloc %y : memref<ROWSxWIDTHxf32>
  return
}
