module {
  func.func @main(%arg0: tensor<256x64xf32>, %arg1: tensor<4x64x64xf32>, %arg2: tensor<4x64x64xf32>, %arg3: tensor<4x64x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<192x64xf32>, %arg6: tensor<64x64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<4x64xf32>, %arg9: tensor<4x64x64xf32>, %arg10: tensor<4x64x64xf32>, %arg11: tensor<4x64x64xf32>, %arg12: tensor<64xf32>, %arg13: tensor<192x64xf32>, %arg14: tensor<64x64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<4x64xf32>, %arg17: tensor<64xf32>, %arg18: tensor<256x64xf32>, %arg19: tensor<1x8xi64>) -> tensor<1x8x256xf32> {
    %c = stablehlo.constant dense<0> : tensor<4xi64>
    %c_0 = stablehlo.constant dense<1> : tensor<4xi64>
    %c_1 = stablehlo.constant dense<4> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<8x8xi64>
    %c_3 = stablehlo.constant dense<0> : tensor<8xi64>
    %c_4 = stablehlo.constant dense<1> : tensor<8xi64>
    %c_5 = stablehlo.constant dense<8> : tensor<i64>
    %c_6 = stablehlo.constant dense<1> : tensor<i64>
    %cst = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %c_7 = stablehlo.constant dense<true> : tensor<8x8xi1>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c_10 = stablehlo.constant dense<0> : tensor<i64>
    %cst_11 = arith.constant dense<2> : tensor<1xi64>
    %cst_12 = arith.constant dense<64> : tensor<1xi64>
    %cst_13 = arith.constant dense<9.9999999999999995E-7> : tensor<1xf64>
    %cst_14 = arith.constant dense<4.000000e+00> : tensor<1xf64>
    %cst_15 = arith.constant dense<1.000000e+09> : tensor<1xf64>
    %0 = "stablehlo.gather"(%arg0, %arg19) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<256x64xf32>, tensor<1x8xi64>) -> tensor<1x8x64xf32>
    %1 = stablehlo.convert %0 : tensor<1x8x64xf32>
    %2 = stablehlo.convert %cst_11 : (tensor<1xi64>) -> tensor<1xf32>
    %3 = stablehlo.reshape %2 : (tensor<1xf32>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<1x8x64xf32>
    %5 = stablehlo.power %1, %4 : tensor<1x8x64xf32>
    %6 = stablehlo.reduce(%5 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %7 = stablehlo.reshape %6 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %8 = stablehlo.convert %cst_12 : (tensor<1xi64>) -> tensor<1xf32>
    %9 = stablehlo.reshape %8 : (tensor<1xf32>) -> tensor<f32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<f32>) -> tensor<1x8x1xf32>
    %11 = stablehlo.divide %7, %10 : tensor<1x8x1xf32>
    %12 = stablehlo.convert %cst_13 : (tensor<1xf64>) -> tensor<1xf32>
    %13 = stablehlo.reshape %12 : (tensor<1xf32>) -> tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<1x8x1xf32>
    %15 = stablehlo.add %11, %14 : tensor<1x8x1xf32>
    %16 = stablehlo.rsqrt %15 : tensor<1x8x1xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2] : (tensor<1x8x1xf32>) -> tensor<1x8x64xf32>
    %18 = stablehlo.multiply %1, %17 : tensor<1x8x64xf32>
    %19 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %20 = stablehlo.multiply %18, %19 : tensor<1x8x64xf32>
    %21 = stablehlo.transpose %arg5, dims = [1, 0] : (tensor<192x64xf32>) -> tensor<64x192xf32>
    %22 = stablehlo.reshape %20 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %23 = stablehlo.dot_general %22, %21, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x192xf32>) -> tensor<8x192xf32>
    %24 = stablehlo.reshape %23 : (tensor<8x192xf32>) -> tensor<1x8x192xf32>
    %25 = stablehlo.slice %24 [0:1, 0:8, 0:64] : (tensor<1x8x192xf32>) -> tensor<1x8x64xf32>
    %26 = stablehlo.slice %24 [0:1, 0:8, 64:128] : (tensor<1x8x192xf32>) -> tensor<1x8x64xf32>
    %27 = stablehlo.slice %24 [0:1, 0:8, 128:192] : (tensor<1x8x192xf32>) -> tensor<1x8x64xf32>
    %28 = stablehlo.reshape %25 : (tensor<1x8x64xf32>) -> tensor<1x8x4x16xf32>
    %29 = stablehlo.transpose %28, dims = [0, 2, 1, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x4x8x16xf32>
    %30 = stablehlo.reshape %26 : (tensor<1x8x64xf32>) -> tensor<1x8x4x16xf32>
    %31 = stablehlo.transpose %30, dims = [0, 2, 1, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x4x8x16xf32>
    %32 = stablehlo.reshape %27 : (tensor<1x8x64xf32>) -> tensor<1x8x4x16xf32>
    %33 = stablehlo.transpose %32, dims = [0, 2, 1, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x4x8x16xf32>
    %34 = stablehlo.transpose %31, dims = [0, 1, 3, 2] : (tensor<1x4x8x16xf32>) -> tensor<1x4x16x8xf32>
    %35 = stablehlo.reshape %29 : (tensor<1x4x8x16xf32>) -> tensor<4x8x16xf32>
    %36 = stablehlo.reshape %34 : (tensor<1x4x16x8xf32>) -> tensor<4x16x8xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2] : (tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
    %38 = stablehlo.dot_general %35, %37, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
    %39 = stablehlo.reshape %38 : (tensor<4x8x8xf32>) -> tensor<1x4x8x8xf32>
    %40 = stablehlo.convert %cst_14 : (tensor<1xf64>) -> tensor<1xf32>
    %41 = stablehlo.reshape %40 : (tensor<1xf32>) -> tensor<f32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [] : (tensor<f32>) -> tensor<1x4x8x8xf32>
    %43 = stablehlo.divide %39, %42 : tensor<1x4x8x8xf32>
    %44 = stablehlo.convert %c_6 : (tensor<i64>) -> tensor<f64>
    %45 = stablehlo.convert %c_5 : (tensor<i64>) -> tensor<f64>
    %46 = stablehlo.divide %45, %44 : tensor<f64>
    %47 = stablehlo.ceil %46 : tensor<f64>
    %48 = stablehlo.convert %47 : (tensor<f64>) -> tensor<i64>
    %49 = stablehlo.reshape %48 : (tensor<i64>) -> tensor<1xi64>
    %50 = stablehlo.dynamic_iota %49, dim = 0 : (tensor<1xi64>) -> tensor<8xi64>
    %51 = stablehlo.multiply %50, %c_4 : tensor<8xi64>
    %52 = stablehlo.add %51, %c_3 : tensor<8xi64>
    %53 = stablehlo.reshape %52 : (tensor<8xi64>) -> tensor<1x8xi64>
    %54 = stablehlo.reshape %52 : (tensor<8xi64>) -> tensor<8x1xi64>
    %55 = stablehlo.broadcast_in_dim %53, dims = [0, 1] : (tensor<1x8xi64>) -> tensor<8x8xi64>
    %56 = stablehlo.broadcast_in_dim %54, dims = [0, 1] : (tensor<8x1xi64>) -> tensor<8x8xi64>
    %57 = stablehlo.subtract %55, %56 : tensor<8x8xi64>
    %58 = stablehlo.compare LE, %57, %c_2, SIGNED : (tensor<8x8xi64>, tensor<8x8xi64>) -> tensor<8x8xi1>
    %59 = stablehlo.and %58, %c_7 : tensor<8x8xi1>
    %60 = stablehlo.not %59 : tensor<8x8xi1>
    %61 = stablehlo.reshape %60 : (tensor<8x8xi1>) -> tensor<1x1x8x8xi1>
    %62 = stablehlo.broadcast_in_dim %61, dims = [0, 1, 2, 3] : (tensor<1x1x8x8xi1>) -> tensor<1x4x8x8xi1>
    %63 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x4x8x8xf32>
    %64 = stablehlo.broadcast_in_dim %43, dims = [0, 1, 2, 3] : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
    %65 = stablehlo.select %62, %63, %64 : tensor<1x4x8x8xi1>, tensor<1x4x8x8xf32>
    %66 = stablehlo.reduce(%65 init: %cst_9) applies stablehlo.maximum across dimensions = [3] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
    %67 = stablehlo.reshape %66 : (tensor<1x4x8xf32>) -> tensor<1x4x8x1xf32>
    %68 = stablehlo.broadcast_in_dim %67, dims = [0, 1, 2, 3] : (tensor<1x4x8x1xf32>) -> tensor<1x4x8x8xf32>
    %69 = stablehlo.subtract %65, %68 : tensor<1x4x8x8xf32>
    %70 = stablehlo.exponential %69 : tensor<1x4x8x8xf32>
    %71 = stablehlo.reduce(%70 init: %cst_8) applies stablehlo.add across dimensions = [3] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
    %72 = stablehlo.reshape %71 : (tensor<1x4x8xf32>) -> tensor<1x4x8x1xf32>
    %73 = stablehlo.broadcast_in_dim %72, dims = [0, 1, 2, 3] : (tensor<1x4x8x1xf32>) -> tensor<1x4x8x8xf32>
    %74 = stablehlo.divide %70, %73 : tensor<1x4x8x8xf32>
    %75 = stablehlo.reshape %74 : (tensor<1x4x8x8xf32>) -> tensor<4x8x8xf32>
    %76 = stablehlo.reshape %33 : (tensor<1x4x8x16xf32>) -> tensor<4x8x16xf32>
    %77 = stablehlo.broadcast_in_dim %76, dims = [0, 1, 2] : (tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %78 = stablehlo.dot_general %75, %77, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x8xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %79 = stablehlo.reshape %78 : (tensor<4x8x16xf32>) -> tensor<1x4x8x16xf32>
    %80 = stablehlo.transpose %79, dims = [0, 2, 1, 3] : (tensor<1x4x8x16xf32>) -> tensor<1x8x4x16xf32>
    %81 = stablehlo.reshape %80 : (tensor<1x8x4x16xf32>) -> tensor<1x8x64xf32>
    %82 = stablehlo.transpose %arg6, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %83 = stablehlo.reshape %81 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %84 = stablehlo.dot_general %83, %82, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
    %85 = stablehlo.reshape %84 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %86 = stablehlo.add %1, %85 : tensor<1x8x64xf32>
    %87 = stablehlo.power %86, %4 : tensor<1x8x64xf32>
    %88 = stablehlo.reduce(%87 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %89 = stablehlo.reshape %88 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %90 = stablehlo.divide %89, %10 : tensor<1x8x1xf32>
    %91 = stablehlo.add %90, %14 : tensor<1x8x1xf32>
    %92 = stablehlo.rsqrt %91 : tensor<1x8x1xf32>
    %93 = stablehlo.broadcast_in_dim %92, dims = [0, 1, 2] : (tensor<1x8x1xf32>) -> tensor<1x8x64xf32>
    %94 = stablehlo.multiply %86, %93 : tensor<1x8x64xf32>
    %95 = stablehlo.broadcast_in_dim %arg7, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %96 = stablehlo.multiply %94, %95 : tensor<1x8x64xf32>
    %97 = stablehlo.reshape %96 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %98 = stablehlo.transpose %arg8, dims = [1, 0] : (tensor<4x64xf32>) -> tensor<64x4xf32>
    %99 = stablehlo.dot_general %97, %98, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x4xf32>) -> tensor<8x4xf32>
    %100 = stablehlo.iota dim = 1 : tensor<8x4xi64>
    %101:2 = stablehlo.reduce(%99 init: %cst_9), (%100 init: %c_10) across dimensions = [1] : (tensor<8x4xf32>, tensor<8x4xi64>, tensor<f32>, tensor<i64>) -> (tensor<8xf32>, tensor<8xi64>)
     reducer(%arg20: tensor<f32>, %arg22: tensor<f32>) (%arg21: tensor<i64>, %arg23: tensor<i64>)  {
      %335 = stablehlo.compare GE, %arg20, %arg22, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %336 = stablehlo.select %335, %arg20, %arg22 : tensor<i1>, tensor<f32>
      %337 = stablehlo.compare EQ, %arg20, %arg22, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %338 = stablehlo.minimum %arg21, %arg23 : tensor<i64>
      %339 = stablehlo.select %335, %arg21, %arg23 : tensor<i1>, tensor<i64>
      %340 = stablehlo.select %337, %338, %339 : tensor<i1>, tensor<i64>
      stablehlo.return %336, %340 : tensor<f32>, tensor<i64>
    }
    %102 = stablehlo.convert %c_1 : (tensor<i64>) -> tensor<f64>
    %103 = stablehlo.divide %102, %44 : tensor<f64>
    %104 = stablehlo.ceil %103 : tensor<f64>
    %105 = stablehlo.convert %104 : (tensor<f64>) -> tensor<i64>
    %106 = stablehlo.reshape %105 : (tensor<i64>) -> tensor<1xi64>
    %107 = stablehlo.dynamic_iota %106, dim = 0 : (tensor<1xi64>) -> tensor<4xi64>
    %108 = stablehlo.multiply %107, %c_0 : tensor<4xi64>
    %109 = stablehlo.add %108, %c : tensor<4xi64>
    %110 = stablehlo.reshape %101#1 : (tensor<8xi64>) -> tensor<8x1xi64>
    %111 = stablehlo.broadcast_in_dim %110, dims = [0, 1] : (tensor<8x1xi64>) -> tensor<8x4xi64>
    %112 = stablehlo.broadcast_in_dim %109, dims = [1] : (tensor<4xi64>) -> tensor<8x4xi64>
    %113 = stablehlo.compare EQ, %111, %112, SIGNED : (tensor<8x4xi64>, tensor<8x4xi64>) -> tensor<8x4xi1>
    %114 = stablehlo.convert %113 : (tensor<8x4xi1>) -> tensor<8x4xi64>
    %115 = stablehlo.convert %114 : (tensor<8x4xi64>) -> tensor<8x4xf32>
    %116 = stablehlo.convert %cst_15 : (tensor<1xf64>) -> tensor<1xf32>
    %117 = stablehlo.reshape %116 : (tensor<1xf32>) -> tensor<f32>
    %118 = stablehlo.broadcast_in_dim %117, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %119 = stablehlo.multiply %115, %118 : tensor<8x4xf32>
    %120 = stablehlo.subtract %99, %119 : tensor<8x4xf32>
    %121:2 = stablehlo.reduce(%120 init: %cst_9), (%100 init: %c_10) across dimensions = [1] : (tensor<8x4xf32>, tensor<8x4xi64>, tensor<f32>, tensor<i64>) -> (tensor<8xf32>, tensor<8xi64>)
     reducer(%arg20: tensor<f32>, %arg22: tensor<f32>) (%arg21: tensor<i64>, %arg23: tensor<i64>)  {
      %335 = stablehlo.compare GE, %arg20, %arg22, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %336 = stablehlo.select %335, %arg20, %arg22 : tensor<i1>, tensor<f32>
      %337 = stablehlo.compare EQ, %arg20, %arg22, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %338 = stablehlo.minimum %arg21, %arg23 : tensor<i64>
      %339 = stablehlo.select %335, %arg21, %arg23 : tensor<i1>, tensor<i64>
      %340 = stablehlo.select %337, %338, %339 : tensor<i1>, tensor<i64>
      stablehlo.return %336, %340 : tensor<f32>, tensor<i64>
    }
    %122 = stablehlo.reshape %121#1 : (tensor<8xi64>) -> tensor<8x1xi64>
    %123 = stablehlo.broadcast_in_dim %122, dims = [0, 1] : (tensor<8x1xi64>) -> tensor<8x4xi64>
    %124 = stablehlo.compare EQ, %123, %112, SIGNED : (tensor<8x4xi64>, tensor<8x4xi64>) -> tensor<8x4xi1>
    %125 = stablehlo.convert %124 : (tensor<8x4xi1>) -> tensor<8x4xi64>
    %126 = stablehlo.convert %125 : (tensor<8x4xi64>) -> tensor<8x4xf32>
    %127 = stablehlo.reduce(%99 init: %cst_9) applies stablehlo.maximum across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %128 = stablehlo.reshape %127 : (tensor<8xf32>) -> tensor<8x1xf32>
    %129 = stablehlo.broadcast_in_dim %128, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %130 = stablehlo.subtract %99, %129 : tensor<8x4xf32>
    %131 = stablehlo.exponential %130 : tensor<8x4xf32>
    %132 = stablehlo.reduce(%131 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %133 = stablehlo.reshape %132 : (tensor<8xf32>) -> tensor<8x1xf32>
    %134 = stablehlo.broadcast_in_dim %133, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %135 = stablehlo.divide %131, %134 : tensor<8x4xf32>
    %136 = stablehlo.multiply %135, %115 : tensor<8x4xf32>
    %137 = stablehlo.reduce(%136 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %138 = stablehlo.multiply %135, %126 : tensor<8x4xf32>
    %139 = stablehlo.reduce(%138 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %140 = stablehlo.add %137, %139 : tensor<8xf32>
    %141 = stablehlo.divide %137, %140 : tensor<8xf32>
    %142 = stablehlo.divide %139, %140 : tensor<8xf32>
    %143 = stablehlo.reshape %97 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %144 = stablehlo.broadcast_in_dim %143, dims = [0, 1, 2] : (tensor<1x8x64xf32>) -> tensor<4x8x64xf32>
    %145 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2] : (tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %146 = stablehlo.dot_general %144, %145, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x64xf32>, tensor<4x64x64xf32>) -> tensor<4x8x64xf32>
    %147 = stablehlo.logistic %146 : tensor<4x8x64xf32>
    %148 = stablehlo.multiply %146, %147 : tensor<4x8x64xf32>
    %149 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1, 2] : (tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %150 = stablehlo.dot_general %144, %149, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x64xf32>, tensor<4x64x64xf32>) -> tensor<4x8x64xf32>
    %151 = stablehlo.multiply %148, %150 : tensor<4x8x64xf32>
    %152 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1, 2] : (tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %153 = stablehlo.dot_general %151, %152, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x64xf32>, tensor<4x64x64xf32>) -> tensor<4x8x64xf32>
    %154 = stablehlo.reshape %141 : (tensor<8xf32>) -> tensor<8x1xf32>
    %155 = stablehlo.broadcast_in_dim %154, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %156 = stablehlo.multiply %115, %155 : tensor<8x4xf32>
    %157 = stablehlo.reshape %142 : (tensor<8xf32>) -> tensor<8x1xf32>
    %158 = stablehlo.broadcast_in_dim %157, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %159 = stablehlo.multiply %126, %158 : tensor<8x4xf32>
    %160 = stablehlo.add %156, %159 : tensor<8x4xf32>
    %161 = stablehlo.reshape %160 : (tensor<8x4xf32>) -> tensor<8x4x1xf32>
    %162 = stablehlo.transpose %161, dims = [0, 2, 1] : (tensor<8x4x1xf32>) -> tensor<8x1x4xf32>
    %163 = stablehlo.transpose %153, dims = [1, 2, 0] : (tensor<4x8x64xf32>) -> tensor<8x64x4xf32>
    %164 = stablehlo.transpose %162, dims = [0, 2, 1] : (tensor<8x1x4xf32>) -> tensor<8x4x1xf32>
    %165 = stablehlo.reshape %164 : (tensor<8x4x1xf32>) -> tensor<8x1x4xf32>
    %166 = stablehlo.transpose %163, dims = [0, 2, 1] : (tensor<8x64x4xf32>) -> tensor<8x4x64xf32>
    %167 = stablehlo.reshape %166 : (tensor<8x4x64xf32>) -> tensor<8x4x64xf32>
    %168 = stablehlo.broadcast_in_dim %167, dims = [0, 1, 2] : (tensor<8x4x64xf32>) -> tensor<8x4x64xf32>
    %169 = stablehlo.dot_general %165, %168, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x1x4xf32>, tensor<8x4x64xf32>) -> tensor<8x1x64xf32>
    %170 = stablehlo.reshape %169 : (tensor<8x1x64xf32>) -> tensor<8x1x64xf32>
    %171 = stablehlo.transpose %170, dims = [0, 2, 1] : (tensor<8x1x64xf32>) -> tensor<8x64x1xf32>
    %172 = stablehlo.reshape %171 : (tensor<8x64x1xf32>) -> tensor<8x64xf32>
    %173 = stablehlo.reshape %172 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %174 = stablehlo.add %86, %173 : tensor<1x8x64xf32>
    %175 = stablehlo.power %174, %4 : tensor<1x8x64xf32>
    %176 = stablehlo.reduce(%175 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %177 = stablehlo.reshape %176 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %178 = stablehlo.divide %177, %10 : tensor<1x8x1xf32>
    %179 = stablehlo.add %178, %14 : tensor<1x8x1xf32>
    %180 = stablehlo.rsqrt %179 : tensor<1x8x1xf32>
    %181 = stablehlo.broadcast_in_dim %180, dims = [0, 1, 2] : (tensor<1x8x1xf32>) -> tensor<1x8x64xf32>
    %182 = stablehlo.multiply %174, %181 : tensor<1x8x64xf32>
    %183 = stablehlo.broadcast_in_dim %arg12, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %184 = stablehlo.multiply %182, %183 : tensor<1x8x64xf32>
    %185 = stablehlo.transpose %arg13, dims = [1, 0] : (tensor<192x64xf32>) -> tensor<64x192xf32>
    %186 = stablehlo.reshape %184 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %187 = stablehlo.dot_general %186, %185, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x192xf32>) -> tensor<8x192xf32>
    %188 = stablehlo.reshape %187 : (tensor<8x192xf32>) -> tensor<1x8x192xf32>
    %189 = stablehlo.slice %188 [0:1, 0:8, 0:64] : (tensor<1x8x192xf32>) -> tensor<1x8x64xf32>
    %190 = stablehlo.slice %188 [0:1, 0:8, 64:128] : (tensor<1x8x192xf32>) -> tensor<1x8x64xf32>
    %191 = stablehlo.slice %188 [0:1, 0:8, 128:192] : (tensor<1x8x192xf32>) -> tensor<1x8x64xf32>
    %192 = stablehlo.reshape %189 : (tensor<1x8x64xf32>) -> tensor<1x8x4x16xf32>
    %193 = stablehlo.transpose %192, dims = [0, 2, 1, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x4x8x16xf32>
    %194 = stablehlo.reshape %190 : (tensor<1x8x64xf32>) -> tensor<1x8x4x16xf32>
    %195 = stablehlo.transpose %194, dims = [0, 2, 1, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x4x8x16xf32>
    %196 = stablehlo.reshape %191 : (tensor<1x8x64xf32>) -> tensor<1x8x4x16xf32>
    %197 = stablehlo.transpose %196, dims = [0, 2, 1, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x4x8x16xf32>
    %198 = stablehlo.transpose %195, dims = [0, 1, 3, 2] : (tensor<1x4x8x16xf32>) -> tensor<1x4x16x8xf32>
    %199 = stablehlo.reshape %193 : (tensor<1x4x8x16xf32>) -> tensor<4x8x16xf32>
    %200 = stablehlo.reshape %198 : (tensor<1x4x16x8xf32>) -> tensor<4x16x8xf32>
    %201 = stablehlo.broadcast_in_dim %200, dims = [0, 1, 2] : (tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
    %202 = stablehlo.dot_general %199, %201, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
    %203 = stablehlo.reshape %202 : (tensor<4x8x8xf32>) -> tensor<1x4x8x8xf32>
    %204 = stablehlo.divide %203, %42 : tensor<1x4x8x8xf32>
    %205 = stablehlo.broadcast_in_dim %204, dims = [0, 1, 2, 3] : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
    %206 = stablehlo.select %62, %63, %205 : tensor<1x4x8x8xi1>, tensor<1x4x8x8xf32>
    %207 = stablehlo.reduce(%206 init: %cst_9) applies stablehlo.maximum across dimensions = [3] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
    %208 = stablehlo.reshape %207 : (tensor<1x4x8xf32>) -> tensor<1x4x8x1xf32>
    %209 = stablehlo.broadcast_in_dim %208, dims = [0, 1, 2, 3] : (tensor<1x4x8x1xf32>) -> tensor<1x4x8x8xf32>
    %210 = stablehlo.subtract %206, %209 : tensor<1x4x8x8xf32>
    %211 = stablehlo.exponential %210 : tensor<1x4x8x8xf32>
    %212 = stablehlo.reduce(%211 init: %cst_8) applies stablehlo.add across dimensions = [3] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
    %213 = stablehlo.reshape %212 : (tensor<1x4x8xf32>) -> tensor<1x4x8x1xf32>
    %214 = stablehlo.broadcast_in_dim %213, dims = [0, 1, 2, 3] : (tensor<1x4x8x1xf32>) -> tensor<1x4x8x8xf32>
    %215 = stablehlo.divide %211, %214 : tensor<1x4x8x8xf32>
    %216 = stablehlo.reshape %215 : (tensor<1x4x8x8xf32>) -> tensor<4x8x8xf32>
    %217 = stablehlo.reshape %197 : (tensor<1x4x8x16xf32>) -> tensor<4x8x16xf32>
    %218 = stablehlo.broadcast_in_dim %217, dims = [0, 1, 2] : (tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %219 = stablehlo.dot_general %216, %218, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x8xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %220 = stablehlo.reshape %219 : (tensor<4x8x16xf32>) -> tensor<1x4x8x16xf32>
    %221 = stablehlo.transpose %220, dims = [0, 2, 1, 3] : (tensor<1x4x8x16xf32>) -> tensor<1x8x4x16xf32>
    %222 = stablehlo.reshape %221 : (tensor<1x8x4x16xf32>) -> tensor<1x8x64xf32>
    %223 = stablehlo.transpose %arg14, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %224 = stablehlo.reshape %222 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %225 = stablehlo.dot_general %224, %223, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
    %226 = stablehlo.reshape %225 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %227 = stablehlo.add %174, %226 : tensor<1x8x64xf32>
    %228 = stablehlo.power %227, %4 : tensor<1x8x64xf32>
    %229 = stablehlo.reduce(%228 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %230 = stablehlo.reshape %229 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %231 = stablehlo.divide %230, %10 : tensor<1x8x1xf32>
    %232 = stablehlo.add %231, %14 : tensor<1x8x1xf32>
    %233 = stablehlo.rsqrt %232 : tensor<1x8x1xf32>
    %234 = stablehlo.broadcast_in_dim %233, dims = [0, 1, 2] : (tensor<1x8x1xf32>) -> tensor<1x8x64xf32>
    %235 = stablehlo.multiply %227, %234 : tensor<1x8x64xf32>
    %236 = stablehlo.broadcast_in_dim %arg15, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %237 = stablehlo.multiply %235, %236 : tensor<1x8x64xf32>
    %238 = stablehlo.reshape %237 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %239 = stablehlo.transpose %arg16, dims = [1, 0] : (tensor<4x64xf32>) -> tensor<64x4xf32>
    %240 = stablehlo.dot_general %238, %239, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x4xf32>) -> tensor<8x4xf32>
    %241:2 = stablehlo.reduce(%240 init: %cst_9), (%100 init: %c_10) across dimensions = [1] : (tensor<8x4xf32>, tensor<8x4xi64>, tensor<f32>, tensor<i64>) -> (tensor<8xf32>, tensor<8xi64>)
     reducer(%arg20: tensor<f32>, %arg22: tensor<f32>) (%arg21: tensor<i64>, %arg23: tensor<i64>)  {
      %335 = stablehlo.compare GE, %arg20, %arg22, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %336 = stablehlo.select %335, %arg20, %arg22 : tensor<i1>, tensor<f32>
      %337 = stablehlo.compare EQ, %arg20, %arg22, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %338 = stablehlo.minimum %arg21, %arg23 : tensor<i64>
      %339 = stablehlo.select %335, %arg21, %arg23 : tensor<i1>, tensor<i64>
      %340 = stablehlo.select %337, %338, %339 : tensor<i1>, tensor<i64>
      stablehlo.return %336, %340 : tensor<f32>, tensor<i64>
    }
    %242 = stablehlo.reshape %241#1 : (tensor<8xi64>) -> tensor<8x1xi64>
    %243 = stablehlo.broadcast_in_dim %242, dims = [0, 1] : (tensor<8x1xi64>) -> tensor<8x4xi64>
    %244 = stablehlo.compare EQ, %243, %112, SIGNED : (tensor<8x4xi64>, tensor<8x4xi64>) -> tensor<8x4xi1>
    %245 = stablehlo.convert %244 : (tensor<8x4xi1>) -> tensor<8x4xi64>
    %246 = stablehlo.convert %245 : (tensor<8x4xi64>) -> tensor<8x4xf32>
    %247 = stablehlo.multiply %246, %118 : tensor<8x4xf32>
    %248 = stablehlo.subtract %240, %247 : tensor<8x4xf32>
    %249:2 = stablehlo.reduce(%248 init: %cst_9), (%100 init: %c_10) across dimensions = [1] : (tensor<8x4xf32>, tensor<8x4xi64>, tensor<f32>, tensor<i64>) -> (tensor<8xf32>, tensor<8xi64>)
     reducer(%arg20: tensor<f32>, %arg22: tensor<f32>) (%arg21: tensor<i64>, %arg23: tensor<i64>)  {
      %335 = stablehlo.compare GE, %arg20, %arg22, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %336 = stablehlo.select %335, %arg20, %arg22 : tensor<i1>, tensor<f32>
      %337 = stablehlo.compare EQ, %arg20, %arg22, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %338 = stablehlo.minimum %arg21, %arg23 : tensor<i64>
      %339 = stablehlo.select %335, %arg21, %arg23 : tensor<i1>, tensor<i64>
      %340 = stablehlo.select %337, %338, %339 : tensor<i1>, tensor<i64>
      stablehlo.return %336, %340 : tensor<f32>, tensor<i64>
    }
    %250 = stablehlo.reshape %249#1 : (tensor<8xi64>) -> tensor<8x1xi64>
    %251 = stablehlo.broadcast_in_dim %250, dims = [0, 1] : (tensor<8x1xi64>) -> tensor<8x4xi64>
    %252 = stablehlo.compare EQ, %251, %112, SIGNED : (tensor<8x4xi64>, tensor<8x4xi64>) -> tensor<8x4xi1>
    %253 = stablehlo.convert %252 : (tensor<8x4xi1>) -> tensor<8x4xi64>
    %254 = stablehlo.convert %253 : (tensor<8x4xi64>) -> tensor<8x4xf32>
    %255 = stablehlo.reduce(%240 init: %cst_9) applies stablehlo.maximum across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %256 = stablehlo.reshape %255 : (tensor<8xf32>) -> tensor<8x1xf32>
    %257 = stablehlo.broadcast_in_dim %256, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %258 = stablehlo.subtract %240, %257 : tensor<8x4xf32>
    %259 = stablehlo.exponential %258 : tensor<8x4xf32>
    %260 = stablehlo.reduce(%259 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %261 = stablehlo.reshape %260 : (tensor<8xf32>) -> tensor<8x1xf32>
    %262 = stablehlo.broadcast_in_dim %261, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %263 = stablehlo.divide %259, %262 : tensor<8x4xf32>
    %264 = stablehlo.multiply %263, %246 : tensor<8x4xf32>
    %265 = stablehlo.reduce(%264 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %266 = stablehlo.multiply %263, %254 : tensor<8x4xf32>
    %267 = stablehlo.reduce(%266 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %268 = stablehlo.add %265, %267 : tensor<8xf32>
    %269 = stablehlo.divide %265, %268 : tensor<8xf32>
    %270 = stablehlo.divide %267, %268 : tensor<8xf32>
    %271 = stablehlo.concatenate %242, %250, dim = 1 : (tensor<8x1xi64>, tensor<8x1xi64>) -> tensor<8x2xi64>
    %272 = stablehlo.reshape %271 : (tensor<8x2xi64>) -> tensor<8x2x1xi64>
    %273 = "stablehlo.gather"(%arg9, %272) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 64, 64>}> : (tensor<4x64x64xf32>, tensor<8x2x1xi64>) -> tensor<8x2x64x64xf32>
    %274 = "stablehlo.gather"(%arg10, %272) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 64, 64>}> : (tensor<4x64x64xf32>, tensor<8x2x1xi64>) -> tensor<8x2x64x64xf32>
    %275 = "stablehlo.gather"(%arg11, %272) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 64, 64>}> : (tensor<4x64x64xf32>, tensor<8x2x1xi64>) -> tensor<8x2x64x64xf32>
    %276 = stablehlo.reshape %238 : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %277 = stablehlo.reshape %276 : (tensor<8x64x1xf32>) -> tensor<8x64x1x1xf32>
    %278 = stablehlo.transpose %277, dims = [0, 2, 3, 1] : (tensor<8x64x1x1xf32>) -> tensor<8x1x1x64xf32>
    %279 = stablehlo.transpose %274, dims = [0, 1, 3, 2] : (tensor<8x2x64x64xf32>) -> tensor<8x2x64x64xf32>
    %280 = stablehlo.transpose %278, dims = [0, 3, 1, 2] : (tensor<8x1x1x64xf32>) -> tensor<8x64x1x1xf32>
    %281 = stablehlo.reshape %280 : (tensor<8x64x1x1xf32>) -> tensor<8x1x64xf32>
    %282 = stablehlo.transpose %279, dims = [0, 3, 1, 2] : (tensor<8x2x64x64xf32>) -> tensor<8x64x2x64xf32>
    %283 = stablehlo.reshape %282 : (tensor<8x64x2x64xf32>) -> tensor<8x64x128xf32>
    %284 = stablehlo.broadcast_in_dim %283, dims = [0, 1, 2] : (tensor<8x64x128xf32>) -> tensor<8x64x128xf32>
    %285 = stablehlo.dot_general %281, %284, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x1x64xf32>, tensor<8x64x128xf32>) -> tensor<8x1x128xf32>
    %286 = stablehlo.reshape %285 : (tensor<8x1x128xf32>) -> tensor<8x1x2x64xf32>
    %287 = stablehlo.transpose %286, dims = [0, 2, 3, 1] : (tensor<8x1x2x64xf32>) -> tensor<8x2x64x1xf32>
    %288 = stablehlo.reshape %287 : (tensor<8x2x64x1xf32>) -> tensor<8x2x64xf32>
    %289 = stablehlo.logistic %288 : tensor<8x2x64xf32>
    %290 = stablehlo.multiply %288, %289 : tensor<8x2x64xf32>
    %291 = stablehlo.transpose %273, dims = [0, 1, 3, 2] : (tensor<8x2x64x64xf32>) -> tensor<8x2x64x64xf32>
    %292 = stablehlo.transpose %291, dims = [0, 3, 1, 2] : (tensor<8x2x64x64xf32>) -> tensor<8x64x2x64xf32>
    %293 = stablehlo.reshape %292 : (tensor<8x64x2x64xf32>) -> tensor<8x64x128xf32>
    %294 = stablehlo.broadcast_in_dim %293, dims = [0, 1, 2] : (tensor<8x64x128xf32>) -> tensor<8x64x128xf32>
    %295 = stablehlo.dot_general %281, %294, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x1x64xf32>, tensor<8x64x128xf32>) -> tensor<8x1x128xf32>
    %296 = stablehlo.reshape %295 : (tensor<8x1x128xf32>) -> tensor<8x1x2x64xf32>
    %297 = stablehlo.transpose %296, dims = [0, 2, 3, 1] : (tensor<8x1x2x64xf32>) -> tensor<8x2x64x1xf32>
    %298 = stablehlo.reshape %297 : (tensor<8x2x64x1xf32>) -> tensor<8x2x64xf32>
    %299 = stablehlo.multiply %290, %298 : tensor<8x2x64xf32>
    %300 = stablehlo.reshape %299 : (tensor<8x2x64xf32>) -> tensor<8x2x64x1xf32>
    %301 = stablehlo.transpose %300, dims = [0, 1, 3, 2] : (tensor<8x2x64x1xf32>) -> tensor<8x2x1x64xf32>
    %302 = stablehlo.transpose %275, dims = [0, 1, 3, 2] : (tensor<8x2x64x64xf32>) -> tensor<8x2x64x64xf32>
    %303 = stablehlo.transpose %301, dims = [0, 1, 3, 2] : (tensor<8x2x1x64xf32>) -> tensor<8x2x64x1xf32>
    %304 = stablehlo.reshape %303 : (tensor<8x2x64x1xf32>) -> tensor<16x1x64xf32>
    %305 = stablehlo.transpose %302, dims = [0, 1, 3, 2] : (tensor<8x2x64x64xf32>) -> tensor<8x2x64x64xf32>
    %306 = stablehlo.reshape %305 : (tensor<8x2x64x64xf32>) -> tensor<16x64x64xf32>
    %307 = stablehlo.broadcast_in_dim %306, dims = [0, 1, 2] : (tensor<16x64x64xf32>) -> tensor<16x64x64xf32>
    %308 = stablehlo.dot_general %304, %307, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<16x1x64xf32>, tensor<16x64x64xf32>) -> tensor<16x1x64xf32>
    %309 = stablehlo.reshape %308 : (tensor<16x1x64xf32>) -> tensor<8x2x1x64xf32>
    %310 = stablehlo.transpose %309, dims = [0, 1, 3, 2] : (tensor<8x2x1x64xf32>) -> tensor<8x2x64x1xf32>
    %311 = stablehlo.reshape %310 : (tensor<8x2x64x1xf32>) -> tensor<8x2x64xf32>
    %312 = stablehlo.reshape %269 : (tensor<8xf32>) -> tensor<8x1xf32>
    %313 = stablehlo.reshape %270 : (tensor<8xf32>) -> tensor<8x1xf32>
    %314 = stablehlo.concatenate %312, %313, dim = 1 : (tensor<8x1xf32>, tensor<8x1xf32>) -> tensor<8x2xf32>
    %315 = stablehlo.reshape %314 : (tensor<8x2xf32>) -> tensor<8x2x1xf32>
    %316 = stablehlo.broadcast_in_dim %315, dims = [0, 1, 2] : (tensor<8x2x1xf32>) -> tensor<8x2x64xf32>
    %317 = stablehlo.multiply %311, %316 : tensor<8x2x64xf32>
    %318 = stablehlo.reduce(%317 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<8x2x64xf32>, tensor<f32>) -> tensor<8x64xf32>
    %319 = stablehlo.reshape %318 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %320 = stablehlo.add %227, %319 : tensor<1x8x64xf32>
    %321 = stablehlo.power %320, %4 : tensor<1x8x64xf32>
    %322 = stablehlo.reduce(%321 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %323 = stablehlo.reshape %322 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %324 = stablehlo.divide %323, %10 : tensor<1x8x1xf32>
    %325 = stablehlo.add %324, %14 : tensor<1x8x1xf32>
    %326 = stablehlo.rsqrt %325 : tensor<1x8x1xf32>
    %327 = stablehlo.broadcast_in_dim %326, dims = [0, 1, 2] : (tensor<1x8x1xf32>) -> tensor<1x8x64xf32>
    %328 = stablehlo.multiply %320, %327 : tensor<1x8x64xf32>
    %329 = stablehlo.broadcast_in_dim %arg17, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %330 = stablehlo.multiply %328, %329 : tensor<1x8x64xf32>
    %331 = stablehlo.transpose %arg18, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %332 = stablehlo.reshape %330 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %333 = stablehlo.dot_general %332, %331, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x256xf32>) -> tensor<8x256xf32>
    %334 = stablehlo.reshape %333 : (tensor<8x256xf32>) -> tensor<1x8x256xf32>
    return %334 : tensor<1x8x256xf32>
  }
}
