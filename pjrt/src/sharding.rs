//! How the arguments and results of a program over several devices are
//! split between jax's per-device buffers.
//!
//! jax hands a multi-device executable one list of buffers per device:
//! for a program over `num_partitions` devices (`shard_map`, `pmap`,
//! `jax.jit` with shardings) each buffer is that device's *shard* of a
//! global array, cut as the entry function's `sdy.sharding` (or
//! `mhlo.sharding`) of that argument says; results are expected back the
//! same way. Our compiled programs take and return **global** arrays (see
//! `docs/multi_device.md`), so the plugin assembles each global argument
//! from the shards, runs the program on every device, and cuts each
//! device's shard out of the global results. A program over
//! `num_replicas` devices (no partitions) takes each device's own arrays
//! unchanged.

use melior::ir::Module;
use mlir_sys::*;
use xla_dialects::sdy;
use xla_lowering::spmd_partition::Tiling;

/// The device layout of a compiled program's entry function.
#[derive(Debug, Clone)]
pub struct DeviceLayout {
    pub replicas: usize,
    pub partitions: usize,
    /// Per argument and result: its global shape, and how it is split over
    /// the partitions (`None`: every device holds all of it).
    pub inputs: Vec<Split>,
    pub outputs: Vec<Split>,
}

#[derive(Debug, Clone)]
pub struct Split {
    pub global: Vec<usize>,
    pub tiling: Option<Tiling>,
}

impl Split {
    /// The shape of one device's part.
    pub fn shard_shape(&self) -> Vec<usize> {
        match &self.tiling {
            None => self.global.clone(),
            Some(t) => self.global.iter().zip(&t.tiles).map(|(&g, &n)| g / n as usize).collect(),
        }
    }

    /// Where device `device`'s part starts in the global array.
    fn offset(&self, device: usize) -> Vec<usize> {
        let shard = self.shard_shape();
        match &self.tiling {
            None => vec![0; self.global.len()],
            Some(t) => t.coords[device].iter().zip(&shard).map(|(&c, &s)| c as usize * s).collect(),
        }
    }
}

impl DeviceLayout {
    pub fn devices(&self) -> usize {
        self.replicas * self.partitions
    }
}

fn string_ref(s: &str) -> MlirStringRef {
    MlirStringRef { data: s.as_ptr().cast(), length: s.len() }
}

fn read_string(s: MlirStringRef) -> String {
    if s.length == 0 {
        return String::new();
    }
    // SAFETY: MLIR string refs point at `length` bytes.
    String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.length) }).into_owned()
}

fn int_attribute(op: MlirOperation, name: &str) -> Option<i64> {
    // SAFETY: `op` is a live operation; the queries accept any attribute.
    unsafe {
        let attr = mlirOperationGetAttributeByName(op, string_ref(name));
        (!attr.ptr.is_null() && mlirAttributeIsAInteger(attr)).then(|| mlirIntegerAttrGetValueInt(attr))
    }
}

/// The static shape of a ranked tensor type.
fn shape_of(ty: MlirType, what: &str) -> Result<Vec<usize>, String> {
    // SAFETY: the queries accept any type.
    unsafe {
        if !mlirTypeIsARankedTensor(ty) {
            return Err(format!("{what} is not a ranked tensor; the xla-mlir plugin runs tensors only on several devices."));
        }
        (0..mlirShapedTypeGetRank(ty))
            .map(|d| {
                let size = mlirShapedTypeGetDimSize(ty, d as isize);
                usize::try_from(size).map_err(|_| format!("{what} has a dynamic dimension."))
            })
            .collect()
    }
}

