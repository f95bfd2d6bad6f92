//! Tests of the IR that need its text forms (parsing and printing), which
//! live above it: the IR crate itself cannot name `front` or `back`.

/// `ir::module`.
mod module {
    use crate::ir::{ElemType, Type};

    const TEXT: &str = "#loc1 = loc(\"params['w']\")\n#loc2 = loc(\"other\")\nmodule {\n  func.func @main(%a: tensor<2xf32> loc(#loc1), %b: tensor<2xf32>) -> tensor<2xf32> {\n    %0 = stablehlo.add %a, %b : tensor<2xf32> loc(#loc2)\n    %1 = stablehlo.multiply %0, %a : tensor<2xf32>\n    return %1 : tensor<2xf32>\n  }\n  func.func private @g(%x: tensor<2xf32>) -> tensor<2xf32> {\n    return %x : tensor<2xf32>\n  }\n}\n";

    /// New names are names MLIR reads back, whatever op name the hint
    /// comes from (a generic op may be called `"foo.1x"` or `"foo.a b"`).
    #[test]
    fn fresh_names_are_valid_ssa_names() {
        let mut m = crate::front::parse_str("i.mlir", TEXT).expect("parses");
        for (hint, starts) in [("1x", "v1x_"), ("a b", "ab_"), ("", "v_"), ("cvt", "cvt_")] {
            let name = m.fresh_name(hint);
            assert!(name.starts_with(starts), "{hint:?} gave {name}");
            let text = format!(
                "func.func @f(%a: tensor<f32>) -> tensor<f32> {{\n  %{name} = stablehlo.add %a, %a : tensor<f32>\n  return %{name} : tensor<f32>\n}}\n"
            );
            crate::front::parse_str("n.mlir", &text).expect("a fresh name parses back");
        }
    }

    #[test]
    fn indexes_follow_inserts_and_erasures() {
        let mut m = crate::front::parse_str("i.mlir", TEXT).expect("parses");
        assert_eq!(m.functions().len(), 2);
        assert!(!m.is_called_symbol("g"));
        assert_eq!(m.alias_value("#loc2"), Some("loc(\"other\")"));
        assert_eq!(m.alias_value("#loc9"), None);
        let add = m.ops_named("stablehlo.add")[0];
        let a = m.dfg.op(add).operands[0];
        let ty = m.dfg.ty(a).clone();
        // A call placed by an edit is seen by the call-target index.
        let call = m.insert_before(
            add,
            "func.call",
            &[a],
            &[ty],
            "c",
            vec![crate::ir::Piece::Text(" @g(".into())],
        );
        let at = TEXT.find("@g(").expect("symbol in text");
        m.dfg.op_mut(call).symbol = Some(crate::ir::Span::new(at, at + 2));
        assert!(m.is_called_symbol("g"));
        m.erase_op(call);
        assert!(!m.is_called_symbol("g"));
        // Erasing a function drops it from the function index.
        let g = m.functions()[1];
        m.erase_op(g);
        assert_eq!(m.functions().len(), 1);
        assert_eq!(m.symbol(m.functions()[0]), Some("main"));
    }

    #[test]
    fn argument_uses_survive_edits() {
        let mut m = crate::front::parse_str("i.mlir", TEXT).expect("parses");
        let ops_before = m.dfg.op_count();
        assert_eq!(ops_before, m.walk().len());
        let main = m.functions()[0];
        let (a, b) = (m.dfg.op(main).decls[0], m.dfg.op(main).decls[1]);
        let add = m.ops_named("stablehlo.add")[0];
        let mul = m.ops_named("stablehlo.multiply")[0];
        assert_eq!(m.dfg.uses(a), vec![(add, 0), (mul, 1)]);
        assert_eq!(m.dfg.uses(b), vec![(add, 1)]);
        // A convert inserted before the add; the add reads it instead of %a.
        let c = crate::ir::stablehlo::convert(&mut m, add, a, ElemType::F16).expect("convert");
        m.dfg.set_operand(add, 0, c);
        assert_eq!(
            m.dfg.uses(a),
            vec![(mul, 1), (m.dfg.producer(c).unwrap(), 0)]
        );
        assert_eq!(m.next_op(m.dfg.producer(c).unwrap()), Some(add));
        m.dfg.replace_uses(b, a, None);
        assert!(!m.dfg.has_uses(b));
        assert_eq!(m.dfg.uses(a).len(), 3);
        assert_eq!(m.dfg.op_count(), ops_before + 1);
        assert_eq!(m.dfg.op_count(), m.walk().len());
        // A new argument gets uses like the parsed ones.
        let z = m
            .append_arg(
                main,
                "z",
                Type::Tensor(m.dfg.ty(a).as_tensor().unwrap().clone()),
            )
            .expect("appended");
        m.dfg.set_operand(mul, 0, z);
        assert_eq!(m.dfg.uses(z), vec![(mul, 0)]);
        assert_eq!(m.dfg.op_count(), m.walk().len());
    }

