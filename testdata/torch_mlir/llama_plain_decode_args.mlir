module {
  func.func @main(%arg0: tensor<256x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<32x64xf32>, %arg4: tensor<32x64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<128x64xf32>, %arg8: tensor<128x64xf32>, %arg9: tensor<64x128xf32>, %arg10: tensor<64xf32>, %arg11: tensor<64x64xf32>, %arg12: tensor<32x64xf32>, %arg13: tensor<32x64xf32>, %arg14: tensor<64x64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<128x64xf32>, %arg17: tensor<128x64xf32>, %arg18: tensor<64x128xf32>, %arg19: tensor<64xf32>, %arg20: tensor<256x64xf32>, %arg21: tensor<8xf32>, %arg22: tensor<1xi64>, %arg23: tensor<i64>, %arg24: tensor<2x1x16x2x16xf32>, %arg25: tensor<2x1x16x2x16xf32>) -> (tensor<1x256xf32>, tensor<2x1x16x2x16xf32>, tensor<2x1x16x2x16xf32>) {
    %c = stablehlo.constant dense<0> : tensor<1xi64>
    %c_0 = stablehlo.constant dense<1> : tensor<1xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<2xi64>
    %c_2 = stablehlo.constant dense<1> : tensor<2xi64>
    %c_3 = stablehlo.constant dense<2> : tensor<i64>
    %c_4 = stablehlo.constant dense<0> : tensor<16xi64>
    %c_5 = stablehlo.constant dense<1> : tensor<16xi64>
    %c_6 = stablehlo.constant dense<16> : tensor<i64>
    %c_7 = stablehlo.constant dense<1> : tensor<i64>
    %cst = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_10 = arith.constant dense<2> : tensor<1xi64>
    %cst_11 = arith.constant dense<64> : tensor<1xi64>
    %cst_12 = arith.constant dense<9.9999999999999995E-7> : tensor<1xf64>
    %cst_13 = arith.constant dense<4.000000e+00> : tensor<1xf64>
    %0 = "stablehlo.gather"(%arg0, %arg22) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<256x64xf32>, tensor<1xi64>) -> tensor<1x64xf32>
    %1 = stablehlo.convert %0 : tensor<1x64xf32>
    %2 = stablehlo.convert %arg23 : (tensor<i64>) -> tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %4 = stablehlo.multiply %3, %arg21 : tensor<8xf32>
    %5 = stablehlo.concatenate %4, %4, dim = 0 : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
    %6 = stablehlo.cosine %5 : tensor<16xf32>
    %7 = stablehlo.sine %5 : tensor<16xf32>
    %8 = stablehlo.convert %c_7 : (tensor<i64>) -> tensor<f64>
    %9 = stablehlo.convert %c_6 : (tensor<i64>) -> tensor<f64>
    %10 = stablehlo.divide %9, %8 : tensor<f64>
    %11 = stablehlo.ceil %10 : tensor<f64>
    %12 = stablehlo.convert %11 : (tensor<f64>) -> tensor<i64>
    %13 = stablehlo.reshape %12 : (tensor<i64>) -> tensor<1xi64>
    %14 = stablehlo.dynamic_iota %13, dim = 0 : (tensor<1xi64>) -> tensor<16xi64>
    %15 = stablehlo.multiply %14, %c_5 : tensor<16xi64>
    %16 = stablehlo.add %15, %c_4 : tensor<16xi64>
    %17 = stablehlo.broadcast_in_dim %arg23, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %18 = stablehlo.compare LE, %16, %17, SIGNED : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi1>
    %19 = stablehlo.convert %cst_10 : (tensor<1xi64>) -> tensor<1xf32>
    %20 = stablehlo.reshape %19 : (tensor<1xf32>) -> tensor<f32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f32>) -> tensor<1x64xf32>
    %22 = stablehlo.power %1, %21 : tensor<1x64xf32>
    %23 = stablehlo.reduce(%22 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
    %24 = stablehlo.reshape %23 : (tensor<1xf32>) -> tensor<1x1xf32>
    %25 = stablehlo.convert %cst_11 : (tensor<1xi64>) -> tensor<1xf32>
    %26 = stablehlo.reshape %25 : (tensor<1xf32>) -> tensor<f32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %28 = stablehlo.divide %24, %27 : tensor<1x1xf32>
    %29 = stablehlo.convert %cst_12 : (tensor<1xf64>) -> tensor<1xf32>
    %30 = stablehlo.reshape %29 : (tensor<1xf32>) -> tensor<f32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %32 = stablehlo.add %28, %31 : tensor<1x1xf32>
    %33 = stablehlo.rsqrt %32 : tensor<1x1xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x64xf32>
    %35 = stablehlo.multiply %1, %34 : tensor<1x64xf32>
    %36 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %37 = stablehlo.multiply %35, %36 : tensor<1x64xf32>
    %38 = stablehlo.transpose %arg2, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %39 = stablehlo.dot_general %37, %38, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
    %40 = stablehlo.reshape %39 : (tensor<1x64xf32>) -> tensor<1x4x16xf32>
    %41 = stablehlo.transpose %arg3, dims = [1, 0] : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %42 = stablehlo.dot_general %37, %41, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x32xf32>) -> tensor<1x32xf32>
    %43 = stablehlo.reshape %42 : (tensor<1x32xf32>) -> tensor<1x2x16xf32>
    %44 = stablehlo.transpose %arg4, dims = [1, 0] : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %45 = stablehlo.dot_general %37, %44, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x32xf32>) -> tensor<1x32xf32>
    %46 = stablehlo.reshape %45 : (tensor<1x32xf32>) -> tensor<1x2x16xf32>
    %47 = stablehlo.broadcast_in_dim %6, dims = [2] : (tensor<16xf32>) -> tensor<1x4x16xf32>
    %48 = stablehlo.multiply %40, %47 : tensor<1x4x16xf32>
    %49 = stablehlo.slice %40 [0:1, 0:4, 0:8] : (tensor<1x4x16xf32>) -> tensor<1x4x8xf32>
    %50 = stablehlo.slice %40 [0:1, 0:4, 8:16] : (tensor<1x4x16xf32>) -> tensor<1x4x8xf32>
    %51 = stablehlo.negate %50 : tensor<1x4x8xf32>
    %52 = stablehlo.concatenate %51, %49, dim = 2 : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x16xf32>
    %53 = stablehlo.broadcast_in_dim %7, dims = [2] : (tensor<16xf32>) -> tensor<1x4x16xf32>
    %54 = stablehlo.multiply %52, %53 : tensor<1x4x16xf32>
    %55 = stablehlo.add %48, %54 : tensor<1x4x16xf32>
    %56 = stablehlo.broadcast_in_dim %6, dims = [2] : (tensor<16xf32>) -> tensor<1x2x16xf32>
    %57 = stablehlo.multiply %43, %56 : tensor<1x2x16xf32>
    %58 = stablehlo.slice %43 [0:1, 0:2, 0:8] : (tensor<1x2x16xf32>) -> tensor<1x2x8xf32>
    %59 = stablehlo.slice %43 [0:1, 0:2, 8:16] : (tensor<1x2x16xf32>) -> tensor<1x2x8xf32>
    %60 = stablehlo.negate %59 : tensor<1x2x8xf32>
    %61 = stablehlo.concatenate %60, %58, dim = 2 : (tensor<1x2x8xf32>, tensor<1x2x8xf32>) -> tensor<1x2x16xf32>
    %62 = stablehlo.broadcast_in_dim %7, dims = [2] : (tensor<16xf32>) -> tensor<1x2x16xf32>
    %63 = stablehlo.multiply %61, %62 : tensor<1x2x16xf32>
    %64 = stablehlo.add %57, %63 : tensor<1x2x16xf32>
    %65 = stablehlo.slice %arg24 [0:1, 0:1, 0:16, 0:2, 0:16] : (tensor<2x1x16x2x16xf32>) -> tensor<1x1x16x2x16xf32>
    %66 = stablehlo.reshape %65 : (tensor<1x1x16x2x16xf32>) -> tensor<1x16x2x16xf32>
    %67 = stablehlo.reshape %arg23 : (tensor<i64>) -> tensor<1xi64>
    %68 = stablehlo.reshape %64 : (tensor<1x2x16xf32>) -> tensor<1x1x2x16xf32>
    %69 = stablehlo.convert %c_3 : (tensor<i64>) -> tensor<f64>
    %70 = stablehlo.divide %69, %8 : tensor<f64>
    %71 = stablehlo.ceil %70 : tensor<f64>
    %72 = stablehlo.convert %71 : (tensor<f64>) -> tensor<i64>
    %73 = stablehlo.reshape %72 : (tensor<i64>) -> tensor<1xi64>
    %74 = stablehlo.dynamic_iota %73, dim = 0 : (tensor<1xi64>) -> tensor<2xi64>
    %75 = stablehlo.multiply %74, %c_2 : tensor<2xi64>
    %76 = stablehlo.add %75, %c_1 : tensor<2xi64>
    %77 = stablehlo.reshape %76 : (tensor<2xi64>) -> tensor<2x1xi64>
    %78 = stablehlo.reshape %67 : (tensor<1xi64>) -> tensor<1x1xi64>
    %79 = stablehlo.reshape %78 : (tensor<1x1xi64>) -> tensor<1x1x1xi64>
    %80 = stablehlo.convert %c_7 : (tensor<i64>) -> tensor<f64>
    %81 = stablehlo.divide %80, %8 : tensor<f64>
    %82 = stablehlo.ceil %81 : tensor<f64>
    %83 = stablehlo.convert %82 : (tensor<f64>) -> tensor<i64>
    %84 = stablehlo.reshape %83 : (tensor<i64>) -> tensor<1xi64>
    %85 = stablehlo.dynamic_iota %84, dim = 0 : (tensor<1xi64>) -> tensor<1xi64>
    %86 = stablehlo.multiply %85, %c_0 : tensor<1xi64>
    %87 = stablehlo.add %86, %c : tensor<1xi64>
    %88 = stablehlo.reshape %87 : (tensor<1xi64>) -> tensor<1x1xi64>
    %89 = stablehlo.reshape %88 : (tensor<1x1xi64>) -> tensor<1x1x1xi64>
    %90 = stablehlo.reshape %89 : (tensor<1x1x1xi64>) -> tensor<1x1x1x1xi64>
    %91 = stablehlo.broadcast_in_dim %90, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi64>) -> tensor<1x1x2x16xi64>
    %92 = stablehlo.reshape %91 : (tensor<1x1x2x16xi64>) -> tensor<1x1x2x16x1xi64>
    %93 = stablehlo.broadcast_in_dim %79, dims = [1, 2, 3] : (tensor<1x1x1xi64>) -> tensor<1x1x2x16xi64>
    %94 = stablehlo.reshape %93 : (tensor<1x1x2x16xi64>) -> tensor<1x1x2x16x1xi64>
    %95 = stablehlo.broadcast_in_dim %77, dims = [2, 3] : (tensor<2x1xi64>) -> tensor<1x1x2x16xi64>
    %96 = stablehlo.reshape %95 : (tensor<1x1x2x16xi64>) -> tensor<1x1x2x16x1xi64>
    %97 = stablehlo.broadcast_in_dim %16, dims = [3] : (tensor<16xi64>) -> tensor<1x1x2x16xi64>
    %98 = stablehlo.reshape %97 : (tensor<1x1x2x16xi64>) -> tensor<1x1x2x16x1xi64>
    %99 = stablehlo.concatenate %92, %94, %96, %98, dim = 4 : (tensor<1x1x2x16x1xi64>, tensor<1x1x2x16x1xi64>, tensor<1x1x2x16x1xi64>, tensor<1x1x2x16x1xi64>) -> tensor<1x1x2x16x4xi64>
    %100 = "stablehlo.scatter"(%66, %99, %68) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1, 2, 3], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 4>, unique_indices = false}> ({
    ^bb0(%arg26: tensor<f32>, %arg27: tensor<f32>):
      stablehlo.return %arg27 : tensor<f32>
    }) : (tensor<1x16x2x16xf32>, tensor<1x1x2x16x4xi64>, tensor<1x1x2x16xf32>) -> tensor<1x16x2x16xf32>
    %101 = stablehlo.slice %arg25 [0:1, 0:1, 0:16, 0:2, 0:16] : (tensor<2x1x16x2x16xf32>) -> tensor<1x1x16x2x16xf32>
    %102 = stablehlo.reshape %101 : (tensor<1x1x16x2x16xf32>) -> tensor<1x16x2x16xf32>
    %103 = stablehlo.reshape %46 : (tensor<1x2x16xf32>) -> tensor<1x1x2x16xf32>
    %104 = "stablehlo.scatter"(%102, %99, %103) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1, 2, 3], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 4>, unique_indices = false}> ({
    ^bb0(%arg26: tensor<f32>, %arg27: tensor<f32>):
      stablehlo.return %arg27 : tensor<f32>
    }) : (tensor<1x16x2x16xf32>, tensor<1x1x2x16x4xi64>, tensor<1x1x2x16xf32>) -> tensor<1x16x2x16xf32>
    %105 = stablehlo.reshape %100 : (tensor<1x16x2x16xf32>) -> tensor<1x16x2x1x16xf32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [0, 1, 2, 3, 4] : (tensor<1x16x2x1x16xf32>) -> tensor<1x16x2x2x16xf32>
    %107 = stablehlo.reshape %106 : (tensor<1x16x2x2x16xf32>) -> tensor<1x16x4x16xf32>
    %108 = stablehlo.reshape %104 : (tensor<1x16x2x16xf32>) -> tensor<1x16x2x1x16xf32>
    %109 = stablehlo.broadcast_in_dim %108, dims = [0, 1, 2, 3, 4] : (tensor<1x16x2x1x16xf32>) -> tensor<1x16x2x2x16xf32>
    %110 = stablehlo.reshape %109 : (tensor<1x16x2x2x16xf32>) -> tensor<1x16x4x16xf32>
    %111 = stablehlo.reshape %55 : (tensor<1x4x16xf32>) -> tensor<1x4x16x1xf32>
    %112 = stablehlo.transpose %111, dims = [0, 1, 3, 2] : (tensor<1x4x16x1xf32>) -> tensor<1x4x1x16xf32>
    %113 = stablehlo.transpose %107, dims = [0, 2, 1, 3] : (tensor<1x16x4x16xf32>) -> tensor<1x4x16x16xf32>
    %114 = stablehlo.transpose %112, dims = [1, 3, 0, 2] : (tensor<1x4x1x16xf32>) -> tensor<4x16x1x1xf32>
    %115 = stablehlo.reshape %114 : (tensor<4x16x1x1xf32>) -> tensor<4x1x16xf32>
    %116 = stablehlo.transpose %113, dims = [1, 3, 0, 2] : (tensor<1x4x16x16xf32>) -> tensor<4x16x1x16xf32>
    %117 = stablehlo.reshape %116 : (tensor<4x16x1x16xf32>) -> tensor<4x16x16xf32>
    %118 = stablehlo.broadcast_in_dim %117, dims = [0, 1, 2] : (tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %119 = stablehlo.dot_general %115, %118, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x1x16xf32>, tensor<4x16x16xf32>) -> tensor<4x1x16xf32>
    %120 = stablehlo.reshape %119 : (tensor<4x1x16xf32>) -> tensor<4x1x1x16xf32>
    %121 = stablehlo.transpose %120, dims = [2, 0, 3, 1] : (tensor<4x1x1x16xf32>) -> tensor<1x4x16x1xf32>
    %122 = stablehlo.reshape %121 : (tensor<1x4x16x1xf32>) -> tensor<1x4x16xf32>
    %123 = stablehlo.convert %cst_13 : (tensor<1xf64>) -> tensor<1xf32>
    %124 = stablehlo.reshape %123 : (tensor<1xf32>) -> tensor<f32>
    %125 = stablehlo.broadcast_in_dim %124, dims = [] : (tensor<f32>) -> tensor<1x4x16xf32>
    %126 = stablehlo.divide %122, %125 : tensor<1x4x16xf32>
    %127 = stablehlo.reshape %18 : (tensor<16xi1>) -> tensor<1x16xi1>
    %128 = stablehlo.reshape %127 : (tensor<1x16xi1>) -> tensor<1x1x16xi1>
    %129 = stablehlo.not %128 : tensor<1x1x16xi1>
    %130 = stablehlo.broadcast_in_dim %129, dims = [0, 1, 2] : (tensor<1x1x16xi1>) -> tensor<1x4x16xi1>
    %131 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x4x16xf32>
    %132 = stablehlo.broadcast_in_dim %126, dims = [0, 1, 2] : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32>
    %133 = stablehlo.select %130, %131, %132 : tensor<1x4x16xi1>, tensor<1x4x16xf32>
    %134 = stablehlo.reduce(%133 init: %cst_9) applies stablehlo.maximum across dimensions = [2] : (tensor<1x4x16xf32>, tensor<f32>) -> tensor<1x4xf32>
    %135 = stablehlo.reshape %134 : (tensor<1x4xf32>) -> tensor<1x4x1xf32>
    %136 = stablehlo.broadcast_in_dim %135, dims = [0, 1, 2] : (tensor<1x4x1xf32>) -> tensor<1x4x16xf32>
    %137 = stablehlo.subtract %133, %136 : tensor<1x4x16xf32>
    %138 = stablehlo.exponential %137 : tensor<1x4x16xf32>
    %139 = stablehlo.reduce(%138 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<1x4x16xf32>, tensor<f32>) -> tensor<1x4xf32>
    %140 = stablehlo.reshape %139 : (tensor<1x4xf32>) -> tensor<1x4x1xf32>
    %141 = stablehlo.broadcast_in_dim %140, dims = [0, 1, 2] : (tensor<1x4x1xf32>) -> tensor<1x4x16xf32>
    %142 = stablehlo.divide %138, %141 : tensor<1x4x16xf32>
    %143 = stablehlo.reshape %142 : (tensor<1x4x16xf32>) -> tensor<1x4x16x1xf32>
    %144 = stablehlo.transpose %143, dims = [0, 1, 3, 2] : (tensor<1x4x16x1xf32>) -> tensor<1x4x1x16xf32>
    %145 = stablehlo.transpose %110, dims = [0, 2, 3, 1] : (tensor<1x16x4x16xf32>) -> tensor<1x4x16x16xf32>
    %146 = stablehlo.transpose %144, dims = [1, 3, 0, 2] : (tensor<1x4x1x16xf32>) -> tensor<4x16x1x1xf32>
    %147 = stablehlo.reshape %146 : (tensor<4x16x1x1xf32>) -> tensor<4x1x16xf32>
    %148 = stablehlo.transpose %145, dims = [1, 3, 0, 2] : (tensor<1x4x16x16xf32>) -> tensor<4x16x1x16xf32>
    %149 = stablehlo.reshape %148 : (tensor<4x16x1x16xf32>) -> tensor<4x16x16xf32>
    %150 = stablehlo.broadcast_in_dim %149, dims = [0, 1, 2] : (tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %151 = stablehlo.dot_general %147, %150, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x1x16xf32>, tensor<4x16x16xf32>) -> tensor<4x1x16xf32>
    %152 = stablehlo.reshape %151 : (tensor<4x1x16xf32>) -> tensor<4x1x1x16xf32>
    %153 = stablehlo.transpose %152, dims = [2, 0, 3, 1] : (tensor<4x1x1x16xf32>) -> tensor<1x4x16x1xf32>
    %154 = stablehlo.reshape %153 : (tensor<1x4x16x1xf32>) -> tensor<1x4x16xf32>
    %155 = stablehlo.reshape %154 : (tensor<1x4x16xf32>) -> tensor<1x64xf32>
    %156 = stablehlo.transpose %arg5, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %157 = stablehlo.dot_general %155, %156, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
    %158 = stablehlo.add %1, %157 : tensor<1x64xf32>
    %159 = stablehlo.power %158, %21 : tensor<1x64xf32>
    %160 = stablehlo.reduce(%159 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
    %161 = stablehlo.reshape %160 : (tensor<1xf32>) -> tensor<1x1xf32>
    %162 = stablehlo.divide %161, %27 : tensor<1x1xf32>
    %163 = stablehlo.add %162, %31 : tensor<1x1xf32>
    %164 = stablehlo.rsqrt %163 : tensor<1x1xf32>
    %165 = stablehlo.broadcast_in_dim %164, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x64xf32>
    %166 = stablehlo.multiply %158, %165 : tensor<1x64xf32>
    %167 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %168 = stablehlo.multiply %166, %167 : tensor<1x64xf32>
    %169 = stablehlo.transpose %arg7, dims = [1, 0] : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %170 = stablehlo.dot_general %168, %169, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x128xf32>) -> tensor<1x128xf32>
    %171 = stablehlo.logistic %170 : tensor<1x128xf32>
    %172 = stablehlo.multiply %170, %171 : tensor<1x128xf32>
    %173 = stablehlo.transpose %arg8, dims = [1, 0] : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %174 = stablehlo.dot_general %168, %173, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x128xf32>) -> tensor<1x128xf32>
    %175 = stablehlo.multiply %172, %174 : tensor<1x128xf32>
    %176 = stablehlo.transpose %arg9, dims = [1, 0] : (tensor<64x128xf32>) -> tensor<128x64xf32>
    %177 = stablehlo.dot_general %175, %176, contracting_dims = [1] x [0] : (tensor<1x128xf32>, tensor<128x64xf32>) -> tensor<1x64xf32>
    %178 = stablehlo.add %158, %177 : tensor<1x64xf32>
    %179 = stablehlo.power %178, %21 : tensor<1x64xf32>
    %180 = stablehlo.reduce(%179 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
    %181 = stablehlo.reshape %180 : (tensor<1xf32>) -> tensor<1x1xf32>
    %182 = stablehlo.divide %181, %27 : tensor<1x1xf32>
    %183 = stablehlo.add %182, %31 : tensor<1x1xf32>
    %184 = stablehlo.rsqrt %183 : tensor<1x1xf32>
    %185 = stablehlo.broadcast_in_dim %184, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x64xf32>
    %186 = stablehlo.multiply %178, %185 : tensor<1x64xf32>
    %187 = stablehlo.broadcast_in_dim %arg10, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %188 = stablehlo.multiply %186, %187 : tensor<1x64xf32>
    %189 = stablehlo.transpose %arg11, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %190 = stablehlo.dot_general %188, %189, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
    %191 = stablehlo.reshape %190 : (tensor<1x64xf32>) -> tensor<1x4x16xf32>
    %192 = stablehlo.transpose %arg12, dims = [1, 0] : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %193 = stablehlo.dot_general %188, %192, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x32xf32>) -> tensor<1x32xf32>
    %194 = stablehlo.reshape %193 : (tensor<1x32xf32>) -> tensor<1x2x16xf32>
    %195 = stablehlo.transpose %arg13, dims = [1, 0] : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %196 = stablehlo.dot_general %188, %195, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x32xf32>) -> tensor<1x32xf32>
    %197 = stablehlo.reshape %196 : (tensor<1x32xf32>) -> tensor<1x2x16xf32>
    %198 = stablehlo.multiply %191, %47 : tensor<1x4x16xf32>
    %199 = stablehlo.slice %191 [0:1, 0:4, 0:8] : (tensor<1x4x16xf32>) -> tensor<1x4x8xf32>
    %200 = stablehlo.slice %191 [0:1, 0:4, 8:16] : (tensor<1x4x16xf32>) -> tensor<1x4x8xf32>
    %201 = stablehlo.negate %200 : tensor<1x4x8xf32>
    %202 = stablehlo.concatenate %201, %199, dim = 2 : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x16xf32>
    %203 = stablehlo.multiply %202, %53 : tensor<1x4x16xf32>
    %204 = stablehlo.add %198, %203 : tensor<1x4x16xf32>
    %205 = stablehlo.multiply %194, %56 : tensor<1x2x16xf32>
    %206 = stablehlo.slice %194 [0:1, 0:2, 0:8] : (tensor<1x2x16xf32>) -> tensor<1x2x8xf32>
    %207 = stablehlo.slice %194 [0:1, 0:2, 8:16] : (tensor<1x2x16xf32>) -> tensor<1x2x8xf32>
    %208 = stablehlo.negate %207 : tensor<1x2x8xf32>
    %209 = stablehlo.concatenate %208, %206, dim = 2 : (tensor<1x2x8xf32>, tensor<1x2x8xf32>) -> tensor<1x2x16xf32>
    %210 = stablehlo.multiply %209, %62 : tensor<1x2x16xf32>
    %211 = stablehlo.add %205, %210 : tensor<1x2x16xf32>
    %212 = stablehlo.slice %arg24 [1:2, 0:1, 0:16, 0:2, 0:16] : (tensor<2x1x16x2x16xf32>) -> tensor<1x1x16x2x16xf32>
    %213 = stablehlo.reshape %212 : (tensor<1x1x16x2x16xf32>) -> tensor<1x16x2x16xf32>
    %214 = stablehlo.reshape %211 : (tensor<1x2x16xf32>) -> tensor<1x1x2x16xf32>
    %215 = "stablehlo.scatter"(%213, %99, %214) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1, 2, 3], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 4>, unique_indices = false}> ({
    ^bb0(%arg26: tensor<f32>, %arg27: tensor<f32>):
      stablehlo.return %arg27 : tensor<f32>
    }) : (tensor<1x16x2x16xf32>, tensor<1x1x2x16x4xi64>, tensor<1x1x2x16xf32>) -> tensor<1x16x2x16xf32>
    %216 = stablehlo.slice %arg25 [1:2, 0:1, 0:16, 0:2, 0:16] : (tensor<2x1x16x2x16xf32>) -> tensor<1x1x16x2x16xf32>
    %217 = stablehlo.reshape %216 : (tensor<1x1x16x2x16xf32>) -> tensor<1x16x2x16xf32>
    %218 = stablehlo.reshape %197 : (tensor<1x2x16xf32>) -> tensor<1x1x2x16xf32>
    %219 = "stablehlo.scatter"(%217, %99, %218) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1, 2, 3], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 4>, unique_indices = false}> ({
    ^bb0(%arg26: tensor<f32>, %arg27: tensor<f32>):
      stablehlo.return %arg27 : tensor<f32>
    }) : (tensor<1x16x2x16xf32>, tensor<1x1x2x16x4xi64>, tensor<1x1x2x16xf32>) -> tensor<1x16x2x16xf32>
    %220 = stablehlo.reshape %215 : (tensor<1x16x2x16xf32>) -> tensor<1x16x2x1x16xf32>
    %221 = stablehlo.broadcast_in_dim %220, dims = [0, 1, 2, 3, 4] : (tensor<1x16x2x1x16xf32>) -> tensor<1x16x2x2x16xf32>
    %222 = stablehlo.reshape %221 : (tensor<1x16x2x2x16xf32>) -> tensor<1x16x4x16xf32>
    %223 = stablehlo.reshape %219 : (tensor<1x16x2x16xf32>) -> tensor<1x16x2x1x16xf32>
    %224 = stablehlo.broadcast_in_dim %223, dims = [0, 1, 2, 3, 4] : (tensor<1x16x2x1x16xf32>) -> tensor<1x16x2x2x16xf32>
    %225 = stablehlo.reshape %224 : (tensor<1x16x2x2x16xf32>) -> tensor<1x16x4x16xf32>
    %226 = stablehlo.reshape %204 : (tensor<1x4x16xf32>) -> tensor<1x4x16x1xf32>
    %227 = stablehlo.transpose %226, dims = [0, 1, 3, 2] : (tensor<1x4x16x1xf32>) -> tensor<1x4x1x16xf32>
    %228 = stablehlo.transpose %222, dims = [0, 2, 1, 3] : (tensor<1x16x4x16xf32>) -> tensor<1x4x16x16xf32>
    %229 = stablehlo.transpose %227, dims = [1, 3, 0, 2] : (tensor<1x4x1x16xf32>) -> tensor<4x16x1x1xf32>
    %230 = stablehlo.reshape %229 : (tensor<4x16x1x1xf32>) -> tensor<4x1x16xf32>
    %231 = stablehlo.transpose %228, dims = [1, 3, 0, 2] : (tensor<1x4x16x16xf32>) -> tensor<4x16x1x16xf32>
    %232 = stablehlo.reshape %231 : (tensor<4x16x1x16xf32>) -> tensor<4x16x16xf32>
    %233 = stablehlo.broadcast_in_dim %232, dims = [0, 1, 2] : (tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %234 = stablehlo.dot_general %230, %233, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x1x16xf32>, tensor<4x16x16xf32>) -> tensor<4x1x16xf32>
    %235 = stablehlo.reshape %234 : (tensor<4x1x16xf32>) -> tensor<4x1x1x16xf32>
    %236 = stablehlo.transpose %235, dims = [2, 0, 3, 1] : (tensor<4x1x1x16xf32>) -> tensor<1x4x16x1xf32>
    %237 = stablehlo.reshape %236 : (tensor<1x4x16x1xf32>) -> tensor<1x4x16xf32>
    %238 = stablehlo.divide %237, %125 : tensor<1x4x16xf32>
    %239 = stablehlo.broadcast_in_dim %238, dims = [0, 1, 2] : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32>
    %240 = stablehlo.select %130, %131, %239 : tensor<1x4x16xi1>, tensor<1x4x16xf32>
    %241 = stablehlo.reduce(%240 init: %cst_9) applies stablehlo.maximum across dimensions = [2] : (tensor<1x4x16xf32>, tensor<f32>) -> tensor<1x4xf32>
    %242 = stablehlo.reshape %241 : (tensor<1x4xf32>) -> tensor<1x4x1xf32>
    %243 = stablehlo.broadcast_in_dim %242, dims = [0, 1, 2] : (tensor<1x4x1xf32>) -> tensor<1x4x16xf32>
    %244 = stablehlo.subtract %240, %243 : tensor<1x4x16xf32>
    %245 = stablehlo.exponential %244 : tensor<1x4x16xf32>
    %246 = stablehlo.reduce(%245 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<1x4x16xf32>, tensor<f32>) -> tensor<1x4xf32>
    %247 = stablehlo.reshape %246 : (tensor<1x4xf32>) -> tensor<1x4x1xf32>
    %248 = stablehlo.broadcast_in_dim %247, dims = [0, 1, 2] : (tensor<1x4x1xf32>) -> tensor<1x4x16xf32>
    %249 = stablehlo.divide %245, %248 : tensor<1x4x16xf32>
    %250 = stablehlo.reshape %249 : (tensor<1x4x16xf32>) -> tensor<1x4x16x1xf32>
    %251 = stablehlo.transpose %250, dims = [0, 1, 3, 2] : (tensor<1x4x16x1xf32>) -> tensor<1x4x1x16xf32>
    %252 = stablehlo.transpose %225, dims = [0, 2, 3, 1] : (tensor<1x16x4x16xf32>) -> tensor<1x4x16x16xf32>
    %253 = stablehlo.transpose %251, dims = [1, 3, 0, 2] : (tensor<1x4x1x16xf32>) -> tensor<4x16x1x1xf32>
    %254 = stablehlo.reshape %253 : (tensor<4x16x1x1xf32>) -> tensor<4x1x16xf32>
    %255 = stablehlo.transpose %252, dims = [1, 3, 0, 2] : (tensor<1x4x16x16xf32>) -> tensor<4x16x1x16xf32>
    %256 = stablehlo.reshape %255 : (tensor<4x16x1x16xf32>) -> tensor<4x16x16xf32>
    %257 = stablehlo.broadcast_in_dim %256, dims = [0, 1, 2] : (tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %258 = stablehlo.dot_general %254, %257, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x1x16xf32>, tensor<4x16x16xf32>) -> tensor<4x1x16xf32>
    %259 = stablehlo.reshape %258 : (tensor<4x1x16xf32>) -> tensor<4x1x1x16xf32>
    %260 = stablehlo.transpose %259, dims = [2, 0, 3, 1] : (tensor<4x1x1x16xf32>) -> tensor<1x4x16x1xf32>
    %261 = stablehlo.reshape %260 : (tensor<1x4x16x1xf32>) -> tensor<1x4x16xf32>
    %262 = stablehlo.reshape %261 : (tensor<1x4x16xf32>) -> tensor<1x64xf32>
    %263 = stablehlo.transpose %arg14, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %264 = stablehlo.dot_general %262, %263, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
    %265 = stablehlo.add %178, %264 : tensor<1x64xf32>
    %266 = stablehlo.power %265, %21 : tensor<1x64xf32>
    %267 = stablehlo.reduce(%266 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
    %268 = stablehlo.reshape %267 : (tensor<1xf32>) -> tensor<1x1xf32>
    %269 = stablehlo.divide %268, %27 : tensor<1x1xf32>
    %270 = stablehlo.add %269, %31 : tensor<1x1xf32>
    %271 = stablehlo.rsqrt %270 : tensor<1x1xf32>
    %272 = stablehlo.broadcast_in_dim %271, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x64xf32>
    %273 = stablehlo.multiply %265, %272 : tensor<1x64xf32>
    %274 = stablehlo.broadcast_in_dim %arg15, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %275 = stablehlo.multiply %273, %274 : tensor<1x64xf32>
    %276 = stablehlo.transpose %arg16, dims = [1, 0] : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %277 = stablehlo.dot_general %275, %276, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x128xf32>) -> tensor<1x128xf32>
    %278 = stablehlo.logistic %277 : tensor<1x128xf32>
    %279 = stablehlo.multiply %277, %278 : tensor<1x128xf32>
    %280 = stablehlo.transpose %arg17, dims = [1, 0] : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %281 = stablehlo.dot_general %275, %280, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x128xf32>) -> tensor<1x128xf32>
    %282 = stablehlo.multiply %279, %281 : tensor<1x128xf32>
    %283 = stablehlo.transpose %arg18, dims = [1, 0] : (tensor<64x128xf32>) -> tensor<128x64xf32>
    %284 = stablehlo.dot_general %282, %283, contracting_dims = [1] x [0] : (tensor<1x128xf32>, tensor<128x64xf32>) -> tensor<1x64xf32>
    %285 = stablehlo.add %265, %284 : tensor<1x64xf32>
    %286 = stablehlo.power %285, %21 : tensor<1x64xf32>
    %287 = stablehlo.reduce(%286 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
    %288 = stablehlo.reshape %287 : (tensor<1xf32>) -> tensor<1x1xf32>
    %289 = stablehlo.divide %288, %27 : tensor<1x1xf32>
    %290 = stablehlo.add %289, %31 : tensor<1x1xf32>
    %291 = stablehlo.rsqrt %290 : tensor<1x1xf32>
    %292 = stablehlo.broadcast_in_dim %291, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x64xf32>
    %293 = stablehlo.multiply %285, %292 : tensor<1x64xf32>
    %294 = stablehlo.broadcast_in_dim %arg19, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %295 = stablehlo.multiply %293, %294 : tensor<1x64xf32>
    %296 = stablehlo.transpose %arg20, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %297 = stablehlo.dot_general %295, %296, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x256xf32>) -> tensor<1x256xf32>
    %298 = stablehlo.concatenate %100, %215, dim = 0 : (tensor<1x16x2x16xf32>, tensor<1x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %299 = stablehlo.reshape %298 : (tensor<2x16x2x16xf32>) -> tensor<2x1x16x2x16xf32>
    %300 = stablehlo.concatenate %104, %219, dim = 0 : (tensor<1x16x2x16xf32>, tensor<1x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %301 = stablehlo.reshape %300 : (tensor<2x16x2x16xf32>) -> tensor<2x1x16x2x16xf32>
    return %297, %299, %301 : tensor<1x256xf32>, tensor<2x1x16x2x16xf32>, tensor<2x1x16x2x16xf32>
  }
}
