//! Result type inference through the C API (`enable_result_type_inference`),
//! as the Rust builders use it: the shape functions of
//! lib/StableHLO/ShapeInference.cpp give the result types, and a broken rule
//! makes `build()` fail with a diagnostic that names the op and the rule.

use std::{cell::RefCell, rc::Rc};

use melior::{
    Context,
    ir::{
        Attribute, Block, BlockLike, Identifier, Location, Operation, Region, RegionLike, Type, Value,
        operation::{OperationBuilder, OperationLike},
        ValueLike,
    },
};
use xla_dialects::create_context;

/// Collects every diagnostic message emitted on `context`.
fn capture(context: &Context) -> Rc<RefCell<Vec<String>>> {
    let messages = Rc::new(RefCell::new(Vec::new()));
    let sink = messages.clone();
    context.attach_diagnostic_handler(move |diagnostic| {
        sink.borrow_mut().push(diagnostic.to_string());
        true
    });
    messages
}

fn ty<'c>(context: &'c Context, text: &str) -> Type<'c> {
    Type::parse(context, text).unwrap_or_else(|| panic!("type {text}"))
}

fn attr<'c>(context: &'c Context, text: &str) -> (Identifier<'c>, Attribute<'c>) {
    let (name, value) = text.split_once('=').unwrap();
    (
        Identifier::new(context, name.trim()),
        Attribute::parse(context, value.trim()).unwrap_or_else(|| panic!("attribute {text}")),
    )
}

