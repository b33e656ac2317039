//! The dimension numbers of `gather`, `scatter`, `convolution` and
//! `chlo.ragged_dot`, read (and, but for ragged_dot, built) through the C
//! API over the C++ attribute classes (`lib/CAPI/Attributes.cpp`), never
//! through their printed form. The builder crate re-exports these structs.
//!
//! ```text
//! #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>
//!   → GatherDimensionNumbers { offset_dims: [1], collapsed_slice_dims: [0], start_index_map: [0], index_vector_dim: 1, .. }
//! ```

use crate::ffi;
use melior::{
    Context,
    ir::{Attribute, AttributeLike},
};

/// List `which` of `attribute` through `get` (one of the
/// `xla...DimensionNumbersGet{List,Spatial}` functions); `None` when `get`
/// does not know the attribute or the list.
fn list(
    attribute: Attribute,
    which: i32,
    get: unsafe extern "C" fn(mlir_sys::MlirAttribute, i32, *mut *const i64) -> isize,
) -> Option<Vec<i64>> {
    let mut data: *const i64 = std::ptr::null();
    // SAFETY: a live attribute; `get` writes `data` only when it returns a
    // length, and then `data` points at that many integers in the
    // attribute's storage (owned by the context, which outlives this call).
    let length = unsafe { get(attribute.to_raw(), which, &mut data) };
    if length < 0 {
        return None;
    }
    if length == 0 {
        return Some(Vec::new());
    }
    // SAFETY: as above; the slice is copied before returning.
    Some(unsafe { std::slice::from_raw_parts(data, length as usize) }.to_vec())
}

/// The list pointers and lengths of `lists`, for the C API's builders.
fn raw_lists<const N: usize>(lists: [&[i64]; N]) -> ([*const i64; N], [isize; N]) {
    (lists.map(<[i64]>::as_ptr), lists.map(|l| l.len() as isize))
}

/// `#stablehlo.gather<...>`: how `gather` (and `dynamic_gather`) maps index
/// vectors and slices.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GatherDimensionNumbers {
    /// Result dimensions that hold the slice's (non-collapsed) dimensions.
    pub offset_dims: Vec<i64>,
    /// Operand dimensions of slice size 1 that are dropped from the result.
    pub collapsed_slice_dims: Vec<i64>,
    /// Operand batching dimensions.
    pub operand_batching_dims: Vec<i64>,
    /// The matching batching dimensions of `start_indices`.
    pub start_indices_batching_dims: Vec<i64>,
    /// For each index vector component, the operand dimension it starts.
    pub start_index_map: Vec<i64>,
    /// The dimension of `start_indices` that holds the index vectors.
    pub index_vector_dim: i64,
}

impl GatherDimensionNumbers {
    /// Reads the attribute; `None` for any other attribute.
    pub fn from_attribute(attribute: Attribute) -> Option<Self> {
        let get = |which| list(attribute, which, ffi::xlaGatherDimensionNumbersGetList);
        let mut index_vector_dim = 0;
        // SAFETY: a live attribute; the value is written only on success.
        let ok = unsafe { ffi::xlaGatherDimensionNumbersGetIndexVectorDim(attribute.to_raw(), &mut index_vector_dim) };
        ok.then_some(())?;
        Some(Self {
            offset_dims: get(0)?,
            collapsed_slice_dims: get(1)?,
            operand_batching_dims: get(2)?,
            start_indices_batching_dims: get(3)?,
            start_index_map: get(4)?,
            index_vector_dim,
        })
    }

    /// The attribute in `context` (the dialect's verifiers check the
    /// numbers against the operands).
    pub fn attribute<'c>(&self, context: &'c Context) -> Attribute<'c> {
        let (lists, sizes) = raw_lists([
            &self.offset_dims,
            &self.collapsed_slice_dims,
            &self.operand_batching_dims,
            &self.start_indices_batching_dims,
            &self.start_index_map,
        ]);
        // SAFETY: a live context and five live lists with their lengths,
        // copied into the attribute, which belongs to the context.
        unsafe {
            Attribute::from_raw(ffi::xlaGatherDimensionNumbersAttrGet(
                context.to_raw(),
                lists.as_ptr(),
                sizes.as_ptr(),
                self.index_vector_dim,
            ))
        }
    }
}