    /// A variadic reduce in its pretty form lists its operands in pairs
    /// (`(%x init: %i)`); the parser reorders them, and the uses of the
    /// function arguments it reads must follow (they hang off the
    /// arguments' carriers, like every other use of an argument).
    #[test]
    fn reordered_operands_keep_argument_uses() {
        let text = "func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<f32>, %j: tensor<f32>) -> (tensor<f32>, tensor<f32>) {\n  %0:2 = stablehlo.reduce(%a init: %i), (%b init: %j) across dimensions = [0] : (tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)\n   reducer(%x: tensor<f32>, %y: tensor<f32>) (%z: tensor<f32>, %w: tensor<f32>)  {\n    %1 = stablehlo.add %x, %y : tensor<f32>\n    %2 = stablehlo.add %z, %w : tensor<f32>\n    stablehlo.return %1, %2 : tensor<f32>, tensor<f32>\n  }\n  return %0#0, %0#1 : tensor<f32>, tensor<f32>\n}\n";
        let m = crate::front::parse_str("r.mlir", text).expect("parses");
        let main = m.functions()[0];
        let args = m.dfg.op(main).decls.clone();
        let reduce = m.ops_named("stablehlo.reduce")[0];
        // Operands in the op's order: inputs, then inits.
        assert_eq!(
            m.dfg.op(reduce).operands,
            vec![args[0], args[1], args[2], args[3]]
        );
        for (k, &arg) in args.iter().enumerate() {
            assert_eq!(m.dfg.uses(arg), vec![(reduce, k)], "argument {k}");
            assert!(m.dfg.has_uses(arg));
        }
    }
}

/// `ir::resources`.
mod resources {
    use std::collections::BTreeSet;

    const TEXT: &str = "module {\n  func.func @main() -> (tensor<2xf32>, tensor<1xf32>) {\n    %0 = stablehlo.constant dense_resource<w.a_1> : tensor<2xf32>\n    %1 = stablehlo.constant dense_resource<b> : tensor<1xf32>\n    return %0, %1 : tensor<2xf32>, tensor<1xf32>\n  }\n}\n\n{-#\n  dialect_resources: {\n    builtin: {\n      w.a_1: \"0x040000000000803F00000040\",\n      b: \"0x040000000000C03F\"\n    }\n  }\n#-}\n";

    #[test]
    fn blobs_are_found_and_decoded() {
        let m = crate::front::parse_str("r.mlir", TEXT).expect("parses");
        let names: Vec<&str> = m
            .resource_entries()
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert_eq!(names, ["w.a_1", "b"]);
        let c = m.ops_named("stablehlo.constant")[0];
        assert_eq!(m.dense_resource_name(c).as_deref(), Some("w.a_1"));
        let bytes = m.resource_bytes("w.a_1").unwrap();
        let vals: Vec<f32> = bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        assert_eq!(vals, [1.0, 2.0]);
        assert!(m.resource_bytes("nope").is_err());
    }

    fn dropped(names: &[&str]) -> String {
        let mut m = crate::front::parse_str("r.mlir", TEXT).expect("parses");
        let set: BTreeSet<String> = names.iter().map(|s| s.to_string()).collect();
        assert_eq!(m.drop_resources(&set), names.len());
        crate::back::print_to_string(&m)
    }

    #[test]
    fn dropping_keeps_the_section_well_formed() {
        let first = dropped(&["w.a_1"]);
        assert!(
            first.contains("    builtin: {\n      b: \"0x040000000000C03F\"\n    }"),
            "{first}"
        );
        let last = dropped(&["b"]);
        assert!(
            last.contains("      w.a_1: \"0x040000000000803F00000040\"\n    }"),
            "{last}"
        );
        // All gone: an empty dictionary (a blank line where they were).
        let both = dropped(&["w.a_1", "b"]);
        assert!(both.contains("    builtin: {\n\n    }"), "{both}");
        assert!(!both.contains("0x"), "{both}");
    }

