func.func @argmax(%arg0: tensor<4x10xf32>, %arg1: tensor<4x10xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = "stablehlo.reduce"(%arg0, %arg1, %cst, %c) ({
  ^bb0(%a: tensor<f32> loc("a"), %b: tensor<i32>, %x: tensor<f32>, %y: tensor<i32>):
    %1 = "stablehlo.compare"(%a, %x) {comparison_direction = #stablehlo<comparison_direction GT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = "stablehlo.select"(%1, %a, %x) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %3 = "stablehlo.select"(%1, %b, %y) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%2, %3) : (tensor<f32>, tensor<i32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<4x10xf32>, tensor<4x10xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
  func.return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}
