//! insta snapshots of each precision pass and option on small inputs: the
//! printed module, the `--stats` counts, and warnings.

mod common;

use common::*;

/// Runs passes on `testdata/small/NAME` and renders output, stats and warnings.
fn rewrite(name: &str, passes: &[&str]) -> String {
    let text = std::fs::read_to_string(root().join("testdata/small").join(name)).expect("testdata");
    let mut m = hlo_opt::front::parse_str(name, &text).unwrap_or_else(|e| panic!("{e}"));
    let specs: Vec<String> = passes.iter().map(|s| s.to_string()).collect();
    let stats = hlo_opt::passes::Pipeline::from_specs(&specs)
        .expect("pipeline")
        .run(&mut m)
        .expect("runs");
    let out = hlo_opt::back::print_to_string(&m);
    // The output must parse again, to the same text.
    let again =
        hlo_opt::front::parse_str("again.mlir", &out).unwrap_or_else(|e| panic!("{e}\n{out}"));
    assert_eq!(hlo_opt::back::print_to_string(&again), out);
    let warnings: Vec<&String> = stats.warnings().collect();
    format!("{out}\n---- stats\n{stats}---- warnings\n{warnings:#?}\n")
}

#[test]
fn f16_matmul_weight_argument() {
    insta::assert_snapshot!(rewrite("matmul.mlir", &["f16-matmul"]));
}

#[test]
fn bf16_matmul_weight_argument() {
    insta::assert_snapshot!(rewrite("matmul.mlir", &["bf16-matmul"]));
}

#[test]
fn f16_matmul_convolution() {
    insta::assert_snapshot!(rewrite("conv.mlir", &["f16-matmul"]));
}

#[test]
fn f16_matmul_attention_block() {
    insta::assert_snapshot!(rewrite("attention.mlir", &["f16-matmul"]));
}

#[test]
fn f16_matmul_tied_embeddings() {
    insta::assert_snapshot!(rewrite("tied.mlir", &["f16-matmul"]));
}

#[test]
fn f16_matmul_constant_weights_and_overflow() {
    insta::assert_snapshot!(rewrite("const_weights.mlir", &["f16-matmul"]));
}

#[test]
fn f16_matmul_overflow_clamp() {
    insta::assert_snapshot!(rewrite(
        "const_weights.mlir",
        &["f16-matmul{overflow=clamp}"]
    ));
}

#[test]
fn f16_matmul_weights_convert_keeps_signature() {
    insta::assert_snapshot!(rewrite("attention.mlir", &["f16-matmul{weights=convert}"]));
}

#[test]
fn f16_matmul_min_elements_and_exclude() {
    insta::assert_snapshot!(rewrite(
        "attention.mlir",
        &["f16-matmul{min-elements=1000,exclude=scores}"]
    ));
}

#[test]
fn f16_matmul_exclude_by_argument_name() {
    insta::assert_snapshot!(rewrite("attention.mlir", &["f16-matmul{exclude=wk}"]));
}

#[test]
fn f16_matmul_only_convolutions() {
    insta::assert_snapshot!(rewrite("attention.mlir", &["f16-matmul{ops=convolution}"]));
}

#[test]
fn f16_graph_norm_with_islands_and_overflow() {
    insta::assert_snapshot!(rewrite("norm_mask.mlir", &["f16"]));
}

#[test]
fn f16_graph_overflow_clamp() {
    insta::assert_snapshot!(rewrite("norm_mask.mlir", &["f16{overflow=clamp}"]));
}

#[test]
fn bf16_graph_narrow_io() {
    insta::assert_snapshot!(rewrite("norm_mask.mlir", &["bf16{keep-io=false}"]));
}

#[test]
fn f16_graph_attention_block() {
    insta::assert_snapshot!(rewrite("attention.mlir", &["f16"]));
}

/// A region that reads a narrowed value of the enclosing block gets it
/// widened back inside the region (a fuzz finding: f16 left the region
/// reading an f16 value as f32).
#[test]
fn f16_graph_region_reading_an_outer_value() {
    insta::assert_snapshot!(rewrite("region_capture.mlir", &["f16"]));
}