    #[test]
    fn dropping_the_last_several_leaves_no_trailing_comma() {
        // A fourth blob `c` after `b`: dropping `b` and `c` must also drop
        // the comma after `w.a_1` (iree-opt: "expected identifier key").
        let text = TEXT.replace(
            "      b: \"0x040000000000C03F\"\n",
            "      b: \"0x040000000000C03F\",\n      c: \"0x0400000000000040\"\n",
        );
        let mut m = crate::front::parse_str("r.mlir", &text).expect("parses");
        let set: BTreeSet<String> = ["b", "c"].iter().map(|s| s.to_string()).collect();
        assert_eq!(m.drop_resources(&set), 2);
        let out = crate::back::print_to_string(&m);
        assert!(
            out.contains("      w.a_1: \"0x040000000000803F00000040\"\n    }"),
            "{out}"
        );
    }
}

/// `ir::stablehlo`.
mod stablehlo {
    use crate::ir::stablehlo::*;
    use crate::ir::{Module, Op};

    fn first_dot(m: &Module) -> Op {
        m.ops_named("stablehlo.dot_general")[0]
    }

    #[test]
    fn dot_dims_write_adds_and_removes_batching_dims() {
        let text = "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {\n  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>\n  return %0 : tensor<2x4xf32>\n}\n";
        let mut m = crate::front::parse_str("t.mlir", text).expect("parses");
        let dot = first_dot(&m);
        let batched = DotDims {
            lhs_batch: vec![0],
            rhs_batch: vec![0],
            lhs_contract: vec![2],
            rhs_contract: vec![1],
        };
        assert!(batched.write(&mut m, dot));
        let t = m.op_text(dot);
        assert!(
            t.contains("batching_dims = [0] x [0], contracting_dims = [2] x [1], precision"),
            "{t}"
        );
        assert_eq!(DotDims::read(&m, dot), Some(batched));
        let plain = DotDims {
            lhs_batch: vec![],
            rhs_batch: vec![],
            lhs_contract: vec![1],
            rhs_contract: vec![0],
        };
        assert!(plain.write(&mut m, dot));
        let t = m.op_text(dot);
        assert!(
            t.contains(", contracting_dims = [1] x [0], precision") && !t.contains("batching"),
            "{t}"
        );
    }
}

/// `ir::verify`: operands visible where they are read.
mod dominance {
    use crate::ir::verify::verify;
    use crate::ir::ElemType;

    const TEXT: &str = "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n  %c0 = stablehlo.constant dense<0> : tensor<i32>\n  %c3 = stablehlo.constant dense<3> : tensor<i32>\n  %0:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<4xf32>\n    cond {\n      %p = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>\n      stablehlo.return %p : tensor<i1>\n    } do {\n      %t = stablehlo.negate %a : tensor<4xf32>\n      %d = stablehlo.add %a, %t : tensor<4xf32>\n      stablehlo.return %i, %d : tensor<i32>, tensor<4xf32>\n    }\n  %s = stablehlo.add %0#1, %x : tensor<4xf32>\n  return %s : tensor<4xf32>\n}\n";

    fn errors(m: &crate::ir::Module) -> String {
        verify(m).map_or_else(|e| e.to_string(), |()| String::new())
    }

    #[test]
    fn a_parsed_program_with_regions_passes() {
        let m = crate::front::parse_str("d.mlir", TEXT).expect("parses");
        assert_eq!(errors(&m), "");
    }

    #[test]
    fn a_value_read_before_its_definition_is_caught() {
        // A convert of `%a` placed after the add, which then reads it.
        let mut m = crate::front::parse_str("d.mlir", TEXT).expect("parses");
        let neg = m.ops_named("stablehlo.negate")[0];
        let add = m.ops_named("stablehlo.add")[0];
        let a = m.dfg.op(neg).operands[0];
        let ret = m.next_op(add).expect("the body's return");
        let c = crate::ir::stablehlo::convert(&mut m, ret, a, ElemType::F32).expect("convert");
        m.dfg.set_operand(neg, 0, c);
        let e = errors(&m);
        assert!(e.contains("'stablehlo.negate' op reads %"), "{e}");
        assert!(e.contains("not defined yet or not visible"), "{e}");
    }

    #[test]
    fn a_value_of_a_region_read_outside_it_is_caught() {
        let mut m = crate::front::parse_str("d.mlir", TEXT).expect("parses");
        let inner = m.ops_named("stablehlo.negate")[0];
        let t = m.dfg.op(inner).results[0];
        let outer = *m.ops_named("stablehlo.add").last().expect("outer add");
        m.dfg.set_operand(outer, 1, t);
        // And the loop's own result read inside its body.
        let w = m.ops_named("stablehlo.while")[0];
        let r = m.dfg.op(w).results[1];
        m.dfg.set_operand(inner, 0, r);
        let e = errors(&m);
        assert_eq!(
            e.matches("not defined yet or not visible").count(),
            2,
            "{e}"
        );
    }
}