/// Reads the device layout of `module`'s function `entry`, before the
/// compiler strips the shardings.
pub fn read(module: &Module, entry: &str) -> Result<DeviceLayout, String> {
    let module_op = module.as_operation().to_raw();
    let replicas = int_attribute(module_op, "mhlo.num_replicas").unwrap_or(1).max(1) as usize;
    let partitions = int_attribute(module_op, "mhlo.num_partitions").unwrap_or(1).max(1) as usize;
    let devices = (replicas * partitions) as i64;
    if devices == 1 {
        return Ok(DeviceLayout { replicas, partitions, inputs: Vec::new(), outputs: Vec::new() });
    }
    let meshes = sdy::read_meshes(module);
    // SAFETY: walks the live module's top-level ops; every attribute query
    // accepts any attribute.
    unsafe {
        let body = mlirModuleGetBody(module.to_raw());
        let mut op = mlirBlockGetFirstOperation(body);
        while !op.ptr.is_null() {
            let name = read_string(mlirIdentifierStr(mlirOperationGetName(op)));
            let sym = mlirOperationGetAttributeByName(op, string_ref("sym_name"));
            if name == "func.func" && !sym.ptr.is_null() && mlirAttributeIsAString(sym) && read_string(mlirStringAttrGetValue(sym)) == entry {
                let ty = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(op, string_ref("function_type")));
                let read_splits = |count: isize, types: &dyn Fn(isize) -> MlirType, attrs_name: &str, what: &str| -> Result<Vec<Split>, String> {
                    let attrs = mlirOperationGetAttributeByName(op, string_ref(attrs_name));
                    (0..count)
                        .map(|i| {
                            let what = format!("{what} {i}");
                            let global = shape_of(types(i), &what)?;
                            let mut tiling = None;
                            if partitions > 1 && !attrs.ptr.is_null() && mlirAttributeIsAArray(attrs) && i < mlirArrayAttrGetNumElements(attrs) {
                                let dict = mlirArrayAttrGetElement(attrs, i);
                                let sdy_attr = mlirDictionaryAttrGetElementByName(dict, string_ref("sdy.sharding"));
                                let hlo_attr = mlirDictionaryAttrGetElementByName(dict, string_ref("mhlo.sharding"));
                                if let Some(sharding) = (!sdy_attr.ptr.is_null()).then(|| sdy::read_sharding(melior::ir::Attribute::from_raw(sdy_attr))).flatten() {
                                    let mesh = match &sharding.mesh {
                                        sdy::MeshRef::Inline(mesh) => mesh.clone(),
                                        sdy::MeshRef::Symbol(name) => meshes
                                            .iter()
                                            .find(|(n, _)| n == name)
                                            .map(|(_, m)| m.clone())
                                            .ok_or_else(|| format!("{what}: its sharding names the mesh @{name}, which the module lacks."))?,
                                    };
                                    let axes: Vec<String> = mesh.axes.iter().map(|a| a.name.clone()).collect();
                                    let mesh_devices: i64 = mesh.axes.iter().map(|a| a.size).product();
                                    if mesh_devices == devices {
                                        tiling = Some(Tiling::from_sdy(&sharding, &mesh, &axes).map_err(|e| format!("{what}: {e}"))?);
                                    } else if mesh_devices != 1 {
                                        return Err(format!("{what}: its mesh has {mesh_devices} devices; the program runs on {devices}."));
                                    }
                                } else if !hlo_attr.ptr.is_null() && mlirAttributeIsAString(hlo_attr) {
                                    let text = read_string(mlirStringAttrGetValue(hlo_attr));
                                    tiling = Some(Tiling::from_hlo(&text, global.len(), devices).map_err(|e| format!("{what}: {e}"))?);
                                }
                            }
                            if let Some(t) = &tiling {
                                if t.tiles.iter().all(|&n| n == 1) {
                                    tiling = None;
                                } else if let Some(d) = global.iter().zip(&t.tiles).position(|(&g, &n)| g % n as usize != 0) {
                                    return Err(format!("{what}: dimension {d} of size {} is not divisible into {} parts.", global[d], t.tiles[d]));
                                }
                            }
                            Ok(Split { global, tiling })
                        })
                        .collect()
                };
                let inputs = read_splits(mlirFunctionTypeGetNumInputs(ty), &|i| mlirFunctionTypeGetInput(ty, i), "arg_attrs", "argument")?;
                let outputs = read_splits(mlirFunctionTypeGetNumResults(ty), &|i| mlirFunctionTypeGetResult(ty, i), "res_attrs", "result")?;
                return Ok(DeviceLayout { replicas, partitions, inputs, outputs });
            }
            op = mlirOperationGetNextInBlock(op);
        }
    }
    Err(format!("the program has no function named `{entry}`."))
}

