//! Dimension-number structs of the structured ops, and the attribute text
//! the builder hands to the dialect's parser.

use crate::{ElementType, NativeType};

/// `#stablehlo.gather<...>`: how `gather` maps index vectors and slices.
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

/// `#stablehlo.conv<...>`: the roles of the dimensions of a convolution's
/// input, kernel and output.
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

    /// The `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` form the dialect
    /// parses; `None` if a dimension is out of range or repeated.
    pub(crate) fn text(&self) -> Option<String> {
        fn layout(rank: usize, named: &[(i64, String)]) -> Option<String> {
            let mut slots: Vec<Option<String>> = vec![None; rank];
            for (dim, label) in named {
                let slot = slots.get_mut(usize::try_from(*dim).ok()?)?;
                if slot.is_some() {
                    return None;
                }
                *slot = Some(label.clone());
            }
            Some(format!("[{}]", slots.into_iter().collect::<Option<Vec<_>>>()?.join(", ")))
        }
        let spatial = |dims: &[i64]| dims.iter().enumerate().map(|(i, &d)| (d, i.to_string())).collect::<Vec<_>>();
        let mut input = spatial(&self.input_spatial_dimensions);
        input.extend([(self.input_batch_dimension, "b".to_string()), (self.input_feature_dimension, "f".to_string())]);
        let mut kernel = spatial(&self.kernel_spatial_dimensions);
        kernel.extend([(self.kernel_input_feature_dimension, "i".to_string()), (self.kernel_output_feature_dimension, "o".to_string())]);
        let mut output = spatial(&self.output_spatial_dimensions);
        output.extend([(self.output_batch_dimension, "b".to_string()), (self.output_feature_dimension, "f".to_string())]);
        Some(format!(
            "#stablehlo.conv<{}x{}->{}>",
            layout(input.len(), &input)?,
            layout(kernel.len(), &kernel)?,
            layout(output.len(), &output)?
        ))
    }
}

/// `[1, 2]` (empty fields are written too; the parser accepts them).
fn list(values: &[i64]) -> String {
    let items: Vec<String> = values.iter().map(i64::to_string).collect();
    format!("[{}]", items.join(", "))
}

impl GatherDimensionNumbers {
    pub(crate) fn text(&self) -> String {
        let mut fields = Vec::new();
        for (name, values) in [
            ("offset_dims", &self.offset_dims),
            ("collapsed_slice_dims", &self.collapsed_slice_dims),
            ("operand_batching_dims", &self.operand_batching_dims),
            ("start_indices_batching_dims", &self.start_indices_batching_dims),
            ("start_index_map", &self.start_index_map),
        ] {
            if !values.is_empty() {
                fields.push(format!("{name} = {}", list(values)));
            }
        }
        fields.push(format!("index_vector_dim = {}", self.index_vector_dim));
        format!("#stablehlo.gather<{}>", fields.join(", "))
    }
}

impl ScatterDimensionNumbers {
    pub(crate) fn text(&self) -> String {
        let mut fields = Vec::new();
        for (name, values) in [
            ("update_window_dims", &self.update_window_dims),
            ("inserted_window_dims", &self.inserted_window_dims),
            ("input_batching_dims", &self.input_batching_dims),
            ("scatter_indices_batching_dims", &self.scatter_indices_batching_dims),
            ("scatter_dims_to_operand_dims", &self.scatter_dims_to_operand_dims),
        ] {
            if !values.is_empty() {
                fields.push(format!("{name} = {}", list(values)));
            }
        }
        fields.push(format!("index_vector_dim = {}", self.index_vector_dim));
        format!("#stablehlo.scatter<{}>", fields.join(", "))
    }
}

/// `array<i64: 1, 2>`.
pub(crate) fn i64_array(values: &[i64]) -> String {
    if values.is_empty() {
        return "array<i64>".to_string();
    }
    let items: Vec<String> = values.iter().map(i64::to_string).collect();
    format!("array<i64: {}>", items.join(", "))
}


/// `5 : i64`.
pub(crate) fn i64_attr(value: i64) -> String {
    format!("{value} : i64")
}

/// `dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>` for rows of equal length
/// `width` (used by padding, replica groups and source-target pairs).
pub(crate) fn dense_i64_matrix(rows: &[Vec<i64>], width: usize) -> String {
    let rows_text: Vec<String> = rows.iter().map(|r| list(r)).collect();
    if rows.is_empty() {
        return format!("dense<> : tensor<0x{width}xi64>");
    }
    format!("dense<[{}]> : tensor<{}x{width}xi64>", rows_text.join(", "), rows.len())
}

/// The dense elements attribute of a constant: raw little-endian bytes as
/// a hex string (exact for every type), booleans and empty arrays as
/// nested lists.
pub(crate) fn dense_elements(element_type: ElementType, dims: &[usize], data: &[u8], type_text: &str) -> String {
    let count: usize = dims.iter().product();
    if element_type != ElementType::Pred && count > 0 {
        let hex: String = data.iter().map(|b| format!("{b:02X}")).collect();
        return format!("dense<\"0x{hex}\"> : {type_text}");
    }
    if count == 0 {
        return format!("dense<> : {type_text}");
    }
    let items: Vec<String> = data.iter().map(|&b| bool::read_le(&[b]).to_string()).collect();
    format!("dense<{}> : {type_text}", nested(&items, dims))
}

/// Row-major `items` as nested lists of shape `dims` (`[[a, b], [c, d]]`).
fn nested(items: &[String], dims: &[usize]) -> String {
    match dims.split_first() {
        None => items.first().cloned().unwrap_or_default(),
        Some((&outer, inner)) => {
            let stride: usize = inner.iter().product();
            let parts: Vec<String> = (0..outer).map(|i| nested(&items[(i * stride).min(items.len())..((i + 1) * stride).min(items.len())], inner)).collect();
            format!("[{}]", parts.join(", "))
        }
    }
}
