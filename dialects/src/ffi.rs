//! Raw declarations of the C API in `include/xla-c/` (built by CMake).

use mlir_sys::{
    MlirAffineExpr, MlirAttribute, MlirContext, MlirDialectHandle, MlirLogicalResult, MlirOperation, MlirPass, MlirStringRef,
    MlirType,
};

#[repr(C)]
#[derive(Clone, Copy)]
pub struct XlaSourceSession {
    pub ptr: *mut std::ffi::c_void,
}

unsafe extern "C" {
    pub fn mlirGetDialectHandle__stablehlo__() -> MlirDialectHandle;
    pub fn mlirGetDialectHandle__chlo__() -> MlirDialectHandle;
    pub fn mlirGetDialectHandle__check__() -> MlirDialectHandle;
    pub fn mlirGetDialectHandle__sdy__() -> MlirDialectHandle;

    // The sdy attributes (include/xla-c/Sdy.h); wrapped by `crate::sdy`.
    pub fn xlaSdyAttrIsAMesh(attr: MlirAttribute) -> bool;
    pub fn xlaSdyMeshGetNumAxes(mesh: MlirAttribute) -> isize;
    pub fn xlaSdyMeshGetAxisName(mesh: MlirAttribute, i: isize) -> MlirStringRef;
    pub fn xlaSdyMeshGetAxisSize(mesh: MlirAttribute, i: isize) -> i64;
    pub fn xlaSdyMeshGetNumDeviceIds(mesh: MlirAttribute) -> isize;
    pub fn xlaSdyMeshGetDeviceId(mesh: MlirAttribute, i: isize) -> i64;
    pub fn xlaSdyAxisRefGetName(r: MlirAttribute) -> MlirStringRef;
    pub fn xlaSdyAxisRefGetPreSize(r: MlirAttribute) -> i64;
    pub fn xlaSdyAxisRefGetSize(r: MlirAttribute) -> i64;
    pub fn xlaSdyDimShardingGetNumAxes(dim: MlirAttribute) -> isize;
    pub fn xlaSdyDimShardingGetAxis(dim: MlirAttribute, i: isize) -> MlirAttribute;
    pub fn xlaSdyDimShardingIsClosed(dim: MlirAttribute) -> bool;
    pub fn xlaSdyDimShardingGetPriority(dim: MlirAttribute) -> i64;
    pub fn xlaSdyAttrIsATensorSharding(attr: MlirAttribute) -> bool;
    pub fn xlaSdyTensorShardingGetMeshOrRef(sharding: MlirAttribute) -> MlirAttribute;
    pub fn xlaSdyTensorShardingGetNumDims(sharding: MlirAttribute) -> isize;
    pub fn xlaSdyTensorShardingGetDim(sharding: MlirAttribute, i: isize) -> MlirAttribute;
    pub fn xlaSdyTensorShardingGetNumReplicated(sharding: MlirAttribute) -> isize;
    pub fn xlaSdyTensorShardingGetReplicated(sharding: MlirAttribute, i: isize) -> MlirAttribute;
    pub fn xlaSdyTensorShardingGetNumUnreduced(sharding: MlirAttribute) -> isize;
    pub fn xlaSdyTensorShardingGetUnreduced(sharding: MlirAttribute, i: isize) -> MlirAttribute;
    pub fn xlaSdyAttrIsATensorShardingPerValue(attr: MlirAttribute) -> bool;
    pub fn xlaSdyTensorShardingPerValueGetNum(list: MlirAttribute) -> isize;
    pub fn xlaSdyTensorShardingPerValueGet(list: MlirAttribute, i: isize) -> MlirAttribute;
    pub fn xlaSdyAttrIsAManualAxes(attr: MlirAttribute) -> bool;
    pub fn xlaSdyManualAxesGetNum(axes: MlirAttribute) -> isize;
    pub fn xlaSdyManualAxesGet(axes: MlirAttribute, i: isize) -> MlirStringRef;

    pub fn xlaSourceSessionCreate(
        context: MlirContext,
        buffer: MlirStringRef,
        name: MlirStringRef,
        verify_diagnostics: bool,
    ) -> XlaSourceSession;
    pub fn xlaSourceSessionParseModule(session: XlaSourceSession) -> MlirOperation;
    pub fn xlaSourceSessionVerify(session: XlaSourceSession) -> MlirLogicalResult;
    pub fn xlaSourceSessionDestroy(session: XlaSourceSession);
    pub fn xlaRegisteredPassPipeline(
        name: MlirStringRef,
        options: MlirStringRef,
        callback: Option<unsafe extern "C" fn(MlirStringRef, *mut std::ffi::c_void)>,
        user_data: *mut std::ffi::c_void,
    ) -> i32;

    /// `xla-fuse-elementwise` (lib/Transforms/ElementwiseFusion.cpp); the
    /// caller owns the returned pass.
    pub fn xlaCreateFuseElementwisePass() -> MlirPass;
    /// `xla-cpu-parallel-tasks` (lib/Transforms/ParallelTasks.cpp): loops
    /// of a static trip count and less estimated work than `min_cost` stay
    /// sequential. The caller owns the returned pass.
    pub fn xlaCreateParallelTasksPass(min_cost: i64) -> MlirPass;
    /// `xla-one-shot-bufferize` (lib/Transforms/Bufferize.cpp): the
    /// pipelines' one-shot bufferization, with copy-before-write for
    /// deeply nested modules. The caller owns the returned pass.
    pub fn xlaCreateOneShotBufferizePass() -> MlirPass;
    /// `xla-split-large-functions` (lib/Transforms/SplitFunctions.cpp):
    /// blocks of more than `max_ops` operations or `max_loops` loops are
    /// cut into chunks, each a private `noinline` function, and control-flow
    /// bodies nesting deeper than `max_depth` levels are outlined whole;
    /// `on_tensors`: `xla-split-large-functions-on-tensors`, which cuts
    /// function bodies only (no regions, no depth cut). The caller owns the
    /// returned pass.
    pub fn xlaCreateSplitFunctionsPass(max_ops: i64, max_loops: i64, max_depth: i64, on_tensors: bool) -> MlirPass;
    /// `xla-share-kernels` (lib/Transforms/ShareKernels.cpp): linalg ops on
    /// buffers that occur at least `min_copies` times (at least 2) in
    /// identical form become one private `noinline` function each, called
    /// in their place. The caller owns the returned pass.
    pub fn xlaCreateShareKernelsPass(min_copies: i64) -> MlirPass;
    /// `xla-inline-calls` (lib/Transforms/InlineCalls.cpp): MLIR's inliner
    /// without canonicalization, skipped for modules with unregistered ops.
    pub fn xlaCreateInlineCallsPass() -> MlirPass;
    /// `xla-fuse-rows` (lib/Transforms/RowFusion.cpp): row reductions and
    /// the element-wise ops around them in one `scf.forall` over blocks of
    /// rows; `enabled` false: a pass that changes nothing.
    pub fn xlaCreateFuseRowsPass(enabled: bool) -> MlirPass;
    /// `xla-fuse-siblings` (lib/Transforms/SiblingFusion.cpp): the generics
    /// of sibling reductions the planner tagged merged into one; `report`
    /// (may be null) receives each line for the fusion report (UTF-8, not
    /// NUL-terminated). The caller owns the returned pass.
    pub fn xlaCreateFuseSiblingsPass(report: Option<unsafe extern "C" fn(*const std::ffi::c_char, usize)>) -> MlirPass;

    /// lib/CAPI/Target.cpp (include/xla-c/Target.h): whether LLVM's CPU
    /// `cpu` of `triple` (empty: the default triple) has subtarget feature
    /// `feature` (no sign): 1, 0, -1 (no target for the triple), -2 (unknown
    /// CPU).
    pub fn xlaTargetCpuHasFeature(
        triple: *const std::ffi::c_char,
        cpu: *const std::ffi::c_char,
        feature: *const std::ffi::c_char,
    ) -> std::ffi::c_int;

    /// lib/CAPI/Attributes.cpp: a `#stablehlo.channel_handle`'s fields.
    pub fn xlaChannelHandleGet(attribute: MlirAttribute, handle: *mut i64, ty: *mut i64) -> bool;
    /// lib/CAPI/Attributes.cpp: a `#stablehlo.channel_handle`.
    pub fn xlaChannelHandleAttrGet(context: MlirContext, handle: i64, ty: i64) -> MlirAttribute;
    /// lib/CAPI/Attributes.cpp: whether a type is `!stablehlo.token`.
    pub fn xlaTypeIsAToken(ty: MlirType) -> bool;
    /// lib/CAPI/Attributes.cpp: the `!stablehlo.token` type.
    pub fn xlaTokenTypeGet(context: MlirContext) -> MlirType;
    /// lib/CAPI/Attributes.cpp: `#arith.fastmath<...>` from the bits of
    /// `arith::FastMathFlags` (reassoc = 1, contract = 32, checked there).
    pub fn xlaArithFastMathAttrGet(context: MlirContext, flags: u32) -> MlirAttribute;
    /// lib/CAPI/Attributes.cpp: the flag bits of an `#arith.fastmath`; -1
    /// for any other attribute.
    pub fn xlaArithFastMathAttrGetFlags(attribute: MlirAttribute) -> i64;
    /// lib/CAPI/Attributes.cpp: 1 for a reduction `#linalg.iterator_type`,
    /// 0 for a parallel one, -1 for any other attribute.
    pub fn xlaLinalgIteratorTypeIsReduction(attribute: MlirAttribute) -> std::ffi::c_int;
    /// lib/CAPI/Attributes.cpp: a `#linalg.iterator_type` (reduction or
    /// parallel).
    pub fn xlaLinalgIteratorTypeAttrGet(context: MlirContext, reduction: bool) -> MlirAttribute;
    /// lib/CAPI/Attributes.cpp: the five attributes of an m16n8k16
    /// `nvvm.mma.sync` (layoutA row, layoutB col, the two operand types
    /// f16 or bf16, the shape), written to `out`.
    pub fn xlaNvvmMmaM16N8K16Attributes(context: MlirContext, bf16: bool, out: *mut MlirAttribute);
    /// lib/CAPI/Attributes.cpp: the three attributes of an `nvvm.ldmatrix`
    /// of 8x8 16-bit matrices (layout: col when `transposed`, shape,
    /// eltType), written to `out`.
    pub fn xlaNvvmLdMatrixAttributes(context: MlirContext, transposed: bool, out: *mut MlirAttribute);
    /// lib/CAPI/Attributes.cpp: `#llvm.loop_annotation<unroll = <disable = true>>`.
    pub fn xlaLLVMLoopUnrollDisabledGet(context: MlirContext) -> MlirAttribute;
    /// lib/CAPI/Attributes.cpp: `#vector.kind<or>`.
    pub fn xlaVectorCombiningKindOrGet(context: MlirContext) -> MlirAttribute;
    /// lib/Transforms/KeepVectorVariants.cpp: `xla-keep-vector-variants`.
    pub fn xlaCreateKeepVectorVariantsPass() -> MlirPass;
    /// lib/CAPI/Attributes.cpp: `#gpu<shuffle_mode xor>`.
    pub fn xlaGpuShuffleModeXorGet(context: MlirContext) -> MlirAttribute;
    /// lib/CAPI/Attributes.cpp: whether an `#llvm.linkage` is `external`.
    pub fn xlaLLVMLinkageIsExternal(attribute: MlirAttribute) -> bool;
    /// lib/CAPI/Attributes.cpp: a StableHLO enum attribute (by the enum's
    /// mnemonic and the case number); null for an unknown one.
    pub fn xlaStablehloEnumAttrGet(context: MlirContext, mnemonic: MlirStringRef, value: i32) -> MlirAttribute;
    /// lib/CAPI/Attributes.cpp: the case number of a StableHLO enum
    /// attribute of the enum `mnemonic`; false for any other attribute.
    pub fn xlaStablehloEnumAttrGetValue(attribute: MlirAttribute, mnemonic: MlirStringRef, value: *mut i32) -> bool;
    /// lib/CAPI/Attributes.cpp: a `#stablehlo.dot<...>` from its four lists.
    #[allow(clippy::too_many_arguments)]
    pub fn xlaDotDimensionNumbersGet(
        context: MlirContext,
        lhs_batching: *const i64,
        num_lhs_batching: isize,
        rhs_batching: *const i64,
        num_rhs_batching: isize,
        lhs_contracting: *const i64,
        num_lhs_contracting: isize,
        rhs_contracting: *const i64,
        num_rhs_contracting: isize,
    ) -> MlirAttribute;
    /// lib/CAPI/Attributes.cpp: the length of list `which` (0 lhs batching,
    /// 1 rhs batching, 2 lhs contracting, 3 rhs contracting) of a
    /// `#stablehlo.dot`; -1 for any other attribute.
    pub fn xlaDotDimensionNumbersGetSize(attribute: MlirAttribute, which: i32) -> isize;
    /// lib/CAPI/Attributes.cpp: entry `i` of list `which`.
    pub fn xlaDotDimensionNumbersGetElement(attribute: MlirAttribute, which: i32, i: isize) -> i64;
    /// lib/CAPI/Attributes.cpp: a `#stablehlo.dot_algorithm`'s fields
    /// (`counts`: lhs components, rhs components, primitive operations).
    pub fn xlaDotAlgorithmGet(
        attribute: MlirAttribute,
        lhs_precision: *mut MlirType,
        rhs_precision: *mut MlirType,
        accumulation: *mut MlirType,
        counts: *mut i64,
        allow_imprecise_accumulation: *mut bool,
    ) -> bool;
    /// lib/CAPI/Attributes.cpp: list `which` of a `#stablehlo.gather`
    /// (0 offset_dims, 1 collapsed_slice_dims, 2 operand_batching_dims, 3
    /// start_indices_batching_dims, 4 start_index_map): its length, with
    /// `*data` pointing at the attribute's storage; -1 for any other
    /// attribute or list.
    pub fn xlaGatherDimensionNumbersGetList(attribute: MlirAttribute, which: i32, data: *mut *const i64) -> isize;
    /// lib/CAPI/Attributes.cpp: a `#stablehlo.gather`'s `index_vector_dim`.
    pub fn xlaGatherDimensionNumbersGetIndexVectorDim(attribute: MlirAttribute, value: *mut i64) -> bool;
    /// lib/CAPI/Attributes.cpp: list `which` of a `#stablehlo.scatter` (0
    /// update_window_dims, 1 inserted_window_dims, 2 input_batching_dims, 3
    /// scatter_indices_batching_dims, 4 scatter_dims_to_operand_dims), as
    /// for gather.
    pub fn xlaScatterDimensionNumbersGetList(attribute: MlirAttribute, which: i32, data: *mut *const i64) -> isize;
    /// lib/CAPI/Attributes.cpp: a `#stablehlo.scatter`'s `index_vector_dim`.
    pub fn xlaScatterDimensionNumbersGetIndexVectorDim(attribute: MlirAttribute, value: *mut i64) -> bool;
    /// lib/CAPI/Attributes.cpp: the spatial positions of a `#stablehlo.conv`
    /// (0 input, 1 kernel, 2 output), as for gather.
    pub fn xlaConvDimensionNumbersGetSpatial(attribute: MlirAttribute, which: i32, data: *mut *const i64) -> isize;
    /// lib/CAPI/Attributes.cpp: the six non-spatial positions of a
    /// `#stablehlo.conv` (input batch, input feature, kernel input feature,
    /// kernel output feature, output batch, output feature).
    pub fn xlaConvDimensionNumbersGetNonSpatial(attribute: MlirAttribute, values: *mut i64) -> bool;
    /// lib/CAPI/Attributes.cpp: list `which` of a `#chlo.ragged_dot` (0 lhs
    /// batching, 1 rhs batching, 2 lhs contracting, 3 rhs contracting, 4
    /// lhs ragged, 5 rhs group), as for gather.
    pub fn xlaRaggedDotDimensionNumbersGetList(attribute: MlirAttribute, which: i32, data: *mut *const i64) -> isize;
    /// lib/CAPI/Attributes.cpp: an integer attribute of integer type `ty`
    /// from the 64-bit words of its two's-complement value (least
    /// significant first); null for a non-integer type.
    pub fn xlaIntegerAttrGetFromWords(ty: MlirType, words: *const u64, num_words: isize) -> MlirAttribute;
    /// lib/CAPI/Attributes.cpp: a CHLO enum attribute (by the enum's
    /// mnemonic and the case number); null for an unknown one.
    pub fn xlaChloEnumAttrGet(context: MlirContext, mnemonic: MlirStringRef, value: i32) -> MlirAttribute;
    /// lib/CAPI/Attributes.cpp: a `#stablehlo.gather` from its five lists
    /// (`lists[k]` with `sizes[k]` entries, numbered as for
    /// `xlaGatherDimensionNumbersGetList`) and `index_vector_dim`.
    pub fn xlaGatherDimensionNumbersAttrGet(
        context: MlirContext,
        lists: *const *const i64,
        sizes: *const isize,
        index_vector_dim: i64,
    ) -> MlirAttribute;
    /// lib/CAPI/Attributes.cpp: a `#stablehlo.scatter`, as for gather.
    pub fn xlaScatterDimensionNumbersAttrGet(
        context: MlirContext,
        lists: *const *const i64,
        sizes: *const isize,
        index_vector_dim: i64,
    ) -> MlirAttribute;
    /// lib/CAPI/Attributes.cpp: a `#stablehlo.conv` from its six non-spatial
    /// positions (ordered as for `xlaConvDimensionNumbersGetNonSpatial`) and
    /// three spatial lists (input, kernel, output).
    pub fn xlaConvDimensionNumbersAttrGet(
        context: MlirContext,
        non_spatial: *const i64,
        spatial: *const *const i64,
        sizes: *const isize,
    ) -> MlirAttribute;
    /// lib/CAPI/Attributes.cpp: `lhs + rhs`, simplified as the affine-map
    /// parser simplifies (the C++ operator).
    pub fn xlaAffineExprAdd(lhs: MlirAffineExpr, rhs: MlirAffineExpr) -> MlirAffineExpr;
    /// lib/CAPI/Attributes.cpp: `lhs - rhs`, as the parser builds it.
    pub fn xlaAffineExprSub(lhs: MlirAffineExpr, rhs: MlirAffineExpr) -> MlirAffineExpr;
    /// lib/CAPI/Attributes.cpp: `lhs * rhs`, as the parser builds it.
    pub fn xlaAffineExprMul(lhs: MlirAffineExpr, rhs: MlirAffineExpr) -> MlirAffineExpr;
    /// lib/CAPI/Attributes.cpp: `lhs floordiv rhs`, as the parser builds it.
    pub fn xlaAffineExprFloorDiv(lhs: MlirAffineExpr, rhs: MlirAffineExpr) -> MlirAffineExpr;
}