/// `#stablehlo.scatter<...>`: how `scatter` maps index vectors and updates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScatterDimensionNumbers {
    /// Update dimensions that are window dimensions.
    pub update_window_dims: Vec<i64>,
    /// Operand dimensions of window size 1 absent from the updates.
    pub inserted_window_dims: Vec<i64>,
    /// Operand batching dimensions.
    pub input_batching_dims: Vec<i64>,
    /// The matching batching dimensions of `scatter_indices`.
    pub scatter_indices_batching_dims: Vec<i64>,
    /// For each index vector component, the operand dimension it starts.
    pub scatter_dims_to_operand_dims: Vec<i64>,
    /// The dimension of `scatter_indices` that holds the index vectors.
    pub index_vector_dim: i64,
}

impl ScatterDimensionNumbers {
    /// Reads the attribute; `None` for any other attribute.
    pub fn from_attribute(attribute: Attribute) -> Option<Self> {
        let get = |which| list(attribute, which, ffi::xlaScatterDimensionNumbersGetList);
        let mut index_vector_dim = 0;
        // SAFETY: a live attribute; the value is written only on success.
        let ok = unsafe { ffi::xlaScatterDimensionNumbersGetIndexVectorDim(attribute.to_raw(), &mut index_vector_dim) };
        ok.then_some(())?;
        Some(Self {
            update_window_dims: get(0)?,
            inserted_window_dims: get(1)?,
            input_batching_dims: get(2)?,
            scatter_indices_batching_dims: get(3)?,
            scatter_dims_to_operand_dims: get(4)?,
            index_vector_dim,
        })
    }

    /// The attribute in `context` (the dialect's verifiers check the
    /// numbers against the operands).
    pub fn attribute<'c>(&self, context: &'c Context) -> Attribute<'c> {
        let (lists, sizes) = raw_lists([
            &self.update_window_dims,
            &self.inserted_window_dims,
            &self.input_batching_dims,
            &self.scatter_indices_batching_dims,
            &self.scatter_dims_to_operand_dims,
        ]);
        // SAFETY: as for gather.
        unsafe {
            Attribute::from_raw(ffi::xlaScatterDimensionNumbersAttrGet(
                context.to_raw(),
                lists.as_ptr(),
                sizes.as_ptr(),
                self.index_vector_dim,
            ))
        }
    }
}

/// `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>`: which
/// dimension of a convolution's input, kernel and output holds the batch,
/// the features and each spatial dimension (`*_spatial_dimensions[k]`: the
/// position of spatial dimension `k`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConvDimensionNumbers {
    /// Batch dimension of the input.
    pub input_batch_dimension: i64,
    /// Feature dimension of the input.
    pub input_feature_dimension: i64,
    /// Spatial dimensions of the input, in window order.
    pub input_spatial_dimensions: Vec<i64>,
    /// Input-feature dimension of the kernel.
    pub kernel_input_feature_dimension: i64,
    /// Output-feature dimension of the kernel.
    pub kernel_output_feature_dimension: i64,
    /// Spatial dimensions of the kernel, in window order.
    pub kernel_spatial_dimensions: Vec<i64>,
    /// Batch dimension of the output.
    pub output_batch_dimension: i64,
    /// Feature dimension of the output.
    pub output_feature_dimension: i64,
    /// Spatial dimensions of the output, in window order.
    pub output_spatial_dimensions: Vec<i64>,
}

impl ConvDimensionNumbers {
    /// The usual NHWC input, HWIO kernel, NHWC output layout with
    /// `spatial` spatial dimensions.
    pub fn nhwc(spatial: usize) -> Self {
        let s: Vec<i64> = (1..=spatial as i64).collect();
        let k: Vec<i64> = (0..spatial as i64).collect();
        let n = spatial as i64;
        Self {
            input_batch_dimension: 0,
            input_feature_dimension: n + 1,
            input_spatial_dimensions: s.clone(),
            kernel_input_feature_dimension: n,
            kernel_output_feature_dimension: n + 1,
            kernel_spatial_dimensions: k,
            output_batch_dimension: 0,
            output_feature_dimension: n + 1,
            output_spatial_dimensions: s,
        }
    }

