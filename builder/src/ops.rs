//! The op methods of [`XlaBuilder`], one per StableHLO op (plus a few
//! conveniences). Result types come from the dialect's shape functions
//! unless the op's result type is a free choice (convert, reshape,
//! broadcast_in_dim, iota, ...), in which case the method takes it.

use crate::{
    BuildError, ComparisonDirection, ComparisonType, ConvDimensionNumbers, CustomCallApiVersion, DotDimensionNumbers, ElementType,
    FftType, GatherDimensionNumbers, Literal, NativeType, Precision, RngAlgorithm, RngDistribution, ScatterDimensionNumbers, Shape,
    Transpose, XlaBuilder, XlaComputation, XlaOp,
};

use melior::ir::{
    Attribute,
    attribute::{ArrayAttribute, DenseI32ArrayAttribute},
};

type Result<T> = std::result::Result<T, BuildError>;

macro_rules! unary_ops {
    ($($(#[$doc:meta])* $method:ident => $op:literal;)*) => {$(
        $(#[$doc])*
        #[doc = concat!("\n\nBuilds `stablehlo.", $op, "`; the result type is inferred by the dialect.")]
        pub fn $method(&self, operand: XlaOp) -> Result<XlaOp> {
            self.add_single(concat!("stablehlo.", $op), &[operand], &[], Vec::new(), None)
        }
    )*};
}

macro_rules! binary_ops {
    ($($(#[$doc:meta])* $method:ident => $op:literal;)*) => {$(
        $(#[$doc])*
        #[doc = concat!("\n\nBuilds `stablehlo.", $op, "`; operands must have the same shape (broadcast explicitly), the result type is inferred by the dialect.")]
        pub fn $method(&self, lhs: XlaOp, rhs: XlaOp) -> Result<XlaOp> {
            self.add_single(concat!("stablehlo.", $op), &[lhs, rhs], &[], Vec::new(), None)
        }
    )*};
}

impl XlaBuilder {
    unary_ops! {
        /// Element-wise absolute value (modulus for complex).
        abs => "abs";
        /// Element-wise negation.
        neg => "negate";
        /// Element-wise `e^x`.
        exp => "exponential";
        /// Element-wise natural logarithm.
        log => "log";
        /// Element-wise `log(1 + x)`.
        log1p => "log_plus_one";
        /// Element-wise `e^x - 1`.
        expm1 => "exponential_minus_one";
        /// Element-wise square root.
        sqrt => "sqrt";
        /// Element-wise reciprocal square root.
        rsqrt => "rsqrt";
        /// Element-wise cube root.
        cbrt => "cbrt";
        /// Element-wise hyperbolic tangent.
        tanh => "tanh";
        /// Element-wise logistic function `1 / (1 + e^-x)`.
        logistic => "logistic";
        /// Element-wise sine.
        sin => "sine";
        /// Element-wise cosine.
        cos => "cosine";
        /// Element-wise tangent.
        tan => "tan";
        /// Element-wise floor.
        floor => "floor";
        /// Element-wise ceiling.
        ceil => "ceil";
        /// Element-wise rounding to nearest, ties away from zero.
        round_nearest_afz => "round_nearest_afz";
        /// Element-wise rounding to nearest, ties to even.
        round_nearest_even => "round_nearest_even";
        /// Element-wise sign (-1, 0, 1; NaN stays NaN).
        sign => "sign";
        /// Element-wise finiteness test (a `pred` result).
        is_finite => "is_finite";
        /// Element-wise population count.
        popcnt => "popcnt";
        /// Element-wise count of leading zero bits.
        clz => "count_leading_zeros";
        /// Element-wise logical (pred) or bitwise (integers) not.
        not => "not";
        /// Element-wise real part of complex values.
        real => "real";
        /// Element-wise imaginary part of complex values.
        imag => "imag";
        /// Element-wise conversion-free copy that the compiler may not move
        /// across (single-value form of [`optimization_barrier`](Self::optimization_barrier)).
        optimization_barrier1 => "optimization_barrier";
    }

    binary_ops! {
        /// Element-wise sum.
        add => "add";
        /// Element-wise difference.
        sub => "subtract";
        /// Element-wise product.
        mul => "multiply";
        /// Element-wise quotient (integer division truncates).
        div => "divide";
        /// Element-wise remainder (sign of the dividend).
        rem => "remainder";
        /// Element-wise maximum.
        max => "maximum";
        /// Element-wise minimum.
        min => "minimum";
        /// Element-wise power.
        pow => "power";
        /// Element-wise `atan2(lhs, rhs)`.
        atan2 => "atan2";
        /// Element-wise logical (pred) or bitwise (integers) and.
        and => "and";
        /// Element-wise logical (pred) or bitwise (integers) or.
        or => "or";
        /// Element-wise logical (pred) or bitwise (integers) xor.
        xor => "xor";
        /// Element-wise left shift.
        shift_left => "shift_left";
        /// Element-wise arithmetic right shift.
        shift_right_arithmetic => "shift_right_arithmetic";
        /// Element-wise logical right shift.
        shift_right_logical => "shift_right_logical";
        /// Element-wise complex number from real and imaginary parts.
        complex => "complex";
    }

    /// Element-wise comparison; `compare_type` defaults to the dialect's
    /// choice when `None`. Builds `stablehlo.compare` (result type inferred).
    pub fn compare(&self, lhs: XlaOp, rhs: XlaOp, direction: ComparisonDirection, compare_type: Option<ComparisonType>) -> Result<XlaOp> {
        let mut attributes = vec![("comparison_direction", direction.attribute(self.context()))];
        if let Some(kind) = compare_type {
            attributes.push(("compare_type", kind.attribute(self.context())));
        }
        self.add_single("stablehlo.compare", &[lhs, rhs], &attributes, Vec::new(), None)
    }

    /// `lhs == rhs` element-wise.
    pub fn eq(&self, lhs: XlaOp, rhs: XlaOp) -> Result<XlaOp> {
        self.compare(lhs, rhs, ComparisonDirection::EQ, None)
    }
    /// `lhs != rhs` element-wise.
    pub fn ne(&self, lhs: XlaOp, rhs: XlaOp) -> Result<XlaOp> {
        self.compare(lhs, rhs, ComparisonDirection::NE, None)
    }
    /// `lhs < rhs` element-wise.
    pub fn lt(&self, lhs: XlaOp, rhs: XlaOp) -> Result<XlaOp> {
        self.compare(lhs, rhs, ComparisonDirection::LT, None)
    }
    /// `lhs <= rhs` element-wise.
    pub fn le(&self, lhs: XlaOp, rhs: XlaOp) -> Result<XlaOp> {
        self.compare(lhs, rhs, ComparisonDirection::LE, None)
    }
    /// `lhs > rhs` element-wise.
    pub fn gt(&self, lhs: XlaOp, rhs: XlaOp) -> Result<XlaOp> {
        self.compare(lhs, rhs, ComparisonDirection::GT, None)
    }
    /// `lhs >= rhs` element-wise.
    pub fn ge(&self, lhs: XlaOp, rhs: XlaOp) -> Result<XlaOp> {
        self.compare(lhs, rhs, ComparisonDirection::GE, None)
    }

    /// `pred ? on_true : on_false` element-wise (`pred` may be a scalar).
    /// Builds `stablehlo.select` (result type inferred).
    pub fn select(&self, pred: XlaOp, on_true: XlaOp, on_false: XlaOp) -> Result<XlaOp> {
        self.add_single("stablehlo.select", &[pred, on_true, on_false], &[], Vec::new(), None)
    }

    /// `min(max(operand, min), max)` element-wise (bounds may be scalars).
    /// Builds `stablehlo.clamp` (result type inferred).
    pub fn clamp(&self, min: XlaOp, operand: XlaOp, max: XlaOp) -> Result<XlaOp> {
        self.add_single("stablehlo.clamp", &[min, operand, max], &[], Vec::new(), None)
    }

    /// Element-wise conversion to `element_type` (same dimensions). Builds
    /// `stablehlo.convert` with the result type given by `element_type`.
    pub fn convert(&self, operand: XlaOp, element_type: ElementType) -> Result<XlaOp> {
        let (_, dims) = self.array_shape("stablehlo.convert", 0, operand)?;
        self.add_single("stablehlo.convert", &[operand], &[], Vec::new(), Some(&[Shape::array(element_type, &dims)]))
    }

    /// Reinterprets the bits of each element as `element_type`. A narrower
    /// target adds a minor dimension (`f32` → `2xi16`), a wider one removes
    /// it. Builds `stablehlo.bitcast_convert`; the dialect's verifier checks
    /// the sizes.
    pub fn bitcast_convert(&self, operand: XlaOp, element_type: ElementType) -> Result<XlaOp> {
        let op = "stablehlo.bitcast_convert";
        let (from, mut dims) = self.array_shape(op, 0, operand)?;
        let (old, new) = (from.byte_size(), element_type.byte_size());
        if new < old {
            dims.push((old / new) as i64);
        } else if new > old {
            dims.pop();
        }
        self.add_single(op, &[operand], &[], Vec::new(), Some(&[Shape::array(element_type, &dims)]))
    }

    /// Rounds floats to a format with `exponent_bits` and `mantissa_bits`.
    /// Builds `stablehlo.reduce_precision` (result type inferred).
    pub fn reduce_precision(&self, operand: XlaOp, exponent_bits: i32, mantissa_bits: i32) -> Result<XlaOp> {
        let attributes = [("exponent_bits", self.i32_attr(exponent_bits)), ("mantissa_bits", self.i32_attr(mantissa_bits))];
        self.add_single("stablehlo.reduce_precision", &[operand], &attributes, Vec::new(), None)
    }

    // ---- constants -------------------------------------------------------

    /// A constant holding `literal`. Builds `stablehlo.constant` (its type
    /// is the literal's).
    pub fn constant_literal(&self, literal: &Literal) -> Result<XlaOp> {
        let op = "stablehlo.constant";
        let ty = self.shape_type(op, &literal.shape())?;
        let value = self.dense_elements(op, ty, literal.element_type(), literal.raw_data())?;
        self.add_single(op, &[], &[("value", value)], Vec::new(), None)
    }

    /// A scalar constant.
    pub fn constant_r0<T: NativeType>(&self, value: T) -> Result<XlaOp> {
        self.constant_literal(&Literal::scalar(value))
    }

    /// A rank-1 constant.
    pub fn constant_r1<T: NativeType>(&self, values: &[T]) -> Result<XlaOp> {
        self.constant_literal(&Literal::vec1(values))
    }

    /// A constant of shape `dims` holding `values` in row-major order.
    pub fn constant_from_slice<T: NativeType>(&self, values: &[T], dims: &[usize]) -> Result<XlaOp> {
        let literal = Literal::from_slice(values, dims).map_err(|e| BuildError::invalid("stablehlo.constant", e.to_string()))?;
        self.constant_literal(&literal)
    }

    /// A scalar zero of `element_type`.
    pub fn zero(&self, element_type: ElementType) -> Result<XlaOp> {
        self.constant_literal(&Literal::zeros(element_type, &[]))
    }

    // ---- shapes and data movement ----------------------------------------

    /// `0, 1, 2, ...` along dimension `iota_dimension` of `shape`. Builds
    /// `stablehlo.iota` with the given result type.
    pub fn iota(&self, shape: &Shape, iota_dimension: i64) -> Result<XlaOp> {
        self.add_single("stablehlo.iota", &[], &[("iota_dimension", self.i64_attr(iota_dimension))], Vec::new(), Some(std::slice::from_ref(shape)))
    }

    /// Broadcasts `operand` to `out_dims`, operand dimension `i` becoming
    /// result dimension `broadcast_dimensions[i]`. Builds
    /// `stablehlo.broadcast_in_dim` with the result type given by
    /// `out_dims` (and the operand's element type).
    pub fn broadcast_in_dim(&self, operand: XlaOp, out_dims: &[i64], broadcast_dimensions: &[i64]) -> Result<XlaOp> {
        let op = "stablehlo.broadcast_in_dim";
        let (element_type, _) = self.array_shape(op, 0, operand)?;
        let attributes = [("broadcast_dimensions", self.i64_array(broadcast_dimensions))];
        self.add_single(op, &[operand], &attributes, Vec::new(), Some(&[Shape::array(element_type, out_dims)]))
    }

    /// Adds major dimensions `sizes` in front of the operand's. Builds the
    /// legacy `stablehlo.broadcast` (result type inferred).
    pub fn broadcast(&self, operand: XlaOp, sizes: &[i64]) -> Result<XlaOp> {
        self.add_single("stablehlo.broadcast", &[operand], &[("broadcast_sizes", self.i64_array(sizes))], Vec::new(), None)
    }

    /// The same elements with dimensions `dims`. Builds `stablehlo.reshape`
    /// with the result type given by `dims`.
    pub fn reshape(&self, operand: XlaOp, dims: &[i64]) -> Result<XlaOp> {
        let op = "stablehlo.reshape";
        let (element_type, _) = self.array_shape(op, 0, operand)?;
        self.add_single(op, &[operand], &[], Vec::new(), Some(&[Shape::array(element_type, dims)]))
    }

    /// Permutes dimensions: result dimension `i` is operand dimension
    /// `permutation[i]`. Builds `stablehlo.transpose` (result type inferred).
    pub fn transpose(&self, operand: XlaOp, permutation: &[i64]) -> Result<XlaOp> {
        self.add_single("stablehlo.transpose", &[operand], &[("permutation", self.i64_array(permutation))], Vec::new(), None)
    }

    /// Reverses the order of elements along `dimensions`. Builds
    /// `stablehlo.reverse` (result type inferred).
    pub fn reverse(&self, operand: XlaOp, dimensions: &[i64]) -> Result<XlaOp> {
        self.add_single("stablehlo.reverse", &[operand], &[("dimensions", self.i64_array(dimensions))], Vec::new(), None)
    }

    /// The strided block `[start, limit)`. Builds `stablehlo.slice` (result
    /// type inferred).
    pub fn slice(&self, operand: XlaOp, start_indices: &[i64], limit_indices: &[i64], strides: &[i64]) -> Result<XlaOp> {
        let attributes = [
            ("start_indices", self.i64_array(start_indices)),
            ("limit_indices", self.i64_array(limit_indices)),
            ("strides", self.i64_array(strides)),
        ];
        self.add_single("stablehlo.slice", &[operand], &attributes, Vec::new(), None)
    }

    /// [`slice`](Self::slice) of one dimension, the others whole.
    pub fn slice_in_dim(&self, operand: XlaOp, start: i64, limit: i64, stride: i64, dimension: usize) -> Result<XlaOp> {
        let (_, dims) = self.array_shape("stablehlo.slice", 0, operand)?;
        if dimension >= dims.len() {
            return Err(BuildError::invalid("stablehlo.slice", format!("dimension {dimension} is out of range for rank {}", dims.len())));
        }
        let mut starts = vec![0; dims.len()];
        let mut limits = dims.clone();
        let mut strides = vec![1; dims.len()];
        starts[dimension] = start;
        limits[dimension] = limit;
        strides[dimension] = stride;
        self.slice(operand, &starts, &limits, &strides)
    }

    /// The block of `slice_sizes` at run-time `start_indices` (one scalar
    /// per dimension, clamped into range). Builds `stablehlo.dynamic_slice`
    /// (result type inferred).
    pub fn dynamic_slice(&self, operand: XlaOp, start_indices: &[XlaOp], slice_sizes: &[i64]) -> Result<XlaOp> {
        let mut operands = vec![operand];
        operands.extend_from_slice(start_indices);
        self.add_single("stablehlo.dynamic_slice", &operands, &[("slice_sizes", self.i64_array(slice_sizes))], Vec::new(), None)
    }

    /// `operand` with `update` written at run-time `start_indices`. Builds
    /// `stablehlo.dynamic_update_slice` (result type inferred).
    pub fn dynamic_update_slice(&self, operand: XlaOp, update: XlaOp, start_indices: &[XlaOp]) -> Result<XlaOp> {
        let mut operands = vec![operand, update];
        operands.extend_from_slice(start_indices);
        self.add_single("stablehlo.dynamic_update_slice", &operands, &[], Vec::new(), None)
    }

    /// Joins `operands` along `dimension`. Builds `stablehlo.concatenate`
    /// (result type inferred).
    pub fn concatenate(&self, operands: &[XlaOp], dimension: i64) -> Result<XlaOp> {
        self.add_single("stablehlo.concatenate", operands, &[("dimension", self.i64_attr(dimension))], Vec::new(), None)
    }

    /// Pads with `padding_value`: `low`/`high` elements at each end (negative
    /// values cut) and `interior` between neighbours. Builds `stablehlo.pad`
    /// (result type inferred).
    pub fn pad(&self, operand: XlaOp, padding_value: XlaOp, low: &[i64], high: &[i64], interior: &[i64]) -> Result<XlaOp> {
        let attributes = [
            ("edge_padding_low", self.i64_array(low)),
            ("edge_padding_high", self.i64_array(high)),
            ("interior_padding", self.i64_array(interior)),
        ];
        self.add_single("stablehlo.pad", &[operand, padding_value], &attributes, Vec::new(), None)
    }

    /// Gathers `slice_sizes` blocks at the index vectors of `start_indices`.
    /// Builds `stablehlo.gather` (result type inferred).
    pub fn gather(
        &self,
        operand: XlaOp,
        start_indices: XlaOp,
        dimension_numbers: &GatherDimensionNumbers,
        slice_sizes: &[i64],
        indices_are_sorted: bool,
    ) -> Result<XlaOp> {
        let attributes = [
            ("dimension_numbers", dimension_numbers.attribute(self.context())),
            ("slice_sizes", self.i64_array(slice_sizes)),
            ("indices_are_sorted", self.bool_attr(indices_are_sorted)),
        ];
        self.add_single("stablehlo.gather", &[operand, start_indices], &attributes, Vec::new(), None)
    }

    /// Scatters `updates` into `operand` at the index vectors of
    /// `scatter_indices`, combining with `update_computation` (old, new).
    /// Builds `stablehlo.scatter` (result type inferred).
    #[allow(clippy::too_many_arguments)]
    pub fn scatter(
        &self,
        operand: XlaOp,
        scatter_indices: XlaOp,
        updates: XlaOp,
        update_computation: &XlaComputation,
        dimension_numbers: &ScatterDimensionNumbers,
        indices_are_sorted: bool,
        unique_indices: bool,
    ) -> Result<XlaOp> {
        let results =
            self.scatter_variadic(&[operand], scatter_indices, &[updates], update_computation, dimension_numbers, indices_are_sorted, unique_indices)?;
        Ok(results[0])
    }

    /// Variadic [`scatter`](Self::scatter): several operands updated in step.
    #[allow(clippy::too_many_arguments)]
    pub fn scatter_variadic(
        &self,
        operands: &[XlaOp],
        scatter_indices: XlaOp,
        updates: &[XlaOp],
        update_computation: &XlaComputation,
        dimension_numbers: &ScatterDimensionNumbers,
        indices_are_sorted: bool,
        unique_indices: bool,
    ) -> Result<Vec<XlaOp>> {
        let op = "stablehlo.scatter";
        let mut all = operands.to_vec();
        all.push(scatter_indices);
        all.extend_from_slice(updates);
        let attributes = [
            ("scatter_dimension_numbers", dimension_numbers.attribute(self.context())),
            ("indices_are_sorted", self.bool_attr(indices_are_sorted)),
            ("unique_indices", self.bool_attr(unique_indices)),
        ];
        let region = self.region(op, update_computation)?;
        self.add_op(op, &all, &attributes, vec![region], None)
    }

    // ---- contractions ----------------------------------------------------

    /// Vector/matrix product (contracts the last dimension of `lhs` with
    /// the first of `rhs`). Builds the legacy `stablehlo.dot` (result type
    /// inferred).
    pub fn dot(&self, lhs: XlaOp, rhs: XlaOp) -> Result<XlaOp> {
        self.add_single("stablehlo.dot", &[lhs, rhs], &[], Vec::new(), None)
    }

    /// General dot product with batching and contracting dimensions.
    /// Builds `stablehlo.dot_general` (result type inferred).
    pub fn dot_general(&self, lhs: XlaOp, rhs: XlaOp, dimension_numbers: &DotDimensionNumbers) -> Result<XlaOp> {
        self.dot_general_with_precision(lhs, rhs, dimension_numbers, &[])
    }

    /// [`dot_general`](Self::dot_general) with a `precision_config` (none
    /// or one per operand).
    pub fn dot_general_with_precision(
        &self,
        lhs: XlaOp,
        rhs: XlaOp,
        dimension_numbers: &DotDimensionNumbers,
        precision: &[Precision],
    ) -> Result<XlaOp> {
        self.dot_general_with_options(lhs, rhs, dimension_numbers, precision, None)
    }

    /// [`dot_general`](Self::dot_general) with a `precision_config` and a
    /// preferred result element type (e.g. `i32` for `i8` operands): the
    /// dialect infers the result shape, the element type is the one given
    /// (or the dialect's choice when `None`).
    pub fn dot_general_with_options(
        &self,
        lhs: XlaOp,
        rhs: XlaOp,
        dimension_numbers: &DotDimensionNumbers,
        precision: &[Precision],
        preferred_element_type: Option<ElementType>,
    ) -> Result<XlaOp> {
        let op = "stablehlo.dot_general";
        let attributes = self.dot_attributes(op, dimension_numbers, precision, "stablehlo")?;
        let results = self.add_op_with_element_type(op, &[lhs, rhs], &attributes, Vec::new(), None, preferred_element_type)?;
        Ok(results[0])
    }

    /// The `dot_dimension_numbers` and (when `precision` is not empty) the
    /// `precision_config` of `op` (`stablehlo.dot_general` or
    /// `chlo.scaled_dot`); `dialect` is the one whose precision enum `op`
    /// takes (`stablehlo` or `chlo`).
    fn dot_attributes(
        &self,
        op: &str,
        dimension_numbers: &DotDimensionNumbers,
        precision: &[Precision],
        dialect: &str,
    ) -> Result<Vec<(&'static str, Attribute<'static>)>> {
        let dims = dimension_numbers.attribute(self.context()).ok_or_else(|| BuildError::invalid(op, "invalid dot dimension numbers"))?;
        let mut attributes = vec![("dot_dimension_numbers", dims)];
        if !precision.is_empty() {
            let items: Vec<Attribute> = precision
                .iter()
                .map(|p| if dialect == "chlo" { p.chlo_attribute(self.context()) } else { p.attribute(self.context()) })
                .collect();
            attributes.push(("precision_config", ArrayAttribute::new(self.context(), &items).into()));
        }
        Ok(attributes)
    }

    /// XLA's ScaledDot: `dot_general(lhs * lhs_scale, rhs * rhs_scale)`,
    /// each scale repeated over the blocks it covers (a scale dimension
    /// divides its operand's; see `chlo.scaled_dot`). The result shape is
    /// dot_general's; its element type is `preferred_element_type`, or the
    /// dequantization type (e.g. that of f32 operands and scales) when
    /// `None`. Builds `chlo.scaled_dot` (result shape inferred).
    #[allow(clippy::too_many_arguments)]
    pub fn scaled_dot(
        &self,
        lhs: XlaOp,
        lhs_scale: XlaOp,
        rhs: XlaOp,
        rhs_scale: XlaOp,
        dimension_numbers: &DotDimensionNumbers,
        precision: &[Precision],
        preferred_element_type: Option<ElementType>,
    ) -> Result<XlaOp> {
        let op = "chlo.scaled_dot";
        let attributes = self.dot_attributes(op, dimension_numbers, precision, "chlo")?;
        let operands = [lhs, lhs_scale, rhs, rhs_scale];
        let results = self.add_op_with_element_type(op, &operands, &attributes, Vec::new(), None, preferred_element_type)?;
        Ok(results[0])
    }

    /// General convolution (XLA's ConvGeneralDilated): `padding` holds a
    /// `(low, high)` pair per spatial dimension; empty slices mean the
    /// defaults (stride 1, no padding, no dilation). Builds
    /// `stablehlo.convolution` (result type inferred).
    #[allow(clippy::too_many_arguments)]
    pub fn conv_general_dilated(
        &self,
        lhs: XlaOp,
        rhs: XlaOp,
        window_strides: &[i64],
        padding: &[(i64, i64)],
        lhs_dilation: &[i64],
        rhs_dilation: &[i64],
        dimension_numbers: &ConvDimensionNumbers,
        feature_group_count: i64,
        batch_group_count: i64,
    ) -> Result<XlaOp> {
        let op = "stablehlo.convolution";
        if !dimension_numbers.is_permutation() {
            return Err(BuildError::invalid(op, format!("dimension numbers {dimension_numbers:?} repeat a dimension or are out of range")));
        }
        let dims = dimension_numbers.attribute(self.context());
        let mut attributes = vec![
            ("dimension_numbers", dims),
            ("feature_group_count", self.i64_attr(feature_group_count)),
            ("batch_group_count", self.i64_attr(batch_group_count)),
        ];
        if !window_strides.is_empty() {
            attributes.push(("window_strides", self.i64_array(window_strides)));
        }
        if !padding.is_empty() {
            let rows: Vec<Vec<i64>> = padding.iter().map(|&(l, h)| vec![l, h]).collect();
            attributes.push(("padding", self.dense_i64_matrix(op, &rows, 2)?));
        }
        if !lhs_dilation.is_empty() {
            attributes.push(("lhs_dilation", self.i64_array(lhs_dilation)));
        }
        if !rhs_dilation.is_empty() {
            attributes.push(("rhs_dilation", self.i64_array(rhs_dilation)));
        }
        self.add_single(op, &[lhs, rhs], &attributes, Vec::new(), None)
    }

    // ---- reductions and windows ------------------------------------------

    /// Reduces `dimensions` of `operand` with `computation`, starting from
    /// `init_value`. Builds `stablehlo.reduce` (result type inferred).
    pub fn reduce(&self, operand: XlaOp, init_value: XlaOp, computation: &XlaComputation, dimensions: &[i64]) -> Result<XlaOp> {
        Ok(self.reduce_variadic(&[operand], &[init_value], computation, dimensions)?[0])
    }

    /// Variadic [`reduce`](Self::reduce): N operands and N init values, a
    /// computation of 2N scalars to N.
    pub fn reduce_variadic(
        &self,
        operands: &[XlaOp],
        init_values: &[XlaOp],
        computation: &XlaComputation,
        dimensions: &[i64],
    ) -> Result<Vec<XlaOp>> {
        let op = "stablehlo.reduce";
        let mut all = operands.to_vec();
        all.extend_from_slice(init_values);
        let region = self.region(op, computation)?;
        self.add_op(op, &all, &[("dimensions", self.i64_array(dimensions))], vec![region], None)
    }

    /// Reduces each window of `operand`; empty slices mean the defaults
    /// (stride 1, no dilation, no padding). Builds `stablehlo.reduce_window`
    /// (result type inferred).
    #[allow(clippy::too_many_arguments)]
    pub fn reduce_window(
        &self,
        operand: XlaOp,
        init_value: XlaOp,
        computation: &XlaComputation,
        window_dimensions: &[i64],
        window_strides: &[i64],
        base_dilations: &[i64],
        window_dilations: &[i64],
        padding: &[(i64, i64)],
    ) -> Result<XlaOp> {
        Ok(self.reduce_window_variadic(
            &[operand],
            &[init_value],
            computation,
            window_dimensions,
            window_strides,
            base_dilations,
            window_dilations,
            padding,
        )?[0])
    }

    /// Variadic [`reduce_window`](Self::reduce_window).
    #[allow(clippy::too_many_arguments)]
    pub fn reduce_window_variadic(
        &self,
        operands: &[XlaOp],
        init_values: &[XlaOp],
        computation: &XlaComputation,
        window_dimensions: &[i64],
        window_strides: &[i64],
        base_dilations: &[i64],
        window_dilations: &[i64],
        padding: &[(i64, i64)],
    ) -> Result<Vec<XlaOp>> {
        let op = "stablehlo.reduce_window";
        let mut all = operands.to_vec();
        all.extend_from_slice(init_values);
        let mut attributes = vec![("window_dimensions", self.i64_array(window_dimensions))];
        for (name, values) in [("window_strides", window_strides), ("base_dilations", base_dilations), ("window_dilations", window_dilations)] {
            if !values.is_empty() {
                attributes.push((name, self.i64_array(values)));
            }
        }
        if !padding.is_empty() {
            let rows: Vec<Vec<i64>> = padding.iter().map(|&(l, h)| vec![l, h]).collect();
            attributes.push(("padding", self.dense_i64_matrix(op, &rows, 2)?));
        }
        let region = self.region(op, computation)?;
        self.add_op(op, &all, &attributes, vec![region], None)
    }

    /// For each window of `operand`, picks an element with `select` and
    /// scatters the matching `source` element there, combining with
    /// `scatter` from `init_value`. Builds `stablehlo.select_and_scatter`
    /// (result type inferred).
    #[allow(clippy::too_many_arguments)]
    pub fn select_and_scatter(
        &self,
        operand: XlaOp,
        select: &XlaComputation,
        window_dimensions: &[i64],
        window_strides: &[i64],
        padding: &[(i64, i64)],
        source: XlaOp,
        init_value: XlaOp,
        scatter: &XlaComputation,
    ) -> Result<XlaOp> {
        let op = "stablehlo.select_and_scatter";
        let mut attributes = vec![("window_dimensions", self.i64_array(window_dimensions))];
        if !window_strides.is_empty() {
            attributes.push(("window_strides", self.i64_array(window_strides)));
        }
        if !padding.is_empty() {
            let rows: Vec<Vec<i64>> = padding.iter().map(|&(l, h)| vec![l, h]).collect();
            attributes.push(("padding", self.dense_i64_matrix(op, &rows, 2)?));
        }
        let regions = vec![self.region(op, select)?, self.region(op, scatter)?];
        self.add_single(op, &[operand, source, init_value], &attributes, regions, None)
    }

    /// Sorts `operands` together along `dimension` by `comparator` (2N
    /// scalars to a `pred`, "is lhs before rhs"). Builds `stablehlo.sort`
    /// (result types inferred).
    pub fn sort(&self, operands: &[XlaOp], comparator: &XlaComputation, dimension: i64, is_stable: bool) -> Result<Vec<XlaOp>> {
        let op = "stablehlo.sort";
        let attributes = [("dimension", self.i64_attr(dimension)), ("is_stable", self.bool_attr(is_stable))];
        let region = self.region(op, comparator)?;
        self.add_op(op, operands, &attributes, vec![region], None)
    }

    /// Applies `computation` (N scalars to one) element-wise over
    /// `operands`. Builds `stablehlo.map` (result type inferred).
    pub fn map(&self, operands: &[XlaOp], computation: &XlaComputation, dimensions: &[i64]) -> Result<XlaOp> {
        let op = "stablehlo.map";
        let region = self.region(op, computation)?;
        self.add_single(op, operands, &[("dimensions", self.i64_array(dimensions))], vec![region], None)
    }

    /// XLA's Scan: applies `to_apply` (`m` input elements and `k` carries to
    /// `n` outputs and `k` new carries) along `scan_dimension` of `inputs`,
    /// from index 0 up (or from the last index down when `is_reverse`),
    /// starting from `inits`. Returns the `n` outputs (the per-step values
    /// stacked along `scan_dimension`), then the `k` final carries.
    /// `is_associative` is the seed's tri-state hint (`None`: unknown).
    /// Builds `chlo.scan` (result types inferred).
    pub fn scan(
        &self,
        inputs: &[XlaOp],
        inits: &[XlaOp],
        to_apply: &XlaComputation,
        scan_dimension: i64,
        is_reverse: bool,
        is_associative: Option<bool>,
    ) -> Result<Vec<XlaOp>> {
        let op = "chlo.scan";
        let mut all = inputs.to_vec();
        all.extend_from_slice(inits);
        let mut attributes = vec![
            ("dimension", self.i64_attr(scan_dimension)),
            ("is_reverse", self.bool_attr(is_reverse)),
            ("operandSegmentSizes", DenseI32ArrayAttribute::new(self.context(), &[inputs.len() as i32, inits.len() as i32]).into()),
        ];
        if let Some(associative) = is_associative {
            attributes.push(("is_associative", self.bool_attr(associative)));
        }
        let region = self.region(op, to_apply)?;
        self.add_op(op, &all, &attributes, vec![region], None)
    }

    // ---- control flow ----------------------------------------------------

    /// Loops while `condition` (the loop values to a `pred` scalar) holds,
    /// replacing the values by `body`'s results. Builds `stablehlo.while`
    /// (result types inferred).
    pub fn while_loop(&self, condition: &XlaComputation, body: &XlaComputation, initial: &[XlaOp]) -> Result<Vec<XlaOp>> {
        let op = "stablehlo.while";
        let regions = vec![self.region(op, condition)?, self.region(op, body)?];
        self.add_op(op, initial, &[], regions, None)
    }

    /// `pred ? true_computation(true_operands) : false_computation(false_operands)`.
    /// Builds `stablehlo.if`, whose branches use the operands from above
    /// (result types inferred).
    pub fn conditional(
        &self,
        pred: XlaOp,
        true_operands: &[XlaOp],
        true_computation: &XlaComputation,
        false_operands: &[XlaOp],
        false_computation: &XlaComputation,
    ) -> Result<Vec<XlaOp>> {
        let op = "stablehlo.if";
        let regions = vec![
            self.capturing_region(op, true_computation, true_operands)?,
            self.capturing_region(op, false_computation, false_operands)?,
        ];
        self.add_op(op, &[pred], &[], regions, None)
    }

    /// Runs branch `index` (an `i32` scalar; out of range means the last)
    /// on its operands. Builds `stablehlo.case` (result types inferred).
    pub fn case(&self, index: XlaOp, branches: &[(&[XlaOp], &XlaComputation)]) -> Result<Vec<XlaOp>> {
        let op = "stablehlo.case";
        let regions =
            branches.iter().map(|(operands, computation)| self.capturing_region(op, computation, operands)).collect::<Result<Vec<_>>>()?;
        self.add_op(op, &[index], &[], regions, None)
    }

    /// A tuple of `elements`. Builds `stablehlo.tuple` (result type inferred).
    pub fn tuple(&self, elements: &[XlaOp]) -> Result<XlaOp> {
        self.add_single("stablehlo.tuple", elements, &[], Vec::new(), None)
    }

    /// Element `index` of a tuple. Builds `stablehlo.get_tuple_element`
    /// (result type inferred).
    pub fn get_tuple_element(&self, tuple: XlaOp, index: i64) -> Result<XlaOp> {
        let op = "stablehlo.get_tuple_element";
        let index = i32::try_from(index).map_err(|_| BuildError::invalid(op, format!("tuple index {index} is out of range")))?;
        self.add_single(op, &[tuple], &[("index", self.i32_attr(index))], Vec::new(), None)
    }

    /// The operands, unchanged, as a barrier to optimizations. Builds
    /// `stablehlo.optimization_barrier` (result types inferred).
    pub fn optimization_barrier(&self, operands: &[XlaOp]) -> Result<Vec<XlaOp>> {
        self.add_op("stablehlo.optimization_barrier", operands, &[], Vec::new(), None)
    }

    // ---- misc ------------------------------------------------------------

    /// Discrete Fourier transform of the `fft_length` minor dimensions.
    /// Builds `stablehlo.fft` (result type inferred).
    pub fn fft(&self, operand: XlaOp, fft_type: FftType, fft_length: &[i64]) -> Result<XlaOp> {
        let attributes = [("fft_type", fft_type.attribute(self.context())), ("fft_length", self.i64_array(fft_length))];
        self.add_single("stablehlo.fft", &[operand], &attributes, Vec::new(), None)
    }

    /// Cholesky factor of (batches of) symmetric positive definite
    /// matrices. Builds `stablehlo.cholesky` (result type inferred).
    pub fn cholesky(&self, a: XlaOp, lower: bool) -> Result<XlaOp> {
        self.add_single("stablehlo.cholesky", &[a], &[("lower", self.bool_attr(lower))], Vec::new(), None)
    }

    /// Solves `op(a) x = b` (`left_side`) or `x op(a) = b` for triangular
    /// `a`. Builds `stablehlo.triangular_solve` (result type inferred).
    pub fn triangular_solve(&self, a: XlaOp, b: XlaOp, left_side: bool, lower: bool, unit_diagonal: bool, transpose_a: Transpose) -> Result<XlaOp> {
        let attributes = [
            ("left_side", self.bool_attr(left_side)),
            ("lower", self.bool_attr(lower)),
            ("unit_diagonal", self.bool_attr(unit_diagonal)),
            ("transpose_a", transpose_a.attribute(self.context())),
        ];
        self.add_single("stablehlo.triangular_solve", &[a, b], &attributes, Vec::new(), None)
    }

    fn batch_norm_attributes(&self, epsilon: f32, feature_index: i64) -> [(&'static str, Attribute<'static>); 2] {
        [("epsilon", self.f32_attr(epsilon)), ("feature_index", self.i64_attr(feature_index))]
    }

    /// Normalizes with batch statistics; returns (output, batch mean, batch
    /// variance). Builds `stablehlo.batch_norm_training` (result types inferred).
    pub fn batch_norm_training(&self, operand: XlaOp, scale: XlaOp, offset: XlaOp, epsilon: f32, feature_index: i64) -> Result<(XlaOp, XlaOp, XlaOp)> {
        let results = self.add_op(
            "stablehlo.batch_norm_training",
            &[operand, scale, offset],
            &self.batch_norm_attributes(epsilon, feature_index),
            Vec::new(),
            None,
        )?;
        Ok((results[0], results[1], results[2]))
    }

    /// Normalizes with the given statistics. Builds
    /// `stablehlo.batch_norm_inference` (result type inferred).
    #[allow(clippy::too_many_arguments)]
    pub fn batch_norm_inference(
        &self,
        operand: XlaOp,
        scale: XlaOp,
        offset: XlaOp,
        mean: XlaOp,
        variance: XlaOp,
        epsilon: f32,
        feature_index: i64,
    ) -> Result<XlaOp> {
        self.add_single(
            "stablehlo.batch_norm_inference",
            &[operand, scale, offset, mean, variance],
            &self.batch_norm_attributes(epsilon, feature_index),
            Vec::new(),
            None,
        )
    }

    /// Gradients of batch normalization; returns (grad operand, grad scale,
    /// grad offset). Builds `stablehlo.batch_norm_grad` (result types inferred).
    #[allow(clippy::too_many_arguments)]
    pub fn batch_norm_grad(
        &self,
        operand: XlaOp,
        scale: XlaOp,
        mean: XlaOp,
        variance: XlaOp,
        grad_output: XlaOp,
        epsilon: f32,
        feature_index: i64,
    ) -> Result<(XlaOp, XlaOp, XlaOp)> {
        let results = self.add_op(
            "stablehlo.batch_norm_grad",
            &[operand, scale, mean, variance, grad_output],
            &self.batch_norm_attributes(epsilon, feature_index),
            Vec::new(),
            None,
        )?;
        Ok((results[0], results[1], results[2]))
    }

    /// Random bits of `shape` from `initial_state`; returns (new state,
    /// bits). Builds `stablehlo.rng_bit_generator` with the output type given
    /// by `shape` (the state keeps its type).
    pub fn rng_bit_generator(&self, algorithm: RngAlgorithm, initial_state: XlaOp, shape: &Shape) -> Result<(XlaOp, XlaOp)> {
        let op = "stablehlo.rng_bit_generator";
        let state = self.get_shape(initial_state)?;
        let attributes = [("rng_algorithm", algorithm.attribute(self.context()))];
        let results = self.add_op(op, &[initial_state], &attributes, Vec::new(), Some(&[state, shape.clone()]))?;
        Ok((results[0], results[1]))
    }

    /// Random numbers of dimensions `dims` (uniform in `[a, b)` or normal
    /// with mean `a` and deviation `b`). Builds `stablehlo.rng` with the
    /// result type given by `dims` and the element type of `a`.
    pub fn rng(&self, a: XlaOp, b: XlaOp, dims: &[i64], distribution: RngDistribution) -> Result<XlaOp> {
        let op = "stablehlo.rng";
        let (element_type, _) = self.array_shape(op, 0, a)?;
        let shape = self.constant_r1(dims)?;
        let attributes = [("rng_distribution", distribution.attribute(self.context()))];
        self.add_single(op, &[a, b, shape], &attributes, Vec::new(), Some(&[Shape::array(element_type, dims)]))
    }

    /// A call of the external function `target`, with the given result
    /// shapes. Builds `stablehlo.custom_call` (result types as given).
    pub fn custom_call(
        &self,
        target: &str,
        operands: &[XlaOp],
        result_shapes: &[Shape],
        has_side_effect: bool,
        backend_config: &str,
        api_version: CustomCallApiVersion,
    ) -> Result<Vec<XlaOp>> {
        let op = "stablehlo.custom_call";
        let attributes = [
            ("call_target_name", self.string_attr(target)),
            ("has_side_effect", self.bool_attr(has_side_effect)),
            ("backend_config", self.string_attr(backend_config)),
            ("api_version", api_version.attribute(self.context())),
        ];
        self.add_op(op, operands, &attributes, Vec::new(), Some(result_shapes))
    }

    /// The size of dimension `dimension` as an `i32` scalar. Builds
    /// `stablehlo.get_dimension_size` (result type inferred).
    pub fn get_dimension_size(&self, operand: XlaOp, dimension: i64) -> Result<XlaOp> {
        self.add_single("stablehlo.get_dimension_size", &[operand], &[("dimension", self.i64_attr(dimension))], Vec::new(), None)
    }

    // ---- collectives (across the replicas of `CompileOptions::num_replicas`;
    //      `replica_groups` name replica ids, cross_replica mode) -----------

    /// `replica_groups` as the dense attribute (all groups of equal size).
    fn replica_groups(&self, op: &str, groups: &[Vec<i64>]) -> Result<(&'static str, Attribute<'static>)> {
        let width = groups.first().map_or(0, Vec::len);
        if groups.iter().any(|g| g.len() != width) {
            return Err(BuildError::invalid(op, "replica groups must all have the same size"));
        }
        Ok(("replica_groups", self.dense_i64_matrix(op, groups, width)?))
    }

    /// Reduces `operand` across the replicas of each group with
    /// `computation`. Builds `stablehlo.all_reduce` (result type inferred).
    pub fn all_reduce(&self, operand: XlaOp, computation: &XlaComputation, replica_groups: &[Vec<i64>]) -> Result<XlaOp> {
        let op = "stablehlo.all_reduce";
        let region = self.region(op, computation)?;
        self.add_single(op, &[operand], &[self.replica_groups(op, replica_groups)?], vec![region], None)
    }

    /// Concatenates `operand` of every replica of a group along
    /// `all_gather_dim`. Builds `stablehlo.all_gather` (result type inferred).
    pub fn all_gather(&self, operand: XlaOp, all_gather_dim: i64, replica_groups: &[Vec<i64>]) -> Result<XlaOp> {
        let op = "stablehlo.all_gather";
        let attributes = [("all_gather_dim", self.i64_attr(all_gather_dim)), self.replica_groups(op, replica_groups)?];
        self.add_single(op, &[operand], &attributes, Vec::new(), None)
    }

    /// Reduces across a group and scatters the parts along
    /// `scatter_dimension`. Builds `stablehlo.reduce_scatter` (result type inferred).
    pub fn reduce_scatter(&self, operand: XlaOp, scatter_dimension: i64, computation: &XlaComputation, replica_groups: &[Vec<i64>]) -> Result<XlaOp> {
        let op = "stablehlo.reduce_scatter";
        let attributes = [("scatter_dimension", self.i64_attr(scatter_dimension)), self.replica_groups(op, replica_groups)?];
        let region = self.region(op, computation)?;
        self.add_single(op, &[operand], &attributes, vec![region], None)
    }

    /// Splits along `split_dimension`, exchanges the parts within a group
    /// and concatenates along `concat_dimension`. Builds
    /// `stablehlo.all_to_all` (result type inferred).
    pub fn all_to_all(
        &self,
        operand: XlaOp,
        split_dimension: i64,
        concat_dimension: i64,
        split_count: i64,
        replica_groups: &[Vec<i64>],
    ) -> Result<XlaOp> {
        let op = "stablehlo.all_to_all";
        let attributes = [
            ("split_dimension", self.i64_attr(split_dimension)),
            ("concat_dimension", self.i64_attr(concat_dimension)),
            ("split_count", self.i64_attr(split_count)),
            self.replica_groups(op, replica_groups)?,
        ];
        self.add_single(op, &[operand], &attributes, Vec::new(), None)
    }

    /// Sends `operand` from each source replica to its target (others get
    /// zeros). Builds `stablehlo.collective_permute` (result type inferred).
    pub fn collective_permute(&self, operand: XlaOp, source_target_pairs: &[(i64, i64)]) -> Result<XlaOp> {
        let rows: Vec<Vec<i64>> = source_target_pairs.iter().map(|&(s, t)| vec![s, t]).collect();
        let op = "stablehlo.collective_permute";
        self.add_single(op, &[operand], &[("source_target_pairs", self.dense_i64_matrix(op, &rows, 2)?)], Vec::new(), None)
    }

    /// Broadcasts the first replica's `operand` within each group. Builds
    /// `stablehlo.collective_broadcast` (result type inferred).
    pub fn collective_broadcast(&self, operand: XlaOp, replica_groups: &[Vec<i64>]) -> Result<XlaOp> {
        let op = "stablehlo.collective_broadcast";
        self.add_single(op, &[operand], &[self.replica_groups(op, replica_groups)?], Vec::new(), None)
    }

    /// This replica's id (a `ui32` scalar). Builds `stablehlo.replica_id`
    /// (result type inferred).
    pub fn replica_id(&self) -> Result<XlaOp> {
        self.add_single("stablehlo.replica_id", &[], &[], Vec::new(), None)
    }

    /// This partition's id (a `ui32` scalar). Builds
    /// `stablehlo.partition_id` (result type inferred).
    pub fn partition_id(&self) -> Result<XlaOp> {
        self.add_single("stablehlo.partition_id", &[], &[], Vec::new(), None)
    }

    /// A fresh token. Builds `stablehlo.create_token` (result type inferred).
    pub fn create_token(&self) -> Result<XlaOp> {
        self.add_single("stablehlo.create_token", &[], &[], Vec::new(), None)
    }

    /// A token after all of `tokens`. Builds `stablehlo.after_all` (result
    /// type inferred).
    pub fn after_all(&self, tokens: &[XlaOp]) -> Result<XlaOp> {
        self.add_single("stablehlo.after_all", tokens, &[], Vec::new(), None)
    }

    // ---- host transfers (run with `Executable::execute_with_host_transfer`;
    //      ordered by their tokens) ------------------------------------------

    /// Splits the results of an op returning tensors then a token.
    fn values_and_token(op: &str, mut results: Vec<XlaOp>) -> Result<(Vec<XlaOp>, XlaOp)> {
        let token = results.pop().ok_or_else(|| BuildError::invalid(op, "no token result"))?;
        Ok((results, token))
    }

    /// Reads the next infeed value, one tensor per shape of `shapes` (arrays),
    /// after `token`; returns the tensors and a token. Builds
    /// `stablehlo.infeed` (result types as given).
    pub fn infeed(&self, token: XlaOp, shapes: &[Shape], config: &str) -> Result<(Vec<XlaOp>, XlaOp)> {
        let op = "stablehlo.infeed";
        let mut results = shapes.to_vec();
        results.push(Shape::Token);
        let values = self.add_op(op, &[token], &[("infeed_config", self.string_attr(config))], Vec::new(), Some(&results))?;
        Self::values_and_token(op, values)
    }

    /// Writes `operands` to the outfeed after `token`; returns a token.
    /// Builds `stablehlo.outfeed`.
    pub fn outfeed(&self, operands: &[XlaOp], token: XlaOp, config: &str) -> Result<XlaOp> {
        let mut all = operands.to_vec();
        all.push(token);
        self.add_single("stablehlo.outfeed", &all, &[("outfeed_config", self.string_attr(config))], Vec::new(), Some(&[Shape::Token]))
    }

    /// Sends `operands` to the host on `channel` after `token`; returns a
    /// token. Builds `stablehlo.send` with `is_host_transfer = true`
    /// (channel type DEVICE_TO_HOST).
    pub fn send_to_host(&self, operands: &[XlaOp], token: XlaOp, channel: i64) -> Result<XlaOp> {
        let mut all = operands.to_vec();
        all.push(token);
        let attributes = [
            ("channel_handle", xla_dialects::channel_handle_attribute(self.context(), channel, 2)),
            ("is_host_transfer", self.bool_attr(true)),
        ];
        self.add_single("stablehlo.send", &all, &attributes, Vec::new(), Some(&[Shape::Token]))
    }

    /// Receives one tensor per shape of `shapes` from the host on `channel`
    /// after `token`; returns the tensors and a token. Builds
    /// `stablehlo.recv` with `is_host_transfer = true` (channel type
    /// HOST_TO_DEVICE).
    pub fn recv_from_host(&self, token: XlaOp, shapes: &[Shape], channel: i64) -> Result<(Vec<XlaOp>, XlaOp)> {
        let op = "stablehlo.recv";
        let mut results = shapes.to_vec();
        results.push(Shape::Token);
        let attributes = [
            ("channel_handle", xla_dialects::channel_handle_attribute(self.context(), channel, 3)),
            ("is_host_transfer", self.bool_attr(true)),
        ];
        let values = self.add_op(op, &[token], &attributes, Vec::new(), Some(&results))?;
        Self::values_and_token(op, values)
    }
}
