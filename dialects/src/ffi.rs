//! Raw declarations of the C API in `include/xla-c/` (built by CMake).

use mlir_sys::{MlirAttribute, MlirContext, MlirDialectHandle, MlirLogicalResult, MlirOperation, MlirPass, MlirStringRef};

#[repr(C)]
#[derive(Clone, Copy)]
pub struct XlaSourceSession {
    pub ptr: *mut std::ffi::c_void,
}

unsafe extern "C" {
    pub fn mlirGetDialectHandle__stablehlo__() -> MlirDialectHandle;
    pub fn mlirGetDialectHandle__chlo__() -> MlirDialectHandle;
    pub fn mlirGetDialectHandle__check__() -> MlirDialectHandle;

    pub fn xlaSourceSessionCreate(
        context: MlirContext,
        buffer: MlirStringRef,
        name: MlirStringRef,
        verify_diagnostics: bool,
    ) -> XlaSourceSession;
    pub fn xlaSourceSessionParseModule(session: XlaSourceSession) -> MlirOperation;
    pub fn xlaSourceSessionVerify(session: XlaSourceSession) -> MlirLogicalResult;
    pub fn xlaSourceSessionDestroy(session: XlaSourceSession);

    /// `xla-fuse-elementwise` (lib/Transforms/ElementwiseFusion.cpp); the
    /// caller owns the returned pass.
    pub fn xlaCreateFuseElementwisePass() -> MlirPass;
    /// `xla-cpu-parallel-tasks` (lib/Transforms/ParallelTasks.cpp): loops
    /// of a static trip count and less estimated work than `min_cost` stay
    /// sequential. The caller owns the returned pass.
    pub fn xlaCreateParallelTasksPass(min_cost: i64) -> MlirPass;

    /// lib/CAPI/Attributes.cpp: a `#stablehlo.channel_handle`'s fields.
    pub fn xlaChannelHandleGet(attribute: MlirAttribute, handle: *mut i64, ty: *mut i64) -> bool;
}