    /// Reads the attribute; `None` for any other attribute.
    pub fn from_attribute(attribute: Attribute) -> Option<Self> {
        let get = |which| list(attribute, which, ffi::xlaConvDimensionNumbersGetSpatial);
        let mut fixed = [0i64; 6];
        // SAFETY: a live attribute and room for the six values, written
        // only on success.
        let ok = unsafe { ffi::xlaConvDimensionNumbersGetNonSpatial(attribute.to_raw(), fixed.as_mut_ptr()) };
        ok.then_some(())?;
        let [input_batch, input_feature, kernel_input_feature, kernel_output_feature, output_batch, output_feature] = fixed;
        Some(Self {
            input_batch_dimension: input_batch,
            input_feature_dimension: input_feature,
            input_spatial_dimensions: get(0)?,
            kernel_input_feature_dimension: kernel_input_feature,
            kernel_output_feature_dimension: kernel_output_feature,
            kernel_spatial_dimensions: get(1)?,
            output_batch_dimension: output_batch,
            output_feature_dimension: output_feature,
            output_spatial_dimensions: get(2)?,
        })
    }

    /// Whether each of the input, kernel and output has its dimensions
    /// `0..rank` each exactly once (the compact printed form names every
    /// dimension of a rank-`2 + spatial` array).
    pub fn is_permutation(&self) -> bool {
        let complete = |fixed: [i64; 2], spatial: &[i64]| {
            let mut seen = vec![false; spatial.len() + 2];
            fixed.iter().chain(spatial).all(|&d| {
                usize::try_from(d).ok().and_then(|d| seen.get_mut(d)).is_some_and(|slot| !std::mem::replace(slot, true))
            })
        };
        complete([self.input_batch_dimension, self.input_feature_dimension], &self.input_spatial_dimensions)
            && complete([self.kernel_input_feature_dimension, self.kernel_output_feature_dimension], &self.kernel_spatial_dimensions)
            && complete([self.output_batch_dimension, self.output_feature_dimension], &self.output_spatial_dimensions)
    }

    /// The attribute in `context` (see [`is_permutation`](Self::is_permutation)
    /// for the numbers it can print).
    pub fn attribute<'c>(&self, context: &'c Context) -> Attribute<'c> {
        let fixed = [
            self.input_batch_dimension,
            self.input_feature_dimension,
            self.kernel_input_feature_dimension,
            self.kernel_output_feature_dimension,
            self.output_batch_dimension,
            self.output_feature_dimension,
        ];
        let (lists, sizes) =
            raw_lists([&self.input_spatial_dimensions, &self.kernel_spatial_dimensions, &self.output_spatial_dimensions]);
        // SAFETY: a live context, six values and three live lists with
        // their lengths, copied into the attribute, which belongs to the
        // context.
        unsafe {
            Attribute::from_raw(ffi::xlaConvDimensionNumbersAttrGet(
                context.to_raw(),
                fixed.as_ptr(),
                lists.as_ptr(),
                sizes.as_ptr(),
            ))
        }
    }
}

/// `#chlo.ragged_dot<...>`: the dimension numbers of `chlo.ragged_dot`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RaggedDotDimensionNumbers {
    pub lhs_batching: Vec<i64>,
    pub rhs_batching: Vec<i64>,
    pub lhs_contracting: Vec<i64>,
    pub rhs_contracting: Vec<i64>,
    pub lhs_ragged: Vec<i64>,
    pub rhs_group: Vec<i64>,
}