/// The entry function `entry` of `module`.
fn find_entry(module: &Module, entry: &str) -> Option<MlirOperation> {
    // SAFETY: walks the live module's top-level ops.
    unsafe {
        let mut op = mlirBlockGetFirstOperation(mlirModuleGetBody(module.to_raw()));
        while !op.ptr.is_null() {
            let sym = mlirOperationGetAttributeByName(op, string_ref("sym_name"));
            if read_string(mlirIdentifierStr(mlirOperationGetName(op))) == "func.func"
                && !sym.ptr.is_null()
                && mlirAttributeIsAString(sym)
                && read_string(mlirStringAttrGetValue(sym)) == entry
            {
                return Some(op);
            }
            op = mlirOperationGetNextInBlock(op);
        }
    }
    None
}

/// Which arguments of `entry` jax donates: those with `tf.aliasing_output`
/// (a result of the same type may reuse them) or `jax.buffer_donor`.
pub fn donated_arguments(module: &Module, entry: &str) -> Vec<bool> {
    let Some(op) = find_entry(module, entry) else { return Vec::new() };
    // SAFETY: `op` is a live func.func; the queries accept any attribute.
    unsafe {
        let ty = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(op, string_ref("function_type")));
        let attrs = mlirOperationGetAttributeByName(op, string_ref("arg_attrs"));
        (0..mlirFunctionTypeGetNumInputs(ty))
            .map(|i| {
                if attrs.ptr.is_null() || !mlirAttributeIsAArray(attrs) || i >= mlirArrayAttrGetNumElements(attrs) {
                    return false;
                }
                let dict = mlirArrayAttrGetElement(attrs, i);
                let alias = mlirDictionaryAttrGetElementByName(dict, string_ref("tf.aliasing_output"));
                let donor = mlirDictionaryAttrGetElementByName(dict, string_ref("jax.buffer_donor"));
                !alias.ptr.is_null() || (!donor.ptr.is_null() && mlirAttributeIsABool(donor) && mlirBoolAttrGetValue(donor))
            })
            .collect()
    }
}

/// Copies the block `block` of a dense row-major array of `src_shape`
/// starting at `src_at` into a dense array of `dst_shape` at `dst_at`.
fn copy_block(src: &[u8], src_shape: &[usize], src_at: &[usize], dst: &mut [u8], dst_shape: &[usize], dst_at: &[usize], block: &[usize], element: usize) {
    if block.contains(&0) {
        return;
    }
    let rank = block.len();
    if rank == 0 {
        dst[..element].copy_from_slice(&src[..element]);
        return;
    }
    let strides = |shape: &[usize]| {
        let mut s = vec![element; rank];
        for d in (0..rank - 1).rev() {
            s[d] = s[d + 1] * shape[d + 1];
        }
        s
    };
    let (ss, ds) = (strides(src_shape), strides(dst_shape));
    let row = block[rank - 1] * element;
    let mut index = vec![0usize; rank - 1];
    loop {
        let s: usize = (0..rank).map(|d| (src_at[d] + if d < rank - 1 { index[d] } else { 0 }) * ss[d]).sum();
        let t: usize = (0..rank).map(|d| (dst_at[d] + if d < rank - 1 { index[d] } else { 0 }) * ds[d]).sum();
        dst[t..t + row].copy_from_slice(&src[s..s + row]);
        // The next row.
        let mut d = rank - 1;
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            index[d] += 1;
            if index[d] < block[d] {
                break;
            }
            index[d] = 0;
        }
    }
}

/// The global array of `split` from each device's shard (`shards[d]`, dense).
pub fn assemble(split: &Split, shards: &[&[u8]], element: usize) -> Vec<u8> {
    let count: usize = split.global.iter().product();
    let mut global = vec![0u8; count * element];
    let shard = split.shard_shape();
    match &split.tiling {
        None => global.copy_from_slice(&shards[0][..count * element]),
        Some(_) => {
            let zero = vec![0; shard.len()];
            for (device, bytes) in shards.iter().enumerate() {
                copy_block(bytes, &shard, &zero, &mut global, &split.global, &split.offset(device), &shard, element);
            }
        }
    }
    global
}

/// Device `device`'s shard of the global array `global` of `split`, into
/// `out` (dense, of the shard's size).
pub fn cut(split: &Split, global: &[u8], device: usize, out: &mut [u8], element: usize) {
    let shard = split.shard_shape();
    match &split.tiling {
        None => out.copy_from_slice(global),
        Some(_) => {
            let zero = vec![0; shard.len()];
            copy_block(global, &split.global, &split.offset(device), out, &shard, &zero, &shard, element);
        }
    }
}