#[test]
fn f16_matmul_then_f16_graph() {
    insta::assert_snapshot!(rewrite("tied.mlir", &["f16-matmul", "f16"]));
}

#[test]
fn weight_layout_contracting_first() {
    insta::assert_snapshot!(rewrite("outin.mlir", &["weight-layout"]));
}

#[test]
fn weight_layout_contracting_last() {
    insta::assert_snapshot!(rewrite(
        "outin.mlir",
        &["weight-layout{order=contracting-last}"]
    ));
}

#[test]
fn weight_layout_then_f16_matmul() {
    insta::assert_snapshot!(rewrite("outin.mlir", &["weight-layout", "f16-matmul"]));
}

#[test]
fn weight_layout_panels() {
    insta::assert_snapshot!(rewrite("panels.mlir", &["weight-layout{order=panels}"]));
}

#[test]
fn weight_layout_panels_width_and_rows() {
    insta::assert_snapshot!(rewrite(
        "panels.mlir",
        &["weight-layout{order=panels,panel-width=4,max-rows=1}"]
    ));
}

#[test]
fn weight_layout_panels_then_int8_weights() {
    insta::assert_snapshot!(rewrite(
        "panels.mlir",
        &["weight-layout{order=panels}", "int8-weights"]
    ));
}

#[test]
fn weight_layout_panels_then_int8_activations() {
    insta::assert_snapshot!(rewrite(
        "panels.mlir",
        &[
            "weight-layout{order=panels}",
            "int8-weights{activations=int8}"
        ]
    ));
}

#[test]
fn weight_layout_panels_then_f16_matmul() {
    insta::assert_snapshot!(rewrite(
        "panels.mlir",
        &["weight-layout{order=panels}", "f16-matmul"]
    ));
}

#[test]
fn weight_layout_tied_embeddings_lookup_follows() {
    insta::assert_snapshot!(rewrite("tied.mlir", &["weight-layout"]));
}

#[test]
fn weight_layout_panels_tied_embeddings() {
    insta::assert_snapshot!(rewrite(
        "tied_lookup.mlir",
        &["weight-layout{order=panels}"]
    ));
}

#[test]
fn weight_layout_panels_then_int8_tied_embeddings() {
    insta::assert_snapshot!(rewrite(
        "tied_lookup.mlir",
        &[
            "weight-layout{order=panels}",
            "int8-weights{activations=int8}"
        ]
    ));
}

#[test]
fn int8_weights_tied_embeddings() {
    insta::assert_snapshot!(rewrite("tied_lookup.mlir", &["int8-weights"]));
}

#[test]
fn int8_weights_four_bit_stores_tied_table_per_row() {
    insta::assert_snapshot!(rewrite("tied_lookup.mlir", &["int8-weights{bits=4}"]));
}

/// A contraction of 96 with groups of 64 asked: groups of 32, counted
/// (`affine4-smaller-group`) and warned about.
#[test]
fn int8_weights_four_bit_halves_a_group_that_does_not_divide() {
    let out = rewrite("group_halving.mlir", &["int8-weights{bits=4}"]);
    assert!(out.contains("group=32"), "{out}");
    assert!(out.contains("affine4-smaller-group: 1"), "{out}");
    assert!(out.contains("groups smaller than 64"), "{out}");
    insta::assert_snapshot!(out);
}

/// Nibbles in panels: the `ui4` integers are re-stored as `i4` values
/// `v - 8` (`signed4()` in the recipe) and `8 s` joins the bias term.
#[test]
fn fuse_dequant_panels_store_nibbles_as_signed_i4() {
    insta::assert_snapshot!(rewrite(
        "attention.mlir",
        &[
            "int8-weights{bits=4,group-size=8,storage=nibbles}",
            "fuse-dequant{panel-width=8}"
        ]
    ));
}