impl RaggedDotDimensionNumbers {
    /// Reads the attribute; `None` for any other attribute.
    pub fn from_attribute(attribute: Attribute) -> Option<Self> {
        let get = |which| list(attribute, which, ffi::xlaRaggedDotDimensionNumbersGetList);
        Some(Self {
            lhs_batching: get(0)?,
            rhs_batching: get(1)?,
            lhs_contracting: get(2)?,
            rhs_contracting: get(3)?,
            lhs_ragged: get(4)?,
            rhs_group: get(5)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::create_context;

    fn parse<'c>(context: &'c melior::Context, text: &str) -> Attribute<'c> {
        Attribute::parse(context, text).unwrap_or_else(|| panic!("{text} does not parse"))
    }

    #[test]
    fn reads_gather_dimension_numbers() {
        let context = create_context();
        let attribute = parse(
            &context,
            "#stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [1], operand_batching_dims = [0], \
             start_indices_batching_dims = [1], start_index_map = [1, 4], index_vector_dim = 2>",
        );
        let dims = GatherDimensionNumbers::from_attribute(attribute).unwrap();
        // Built back through the C API, it is the parsed attribute.
        assert_eq!(dims.attribute(&context), attribute);
        assert_eq!(
            dims,
            GatherDimensionNumbers {
                offset_dims: vec![2, 3],
                collapsed_slice_dims: vec![1],
                operand_batching_dims: vec![0],
                start_indices_batching_dims: vec![1],
                start_index_map: vec![1, 4],
                index_vector_dim: 2,
            }
        );
        // Omitted lists are empty.
        let sparse = parse(&context, "#stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>");
        let dims = GatherDimensionNumbers::from_attribute(sparse).unwrap();
        assert!(dims.collapsed_slice_dims.is_empty() && dims.operand_batching_dims.is_empty());
        assert_eq!((dims.offset_dims, dims.start_index_map, dims.index_vector_dim), (vec![1], vec![0], 1));
        // Another attribute is not read as gather dimension numbers.
        let scatter = parse(&context, "#stablehlo.scatter<update_window_dims = [1], index_vector_dim = 1>");
        assert_eq!(GatherDimensionNumbers::from_attribute(scatter), None);
    }

    #[test]
    fn reads_scatter_dimension_numbers() {
        let context = create_context();
        let attribute = parse(
            &context,
            "#stablehlo.scatter<update_window_dims = [3], inserted_window_dims = [1, 2], input_batching_dims = [0], \
             scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>",
        );
        assert_eq!(
            ScatterDimensionNumbers::from_attribute(attribute),
            Some(ScatterDimensionNumbers {
                update_window_dims: vec![3],
                inserted_window_dims: vec![1, 2],
                input_batching_dims: vec![0],
                scatter_indices_batching_dims: vec![1],
                scatter_dims_to_operand_dims: vec![2, 1],
                index_vector_dim: 3,
            })
        );
        let dims = ScatterDimensionNumbers::from_attribute(attribute).unwrap();
        assert_eq!(dims.attribute(&context), attribute);
        let integer = parse(&context, "3 : i64");
        assert_eq!(ScatterDimensionNumbers::from_attribute(integer), None);
    }

    #[test]
    fn reads_convolution_dimension_numbers() {
        let context = create_context();
        // Input: f at 0, spatial 1 at 1, spatial 0 at 2, b at 3; kernel:
        // o at 0, 0 at 1, i at 2, 1 at 3; output: b, 0, 1, f.
        let attribute = parse(&context, "#stablehlo.conv<[f, 1, 0, b]x[o, 0, i, 1]->[b, 0, 1, f]>");
        assert_eq!(
            ConvDimensionNumbers::from_attribute(attribute),
            Some(ConvDimensionNumbers {
                input_batch_dimension: 3,
                input_feature_dimension: 0,
                input_spatial_dimensions: vec![2, 1],
                kernel_input_feature_dimension: 2,
                kernel_output_feature_dimension: 0,
                kernel_spatial_dimensions: vec![1, 3],
                output_batch_dimension: 0,
                output_feature_dimension: 3,
                output_spatial_dimensions: vec![1, 2],
            })
        );
        let dims = ConvDimensionNumbers::from_attribute(attribute).unwrap();
        assert!(dims.is_permutation());
        assert_eq!(dims.attribute(&context), attribute);
        let nhwc = ConvDimensionNumbers::nhwc(2);
        assert_eq!(nhwc.attribute(&context), parse(&context, "#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>"));
        assert!(!ConvDimensionNumbers { input_batch_dimension: 1, ..nhwc.clone() }.is_permutation());
        assert!(!ConvDimensionNumbers { output_feature_dimension: 4, ..nhwc }.is_permutation());
        let gather = parse(&context, "#stablehlo.gather<offset_dims = [1], index_vector_dim = 1>");
        assert_eq!(ConvDimensionNumbers::from_attribute(gather), None);
    }

    #[test]
    fn reads_ragged_dot_dimension_numbers() {
        let context = create_context();
        let attribute = parse(
            &context,
            "#chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], \
             lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3], lhs_ragged_dimensions = [1], \
             rhs_group_dimensions = [0]>",
        );
        assert_eq!(
            RaggedDotDimensionNumbers::from_attribute(attribute),
            Some(RaggedDotDimensionNumbers {
                lhs_batching: vec![0],
                rhs_batching: vec![1],
                lhs_contracting: vec![2],
                rhs_contracting: vec![3],
                lhs_ragged: vec![1],
                rhs_group: vec![0],
            })
        );
        let empty = parse(&context, "#chlo.ragged_dot<>");
        assert_eq!(RaggedDotDimensionNumbers::from_attribute(empty), Some(RaggedDotDimensionNumbers::default()));
        let dot = parse(&context, "#stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>");
        assert_eq!(RaggedDotDimensionNumbers::from_attribute(dot), None);
    }
}