/// The serialized `xla.OpSharding` proto of `split` over `devices`
/// devices: `REPLICATED` (type 0, the empty message), or `OTHER` (type 3)
/// with the tile grid in `tile_assignment_dimensions` (field 3) and, per
/// tile in row-major order, the devices that hold it in
/// `tile_assignment_devices` (field 4); tiles held by several devices add a
/// last grid dimension and `replicate_on_last_tile_dim` (field 6).
pub fn op_sharding(split: &Split, devices: usize) -> Vec<u8> {
    use crate::options::write_varint as varint;
    fn packed(field: u64, values: &[i64], out: &mut Vec<u8>) {
        let mut body = Vec::new();
        for &v in values {
            varint(v as u64, &mut body);
        }
        varint(field << 3 | 2, out);
        varint(body.len() as u64, out);
        out.extend(body);
    }
    let mut out = Vec::new();
    let Some(tiling) = &split.tiling else {
        return out;
    };
    let tiles: usize = tiling.tiles.iter().map(|&n| n as usize).product();
    let mut holders: Vec<Vec<i64>> = vec![Vec::new(); tiles];
    for (device, coords) in tiling.coords.iter().enumerate().take(devices) {
        let index = coords.iter().zip(&tiling.tiles).fold(0usize, |acc, (&c, &n)| acc * n as usize + c as usize);
        holders[index].push(device as i64);
    }
    let copies = holders.first().map_or(1, Vec::len).max(1);
    let mut dims = tiling.tiles.clone();
    if copies > 1 {
        dims.push(copies as i64);
    }
    varint(1 << 3, &mut out);
    varint(3, &mut out); // type = OTHER
    packed(3, &dims, &mut out);
    packed(4, &holders.concat(), &mut out);
    if copies > 1 {
        varint(6 << 3, &mut out);
        varint(1, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiling_2x2() -> Tiling {
        // Four devices, dimension 0 over 2 tiles (devices 0,1 | 2,3),
        // dimension 1 over 2 tiles (devices 0,2 | 1,3).
        Tiling { tiles: vec![2, 2], coords: vec![vec![0, 0], vec![0, 1], vec![1, 0], vec![1, 1]], keys: vec![vec![], vec![]] }
    }

    #[test]
    fn cut_and_assemble_round_trip() {
        let split = Split { global: vec![4, 6], tiling: Some(tiling_2x2()) };
        assert_eq!(split.shard_shape(), vec![2, 3]);
        let global: Vec<u8> = (0..24).collect();
        let mut shards = vec![vec![0u8; 6]; 4];
        for (d, s) in shards.iter_mut().enumerate() {
            cut(&split, &global, d, s, 1);
        }
        assert_eq!(shards[1], vec![3, 4, 5, 9, 10, 11]);
        assert_eq!(shards[2], vec![12, 13, 14, 18, 19, 20]);
        let views: Vec<&[u8]> = shards.iter().map(|s| s.as_slice()).collect();
        assert_eq!(assemble(&split, &views, 1), global);
    }

    #[test]
    fn op_sharding_protos() {
        let split = Split { global: vec![4, 6], tiling: Some(tiling_2x2()) };
        // type OTHER, dims [2, 2], devices [0, 1, 2, 3].
        assert_eq!(op_sharding(&split, 4), vec![0x08, 3, 0x1a, 2, 2, 2, 0x22, 4, 0, 1, 2, 3]);
        // Dimension 0 over devices {0, 2} | {1, 3}: each tile twice.
        let half = Tiling { tiles: vec![2, 1], coords: vec![vec![0, 0], vec![1, 0], vec![0, 0], vec![1, 0]], keys: vec![vec![], vec![]] };
        let split = Split { global: vec![4, 6], tiling: Some(half) };
        assert_eq!(op_sharding(&split, 4), vec![0x08, 3, 0x1a, 3, 2, 1, 2, 0x22, 4, 0, 2, 1, 3, 0x30, 1]);
        assert!(op_sharding(&Split { global: vec![3], tiling: None }, 4).is_empty());
    }

    #[test]
    fn replicated_and_scalar() {
        let split = Split { global: vec![], tiling: None };
        let mut out = vec![0u8; 4];
        cut(&split, &[1, 2, 3, 4], 3, &mut out, 4);
        assert_eq!(out, vec![1, 2, 3, 4]);
        assert_eq!(assemble(&split, &[&[5, 6, 7, 8], &[0, 0, 0, 0]], 4), vec![5, 6, 7, 8]);
    }
}