/// `--preset cpu-int4`: the tied table is panelled first (`only=tied`),
/// stored per row in int8 there, and the lookup reads its rows from it.
#[test]
fn cpu_int4_preset_panels_the_tied_table() {
    let passes = hlo_opt::passes::preset("cpu-int4").expect("preset");
    let passes: Vec<&str> = passes.iter().map(String::as_str).collect();
    insta::assert_snapshot!(rewrite("tied_lookup.mlir", &passes));
}

#[test]
fn int8_weights_per_channel_argument() {
    insta::assert_snapshot!(rewrite("matmul.mlir", &["int8-weights"]));
}

#[test]
fn int8_weights_grouped_after_weight_layout() {
    insta::assert_snapshot!(rewrite(
        "outin.mlir",
        &["weight-layout", "int8-weights{group-size=2}"]
    ));
}

#[test]
fn int8_weights_constants_behind_a_barrier() {
    insta::assert_snapshot!(rewrite("const_weights.mlir", &["int8-weights"]));
}

#[test]
fn int8_weights_convolution_per_output_feature() {
    insta::assert_snapshot!(rewrite("conv.mlir", &["int8-weights"]));
}

#[test]
fn int8_weights_grouped_split_contraction() {
    insta::assert_snapshot!(rewrite(
        "attention.mlir",
        &["int8-weights{group-size=8,group-form=split}"]
    ));
}

#[test]
fn int8_weights_and_activations() {
    insta::assert_snapshot!(rewrite("matmul.mlir", &["int8-weights{activations=int8}"]));
}

#[test]
fn int8_weights_four_bit_bytes() {
    insta::assert_snapshot!(rewrite(
        "attention.mlir",
        &["int8-weights{bits=4,group-size=8}"]
    ));
}

#[test]
fn int8_weights_four_bit_words_constants() {
    insta::assert_snapshot!(rewrite(
        "mlp_constants_small.mlir",
        &["int8-weights{bits=4,group-size=8,storage=words}"]
    ));
}

#[test]
fn fuse_dequant_after_four_bit() {
    insta::assert_snapshot!(rewrite(
        "attention.mlir",
        &["int8-weights{bits=4,group-size=8}", "fuse-dequant"]
    ));
}

#[test]
fn fuse_dequant_panels_after_four_bit() {
    // Integers, scales and biases re-stored [P, G, g, J] / [P, G, J]: the
    // recipes gain `reshape|transpose` after the quantizing step.
    insta::assert_snapshot!(rewrite(
        "attention.mlir",
        &[
            "int8-weights{bits=4,group-size=8}",
            "fuse-dequant{panel-width=8}"
        ]
    ));
}

#[test]
fn fuse_dequant_panels_fall_back_with_a_reason() {
    // The grouped weight's four output columns do not divide into panels
    // of 8: it keeps the plain layout, counted and warned.
    let out = rewrite("mlx_dequant.mlir", &["fuse-dequant{panel-width=8}"]);
    assert!(out.contains("unpanelled-width-does-not-divide: 1"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn fuse_dequant_emitter_chains() {
    let out = rewrite("mlx_dequant.mlir", &["fuse-dequant"]);
    // The multiply by a full tensor is not a dequantization: left alone.
    assert!(out.contains("stablehlo.multiply %14, %full"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn fuse_dequant_int8_activations() {
    insta::assert_snapshot!(rewrite(
        "mlx_dequant.mlir",
        &["fuse-dequant{activations=int8}"]
    ));
}

#[test]
fn gqa_dot_reads_kv_heads_directly() {
    insta::assert_snapshot!(rewrite("gqa.mlir", &["gqa-dot"]));
}

#[test]
fn cleanup_moves_widening_converts_above_broadcasts() {
    insta::assert_snapshot!(rewrite("broadcast_widen.mlir", &["cleanup"]));
}

#[test]
fn int8_weights_include_then_f16_matmul_exclude_mix_forms() {
    // What `hlo-opt tune` writes: wq in int8, every other matmul in f16.
    insta::assert_snapshot!(rewrite(
        "attention.mlir",
        &[
            "int8-weights{include=(?m)^params\\['wq'\\]$}",
            "f16-matmul{exclude=(?m)^params\\['wq'\\]$}"
        ]
    ));
}