/// Builds `name` on `operands` (of `types`, as block arguments) with
/// inferred result types.
fn infer<'c>(
    context: &'c Context,
    block: &Block<'c>,
    name: &str,
    types: &[&str],
    attributes: &[&str],
    regions: Vec<Region<'c>>,
) -> Result<Vec<String>, melior::Error> {
    let location = Location::unknown(context);
    let first = block.argument_count();
    for text in types {
        block.add_argument(ty(context, text), location);
    }
    let operands: Vec<Value> = (0..types.len()).map(|i| block.argument(first + i).unwrap().into()).collect();
    let attributes: Vec<_> = attributes.iter().map(|text| attr(context, text)).collect();
    let operation: Operation = OperationBuilder::new(name, location)
        .add_operands(&operands)
        .add_attributes(&attributes)
        .add_regions_vec(regions)
        .enable_result_type_inference()
        .build()?;
    let results = operation.results().map(|result| result.r#type().to_string()).collect();
    Ok(results)
}

#[test]
fn inferred_result_types() {
    let context = create_context();
    let block = Block::new(&[]);
    let dot = infer(
        &context,
        &block,
        "stablehlo.dot_general",
        &["tensor<2x3x4xf32>", "tensor<2x4x5xf32>"],
        &["dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], \
           lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>"],
        vec![],
    );
    assert_eq!(dot.unwrap(), ["tensor<2x3x5xf32>"]);
    // Dynamic dimensions: the most static of the operands' sizes.
    let add = infer(&context, &block, "stablehlo.add", &["tensor<?x3xf32>", "tensor<2x?xf32>"], &[], vec![]);
    assert_eq!(add.unwrap(), ["tensor<2x3xf32>"]);
    let transpose =
        infer(&context, &block, "stablehlo.transpose", &["tensor<2x?xf32>"], &["permutation = array<i64: 1, 0>"], vec![]);
    assert_eq!(transpose.unwrap(), ["tensor<?x2xf32>"]);
    let compare = infer(
        &context,
        &block,
        "stablehlo.compare",
        &["tensor<4xf32>", "tensor<4xf32>"],
        &["comparison_direction = #stablehlo<comparison_direction GT>"],
        vec![],
    );
    assert_eq!(compare.unwrap(), ["tensor<4xi1>"]);
    let abs = infer(&context, &block, "stablehlo.abs", &["tensor<3xcomplex<f64>>"], &[], vec![]);
    assert_eq!(abs.unwrap(), ["tensor<3xf64>"]);
    let pad = infer(
        &context,
        &block,
        "stablehlo.pad",
        &["tensor<2x3xf32>", "tensor<f32>"],
        &[
            "edge_padding_low = array<i64: 1, -1>",
            "edge_padding_high = array<i64: 0, 2>",
            "interior_padding = array<i64: 1, 0>",
        ],
        vec![],
    );
    assert_eq!(pad.unwrap(), ["tensor<4x4xf32>"]);
    // 8x8 input, padding 1, 3x3 kernel, stride 2: (8 + 2 - 3) / 2 + 1 = 4;
    // the batch is unknown.
    let convolution = infer(
        &context,
        &block,
        "stablehlo.convolution",
        &["tensor<?x8x8x3xf32>", "tensor<3x3x3x16xf32>"],
        &[
            "dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>",
            "feature_group_count = 1 : i64",
            "batch_group_count = 1 : i64",
            "window_strides = array<i64: 2, 2>",
            "padding = dense<1> : tensor<2x2xi64>",
        ],
        vec![],
    );
    assert_eq!(convolution.unwrap(), ["tensor<?x4x4x16xf32>"]);
    let sliced = infer(
        &context,
        &block,
        "stablehlo.dynamic_slice",
        &["tensor<5x6xf32>", "tensor<i32>", "tensor<i32>"],
        &["slice_sizes = array<i64: 2, 3>"],
        vec![],
    );
    assert_eq!(sliced.unwrap(), ["tensor<2x3xf32>"]);

    // reduce reads its body: attach the region before building.
    let location = Location::unknown(&context);
    let scalar = ty(&context, "tensor<f32>");
    let body = Block::new(&[(scalar, location), (scalar, location)]);
    let sum = body.append_operation(
        OperationBuilder::new("stablehlo.add", location)
            .add_operands(&[body.argument(0).unwrap().into(), body.argument(1).unwrap().into()])
            .enable_result_type_inference()
            .build()
            .unwrap(),
    );
    body.append_operation(
        OperationBuilder::new("stablehlo.return", location)
            .add_operands(&[sum.result(0).unwrap().into()])
            .build()
            .unwrap(),
    );
    let region = Region::new();
    region.append_block(body);
    let reduce = infer(
        &context,
        &block,
        "stablehlo.reduce",
        &["tensor<4x3xf32>", "tensor<f32>"],
        &["dimensions = array<i64: 1>"],
        vec![region],
    );
    assert_eq!(reduce.unwrap(), ["tensor<4xf32>"]);
}

#[test]
fn broken_rules_name_the_op() {
    let context = create_context();
    let messages = capture(&context);
    let block = Block::new(&[]);
    let expect_error = |name: &str, types: &[&str], attributes: &[&str], expected: &str| {
        messages.borrow_mut().clear();
        let result = infer(&context, &block, name, types, attributes, vec![]);
        assert!(result.is_err(), "{name} should not build: {result:?}");
        let text = messages.borrow().join("\n");
        assert!(text.contains(expected), "{name}: expected {expected:?} in {text:?}");
    };
    expect_error(
        "stablehlo.dot_general",
        &["tensor<2x3xf32>", "tensor<4x5xf32>"],
        &["dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>"],
        "'stablehlo.dot_general' op contracting dimensions lhs[1] (size 3) and rhs[0] (size 4) differ in size",
    );
    expect_error(
        "stablehlo.dot_general",
        &["tensor<2x3xf32>", "tensor<3x5xf32>"],
        &["dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>"],
        "'stablehlo.dot_general' op lhs_contracting_dimensions has 2, out of range for a lhs of rank 2",
    );
    // A missing attribute is an error, not a crash.
    expect_error("stablehlo.dot_general", &["tensor<2x3xf32>", "tensor<3x5xf32>"], &[], "'stablehlo.dot_general' op");
    expect_error("stablehlo.transpose", &["tensor<2x3xf32>"], &[], "'stablehlo.transpose' op requires the attribute 'permutation'");
    expect_error(
        "stablehlo.transpose",
        &["tensor<2x3xf32>"],
        &["permutation = array<i64: 0, 0>"],
        "'stablehlo.transpose' op dims must be a permutation of [0, 2)",
    );
    expect_error(
        "stablehlo.add",
        &["tensor<4xf32>", "tensor<5xf32>"],
        &[],
        "'stablehlo.add' op requires all operands to have the same shape",
    );
    expect_error(
        "stablehlo.concatenate",
        &["tensor<2x3xf32>", "tensor<2x4xf32>"],
        &["dimension = 0 : i64"],
        "'stablehlo.concatenate' op input 1 has size 4 in dimension 1, input 0 has 3",
    );
    // An attribute of the wrong kind is an error, not a crash.
    expect_error("stablehlo.transpose", &["tensor<2x3xf32>"], &["permutation = 1 : i64"], "permutation");
    expect_error(
        "stablehlo.convolution",
        &["tensor<1x8x8x3xf32>", "tensor<3x3x4x16xf32>"],
        &[
            "dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>",
            "feature_group_count = 1 : i64",
            "batch_group_count = 1 : i64",
        ],
        "'stablehlo.convolution' op input feature size 3 must equal kernel input feature size 4 times feature_group_count 1",
    );
    // reduce without its body region, and with an init value of the wrong type.
    expect_error(
        "stablehlo.reduce",
        &["tensor<4x3xf32>", "tensor<i32>"],
        &["dimensions = array<i64: 1>"],
        "'stablehlo.reduce' op init value of type 'tensor<i32>' must be a rank-0 tensor of the element type of 'tensor<4x3xf32>'",
    );
}
